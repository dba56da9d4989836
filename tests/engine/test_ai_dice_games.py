"""The medium and hard AI of the dice games (Pachisi, Pach-Ice-i): fixed positions and fixed
dice where the right play is plain, the evaluations' preferences, the hint's words, and the
search's determinism."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose, hint, pachicei_ai, pachisi_ai
from engine.ai.expectimax import search

from . import pachicei_helpers as ice
from . import pachisi_helpers as pachisi
from .pachisi_helpers import HOME, NEST

# -- Pachisi ---------------------------------------------------------------------------------


def pachisi_capture():
    """Seat 0 rolls 3 6 with pawn 1 three squares behind seat 1's lone pawn, off the safe
    squares (seat 0's rel 10 is square 15, seat 1's rel 47 is square 18)."""
    state = pachisi.position(2, {0: [10, 30, NEST, NEST], 1: [47, 20, NEST, NEST]})
    return state.apply("roll 3 6")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_pachisi_takes_the_capture(level):
    state = pachisi_capture()
    assert pachisi.moves(state) == ["1+3", "1+6", "2+3", "2+6"]
    assert str(choose(state, level, random.Random(1))) == "1+3"


def test_pachisi_hint_names_the_capture():
    move, words = hint(pachisi_capture(), random.Random(1))
    assert str(move) == "1+3"
    assert words == "captures player 2's pawn 1 (bonus 20)"


def test_pachisi_evaluation_prefers_a_pawn_home_and_a_safe_square():
    home = pachisi.position(2, {0: [HOME, 30, NEST, NEST], 1: [40, 20, NEST, NEST]})
    near = pachisi.position(2, {0: [60, 30, NEST, NEST], 1: [40, 20, NEST, NEST]})
    assert pachisi_ai.evaluate(home)[0] > pachisi_ai.evaluate(near)[0]
    # seat 1's pawn at rel 43 is square 14: seat 0's pawn on square 17 (rel 12, safe) or 18
    safe = pachisi.position(2, {0: [12, 30, NEST, NEST], 1: [43, 20, NEST, NEST]}, seat=1)
    open_ = pachisi.position(2, {0: [13, 30, NEST, NEST], 1: [43, 20, NEST, NEST]}, seat=1)
    assert pachisi_ai.evaluate(safe)[0] > pachisi_ai.evaluate(open_)[0]


def test_pachisi_evaluation_is_a_chance_per_seat_and_partners_share_it():
    state = pachisi.position(
        4, {0: [30, NEST], 1: [50, 10], 2: [HOME, 5], 3: [NEST, NEST]}, partners=True
    )
    values = pachisi_ai.evaluate(state)
    assert values[0] == values[2] and values[1] == values[3]
    assert values[0] + values[1] == pytest.approx(1.0)
    three = pachisi_ai.evaluate(pachisi.position(3, {0: [30], 1: [50], 2: [HOME]}))
    assert sum(three) == pytest.approx(1.0) and all(0 < v < 1 for v in three)


def test_pachisi_hard_sees_the_whole_roll():
    # 2 then 4 with one pawn reaches seat 1's pawn six squares ahead; either die alone cannot
    # capture anything, so only a search of both dice finds it
    state = pachisi.position(2, {0: [10, 30, NEST, NEST], 1: [50, 20, NEST, NEST]})
    state = state.apply("roll 2 4")
    move = choose(state, "hard", random.Random(1))
    after = state.apply(move).apply(f"{move.pawn}+{6 - move.count}")  # type: ignore[attr-defined]
    assert after.pawns[1][0] == NEST


# -- Pach-Ice-i ------------------------------------------------------------------------------


def ice_harvest():
    """Black rolls 3 4 8 with its small banked on b5 (path index 10, a white square) and a
    medium seven squares behind it on a3."""
    state = ice.position(
        {"b5": "BS", "a3": "BM", "a5": "BL", "f4": "WL", "e6": "WM"},
        pads=([0, 0, 0, 0, 0], [3, 0, 0, 0, 0]),
        goals=([4, 4, 4], [0, 0, 0]),
    )
    return state.apply("roll 3 4 8")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_pach_ice_i_lands_on_its_banked_small_and_scores_it(level):
    state = ice_harvest()
    assert "a3+7" in ice.moves(state)
    rng = random.Random(2)
    while state.to_move == 0:
        state = state.apply(choose(state, level, rng))
    assert state.goal_counts(0) == (5, 4, 4)


def test_pach_ice_i_hint_says_a_piece_goes_into_the_goal():
    move, words = hint(ice_harvest(), random.Random(1))
    assert str(move) == "a3+7"
    assert words == "knocks your small into the goal"


def test_pach_ice_i_hard_knocks_the_opponent_back():
    # White's small on g2 (path index 44, a white square: White's own) is one step ahead of
    # Black's large on g1; the other dice only shuffle Black's larges along
    state = ice.position(
        {"g1": "BL", "c1": "BL", "c3": "BL", "g2": "WS", "a6": "WL"},
        pads=([0, 0, 0, 0, 0], [2, 0, 0, 0, 0]),
        goals=([5, 5, 2], [3, 3, 3]),
    )
    state = state.apply("roll 1 2 6")
    rng = random.Random(3)
    while state.to_move == 0:
        state = state.apply(choose(state, "hard", rng))
    assert ice.at(state, "g2") == "BL"
    assert state.position.pads[1][4] == 1  # the small is back in White's pad, a tree alone


def test_pach_ice_i_evaluation_prefers_pieces_in_the_goal():
    fewer = ice.position({"c3": "BL", "e5": "WL"}, goals=([5, 5, 3], [5, 5, 4]))
    more = ice.position({"c3": "BL", "e5": "WL"}, goals=([5, 5, 4], [5, 5, 3]))
    assert pachicei_ai.evaluate(more)[0] > 0.5 > pachicei_ai.evaluate(fewer)[0]


# -- the search ------------------------------------------------------------------------------


def midgame(game_helpers, seed: int, plies: int, **kw):
    rng = random.Random(seed)
    state = game_helpers.GAME.new_game(**kw)
    while len(state.history) < plies or state.is_chance_node() or len(state.legal_moves()) < 2:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = rng.choice(state.legal_moves())
        state = state.apply(move)
    return state


@pytest.mark.parametrize(
    ("helpers", "kw"),
    [(pachisi, {"num_players": 2}), (pachisi, {"num_players": 4}), (ice, {})],
)
def test_hard_with_a_small_budget_plays_the_same_for_a_seed(helpers, kw):
    state = midgame(helpers, 11, 60, **kw)
    picks = {str(choose(state, "hard", random.Random(seed), budget=400)) for seed in (5, 5, 5)}
    assert len(picks) == 1
    assert state.parse(picks.pop()) in state.legal_moves()


def test_search_answers_even_without_budget():
    state = pachisi_capture()
    legal = state.legal_moves()
    for budget in (0, 1, 3, 30):
        move = search(state, legal, random.Random(0), budget, pachisi_ai.evaluate)
        assert move in legal
    assert str(search(state, legal, random.Random(0), 30, pachisi_ai.evaluate)) == "1+3"


def test_pachisi_hard_never_takes_back_a_move():
    # with the undo option, going back is legal after the first die, and never searched
    state = pachisi.position(2, {0: [10, 30, NEST, NEST], 1: [47, 20, NEST, NEST]}, undo=True)
    state = state.apply("roll 3 6").apply("2+6")
    assert "undo" in pachisi.moves(state)
    assert str(choose(state, "hard", random.Random(1))) != "undo"


def test_pachisi_reasons_for_safe_squares_and_running_away():
    # pawn 1 on square 18 has seat 1's pawn four squares behind it (square 14)
    state = pachisi.position(2, {0: [13, 40, NEST, NEST], 1: [43, 20, NEST, NEST]})
    state = state.apply("roll 4 6")
    assert pachisi_ai.reason(state, state.parse("1+4")) == "puts pawn 1 on a safe square"
    assert "out of reach" in pachisi_ai.reason(state, state.parse("1+6"))
