"""Building Ice-Turn positions for tests: tiles and pieces where the test wants them, the roll
it chooses.

Tiles are written ``Q``, ``Dn`` / ``De`` (double arrow's axis), ``An`` ... (single arrow's
point). Pieces: ``"0Mn"`` is seat 0's medium lying facing north; ``"0L 0M 0S"`` a standing
stack, bottom first; ``"1S"`` a lone standing piece.
"""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.iceturn_board import FACINGS, GRID
from engine.iceturn_pieces import STANDING

from .playouts import play_randomly

GAME = engine.get_game("ice-turn")
SIZES = {"S": 1, "M": 2, "L": 3}
LAYOUT = (
    # rank 1 (a1 b1 c1 d1) first; one Q-Turner per row and column, arrows all pointing inward
    ("Q", "An", "De", "An"),
    ("Ae", "Q", "Dn", "Aw"),
    ("As", "De", "Q", "Aw"),
    ("Ae", "As", "Dn", "Q"),
)
"""A legal finished placement, used where a test does not name a tile."""


def tile(text: str) -> list:
    return [text[0], 0 if text == "Q" else "nesw".index(text[1]) % (2 if text[0] == "D" else 4)]


def cell(text: str) -> list:
    parts = text.split()
    if len(parts) == 1 and len(parts[0]) == 3:
        owner, size, facing = parts[0]
        return [FACINGS.index(facing), [[int(owner), SIZES[size]]]]
    return [STANDING, [[int(p[0]), SIZES[p[1]]] for p in parts]]


def position(
    pieces: dict[str, str] | None = None,
    *,
    tiles: dict[str, str] | None = None,
    players: int = 2,
    seat: int = 0,
    roll: str | None = "roll 4 hop",
    points: int | None = None,
    phase: str = "move",
    turns: int = 0,
    options: dict | None = None,
):
    """``seat`` to act after ``roll`` (``roll=None``: about to roll). ``pieces``: cell -> pieces
    (default: each seat's tree on its corner); ``tiles``: cell -> tile over :data:`LAYOUT`."""
    state = GAME.new_game(players, options)
    data = json.loads(state.to_json())
    layout = {GRID.name(r * 4 + f): t for r, row in enumerate(LAYOUT) for f, t in enumerate(row)}
    layout.update(tiles or {})
    cells = data["state"]["cells"]
    if pieces is not None:
        cells = [[STANDING, []] for _ in range(GRID.size)]
        for name, text in pieces.items():
            cells[GRID.parse(name)] = cell(text)
    rolled, face = (0, "") if roll is None else (int(roll.split()[1]), roll.split()[2])
    data["state"].update(
        phase=phase if roll is not None else "roll",
        seat=seat,
        hands=[[0, 0, 0]] * players,
        placed=16,
        tiles=[tile(layout[name]) for name in GRID.names],
        cells=cells,
        rolled=rolled,
        face=face,
        points=rolled if points is None else points,
        turns=turns,
    )
    return GAME.from_json(json.dumps(data))


def moves(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def at(state, name: str) -> str:
    """The pieces on a cell in the notation of :func:`position` ("" when empty)."""
    here = state.cells[GRID.parse(name)]
    letters = [f"{o}{'SML'[s - 1]}" for o, s in here.pieces]
    if here.lying:
        return letters[0] + FACINGS[here.facing]
    return " ".join(letters)


def random_game(players: int, rng: random.Random, check=None, options=None):
    """Play a seeded random game to its end; ``check(before, move, after)`` at every move."""
    return play_randomly(GAME.new_game(players, options), rng, check)


def play(state, *texts: str):
    """``state`` after the moves ``texts``, in order."""
    for text in texts:
        state = state.apply(text)
    return state


def refusal(state, text: str) -> str:
    """The message of the ``IllegalMove`` that ``text`` raises, both through ``parse`` and
    ``apply``; checks that the refused move changed nothing."""
    before = state.to_json()
    with pytest.raises(engine.IllegalMove) as info:
        state.apply(text)
    with pytest.raises(engine.IllegalMove) as parsed:
        state.parse(text)
    assert str(parsed.value) == str(info.value)
    assert state.to_json() == before
    return str(info.value)


def tile_at(state, name: str) -> str:
    """The tile on a cell in the notation of :func:`position`'s ``tiles`` (``Q``, ``Dn``,
    ``Ae`` ...)."""
    kind, facing = state.tiles[GRID.parse(name)]
    return kind if kind == "Q" else kind + FACINGS[facing]
