"""Pachisi, 2-4 players, two rule sets (rules/pachisi-*.txt, read as RULINGS.md says).

A turn: the roller's dice are a chance move (``roll 3 5``); then the player makes one move per
die (``enter``, ``2+3``), or per part of a 14, and takes bonuses (``2+20``, ``2+10``); what
cannot be played is forfeited by the engine. Doublets roll again. Before play, a roll-off
(``roll 4`` online, ``roll 3 4`` classic, one chance move per player) picks who starts. The
position and turn are in :mod:`engine.pachisi_state` (its fields in :mod:`engine.pachisi_fields`),
the moves in :mod:`engine.pachisi_moves`, which of them are legal after a roll in
:mod:`engine.pachisi_turn`, with the pawn rules of the table in :mod:`engine.pachisi_table`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .core import Game, IllegalMove, Move, Option, check_move_text, quote
from .pachisi_moves import ENTER, REMOVE_TEXT, REMOVES, ROLL_TEXT, STEP_TEXT, STEPS, UNDO, Roll
from .pachisi_state import PLAY, PachisiState
from .pachisi_turn import RollPlay


class Pachisi(Game):
    key = "pachisi"
    title = "Pachisi"
    min_players = 2
    max_players = 4
    has_chance = True
    options = MappingProxyType(
        {
            "rules": Option(
                "online", ("online", "classic"), "online (Safe Harbor Games) or classic (1930s)"
            ),
            "auto_fives": Option(
                "auto", ("auto", True, False), "a 5 must enter a pawn when one can (auto: online)"
            ),
            "blockades": Option(True, (True, False), "two pawns of a colour on a square block"),
            "first_pawn_out": Option(False, (True, False), "everyone starts with pawn 1 out"),
            "undo": Option(False, (True, False), "take back moves of the current dice play"),
            "partners": Option(False, (True, False), "4 players: opposite seats are a team"),
            "turn_timer": Option("off", ("off", 1, 2), "minutes for each move (off, 1 or 2)"),
            "third_doublet_penalty": Option(
                "auto",
                ("auto", True, False),
                "third doublet in a row sends a pawn back (auto: on for online)",
            ),
        }
    )

    def _check_options(self, num_players: int, options: dict[str, Any]) -> None:
        if options["partners"] and num_players != 4:
            raise ValueError(f"partners needs 4 players, not {num_players}")
        online = options["rules"] == "online"
        for name in ("auto_fives", "third_doublet_penalty"):
            if options[name] == "auto":
                options[name] = online

    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> PachisiState:
        return PachisiState(self, num_players, options)

    def move_from_text(self, text: str) -> Move:
        check_move_text(text)
        text = text.strip().lower()
        if text == "enter":
            return ENTER
        if text == "undo":
            return UNDO
        if (m := REMOVE_TEXT.match(text)) and int(m.group(1)) < len(REMOVES):
            return REMOVES[int(m.group(1))]
        if m := ROLL_TEXT.match(text):
            dice = tuple(sorted(int(d) for d in m.group(1).split()))
            return Roll(dice)
        if (m := STEP_TEXT.match(text)) and (key := (int(m.group(1)), int(m.group(2)))) in STEPS:
            return STEPS[key]
        raise IllegalMove(f"{quote(text)} is not Pachisi notation (enter, 2+3, remove 2).")

    def _state_from_data(
        self,
        num_players: int,
        options: Mapping[str, Any],
        history: tuple[Move, ...],
        data: dict[str, Any],
    ) -> PachisiState:
        state = super()._state_from_data(num_players, options, history, data)
        assert isinstance(state, PachisiState)
        state.undo_stack = tuple(data["undo"])
        if state.phase == PLAY:
            state._ctx = RollPlay(state._table, state.seat, state.fourteen, state.pairs)
            state._moves = state._ctx.legal((state._pawns, state.remaining, state.bonuses))
        return state
