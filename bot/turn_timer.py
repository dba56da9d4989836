"""The turn timer and removals. No Discord in here.

A game with a ``turn_timer`` option of a number of minutes (say off, 1 or 2) gives the
player to act that long for each move, counted from the moment the game came to them (the last
move, or the dice the bot rolled for them). Once it has run out, any other player still at the
table may remove them: the engine's removal move (``remove N``) takes them out and the others
play on; the last player (or team) left wins. Nothing happens by itself when time runs out:
an asynchronous table may be happy to wait, so it is the others' call.

Leaving a game (``/resign``) goes through the same removal where the engine has one, so a
table of three or four plays on without the player who left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .records import Change, Closed, Conflict, GameRecord, NotAllowed, Played

if TYPE_CHECKING:
    from .service import Service


def timer_minutes(record: GameRecord) -> int | None:
    """The minutes each move may take at this table, or ``None`` without a turn timer."""
    minutes = record.options.get("turn_timer")
    return minutes if isinstance(minutes, int) and not isinstance(minutes, bool) else None


def deadline(record: GameRecord) -> float | None:
    """When the player to act runs out of time (a Unix time), or ``None``."""
    minutes = timer_minutes(record)
    if minutes is None or record.over or record.seat_to_act is None:
        return None
    return record.updated_at + 60 * minutes


class TurnTimer:
    """The removal part of a ``Service`` (reach it as ``service.turn_timer``)."""

    def __init__(self, service: Service) -> None:
        self.service = service

    async def remove(self, game_id: int, user_id: int, *, version: int | None = None) -> Played:
        """``user_id`` removes the player to act, whose turn timer has run out."""
        clock = self.service.clock

        def decide(record: GameRecord) -> Change:
            seat = record.seat_of(user_id)
            if seat is None or seat in record.gone:
                raise NotAllowed("Only the other players in this game can remove a player.")
            if record.over:
                raise Closed("This game is over.")
            if version is not None and version != record.version:
                raise Conflict("The board changed since that message; use the latest one.")
            due, target = deadline(record), record.seat_to_act
            if due is None or target is None:
                raise NotAllowed("This game has no turn timer.")
            name = record.players[target].name
            if target == seat:
                raise NotAllowed("You can't remove yourself; make your move (or /resign).")
            left = due - clock()
            if left > 0:
                whole = int(left + 0.999)
                raise NotAllowed(f"{name} still has {whole // 60}:{whole % 60:02d} for this move.")
            move = record.state.removal_for(target)
            if move is None:
                raise NotAllowed(f"{record.game.title} has no way to remove a player.")
            return Change(record.state.apply(move), ((move, seat, user_id),))

        return await self.service.change(game_id, decide)
