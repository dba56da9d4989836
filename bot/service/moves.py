"""A player's own acts on a game: a move (or a roll by hand), a resignation. No Discord in here.

Each is a ``decide`` function run by :meth:`Gameplay.change` (``bot/service/gameplay.py``): the
one-transaction move."""

from __future__ import annotations

import engine
from bot.service import dice
from bot.service.errors import Closed, Conflict, NotAllowed, NotFound
from bot.service.gameplay import Gameplay, check_turn, seat_of
from bot.service.records import Change, GameRecord, Played

MAX_MOVE_TEXT = engine.MAX_MOVE_TEXT
"""Characters of move text read at most; anything longer is refused before it is parsed."""
NOT_SAVED = "Couldn't save right now; nothing was played. Try again in a moment."


class Moves:
    """Moves and resignations (reach them through ``Service.play`` and ``Service.resign``)."""

    def __init__(self, gameplay: Gameplay) -> None:
        self.gameplay = gameplay
        self.storage = gameplay.storage

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
        if version is not None and self.gameplay.lock(game_id).locked():
            # a click on an old board waits for no lock: one small query refuses it
            await self._check_version(game_id, user_id, version)

        def decide(record: GameRecord) -> Change:
            if version is not None:  # again, now that the clicks before it are done
                seated = record.seat_of(user_id) is not None
                _check_board(record.version, record.status, seated, version)
            seat = check_turn(record, user_id)
            state = record.state
            if record.awaiting_roll:
                if not isinstance(move, str) or engine.core.normalize_move_text(move) != "roll":
                    raise engine.IllegalMove("Roll the dice first: press Roll, or /move roll.")
                roll = dice.draw_chance(state, dice.roll_rng(record.seed, len(state.history)))
                made = ((roll, engine.CHANCE, user_id),)
                return Change(state.apply(roll), made, stand_ins=_back(record, seat))
            # On the loop, as decoding the game and listing its moves are: a move takes tens
            # of microseconds (a few ms at worst), less than a hop to a thread and back.
            after, own = _play_own(state, move)
            return Change(after, ((own, seat, user_id),), stand_ins=_back(record, seat))

        return await self.gameplay.change(game_id, decide, not_saved=NOT_SAVED)

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
            seat = seat_of(record, user_id)
            if record.over:
                raise Closed("This game is already over.")
            if seat in record.gone:
                raise Closed("You have already left this game.")
            if (move := record.state.removal_for(seat)) is not None:
                return Change(record.state.apply(move), ((move, seat, user_id),))
            winners = [s for s in range(record.num_players) if s != seat]
            return Change(record.state, result={"resigned": seat, "winners": winners})

        return (await self.gameplay.change(game_id, decide)).game

    async def roll_due(self, game_id: int) -> Played:
        """Roll whatever dice the game waits on that nobody presses Roll for (a game written
        before its first roll by an older version of Parlor, say); nothing when none are."""
        return await self.gameplay.change(
            game_id, lambda record: None if record.over else Change(record.state)
        )


def _back(record: GameRecord, seat: int) -> dict[int, str] | None:
    """The stand-ins once the player of ``seat`` plays again, if an AI played for them."""
    if seat not in record.stand_ins:
        return None
    return {s: level for s, level in record.stand_ins.items() if s != seat}


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
