# Parlor: a small image that runs the bot as a non-root user; the database lives on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PARLOR_DB=/data/parlor.db

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
RUN pip install . \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin parlor \
    && mkdir /data && chown parlor /data

USER parlor
VOLUME ["/data"]
# DISCORD_TOKEN comes from the environment at run time: docker run -e DISCORD_TOKEN ...
# The bot is PID 1 (exec form, no shell): it handles SIGTERM itself and closes cleanly (the
# interactions in hand finish, up to 10 s, then the database closes), so `docker stop` should
# allow it more than that: docker run --stop-timeout 30 ... (or docker stop -t 30).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
