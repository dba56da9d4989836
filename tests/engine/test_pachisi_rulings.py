"""One scenario per Pachisi ruling (RULINGS.md, both rule sets), with dice chosen by the test.

Two-player positions: seat 0 enters at square 5, seat 1 opposite at 39, so seat 1's ``rel`` is
seat 0's plus 34 (mod 68). ``other(r)`` converts. Seat 0's safe squares are at rel 0, 7, 12,
17, 24, 29, 34, 41, 46, 51, 58, 63.
"""

from __future__ import annotations

import pytest

import engine

from .pachisi_helpers import HOME, NEST, moves, position


def other(rel: int) -> int:
    """The rel, for the opposite seat of a 2-player game, of seat 0's square ``rel``."""
    converted = (rel + 34) % 68
    assert converted <= 63, "seat 1 never stands on seat 0's rel 30-33 (its home path mouth)"
    return converted


def pawns_of(state, seat=0):
    return list(state.pawns[seat])


# -- entering -------------------------------------------------------------------------------


def test_a_five_enters_and_auto_fives_forbids_moving_with_it():
    s = position(2, {0: [10, NEST, NEST, NEST]}).apply("roll 3 5")
    assert moves(s) == ["enter", "1+3"]  # not 1+5: the 5 must enter (Auto Fives)
    with pytest.raises(engine.IllegalMove, match="Auto Fives"):
        s.apply("1+5")
    s = s.apply("enter")
    assert pawns_of(s) == [10, 0, NEST, NEST] and s.remaining == (3,)


def test_without_auto_fives_a_five_may_move_a_pawn():
    s = position(2, {0: [10, NEST, NEST, NEST]}, auto_fives=False).apply("roll 3 5")
    assert moves(s) == ["enter", "1+3", "1+5"]


def test_two_and_three_enter_with_both_dice_and_are_never_forced():
    s = position(2, {0: [10, NEST, NEST, NEST]}).apply("roll 2 3")
    assert moves(s) == ["enter", "1+2", "1+3"]
    entered = s.apply("enter")
    assert pawns_of(entered) == [10, 0, NEST, NEST] and entered.remaining == ()
    assert entered.phase == "roll" and entered.seat == 1  # the turn passed


def test_five_five_enters_two_pawns():
    s = position(2).apply("roll 5 5")
    assert not s.fourteen and moves(s) == ["enter"]
    s = s.apply("enter").apply("enter")
    assert pawns_of(s) == [0, 0, NEST, NEST]
    assert s.phase == "roll" and s.seat == 0  # doublets: roll again


def test_no_entry_onto_a_blockade():
    s = position(2, {0: [0, 0, NEST, NEST]}).apply("roll 1 5")
    assert "enter" not in moves(s)
    with pytest.raises(engine.IllegalMove, match="blockade"):
        s.apply("enter")
    enemy = position(2, {0: [20, NEST, NEST, NEST], 1: [other(0), other(0)]}).apply("roll 1 5")
    assert "enter" not in moves(enemy)


def test_entering_captures_a_lone_enemy_on_ones_own_entry_square():
    s = position(2, {0: [20, NEST, NEST, NEST], 1: [other(0), NEST, NEST, NEST]})
    s = s.apply("roll 1 5").apply("enter")
    assert pawns_of(s, 1)[0] == NEST and pawns_of(s)[1] == 0
    assert s.bonuses == (20,) and s.remaining == (1,)
    assert [e.kind for e in s.effects] == ["enter", "capture"]


def test_classic_a_lone_enemy_on_the_start_square_blocks_entering():
    s = position(2, {0: [20, NEST, NEST, NEST], 1: [other(0), NEST, NEST, NEST]}, rules="classic")
    s = s.apply("roll 1 5")
    assert "enter" not in moves(s)
    with pytest.raises(engine.IllegalMove, match="enemy pawn stands on the entry"):
        s.apply("enter")


def test_classic_a_five_may_move_a_man_but_one_that_can_only_enter_enters():
    s = position(2, {0: [10, NEST, NEST, NEST]}, rules="classic").apply("roll 3 5")
    assert moves(s) == ["enter", "1+3", "1+5"]
    only = position(2, {0: [HOME, NEST, NEST, NEST]}, rules="classic").apply("roll 3 5")
    assert moves(only) == ["enter"]


def test_classic_until_a_man_is_in_other_throws_are_wasted():
    s = position(2, rules="classic").apply("roll 3 4")
    assert s.phase == "roll" and s.seat == 1 and s.forfeited == (3, 4)


# -- using the dice -------------------------------------------------------------------------


def test_both_dice_must_be_used_when_any_order_allows():
    # An enemy blockade on 12. Pawn 1 on 8: 1+4 lands on it, 1+2 then 1+4 passes it.
    # Pawn 2 on 69: 2+2 reaches HOME, 2+4 overshoots. No order plays both dice, so either
    # die alone may be played (and the other is forfeited).
    blockade = other(12)
    s = position(2, {0: [8, 69, HOME, HOME], 1: [blockade, blockade]}).apply("roll 2 4")
    assert moves(s) == ["1+2", "2+2"]
    free = position(2, {0: [8, 40, HOME, HOME]}).apply("roll 2 4")
    assert set(moves(free)) == {"1+2", "1+4", "2+2", "2+4"}


def test_a_move_that_wins_uses_up_the_dice():
    # Only pawn 1 is out, on 66: 1+1 then 1+5 overshoots (67 + 5 = 72), so no order plays
    # both dice; 1+5 reaches HOME and wins, which counts as using everything: the only move.
    s = position(2, {0: [66, HOME, HOME, HOME]}).apply("roll 1 5")
    assert moves(s) == ["1+5"]
    won = s.apply("1+5")
    assert won.is_over() and won.outcome.winners == (0,)


def test_a_die_that_cannot_be_used_is_forfeited():
    s = position(2, {0: [68, HOME, HOME, HOME]}).apply("roll 4 6")
    assert s.phase == "roll" and s.seat == 1 and s.forfeited == (4, 6)


# -- doublets, the 14 and the penalty -------------------------------------------------------


def test_doublets_roll_again_even_when_forfeited():
    s = position(2, {0: [68, HOME, HOME, NEST]}).apply("roll 6 6")
    assert s.forfeited == (6, 6) and s.phase == "roll" and s.seat == 0


def test_with_the_nest_empty_a_doublet_is_a_fourteen_in_four_parts():
    s = position(2, {0: [1, 20, 40, 45]}).apply("roll 2 2")
    assert s.fourteen and s.parts == (2, 2, 5, 5) and s.remaining == (2, 2, 5, 5)
    assert "enter" not in moves(s)
    for move in ("1+2", "1+2", "2+5", "3+5"):
        s = s.apply(move)
    assert pawns_of(s) == [5, 25, 45, 45]
    assert s.phase == "roll" and s.seat == 0


def test_a_fourteen_where_one_part_cannot_be_played_moves_nothing():
    # Parts 3, 3, 4, 4. Pawn 1 on 60 reaches HOME with 4+4+3 (a 3 left over); pawn 2 on 69
    # needs exactly 2, and the HOME bonus of 10 fits nobody: the last part cannot be played.
    s = position(2, {0: [60, 69, HOME, HOME]}).apply("roll 3 3")
    assert s.fourteen and s.remaining == () and s.forfeited == (3, 3, 4, 4)
    assert pawns_of(s) == [60, 69, HOME, HOME] and s.phase == "roll" and s.seat == 0
    # Had pawn 2 been HOME, the same parts would win: a win uses up everything.
    wins = position(2, {0: [60, HOME, HOME, HOME]}).apply("roll 3 3")
    assert wins.remaining == (3, 3, 4, 4) and moves(wins) == ["1+3", "1+4"]


def test_every_part_of_a_fourteen_must_keep_the_whole_fourteen_possible():
    # Parts 1, 1, 6, 6. Pawn 1 on 65 reaches HOME with a 6 (and earns 10, taken right after
    # that part); pawn 2 on 10 takes everything else.
    s = position(2, {0: [65, 10, HOME, HOME]}).apply("roll 1 1")
    assert s.fourteen and s.remaining == (1, 1, 6, 6)
    assert "1+6" in moves(s) and "2+6" in moves(s)
    s = s.apply("1+6")
    assert s.bonuses == (10,) and moves(s) == ["2+10"]
    s = s.apply("2+10")
    assert pawns_of(s)[1] == 20 and s.remaining == (1, 1, 6)


def test_third_doublet_sends_back_the_most_advanced_pawn_not_home():
    s = position(2, {0: [30, 50, HOME, 50]}, doublets=2).apply("roll 4 4")
    assert pawns_of(s) == [30, NEST, HOME, 50]  # ties: the lowest-numbered goes
    assert s.effects[0].kind == "penalty" and s.phase == "roll" and s.seat == 1


def test_classic_has_no_third_doublet_penalty_unless_asked():
    s = position(2, {0: [30, 50, 60, 62]}, doublets=2, rules="classic").apply("roll 4 4")
    assert s.fourteen and s.phase == "play"
    on = position(
        2, {0: [30, 50, 60, 62]}, doublets=2, rules="classic", third_doublet_penalty=True
    ).apply("roll 4 4")
    assert pawns_of(on) == [30, 50, 60, NEST]


# -- captures and bonuses -------------------------------------------------------------------


def test_a_capture_earns_twenty_taken_after_the_dice():
    s = position(2, {0: [10, 30, NEST, NEST], 1: [other(13), NEST, NEST, NEST]})
    s = s.apply("roll 3 4")
    s = s.apply("1+3")
    assert pawns_of(s, 1)[0] == NEST and s.bonuses == (20,) and s.remaining == (4,)
    assert "1+20" not in moves(s)  # the dice first
    s = s.apply("2+4")
    assert set(moves(s)) == {"1+20", "2+20"}
    s = s.apply("2+20")
    assert pawns_of(s)[:2] == [13, 54] and s.phase == "roll" and s.seat == 1


def test_a_capture_bonus_that_no_pawn_can_take_in_full_is_lost():
    s = position(2, {0: [10, 60, NEST, NEST], 1: [other(13), other(28), other(28), NEST]})
    s = s.apply("roll 3 4").apply("1+3")
    # Pawn 1 on 13: +20 would pass the enemy blockade at 28; pawn 2 on 64 +20 overshoots.
    s = s.apply("2+4")
    assert s.lost_bonuses == (20,) and s.phase == "roll"


def test_home_bonus_ten_online_and_a_bonus_move_that_reaches_home_earns_the_next():
    s = position(2, {0: [68, 41, NEST, NEST]}).apply("roll 3 6")
    s = s.apply("1+3")  # HOME: bonus 10
    s = s.apply("2+6")  # 47
    assert s.bonuses == (10,)
    s = s.apply("2+10")  # 57
    assert pawns_of(s)[:2] == [HOME, 57]
    classic = position(2, {0: [68, 41, NEST, NEST]}, rules="classic").apply("roll 3 6")
    classic = classic.apply("1+3").apply("2+6")
    assert classic.bonuses == () and classic.phase == "roll"


# -- safe squares and blockades -------------------------------------------------------------


def test_a_lone_enemy_on_a_safe_square_can_be_neither_captured_nor_joined():
    s = position(2, {0: [9, NEST, NEST, NEST], 1: [other(12), NEST, NEST, NEST]})
    s = s.apply("roll 3 4")
    assert "1+3" not in moves(s)
    with pytest.raises(engine.IllegalMove, match="safe square"):
        s.apply("1+3")


def test_a_blockade_stops_passing_and_landing_also_for_its_owner():
    s = position(2, {0: [20, 20, 17, NEST]}).apply("roll 2 6")
    assert "3+6" not in moves(s)  # would pass its own blockade on 20
    assert "3+2" in moves(s)  # 19: fine
    with pytest.raises(engine.IllegalMove, match="blockade"):
        s.apply("3+6")
    home_path = position(2, {0: [66, 66, 64, HOME]}).apply("roll 1 4")
    assert "3+4" not in moves(home_path)  # passes its own blockade on the home path


def test_the_pair_of_a_blockade_may_not_end_the_roll_together_on_a_new_square():
    s = position(2, {0: [20, 20, NEST, NEST]}).apply("roll 3 3")  # a pawn in the nest: no 14
    s = s.apply("1+3")
    assert moves(s) == ["1+3"]  # 2+3 would end the roll with the pair together on 23
    with pytest.raises(engine.IllegalMove, match="blockade may not end the roll together"):
        s.apply("2+3")
    # In a 14 (parts 3, 3, 4, 4) they may meet on the way, as long as they part again.
    s = position(2, {0: [20, 20, HOME, HOME]}).apply("roll 3 3").apply("1+3")
    assert "2+3" in moves(s)
    ends = [pawns_of(t) for t in _ends(s.apply("2+3"))]
    assert ends and all(p[0] != p[1] for p in ends)


def _ends(state):
    """Every position where the current roll's play ends, from ``state``."""
    if state.phase != "play":
        return [state]
    found = []
    for move in state.legal_moves():
        found.extend(_ends(state.apply(move)))
    return found


def test_blockades_off_no_two_pawns_on_one_square():
    s = position(2, {0: [20, 17, NEST, NEST]}, blockades=False).apply("roll 3 4")
    assert "2+3" not in moves(s)
    with pytest.raises(engine.IllegalMove, match="share a square"):
        s.apply("2+3")


def test_home_needs_the_exact_count():
    s = position(2, {0: [68, 20, NEST, NEST]}).apply("roll 4 6")
    assert "1+4" not in moves(s) and "1+6" not in moves(s)
    with pytest.raises(engine.IllegalMove, match="exactly 3"):
        s.apply("1+4")


# -- options --------------------------------------------------------------------------------


def test_first_pawn_out():
    s = engine.get_game("pachisi").new_game(3, {"first_pawn_out": True})
    assert [p[0] for p in s.pawns] == [0, 0, 0]


def test_undo_takes_back_moves_of_the_dice_play_but_never_a_bonus():
    s = position(2, {0: [10, 30, NEST, NEST], 1: [other(13)]}, undo=True).apply("roll 3 4")
    assert "undo" not in moves(s)
    first = s.apply("1+3")
    assert "undo" in moves(first)
    back = first.apply("undo")
    assert pawns_of(back) == [10, 30, NEST, NEST] and pawns_of(back, 1)[0] == other(13)
    assert back.remaining == (3, 4) and "undo" not in moves(back)
    bonus = first.apply("2+4")  # the dice play is complete: the bonus is next, no undo
    assert "undo" not in moves(bonus) and bonus.bonuses == (20,)
    off = position(2, {0: [10]}).apply("roll 3 4").apply("1+3")
    with pytest.raises(engine.IllegalMove, match="Undo is off"):
        off.apply("undo")


def test_partners_never_land_on_each_other_and_play_on_for_each_other():
    # Seat 2 sits opposite seat 0 in a 4-player game: partners. Seat 2 enters at 39.
    s = position(4, {0: [10], 2: [(5 + 13 - 39) % 68]}, partners=True).apply("roll 3 4")
    assert "1+3" not in moves(s)  # the partner's lone pawn on 13
    done = position(4, {0: [HOME] * 4, 2: [5, NEST, NEST, NEST]}, partners=True)
    done = done.apply("roll 2 4")
    assert done.moving_colour == 2 and set(moves(done)) >= {"1+2", "1+4"}
    with pytest.raises(ValueError, match="partners needs 4 players"):
        engine.get_game("pachisi").new_game(3, {"partners": True})


def test_partners_win_together():
    s = position(4, {0: [HOME] * 4, 2: [HOME, HOME, HOME, 68]}, partners=True)
    s = s.apply("roll 3 5").apply("4+3")
    assert s.is_over() and s.outcome.winners == (0, 2)


def test_the_game_ends_the_moment_all_pawns_are_home():
    s = position(2, {0: [HOME, HOME, HOME, 67]}).apply("roll 4 4")  # a 14: 4,4,3,3
    s = s.apply("4+4")
    assert s.is_over() and s.to_move is None and s.outcome.winners == (0,)


# -- roll-off and turn order ----------------------------------------------------------------


def test_online_roll_off_highest_die_starts_ties_roll_again_and_play_passes_clockwise():
    s = engine.get_game("pachisi").new_game(4)
    for die in (3, 6, 2, 6):
        assert s.to_move == engine.CHANCE and s.roller == s.seat
        s = s.apply(f"roll {die}")
    assert s.phase == "rolloff" and s.seat == 1  # 1 and 3 tied on 6
    s = s.apply("roll 2").apply("roll 5")
    assert s.phase == "roll" and s.seat == 3
    s = s.apply("roll 1 2")  # nothing to move: the turn passes to the left (clockwise)
    assert s.seat == 2


def test_classic_roll_off_lowest_total_starts_and_play_passes_counter_clockwise():
    s = engine.get_game("pachisi").new_game(3, {"rules": "classic"})
    assert str(s.legal_moves()[0]) == "roll 1 1"
    for dice in ("roll 2 3", "roll 1 3", "roll 6 6"):
        s = s.apply(dice)
    assert s.phase == "roll" and s.seat == 1
    s = s.apply("roll 1 2")
    assert s.seat == 2


def test_roll_chance_outcomes_are_two_dice():
    s = position(2).apply("roll 1 2")
    outcomes = dict((str(m), p) for m, p in s.chance_outcomes())
    assert len(outcomes) == 21 and abs(sum(outcomes.values()) - 1) < 1e-9
    assert outcomes["roll 3 5"] == pytest.approx(2 / 36) and outcomes["roll 4 4"] == 1 / 36
    assert s.parse("roll 5 3") == s.parse("roll 3 5")


# -- score and report -----------------------------------------------------------------------


def test_score_and_the_final_report():
    s = position(3, {0: [HOME, HOME, HOME, 68], 1: [HOME, 30, NEST, NEST], 2: [HOME, 30, NEST]})
    assert s.score_text(0) == "3 / 281" and s.score_text(1) == "1 / 91"
    s = s.apply("roll 3 6").apply("4+3")
    report = s.report()
    assert report[0].seat == 0 and report[0].home == 4
    # Seats 1 and 2 tie on 1-91 and on the weights (30 weighs 2 for both): a random draw,
    # marked, and the same on every replay.
    assert {r.seat for r in report[1:]} == {1, 2} and all(r.random for r in report[1:])
    assert not report[0].random


def test_a_move_that_strands_a_die_is_refused_when_another_order_plays_both():
    # Pawn 1 on 67 needs 4, pawn 2 on 69 needs 2; dice 2 and 4. 1+2 is a fine move on its
    # own, but then the 4 fits nobody, while 1+4 or 2+2 first lets the other die play too.
    s = position(2, {0: [67, 69, HOME, HOME]}).apply("roll 2 4")
    assert moves(s) == ["1+4", "2+2"]
    with pytest.raises(engine.IllegalMove, match="would leave a die unused"):
        s.apply("1+2")
