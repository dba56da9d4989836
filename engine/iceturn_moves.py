"""Ice-Turn's moves in play (DESIGN.md notation). The setup's moves (``deal ...``, ``A@b2n``)
are in :mod:`engine.iceturn_setup`.

- ``roll 4 hop``: the d6 and the Treehouse die (a chance move);
- point moves: ``b2-b3`` steps a lying piece forward (``/k`` when the tile is occupied: k
  pieces end up below it), ``turn b2 e`` turns one, ``tip b2 e`` tips a standing piece or stack
  (one ``/k`` per occupied landing tile, nearest first: ``tip a1 n/1/0``);
- the Treehouse action: ``tip 7``, ``aim b2 cw`` (``ccw``, ``180``), ``swap b2 b3`` (cells
  sorted), ``hop M b2-b4`` (the mover's piece by size), ``dig b2-b4`` (``dig b2``: in place);
- ``end`` closes the movement phase, then the reaction phase;
- ``react b2 c3 w``: from the tile b2, turn the lying piece on c3 to face west.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .core import Move
from .iceturn_board import FACINGS, GRID
from .pyramids import SIZE_LETTERS, SIZE_OF_LETTER

FACES = ("tip", "aim", "swap", "hop", "dig", "wild")
"""The Treehouse die's faces."""
ACTIONS = FACES[:5]
"""What a face lets the mover do (WILD: any one of these)."""
QUARTERS = {1: "cw", 2: "180", 3: "ccw"}
"""AIM's rotations: clockwise quarter turns."""


def _cell(cell: int) -> str:
    return GRID.name(cell)


def _belows(belows: tuple[int, ...]) -> str:
    return "".join(f"/{k}" for k in belows)


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Move):
    points: int
    face: str

    def __str__(self) -> str:
        return f"roll {self.points} {self.face}"

    @property
    def pips(self) -> int:
        """The d6's points; the Treehouse die has no pips (see ``engine.core.Move``)."""
        return self.points


@dataclass(frozen=True, slots=True, repr=False)
class Step(Move):
    """A lying piece one tile forward; ``below`` is its stack position on an occupied tile."""

    cell: int
    target: int
    below: int | None = None

    def __str__(self) -> str:
        tail = "" if self.below is None else f"/{self.below}"
        return f"{_cell(self.cell)}-{_cell(self.target)}{tail}"


@dataclass(frozen=True, slots=True, repr=False)
class TurnPiece(Move):
    cell: int
    facing: int

    def __str__(self) -> str:
        return f"turn {_cell(self.cell)} {FACINGS[self.facing]}"


@dataclass(frozen=True, slots=True, repr=False)
class Tip(Move):
    cell: int
    facing: int
    belows: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"tip {_cell(self.cell)} {FACINGS[self.facing]}{_belows(self.belows)}"


@dataclass(frozen=True, slots=True, repr=False)
class TipSeven(Move):
    """TIP: the turn's points become 7."""

    def __str__(self) -> str:
        return "tip 7"


@dataclass(frozen=True, slots=True, repr=False)
class Aim(Move):
    cell: int
    quarter_turns: int

    def __str__(self) -> str:
        return f"aim {_cell(self.cell)} {QUARTERS[self.quarter_turns]}"


@dataclass(frozen=True, slots=True, repr=False)
class Swap(Move):
    a: int
    b: int

    def __str__(self) -> str:
        return f"swap {_cell(self.a)} {_cell(self.b)}"


@dataclass(frozen=True, slots=True, repr=False)
class Hop(Move):
    size: int
    cell: int
    target: int

    def __str__(self) -> str:
        return f"hop {SIZE_LETTERS[self.size]} {_cell(self.cell)}-{_cell(self.target)}"


@dataclass(frozen=True, slots=True, repr=False)
class Dig(Move):
    cell: int
    target: int

    def __str__(self) -> str:
        if self.target == self.cell:
            return f"dig {_cell(self.cell)}"
        return f"dig {_cell(self.cell)}-{_cell(self.target)}"


@dataclass(frozen=True, slots=True, repr=False)
class End(Move):
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True, repr=False)
class React(Move):
    source: int
    target: int
    facing: int

    def __str__(self) -> str:
        return f"react {_cell(self.source)} {_cell(self.target)} {FACINGS[self.facing]}"


END = End()
TIP_SEVEN = TipSeven()
TREEHOUSE_MOVES = (TipSeven, Aim, Swap, Hop, Dig)
ACTION_OF = {TipSeven: "tip", Aim: "aim", Swap: "swap", Hop: "hop", Dig: "dig"}
"""The Treehouse action each kind of move is."""
POINT_MOVES = (Step, TurnPiece, Tip)

_SQ = r"([a-z][0-9]+)"
_DIR = r"([nesw])"
# numbers: a few ASCII digits (int() refuses 4,300 or more)
ROLL_TEXT = re.compile(r"^roll ([0-9]{1,3}) ([a-z]+)$")
STEP_TEXT = re.compile(rf"^{_SQ}-{_SQ}(?:/([0-9]{{1,3}}))?$")
TURN_TEXT = re.compile(rf"^turn {_SQ} {_DIR}$")
TIP_TEXT = re.compile(rf"^tip {_SQ} {_DIR}((?:/[0-9]{{1,3}})*)$")
AIM_TEXT = re.compile(rf"^aim {_SQ} (cw|ccw|180)$")
SWAP_TEXT = re.compile(rf"^swap {_SQ} {_SQ}$")
HOP_TEXT = re.compile(rf"^hop ([sml]) {_SQ}-{_SQ}$")
DIG_TEXT = re.compile(rf"^dig {_SQ}(?:-{_SQ})?$")
REACT_TEXT = re.compile(rf"^react {_SQ} {_SQ} {_DIR}$")
QUARTER_OF = {text: quarter for quarter, text in QUARTERS.items()}


def read_play_move(text: str) -> Move | None:
    """The move ``text`` (normalised) spells, in any position; ``None`` when it is not one.
    Squares off the board raise ``IllegalMove`` with the board's range."""
    if text == "end":
        return END
    if text == "tip 7":
        return TIP_SEVEN
    if m := ROLL_TEXT.match(text):
        if 1 <= int(m.group(1)) <= 6 and m.group(2) in FACES:
            return Roll(int(m.group(1)), m.group(2))
        return None
    if m := STEP_TEXT.match(text):
        below = None if m.group(3) is None else int(m.group(3))
        return Step(GRID.parse(m.group(1)), GRID.parse(m.group(2)), below)
    if m := TURN_TEXT.match(text):
        return TurnPiece(GRID.parse(m.group(1)), FACINGS.index(m.group(2)))
    if m := TIP_TEXT.match(text):
        belows = tuple(int(k) for k in m.group(3).split("/")[1:])
        return Tip(GRID.parse(m.group(1)), FACINGS.index(m.group(2)), belows)
    if m := AIM_TEXT.match(text):
        return Aim(GRID.parse(m.group(1)), QUARTER_OF[m.group(2)])
    if m := SWAP_TEXT.match(text):
        return Swap(GRID.parse(m.group(1)), GRID.parse(m.group(2)))
    if m := HOP_TEXT.match(text):
        return Hop(SIZE_OF_LETTER[m.group(1)], GRID.parse(m.group(2)), GRID.parse(m.group(3)))
    if m := DIG_TEXT.match(text):
        cell = GRID.parse(m.group(1))
        return Dig(cell, cell if m.group(2) is None else GRID.parse(m.group(2)))
    if m := REACT_TEXT.match(text):
        return React(GRID.parse(m.group(1)), GRID.parse(m.group(2)), FACINGS.index(m.group(3)))
    return None
