"""Time running out: claims and removals, the hard clock, reminders. No Discord in here.

When the player a game waits on runs out of time (the move clock or a game's turn timer,
``bot/service/clocks.py``), any other player still at the table may end their part (``claim``): the
engine's removal move takes them out where it has one (the others play on; the last
player or team left wins); elsewhere, and whenever only two were left, the game ends and the
others win, the result saying who ran out of time (as ``/resign`` does in a game whose rules
let no one leave). At a table with the hard clock, the sweep does the same itself.

``sweep`` is one pass over the games something is due for (``clock_rows.py``): a reminder, a
soft clock run out (its turn message gets the claim button), a hard one (the bot acts). It
records each before it hands it out, so a reminder is sent once, whichever sweep finds it.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.service import clocks
from bot.service.errors import Closed, Conflict, NotAllowed, ServiceError, Unavailable
from bot.service.gameplay import Gameplay
from bot.service.players import Players
from bot.service.records import Change, GameRecord, GameSummary, Played, summary_from_row
from bot.service.user_settings import UserSettings

log = logging.getLogger(__name__)

SWEEP_BATCH = 1000
"""Games one sweep takes at most; the rest wait for the next (oldest due first)."""


def seat_of_claimant(record: GameRecord, user_id: int, version: int | None) -> int:
    """The seat of ``user_id``, who acts on the player out of time (a claim, a stand-in):
    one of the other players still in, on a game still going, from its latest board."""
    seat = record.seat_of(user_id)
    if seat is None or seat in record.gone:
        raise NotAllowed("Only the other players in this game can do that.")
    if record.over:
        raise Closed("This game is over.")
    if version is not None and version != record.version:
        raise Conflict("The board changed since that message; use the latest one.")
    return seat


def timeout_change(record: GameRecord, seat: int, by: tuple[int | None, int | None]) -> Change:
    """What running out of time does to ``seat``, done by ``by`` (the seat and user who
    claimed; ``(None, None)`` for the bot at a hard clock)."""
    state = record.state
    move = state.removal_for(seat)
    if move is not None:
        after = state.apply(move)
        made = ((move, *by),)
        if after.outcome is None:
            return Change(after, made)  # the others play on
        won = after.outcome
        return Change(
            after,
            made,
            result={"timeout": seat, "winners": list(won.winners), "scores": list(won.scores)},
        )
    winners = [s for s in range(record.num_players) if s != seat and s not in record.gone]
    return Change(state, result={"timeout": seat, "winners": winners})


@dataclass(frozen=True)
class Reminder:
    """Remind ``game``'s player to act (as a listing reads it, with its clock): the
    ``count``-th reminder of the turn; ``final``: the one at 80% of their time."""

    game: GameSummary
    count: int
    final: bool


@dataclass(frozen=True)
class TimeUp:
    """A soft clock ran out in the game ``game_id``: the others may now claim."""

    game_id: int


@dataclass(frozen=True)
class TimedOut:
    """A hard clock ran out and the bot acted on ``seat``: the game ``before`` and after it
    (``played``)."""

    before: GameRecord
    played: Played
    seat: int


Due = Reminder | TimeUp | TimedOut


class Timeouts:
    """The clock part of a ``Service`` (reach it as ``service.timeouts``)."""

    def __init__(self, gameplay: Gameplay, players: Players) -> None:
        self.gameplay = gameplay
        self.players = players
        self.storage = gameplay.storage

    async def claim(self, game_id: int, user_id: int, *, version: int | None = None) -> Played:
        """``user_id`` ends the part of the player to act, whose time has run out."""
        now = self.gameplay.clock()

        def decide(record: GameRecord) -> Change:
            seat = seat_of_claimant(record, user_id, version)
            due, target = clocks.time_up(record), record.seat_to_act
            if due is None or target is None:
                raise NotAllowed("This game has no move clock.")
            name = record.players[target].name
            if target == seat:
                what = "claim a win from" if clocks.claims_win(record) else "remove"
                raise NotAllowed(f"You can't {what} yourself; make your move (or /resign).")
            if (left := due - now) > 0:
                raise NotAllowed(f"{name} still has {clocks.left_short(left)} for this move.")
            return timeout_change(record, target, (seat, user_id))

        return await self.gameplay.change(game_id, decide)

    async def stop_reminders(self, game_id: int, user_id: int, turn: int) -> None:
        """The player to act asks for no more reminders this turn (``turn``: its start, in
        whole seconds, as the reminder's button carries it)."""
        record = await self.gameplay.game(game_id)
        if not record.is_to_move(user_id):
            raise NotAllowed("Only the player whose turn it is can stop its reminders.")
        if record.turn_at is None or int(record.turn_at) != turn:
            raise Closed("That turn is over; this reminder is old.")
        if not await self.storage.stop_reminders(game_id, record.turn_at):
            raise Closed("That turn is over; this reminder is old.")

    async def sweep(self) -> list[Due]:
        """One pass: take the games something is due for, record what is done for each, and
        return it for the players to be told, each by the settings of the player it waits on
        (their reminder interval and quiet hours, read afresh in one query). The games taken
        are read without decoding any, and written in one transaction; only a hard clock's
        action reads its game in full."""
        now = self.gameplay.clock()
        lease = now + clocks.LEASE
        rows = await self.storage.take_due(now, lease, SWEEP_BATCH)
        games = [
            summary_from_row(row, turn_at=row["turn_at"], settings=json.loads(row["settings"]))
            for row in rows
        ]
        movers = {g.player_to_move.user_id for g in games if g.player_to_move is not None}
        chosen = await self.players.read(movers) if movers else {}
        writes, found, hard = [], [], []
        for row, game in zip(rows, games, strict=True):
            mover = game.player_to_move
            player = chosen[mover.user_id] if mover is not None else UserSettings()
            write, item = _look(row, game, now, player)
            if item == "hard":
                hard.append(game)
                continue
            writes.append((game.id, lease, game.version, write))
            found.append(item)
        done = await self.storage.settle_all(writes)
        due: list[Due] = [item for item, ok in zip(found, done, strict=True) if ok and item]
        for game in hard:
            try:
                timed_out = await self._hard(game, lease, now)
            except ServiceError as exc:  # the database, say: the lease runs out, and a later
                # sweep tries again (an outage is said once, by the database)
                level = logging.DEBUG if isinstance(exc, Unavailable) else logging.WARNING
                log.log(level, "hard clock of game %s: %s", game.id, exc)
                continue
            if timed_out is not None:
                due.append(timed_out)
        return due

    async def _hard(self, game: GameSummary, lease: float, now: float) -> TimedOut | None:
        """The bot ends the part of the player out of time at a hard clock: nothing if a move
        came first."""
        acted: list[tuple[GameRecord, int]] = []

        def decide(record: GameRecord) -> Change | None:
            seat = record.seat_to_act
            if record.over or seat is None or record.deadline is None or now < record.deadline:
                return None
            acted.append((record, seat))
            return timeout_change(record, seat, (None, None))

        played = await self.gameplay.change(game.id, decide)
        if not acted:  # nothing to do after all: no more looks until a move
            await self.storage.settle(game.id, lease, game.version, wake_at=None)
            return None
        before, seat = acted[-1]
        return TimedOut(before, played, seat)


def _look(
    row: Any, game: GameSummary, now: float, player: UserSettings
) -> tuple[dict[str, Any], Due | str | None]:
    """What is due for a game the sweep took, at ``now``, by the settings of the ``player``
    it waits on: the columns to write (the next look, a reminder counted) and what to hand
    out (a ``Reminder``, a ``TimeUp``, "hard" for the bot to act, or ``None``). A reminder
    due in the player's quiet hours waits for their end (none if that is past the
    deadline)."""
    started, deadline = row["turn_at"], row["deadline"]
    if game.over or game.seat_to_act is None or started is None or game.ai_to_act:
        return {"wake_at": None}, None  # an AI gets no reminders
    if deadline is not None and now >= deadline:
        if clocks.is_hard(game.settings):
            return {}, "hard"
        return {"wake_at": None}, TimeUp(game.id)
    if (back := player.away(now)) is not None:  # on vacation: no reminders until back
        return {"wake_at": back if deadline is None else min(back, deadline)}, None
    interval = player.interval
    mark, counts_from, upcoming = clocks.due_reminder(
        started, deadline, interval, row["reminded_at"], now
    )
    wake = min((t for t in (upcoming, deadline) if t is not None), default=None)
    if mark is None or row["no_reminders"]:
        return {"wake_at": wake}, None
    if (quiet_end := player.quiet_until(now)) is not None:  # later, still due then
        return {"wake_at": quiet_end if deadline is None else min(quiet_end, deadline)}, None
    count = row["reminders"] + 1
    columns = {"wake_at": wake, "reminders": count, "reminded_at": counts_from}
    return columns, Reminder(game, count, clocks.final(started, deadline, mark))
