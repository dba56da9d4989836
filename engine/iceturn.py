"""Ice-Turn, 2-4 players, pyramids racing across a 4x4 grid of turning tiles (rules/ice-turn.txt,
read as RULINGS.md says).

The 16 Q-Turn tiles are dealt round-robin (``deal QDDAAAAA``, chance moves) and placed in turn
(``Q@b2``, ``D@b2n``, ``A@b2e``). Each player's tree starts standing on their corner; the goal
is the opposite corner, and the first to stand a nest there (small at the bottom) wins. A turn:
roll the d6 and the Treehouse die (``roll 4 hop``); spend the points on stepping lying pieces
forward (``b2-b3``), turning them (``turn b2 e``) and tipping stacks (``tip b2 e``); use the
Treehouse action once (``tip 7``, ``aim b2 cw``, ``swap b2 b3``, ``hop M b2-b4``, ``dig
b2-b4``); ``end``; then turn pieces the tiles under one's lying pieces point at (``react b2 c3
w``); ``end``. The board is :mod:`engine.iceturn_board`, the setup :mod:`engine.iceturn_setup`,
the pieces :mod:`engine.iceturn_pieces`, the moves :mod:`engine.iceturn_turn`, the position
:mod:`engine.iceturn_state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from .core import Game, IllegalMove, Move, Option, check_move_text, quote
from .iceturn_board import FACINGS, GRID, A, D, Q
from .iceturn_moves import read_play_move
from .iceturn_setup import DEAL_TEXT, PLACE_NO_AT, PLACE_TEXT, Deal, Place, read_hand
from .iceturn_state import IceTurnState

EXAMPLES = "Q@b2, D@b2n, A@b2n, b2-b3, turn b2 e, tip b2 e, aim b2 cw, end"
"""What a player may type (no chance moves: the deal and the dice are the bot's)."""


class IceTurn(Game):
    key = "ice-turn"
    title = "Ice-Turn"
    min_players = 2
    max_players = 4
    has_chance = True
    options = MappingProxyType(
        {
            "round_limit": Option(100, (20, 50, 100, 200), "rounds before the game ends in a draw"),
        }
    )

    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> IceTurnState:
        return IceTurnState(self, num_players, options)

    def move_from_text(self, text: str) -> Move:
        check_move_text(text)  # before the cache: it keeps only short texts
        return _read(" ".join(text.strip().lower().split()))


@lru_cache(maxsize=8192)
def _read(text: str) -> Move:
    """A move from its notation (cached: a game's JSON holds thousands of moves, few distinct)."""
    if m := DEAL_TEXT.match(text):
        hand = read_hand(m.group(1))
        if hand is not None:
            return Deal(hand)
    elif m := PLACE_TEXT.match(text):
        kind, cell, facing = m.group(1).upper(), GRID.parse(m.group(2)), m.group(3)
        if (kind == Q) == (facing == "") and not (kind == D and facing in "sw" and facing):
            return Place((kind, FACINGS.index(facing) if facing else 0), cell)
        raise IllegalMove(_tile_without_facing(kind, GRID.name(cell), facing))
    elif m := PLACE_NO_AT.match(text):
        kind, name, facing = m.group(1).upper(), GRID.name(GRID.parse(m.group(2))), m.group(3)
        example = f"{kind}@{name}{'' if kind == Q else facing or 'n'}"
        raise IllegalMove(f"Put @ between the tile and the square: {example}.")
    else:
        move = read_play_move(text)
        if move is not None:
            return move
    raise IllegalMove(f"{quote(text)} is not Ice-Turn notation ({EXAMPLES}).")


def _tile_without_facing(kind: str, name: str, facing: str) -> str:
    """Why ``kind@name`` with ``facing`` is not a placement: the facing is missing or extra."""
    if kind == Q:
        return f"A Q-Turner turns both ways, so it takes no direction: Q@{name}."
    if kind == D:
        return f"A double arrow needs an axis: D@{name}n or D@{name}e."
    assert kind == A
    return f"A single arrow needs a direction (n, e, s or w): A@{name}n."
