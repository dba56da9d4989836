"""What a rematch's message says (``bot/service/rematches.py``): who asked, the seats each
player takes, who has accepted and who is awaited, and how it ended."""

from __future__ import annotations

from bot.service.rematches import Rematch
from bot.words.text import clean, mention, when


def rematch_text(rematch: Rematch) -> str:
    """The rematch's message: while it is open, it mentions the players it waits for."""
    challenge = rematch.challenge
    title = challenge.game.title
    head = (
        f"**Rematch** of {title} #{rematch.of}, asked by {clean(challenge.host.name)}: "
        "the same game and table, each player one seat on."
    )
    seats = " vs ".join(clean(p.name) for p in rematch.players)
    lines = [head, f"Seats: {seats}"]
    if challenge.status == "open":
        accepted = ", ".join(clean(p.name) for p in rematch.accepted)
        waiting = ", ".join(mention(p) for p in rematch.waiting)
        lines += [
            f"Accepted: {accepted}",
            f"Waiting for: {waiting}. It starts once everyone accepts, and lapses "
            f"{when(challenge.expires_at)}.",
        ]
    return "\n".join(lines)


def declined_text(rematch: Rematch, name: str) -> str:
    """The message of a rematch that ``name`` declined."""
    return f"{rematch_text(rematch)}\n{clean(name)} declined, so there is no rematch."


def lapsed_rematch_text(rematch_of: int, title: str) -> str:
    """What a lapsed rematch's message says."""
    return f"Rematch of {title} #{rematch_of} lapsed: not everyone accepted in time."
