"""Parlor's service layer: challenges, games, moves, resignations. No Discord in here.

The Discord cogs, the local terminal play and the tests all call this. A move goes: check the
player and the turn, parse and apply it with the engine (off the event loop), roll any dice
that are then due, commit it all with an optimistic version check, and only then report it.
"""

from __future__ import annotations

import asyncio
import inspect
import random
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

import engine
from bot.service import clocks
from bot.service.ai_players import AI_DELAY, STAND_IN_GRACE
from bot.service.players import Players
from bot.service.recent import Recent
from bot.service.records import (
    Challenge,
    Change,
    Closed,
    Conflict,
    GameRecord,
    GameSummary,
    Made,
    NotAllowed,
    NotFound,
    Played,
    Player,
    RateLimited,
    ServiceError,
    Unavailable,
    _challenge,
    _record,
    _summary,
    seat_to_act,
)
from bot.service.store.storage import MoveFields, MoveRow, Storage
from bot.service.timeouts import Timeouts
from engine import CHANCE

if TYPE_CHECKING:
    from bot.service.ai_turns import AiTurns
    from bot.service.lobbies import Lobbies

EXPIRY = {"15m": 15 * 60, "1h": 60 * 60, "24h": 24 * 60 * 60, "3d": 3 * 86_400, "7d": 7 * 86_400}
"""How long a challenge or a lobby may stay open, as ``/play ... expires:`` offers it."""
DEFAULT_EXPIRY = "24h"
CHALLENGE_TTL = EXPIRY[DEFAULT_EXPIRY]
"""Seconds before an unanswered challenge or an unstarted lobby lapses, unless its host chose."""
MAX_OPEN_CHALLENGES = 3
"""Open challenges one user may have at once."""
MAX_GAMES_PER_USER = 50
"""Active games one user may be seated in at once."""
MAX_GAMES_PER_SERVER = 1000
"""Active games one Discord server may hold at once, unless the bot is told otherwise
(``PARLOR_MAX_GAMES_PER_SERVER``)."""
MAX_MOVE_TEXT = engine.MAX_MOVE_TEXT
"""Characters of move text read at most; anything longer is refused before it is parsed."""
NOT_SAVED = "Couldn't save right now; nothing was played. Try again in a moment."
BOARDS_KEPT = 50_000
"""Board messages whose game is kept in memory (a click's first check reads no database)."""
GAMES_KEPT = 2_000
"""Games whose latest record is kept in memory between their moves (``Service.change``)."""


def roll_rng(seed: int, move_number: int) -> random.Random:
    """The RNG for the chance move at ``move_number`` (0-based) of the game seeded ``seed``:
    a pure function of both, so a roll never depends on what happened in this process."""
    return random.Random(f"parlor:{seed}:{move_number}")


def draw_chance(state: engine.State, rng: random.Random) -> engine.Move:
    outcomes = state.chance_outcomes()
    return rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]


class Service:
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
        self.ai_delay = ai_delay
        """Seconds after its turn comes that an AI plays (``bot/service/ai_turns.py``)."""
        self.stand_in_grace = stand_in_grace
        """Seconds after an absent player's turn comes that the AI standing in for them plays
        it (till then they may play it themselves, and so take their seat back)."""
        self.clock = clock
        self.seats_rng = seats_rng or random.SystemRandom()
        self.games_per_user = games_per_user
        self.games_per_server = games_per_server
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._boards: Recent[int, int] = Recent(BOARDS_KEPT)
        """Board message id -> its game, for the boards this process posted or was asked of."""
        self._kept: Recent[int, GameRecord] = Recent(GAMES_KEPT)
        """Game id -> its record as this process last committed it (``change``)."""

    @classmethod
    async def open(cls, db_path: str, **kwargs: Any) -> Service:
        return cls(await Storage.open(db_path), **kwargs)

    @cached_property
    def lobbies(self) -> Lobbies:
        """Games for any number of players that fill up seat by seat
        (``bot/service/lobbies.py``)."""
        from bot.service.lobbies import Lobbies  # lobby.py builds on this module

        return Lobbies(self)

    @cached_property
    def ai(self) -> AiTurns:
        """Parlor's own players: games against them, their turns, stand-ins, hints
        (``bot/service/ai_turns.py``)."""
        from bot.service.ai_turns import AiTurns  # ai_turns.py builds on this module

        return AiTurns(self)

    @cached_property
    def players(self) -> Players:
        """Players' own settings (``bot/service/players.py``)."""
        return Players(self)

    @cached_property
    def timeouts(self) -> Timeouts:
        """Time running out: claims, the hard clock, reminders (``bot/service/timeouts.py``)."""
        return Timeouts(self)

    async def close(self) -> None:
        await self.storage.close()

    # -- challenges --------------------------------------------------------------------------

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
        """``host`` challenges ``invited`` to a two-seat game of ``key``, open for ``expires``
        (a key of ``EXPIRY``; ``DEFAULT_EXPIRY`` if None). A challenge on Discord reminds the
        invited player once, when half of that time is gone (``due_nudges``)."""
        game = game_named(key)
        ttl = expiry_seconds(expires)
        if invited.user_id == host.user_id:
            raise NotAllowed("You can't challenge yourself; pick another player.")
        try:
            resolved = game.check_setup(2, options)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        settings = check_settings(game, settings)
        await self.check_room([host, invited], guild_id)
        now = self.clock()
        if await self.storage.open_challenges_by(host.user_id, now) >= MAX_OPEN_CHALLENGES:
            raise RateLimited(
                f"You already have {MAX_OPEN_CHALLENGES} open challenges; wait for an answer "
                "or cancel one first."
            )
        challenge_id = await self.storage.insert_challenge(
            game_key=key,
            num_players=2,
            options=resolved,
            settings=settings,
            host_id=host.user_id,
            host_name=host.name,
            invited_id=invited.user_id,
            invited_name=invited.name,
            guild_id=guild_id,
            channel_id=channel_id,
            status="open",
            created_at=now,
            expires_at=now + ttl,
            nudge_at=None if channel_id is None else now + ttl / 2,
        )
        return await self.get_challenge(challenge_id)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        row = await self.storage.challenge(challenge_id)
        if row is None:
            raise NotFound("That challenge does not exist.")
        members = []
        if row["invited_id"] is None:
            members = await self.storage.lobby_members(challenge_id)
        return _challenge(row, members)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.storage.set_challenge_message(challenge_id, message_id)

    async def _open_challenge(self, challenge_id: int) -> Challenge:
        challenge = await self.get_challenge(challenge_id)
        if challenge.status == "open" and challenge.expires_at <= self.clock():
            await self.storage.close_challenge(challenge_id, "expired")
            challenge = await self.get_challenge(challenge_id)
        if challenge.status != "open":
            raise Closed(f"This challenge is no longer open: it was {challenge.status}.")
        return challenge

    async def accept(self, challenge_id: int, user: Player, *, shuffle: bool = True) -> GameRecord:
        """The invited player accepts: seats are drawn at random (host first without
        ``shuffle``, for local play) and the game starts."""
        challenge = await self._open_challenge(challenge_id)
        _check_invited(challenge, user, "accept")
        players = [challenge.host, user]
        if shuffle:
            self.seats_rng.shuffle(players)
        return await self.start_game(
            challenge,
            players,
            self.storage.accept_challenge,
            "This challenge was answered a moment ago.",
        )

    async def check_room(self, players: Sequence[Player], guild_id: int | None) -> None:
        """Refuse (``RateLimited``) a new game for a player already in as many active games as
        one may play, or on a server that holds as many as it may."""
        people = [p for p in players if not p.ai]  # Parlor plays as many as it is asked to
        for player in people:
            if await self.storage.active_games_of(player.user_id) >= self.games_per_user:
                who = f"{player.name} already plays" if len(people) > 1 else "You already play"
                raise RateLimited(
                    f"{who} {self.games_per_user} active games, the most one player may have; "
                    "finish or /resign one first."
                )
        if (
            guild_id is not None
            and await self.storage.active_games_in(guild_id) >= self.games_per_server
        ):
            raise RateLimited(
                f"This server already has {self.games_per_server} active games, the most it "
                "may hold; wait for some to finish."
            )

    async def start_game(
        self,
        challenge: Challenge,
        players: Sequence[Player],
        create: Callable[
            [int, dict[str, Any], list[tuple[int, str]], list[MoveFields]], Awaitable[int | None]
        ],
        gone: str,
    ) -> GameRecord:
        """Start the game ``challenge`` leads to, ``players`` in seat order: a fresh seed, the
        dice due at once rolled, written with the game by ``create`` (a storage call that
        closes the challenge and creates the game in one transaction, or returns None: then
        ``Closed(gone)``). A crash can never leave a game waiting on dice nobody rolls."""
        await self.check_room(players, challenge.guild_id)
        seed = self.seats_rng.randrange(2**62)
        state = challenge.game.new_game(len(players), challenge.options)
        rolled: list[Made] = []
        settings = challenge.settings
        ais = frozenset(seat for seat, p in enumerate(players) if p.ai)
        by_hand = settings.get("roll") == "button"
        users = [p.user_id for p in players]
        state = await self._advance(state, seed, by_hand, users, rolled, ais=ais)
        now = self.clock()
        first = seat_to_act(state, settings, False)
        mover = None if first is None else players[first].user_id
        ai = first in ais
        turn = await self._new_turn(settings, challenge.channel_id, mover, now, ai=ai)
        if ai and challenge.channel_id is not None:
            turn["ai_at"] = now + self.ai_delay
        game_id = await create(
            challenge.id,
            {
                "game_key": challenge.key,
                "num_players": len(players),
                "options": dict(state.options),
                "settings": settings,
                "seed": seed,
                "status": "active",
                "guild_id": challenge.guild_id,
                "channel_id": challenge.channel_id,
                "snapshot": state.position_json(),
                "to_act": first,
                "created_at": now,
                "updated_at": now,
                **turn,
            },
            [(p.user_id, p.name) for p in players],
            _fields(rolled),
        )
        if game_id is None:
            raise Closed(gone)
        return await self.game(game_id)

    async def roll_due(self, game_id: int) -> Played:
        """Roll whatever dice the game waits on that nobody presses Roll for (a game written
        before its first roll by an older version of Parlor, say); nothing when none are."""
        return await self.change(
            game_id, lambda record: None if record.over else Change(record.state)
        )

    async def _new_turn(
        self,
        settings: dict[str, Any],
        channel_id: int | None,
        mover: int | None,
        now: float,
        *,
        ai: bool = False,
    ) -> dict[str, Any]:
        """The clock columns of a turn (or roll) that starts ``now`` for the user ``mover``:
        its deadline waits out their vacation, if they are on one; a game played in a terminal
        (no ``channel_id``) gets no looks of the sweep, so no reminders. An AI's turn (``ai``)
        has no clock and no reminders."""
        if ai:
            return clocks.Turn(now, None).columns(False)
        turn = clocks.start_turn(settings, now).columns(channel_id is not None)
        if turn["deadline"] is not None and mover is not None:
            back = (await self.players.settings(mover)).away(now)
            if back is not None:
                turn["deadline"] += back - now
        return turn

    async def _advance(
        self,
        state: engine.State,
        seed: int,
        by_hand: bool,
        users: Sequence[int],
        made: list[Made],
        rollers: list[int | None] | None = None,
        *,
        ais: frozenset[int] = frozenset(),
    ) -> engine.State:
        """Roll the dice now due (``_roll_due``), and play each decision that has exactly one
        legal move for a player who leaves those to the bot (``auto_play``, on unless they
        chose), recorded as theirs with no user; the state after it all. The seats an AI
        plays (``ais``) have their dice rolled even at a table that rolls by hand."""
        state = self._roll_due(state, seed, by_hand, made, rollers, ais)
        while not state.is_over() and not state.is_chance_node():
            legal = state.legal_moves()  # kept by the state: the menus read the same list
            if len(legal) != 1:
                break
            seat = state.to_move
            if not (await self.players.settings(users[seat])).auto_play:
                break
            state = state.apply(legal[0])
            made.append((legal[0], seat, None))
            state = self._roll_due(state, seed, by_hand, made, rollers, ais)
        return state

    @staticmethod
    def _roll_due(
        state: engine.State,
        seed: int,
        by_hand: bool,
        made: list[Made],
        rollers: list[int | None] | None = None,
        ais: frozenset[int] = frozenset(),
    ) -> engine.State:
        """Roll the dice now due (all but those a player rolls by hand; an AI, ``ais``, has
        them rolled), recording each roll in ``made`` (and whose roll it was in
        ``rollers``); the state after them."""
        while state.is_chance_node() and not (
            by_hand and state.roller is not None and state.roller not in ais
        ):
            if rollers is not None:
                rollers.append(state.roller)
            roll = draw_chance(state, roll_rng(seed, len(state.history)))
            state = state.apply(roll)
            made.append((roll, engine.CHANCE, None))
        return state

    async def decline(self, challenge_id: int, user: Player) -> Challenge:
        _check_invited(await self._open_challenge(challenge_id), user, "decline")
        return await self._close(challenge_id, "declined")

    async def cancel(self, challenge_id: int, user: Player) -> Challenge:
        challenge = await self._open_challenge(challenge_id)
        if user.user_id != challenge.host.user_id:
            raise NotAllowed("Only the player who made this challenge can cancel it.")
        return await self._close(challenge_id, "cancelled")

    async def _close(self, challenge_id: int, status: str) -> Challenge:
        if not await self.storage.close_challenge(challenge_id, status):
            raise Closed("This challenge was answered a moment ago.")
        return await self.get_challenge(challenge_id)

    async def due_nudges(self) -> list[Challenge]:
        """The open challenges whose invited player is due their one reminder (half the time
        gone): each is handed out once, by any sweep of any process, and marked done first."""
        return [_challenge(row) for row in await self.storage.claim_nudges(self.clock())]

    async def expire_challenges(self) -> list[Challenge]:
        """Close every open challenge past its time; returns them (as they were)."""
        return [_challenge(row) for row in await self.storage.expire_challenges(self.clock())]

    # -- games -------------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord:
        """The game's record: its row, seats and moves read, its position decoded once."""
        found = await self.storage.game_with_moves(game_id)
        if found is None:
            raise NotFound("That game does not exist.")
        return _record(*found)

    async def games_of(self, user_id: int, *, active_only: bool = True) -> list[GameSummary]:
        """The user's games, newest move first, as a listing shows them (one query, nothing
        decoded; ``game`` reads one in full). ``active_only``: those still going that they
        are still in."""
        rows = await self.storage.games_of(user_id, active_only=active_only)
        return [_summary(row) for row in rows]

    async def history(self, game_id: int) -> list[MoveRow]:
        await self.game(game_id)
        return await self.storage.moves(game_id)

    async def only_moves_at_start(self, game_id: int) -> list[str]:
        """The moves the bot played for players (decisions with one legal move) as a game
        began, before anyone acted: what its first turn message says of them."""
        return [
            row.move
            for row in await self.storage.moves(game_id)
            if row.user_id is None and row.seat is not None and row.seat >= 0
        ]

    async def game_in_thread(self, thread_id: int) -> GameRecord | None:
        """The game played in the thread ``thread_id``, finished or not; None if none is."""
        game_id = await self.storage.game_in_thread(thread_id)
        return None if game_id is None else await self.game(game_id)

    async def games_behind(self) -> list[GameRecord]:
        """Games on Discord whose latest board shows an older version (a crash came between a
        move's commit and its board), going or over (the move, resignation, claim or timeout
        that ended it): they need their board, and so their result, posted again."""
        return [await self.game(game_id) for game_id in await self.storage.games_behind()]

    async def place_gone(self, game_id: int) -> None:
        """The game's channel (or thread) is gone: a restart stops trying to show its board."""
        self._kept.pop(game_id, None)
        await self.storage.board_nowhere(game_id)

    async def set_place(
        self, game_id: int, *, channel_id: int | None = None, thread_id: int | None = None
    ) -> None:
        """Where the game is played on Discord (its channel, its thread): written under the
        game's lock with a version check, so it never races a move."""
        async with self._lock(game_id):
            self._kept.pop(game_id, None)
            while True:
                head = await self.storage.game_head(game_id, 0)
                if head is None:
                    raise NotFound("That game does not exist.")
                if await self.storage.set_game_place(
                    game_id, head[0], channel_id=channel_id, thread_id=thread_id
                ):
                    return

    async def set_board(self, record: GameRecord, message_id: int) -> None:
        """``message_id`` now shows ``record`` (its version) with its controls."""
        # Known at once, as the trigger that records it moves the stored game's latest board:
        # a click on it may come before the write.
        self._boards[message_id] = record.id
        kept = self._kept.get(record.id)
        if kept is not None and (kept.posted_version or 0) <= record.version:
            self._kept[record.id] = replace(kept, message_id=message_id,
                                            posted_version=record.version)  # fmt: skip
        await self.storage.set_board_message(record.id, message_id, record.version)

    async def game_of_message(self, message_id: int) -> int | None:
        """The game whose board ``message_id`` is, or None. A board never changes game, so
        the answer is kept in memory (the latest ``BOARDS_KEPT``) once known."""
        game_id = self._boards.get(message_id)
        if game_id is None:
            game_id = await self.storage.game_of_message(message_id)
            if game_id is not None:
                self._boards[message_id] = game_id
        return game_id

    async def play(
        self, game_id: int, user_id: int, move: str | engine.Move, *, version: int | None = None
    ) -> Played:
        """``user_id`` plays ``move`` (notation or a Move): one of their own legal moves, never
        another player's removal (that comes only through ``resign`` or the turn timer).
        ``version``: the game version the player saw; a click on an outdated board is refused
        (``Conflict``) instead of applied twice.

        At a table that rolls by hand, the player whose roll is due plays ``"roll"``: the dice
        are drawn from the game's seed exactly as the bot would have drawn them."""
        if isinstance(move, str) and len(move) > MAX_MOVE_TEXT:
            raise engine.IllegalMove(
                f"That is too long to be a move ({len(move):,} characters); "
                f"a move is at most {MAX_MOVE_TEXT}."
            )
        if version is not None and self._lock(game_id).locked():
            # a click on an old board waits for no lock: one small query refuses it
            await self._check_version(game_id, user_id, version)

        def decide(record: GameRecord) -> Change:
            if version is not None:  # again, now that the clicks before it are done
                seated = record.seat_of(user_id) is not None
                _check_board(record.version, record.status, seated, version)
            seat = self.check_turn(record, user_id)
            state = record.state
            if record.awaiting_roll:
                if not isinstance(move, str) or engine.core.normalize_move_text(move) != "roll":
                    raise engine.IllegalMove("Roll the dice first: press Roll, or /move roll.")
                roll = draw_chance(state, roll_rng(record.seed, len(state.history)))
                made = ((roll, engine.CHANCE, user_id),)
                return Change(state.apply(roll), made, stand_ins=_back(record, seat))
            # On the loop, as decoding the game and listing its moves are: a move takes tens
            # of microseconds (a few ms at worst), less than a hop to a thread and back.
            after, own = _play_own(state, move)
            return Change(after, ((own, seat, user_id),), stand_ins=_back(record, seat))

        return await self.change(game_id, decide, not_saved=NOT_SAVED)

    async def _check_version(self, game_id: int, user_id: int, version: int) -> None:
        """Refuse a click from a board of ``version`` that is out of date (``_check_board``),
        reading only the game's row head and seats (no snapshot)."""
        head = await self.storage.game_head(game_id, user_id)
        if head is None:
            raise NotFound("That game does not exist.")
        current, status, seated = head
        _check_board(current, status, seated, version)

    async def resign(self, game_id: int, user_id: int) -> GameRecord:
        """``user_id`` gives up. Where the engine can remove a player (a table that plays on
        without someone who leaves), the others play on without them; otherwise the others
        win."""

        def decide(record: GameRecord) -> Change:
            seat = _seat(record, user_id)
            if record.over:
                raise Closed("This game is already over.")
            if seat in record.gone:
                raise Closed("You have already left this game.")
            if (move := record.state.removal_for(seat)) is not None:
                return Change(record.state.apply(move), ((move, seat, user_id),))
            winners = [s for s in range(record.num_players) if s != seat]
            return Change(record.state, result={"resigned": seat, "winners": winners})

        return (await self.change(game_id, decide)).game

    def check_turn(self, record: GameRecord, user_id: int) -> int:
        """The seat of ``user_id`` if the game waits for them; else ``ServiceError``."""
        seat = _seat(record, user_id)
        if record.over:
            raise Closed("This game is over; no more moves can be played.")
        if record.seat_to_act != seat:
            waiting = record.player_to_move
            who = f"waiting for {waiting.name}" if waiting else "not a player's turn"
            raise NotAllowed(f"It's not your turn: {who}.")
        return seat

    async def change(
        self,
        game_id: int,
        decide: Callable[[GameRecord], Change | Awaitable[Change] | None],
        *,
        not_saved: str | None = None,
    ) -> Played:
        """The one way a game changes: under the game's lock, take its record (as this process
        last committed it, kept in memory; else read and decoded once), let ``decide`` say
        what happens (``None``: nothing; or raise a ``ServiceError`` / ``IllegalMove`` for the
        user: nothing is written then), roll the dice that come due, and commit it all in one
        version-checked transaction. When the database cannot be written, ``Unavailable``
        (with ``not_saved`` as its message, if given).

        A kept record saves each move a read, and a decode, of what this process wrote itself;
        should another process have changed the game since, the commit's version check refuses
        it, and ``decide`` runs once more on the game as stored."""
        async with self._lock(game_id):
            kept = self._kept.get(game_id)
            while True:
                record = kept or await self.game(game_id)
                try:
                    change = decide(record)
                    if inspect.isawaitable(change):
                        change = await change
                except (ServiceError, engine.IllegalMove):
                    if kept is None or not await self._moved_on(kept):
                        raise
                    # refused on a game another process moved since: decide on it as stored
                    self._kept.pop(game_id, None)
                    kept = None
                    continue
                if change is None:
                    return Played(record, ())
                try:
                    played = await self._commit(record, change, not_saved)
                except Conflict:
                    if kept is None:
                        raise
                    # changed by another process since this one kept it: decide again on the
                    # stored game (a click from a board that is now old is refused then)
                    self._kept.pop(game_id, None)
                    kept = None
                    continue
                self._kept.pop(game_id, None)  # written again last: the oldest go first
                self._kept[game_id] = played.game
                return played

    async def _moved_on(self, kept: GameRecord) -> bool:
        """Whether the game of a kept record is at another version in the database now (moved
        by another process: a sweep, an AI turn, a click on another shard)."""
        head = await self.storage.game_head(kept.id, 0)
        return head is not None and head[0] != kept.version

    async def _commit(self, record: GameRecord, change: Change, not_saved: str | None) -> Played:
        state, made, result = change.state, list(change.moves), change.result
        stand_ins = record.stand_ins if change.stand_ins is None else change.stand_ins
        ais = frozenset(s for s, p in enumerate(record.players) if p.ai) | set(stand_ins)
        rollers: list[int | None] = []
        if result is None:
            users = [p.user_id for p in record.players]
            state = await self._advance(
                state, record.seed, record.rolls_by_hand, users, made, rollers, ais=ais
            )
        over = result is not None or state.is_over()
        if result is None and over:
            outcome = state.outcome
            result = {"winners": list(outcome.winners), "scores": list(outcome.scores)}
        if not made and result is None and change.stand_ins is None:
            return Played(record, ())
        status, now = ("over" if over else "active"), self.clock()
        snapshot = state.position_json()
        to_act = seat_to_act(state, record.settings, over)
        ai = to_act in ais
        clock = None
        if over:
            clock = clocks.NO_TURN
        elif (
            to_act != record.seat_to_act
            or any(seat == engine.CHANCE for _, seat, _ in made)
            or change.stand_ins is not None
            or ai
        ):
            mover = None if to_act is None else record.players[to_act].user_id
            clock = await self._new_turn(record.settings, record.channel_id, mover, now, ai=ai)
        ai_at = None
        if ai and not over and record.channel_id:
            absent = to_act in stand_ins and not record.players[to_act].ai
            ai_at = now + (self.stand_in_grace if absent else self.ai_delay)
        try:
            ok = await self.storage.record_moves(
                record.id,
                record.version,
                _fields(made),
                first_number=len(record.state.history) + 1,
                snapshot=snapshot,
                status=status,
                result=result,
                to_act=to_act,
                left=sorted(state.gone - record.state.gone),
                clock=clock,
                ai_at=ai_at,
                was_ai=record.ai_to_act is not None,
                stand_ins=change.stand_ins,
                now=now,
            )
        except Unavailable as exc:
            if not_saved is None:
                raise
            raise Unavailable(not_saved) from exc
        if not ok:
            raise Conflict("Someone else changed this game at the same moment; try again.")
        after = replace(
            record,
            state=state,
            version=record.version + 1,
            status=status,
            result=result,
            updated_at=now,
            snapshot=snapshot,
            stand_ins=dict(stand_ins),
            ai_at=ai_at,
            **({} if clock is None else {k: clock[k] for k in ("turn_at", "deadline")}),
        )
        actor = record.seat_to_act
        # another player's turn came between: they act now, dice were rolled for them, or
        # their only move was played for them
        others = [seat for seat in rollers if seat is not None]
        others += [seat for _, seat, user in made[len(change.moves) :] if user is None]
        turn_over = over or to_act != actor or any(seat not in (actor, CHANCE) for seat in others)
        return Played(after, tuple(move for move, _, _ in made), turn_over)

    def forget(self, game_ids: Sequence[int]) -> None:
        """Drop what this process keeps of these games (changed in storage by other means)."""
        for game_id in game_ids:
            self._kept.pop(game_id, None)

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:  # kept while anyone holds or waits for it, then let go
            lock = self._locks[game_id] = asyncio.Lock()
        return lock


def _back(record: GameRecord, seat: int) -> dict[int, str] | None:
    """The stand-ins once the player of ``seat`` plays again, if an AI played for them."""
    if seat not in record.stand_ins:
        return None
    return {s: level for s, level in record.stand_ins.items() if s != seat}


def _fields(made: Sequence[Made]) -> list[MoveFields]:
    """Moves as storage records them: notation, seat, user."""
    return [(str(move), seat, user) for move, seat, user in made]


def _play_own(state: engine.State, move: str | engine.Move) -> tuple[engine.State, engine.Move]:
    """``move`` (text or a Move) if it is one of the legal moves of the player to act, and the
    state after it; ``IllegalMove`` otherwise. A removal parses (the record holds them) but is
    no player's own move."""
    if isinstance(move, str):
        move = state.parse(move)
    if move not in state.legal_moves():
        if move in state.removal_moves():
            raise engine.IllegalMove(
                "You can't remove a player with a move: leave with /resign, or remove a player "
                "whose time ran out with the button on the turn message."
            )
        raise engine.IllegalMove(f"{move} is not one of your moves now.")
    return state.apply(move), move


def game_named(key: str) -> engine.Game:
    """The game called ``key``; ``NotFound`` naming the games for any other."""
    try:
        return engine.get_game(key)
    except KeyError:
        known = ", ".join(engine.GAMES)
        raise NotFound(f"There is no game called {key!r}; games: {known}.") from None


ROLL_MODES = ("bot", "button")
"""Table setting ``roll``: the bot rolls the dice when they are due, or a player presses Roll."""
TABLE_SETTINGS = ("roll", "clock", "clock_mode", "hints")
"""How a table plays (not the rules): who rolls, the move clock (``bot/service/clocks.py``), whether
players may ask for a hint (``/hint``; on by default in a game against Parlor)."""
HINTS = ("on", "off")


def check_settings(game: engine.Game, settings: dict[str, Any] | None) -> dict[str, Any]:
    """The table's settings (how it plays, not the rules), checked; ``ServiceError`` if bad."""
    settings = dict(settings or {})
    unknown = sorted(set(settings) - set(TABLE_SETTINGS))
    if unknown:
        known = ", ".join(TABLE_SETTINGS)
        raise ServiceError(f"There is no table setting {unknown[0]!r}; settings: {known}.")
    try:
        clocks.check_clock(settings)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    if settings.get("hints", "on") not in HINTS:
        raise ServiceError(f"hints can be on or off, not {settings['hints']!r}.")
    roll = settings.setdefault("roll", "bot")
    if roll not in ROLL_MODES:
        raise ServiceError(f"roll can be {' or '.join(ROLL_MODES)}, not {roll!r}.")
    if roll == "button" and not game.has_chance:
        raise ServiceError(f"{game.title} has no dice, so there is nothing to roll.")
    return settings


def expiry_seconds(expires: str | None) -> int:
    """Seconds a challenge or lobby stays open for ``expires`` (``DEFAULT_EXPIRY`` if None);
    ``ServiceError`` naming the choices for anything else."""
    seconds = EXPIRY.get(DEFAULT_EXPIRY if expires is None else expires)
    if seconds is None:
        raise ServiceError(f"expires can be {', '.join(EXPIRY)}, not {expires!r}.")
    return seconds


def _check_board(current: int, status: str, seated: bool, version: int) -> None:
    """Refuse a click on a board of ``version`` when the game is at ``current``:
    ``NotAllowed`` for someone not seated, ``Closed`` when the game is over, ``Conflict`` when
    the board is out of date."""
    if not seated:
        raise NotAllowed("You are not playing in this game.")
    if status == "over":
        raise Closed("This game is over; no more moves can be played.")
    if current != version:
        raise Conflict("That board is out of date; nothing was played.")


def _seat(record: GameRecord, user_id: int) -> int:
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotAllowed("You are not playing in this game.")
    return seat


def _check_invited(challenge: Challenge, user: Player, verb: str) -> None:
    if challenge.invited is None or user.user_id != challenge.invited.user_id:
        raise NotAllowed(f"Only the invited player can {verb} this challenge.")
