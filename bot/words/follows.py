"""What Parlor says about following a game (``bot/service/follows.py``): the answers to the
Follow button, the followed games' part of the daily digest, the message when one ends, and
the count on a turn message."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.words.text import clean

if TYPE_CHECKING:
    from bot.service.follows import Followed
    from bot.service.records import GameRecord


def following_line(count: int) -> str:
    """The count on a turn message: "3 following"; "" when nobody follows the game."""
    return f"\N{EYES} {count} following" if count > 0 else ""


def followed_text(game_id: int) -> str:
    return (
        f"You follow game #{game_id} now: its moves come in your daily direct-message digest, "
        "and a message when it ends. Press Follow again, or Unfollow below, to stop."
    )


def already_text(game_id: int) -> str:
    return f"You follow game #{game_id} already. Press Unfollow below to stop."


def unfollowed_text(game_id: int) -> str:
    return f"You no longer follow game #{game_id}."


def not_following_text(game_id: int) -> str:
    return f"You do not follow game #{game_id}."


def digest_names(record: GameRecord) -> str:
    """ "Game #12 Ann vs Ben", plain (a digest is a direct message: nobody is mentioned)."""
    return f"{record.game.title} #{record.id} " + " vs ".join(clean(p.name) for p in record.players)


def followed_line(entry: Followed, link: str) -> str:
    """One followed game in a digest: "Game #12 Ann vs Ben: 6 moves since yesterday, Ann to
    move", and its link."""
    record, moves = entry.game, entry.moves
    since = f"{moves} move{'s' if moves != 1 else ''} since yesterday"
    mover = record.player_to_move
    turn = f", {clean(mover.name)} to move" if mover is not None else ""
    return "- " + " · ".join(p for p in (f"{digest_names(record)}: {since}{turn}", link) if p)


def followed_digest(entries: Sequence[Followed], links: Sequence[str]) -> str:
    """The followed games' part of the daily digest ("" when none)."""
    if not entries:
        return ""
    lines = ["Games you follow:"]
    lines += [followed_line(e, link) for e, link in zip(entries, links, strict=True)]
    return "\n".join(lines)


def result_words(record: GameRecord) -> str:
    """A finished game's result in plain names: "Ann wins against Ben (reached home)."."""
    outcome = record.outcome
    if outcome is None:
        return "The game is over."
    names = [clean(p.name) for p in record.players]
    if outcome.winners:
        won = " and ".join(names[s] for s in outcome.winners)
        lost = " and ".join(n for s, n in enumerate(names) if s not in outcome.winners)
        verb = "win" if len(outcome.winners) > 1 else "wins"
        return f"{won} {verb} against {lost} ({clean(outcome.reason)})."
    return f"{' and '.join(names)} draw ({clean(outcome.reason)})."


def ended_text(record: GameRecord, link: str) -> str:
    """The direct message to a follower when the game ends: the result and a link."""
    lines = [f"{digest_names(record)}, which you follow, is over: {result_words(record)}"]
    if link:
        lines.append(link)
    return "\n".join(lines)
