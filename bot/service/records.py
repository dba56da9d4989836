"""What the service hands out: players, challenges and lobbies, game records (its errors are in
``bot/service/errors.py``).

Plain values read from storage rows; no Discord and no SQL in here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import engine
from bot.service.ai_players import level_of
from bot.service.errors import ServiceError


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str

    @property
    def ai(self) -> str | None:
        """The AI level this seat's player is (``bot/service/ai_players.py``), or ``None``."""
        return level_of(self.user_id)


def _seat_among(players: Sequence[Player], user_id: int) -> int | None:
    return next((i for i, p in enumerate(players) if p.user_id == user_id), None)


@dataclass(frozen=True)
class Challenge:
    """A two-player challenge (``invited`` set), or a lobby: open to anyone, ``num_players``
    seats, filled seat by seat (``seated``). A lobby's ``options`` are those its host chose
    (the rest take their defaults for the number of players who start)."""

    id: int
    key: str
    num_players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    host: Player
    invited: Player | None
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    status: str
    created_at: float
    expires_at: float
    game_id: int | None
    seated: tuple[Player, ...] = ()
    """A lobby's players in joining order, the host first; empty for a challenge. A rematch's:
    the players who accepted it (``bot/service/rematches.py``)."""
    rematch_of: int | None = None
    """The finished game this challenge asks to play again (a rematch), or ``None``."""

    @property
    def game(self) -> engine.Game:
        return engine.get_game(self.key)

    @property
    def is_lobby(self) -> bool:
        return self.invited is None

    @property
    def free_seats(self) -> int:
        return self.num_players - len(self.seated) if self.is_lobby else 0

    def seat_of(self, user_id: int) -> int | None:
        """Where ``user_id`` sits in the lobby (joining order), or None."""
        return _seat_among(self.seated, user_id)


def seat_to_act(state: engine.State, settings: dict[str, Any], over: bool) -> int | None:
    """The seat a game waits for: the player to move, or the one who is to roll at a table
    that rolls by hand; ``None`` when it waits for nobody (over, or dice the bot rolls)."""
    if over:
        return None
    if state.is_chance_node():
        return state.roller if settings.get("roll") == "button" else None
    return state.to_move


class _Seated:
    """What a game's record and its summary share: the players and whose turn it is."""

    players: tuple[Player, ...]
    key: str
    settings: dict[str, Any]
    stand_ins: dict[int, str]

    if TYPE_CHECKING:  # fields of the summary, worked out from the state in the record

        @property
        def seat_to_act(self) -> int | None: ...

        @property
        def gone(self) -> frozenset[int]: ...

    @property
    def game(self) -> engine.Game:
        return engine.get_game(self.key)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def seat_of(self, user_id: int) -> int | None:
        return _seat_among(self.players, user_id)

    @property
    def player_to_move(self) -> Player | None:
        seat = self.seat_to_act
        return None if seat is None else self.players[seat]

    def is_to_move(self, user_id: int) -> bool:
        mover = self.player_to_move
        return mover is not None and mover.user_id == user_id

    def level_at(self, seat: int) -> str | None:
        """The AI level that plays ``seat`` now: an AI's seat, or an absent player's that an
        AI plays for meanwhile (``stand_ins``); ``None`` for a player who plays it."""
        return self.players[seat].ai or self.stand_ins.get(seat)

    @property
    def hints(self) -> bool:
        """Whether players may ask for a hint: as the table chose (``hints``), else on in a
        game against Parlor and off otherwise."""
        chosen = self.settings.get("hints")
        return chosen == "on" if chosen else any(p.ai for p in self.players)

    @property
    def ai_to_act(self) -> str | None:
        """The AI level the game waits on, or ``None`` (a player, or nobody)."""
        seat = self.seat_to_act
        return None if seat is None else self.level_at(seat)

    @property
    def absent_to_act(self) -> bool:
        """Whether the player to act is one an AI plays for (``stand_ins``): the turn is still
        theirs to play until the AI plays it, after a grace (``ai_players.STAND_IN_GRACE``),
        so their turn message keeps their menus."""
        seat = self.seat_to_act
        return seat is not None and seat in self.stand_ins and not self.players[seat].ai

    @property
    def players_in(self) -> int:
        """Players still at the table (not removed, not left)."""
        return len(self.players) - len(self.gone)


@dataclass(frozen=True)
class GameSummary(_Seated):
    """A game as a listing shows it, read from its row's summary columns: nothing decoded.
    ``/games`` and the game pickers of the commands read these."""

    id: int
    key: str
    status: str
    players: tuple[Player, ...]
    gone: frozenset[int]
    seat_to_act: int | None
    version: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    updated_at: float
    deadline: float | None = None
    """When the player to act runs out of time (``bot/service/clocks.py``), or ``None``."""
    turn_at: float | None = None
    """When the turn began (read by the sweep, not by listings)."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The table's settings (read by the sweep, not by listings)."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Seats an AI plays for their absent player, with its level."""

    @property
    def over(self) -> bool:
        return self.status == "over"


@dataclass(frozen=True)
class GameRecord(_Seated):
    id: int
    key: str
    num_players: int
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    status: str
    result: dict[str, Any] | None
    players: tuple[Player, ...]
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    message_id: int | None
    version: int
    state: engine.State = field(repr=False)
    posted_version: int | None
    created_at: float
    updated_at: float
    snapshot: str = field(default="", repr=False)
    """``state`` as stored (``State.position_json``), when it came from storage."""
    turn_at: float | None = None
    """When the turn the game waits on began (its clock's start), or ``None``."""
    deadline: float | None = None
    """When the player to act runs out of time on the move clock, or ``None``."""
    stand_ins: dict[int, str] = field(default_factory=dict)
    """Seats an AI plays for their absent player (until they are back), with its level."""
    ai_at: float | None = None
    """When the AI the game waits on plays (an absent player's turn: once their grace is
    over), as the game was read; ``None`` when it waits on none (or off Discord)."""

    @property
    def game(self) -> engine.Game:
        return self.state.game

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def place_id(self) -> int:
        """Where the game is played on Discord: its thread, else its channel; ``ServiceError``
        for a game that has neither (one played in a terminal)."""
        place = self.thread_id or self.channel_id
        if place is None:
            raise ServiceError("This game has no channel on Discord.")
        return place

    @property
    def gone(self) -> frozenset[int]:
        """Seats removed from a game that went on without them (the engine's ``gone``)."""
        return self.state.gone

    @property
    def rolls_by_hand(self) -> bool:
        """The table chose a Roll button over the bot rolling the dice when they are due."""
        return self.settings.get("roll") == "button"

    @property
    def awaiting_roll(self) -> bool:
        """The game waits for a player to press Roll."""
        return not self.over and self.rolls_by_hand and self.state.roller is not None

    @property
    def seat_to_act(self) -> int | None:
        """The seat the game waits for: the player to move, or the one who is to roll."""
        return seat_to_act(self.state, self.settings, self.over)

    @property
    def outcome(self) -> engine.Outcome | None:
        """How the game ended: the engine's outcome, or a resignation."""
        for key, words in (("resigned", "resigned"), ("timeout", "ran out of time")):
            if self.result and key in self.result:
                loser = self.result[key]
                scores = self.state.outcome.scores if self.state.outcome else ()
                return engine.Outcome(
                    tuple(self.result["winners"]), scores, f"{self.players[loser].name} {words}"
                )
        return self.state.outcome


Made = tuple[engine.Move, int | None, int | None]
"""A move made in a request: the move, the seat that made it (``engine.CHANCE`` for a roll the
bot made) and the user who made it."""


@dataclass(frozen=True)
class Change:
    """What a request does to a game, decided from its record (see ``Service.change``): the
    state it leads to, the moves that lead there, and a result when it ends the game without
    the engine (a resignation)."""

    state: engine.State
    moves: tuple[Made, ...] = ()
    result: dict[str, Any] | None = None
    stand_ins: dict[int, str] | None = None
    """The seats an AI plays for their absent player from now on, when that changes."""


@dataclass(frozen=True)
class Played:
    """What one request changed: the game after it and every move it recorded, in order
    (the player's own first, then any dice rolled after it)."""

    game: GameRecord
    moves: tuple[engine.Move, ...]
    turn_over: bool = True
    """Whether the turn of the player who acted ended with the request: another player acts
    now, or dice were rolled for another player on the way (their turn passed). False when
    the same player acts again in the same turn (its message is then updated in place)."""


def challenge_from_row(row: Any, members: Sequence[Any] = ()) -> Challenge:
    invited = None
    if row["invited_id"] is not None:
        invited = Player(row["invited_id"], row["invited_name"])
    return Challenge(
        id=row["id"],
        key=row["game_key"],
        num_players=row["num_players"],
        options=json.loads(row["options"]),
        settings=json.loads(row["settings"]),
        host=Player(row["host_id"], row["host_name"]),
        invited=invited,
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        status=row["status"],
        created_at=row["created_at"],
        expires_at=row["expires_at"],
        game_id=row["game_id"],
        seated=tuple(Player(m["user_id"], m["name"]) for m in members),
        rematch_of=row["rematch_of"],
    )


def record_from_row(
    row: Any, seats: Sequence[tuple[int, str]], history: Sequence[str]
) -> GameRecord:
    """A game's record from its row, its seats (user id, name) and its moves' notation, each
    in order."""
    game = engine.get_game(row["game_key"])
    return GameRecord(
        id=row["id"],
        key=row["game_key"],
        num_players=row["num_players"],
        options=json.loads(row["options"]),
        settings=json.loads(row["settings"]),
        seed=row["seed"],
        status=row["status"],
        result=json.loads(row["result"]) if row["result"] else None,
        players=tuple(Player(user, name) for user, name in seats),
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        version=row["version"],
        state=game.from_position(row["snapshot"], history),
        posted_version=row["posted_version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        snapshot=row["snapshot"],
        turn_at=row["turn_at"],
        deadline=row["deadline"],
        stand_ins=stand_ins_of(row),
        ai_at=row["ai_at"],
    )


def stand_ins_of(row: Any) -> dict[int, str]:
    """A game row's ``stand_ins`` column (JSON ``{"seat": level}``, or NULL for none)."""
    text = row["stand_ins"]
    return {int(seat): level for seat, level in json.loads(text).items()} if text else {}


def summary_from_row(row: Any, **more: Any) -> GameSummary:
    """A listing's view of a game from its row and its seats (``seats``: a JSON list of
    ``[seat, user id, name, gone]``); ``more``: fields read beyond a listing's."""
    seats = sorted(json.loads(row["seats"]))
    return GameSummary(
        **more,
        id=row["id"],
        key=row["game_key"],
        status=row["status"],
        players=tuple(Player(user, name) for _, user, name, _ in seats),
        gone=frozenset(seat for seat, _, _, gone in seats if gone),
        seat_to_act=row["to_act"],
        version=row["version"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        updated_at=row["updated_at"],
        deadline=row["deadline"],
        stand_ins=stand_ins_of(row),
    )
