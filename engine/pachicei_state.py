"""A Pach-Ice-i position and how a turn goes: the roll, the player's moves (searched in
:mod:`engine.pachicei_turn`), the pass, the win and both backstops (RULINGS.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from .core import DiceTurnState, Game, Move, Outcome
from .pachicei_board import BLACK, GRID, PIECES
from .pachicei_moves import ROLLS, Roll, move_of
from .pachicei_turn import (
    AFTER_L,
    AFTER_LL,
    AFTER_M,
    OWNER,
    SHAPES,
    SIZE,
    START,
    Change,
    Node,
    Position,
    Turn,
    can_move,
    entered_pips,
    in_goal,
    is_over,
)

ROLL, PLAY, OVER = "roll", "play", "over"
DRY_LIMIT = 100
"""Turns in a row (passes included) without a piece reaching a goal that end the game."""
STAGE_WORDS = {
    START: "",
    AFTER_M: "a medium moved: now a large by the last die",
    AFTER_L: "a large moved: now a medium by both dice, or a second large",
    AFTER_LL: "two larges moved: now a third large",
}
START_POSITION = Position((0,) * GRID.size, ((5, 0, 0, 0, 0), (5, 0, 0, 0, 0)), ((0, 0, 0),) * 2)


class LastTurn(NamedTuple):
    """The turn before the current one, for drawing: who, the dice, what moved, a pass."""

    seat: int
    dice: tuple[int, ...]
    changes: tuple[Change, ...]
    passed: bool


class PachIceIState(DiceTurnState):
    """A Pach-Ice-i position. Read-only attributes for renderers and the bot:

    ``phase`` ("roll", "play", "over"); ``seat`` (0 Black, 1 White: to roll or to move);
    ``dice`` (the current or last roll, ascending); ``remaining`` (dice not used yet this turn);
    ``stage`` (which sizes may still move, see ``stage_words``); ``piece_at(square)``
    (``(owner, size)`` or ``None``); ``trees(seat)`` (the pad's trees, bottom first);
    ``goal_counts(seat)`` (small, medium, large in the seat's goal); ``turn_log`` (this turn's
    moves as ``Change``s); ``last_turn`` (the turn before, or ``None``); ``dry_turns`` (turns in
    a row without a piece reaching a goal).
    """

    __slots__ = (
        "_moves",
        "_turn",
        "at_roll",
        "dice",
        "dry_turns",
        "last_turn",
        "node",
        "phase",
        "result",
        "seat",
        "turn_log",
    )

    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self.phase = ROLL
        self.seat = BLACK
        self.node = Node(START_POSITION, (), START, frozenset(), (0, 0, 0))
        self.dice: tuple[int, ...] = ()
        self.turn_log: tuple[Change, ...] = ()
        self.last_turn: LastTurn | None = None
        self.dry_turns = 0
        self.at_roll = 0
        self.result: tuple[tuple[int, ...], str] | None = None
        self._turn: Turn | None = None
        self._moves: list[tuple[Move, Node, Change, bool]] | None = None

    # -- reading the position ---------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.node.position

    @property
    def remaining(self) -> tuple[int, ...]:
        return self.node.remaining if self.phase == PLAY else ()

    @property
    def stage(self) -> str:
        return self.node.stage

    @property
    def stage_words(self) -> str:
        """Which kind of turn is under way, in words ("" before the first move of a turn)."""
        return STAGE_WORDS.get(self.node.stage, "") if self.phase == PLAY else ""

    def piece_at(self, square: int) -> tuple[int, int] | None:
        piece = self.position.board[square]
        return (OWNER[piece], SIZE[piece]) if piece else None  # type: ignore[return-value]

    def trees(self, seat: int) -> list[tuple[int, ...]]:
        """The trees in the seat's pad, bottom first, tallest first."""
        return [shape for shape, n in zip(SHAPES, self.position.pads[seat], strict=True)
                for _ in range(n)]  # fmt: skip

    def goal_counts(self, seat: int) -> tuple[int, int, int]:
        return self.position.goals[seat]

    def in_goal(self, seat: int) -> int:
        return in_goal(self.position, seat)

    def entered_pips(self, seat: int) -> int:
        return entered_pips(self.position, seat)

    # -- the engine contract ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners, reason = self.result
        return Outcome(winners, (self.in_goal(0), self.in_goal(1)), reason)

    def _generate_moves(self) -> list[Move]:
        if self.phase == ROLL:
            return [roll for roll, _ in ROLLS]
        return [move for move, _, _, _ in self._legal_entries()]

    def _chance_probabilities(self) -> list[float]:
        return [p for _, p in ROLLS]

    def _legal_entries(self) -> list[tuple[Move, Node, Change, bool]]:
        if self._moves is None:
            assert self._turn is not None
            self._moves = [
                (move_of(key), child, change, over)
                for key, child, change, over in self._turn.legal(self.node)
            ]
        return self._moves

    def _play(self, move: Move) -> None:
        if isinstance(move, Roll):
            self._roll(move.dice)
            return
        _, child, change, over = next(e for e in self._legal_entries() if e[0] == move)
        self._moves = None
        self.node = child
        self.turn_log += (change,)
        if over:
            winner = 0 if in_goal(child.position, 0) == PIECES else 1
            self._finish((winner,), "all 15 pieces in the goal")
        elif self._turn.value(child) == 0:  # type: ignore[union-attr]
            self._end_turn(passed=False)

    # -- how a turn goes --------------------------------------------------------------------

    def _roll(self, dice: tuple[int, ...]) -> None:
        self._moves = None
        self.dice = dice
        self.turn_log = ()
        self.at_roll = self.in_goal(0) + self.in_goal(1)
        self._turn = Turn(self.seat)
        self.node = Node(self.position, dice, START, frozenset(), (0, 0, 0))
        if self._turn.value(self.node) <= 0:
            self._end_turn(passed=True)
        else:
            self.phase = PLAY

    def _end_turn(self, passed: bool) -> None:
        self.last_turn = LastTurn(self.seat, self.dice, self.turn_log, passed)
        self.turn_log = ()
        gained = self.in_goal(0) + self.in_goal(1) > self.at_roll
        self.dry_turns = 0 if gained else self.dry_turns + 1
        self.seat = 1 - self.seat
        self.phase = ROLL
        self._turn = None
        self.node = Node(self.position, (), START, frozenset(), (0, 0, 0))
        if self.dry_turns >= DRY_LIMIT:
            self._by_goals(f"{DRY_LIMIT} turns without a piece reaching a goal")
        elif not has_turn(self.position, self.seat) and not has_turn(self.position, 1 - self.seat):
            self._by_goals("neither player can move on any roll")

    def _by_goals(self, why: str) -> None:
        black, white = self.in_goal(0), self.in_goal(1)
        if black == white:
            self._finish((), f"{why}; equal pieces in the goals")
        else:
            self._finish((0 if black > white else 1,), f"{why}; more pieces in the goal")

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self.result = (winners, reason)
        self._turn = None

    # -- serialisation and messages ---------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        position = self.position
        return {
            "phase": self.phase,
            "seat": self.seat,
            "board": list(position.board),
            "pads": [list(p) for p in position.pads],
            "goals": [list(g) for g in position.goals],
            "dice": list(self.dice),
            "remaining": list(self.node.remaining),
            "stage": self.node.stage,
            "moved": sorted(self.node.moved),
            "frozen": list(self.node.frozen),
            "log": [_change_data(c) for c in self.turn_log],
            "last_turn": None
            if self.last_turn is None
            else {
                "seat": self.last_turn.seat,
                "dice": list(self.last_turn.dice),
                "changes": [_change_data(c) for c in self.last_turn.changes],
                "passed": self.last_turn.passed,
            },
            "dry_turns": self.dry_turns,
            "at_roll": self.at_roll,
            "result": None if self.result is None else [list(self.result[0]), self.result[1]],
        }

    def _load(self, data: dict[str, Any]) -> None:
        position = Position(
            tuple(data["board"]),
            tuple(tuple(p) for p in data["pads"]),  # type: ignore[arg-type]
            tuple(tuple(g) for g in data["goals"]),  # type: ignore[arg-type]
        )
        self.phase = data["phase"]
        self.seat = data["seat"]
        self.node = Node(
            position,
            tuple(data["remaining"]),
            data["stage"],
            frozenset(data["moved"]),
            tuple(data["frozen"]),  # type: ignore[arg-type]
        )
        self.dice = tuple(data["dice"])
        self.turn_log = tuple(_change_from(c) for c in data["log"])
        last = data["last_turn"]
        self.last_turn = (
            None
            if last is None
            else LastTurn(
                last["seat"],
                tuple(last["dice"]),
                tuple(_change_from(c) for c in last["changes"]),
                last["passed"],
            )
        )
        self.dry_turns = data["dry_turns"]
        self.at_roll = data["at_roll"]
        result = data["result"]
        self.result = None if result is None else (tuple(result[0]), result[1])
        self._turn = Turn(self.seat) if self.phase == PLAY else None
        self._moves = None

    def _rewrite(self, text: str) -> str:
        return rewrite(text)

    def _explain(self, text: str) -> str:
        from .pachicei_explain import explain

        return explain(self, text)


def has_turn(position: Position, seat: int) -> bool:
    """Whether some roll gives ``seat`` a legal turn, the look-ahead included."""
    if is_over(position) or not can_move(position, seat):
        return False
    turn = Turn(seat)
    return any(
        turn.any_turn(Node(position, roll.dice, START, frozenset(), (0, 0, 0))) for roll, _ in ROLLS
    )


_DIE = re.compile(r"[0-9]{1,3}")


def rewrite(text: str) -> str:
    """Dice in any order: ``roll 8 2 5`` reads as ``roll 2 5 8``."""
    parts = text.split()
    # isdigit() alone also takes "₃" and "²", which int() cannot read: a few ASCII digits only
    if len(parts) == 4 and parts[0] == "roll" and all(_DIE.fullmatch(p) for p in parts[1:]):
        return "roll " + " ".join(sorted(parts[1:], key=int))
    return text


def _change_data(change: Change) -> list[Any]:
    return [*change[:4], list(change.displaced) if change.displaced else None]


def _change_from(data: list[Any]) -> Change:
    owner, size, start, end, displaced = data
    return Change(owner, size, start, end, tuple(displaced) if displaced else None)  # type: ignore[arg-type]
