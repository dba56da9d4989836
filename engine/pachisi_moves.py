"""Pachisi's moves: the dice, a pawn entering or stepping forward, the undo of the current
dice play, and a player's removal; each with the text it is read from. Which of them are legal
after a roll is decided in :mod:`engine.pachisi_turn`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .core import Move, Removal


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Move):
    """Dice thrown (a chance move): one die in the online roll-off, else two, ascending."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.dice))

    @property
    def pips(self) -> int:
        """The sum of the dice (see ``engine.core.Move``)."""
        return sum(self.dice)


@dataclass(frozen=True, slots=True, repr=False)
class Enter(Move):
    """Bring the lowest-numbered pawn out of the nest: with a 5, or both dice totalling 5."""

    def __str__(self) -> str:
        return "enter"


@dataclass(frozen=True, slots=True, repr=False)
class Step(Move):
    """Move ``pawn`` (1-4) forward ``count``: a die, a part of a 14, or a bonus (20 or 10)."""

    pawn: int
    count: int

    def __str__(self) -> str:
        return f"{self.pawn}+{self.count}"


STEP_TEXT = re.compile(r"^([0-9]{1,3})\s*\+\s*([0-9]{1,3})$")  # ASCII digits, a few
"""``pawn+count`` as typed (normalised): a :class:`Step`, or an explainable mistake."""
ENTER = Enter()
STEPS = {(p, c): Step(p, c) for p in range(1, 5) for c in (*range(1, 7), 10, 20)}


@dataclass(frozen=True, slots=True, repr=False)
class Undo(Move):
    """Take back the last move of the current dice play (option ``undo``)."""

    def __str__(self) -> str:
        return "undo"


ONE_DIE = tuple(Roll((d,)) for d in range(1, 7))
TWO_DICE = tuple(Roll((a, b)) for a in range(1, 7) for b in range(a, 7))


@dataclass(frozen=True, slots=True, repr=False)
class Remove(Removal):
    """Take ``seat`` (and, with partners, the partner) out of the game: a turn timer ran out,
    or the player left. The others play on; the pawns leave the board."""

    seat: int

    def __str__(self) -> str:
        return f"remove {self.seat}"


UNDO = Undo()
REMOVES = tuple(Remove(seat) for seat in range(4))
ROLL_TEXT = re.compile(r"^roll((?: [1-6]){1,2})$")
REMOVE_TEXT = re.compile(r"^remove ([0-9])$")
