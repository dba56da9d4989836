"""Pachisi in words, inside the engine: the messages a player sees for a refused move, and a
score written ``H / S`` (the one function every image, chat message and terminal line uses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import quote
from .pachisi_moves import STEP_TEXT

if TYPE_CHECKING:
    from .pachisi_state import PachisiState


def hs_text(home: int, steps: int) -> str:
    """A score: pawns HOME, then steps, ``H / S``: ``2 / 71``, ``0 / -20``."""
    return f"{home} / {steps}"


def explain(self: PachisiState, text: str) -> str:
    if self.phase in ("rolloff", "roll"):
        return "The dice are to be rolled now; no pawn moves before the roll."
    if text == "undo":
        if not self.options["undo"]:
            return "Undo is off at this table."
        return "There is nothing to undo: only moves of the current dice play, never a bonus."
    node = (self._pawns, self.remaining, self.bonuses)
    kind = self._ctx.kind(node)  # type: ignore[union-attr]
    left = " ".join(map(str, self.remaining)) or "none"
    if text == "enter":
        return _why_not_enter(self, kind)
    m = STEP_TEXT.match(text)
    if not m:
        return f"{quote(text)} is not a Pachisi move: type enter, or pawn+count such as 2+3."
    pawn, count = int(m.group(1)), int(m.group(2))
    if not 1 <= pawn <= 4:
        return "Pawns are numbered 1 to 4."
    if kind == "bonus" and count != self.bonuses[0]:
        return f"First a pawn takes the bonus of {self.bonuses[0]}, e.g. {pawn}+{self.bonuses[0]}."
    if kind == "dice" and count not in self.remaining:
        return f"There is no {count} to play; left to play: {left}."
    colour = self.moving_colour
    table = self._table
    view = table.view(self._pawns)
    target = table.step(self._pawns, view, colour * 4 + pawn - 1, count)
    if isinstance(target, str):
        return f"Pawn {pawn} cannot move {count}: {target}."
    entering = table.enter(self._pawns, view, colour)
    if kind == "dice" and count == 5 and table.auto_fives and isinstance(entering, tuple):
        return "A 5 must bring a pawn out of the nest while one can enter (Auto Fives)."
    if self.fourteen:
        return f"{pawn}+{count} would leave a part of the 14 unplayable: all four must play."
    if kind == "bonus":
        return f"{pawn}+{count} would leave two pawns of a blockade together on a new square."
    return (
        f"{pawn}+{count} would leave a die unused: both dice must be played when any order "
        "allows it (and a blockade may not end the roll together on a new square)."
    )


def _why_not_enter(self: PachisiState, kind: str) -> str:
    if self.fourteen:
        return "The parts of a 14 never enter a pawn."
    if kind == "bonus":
        return f"First a pawn takes the bonus of {self.bonuses[0]}."
    if 5 not in self.remaining and sum(self.remaining) != 5:
        return "Entering takes a 5, or both dice totalling 5."
    table = self._table
    why = table.enter(self._pawns, table.view(self._pawns), self.moving_colour)
    if isinstance(why, str):
        return f"No pawn can enter: {why}."
    return "Entering now would leave a die unused: both dice must be played when they can."
