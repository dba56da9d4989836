"""What the bot reads from its environment, checked: each function reads one variable and
raises ``ValueError`` with a one-line message for a bad value (``python -m bot`` says it and
exits before anything starts). The shards and the worker counts are in ``scale.py``."""

from __future__ import annotations

import logging
import os

from bot.service.facade import MAX_GAMES_PER_SERVER

DEFAULT_DB = "parlor.db"
"""The database when ``PARLOR_DB`` is unset: an SQLite file in the working directory."""


def env_number(name: str, upper: int, what: str, then: str = "") -> int | None:
    """The environment variable ``name`` as a whole number from 1 to ``upper - 1``, or None
    when it is unset; ``ValueError`` saying it must be ``what`` (then ``then``) otherwise."""
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= 30 and 0 < int(value) < upper):
        raise ValueError(f"{name} must be {what}, not {value[:30]!r}{then}")
    return int(value)


def database_setting() -> str:
    """The database: ``PARLOR_DB`` (an SQLite file or a PostgreSQL URL), or :data:`DEFAULT_DB`."""
    return os.environ.get("PARLOR_DB", DEFAULT_DB)


def server_limit() -> int:
    """Active games one server may hold: ``PARLOR_MAX_GAMES_PER_SERVER``, or the default;
    ``ValueError`` with a message for a value that is not a whole number of games."""
    limit = env_number("PARLOR_MAX_GAMES_PER_SERVER", 10**9, "a whole number of games")
    return MAX_GAMES_PER_SERVER if limit is None else limit


def guild_setting() -> int | None:
    """The server to sync the slash commands to at once: ``PARLOR_GUILD``, or None when it is
    unset; ``ValueError`` with a message for anything that is not a server id."""
    return env_number(
        "PARLOR_GUILD",
        2**63,
        "a server id (a number such as 123456789012345678)",
        "; unset it to sync the commands globally",
    )


WORKER_NICENESS = 0
"""How much lower (``nice``) the worker processes (boards, Parlor's moves) run than the bot.
They ran at 10 until measured (``bench/bench_discord.py``, 2 cores kept busy by two other
processes): 3 games moving every 0.3 s had their next board at p50 215-239 ms, p95 314-373 ms
at nice 10, 93 / 114-142 ms at 5, 51-54 / 67-70 ms at 0, the interactions answered at p95
13-17 ms in all three; 50 games with no pause, p95 5.8 s at 10 and 1.4 s at 0, the answers
242 and 279 ms. The bot's own work is a few ms a move, so its share of a core answers in time
without the workers yielding theirs to every other program on the machine."""


def worker_niceness() -> int:
    """``PARLOR_WORKER_NICENESS`` (0-19), or :data:`WORKER_NICENESS`; ``ValueError`` with a
    message for anything else."""
    value = os.environ.get("PARLOR_WORKER_NICENESS", "").strip()
    if not value:
        return WORKER_NICENESS
    if not (value.isascii() and value.isdigit() and int(value) <= 19):
        raise ValueError(
            f"PARLOR_WORKER_NICENESS must be a nice value from 0 to 19, not {value[:30]!r}"
        )
    return int(value)


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def log_level() -> int:
    """``PARLOR_LOG_LEVEL`` (DEBUG, INFO, WARNING or ERROR, any case), or INFO when unset;
    ``ValueError`` with a message for anything else."""
    value = os.environ.get("PARLOR_LOG_LEVEL", "").strip() or "INFO"
    if value.upper() not in LOG_LEVELS:
        raise ValueError(
            f"PARLOR_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value[:30]!r}"
        )
    return logging.getLevelNamesMapping()[value.upper()]
