"""Stress positions for the board images (what each drew is read back and checked by
:mod:`tests.render.readback`).

Every game is played at random (fixed seeds) and, over all the plies of those games, the
positions with the highest crowding score are kept: most pieces on one square or tile,
longest stacks, most pieces on the board, longest multi-jumps, and each game's end. They are
drawn with the longest names a table can give (AI seats that differ only in their number and
level, 32-character Discord names).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import engine
from tests.engine.playouts import random_move

# -- the positions -------------------------------------------------------------------------


AI_NAMES = ("Parlor (hard)", "Parlor 2 (medium)", "Parlor 3 (hard)", "Parlor 4 (easy)")
"""How the bot names AI seats (``bot.service.ai_players.ai_name``): look-alikes but for a digit."""

LONG_NAMES = (
    "Maximilian Featherstonehaugh III",
    "Wilhelmina Montgomery-Whitworth",
    "Bartholomew Wolfgang Mozart 2024",
    "MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM",
)
"""Discord display names at their longest (32 characters), the last as wide as it gets."""

NAME_SETS = {"ai": AI_NAMES, "long": LONG_NAMES}


def pachisi_groups(state) -> dict[tuple[float, float], list[tuple[int, int]]]:
    """The pawns ``(seat, pawn)`` on each square of the loop and the home paths, by the
    square's centre on the image (as the board places them)."""
    from render.pachisi import shared_squares

    return shared_squares(state)


def _pachisi_score(state) -> float:
    shared = {c: g for c, g in pachisi_groups(state).items() if len(g) > 1}
    centres = list(shared)
    close = sum(
        1
        for i, a in enumerate(centres)
        for b in centres[i + 1 :]
        if math.dist(a, b) < 1.5 * 40  # neighbouring squares (render.pachisi_layout.CELL)
    )
    biggest = max((len(g) for g in shared.values()), default=0)
    return 100 * biggest + 30 * close + 10 * len(shared) + len(state.effects)


def _pachicei_score(state) -> float:
    from engine.pachicei_board import GRID

    on_board = sum(state.piece_at(square) is not None for square in range(GRID.size))
    goals = sum(state.in_goal(seat) for seat in range(2))
    turn = state.last_turn
    knocked = len(getattr(turn, "changes", ()) or ()) if turn is not None else 0
    return 10 * on_board + 5 * goals + knocked


def _icesickle_score(state) -> float:
    captured = sum(len(c) for rounds in state.captures for c in rounds)
    on_board = sum(piece is not None for piece in state.board)
    return 100 * len(state.last_captured) + 10 * state.round + captured + on_board


def _iceturn_score(state) -> float:
    cells = [cell.pieces for cell in state.cells]
    tallest = max(len(pieces) for pieces in cells)
    owners = max(len({owner for owner, _ in pieces}) for pieces in cells)
    stacks = sum(len(pieces) > 1 for pieces in cells)
    on_tiles = sum(
        1 for cell, tile in zip(state.cells, state.tiles, strict=True) if tile and cell.pieces
    )
    return 100 * tallest + 30 * owners + 10 * stacks + on_tiles


class Config(NamedTuple):
    """A game as a table sets it up, and how crowded a position of it is."""

    name: str
    game: str
    players: int
    options: dict[str, Any]
    score: Callable[[Any], float]
    seeds: int
    """How many seeded random games to play for its most crowded positions."""
    also: tuple[tuple[str, Callable[[Any], bool]], ...] = ()
    """Other positions, by name: the last state of the first seeded game that passes a test
    (the end of an opening, a setup)."""

    def labels(self) -> tuple[str, ...]:
        return ("crowded", "end", *(name for name, _ in self.also))


def _opening(state) -> bool:
    """Pachisi's opening roll (its last state: the most throws shown)."""
    return state.phase == "rolloff"


def _first_roll(state) -> bool:
    """Pachisi right after the opening roll: who won it, to roll first."""
    return state.phase == "roll" and not state.dice


def _setup(state) -> bool:
    """Ice-Turn's setup with the tiles dealt and some placed (counts left in hands)."""
    return state.phase == "place"


OPENING = (("opening", _opening), ("first-roll", _first_roll))
SETUP = (("setup", _setup),)

CONFIGS = (
    Config("pachisi-2", "pachisi", 2, {}, _pachisi_score, 12),
    Config("pachisi-3-classic", "pachisi", 3, {"rules": "classic"}, _pachisi_score, 8),
    Config("pachisi-4", "pachisi", 4, {}, _pachisi_score, 8, OPENING),
    Config("pachisi-4-classic", "pachisi", 4, {"rules": "classic"}, _pachisi_score, 6),
    Config("pachisi-4-partners", "pachisi", 4, {"partners": True}, _pachisi_score, 8),
    Config("pach-ice-i", "pach-ice-i", 2, {}, _pachicei_score, 12),
    Config("icesickle", "icesickle", 2, {}, _icesickle_score, 60),
    Config("ice-turn-2", "ice-turn", 2, {}, _iceturn_score, 6, SETUP),
    Config("ice-turn-3", "ice-turn", 3, {}, _iceturn_score, 5),
    Config("ice-turn-4", "ice-turn", 4, {}, _iceturn_score, 5, SETUP),
)


class Position(NamedTuple):
    id: str
    state: Any
    names: tuple[str, ...]


def played(config: Config, seed: int) -> Iterator[Any]:
    """Every state of a random game of ``config`` played with ``random.Random(seed)``."""
    rng = random.Random(seed)
    game = engine.get_game(config.game)
    state = game.new_game(config.players, dict(config.options))
    yield state
    while not state.is_over():
        state = state.apply(random_move(state, rng))
        yield state


def crowded(config: Config) -> tuple[Any, Any]:
    """The most crowded position the seeded games of ``config`` reach (the first of the
    highest score), and the end of the first game."""
    best, best_score, end = None, -1.0, None
    for seed in range(config.seeds):
        state = None
        for state in played(config, seed):
            score = config.score(state)
            if score > best_score:
                best, best_score = state, score
        if end is None:
            end = state
    return best, end


def positions() -> list[Position]:
    """The stress positions: each game's most crowded position, its end and its ``also``
    positions, each with the AI seats' names and with 32-character names."""
    found = []
    for config in CONFIGS:
        most, end = crowded(config)
        chosen = [("crowded", most), ("end", end)]
        for label, wanted in config.also:
            last = None
            for state in played(config, 0):
                if wanted(state):
                    last = state
                elif last is not None:
                    break
            assert last is not None, f"{config.name}: no {label}"
            chosen.append((label, last))
        for label, state in chosen:
            for names_label, names in NAME_SETS.items():
                found.append(
                    Position(
                        f"{config.name}:{label}:{names_label}",
                        state,
                        tuple(names[: state.num_players]),
                    )
                )
    return found


__all__ = ["CONFIGS", "Position", "positions"]
