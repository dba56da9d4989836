"""Parlor's service layer: challenges, games, moves, resignations. No Discord in here.

The Discord cogs, the local terminal play and the tests all call :class:`Service`: a thin face
that builds the service's parts, each with the parts it needs (none holds this facade), and
hands each call to its part:

- ``gameplay``: the one way a game changes (``bot/service/gameplay.py``), and how one starts;
- ``moves``: a player's move, roll or resignation (``bot/service/moves.py``);
- ``challenges``: two-seat challenges (``bot/service/challenges.py``);
- ``boards``: where a game is shown on Discord (``bot/service/boards.py``);
- ``players``, ``lobbies``, ``timeouts``, ``ai``: reached as attributes, as they always were;
  ``rematches`` too (``bot/service/rematches.py``).

A move goes: check the player and the turn, parse and apply it with the engine, roll any dice
that are then due, commit it all with an optimistic version check, and only then report it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import engine
from bot.service import gameplay as gameplay_module
from bot.service.ai_players import AI_DELAY, STAND_IN_GRACE
from bot.service.ai_turns import AiTurns
from bot.service.animations import Animations
from bot.service.boards import BOARDS_KEPT, Boards
from bot.service.challenges import (
    CHALLENGE_TTL,
    DEFAULT_EXPIRY,
    EXPIRY,
    MAX_OPEN_CHALLENGES,
    Challenges,
    expiry_seconds,
)
from bot.service.dice import draw_chance, roll_rng
from bot.service.errors import (
    Closed,
    Conflict,
    NotAllowed,
    NotFound,
    RateLimited,
    ServiceError,
    Unavailable,
)
from bot.service.follows import Follows
from bot.service.gameplay import (
    GAMES_KEPT,
    MAX_GAMES_PER_SERVER,
    MAX_GAMES_PER_USER,
    Gameplay,
)
from bot.service.lobbies import Lobbies
from bot.service.moves import MAX_MOVE_TEXT, NOT_SAVED, Moves
from bot.service.players import Players
from bot.service.recent import Recent
from bot.service.records import (
    Challenge,
    Change,
    GameRecord,
    GameSummary,
    Played,
    Player,
)
from bot.service.rematches import Rematches
from bot.service.replays import Frame, Replays
from bot.service.standings import Standings
from bot.service.store.storage import MoveRow, Storage
from bot.service.table_settings import TABLE_SETTINGS, check_settings, game_named
from bot.service.timeouts import Timeouts

__all__ = [
    "BOARDS_KEPT",
    "CHALLENGE_TTL",
    "DEFAULT_EXPIRY",
    "EXPIRY",
    "GAMES_KEPT",
    "MAX_GAMES_PER_SERVER",
    "MAX_GAMES_PER_USER",
    "MAX_MOVE_TEXT",
    "MAX_OPEN_CHALLENGES",
    "NOT_SAVED",
    "TABLE_SETTINGS",
    "Challenge",
    "Change",
    "Closed",
    "Conflict",
    "GameRecord",
    "GameSummary",
    "NotAllowed",
    "NotFound",
    "Played",
    "Player",
    "RateLimited",
    "Service",
    "ServiceError",
    "Unavailable",
    "check_settings",
    "draw_chance",
    "expiry_seconds",
    "game_named",
    "roll_rng",
]
"""What callers import from here: the service, and the names of its parts they use with it."""


class Service:
    """The service's parts, wired (as lila's ``Env`` wires its modules), behind one face."""

    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], float] = time.time,
        seats_rng: random.Random | None = None,
        games_per_user: int = MAX_GAMES_PER_USER,
        games_per_server: int = MAX_GAMES_PER_SERVER,
        ai_delay: float = AI_DELAY,
        stand_in_grace: float = STAND_IN_GRACE,
    ) -> None:
        self.storage = storage
        kept: Recent[int, GameRecord] = Recent(GAMES_KEPT)
        self.players = Players(storage, kept, clock=clock)
        """Players' own settings (``bot/service/players.py``)."""
        self.gameplay = Gameplay(
            storage,
            self.players,
            kept,
            clock=clock,
            seats_rng=seats_rng,
            games_per_user=games_per_user,
            games_per_server=games_per_server,
            ai_delay=ai_delay,
            stand_in_grace=stand_in_grace,
        )
        self.moves = Moves(self.gameplay)
        self.challenges = Challenges(self.gameplay)
        self.boards = Boards(self.gameplay)
        self.lobbies = Lobbies(self.gameplay, self.challenges)
        """Games for any number of players that fill up seat by seat
        (``bot/service/lobbies.py``)."""
        self.rematches = Rematches(self.gameplay, self.challenges)
        """A finished game's players play it again (``bot/service/rematches.py``)."""
        self.ai = AiTurns(self.gameplay, self.challenges)
        """Parlor's own players: games against them, their turns, stand-ins, hints
        (``bot/service/ai_turns.py``)."""
        self.timeouts = Timeouts(self.gameplay, self.players)
        """Time running out: claims, the hard clock, reminders (``bot/service/timeouts.py``)."""
        self.standings = Standings(storage)
        """The ladders and players' profiles (``bot/service/standings.py``)."""
        self.follows = Follows(self.gameplay)
        """Who follows which game: digests, the end's message (``bot/service/follows.py``)."""
        self.replays = Replays(self.gameplay, self.follows)
        """Any game replayed to any move, for those who may see it (``bot/service/replays.py``)."""
        self.animations = Animations(self.gameplay)
        """A game's animated replay (``bot/service/animations.py``)."""

    @classmethod
    async def open(cls, db_path: str, **kwargs: Any) -> Service:
        return cls(await Storage.open(db_path), **kwargs)

    async def close(self) -> None:
        await self.storage.close()

    # -- what the parts share, set on the parts that read it ------------------------------------

    @property
    def clock(self) -> Callable[[], float]:
        """The time (epoch seconds) every part reads, given at construction
        (``create_bot(clock=...)``)."""
        return self.gameplay.clock

    @property
    def seats_rng(self) -> random.Random:
        """Draws the seats and each game's seed."""
        return self.gameplay.seats_rng

    @seats_rng.setter
    def seats_rng(self, rng: random.Random) -> None:
        self.gameplay.seats_rng = rng

    @property
    def games_per_user(self) -> int:
        return self.gameplay.games_per_user

    @games_per_user.setter
    def games_per_user(self, most: int) -> None:
        self.gameplay.games_per_user = most

    @property
    def games_per_server(self) -> int:
        return self.gameplay.games_per_server

    @games_per_server.setter
    def games_per_server(self, most: int) -> None:
        self.gameplay.games_per_server = most

    @property
    def ai_delay(self) -> float:
        """Seconds after its turn comes that an AI plays."""
        return self.gameplay.ai_delay

    @ai_delay.setter
    def ai_delay(self, seconds: float) -> None:
        self.gameplay.ai_delay = seconds

    @property
    def stand_in_grace(self) -> float:
        """Seconds an absent player keeps their turn before the AI standing in plays it."""
        return self.gameplay.stand_in_grace

    @stand_in_grace.setter
    def stand_in_grace(self, seconds: float) -> None:
        self.gameplay.stand_in_grace = seconds

    # -- challenges (``challenges.py``) ------------------------------------------------------

    async def challenge(
        self,
        key: str,
        host: Player,
        invited: Player,
        *,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        expires: str | None = None,
    ) -> Challenge:
        return await self.challenges.challenge(
            key,
            host,
            invited,
            options=options,
            settings=settings,
            guild_id=guild_id,
            channel_id=channel_id,
            expires=expires,
        )

    async def get_challenge(self, challenge_id: int) -> Challenge:
        return await self.challenges.get(challenge_id)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.challenges.set_message(challenge_id, message_id)

    async def accept(self, challenge_id: int, user: Player, *, shuffle: bool = True) -> GameRecord:
        return await self.challenges.accept(challenge_id, user, shuffle=shuffle)

    async def decline(self, challenge_id: int, user: Player) -> Challenge:
        return await self.challenges.decline(challenge_id, user)

    async def cancel(self, challenge_id: int, user: Player) -> Challenge:
        return await self.challenges.cancel(challenge_id, user)

    async def due_nudges(self) -> list[Challenge]:
        return await self.challenges.due_nudges()

    async def expire_challenges(self) -> list[Challenge]:
        return await self.challenges.expire_challenges()

    # -- games (``gameplay.py``, ``moves.py``) -----------------------------------------------

    async def game(self, game_id: int) -> GameRecord:
        return await self.gameplay.game(game_id)

    async def games_of(self, user_id: int, *, active_only: bool = True) -> list[GameSummary]:
        return await self.gameplay.games_of(user_id, active_only=active_only)

    async def local_games(self) -> list[GameSummary]:
        return await self.gameplay.local_games()

    async def history(self, game_id: int) -> list[MoveRow]:
        return await self.gameplay.history(game_id)

    def check_turn(self, record: GameRecord, user_id: int) -> int:
        return gameplay_module.check_turn(record, user_id)

    async def play(
        self, game_id: int, user_id: int, move: str | engine.Move, *, version: int | None = None
    ) -> Played:
        return await self.moves.play(game_id, user_id, move, version=version)

    async def resign(self, game_id: int, user_id: int) -> GameRecord:
        return await self.moves.resign(game_id, user_id)

    async def roll_due(self, game_id: int) -> Played:
        return await self.moves.roll_due(game_id)

    async def replayable(
        self, user_id: int, guild_id: int | None, number: int | None = None
    ) -> list[GameSummary]:
        return await self.replays.replayable(user_id, guild_id, number)

    async def replay_state(
        self,
        game_id: int,
        k: int | None = None,
        *,
        user_id: int | None = None,
        guild_id: int | None = None,
    ) -> Frame:
        return await self.replays.replay_state(game_id, k, user_id=user_id, guild_id=guild_id)

    # -- boards on Discord (``boards.py``) ---------------------------------------------------

    async def only_moves_at_start(self, game_id: int) -> list[str]:
        return await self.boards.only_moves_at_start(game_id)

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        return await self.boards.game_in_thread(thread_id)

    async def games_behind(self) -> list[GameRecord]:
        return await self.boards.games_behind()

    async def place_gone(self, game_id: int) -> None:
        await self.boards.place_gone(game_id)

    async def set_place(
        self, game_id: int, *, channel_id: int | None = None, thread_id: int | None = None
    ) -> None:
        await self.boards.set_place(game_id, channel_id=channel_id, thread_id=thread_id)

    async def set_board(self, record: GameRecord, message_id: int) -> None:
        await self.boards.set_board(record, message_id)

    async def game_of_message(self, message_id: int) -> int | None:
        return await self.boards.game_of_message(message_id)
