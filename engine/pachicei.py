"""Pach-Ice-i, 2 players, Looney Pyramids on a 7x7 board, three d8 (rules/pach-ice-i.txt, read
as RULINGS.md says).

Black (seat 0) and White each race 15 pyramids from their own pad along a boustrophedon path
into the other's pad. A turn: roll three d8 (``roll 2 5 8``), then move one small by all three
dice, or a medium by two and a large by one (either order), or three different larges by one
die each (``c3+7``, ``S+12``, ``M1+9``). Only pieces on the mover's colour (or a marked square)
move, either colour's; landing knocks a smaller or equal piece to the pad of the square's
colour. A turn must use the most dice any legal turn allows and must leave the opponent some
move on some roll. The board is :mod:`engine.pachicei_board`, the turn search
:mod:`engine.pachicei_turn`, the position :mod:`engine.pachicei_state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .core import Game, IllegalMove, Move, check_move_text, quote
from .pachicei_board import GRID
from .pachicei_moves import ENTER_TEXT, ROLL_TEXT, STEP_TEXT, Enter, Roll, Step
from .pachicei_state import PachIceIState
from .pyramids import SIZE_OF_LETTER


class PachIceI(Game):
    key = "pach-ice-i"
    title = "Pach-Ice-i"
    min_players = 2
    max_players = 2
    has_chance = True

    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> PachIceIState:
        return PachIceIState(self, num_players, options)

    def move_from_text(self, text: str) -> Move:
        check_move_text(text)
        text = " ".join(text.strip().lower().split())
        if m := ROLL_TEXT.match(text):
            return Roll(tuple(sorted(int(d) for d in m.groups())))  # type: ignore[arg-type]
        if m := ENTER_TEXT.match(text):
            return Enter(SIZE_OF_LETTER[m.group(1)], bool(m.group(2)), int(m.group(3)))
        if (m := STEP_TEXT.match(text)) and m.group(1) in GRID.names:
            return Step(GRID.parse(m.group(1)), int(m.group(2)))
        raise IllegalMove(f"{quote(text)} is not Pach-Ice-i notation (c3+7, S+12, M1+9).")
