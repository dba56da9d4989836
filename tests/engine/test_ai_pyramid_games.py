"""The medium and hard AI of IceSickle and Ice-Turn: fixed positions where the right play is
plain (or proved by a full search here), the evaluations, the hints' words, and the searches'
termination."""

from __future__ import annotations

import random

import pytest

import engine
from engine.ai import choose, hint, icesickle_ai, iceturn_ai
from engine.ai.mcts import mcts

from .hang_guard import at_most
from .iceturn_helpers import position as iceturn_position

ICESICKLE = engine.get_game("icesickle")

# -- IceSickle ---------------------------------------------------------------------------------

ONLY_WIN = str.split(
    # round 1
    "S@d5 S@a4 L@b3 M@c5 S@c4 S@d3 M@e3 L@e1 M@a5 S@b4 L@a1 M@c3 L@c1 M@d4 L@b2 "
    "b3-b5 b5-e2 c1-a3 d4-b2 a3-c1 e1-e5 a1-e1 a5-a2 d5-b5 e5-a5 a5-a1 "
    # round 2
    "L@d5 L@b4 M@c1 L@b5 S@e3 L@b2 M@a1 S@c5 S@b1 M@e2 M@c4 M@d1 L@a5 S@e5 S@c3 "
    "c5-a3 a5-d2 e2-e4 b2-e2 e5-c5 e4-b4 b5-b3 a1-a4"
)
"""Round 2, 20 to 20, seven pieces left, seat 0 to jump: ``c1-e1`` (a medium, 2 pips) wins the
game; the biggest captures (``d1-a1``, 3 pips, and ``a4-c2``, a large) lose it."""


def outcome_with_best_play(state, seat: int) -> int:
    """1, 0 or -1: how the game ends for ``seat`` if both play their best from ``state``, by
    a full search over the engine's own moves (small endgames only)."""
    if state.is_over():
        winners = state.outcome.winners
        return 0 if not winners else 1 if seat in winners else -1
    results = [outcome_with_best_play(state.apply(m), seat) for m in state.legal_moves()]
    return max(results) if state.to_move == seat else min(results)


def test_icesickle_hard_finds_the_only_winning_jump_where_the_biggest_capture_loses():
    state = ICESICKLE.replay(2, {}, ONLY_WIN)
    assert state.round == 2 and state.totals() == (20, 20) and state.to_move == 0
    after = {str(m): outcome_with_best_play(state.apply(m), 0) for m in state.legal_moves()}
    assert after == {"c1-e1": 1, "c1-a1": 0, "d1-a1": -1, "a4-c2": -1}
    for seed in range(3):
        assert str(choose(state, "hard", random.Random(seed))) == "c1-e1"


def test_icesickle_hint_says_the_game_is_won_with_best_play():
    state = ICESICKLE.replay(2, {}, ONLY_WIN)
    move, words = hint(state, random.Random(0))
    assert str(move) == "c1-e1"
    assert words == "jumps a medium (2 pips); with best play from both sides you win the game by 1"
    assert icesickle_ai.reason(state, state.parse("d1-a1")) == (
        "jumps two pyramids (a medium and a small: 3 pips); "
        "with best play from both sides you lose the game by 1"
    )


def round_margin_with_best_play(state, seat: int, round_: int) -> int:
    """``seat``'s lead in pips captured in ``round_`` when its jumps end, both playing their
    best, by a full search over the engine's moves."""
    if state.is_over() or state.round != round_:
        scores = state.round_scores()[round_ - 1]
        return scores[seat] - scores[1 - seat]
    results = [
        round_margin_with_best_play(state.apply(m), seat, round_) for m in state.legal_moves()
    ]
    return max(results) if state.to_move == seat else min(results)


def endgames(count: int, pieces: int):
    """``count`` round-1 positions in the jump phase with at most ``pieces`` pieces left, from
    random games."""
    rng = random.Random(7)
    found = []
    while len(found) < count:
        state = ICESICKLE.new_game(2)
        while not state.is_over() and state.round == 1:
            if state.phase == "jump" and sum(1 for p in state.pips if p) <= pieces:
                found.append(state)
                break
            state = state.apply(rng.choice(state.legal_moves()))
    return found


def test_the_icesickle_solver_agrees_with_a_full_search():
    for state in endgames(12, pieces=7):
        mover = state.to_move
        scores = state.round_scores()[0]
        value = icesickle_ai._Solver().solve((*state.pips, 0), -99, 99, 10**6)
        expected = round_margin_with_best_play(state, mover, 1)
        assert scores[mover] - scores[1 - mover] + value == expected


def test_icesickle_evaluation_is_a_chance_per_seat():
    for state in endgames(6, pieces=12):
        values = icesickle_ai.evaluate(state)
        assert sum(values) == pytest.approx(1.0) and all(0 < v < 1 for v in values)
    # round 1 over, seat 1 ahead 13 to 11: seat 0 jumps first in round 2, worth about 2 pips
    state = ICESICKLE.replay(2, {}, ONLY_WIN[:26])
    assert state.round == 2 and state.totals() == (11, 13)
    assert icesickle_ai.evaluate(state) == (0.5, 0.5)
    # after the winning jump, seat 0 is the one more likely to win
    won = ICESICKLE.replay(2, {}, [*ONLY_WIN, "c1-e1"])
    assert icesickle_ai.evaluate(won)[0] > 0.5


# -- Ice-Turn ----------------------------------------------------------------------------------


def nest_in_reach():
    """Seat 0 has its small and medium standing on its goal (d4) and its large lying just
    below, facing it, with 6 points: ``d3-d4/2`` stands the nest and wins."""
    return iceturn_position({"d4": "0S 0M", "d3": "0Ln", "c1": "1S 1M 1L"}, roll="roll 6 hop")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_ice_turn_every_level_stands_the_nest_when_it_can(level):
    state = nest_in_reach()
    assert len(state.legal_moves()) > 20
    for seed in range(3):
        assert str(choose(state, level, random.Random(seed))) == "d3-d4/2"


def test_ice_turn_hint_words():
    state = nest_in_reach()
    assert hint(state, random.Random(0)) == (
        state.parse("d3-d4/2"),
        "stands your nest on the goal and wins",
    )
    # the medium lying on d2 faces its goal: a step saves two points (its size, one tile)
    state = iceturn_position(
        {"d4": "0S", "d2": "0Mn", "a3": "0Ln", "c1": "1S 1M 1L"}, roll="roll 2 hop"
    )
    assert iceturn_ai.reason(state, state.parse("d2-d3")) == (
        "brings your nest 2 movement points nearer the goal"
    )
    assert iceturn_ai.reason(state, state.parse("end")) == (
        "ends the turn: no move left brings your nest nearer"
    )


def test_ice_turn_evaluation_favours_the_seat_nearer_its_goal():
    near = nest_in_reach()
    far = iceturn_position({"a1": "0S 0M 0L", "c1": "1S 1M 1L"}, roll="roll 6 hop")
    assert iceturn_ai.evaluate(near)[0] > 0.5 > iceturn_ai.evaluate(far)[0]
    assert sum(iceturn_ai.evaluate(near)) == pytest.approx(1.0)


def test_ice_turn_a_block_costs_only_what_it_holds_the_seat_back():
    """A piece of another seat at the bottom of a goal must leave it before its owner can
    win: well ahead, that owner gains nothing by keeping it there (an AI well ahead once sat on
    the other goal to the round limit); well behind, it costs the blocked seat up to
    ``BLOCK_BOTTOM``."""
    # seat 1's medium and large stand on its goal (a1), its small lies on seat 0's (d4)
    ahead = iceturn_position({"d4": "1Sw", "a1": "1M 1L", "a2": "0S 0M 0L"}, seat=1)
    gone = iceturn_position({"c4": "1Sw", "a1": "1M 1L", "a2": "0S 0M 0L"}, seat=1)
    assert iceturn_ai.costs(ahead)[0] == iceturn_ai.costs(gone)[0]
    assert iceturn_ai.evaluate(gone)[1] > iceturn_ai.evaluate(ahead)[1]  # a step home is better
    # seat 0 nearly home, seat 1 far from its own: the small on d4 holds seat 0 back
    behind = iceturn_position({"d4": "1Sw", "d3": "1M 1L", "c4": "0S 0M", "c3": "0Ln"})
    free = iceturn_position({"c2": "1Sw", "d3": "1M 1L", "c4": "0S 0M", "c3": "0Ln"})
    held = iceturn_ai.costs(behind)[0] - iceturn_ai.costs(free)[0]
    assert held == iceturn_ai.BLOCK_BOTTOM


# -- the searches end ----------------------------------------------------------------------------


def test_mcts_ends_where_every_line_is_a_finished_game():
    # seven pieces from the end of the game: a budget far bigger than the whole tree is spent
    # on finished games it has seen before, and the one win stands out
    state = ICESICKLE.replay(2, {}, ONLY_WIN)
    with at_most(60):
        move = mcts(state, random.Random(1), 20_000, icesickle_ai.evaluate)
    assert str(move) == "c1-e1"
