"""Parlor's own players at work: games against them, their turns, playing for an absent
player, and hints. No Discord in here.

An AI's turn is due ``Gameplay.ai_delay`` seconds after it comes (``games.ai_at``, see
``bot/service/store/ai_rows.py``); the bot takes the turns due and plays each
(:meth:`AiTurns.play`): the
AI's decisions are worked out by ``think`` (the bot runs them in worker processes, never on
the event loop), then committed as one change, version-checked, like a player's move. What
the AI plays is a pure function of the game (its seed and its moves), so a turn taken again
after a restart is the same turn.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import engine
import engine.ai
from bot.service import clocks
from bot.service.ai_players import STAND_IN_LEVEL, ai_id, ai_name, check_level
from bot.service.challenges import Challenges
from bot.service.errors import Closed, NotAllowed, ServiceError
from bot.service.gameplay import Gameplay, check_turn
from bot.service.records import Change, GameRecord, Played, Player
from bot.service.table_settings import check_settings, game_named
from bot.service.timeouts import seat_of_claimant

AI_LEASE = 60.0
"""Seconds a process holds an AI turn it took; should it stop meanwhile, another takes it
then, or its own next run at once (:meth:`AiTurns.take_over`)."""
AI_BATCH = 20
"""AI turns taken at once."""
MOST_DECISIONS = 500
"""Decisions an AI plays in one go at most (a turn is far fewer)."""

THINK_SECONDS = 2.5
"""CPU seconds one of Parlor's decisions may take in its worker. The hard level's budget of
positions is sized for about one second; this bounds it on a machine slower or busier than
that (the move is then what the search had found, and a turn taken again may differ)."""

Think = Callable[..., Awaitable[Any]]
"""Runs ``fn(*args)`` somewhere off the event loop and gives its result: ``think(fn, *args)``."""


def ai_rng(seed: int, move_number: int) -> random.Random:
    """The AI's RNG for the decision at ``move_number`` of the game seeded ``seed``."""
    return random.Random(f"parlor-ai:{seed}:{move_number}")


def thinking_time(seconds: float = THINK_SECONDS) -> engine.ai.Budget:
    """The level's own budget of positions, and at most ``seconds`` of this process's CPU
    from now."""
    until = time.process_time() + seconds
    return engine.ai.Budget(out_of_time=lambda: time.process_time() > until)


def plan_turn(
    key: str,
    position: str,
    history: list[str],
    seat: int,
    level: str,
    seed: int,
    seconds: float = THINK_SECONDS,
) -> list[str]:
    """The moves the AI of ``level`` makes for ``seat``: its decisions until another seat
    acts, dice are due, or the game ends, each within ``seconds`` of CPU. The same game gives
    the same moves wherever no decision runs out of time."""
    state = engine.get_game(key).from_position(position, history)
    moves: list[str] = []
    while state.to_move == seat and len(moves) < MOST_DECISIONS:
        rng = ai_rng(seed, len(state.history))
        move = engine.ai.choose(state, level, rng, thinking_time(seconds))
        moves.append(str(move))
        state = state.apply(move)
    return moves


def hint_for(key: str, position: str, history: list[str], seed: int) -> tuple[str, str | None]:
    """The hard AI's move for the player to act, and a few words on why (or ``None``)."""
    state = engine.get_game(key).from_position(position, history)
    move, reason = engine.ai.hint(state, ai_rng(seed ^ 0x5EED, len(state.history)), thinking_time())
    return str(move), reason


async def think_here(fn: Callable[..., Any], *args: Any) -> Any:
    """``think`` for callers with no worker processes (local play): in this process."""
    return fn(*args)


ALL_SHARDS = "all"
"""The shards of an unsharded bot: all of them."""


def shards_key(shard_count: int | None, shard_ids: list[int] | None) -> str:
    """How a lease names the shards of its process: "all" unsharded, else "COUNT:ID,ID"."""
    if not shard_count or shard_ids is None:
        return ALL_SHARDS
    return f"{shard_count}:{','.join(str(i) for i in sorted(shard_ids))}"


def _earlier_run(holder: str, me: str) -> bool:
    """Whether the lease holder ``holder`` is an earlier run of shards that the process ``me``
    runs now (so it stopped), rather than ``me`` or another live process. Unsharded, or a
    shard count that changed, overlaps every holder."""
    shards, _, run = holder.partition(" ")
    mine, _, my_run = me.partition(" ")
    if run == my_run:
        return False
    if ALL_SHARDS in (shards, mine):
        return True
    count, _, ids = shards.partition(":")
    my_count, _, my_ids = mine.partition(":")
    return count != my_count or bool(set(ids.split(",")) & set(my_ids.split(",")))


def _args(record: GameRecord) -> tuple[str, str, list[str]]:
    return (
        record.key,
        record.snapshot or record.state.position_json(),
        [str(m) for m in record.state.history],
    )


class AiTurns:
    """The AI part of a ``Service`` (reach it as ``service.ai``)."""

    def __init__(self, gameplay: Gameplay, challenges: Challenges) -> None:
        self.gameplay = gameplay
        self.challenges = challenges
        self.storage = gameplay.storage
        self.run = secrets.token_hex(8)
        """This process's run: new at every start, written with each lease it takes."""
        self.shards = ALL_SHARDS
        """The shards this process runs (:func:`shards_key`), as :meth:`take_over` said."""

    @property
    def holder(self) -> str:
        """What a lease this process takes says of it (``games.ai_by``): "SHARDS RUN"."""
        return f"{self.shards} {self.run}"

    async def take_over(self, shards: str = ALL_SHARDS) -> int:
        """This process runs ``shards`` (:func:`shards_key`): free at once the AI turns that an
        earlier run of any of those shards had taken and never played (it stopped: one
        process runs a shard at a time), so they are due now rather than when their lease
        runs out. How many turns were freed. Called once, as the bot starts."""
        self.shards = shards
        gone = [h for h in await self.storage.ai_holders() if _earlier_run(h, self.holder)]
        return await self.storage.release_ai(gone, AI_LEASE)

    async def against(
        self,
        key: str,
        host: Player,
        level: str,
        *,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        shuffle: bool = True,
    ) -> GameRecord:
        """``host`` plays a two-seat game of ``key`` against Parlor at ``level``, starting at
        once (no challenge to accept); seats drawn at random (host first without
        ``shuffle``)."""
        game = game_named(key)
        try:
            check_level(level)
            resolved = game.check_setup(2, options)
        except ValueError as exc:
            raise ServiceError(str(exc)) from None
        settings = check_settings(game, settings)
        parlor = Player(ai_id(level, 1), ai_name(level))
        now = self.gameplay.clock()
        challenge = await self.challenges.insert(
            key,
            resolved,
            settings,
            host,
            parlor,
            guild_id=guild_id,
            channel_id=channel_id,
            created_at=now,
            expires_at=now + 60,
            nudge_at=None,
        )
        return await self.gameplay.start_game(
            challenge,
            [host, parlor],
            self.storage.accept_challenge,
            "That game could not start.",
            shuffle=shuffle,
        )

    async def seat(self, game_id: int, seats: dict[int, str]) -> GameRecord:
        """Parlor plays ``seats`` (seat -> level) of a game from now on, for the players who
        sit there (local play's ``--ai``: the terminal's seats are all one person's)."""

        def decide(record: GameRecord) -> Change:
            return Change(record.state, stand_ins={**record.stand_ins, **seats})

        return (await self.gameplay.change(game_id, decide)).game

    async def due(self) -> list[int]:
        """Take the games whose AI is due to play now (each held for ``AI_LEASE``)."""
        now = self.gameplay.clock()
        return await self.storage.take_ai_due(now, now + AI_LEASE, AI_BATCH, self.holder)

    async def play(self, game_id: int, think: Think = think_here) -> Played | None:
        """The AI the game waits on plays its turn: its moves, committed and returned; None
        when the game no longer waits on an AI, or changed while it thought (that change
        set the game's next AI turn itself)."""
        record = await self.gameplay.game(game_id)
        level = record.ai_to_act
        if level is None:
            await self.storage.drop_ai(game_id)
            return None
        seat = record.seat_to_act  # never a roll by hand: the service rolls for Parlor
        moves = await think(plan_turn, *_args(record), seat, level, record.seed)
        user = record.players[seat].user_id if record.players[seat].ai else ai_id(level, 0)

        def decide(now: GameRecord) -> Change | None:
            if now.version != record.version or now.ai_to_act is None:
                return None
            state, made = now.state, []
            for text in moves:
                move = state.parse(text)
                state = state.apply(move)
                made.append((move, seat, user))
            return Change(state, tuple(made))

        played = await self.gameplay.change(game_id, decide)
        return played if played.moves else None

    async def stand_in(self, game_id: int, user_id: int, *, version: int | None = None) -> Played:
        """Another player lets the AI play for the player to act, whose time has run out
        (beside claiming the win or removing them)."""
        now = self.gameplay.clock()

        def decide(record: GameRecord) -> Change:
            seat = seat_of_claimant(record, user_id, version)
            due, target = clocks.time_up(record), record.seat_to_act
            if due is None or target is None or record.ai_to_act:
                raise NotAllowed("Nobody here has run out of time.")
            if target == seat:
                raise NotAllowed("That's you: make your move instead.")
            if (left := due - now) > 0:
                name = record.players[target].name
                raise NotAllowed(f"{name} still has {clocks.left_short(left)} for this move.")
            return Change(record.state, stand_ins={**record.stand_ins, target: STAND_IN_LEVEL})

        return await self.gameplay.change(game_id, decide)

    async def back(self, game_id: int, user_id: int) -> Played:
        """The player an AI plays for takes their seat back (it is then theirs to play, on a
        fresh clock, when it is their turn)."""

        def decide(record: GameRecord) -> Change:
            seat = record.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not playing in this game.")
            if record.over:
                raise Closed("This game is over.")
            if seat not in record.stand_ins:
                raise NotAllowed("You are playing your own seat already.")
            rest = {s: level for s, level in record.stand_ins.items() if s != seat}
            return Change(record.state, stand_ins=rest)

        return await self.gameplay.change(game_id, decide)

    async def hint(
        self, game_id: int, user_id: int, think: Think = think_here
    ) -> tuple[str, str | None]:
        """The hard AI's move for ``user_id``, whose turn it is, and why (where it can say):
        only where the table has hints on."""
        record = await self.gameplay.game(game_id)
        if record.seat_of(user_id) is None:
            raise NotAllowed("You are not playing in this game.")
        if not record.hints:
            raise NotAllowed(
                "Hints are off at this table (they are on by default only in games against "
                "Parlor; the table chooses with /play ... hints:on)."
            )
        check_turn(record, user_id)
        if record.awaiting_roll:
            raise NotAllowed("Roll the dice first; then ask for a hint.")
        return await think(hint_for, *_args(record), record.seed)
