"""An Ice-Turn position and how the game goes (RULINGS.md): the deal and the placement, then
turns of a roll, a movement phase (points and the Treehouse action) and a reaction phase; the
win after every action; the round limit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .core import CHANCE, Game, Move, Outcome, State
from .iceturn_board import GRID, TILE_COUNTS, Q, Tile, corners, goal
from .iceturn_moves import (
    ACTION_OF,
    ACTIONS,
    END,
    FACES,
    TIP_SEVEN,
    Aim,
    React,
    Roll,
    TipSeven,
)
from .iceturn_pieces import EMPTY, STANDING, Cell, Cells, is_nest, tree
from .iceturn_setup import KINDS, Deal, Hand, Place, deal_outcomes, hand_sizes, placements
from .iceturn_turn import cost, perform, point_moves, reactions, treehouse_moves

DEAL, PLACE, ROLL, MOVE, REACT, OVER = "deal", "place", "roll", "move", "react", "over"
ROLLS = tuple(Roll(points, face) for points in range(1, 7) for face in FACES)
"""The 36 rolls of the d6 and the Treehouse die, equally likely."""


class LastTurn(NamedTuple):
    """The turn before the current one, for drawing: who, the roll and the moves made."""

    seat: int
    points: int
    face: str
    moves: tuple[Move, ...]


class IceTurnState(State):
    """An Ice-Turn position. Read-only attributes for renderers and the bot:

    ``phase`` ("deal", "place", "roll", "move", "react", "over"); ``seat`` (to place, roll or
    act); ``hands`` (tiles not placed yet per seat as (Q, D, A) counts; during the deal only
    the seats dealt so far); ``tiles`` (per cell ``(kind, facing)`` or ``None``); ``cells``
    (per cell a :class:`~engine.iceturn_pieces.Cell`); ``rolled`` (the d6) and ``face`` (the
    Treehouse die) of the turn under way; ``points`` (left this turn); ``action`` (the
    Treehouse action used this turn, or ``None``); ``aiming`` (an AIM run is open); ``aimed``;
    ``reacted`` (tiles whose reaction is used); ``can_react()`` (tiles still able to react);
    ``turns`` (turns completed); ``turn_log`` (this turn's moves); ``last_turn``;
    ``corner(seat)`` / ``goal_of(seat)``; ``round``.
    """

    __slots__ = (
        "action",
        "aimed",
        "aiming",
        "cells",
        "face",
        "hands",
        "last_turn",
        "phase",
        "placed",
        "points",
        "reacted",
        "result",
        "rolled",
        "seat",
        "tiles",
        "turn_log",
        "turns",
    )

    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self.phase = DEAL
        self.seat = 0
        self.hands: tuple[Hand, ...] = ()
        self.tiles: tuple[Tile | None, ...] = (None,) * GRID.size
        start = dict(zip(corners(num_players), range(num_players), strict=True))
        self.cells: Cells = tuple(tree(start[c]) if c in start else EMPTY for c in range(GRID.size))
        self.placed = 0
        self.rolled = 0
        self.face = ""
        self.points = 0
        self.action: str | None = None
        self.aiming = False
        self.aimed: frozenset[int] = frozenset()
        self.reacted: frozenset[int] = frozenset()
        self.turns = 0
        self.turn_log: tuple[Move, ...] = ()
        self.last_turn: LastTurn | None = None
        self.result: tuple[tuple[int, ...], str] | None = None

    # -- reading the position ---------------------------------------------------------------

    def corner(self, seat: int) -> int:
        """The seat's starting corner."""
        return corners(self.num_players)[seat]

    def goal_of(self, seat: int) -> int:
        """The seat's goal: the corner opposite its start (it stays with the position)."""
        return goal(self.corner(seat))

    @property
    def round(self) -> int:
        """The round under way (1-based; the last one once the round limit ends the game)."""
        return min(self.turns // self.num_players + 1, self.round_limit)

    @property
    def round_limit(self) -> int:
        return int(self.options["round_limit"])

    def actions(self) -> frozenset[str]:
        """The Treehouse actions the mover may still start (``aim`` too while an AIM run is
        open)."""
        if self.phase != MOVE:
            return frozenset()
        if self.aiming:
            return frozenset({"aim"})
        if self.action is not None:
            return frozenset()
        return frozenset(ACTIONS if self.face == "wild" else (self.face,))

    def can_react(self) -> list[int]:
        """The tiles the mover may still react from, in the reaction phase: tiles under their
        lying pieces, not used yet, that reach a lying piece (what ``legal_moves`` offers)."""
        if self.phase != REACT:
            return []
        return sorted({m.source for m in self.legal_moves() if isinstance(m, React)})

    def at_goal(self, seat: int) -> int:
        """How many of the seat's pieces are on its goal tile."""
        return sum(owner == seat for owner, _ in self.cells[self.goal_of(seat)].pieces)

    # -- the engine contract ----------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase in (DEAL, ROLL):
            return CHANCE
        return self.seat

    def _roller(self) -> int | None:
        return self.seat if self.phase == ROLL else None

    @property
    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        winners, reason = self.result
        return Outcome(winners, tuple(self.at_goal(s) for s in range(self.num_players)), reason)

    def _generate_moves(self) -> list[Move]:
        if self.phase == DEAL:
            return [deal for deal, _ in self._deals()]
        if self.phase == PLACE:
            qs_left = TILE_COUNTS[Q] - sum(t is not None and t[0] == Q for t in self.tiles)
            return list(placements(self.tiles, self.hands[self.seat], qs_left))
        if self.phase == ROLL:
            return list(ROLLS)
        if self.phase == REACT:
            return [*reactions(self.tiles, self.cells, self.seat, self.reacted), END]
        actions = self.actions()
        moves: list[Move] = [TIP_SEVEN] if "tip" in actions else []
        moves += treehouse_moves(self.tiles, self.cells, self.seat, actions, self.aimed)
        moves += point_moves(self.cells, self.seat, self.points)
        moves.append(END)
        return moves

    def _chance_probabilities(self) -> list[float]:
        if self.phase == DEAL:
            return [p for _, p in self._deals()]
        return [1 / len(ROLLS)] * len(ROLLS)

    def _deals(self) -> list[tuple[Deal, float]]:
        return deal_outcomes(self._undealt(), hand_sizes(self.num_players)[len(self.hands)])

    def _undealt(self) -> Hand:
        return tuple(  # type: ignore[return-value]
            TILE_COUNTS[kind] - sum(hand[i] for hand in self.hands) for i, kind in enumerate(KINDS)
        )

    # -- how the game goes ------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        if isinstance(move, Deal):
            self._deal(move.hand)
        elif isinstance(move, Place):
            self._place(move)
        elif isinstance(move, Roll):
            self.rolled, self.face, self.points = move.points, move.face, move.points
            self.action, self.aiming = None, False
            self.aimed = self.reacted = frozenset()
            self.turn_log = ()
            self.phase = MOVE
        else:
            self._act(move)
        self._settle()

    def _deal(self, hand: Hand) -> None:
        self.hands += (hand,)
        if len(self.hands) == self.num_players - 1:  # the last hand is what is left
            self.hands += (self._undealt(),)
            self.phase = PLACE
            self.seat = 0

    def _place(self, move: Place) -> None:
        tiles = list(self.tiles)
        tiles[move.cell] = move.tile
        self.tiles = tuple(tiles)
        kind = KINDS.index(move.tile[0])
        hands = [list(h) for h in self.hands]
        hands[self.seat][kind] -= 1
        self.hands = tuple(tuple(h) for h in hands)  # type: ignore[misc]
        self.placed += 1
        if self.placed == GRID.size:
            self.phase, self.seat = ROLL, 0
        else:
            self.seat = self.placed % self.num_players

    def _act(self, move: Move) -> None:
        if move == END:
            self.aiming = False
            if self.phase == MOVE:
                self.phase = REACT
            else:
                self._end_turn()
            return
        self.turn_log += (move,)
        if self.phase == REACT:
            self.reacted |= {move.source}  # type: ignore[attr-defined]
        elif isinstance(move, TipSeven):
            self.points += 7 - self.rolled
            self.action = "tip"
        elif type(move) in ACTION_OF:
            self.action = ACTION_OF[type(move)]  # type: ignore[index]
            if isinstance(move, Aim):
                self.aiming = True
                self.aimed |= {move.cell}
        else:
            self.points -= cost(move, self.cells)
        if not isinstance(move, Aim):
            self.aiming = False
        if not isinstance(move, TipSeven):
            self.tiles, self.cells = perform(self.tiles, self.cells, move, self.seat)
        self._check_win()

    def _check_win(self) -> None:
        winners = tuple(
            s for s in range(self.num_players) if is_nest(self.cells[self.goal_of(s)], s)
        )
        if winners:
            self._finish(winners, "a nest on the goal")

    def _end_turn(self) -> None:
        self.last_turn = LastTurn(self.seat, self.rolled, self.face, self.turn_log)
        self.turn_log = ()
        self.turns += 1
        if self.turns >= self.round_limit * self.num_players:
            self._finish((), f"the round limit ({self.round_limit} rounds)")
            return
        self.seat = (self.seat + 1) % self.num_players
        self.phase = ROLL
        self.action, self.aiming, self.points = None, False, 0
        self.aimed = self.reacted = frozenset()

    def _settle(self) -> None:
        """Play a lone forced ``end`` (movement with nothing to do, reactions with none)."""
        while self.phase in (MOVE, REACT):
            moves = self._generate_moves()
            if moves != [END]:
                self._legal_cache = moves
                return
            self._act(END)

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.phase = OVER
        self.result = (winners, reason)
        self.aiming = False

    # -- serialisation and messages ---------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        last = self.last_turn
        return {
            "phase": self.phase,
            "seat": self.seat,
            "hands": [list(h) for h in self.hands],
            "tiles": [None if t is None else list(t) for t in self.tiles],
            "cells": [[c.facing, [list(p) for p in c.pieces]] for c in self.cells],
            "placed": self.placed,
            "rolled": self.rolled,
            "face": self.face,
            "points": self.points,
            "action": self.action,
            "aiming": self.aiming,
            "aimed": sorted(self.aimed),
            "reacted": sorted(self.reacted),
            "turns": self.turns,
            "log": [str(m) for m in self.turn_log],
            "last_turn": None
            if last is None
            else [last.seat, last.points, last.face, [str(m) for m in last.moves]],
            "result": None if self.result is None else [list(self.result[0]), self.result[1]],
        }

    def _load(self, data: dict[str, Any]) -> None:
        read = self.game.move_from_text
        self.phase = data["phase"]
        self.seat = data["seat"]
        self.hands = tuple(tuple(h) for h in data["hands"])  # type: ignore[misc]
        self.tiles = tuple(None if t is None else (t[0], t[1]) for t in data["tiles"])
        self.cells = tuple(
            Cell(facing, tuple((o, s) for o, s in pieces)) for facing, pieces in data["cells"]
        )
        self.placed = data["placed"]
        self.rolled = data["rolled"]
        self.face = data["face"]
        self.points = data["points"]
        self.action = data["action"]
        self.aiming = data["aiming"]
        self.aimed = frozenset(data["aimed"])
        self.reacted = frozenset(data["reacted"])
        self.turns = data["turns"]
        self.turn_log = tuple(read(m) for m in data["log"])
        last = data["last_turn"]
        self.last_turn = (
            None if last is None else LastTurn(last[0], last[1], last[2], tuple(map(read, last[3])))
        )
        result = data["result"]
        self.result = None if result is None else (tuple(result[0]), result[1])

    def _rewrite(self, text: str) -> str:
        from .iceturn_explain import rewrite

        return rewrite(self, text)

    def _explain(self, text: str) -> str:
        from .iceturn_explain import explain

        return explain(self, text)


__all__ = ["STANDING", "IceTurnState", "LastTurn"]
