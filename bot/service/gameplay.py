"""The one way a game changes, and how one starts. No Discord in here.

A request on a game (a move, a resignation, a claim, an AI's turn) says what it does as a
``decide`` function of the game's record; :meth:`Gameplay.change` runs it under the game's lock,
rolls the dice that then come due, plays the decisions with one legal move for the players who
leave those to the bot, and commits it all with an optimistic version check, in one transaction.
Only then is the change reported.
"""

from __future__ import annotations

import asyncio
import inspect
import random
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

import engine
from bot.service import clocks, dice, endings
from bot.service.ai_players import AI_DELAY, STAND_IN_GRACE
from bot.service.errors import (
    Closed,
    Conflict,
    NotAllowed,
    NotFound,
    RateLimited,
    ServiceError,
    Unavailable,
)
from bot.service.players import Players
from bot.service.recent import Recent
from bot.service.records import (
    Challenge,
    Change,
    GameRecord,
    GameSummary,
    Made,
    Played,
    Player,
    record_from_row,
    seat_to_act,
    summary_from_row,
)
from bot.service.store.storage import MoveFields, MoveRow, Storage
from engine import CHANCE

MAX_GAMES_PER_USER = 50
"""Active games one user may be seated in at once."""
MAX_GAMES_PER_SERVER = 1000
"""Active games one Discord server may hold at once, unless the bot is told otherwise
(``PARLOR_MAX_GAMES_PER_SERVER``)."""
GAMES_KEPT = 2_000
"""Games whose latest record is kept in memory between their moves (``Gameplay.change``)."""

Create = Callable[
    [int, dict[str, Any], list[tuple[int, str]], list[MoveFields]], Awaitable[int | None]
]
"""A storage call that closes a challenge and creates its game in one transaction (the game's
id), or returns None when the challenge is no longer open."""


class Gameplay:
    """Games changed and started (reach its methods through ``Service``)."""

    def __init__(
        self,
        storage: Storage,
        players: Players,
        kept: Recent[int, GameRecord],
        *,
        clock: Callable[[], float] = time.time,
        seats_rng: random.Random | None = None,
        games_per_user: int = MAX_GAMES_PER_USER,
        games_per_server: int = MAX_GAMES_PER_SERVER,
        ai_delay: float = AI_DELAY,
        stand_in_grace: float = STAND_IN_GRACE,
    ) -> None:
        self.storage = storage
        self.players = players
        self.clock = clock
        self.seats_rng = seats_rng or random.SystemRandom()
        self.games_per_user = games_per_user
        self.games_per_server = games_per_server
        self.ai_delay = ai_delay
        """Seconds after its turn comes that an AI plays (``bot/service/ai_turns.py``)."""
        self.stand_in_grace = stand_in_grace
        """Seconds after an absent player's turn comes that the AI standing in for them plays
        it (till then they may play it themselves, and so take their seat back)."""
        self.kept = kept
        """Game id -> its record as this process last committed it (``change``); shared with
        ``Players``, whose vacations move deadlines under it."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # -- reading -----------------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord:
        """The game's record: its row, seats and moves read, its position decoded once."""
        found = await self.storage.game_with_moves(game_id)
        if found is None:
            raise NotFound("That game does not exist.")
        return record_from_row(*found)

    async def games_of(self, user_id: int, *, active_only: bool = True) -> list[GameSummary]:
        """The user's games, newest move first, as a listing shows them (one query, nothing
        decoded; ``game`` reads one in full). ``active_only``: those still going that they
        are still in."""
        rows = await self.storage.games_of(user_id, active_only=active_only)
        return [summary_from_row(row) for row in rows]

    async def local_games(self) -> list[GameSummary]:
        """The unfinished games played in a terminal, newest move first."""
        return [summary_from_row(row) for row in await self.storage.local_games()]

    async def history(self, game_id: int) -> list[MoveRow]:
        await self.game(game_id)
        return await self.storage.moves(game_id)

    def forget(self, game_ids: Sequence[int]) -> None:
        """Drop what this process keeps of these games (changed in storage by other means)."""
        for game_id in game_ids:
            self.kept.pop(game_id, None)

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock: every change of it in this process runs under it."""
        lock = self._locks.get(game_id)
        if lock is None:  # kept while anyone holds or waits for it, then let go
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # -- starting ----------------------------------------------------------------------------

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
        create: Create,
        gone: str,
        *,
        shuffle: bool = False,
    ) -> GameRecord:
        """Start the game ``challenge`` leads to, ``players`` in seat order (drawn at random
        first with ``shuffle``): a fresh seed, the dice due at once rolled, written with the
        game by ``create`` (``Closed(gone)`` when it returns None). A crash can never leave a
        game waiting on dice nobody rolls."""
        players = list(players)
        if shuffle:
            self.seats_rng.shuffle(players)
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
            move_fields(rolled),
        )
        if game_id is None:
            raise Closed(gone)
        return await self.game(game_id)

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
        """Roll the dice now due (``dice.roll_due``), and play each decision that has exactly
        one legal move for a player who leaves those to the bot (``auto_play``, on unless they
        chose), recorded as theirs with no user; the state after it all. The seats an AI
        plays (``ais``) have their dice rolled even at a table that rolls by hand."""
        state = dice.roll_due(state, seed, by_hand, made, rollers, ais)
        while not state.is_over() and not state.is_chance_node():
            legal = state.legal_moves()  # kept by the state: the menus read the same list
            if len(legal) != 1:
                break
            seat = state.to_move
            if not (await self.players.settings(users[seat])).auto_play:
                break
            state = state.apply(legal[0])
            made.append((legal[0], seat, None))
            state = dice.roll_due(state, seed, by_hand, made, rollers, ais)
        return state

    # -- changing ----------------------------------------------------------------------------

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
        async with self.lock(game_id):
            kept = self.kept.get(game_id)
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
                    self.kept.pop(game_id, None)
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
                    self.kept.pop(game_id, None)
                    kept = None
                    continue
                self.kept.pop(game_id, None)  # written again last: the oldest go first
                self.kept[game_id] = played.game
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
            finish = (
                await endings.ending(self.storage, record, state, result, made, now)
                if over
                else None
            )
            ok = await self.storage.record_moves(
                record.id,
                record.version,
                move_fields(made),
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
                finish=finish,
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


def move_fields(made: Sequence[Made]) -> list[MoveFields]:
    """Moves as storage records them: notation, seat, user."""
    return [(str(move), seat, user) for move, seat, user in made]


def seat_of(record: GameRecord, user_id: int) -> int:
    """The seat of ``user_id`` in the game; ``NotAllowed`` for someone not playing in it."""
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotAllowed("You are not playing in this game.")
    return seat


def check_turn(record: GameRecord, user_id: int) -> int:
    """The seat of ``user_id`` if the game waits for them; else ``ServiceError``."""
    seat = seat_of(record, user_id)
    if record.over:
        raise Closed("This game is over; no more moves can be played.")
    if record.seat_to_act != seat:
        waiting = record.player_to_move
        who = f"waiting for {waiting.name}" if waiting else "not a player's turn"
        raise NotAllowed(f"It's not your turn: {who}.")
    return seat
