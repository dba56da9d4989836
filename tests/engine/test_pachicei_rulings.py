"""Pach-Ice-i: one scenario per ruling (RULINGS.md), with the dice chosen by the test.

Black's path: a1..a7 (1-7), b7..b1 (8-14), c1..c7 (15-21), d7..d1, e1..e7, f7..f1, g1..g7 (43-49).
White's path: g7..a7 (1-7), a6..g6 (8-14), g5..a5 (15-21), a4..g4, g3..a3, a2..g2, g1..a1.
Black squares: file + rank odd (a1, a3, b2, c3 ...); marked: a1 a4 a7 d1 d4 d7 g1 g4 g7.
"""

from __future__ import annotations

import pytest

import engine

from .pachicei_helpers import GAME, at, moves, position

FULL = [5, 0, 0, 0, 0]
TALL_M = [0, 5, 0, 0, 0]


def test_rolls_are_three_d8_ascending_with_their_probabilities():
    state = GAME.new_game()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 120 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    probability = dict((str(m), p) for m, p in outcomes)
    assert probability["roll 2 5 8"] == 6 / 512 and probability["roll 3 3 3"] == 1 / 512
    assert probability["roll 1 1 4"] == 3 / 512
    assert str(state.parse("roll 8 2 5")) == "roll 2 5 8"
    assert state.to_move == engine.CHANCE and state.roller == 0  # Black rolls first


def test_entering_with_n_lands_on_index_n_of_the_path():
    state = position(pads=([0, 0, 3, 0, 0], FULL)).apply("roll 3 5 6")
    assert moves(state) == ["L+3", "L+5", "L+6"]
    state = state.apply("L+5")
    assert at(state, "a5") == "BL"
    white = position(pads=(FULL, [0, 0, 3, 0, 0]), seat=1).apply("roll 3 5 6")
    assert at(white.apply("L+5"), "c7") == "WL"  # White: g7 f7 e7 d7 c7


def test_a_small_uses_all_three_dice_and_ends_the_turn():
    state = position({"a3": "BL"}, pads=(FULL, FULL)).apply("roll 1 2 4")
    assert moves(state) == ["S+7"]  # no medium on top, one large: only the small uses 3 dice
    after = state.apply("S+7")
    assert at(after, "a7") == "BS" and after.phase == "roll" and after.seat == 1


def test_a_medium_and_a_large_in_either_order():
    state = position({"c3": "BL"}, pads=(TALL_M, FULL)).apply("roll 1 2 5")
    assert set(moves(state)) == {"M+3", "M+6", "M+7", "c3+1", "c3+2", "c3+5"}
    large_first = state.apply("c3+5")
    assert large_first.stage == "L" and moves(large_first) == ["M+3"]
    assert large_first.apply("M+3").seat == 1  # three dice used: White's roll
    medium_first = state.apply("M+7")
    assert medium_first.stage == "M"
    # the large by the last die: the one on the board, or the one the medium uncovered
    assert set(moves(medium_first)) == {"L+1", "c3+1"}


def test_three_larges_must_be_three_different_pieces():
    state = position({"a3": "BL", "c3": "BL"}, pads=(FULL, FULL)).apply("roll 1 1 2")
    # smalls: S+4 uses all three dice, so the larges' turn is no better... both are legal
    assert "S+4" in moves(state)
    state = position({"a3": "BL", "c3": "BL"}, pads=([0] * 5, FULL)).apply("roll 1 2 5")
    # two larges can use two dice at most: no piece moves twice
    state = state.apply("a3+1")
    assert set(moves(state)) == {"c3+2", "c3+5"}
    state = state.apply("c3+2")
    assert state.phase == "roll" and state.seat == 1


def test_only_pieces_on_the_movers_colour_or_a_marked_square_move():
    # a2 is white: Black cannot move its own piece there; a4 is marked: it can
    state = position({"a2": "BL", "a4": "BL"}, pads=([0] * 5, FULL)).apply("roll 1 1 1")
    assert moves(state) == ["a4+1"]
    assert "white square" in explain(state, "a2+1")
    # White may move Black's piece on a white square (pips permitting)
    white = position({"a2": "BL"}, pads=([0] * 5, [0] * 5), goals=([0, 0, 0], [0, 0, 0]),
                     seat=1)  # fmt: skip
    white = white.apply("roll 1 1 1")
    # White has nothing entered and Black 3 pips: White may not move it (pip rule), so passes
    assert white.seat == 0 and white.last_turn.passed


def explain(state, text):
    with pytest.raises(engine.IllegalMove) as info:
        state.parse(text)
    return str(info.value)


def test_the_pip_rule_is_checked_at_the_moment_of_each_move():
    pieces = {"a3": "BL", "c3": "WL", "a6": "WS"}
    goals = ([0, 0, 1], [0, 0, 1])
    state = position(pieces, pads=([0] * 5, FULL), goals=goals).apply("roll 1 3 3")
    # Black 6 entered pips, White 7: White's pieces are out of reach ...
    assert moves(state) == ["a3+3"]
    assert "pips" in explain(state, "c3+1")
    # ... until a3+3 knocks White's small off a6 (white) back to White's pad: 6 against 6
    after = state.apply("a3+3")
    assert after.trees(1).count((1,)) == 1 and at(after, "a6") == "BL"
    assert set(moves(after)) == {"c3+1", "c3+3"}


def test_landing_on_a_larger_piece_or_an_occupied_marked_square_is_illegal():
    # b2 (13) + 2 = c1 (15), + 3 = c2 (16); a3 + 1 = a4 (marked)
    state = position({"b2": "BM", "c2": "WL", "a3": "BL", "a4": "WS"}, pads=([0] * 5, FULL))
    state = state.apply("roll 1 1 2")
    assert "c2 holds a large" in explain(state, "b2+3")
    other = position({"b2": "BM", "c2": "WL", "a3": "BL", "a4": "WS"}, pads=([0] * 5, FULL))
    assert "marked square" in explain(other.apply("roll 1 1 3"), "a3+1")
    # White's small on a4 (marked) is Black's to move too; as a small it takes all three dice
    assert set(moves(state)) == {"b2+2", "a3+2", "a4+4"}


def test_a_displaced_piece_goes_to_the_pad_of_the_squares_colour():
    # a5 is black: White's large there goes to Black's pad, which is White's goal
    goals = ([0, 0, 0], [0, 0, 1])  # White has more pips in: Black may not move White's
    state = position({"a3": "BL", "a5": "WL"}, pads=([0] * 5, FULL), goals=goals)
    state = state.apply("roll 2 2 2")
    assert moves(state) == ["a3+2"]
    after = state.apply("a3+2")
    assert at(after, "a5") == "BL" and after.goal_counts(1) == (0, 0, 2)
    change = after.last_turn.changes[-1]  # the turn is over: it is the last turn now
    assert change.displaced == (1, 3, engine.pachicei_board.GRID.parse("a5"), True)
    # a6 is white: White's large there goes back to White's pad
    state = position({"a3": "BL", "a6": "WL"}, pads=([0] * 5, FULL)).apply("roll 3 3 3")
    after = state.apply("a3+3")
    assert after.trees(1).count((3,)) == 1 and after.goal_counts(1) == (0, 0, 0)
    # and a Black piece on a black square goes back to Black's own pad
    state = position({"a3": "BL", "a5": "BM"}, pads=([0] * 5, FULL)).apply("roll 2 2 2")
    assert state.apply("a3+2").trees(0) == [(2,)]


def test_an_opponents_piece_never_passes_index_49_own_pieces_overshoot_into_the_goal():
    goals = ([0, 0, 2], [0, 0, 0])
    state = position({"g5": "WL"}, pads=([0] * 5, FULL), goals=goals).apply("roll 1 2 3")
    assert moves(state) == ["g5+1", "g5+2"]  # g6, g7; +3 would put it in White's own pad
    state = position({"g5": "BL"}, pads=([0] * 5, FULL)).apply("roll 1 2 8")
    assert "g5+8" in moves(state)
    after = state.apply("g5+8")
    assert after.goal_counts(0) == (0, 0, 1) and at(after, "g5") is None


def test_a_turn_must_leave_the_opponent_a_move_on_some_roll():
    # White's last piece out of the goal is a medium on c3 (black): White cannot move it.
    # Black must give White a move: c3+3 puts it on c6 (white); c3+2 (c5, black) may not end
    # the turn, and neither may a3+2, which leaves only c3+2 for the medium.
    pieces = {"a3": "BL", "c3": "WM"}
    goals = ([5, 5, 4], [5, 4, 5])
    state = position(pieces, pads=([0] * 5, [0] * 5), goals=goals).apply("roll 1 1 2")
    assert set(moves(state)) == {"c3+3", "a3+1"}
    assert "leaves White a move on any roll" in explain(state, "c3+2")


def test_fewer_dice_only_when_no_turn_uses_more():
    # one large and nothing else: one die
    state = position({"a3": "BL"}, pads=([0] * 5, FULL)).apply("roll 2 3 5")
    assert moves(state) == ["a3+2", "a3+3", "a3+5"]
    assert state.apply("a3+3").seat == 1
    # one medium: two dice, by any pair
    state = position({"b2": "BM"}, pads=([0] * 5, FULL)).apply("roll 2 3 5")
    assert moves(state) == ["b2+5", "b2+7", "b2+8"]
    assert state.apply("b2+8").seat == 1
    # a large by 1 first would leave the medium only c2 (a larger piece): one die, not three
    state = position({"b2": "BM", "c2": "WL", "a3": "BL"}, pads=([0] * 5, FULL))
    state = state.apply("roll 1 1 2")
    assert set(moves(state)) == {"b2+2", "a3+2"}
    assert "lets you use 1 of your dice, but another turn uses 3" in explain(state, "a3+1")


def test_no_legal_move_passes_the_turn():
    state = position({"a2": "BL"}, pads=([0] * 5, FULL), goals=([0, 0, 0], [0, 0, 1]))
    after = state.apply("roll 1 2 3")
    assert after.phase == "roll" and after.seat == 1
    assert after.last_turn.passed and after.last_turn.dice == (1, 2, 3)
    assert after.dry_turns == 1


def test_a_moved_piece_knocked_back_may_not_enter_again_that_turn():
    # L+5 enters to a5; a3+2 lands on it (same size, a5 black): it goes back to the pad, and
    # having moved it may not come in again with the last 5
    state = position({"a3": "BL"}, pads=([0, 0, 1, 0, 0], FULL)).apply("roll 2 5 5")
    state = state.apply("L+5").apply("a3+2")
    assert state.trees(0) == [(3,)] and state.seat == 1 and state.phase == "roll"
    # a piece knocked back before it moved may enter again at once
    state = position({"a3": "BL", "a5": "BL"}, pads=([0] * 5, FULL)).apply("roll 2 5 5")
    state = state.apply("a3+2")
    assert state.trees(0) == [(3,)] and "L+5" in moves(state)


def test_s1_enters_a_lone_small_when_a_taller_tree_has_one_on_top_too():
    state = position(pads=([1, 0, 0, 0, 1], FULL)).apply("roll 3 4 5")
    assert moves(state) == ["S+12", "S1+12"]
    assert state.apply("S+12").trees(0) == [(3, 2), (1,)]
    assert state.apply("S1+12").trees(0) == [(3, 2, 1)]
    only_lone = position(pads=([0, 0, 0, 0, 1], FULL)).apply("roll 3 4 5")
    assert moves(only_lone) == ["S+12"]
    assert "only kind of tree" in explain(only_lone, "S1+12")


def test_the_game_ends_the_moment_fifteen_pieces_are_home():
    state = position({"g5": "BS"}, pads=([0] * 5, FULL), goals=([4, 5, 5], [0, 0, 0]))
    over = state.apply("roll 1 1 1").apply("g5+3")
    assert over.is_over() and over.outcome.winners == (0,)
    assert over.outcome.reason == "all 15 pieces in the goal"
    assert over.outcome.scores == (15, 0)


def test_a_move_may_hand_the_opponent_the_win():
    # White has 14 home; knocking its large off a5 (black) sends it into White's goal
    state = position({"a3": "BL", "a5": "WL", "c1": "BL"}, pads=([0] * 5, [0] * 5),
                     goals=([0, 0, 0], [5, 5, 4]))  # fmt: skip
    state = state.apply("roll 2 4 6")
    assert "a3+2" in moves(state)
    over = state.apply("a3+2")
    assert over.is_over() and over.outcome.winners == (1,)


def test_backstop_neither_player_can_move_on_any_roll():
    # Black's small on b1 (white; for White index 48) and White's small on g5 (black; for
    # Black index 47): neither may move its own, and a small can't move the other's past 49
    goals = ([4, 5, 5], [4, 5, 5])
    state = position({"b1": "BS", "g5": "WS"}, pads=([0] * 5, [0] * 5), goals=goals)
    over = state.apply("roll 1 1 1")
    assert over.is_over() and over.outcome.winners == ()
    assert over.outcome.reason.startswith("neither player can move on any roll")


def test_backstop_a_hundred_turns_without_a_piece_reaching_a_goal():
    state = position({"a3": "BL"}, pads=([0] * 5, FULL), goals=([1, 0, 0], [0, 0, 0]),
                     dry_turns=99)  # fmt: skip
    over = state.apply("roll 1 1 1").apply("a3+1")
    assert over.is_over() and over.dry_turns == 100
    assert over.outcome.winners == (0,) and "100 turns" in over.outcome.reason
    # a piece reaching a goal starts the count again
    state = position({"g5": "BL"}, pads=([0] * 5, FULL), dry_turns=99).apply("roll 1 2 5")
    assert state.apply("g5+5").dry_turns == 0
