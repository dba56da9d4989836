"""The end of a game: what it writes for profiles and ladders, in the transaction of the move
that ends it (``Gameplay._commit``). No Discord in here.

Every finished game writes one ``results`` row per seat. It is rated (the ladders change)
unless its table chose ``rated: no``, or it was too short to say anything: fewer than
:data:`MIN_DECISIONS` decisions per seat, counted over the whole table (a game of two is rated
from its 6th decision, one of four from its 12th), or it says nothing: one person at two seats,
or one AI level at every seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engine
from bot.service import ratings
from bot.service.records import GameRecord, Made
from bot.service.seat_facts import seat_facts
from bot.service.store.storage import MoveRow, Storage

MIN_DECISIONS = 3
"""Decisions per seat (on average over the table) a game needs to be rated."""


def is_rated(settings: Mapping[str, Any]) -> bool:
    """Whether the table is rated (``rated: yes``, the default) rather than casual."""
    return settings.get("rated", "yes") != "no"


def finish(
    record: GameRecord,
    state: engine.State,
    result: Mapping[str, Any],
    moves: Sequence[MoveRow],
    now: float,
) -> ratings.Finish:
    """What the end of ``record``'s game writes: ``state`` after its last move, ``result``
    as stored, ``moves`` every move row of the game (those of this last request too)."""
    n = record.num_players
    facts = seat_facts(record.game, n, record.options, moves)
    ranks = ratings.placings(state, result, n)
    places = ratings.places(ranks)
    winners = frozenset(result.get("winners", ()))
    entrants = tuple(ratings.entrant(record, seat) for seat in range(n))
    people = [user for user in entrants if user >= 0]
    rated = (
        is_rated(record.settings)
        and sum(f.decisions for f in facts) >= MIN_DECISIONS * n
        and len(set(people)) == len(people)  # nobody playing against themselves
        and len(set(entrants)) > 1  # one AI level at every seat measures nothing
    )
    rows = tuple(
        {
            "seat": seat,
            "user_id": entrants[seat],
            "game_key": record.key,
            "guild_id": record.guild_id,
            "players": n,
            "place": places[seat],
            "won": int(seat in winners),
            "rated": int(rated),
            "decisions": facts[seat].decisions,
            "turns": facts[seat].turns,
            "think_seconds": facts[seat].think_seconds,
            "rolls": facts[seat].rolls,
            "pips": facts[seat].pips,
            "expected_pips": facts[seat].expected_pips,
            "finished_at": now,
        }
        for seat in range(n)
    )
    return ratings.Finish(
        game_key=record.key,
        guild_id=record.guild_id,
        results=rows,
        rated=rated,
        entrants=entrants,
        ranks=tuple(ranks),
        winners=winners,
    )


async def ending(
    storage: Storage,
    record: GameRecord,
    state: engine.State,
    result: Mapping[str, Any] | None,
    made: Sequence[Made],
    now: float,
) -> ratings.Finish:
    """What the end of ``record``'s game writes with the moves ``made`` that end it (not yet
    stored), ``state`` after them: :func:`finish` from every move of the game."""
    moves = await storage.moves(record.id)
    number = len(record.state.history) + 1
    moves += [
        MoveRow(number + i, str(move), seat, user, now) for i, (move, seat, user) in enumerate(made)
    ]
    return finish(record, state, result or {}, moves, now)
