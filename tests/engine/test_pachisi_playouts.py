"""Random Pachisi games in both rule sets, 2-4 players, every option flipped: they all end,
and every position obeys the board's invariants."""

from __future__ import annotations

import random

import pytest

from engine.pachisi_moves import STEPS

from .pachisi_helpers import GAME, HOME, board_problems, random_playout

SETUPS = [
    (n, {"rules": rules, **flip})
    for rules in ("online", "classic")
    for n, flip in (
        (2, {}),
        (3, {}),
        (4, {}),
        (4, {"partners": True}),
        (3, {"blockades": False}),
        (2, {"first_pawn_out": True}),
        (2, {"undo": True}),
        (4, {"auto_fives": rules == "classic"}),  # the other way round from the rule set's
        (3, {"third_doublet_penalty": rules == "classic"}),
        (2, {"turn_timer": 2}),
    )
]


def blockades_of(state) -> set[int]:
    return {key for key, pids in state._table.where(state._pawns).items() if len(pids) == 2}


def check(before, move, after):
    assert not board_problems(after), (board_problems(after), str(move))
    assert before.parse(str(move)) == move
    for effect in after.effects:
        if effect.kind not in ("move", "enter") or effect.end == HOME:
            continue
        # Never past (or onto) a blockade that stood before the move.
        keys = before._table.keys[effect.seat]
        passed = {keys[r] for r in range(max(effect.start, 0) + 1, min(effect.end, HOME))}
        assert not passed & blockades_of(before), (str(move), effect)
    if isinstance(move, type(STEPS[1, 1])) and move.count in (10, 20):
        assert before.bonuses and before.bonuses[0] == move.count


@pytest.mark.parametrize(("num_players", "options"), SETUPS, ids=str)
def test_random_games_end_and_keep_the_invariants(num_players, options):
    rng = random.Random(f"{num_players}{sorted(options.items())}")
    for _ in range(4):
        final = random_playout(num_players, options, rng, check)
        outcome = final.outcome
        assert outcome is not None and outcome.winners
        for seat in outcome.winners:
            assert final.score(seat)[0] == 4
        report = final.report()
        assert sorted(r.seat for r in report) == list(range(num_players))
        assert report[0].seat in outcome.winners
        assert GAME.from_json(final.to_json()) == final
        assert GAME.replay(num_players, options, [str(m) for m in final.history]) == final


def test_json_round_trip_at_every_position():
    rng = random.Random(3)
    seen = []

    def keep(before, move, after):
        seen.append(after)

    random_playout(4, {"undo": True}, rng, keep)
    for state in seen[::3]:
        again = GAME.from_json(state.to_json())
        assert again == state
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in state.legal_moves()]
