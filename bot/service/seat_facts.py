"""What each seat of a finished game did, read from its stored moves: decisions, turns and the
time they took, and (in dice games) the dice it got against what it could expect. Pure: no
I/O, no Discord; one replay of the game with the engine.

A move row (``MoveRow``: notation, seat, user, time) is one of:

- a **decision**: the seat's own move with a user id (a person's, or an AI's negative one:
  an AI seat's, or Parlor's standing in for an absent player, whose choices are the seat's as
  its result is). Not a decision: a forced move the bot played for the seat (no user), a
  removal (a resignation, or another player taking out someone whose time ran out);
- a **roll**: a chance move (seat ``engine.CHANCE``), belonging to the seat whose roll it is
  (``state.roller``; a deal belongs to nobody). A roll with a user id was pressed by that seat
  (a table that rolls by hand): that is the seat acting too, though not a decision.

A **turn** waited on a seat from the row before its first act (a decision, or its roll by
hand) to that act, when that row was not the seat's own: another seat moved (a forced move or
a removal too) or the bot rolled. ``think_seconds`` sums those waits. An AI seat's turns are
counted the same way: the table waited that long on it (the bot's short delay before an AI
plays, and its thinking); so are an absent player's, up to the move Parlor made for them. A
move with no row before it (the first move of a game that starts without dice) is a decision
but no timed turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import engine

if TYPE_CHECKING:
    from bot.service.store.storage import MoveRow


@dataclass(frozen=True)
class SeatFacts:
    """What one seat did in a game (see the module's docstring for each count)."""

    decisions: int
    """The seat's move rows with a user id (choices; not forced moves the bot played)."""
    turns: int
    """Turns that waited on the seat."""
    think_seconds: float
    """The sum of those waits."""
    rolls: int
    """Rolls made for the seat whose outcomes have pips."""
    pips: float
    """The sum of those rolls' pips."""
    expected_pips: float
    """The sum of each such roll's expected pips at its node."""


def seat_facts(
    game: engine.Game,
    num_players: int,
    options: Mapping[str, Any],
    moves: Sequence[MoveRow],
) -> list[SeatFacts]:
    """The facts of each seat (one per seat, in seat order) of the game ``moves`` played, from
    ``game.new_game(num_players, options)``. ``engine.IllegalMove`` when a row is not a legal
    move there (a record that is not this game's)."""
    decisions = [0] * num_players
    turns = [0] * num_players
    think = [0.0] * num_players
    rolls = [0] * num_players
    pips = [0.0] * num_players
    expected = [0.0] * num_players
    # The row before, whose act it was (a seat, or None: the bot's roll), and when the run of
    # rows of that same actor began (the time of the row before the run) and whether the
    # actor acted itself in it: a seat's wait is from the last row that was not its own.
    prev_actor: int | None = None
    prev_at: float | None = None
    run_since: float | None = None
    run_acted = False
    state = game.new_game(num_players, options)
    for row in moves:
        acted = False
        if state.is_chance_node():
            roller, node = state.roller, state
            state = state.apply(row.move)
            shown = getattr(state.last_move, "pips", None)
            if roller is not None and shown is not None:
                rolls[roller] += 1
                pips[roller] += shown
                outcomes = node.chance_outcomes()  # its moves are kept: apply listed them
                expected[roller] += sum(p * getattr(m, "pips", 0) for m, p in outcomes)
            actor = roller if row.user_id is not None else None  # rolled by hand, or the bot
            acted = actor is not None
        else:
            seat = state.to_move
            state = state.apply(row.move)
            actor = row.seat
            if (
                actor == seat
                and row.user_id is not None
                and not isinstance(state.last_move, engine.Removal)
            ):
                decisions[seat] += 1
                acted = True
        if acted and actor is not None:
            since = prev_at if actor != prev_actor else None if run_acted else run_since
            if since is not None:
                turns[actor] += 1
                think[actor] += max(0.0, row.created_at - since)
        if actor != prev_actor or prev_at is None:
            run_since, run_acted = prev_at, False
            prev_actor = actor
        run_acted = run_acted or acted
        prev_at = row.created_at
    return [
        SeatFacts(decisions[s], turns[s], think[s], rolls[s], pips[s], expected[s])
        for s in range(num_players)
    ]
