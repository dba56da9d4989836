"""IceSickle, the Martian peg game (rules/icesickle.txt, read as RULINGS.md says).

Two rounds. In each, the players take turns placing the 15 pieces of one shared stash on the
5x5 board (the first placer places 8), then take turns jumping: a piece with p pips moves in one
of the 8 directions over k squares (1 <= k <= p), at least one of them occupied, onto the empty
square after them, capturing every piece it passed over. The second placer jumps first. The
round ends when the player to move has no jump. Round 2 swaps who places first. Highest total
of captured pips wins; equal totals draw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .core import Game, IllegalMove, Move, Outcome, State, check_move_text, quote
from .grid import Grid
from .pyramids import SIZES, STASH_TRIOS, Size, count_words

GRID = Grid(5, 5)
ROUNDS = 2
FULL_STASH = (STASH_TRIOS,) * len(SIZES)
EMPTY_BOARD = (0,) * GRID.size

PLACE, JUMP, OVER = "place", "jump", "over"


@dataclass(frozen=True, slots=True, repr=False)
class Place(Move):
    """Put a piece of ``size`` from the stash on the empty ``square``: ``S@c3``."""

    size: Size
    square: int

    def __str__(self) -> str:
        return f"{self.size.letter}@{GRID.name(self.square)}"


@dataclass(frozen=True, slots=True, repr=False)
class Jump(Move):
    """Jump the piece on ``start`` to ``end`` in a straight line: ``c3-c5``."""

    start: int
    end: int

    def __str__(self) -> str:
        return f"{GRID.name(self.start)}-{GRID.name(self.end)}"

    @property
    def passed(self) -> tuple[int, ...]:
        """The squares jumped over, nearest first."""
        line = GRID.line(self.start, self.end)
        assert line is not None
        direction, distance = line
        return tuple(GRID.step(self.start, direction, k) for k in range(1, distance))  # type: ignore[misc]


# Every move that can ever exist, made once: legal-move generation only picks from these.
PLACES = {(size, sq): Place(size, sq) for size in SIZES for sq in range(GRID.size)}
JUMPS = {
    (start, end): Jump(start, end)
    for start in range(GRID.size)
    for end in range(GRID.size)
    if (line := GRID.line(start, end)) is not None and 2 <= line[1] <= Size.LARGE + 1
}

_PLACE_TEXT = re.compile(r"^([sml])(?:@| )?([a-z][0-9]{1,2})$")
_SIZE_WORDS = re.compile(r"^(small|medium|large)(?:@| )([a-z][0-9]{1,2})$")
_JUMP_TEXT = re.compile(r"^([a-z][0-9]{1,2})-([a-z][0-9]{1,2})$")
_SQUARE_TEXT = re.compile(r"^[a-z][0-9]{1,2}$")


class IceSickleState(State):
    """A position of IceSickle. Read-only attributes for renderers and the bot:

    ``round`` (1 or 2), ``phase`` ("place", "jump" or "over"), ``board`` (25 entries, a
    ``Size`` or ``None``, index = ``GRID`` square), ``stash`` (pieces left to place: small,
    medium, large), ``captures[round - 1][seat]`` (sizes captured, in order), ``round_boards``
    (the board as each finished round ended), ``last_captured`` ((square, size) pairs taken by
    the last jump).
    """

    __slots__ = (
        "_board",
        "captures",
        "last_captured",
        "phase",
        "round",
        "round_boards",
        "seat",
        "stash",
    )

    def __init__(self, game: Game, num_players: int, options: Mapping[str, Any]) -> None:
        super().__init__(game, num_players, options)
        self.round = 1
        self.phase = PLACE
        self.seat = 0
        self._board: tuple[int, ...] = EMPTY_BOARD
        self.stash: tuple[int, ...] = FULL_STASH
        self.captures: tuple[tuple[tuple[Size, ...], ...], ...] = (((), ()),)
        self.round_boards: tuple[tuple[Size | None, ...], ...] = ()
        self.last_captured: tuple[tuple[int, Size], ...] = ()

    # -- reading the position ---------------------------------------------------------------

    @property
    def board(self) -> tuple[Size | None, ...]:
        return tuple(Size(p) if p else None for p in self._board)

    @property
    def pips(self) -> tuple[int, ...]:
        """The board as pips per square (0 for empty): ``board`` in the form searches read."""
        return self._board

    @property
    def first_placer(self) -> int:
        """The seat that places first in the current round (the other one jumps first)."""
        return (self.round - 1) % 2

    @property
    def placed(self) -> int:
        return sum(FULL_STASH) - sum(self.stash)

    def round_scores(self) -> tuple[tuple[int, int], ...]:
        """Pips captured per round and seat, for every round played so far."""
        return tuple((sum(map(int, rnd[0])), sum(map(int, rnd[1]))) for rnd in self.captures)

    def totals(self) -> tuple[int, int]:
        scores = self.round_scores()
        return (sum(s[0] for s in scores), sum(s[1] for s in scores))

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.seat

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        totals = self.totals()
        if totals[0] == totals[1]:
            return Outcome((), totals, f"equal totals after two rounds ({totals[0]} each)")
        winner = 0 if totals[0] > totals[1] else 1
        high, low = max(totals), min(totals)
        return Outcome((winner,), totals, f"higher total after two rounds ({high} to {low})")

    # -- moves -------------------------------------------------------------------------------

    def _generate_moves(self) -> list[Move]:
        if self.phase == PLACE:
            return [
                PLACES[size, sq]
                for size, left in zip(SIZES, self.stash, strict=True)
                if left
                for sq in range(GRID.size)
                if not self._board[sq]
            ]
        return list(_jumps(self._board))

    def _load(self, data: dict[str, Any]) -> None:
        self.round = data["round"]
        self.phase = data["phase"]
        self.seat = data["seat"]
        self._board = tuple(data["board"])
        self.stash = tuple(data["stash"])
        self.captures = tuple(
            tuple(tuple(Size(s) for s in seat) for seat in rnd) for rnd in data["captures"]
        )
        self.round_boards = tuple(
            tuple(Size(p) if p else None for p in b) for b in data["round_boards"]
        )
        self.last_captured = tuple((sq, Size(s)) for sq, s in data["last_captured"])

    def _play(self, move: Move) -> None:
        board = list(self._board)
        if isinstance(move, Place):
            board[move.square] = move.size
            stash = list(self.stash)
            stash[move.size - 1] -= 1
            self.stash = tuple(stash)
            self.last_captured = ()
            self.seat = 1 - self.seat
            if not any(stash):
                self.phase = JUMP
                self.seat = 1 - self.first_placer
        else:
            assert isinstance(move, Jump)
            taken = tuple((sq, Size(board[sq])) for sq in move.passed if board[sq])
            for sq, _ in taken:
                board[sq] = 0
            board[move.end], board[move.start] = board[move.start], 0
            self.last_captured = taken
            mine = self.captures[-1][self.seat] + tuple(size for _, size in taken)
            current = list(self.captures[-1])
            current[self.seat] = mine
            self.captures = self.captures[:-1] + (tuple(current),)
            self.seat = 1 - self.seat
        self._board = tuple(board)
        if self.phase == JUMP:
            jumps: list[Move] = list(_jumps(self._board))
            if jumps:
                self._legal_cache = jumps  # the next player's moves, found while checking
            else:
                self._end_round()

    def _end_round(self) -> None:
        self.round_boards = self.round_boards + (self.board,)
        if self.round == ROUNDS:
            self.phase = OVER
            return
        self.round += 1
        self.phase = PLACE
        self._board = EMPTY_BOARD
        self.stash = FULL_STASH
        self.captures = self.captures + (((), ()),)
        self.seat = self.first_placer

    # -- messages for moves that cannot be played --------------------------------------------

    def _rewrite(self, text: str) -> str:
        """Also accept ``s c3``, ``sc3`` and ``small c3`` for ``S@c3``."""
        if m := _PLACE_TEXT.match(text) or _SIZE_WORDS.match(text):
            return f"{m.group(1)[0]}@{m.group(2)}"
        return text

    def _explain(self, text: str) -> str:
        if self.phase == PLACE:
            return self._explain_place(text)
        return self._explain_jump(text)

    def _explain_place(self, text: str) -> str:
        left = sum(self.stash)
        if _JUMP_TEXT.match(text):
            return (
                f"No jumping yet: {left} more piece{'s' if left != 1 else ''} to place first. "
                "Place one, e.g. S@c3."
            )
        if _SQUARE_TEXT.match(text):
            GRID.parse(text)
            return f"Say which size to place there: S@{text}, M@{text} or L@{text}."
        m = _PLACE_TEXT.match(text)
        if not m:
            return (
                f"Can't read {quote(text)}. Place a piece: its size (S, M or L), @ and an empty "
                "square, e.g. S@c3."
            )
        size = Size.from_letter(m.group(1))
        square = GRID.parse(m.group(2))
        if not self.stash[size - 1]:
            return (
                f"No {size.word} pieces are left to place; the stash holds "
                f"{count_words(self.stash)}."
            )
        if self._board[square]:
            held = Size(self._board[square]).word
            return f"{GRID.name(square)} already holds a {held}; place on an empty square."
        return f"{text} cannot be placed now."

    def _explain_jump(self, text: str) -> str:
        if _PLACE_TEXT.match(text):
            return "All 15 pieces are placed; now jump a piece, e.g. c3-c5."
        if _SQUARE_TEXT.match(text):
            GRID.parse(text)
            return f"Say where to land too, e.g. {text}-... (from-square, -, landing square)."
        m = _JUMP_TEXT.match(text)
        if not m:
            return (
                f"Can't read {quote(text)}. Jump with the piece's square, - and the landing "
                "square, e.g. c3-c5."
            )
        start, end = GRID.parse(m.group(1)), GRID.parse(m.group(2))
        a, b = GRID.name(start), GRID.name(end)
        if not self._board[start]:
            return f"There is no piece on {a} to jump with."
        piece = Size(self._board[start])
        line = GRID.line(start, end)
        if line is None:
            return f"{a} to {b} is not a straight line; jump orthogonally or diagonally."
        over = line[1] - 1
        if over == 0:
            return f"{a}-{b} jumps over nothing: land beyond at least one square."
        if over > piece.pips:
            most = f"{piece.pips} square{'s' if piece.pips > 1 else ''}"
            return f"A {piece.word} jumps over at most {most}; {a}-{b} passes over {over}."
        if self._board[end]:
            return f"{b} is occupied; a jump must land on an empty square."
        return f"{a}-{b} passes over no piece; a jump must capture at least one."

    # -- serialisation -----------------------------------------------------------------------

    def _data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "seat": self.seat,
            "board": list(self._board),
            "stash": list(self.stash),
            "captures": [[[int(s) for s in seat] for seat in rnd] for rnd in self.captures],
            "round_boards": [[int(p or 0) for p in b] for b in self.round_boards],
            "last_captured": [[sq, int(size)] for sq, size in self.last_captured],
        }


def _jumps(board: tuple[int, ...]):
    """Every legal jump on ``board`` (0 = empty, else pips), by start square then direction."""
    rays = GRID.rays
    for start, pips in enumerate(board):
        if not pips:
            continue
        for ray in rays[start]:
            occupied = False
            for k in range(min(pips, len(ray) - 1)):
                if board[ray[k]]:
                    occupied = True
                if occupied and not board[ray[k + 1]]:
                    yield JUMPS[start, ray[k + 1]]


class IceSickle(Game):
    key = "icesickle"
    title = "IceSickle"
    min_players = 2
    max_players = 2

    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> IceSickleState:
        return IceSickleState(self, num_players, options)

    def move_from_text(self, text: str) -> Move:
        check_move_text(text)
        if m := _PLACE_TEXT.match(text.strip().lower()):
            return PLACES[Size.from_letter(m.group(1)), GRID.parse(m.group(2))]
        if m := _JUMP_TEXT.match(text.strip().lower()):
            start, end = GRID.parse(m.group(1)), GRID.parse(m.group(2))
            if (start, end) in JUMPS:
                return JUMPS[start, end]
        raise IllegalMove(f"{quote(text)} is not IceSickle notation (S@c3 or c3-c5).")
