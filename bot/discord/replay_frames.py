"""A ``/replay`` frame worked out in one board worker call (``draw_frame``, a picklable
top-level function): the engine's replay of the game's moves, the board after the shown move
drawn by the live board's renderer, what that move did, and the jump menu's turns. Nothing of
it runs on the event loop; ``Boards.kept`` keeps each frame under its game, move and names."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import engine
import render
from bot.words.replays import JumpOption, add_move, jump_options, move_words
from bot.words.text import clean


@dataclass(frozen=True)
class Drawn:
    """A frame as the worker gives it."""

    png: bytes
    alt: str
    said: str
    """What the shown move did ("" at move 0)."""
    options: tuple[JumpOption, ...]
    """The jump menu at the shown move."""


def draw_frame(
    key: str,
    num_players: int,
    options: dict[str, Any] | None,
    moves: Sequence[str],
    seats: Sequence[int | None],
    k: int,
    names: list[str],
    stood_in: bool,
) -> Drawn:
    """The frame after the first ``k`` of ``moves`` (``seats``: the seat stored as making
    each) of a game of ``key``, from ``new_game(num_players, options)``; ``stood_in``: Parlor
    made move ``k`` for its seat's absent player."""
    state = engine.get_game(key).new_game(num_players, options)
    shown, before, turns = state, None, []
    seat_k = None
    for number, move in enumerate(moves, start=1):
        prev, state = state, state.apply(move)
        seat = seats[number - 1] if number <= len(seats) else None
        add_move(turns, number, prev, state, seat)
        if number == k:
            shown, before, seat_k = state, prev, seat
    said_names = [clean(n) for n in names]
    said = ""
    if before is not None:
        said = move_words(before, shown, said_names, seat_k, stood_in)
    return Drawn(
        render.render(shown, names=names),
        render.alt_text(shown, names=names),
        said,
        tuple(jump_options(turns, k, said_names)),
    )
