"""The game-independent part of the engine: games, states, moves, options, outcomes.

A game is its setup (number of players and options) plus its move list, as in OpenSpiel.
Every concrete game subclasses :class:`Game` and :class:`State` and defines its own
:class:`Move` types, each with one canonical text form.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

CHANCE = -1
"""``state.to_move`` when dice (or a deal) must be applied as a chance move."""


class IllegalMove(ValueError):
    """Move text or a move that cannot be played now; the message is meant for the player."""


class Outcome(NamedTuple):
    """How a finished game ended. ``winners`` is empty for a draw."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


class Placing(NamedTuple):
    """One line of a game's final report (``State.report``): where ``seat`` finished."""

    place: int
    seat: int
    random: bool = False
    """Placed after a full tie by a random draw fixed by the record."""
    left: bool = False
    """Removed from the game before the end (ranked after everyone who played on)."""


class Move(ABC):
    """One player decision (or one chance outcome). Subclasses are small frozen value types.

    ``str(move)`` is the canonical notation; ``state.parse(str(m)) == m`` for every legal ``m``.

    A chance move of dice has a read-only ``pips``: the number the dice show, summed (Pachisi's
    two dice or its roll-off die, Pach-Ice-i's three d8, Ice-Turn's d6 without the Treehouse
    die). Other moves have none: callers read ``getattr(move, "pips", None)``, so the expected
    pips of a roll are ``sum(p * m.pips for m, p in state.chance_outcomes())``.
    """

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class Removal(Move):
    """A move that takes ``seat`` out of a game that goes on without them (see
    ``State.removal_moves``); games with removals define their own subclass."""

    __slots__ = ()
    seat: int


@dataclass(frozen=True)
class Option:
    """A declared game option: its default, the values it allows and a one-line help text."""

    default: Any
    choices: tuple[Any, ...]
    help: str

    def coerce(self, name: str, value: Any) -> Any:
        """Return the allowed value that ``value`` names, or raise ``ValueError``.

        Besides the values themselves, their text forms are accepted ("on", "2"), so options
        typed by a person or read from a command line need no conversion of their own.
        """
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        text = str(value).strip().lower()
        for choice in self.choices:
            if text == option_text(choice):
                return choice
        allowed = ", ".join(option_text(c) for c in self.choices)
        raise ValueError(f"option {name!r} cannot be {value!r}; allowed: {allowed}")


def option_text(value: Any) -> str:
    """The text form of an option value: booleans read as on/off."""
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value).lower()


_SQUARE_X = re.compile(r"([a-z][0-9]+)\s*[x×]\s*(?=[a-z][0-9])")  # noqa: RUF001
_PUNCT_SPACE = re.compile(r"\s*([-@+/])\s*")
_SPACES = re.compile(r"\s+")


MAX_MOVE_TEXT = 100
"""The longest text read as a move. The longest notation is far shorter; ``State.parse`` and
every ``move_from_text`` refuse anything longer before reading (or caching) it, so no number
in it can grow past what ``int()`` reads and no cache of move text holds long strings."""
QUOTE_LIMIT = 30
"""A message quotes at most this much of what was typed."""


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message, cut to about ``limit`` characters: ``'abc...'``."""
    if len(repr(text)) <= limit + 2:
        return repr(text)
    short = text[:limit]
    while len(repr(short)) > limit + 2:  # escapes (\x00, \u200b) count too
        short = short[:-1]
    return repr(short + "...")


def check_move_text(text: str) -> None:
    """Refuse text longer than ``MAX_MOVE_TEXT``: it cannot be a move, and it is never read."""
    if len(text) > MAX_MOVE_TEXT:
        raise IllegalMove(
            f"That is too long to be a move ({len(text)} characters; at most {MAX_MOVE_TEXT}): "
            f"{quote(text)}."
        )


def _normalize(text: str) -> str:
    text = text.strip().lower().replace("\N{EN DASH}", "-").replace("\N{EM DASH}", "-")
    text = _SQUARE_X.sub(r"\1-", text)
    text = _PUNCT_SPACE.sub(r"\1", text)
    return _SPACES.sub(" ", text)


_normalize_cached = lru_cache(maxsize=4096)(_normalize)


@lru_cache(maxsize=16384)
def _read_move(game: Game, text: str) -> Move:
    """``game.move_from_text(text)``, remembered: a stored game's moves are read again each
    time it is loaded, and a move's notation always reads as the same (immutable) Move."""
    return game.move_from_text(text)


@lru_cache(maxsize=16384)
def _exact_notation(game: Game, text: str) -> Move | None:
    """The move whose canonical notation is exactly ``text``, if there is one."""
    try:
        move = _read_move(game, text)
    except IllegalMove:
        return None
    return move if str(move) == text else None


def normalize_move_text(text: str) -> str:
    """Fold the harmless differences in how people type moves: case, spacing, ``x`` for ``-``.

    Texts up to ``MAX_MOVE_TEXT`` characters are cached (at most 4096 of them); longer ones,
    which are never moves, are folded the same way but not kept."""
    if len(text) > MAX_MOVE_TEXT:
        return _normalize(text)
    return _normalize_cached(text)


def _as_typed(message: str, typed: str, wanted: str) -> str:
    """``message`` quoting what the player typed (``'Q@E5'``) where it quotes the folded text
    the engine read (``'q@e5'``): a player recognises their own words."""
    shown = quote(typed.strip())
    for folded in (wanted, normalize_move_text(typed)):
        message = message.replace(quote(folded), shown)
    return message


normalize_move_text.cache_info = _normalize_cached.cache_info  # type: ignore[attr-defined]
normalize_move_text.cache_clear = _normalize_cached.cache_clear  # type: ignore[attr-defined]


class Game(ABC):
    """The immutable rules of one game. Instances live in ``engine.GAMES``."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[Mapping[str, Option]] = MappingProxyType({})
    has_chance: ClassVar[bool] = False
    """Whether the game has chance moves (dice, a deal): the bot then offers a Roll button."""

    def __repr__(self) -> str:
        return f"<Game {self.key}>"

    # -- setup -------------------------------------------------------------------------------

    def check_setup(self, num_players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validate the player count and options; return the full options with defaults.

        Raises ``ValueError`` naming what is wrong and what is allowed.
        """
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise ValueError(f"num_players must be a whole number, not {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            span = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players}-{self.max_players}"
            )
            raise ValueError(f"{self.title} is for {span} players, not {num_players}")
        given = dict(options or {})
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            known = ", ".join(sorted(self.options)) or "none"
            raise ValueError(f"{self.title} has no option {unknown[0]!r}; options: {known}")
        resolved = {}
        for name, option in self.options.items():
            resolved[name] = option.coerce(name, given[name]) if name in given else option.default
        self._check_options(num_players, resolved)
        return resolved

    def _check_options(self, num_players: int, options: dict[str, Any]) -> None:  # noqa: B027
        """Hook for rules between options (may also fill in dependent defaults)."""

    def new_game(self, num_players: int = 2, options: Mapping[str, Any] | None = None) -> State:
        resolved = self.check_setup(num_players, options)
        return self._initial_state(num_players, MappingProxyType(resolved))

    @abstractmethod
    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> State: ...

    def replay(
        self,
        num_players: int,
        options: Mapping[str, Any] | None,
        moves: Iterable[str | Move],
    ) -> State:
        """``new_game`` followed by every move in order; an illegal one raises ``IllegalMove``."""
        state = self.new_game(num_players, options)
        for number, move in enumerate(moves, start=1):
            try:
                state = state.apply(move)
            except IllegalMove as exc:
                shown = str(move)
                shown = shown if len(shown) <= QUOTE_LIMIT else quote(shown)
                raise IllegalMove(f"move {number} ({shown}): {exc}") from None
        return state

    # -- moves and serialisation -------------------------------------------------------------

    @abstractmethod
    def move_from_text(self, text: str) -> Move:
        """Read canonical notation without a position (``IllegalMove`` if it is not notation).

        Implementations call ``check_move_text`` first, as ``State.parse`` does."""

    def from_json(self, text: str) -> State:
        data = json.loads(text)
        if data.get("game") != self.key:
            raise ValueError(f"this is a {data.get('game')!r} state, not {self.key!r}")
        return self._read_state(data, data["history"])

    def from_position(self, text: str, history: Sequence[str | Move]) -> State:
        """The state ``State.position_json()`` wrote, with its ``history`` given back (the
        moves in order, as notation or Moves: a store keeps them apart, one row a move, so the
        position it rewrites after each move stays the same size all game long).
        ``ValueError`` when the position is another game's or counts another number of moves.
        """
        data = json.loads(text)
        if data.get("game") != self.key:
            raise ValueError(f"this is a {data.get('game')!r} position, not {self.key!r}")
        if data["moves"] != len(history):
            raise ValueError(f"the position is after {data['moves']} moves, not {len(history)}")
        return self._read_state(data, history)

    def _read_state(self, data: dict[str, Any], history: Sequence[str | Move]) -> State:
        """What ``from_json`` and ``from_position`` share once they checked ``data`` is this
        game's: the setup checked, the moves read (notation through the cache), the state."""
        options = MappingProxyType(self.check_setup(data["num_players"], data["options"]))
        moves = tuple(m if isinstance(m, Move) else _read_move(self, m) for m in history)
        state = self._state_from_data(data["num_players"], options, moves, data["state"])
        state._last_mover = data["last_mover"]
        return state

    def _state_from_data(
        self,
        num_players: int,
        options: Mapping[str, Any],
        history: tuple[Move, ...],
        data: dict[str, Any],
    ) -> State:
        """The state ``_data()`` described: a new game's state, its history, then ``_load``."""
        state = self._initial_state(num_players, options)
        state._history = history
        state._load(data)
        return state


class State(ABC):
    """A position. Immutable from the outside: ``apply`` returns a new state."""

    __slots__ = (
        "_by_text",
        "_history",
        "_last_mover",
        "_legal_cache",
        "game",
        "num_players",
        "options",
    )

    def __init__(
        self,
        game: Game,
        num_players: int,
        options: Mapping[str, Any],
        history: tuple[Move, ...] = (),
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self._history = history
        self._legal_cache: list[Move] | None = None
        self._by_text: dict[str, Move] | None = None
        self._last_mover: int | None = None

    # -- what concrete games define ----------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """Seat to act, ``CHANCE`` when a chance move is due, ``None`` when the game is over."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def _generate_moves(self) -> list[Move]:
        """Legal moves (or chance outcomes) in a deterministic order."""

    def _copy(self) -> State:
        """A copy that ``_play`` may change without touching ``self``: by default a shallow
        copy of the concrete class's ``__slots__`` (its fields are immutable values)."""
        cls = type(self)
        new = cls.__new__(cls)
        State.__init__(new, self.game, self.num_players, self.options, self._history)
        for name in cls.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    @abstractmethod
    def _play(self, move: Move) -> None:
        """Apply a legal move in place (on a fresh copy)."""

    @abstractmethod
    def _explain(self, text: str) -> str:
        """Why ``text`` (normalised, not a legal move) cannot be played: a message for a player."""

    @abstractmethod
    def _data(self) -> dict[str, Any]:
        """The game-specific fields as plain JSON values."""

    @abstractmethod
    def _load(self, data: dict[str, Any]) -> None:
        """Set the game-specific fields from ``_data()`` (for ``Game.from_json``)."""

    def _rewrite(self, text: str) -> str:
        """Hook: turn a normalised spelling the game also accepts into its canonical one."""
        return text

    def _chance_probabilities(self) -> list[float]:
        raise NotImplementedError(f"{self.game.title} has no chance moves")

    def _roller(self) -> int | None:
        """Hook: at a chance node, the seat whose roll it is (``None``: nobody's, e.g. a deal)."""
        return None

    def _removals(self) -> list[Removal]:
        """Hook: moves that take a player out of a game that goes on without them."""
        return []

    # -- the public API ----------------------------------------------------------------------
    # Besides the contract in DESIGN.md, a few read-only hooks every game answers, with
    # defaults here, so callers (the bot, the renderer) never guess at a game's own fields.

    @property
    def phase(self) -> str:
        """What the game waits for, in one word of the game's own ("roll", "place", "jump",
        "react", "over"...); "play" for a game without phases. Games that have phases keep
        ``phase`` as a field of their own, which takes the place of this default."""
        return "over" if self.is_over() else "play"

    @property
    def gone(self) -> frozenset[int]:
        """Seats taken out of a game that went on without them (by a ``Removal``)."""
        return frozenset()

    def report(self) -> Sequence[Placing] | None:
        """A finished game's final report, every seat from first to last (rows with at least
        ``place``, ``seat``, ``random`` and ``left``, see :class:`Placing`); ``None`` for a game
        whose outcome says it all. Read it once ``outcome`` is set; a game may also answer
        while it is on (the standing so far)."""
        return None

    def removal_for(self, seat: int) -> Removal | None:
        """The move that takes ``seat`` out now (one of ``removal_moves()``), or ``None``."""
        return next((m for m in self.removal_moves() if m.seat == seat), None)

    @property
    def history(self) -> tuple[Move, ...]:
        return self._history

    @property
    def last_move(self) -> Move | None:
        return self._history[-1] if self._history else None

    @property
    def last_mover(self) -> int | None:
        """Who made the last move: a seat, ``CHANCE`` for a chance move, ``None`` before any."""
        return self._last_mover

    def is_chance_node(self) -> bool:
        return self.to_move == CHANCE

    @property
    def roller(self) -> int | None:
        """At a chance node, the seat whose roll it is, for a table that rolls by hand;
        ``None`` elsewhere, and for chance moves that belong to nobody (a deal)."""
        return self._roller() if self.is_chance_node() else None

    def is_over(self) -> bool:
        return self.to_move is None

    def removal_moves(self) -> list[Removal]:
        """Moves that take a player out while the others play on (Pachisi: ``remove 2``, for a
        player whose turn timer ran out or who leaves a table of three or four).

        They are not among ``legal_moves()``: they are not the decision of the player to act,
        and any seated player may make one whenever the caller allows it (the engine has no
        clock). ``parse`` and ``apply`` accept them. Empty for games without removals."""
        return [] if self.to_move is None else self._removals()

    def legal_moves(self) -> list[Move]:
        if self._legal_cache is None:
            self._legal_cache = [] if self.to_move is None else self._generate_moves()
        return list(self._legal_cache)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if not self.is_chance_node():
            raise ValueError("not a chance node: a player is to move")
        return list(zip(self.legal_moves(), self._chance_probabilities(), strict=True))

    def parse(self, text: str) -> Move:
        """Resolve what a player typed against the legal moves; ``IllegalMove`` if none fits."""
        if not isinstance(text, str):
            raise IllegalMove(f"a move is text, not {type(text).__name__}")
        check_move_text(text)  # before anything reads or caches it
        if self.to_move is None:
            raise IllegalMove("The game is over; no more moves can be played.")
        exact = _exact_notation(self.game, text)  # a menu's option: no table of every move
        if exact is not None and (exact in self._legal() or exact in self.removal_moves()):
            return exact
        wanted = self._rewrite(normalize_move_text(text))
        if not wanted:
            raise IllegalMove(f"Type a move, e.g. {self._example()}.")
        if self._by_text is None:
            every = (*self._legal(), *self.removal_moves())
            self._by_text = {normalize_move_text(str(m)): m for m in every}
        move = self._by_text.get(wanted)
        if move is None:
            raise IllegalMove(_as_typed(self._explain(wanted), text, wanted))
        return move

    def apply(self, move: str | Move) -> State:
        if isinstance(move, str):
            move = self.parse(move)
        elif move not in self._legal() and move not in self.removal_moves():
            if self.to_move is None:
                raise IllegalMove("The game is over; no more moves can be played.")
            raise IllegalMove(self._explain(normalize_move_text(str(move))))
        new = self._copy()
        new._history = self._history + (move,)
        new._legal_cache = None
        new._by_text = None
        new._last_mover = self.to_move
        new._play(move)
        return new

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game.key,
                "num_players": self.num_players,
                "options": dict(self.options),
                "history": [str(m) for m in self._history],
                "last_mover": self._last_mover,
                "state": self._data(),
            },
            separators=(",", ":"),
        )

    def position_json(self) -> str:
        """The position without the move list: ``to_json`` less ``history``, with the number of
        moves instead. ``game.from_position(text, history)`` reads it back, given the moves."""
        return json.dumps(
            {
                "game": self.game.key,
                "num_players": self.num_players,
                "options": dict(self.options),
                "moves": len(self._history),
                "last_mover": self._last_mover,
                "state": self._data(),
            },
            separators=(",", ":"),
        )

    # -- helpers -----------------------------------------------------------------------------

    def _legal(self) -> Sequence[Move]:
        if self._legal_cache is None:
            self.legal_moves()
        assert self._legal_cache is not None
        return self._legal_cache

    def _example(self) -> str:
        legal = self._legal()
        return str(legal[0]) if legal else "a legal move"

    def _key(self) -> tuple[Any, ...]:
        return (
            self.game.key,
            self.num_players,
            tuple(sorted(self.options.items())),
            tuple(str(m) for m in self._history),
            self._last_mover,
            json.dumps(self._data(), sort_keys=True),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<{self.game.title} state after {len(self._history)} moves, to move: {self.to_move}>"
        )


class DiceTurnState(State):
    """A state of a game where ``seat`` either rolls (any ``phase`` but "play" and "over": a
    chance move, and the roll is that seat's) or decides ("play"); "over" ends it."""

    __slots__ = ()
    phase: str
    seat: int

    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        return self.seat if self.phase == "play" else CHANCE

    def _roller(self) -> int | None:
        return self.seat
