"""The real Parlor bot (``bot.create_bot``) and the fake Discord server it talks to, as the
end-to-end tests set them up: a server with a channel and three users, and a clock the test
moves by hand."""

from __future__ import annotations

import time

from bot import create_bot


def new_bot(db_path, *, clock=None, rate_limited: bool = False, **options):
    """The bot on ``db_path``, reading ``clock`` (a :class:`Moment`; default: the real time);
    ``options`` go to ``create_bot`` (``ai_delay``...)."""
    bot = create_bot(db_path=str(db_path), clock=clock, guild_ready_timeout=0.05, **options)
    if not rate_limited:  # these tests click faster than any person
        bot.rate_limit = (10_000, 10.0)
    return bot


def world(fake):
    guild = fake.add_guild(name="Parlour")
    games = fake.add_text_channel(guild, "games")
    users = {name: fake.add_user(name) for name in ("ann", "ben", "cat")}
    return games, users


class Moment:
    """The bot's clock, moved by the test."""

    def __init__(self, start: float | None = None) -> None:
        self.now = time.time() if start is None else start

    def __call__(self) -> float:
        return self.now


def after(fake, thread, message) -> list:
    """The messages posted in ``thread`` after ``message``."""
    found = fake.messages_in(thread)
    return found[found.index(fake.message(message.id)) + 1 :]
