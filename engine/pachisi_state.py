"""A Pachisi position and how a turn goes: roll-off, rolls, the player's moves, forfeits,
doublets, the third-doublet penalty, undo, the end and the final report. Which moves are
legal after a roll is decided in :mod:`engine.pachisi_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import pachisi_fields as fields
from .core import DiceTurnState, Game, Move, Outcome
from .pachisi_board import HOME, NEST, arms, steps
from .pachisi_explain import explain, hs_text
from .pachisi_fields import Effect
from .pachisi_moves import ONE_DIE, REMOVES, ROLL_TEXT, TWO_DICE, UNDO, Remove, Roll, Undo
from .pachisi_report import ReportRow, report
from .pachisi_table import Table, table_for
from .pachisi_turn import Node, RollPlay

ROLLOFF, ROLL, PLAY, OVER = "rolloff", "roll", "play", "over"
TWO_DICE_CHANCES = tuple((1 if m.dice[0] == m.dice[1] else 2) / 36 for m in TWO_DICE)


class PachisiState(DiceTurnState):
    """A Pachisi position. Read-only attributes for renderers and the bot:

    ``phase`` ("rolloff", "roll", "play", "over"); ``seat`` (the roller, or the next to roll
    off); ``pawns[seat][i]`` the ``rel`` of pawn ``i + 1`` (``NEST`` -1, 0-70, ``HOME`` 71);
    ``dice`` (the last roll); ``parts`` (what this roll is played as: two dice, or the four
    parts of a 14); ``remaining`` (parts still to play); ``forfeited`` (parts that could not
    be played); ``bonuses`` (earned, not yet taken); ``lost_bonuses``; ``doublets`` (in a row
    this turn); ``fourteen``; ``rolloff`` (each seat's roll-off throw in the current round, or
    None); ``contenders`` (seats still in the roll-off); ``effects`` (what the last pawn move
    did, as :class:`Effect`, kept through the rolls that follow it; a third-doublet penalty
    replaces it); ``arms`` (the arm of the cross each seat sits at).
    """

    __slots__ = (
        "_ctx",
        "_moves",
        "_pawns",
        "_table",
        "bonuses",
        "contenders",
        "dice",
        "doublets",
        "effects",
        "forfeited",
        "fourteen",
        "lost_bonuses",
        "pairs",
        "parts",
        "phase",
        "remaining",
        "removed",
        "rolloff",
        "seat",
        "undo_stack",
    )

    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self._table = table_for(num_players, options)
        start = 0 if options["first_pawn_out"] else NEST
        self._pawns = tuple(start if i == 0 else NEST for _ in range(num_players) for i in range(4))
        self.phase = ROLLOFF
        self.seat = 0
        self.contenders = tuple(range(num_players))
        self.rolloff: tuple[tuple[int, ...] | None, ...] = (None,) * num_players
        self.dice: tuple[int, ...] = ()
        self.parts: tuple[int, ...] = ()
        self.remaining: tuple[int, ...] = ()
        self.forfeited: tuple[int, ...] = ()
        self.bonuses: tuple[int, ...] = ()
        self.lost_bonuses: tuple[int, ...] = ()
        self.doublets = 0
        self.fourteen = False
        self.pairs: tuple[tuple[int, int, int], ...] = ()
        self.undo_stack: tuple[dict[str, Any], ...] = ()
        self.effects: tuple[Effect, ...] = ()
        self.removed: tuple[tuple[int, int, int], ...] = ()
        self._ctx: RollPlay | None = None
        self._moves: list[tuple[Move, Node]] = []

    # -- reading the position ---------------------------------------------------------------

    @property
    def pawns(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self._pawns[s * 4 : s * 4 + 4] for s in range(self.num_players))

    @property
    def all_pawns(self) -> tuple[int, ...]:
        """Every pawn's position, four per seat in seat order: ``pawns`` as one flat tuple."""
        return self._pawns

    @property
    def table(self) -> Table:
        """The rules in play at this table (rule set, entries, partners, blockades)."""
        return self._table

    @property
    def arms(self) -> tuple[int, ...]:
        return arms(self.num_players)

    @property
    def moving_colour(self) -> int:
        """Whose pawns the roller moves (a partner's, once their own four are HOME)."""
        return self._table.colour(self.seat, self._pawns)

    def score(self, seat: int) -> tuple[int, int]:
        """``(H, S)``: pawns HOME, and the steps of all four pawns (nest -5, HOME 71); for a
        player who left, the score when they left."""
        for gone, home, total in self.removed:
            if gone == seat:
                return home, total
        mine = self._pawns[seat * 4 : seat * 4 + 4]
        return sum(r == HOME for r in mine), sum(steps(r) for r in mine)

    def score_text(self, seat: int) -> str:
        return hs_text(*self.score(seat))

    def report(self) -> list[ReportRow]:
        """Every player from first to last (see :mod:`engine.pachisi_report`)."""
        return report(self)

    @property
    def gone(self) -> frozenset[int]:
        """Seats removed from the game."""
        return frozenset(seat for seat, _, _ in self.removed)

    # -- the engine contract ----------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winners = tuple(sorted(self._table.team(self.seat)))
        if not self._table.won(self.seat, self._pawns):
            others = "players" if self.num_players - len(winners) > 1 else "player"
            reason = f"the other {others} left the game"
        elif len(winners) > 1:
            reason = "all eight pawns HOME"
        else:
            reason = "all four pawns HOME"
        return Outcome(winners, tuple(self.score(s)[1] for s in range(self.num_players)), reason)

    def _generate_moves(self) -> list[Move]:
        if self.phase == ROLLOFF and self.options["rules"] == "online":
            return list(ONE_DIE)
        if self.phase in (ROLLOFF, ROLL):
            return list(TWO_DICE)
        moves = [move for move, _ in self._moves]
        if self.undo_stack:
            moves.append(UNDO)
        return moves

    def _removals(self) -> list[Move]:
        return [REMOVES[s] for s in range(self.num_players) if s not in self.gone]

    def _chance_probabilities(self) -> list[float]:
        if self.phase == ROLLOFF and self.options["rules"] == "online":
            return [1 / 6] * 6
        return list(TWO_DICE_CHANCES)

    def _play(self, move: Move) -> None:
        # type() rather than isinstance(): the moves are final classes, and an isinstance()
        # against a Move (an ABC) is a Python call, at every move of every game.
        if type(move) is Roll:
            if self.phase == ROLLOFF:
                self._roll_off(move.dice)
                return
            self._roll(move.dice)
            if self.phase == ROLL and self._ctx is None:  # the third-doublet penalty
                return
            self._settle()
            return
        # A roll keeps showing the last pawn move; anything else starts afresh (also in the
        # undo snapshot below, so an undone move leaves no trail).
        self.effects = ()
        if type(move) is Remove:
            self._remove(move.seat)
            return
        if type(move) is Undo:
            self._load(self.undo_stack[-1])
            self.undo_stack = self.undo_stack[:-1]
        else:
            node = next(child for m, child in self._moves if m == move)
            kind = self._ctx.kind((self._pawns, self.remaining, self.bonuses))  # type: ignore[union-attr]
            if kind == "dice" and self.options["undo"]:
                self.undo_stack = (*self.undo_stack, self._data(with_undo=False))
            elif kind == "bonus":
                self.undo_stack = ()
            self._record_effects(self._pawns, node[0])
            self._pawns, self.remaining, self.bonuses = node
            if not self.remaining:
                self.undo_stack = ()
        self._settle()

    # -- how a turn goes --------------------------------------------------------------------

    def _roll_off(self, dice: tuple[int, ...]) -> None:
        throws = list(self.rolloff)
        throws[self.seat] = dice
        self.rolloff = tuple(throws)
        later = self.contenders[self.contenders.index(self.seat) + 1 :]
        if later:
            self.seat = later[0]
        else:
            self._decide_roll_off()

    def _decide_roll_off(self) -> None:
        """Every contender has thrown: the best starts, or the tied best throw again."""
        totals = {s: sum(self.rolloff[s]) for s in self.contenders}  # type: ignore[arg-type]
        online = self.options["rules"] == "online"  # highest die starts, classic lowest total
        best = max(totals.values()) if online else min(totals.values())
        tied = tuple(s for s in self.contenders if totals[s] == best)
        self.seat = tied[0]
        if len(tied) > 1:
            self.contenders = tied
        else:
            self.phase = ROLL

    def _roll(self, dice: tuple[int, ...]) -> None:
        a, b = dice
        table = self._table
        self.dice = dice
        self.doublets = self.doublets + 1 if a == b else 0
        self.forfeited = self.lost_bonuses = self.bonuses = ()
        colour = self.moving_colour
        mine = self._pawns[colour * 4 : colour * 4 + 4]
        if a == b and self.doublets == 3 and self.options["third_doublet_penalty"]:
            self.parts = self.remaining = ()
            self.forfeited = (a, b)
            self.effects = ()
            candidates = [(r, -i) for i, r in enumerate(mine) if 0 <= r < HOME]
            if candidates:
                rel, neg = max(candidates)
                pid = colour * 4 - neg
                self.effects = (Effect("penalty", colour, 1 - neg, rel, NEST),)
                pawns = list(self._pawns)
                pawns[pid] = NEST
                self._pawns = tuple(pawns)
            self._next_turn()
            return
        self.fourteen = a == b and NEST not in mine
        self.parts = (a, a, 7 - a, 7 - a) if self.fourteen else (a, b)
        self.remaining = tuple(sorted(self.parts))
        view = table.view(self._pawns)
        self.pairs = RollPlay.pairs_in(view) if table.blockades else ()
        self._ctx = RollPlay(table, self.seat, self.fourteen, self.pairs)
        root = (self._pawns, self.remaining, self.bonuses)
        usable = self._ctx.value(root, view)  # searched now: the view is at hand
        if self.fourteen and usable < len(self.remaining):
            self.forfeited, self.remaining = self.remaining, ()  # all four parts or none

    def _settle(self) -> None:
        """Forfeit what cannot be played, then stop at the next decision or roll."""
        self._moves = []
        ctx = self._ctx
        assert ctx is not None
        while True:
            node = (self._pawns, self.remaining, self.bonuses)
            if self._table.won(self.seat, self._pawns):
                self.phase = OVER
                return
            kind = ctx.kind(node)
            if kind == "end":
                self.undo_stack = ()
                if self.dice[0] == self.dice[1]:
                    self.phase = ROLL  # doublets: the same player rolls again
                else:
                    self._next_turn()
                return
            legal = ctx.legal(node)
            if legal:
                self.phase = PLAY
                self._moves = legal
                return
            if kind == "dice":
                self.forfeited += self.remaining
                self.remaining = ()
            else:
                self.lost_bonuses += self.bonuses[:1]
                self.bonuses = self.bonuses[1:]

    def _remove(self, seat: int) -> None:
        """Take ``seat``'s side out; the game ends when one player (or team) is left."""
        out = self._table.team(seat)
        pawns = list(self._pawns)
        for s in out:
            self.removed += ((s, *self.score(s)),)
            pawns[s * 4 : s * 4 + 4] = [NEST] * 4
        self._pawns = tuple(pawns)
        self.undo_stack = ()
        gone = self.gone
        left = [s for s in range(self.num_players) if s not in gone]
        if set(left) <= set(self._table.team(left[0])):
            self.seat, self.phase, self._moves = left[0], OVER, []
            return
        if self.phase == ROLLOFF:
            later = self.contenders[self.contenders.index(self.seat) + 1 :]
            self.contenders = tuple(s for s in self.contenders if s not in gone)
            if self.seat in gone:
                later = tuple(s for s in later if s not in gone)
                if later:
                    self.seat = later[0]
                else:
                    self._decide_roll_off()
        elif self.seat in gone:
            self.remaining = self.bonuses = ()
            self._next_turn()
            self._moves = []
        elif self.phase == PLAY:  # the pawns that left no longer capture or block
            self.pairs = tuple(p for p in self.pairs if p[0] >> 2 not in gone)
            self._ctx = RollPlay(self._table, self.seat, self.fourteen, self.pairs)
            self._settle()

    def _next_turn(self) -> None:
        step = -1 if self.options["rules"] == "online" else 1  # online passes clockwise
        gone = self.gone
        self.seat = (self.seat + step) % self.num_players
        while self.seat in gone:
            self.seat = (self.seat + step) % self.num_players
        self.doublets = 0
        self.phase = ROLL
        self._ctx = None
        self.undo_stack = ()

    def _record_effects(self, before: tuple[int, ...], after: tuple[int, ...]) -> None:
        effects = []
        moved = [pid for pid, old in enumerate(before) if old != after[pid]]
        for pid in moved:
            old, new = before[pid], after[pid]
            seat, pawn = divmod(pid, 4)
            if new == NEST:
                kind = "capture"
            elif old == NEST:
                kind = "enter"
            else:
                kind = "move"
            effects.append(Effect(kind, seat, pawn + 1, old, new))
        if len(effects) > 1:
            effects.sort(key=lambda e: e.kind == "capture")
        self.effects = tuple(effects)

    # -- serialisation and messages ---------------------------------------------------------

    def _data(self, with_undo: bool = True) -> dict[str, Any]:
        return fields.data(self, with_undo)

    def _load(self, data: dict[str, Any]) -> None:
        """Set the position from ``_data()`` (the undo stack and roll context aside)."""
        fields.load(self, data)

    def _copy(self) -> PachisiState:
        return fields.copy(self)

    def _rewrite(self, text: str) -> str:
        if m := ROLL_TEXT.match(text):  # dice in any order
            return "roll " + " ".join(sorted(m.group(1).split()))
        return text

    def _explain(self, text: str) -> str:
        return explain(self, text)
