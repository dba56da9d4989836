"""Pachisi's opening roll in words: each player's throws, who won it and by which rule (the
first image, its alt text and the terminal say who moves first and why)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import IllegalMove
from engine.pachisi import Roll

from .common import listing

FIRST_TURN_MOVES = 60
"""Past this many moves, someone has surely moved a pawn since the opening roll (which is only
looked up, by replaying the record, in games shorter than this)."""


def opening_roll(state) -> tuple[int, tuple[int, ...]] | None:
    """Who won the opening roll and with what throw, until a player has made a move after it
    (only dice rolled since: the bot rolls at once, so the first image after the opening roll
    may already show a roll or two); else None. Read from the game's record: the state keeps
    only the last round of throws, not when the opening roll ended."""
    found = opening_throws(state)
    if found is None:
        return None
    seat, throws = found
    return seat, throws[seat][-1]


def opening_throws(state) -> tuple[int, dict[int, list[tuple[int, ...]]]] | None:
    """Who won the opening roll, and every seat's throws in it in order (a tie throws
    again), while :func:`opening_roll` says it; else None."""
    if state.phase == "rolloff" or len(state.history) > FIRST_TURN_MOVES:
        return None
    replay = state.game.new_game(state.num_players, dict(state.options))
    throws: dict[int, list[tuple[int, ...]]] = {}
    for i, move in enumerate(state.history):
        thrower = replay.seat
        try:
            replay = replay.apply(move)
        except IllegalMove:  # a position set up without its record (tests do that)
            return None
        if isinstance(move, Roll):
            throws.setdefault(thrower, []).append(tuple(move.dice))
        if replay.phase != "rolloff":
            if any(not isinstance(m, Roll) for m in state.history[i + 1 :]):
                return None
            return replay.seat, throws
    return None


def throw_words(throw: Sequence[int]) -> str:
    """An opening-roll throw: "5" (one die, online), "2+3" (two dice, classic: their total
    counts)."""
    return "+".join(map(str, throw))


def opening_roll_words(state, names: Sequence[str]) -> str:
    """On the winner's first turn, who won the opening roll and the throws that decided it:
    "Cat won the opening roll with the highest die: 6 against Ann 4 and Ben 2."; a tie's
    throws again after "then" ("6 then 5 against Ann 4 and Ben 6 then 2"); else ""."""
    found = opening_throws(state)
    if found is None:
        return ""
    seat, throws = found
    rule = "highest die" if state.options["rules"] == "online" else "lowest total"

    def said(s: int) -> str:
        return " then ".join(throw_words(t) for t in throws.get(s, ()))

    others = listing([f"{names[s]} {said(s)}" for s in range(state.num_players) if s != seat])
    return f"{names[seat]} won the opening roll with the {rule}: {said(seat)} against {others}."


def opening_winner_words(state, names: Sequence[str]) -> str:
    """ "Ben won the opening roll (5)." on the winner's first turn, else "" (for where
    :func:`opening_roll_words` is too long: the image's dice card)."""
    won = opening_roll(state)
    if won is None:
        return ""
    seat, throw = won
    return f"{names[seat]} won the opening roll ({' '.join(map(str, throw))})."


def rolloff_throws(state) -> list[tuple[tuple[int, ...] | None, str]]:
    """Each seat's roll-off throw and how to show it: "left" (thrown in this round), "used"
    (out of the roll-off: not among the tied), or ``(None, "")`` while still to throw (the
    engine keeps a tied seat's throw of the round before until it throws again)."""
    contenders = state.contenders
    waiting = contenders[contenders.index(state.seat) :] if state.phase == "rolloff" else ()
    out: list[tuple[tuple[int, ...] | None, str]] = []
    for seat, throw in enumerate(state.rolloff):
        if seat in waiting or throw is None:
            out.append((None, ""))
        else:
            out.append((throw, "left" if seat in contenders else "used"))
    return out
