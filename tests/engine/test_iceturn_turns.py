"""Ice-Turn: scenario tests per ruling (RULINGS.md) for what happens inside a turn, through the
public API: the points and what they buy, stacking, tipping, the reactions, ``end``, and the
notation (DESIGN.md). The setup, the Treehouse actions, the win and the round limit are in
test_iceturn_rulings.py.

Tiles where a test does not name them are iceturn_helpers.LAYOUT:
rank 4: Ae As Dn Q / rank 3: As De Q Aw / rank 2: Ae Q Dn Aw / rank 1: Q An De An.
"""

from __future__ import annotations

import random
import re

import pytest

from .iceturn_helpers import GAME, at, moves, play, position, random_game, refusal


def starting(state, prefix: str) -> list[str]:
    return [m for m in moves(state) if m.startswith(prefix)]


# -- points ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, cost",
    [
        ("a1-a2", 1),  # a small steps for its pip
        ("b1-b2", 2),  # a medium for two
        ("c1-c2", 3),  # a large for three
        ("d2-d3/1", 2),  # onto an occupied tile: the same
        ("turn a1 e", 1),
        ("tip c4 s", 1),  # a lone standing piece
        ("tip b4 s", 1),  # a stack
    ],
)
def test_a_step_costs_the_pieces_pips_a_turn_and_a_tip_one(move, cost):
    pieces = {"a1": "0Sn", "b1": "0Mn", "c1": "0Ln", "d2": "0Mn", "d3": "1L",
              "c4": "0S", "b4": "1L 0M"}  # fmt: skip
    state = position(pieces, roll="roll 6 hop")
    assert state.apply(move).points == 6 - cost


def test_unused_points_are_lost():
    pieces = {"b2": "0Mn", "b4": "1Sn"}
    state = play(position(pieces, roll="roll 6 hop"), "turn b2 e", "end")
    # the movement phase is over: the five points left buy nothing more
    assert state.phase == "react"
    assert all(m.startswith("react") or m == "end" for m in moves(state))
    state = play(state, "end", "roll 1 hop", "end")  # seat 1's turn, with nothing to react
    assert state.roller == 0
    assert state.apply("roll 2 hop").points == 2  # the new roll, nothing carried over


def test_points_cannot_be_overspent():
    state = position({"b2": "0Ln", "c3": "0S"}, roll="roll 2 hop")
    assert not starting(state, "b2-")
    assert refusal(state, "b2-b3") == "Moving a large a tile costs 3 points; you have 2 left."
    spent = play(state, "turn b2 e", "turn b2 n")
    assert spent.points == 0
    assert not starting(spent, "turn") and not starting(spent, "tip")
    assert "costs 1 point; you have no points left" in refusal(spent, "turn b2 e")
    assert "Tipping costs 1 point; you have no points left" in refusal(spent, "tip c3 n")


def test_pieces_step_one_tile_the_way_they_face():
    state = position({"b2": "0Mn"}, roll="roll 6 hop")
    assert starting(state, "b2-") == ["b2-b3"]
    for elsewhere in ("b2-c2", "b2-b4", "b2-c3", "b2-b1"):
        message = refusal(state, elsewhere)
        assert "move only the way they face" in message and "faces north, to b3" in message
    edge = position({"b4": "0Mn"}, roll="roll 6 hop")
    assert not starting(edge, "b4-")
    assert "faces north, off the board: turn it first" in refusal(edge, "b4-c4")


def test_standing_pieces_cannot_move_or_turn():
    state = position({"b2": "0M", "c2": "0L 0S"}, roll="roll 6 hop")
    assert not [m for m in moves(state) if m.startswith(("b2-", "c2-", "turn"))]
    for text in ("b2-b3", "turn b2 e", "c2-c3", "turn c2 w"):
        message = refusal(state, text)
        assert "stand" in message and "cannot move or turn" in message and "tip" in message


def test_only_the_movers_own_lying_pieces_step_or_turn():
    state = position({"b2": "1Mn", "c2": "0Sn"}, roll="roll 6 hop")
    assert not starting(state, "b2-") and not starting(state, "turn b2")
    assert refusal(state, "b2-b3") == "The medium on b2 is player 2's, not yours."
    assert "player 2's, not yours" in refusal(state, "turn b2 e")
    assert "There is no piece on d3" in refusal(state, "turn d3 e")
    assert starting(state, "turn c2") == ["turn c2 e", "turn c2 s", "turn c2 w"]


def test_a_tip_needs_a_standing_piece_or_stack_holding_one_of_the_movers_pieces():
    pieces = {"b2": "1L 0S", "c3": "1L 1S", "d1": "1L", "a3": "0M", "c1": "0Sn"}
    state = position(pieces, roll="roll 6 hop")
    assert {m.split()[1] for m in starting(state, "tip")} == {"b2", "a3"}
    assert "holds none of your pieces" in refusal(state, "tip c3 n")
    assert "holds none of your pieces" in refusal(state, "tip d1 n")
    assert "already lies; turn it with turn c1 w" in refusal(state, "tip c1 w")


# -- stacking -------------------------------------------------------------------------------


def test_moving_onto_an_occupied_tile_stacks_in_the_chosen_position():
    state = position({"b2": "0Mn", "b3": "1L 1S"}, roll="roll 6 hop")
    assert starting(state, "b2-") == ["b2-b3/0", "b2-b3/1", "b2-b3/2"]
    # k pieces end up below it; the order of those there is kept
    assert at(state.apply("b2-b3/0"), "b3") == "0M 1L 1S"
    assert at(state.apply("b2-b3/1"), "b3") == "1L 0M 1S"
    after = state.apply("b2-b3/2")
    assert at(after, "b3") == "1L 1S 0M" and at(after, "b2") == ""
    assert not starting(after, "b3-") and not starting(after, "turn b3")  # it stands now
    assert "b3 is occupied" in refusal(state, "b2-b3") and "/0 (bottom) to /2" in refusal(
        state, "b2-b3"
    )
    assert refusal(state, "b2-b3/3") == "b3 holds 2 pieces: /0 to /2."


def test_a_lying_piece_moved_onto_stands_up_too():
    state = position({"b2": "0Mn", "b3": "1Se"}, roll="roll 6 hop")
    assert starting(state, "b2-") == ["b2-b3/0", "b2-b3/1"]
    assert at(state.apply("b2-b3/1"), "b3") == "1S 0M"
    assert at(state.apply("b2-b3/0"), "b3") == "0M 1S"
    empty = position({"b2": "0Mn"}, roll="roll 6 hop")
    assert "b3 is empty, so there is no stack position to choose" in refusal(empty, "b2-b3/0")


# -- tipping --------------------------------------------------------------------------------


def test_tipping_a_stack_of_three_spreads_it_facing_the_tip():
    state = position({"a1": "0L 0M 0S"}, roll="roll 1 hop")
    assert set(starting(state, "tip")) == {"tip a1 n", "tip a1 e"}
    north = state.apply("tip a1 n")
    assert [at(north, c) for c in ("a1", "a2", "a3")] == ["0Ln", "0Mn", "0Sn"]
    east = state.apply("tip a1 e")
    assert [at(east, c) for c in ("a1", "b1", "c1")] == ["0Le", "0Me", "0Se"]
    # a stack with someone else's pieces spreads the same
    mixed = position({"c2": "1L 0S"}, roll="roll 1 hop").apply("tip c2 w")
    assert at(mixed, "c2") == "1Lw" and at(mixed, "b2") == "0Sw"


def test_a_tip_landing_on_pieces_stacks_them_as_the_mover_chooses():
    # the DESIGN example: one /k per occupied landing tile, nearest first
    state = position({"a1": "0L 0M 0S", "a2": "1Se", "a3": "1L"}, roll="roll 1 hop")
    tips = starting(state, "tip a1 n")
    assert tips == ["tip a1 n/0/0", "tip a1 n/0/1", "tip a1 n/1/0", "tip a1 n/1/1"]
    after = state.apply("tip a1 n/1/0")
    assert at(after, "a1") == "0Ln"
    assert at(after, "a2") == "1S 0M"  # the lying small stood up under the medium
    assert at(after, "a3") == "0S 1L"
    assert "give one /k for each, nearest first" in refusal(state, "tip a1 n")
    assert "2 occupied tiles (a2, a3)" in refusal(state, "tip a1 n/1")
    one = position({"a1": "0L 0M 0S", "a3": "1L"}, roll="roll 1 hop")
    assert starting(one, "tip a1 n") == ["tip a1 n/0", "tip a1 n/1"]


def test_a_tip_that_would_put_a_piece_off_the_board_is_refused():
    state = position({"a1": "0L 0M 0S", "b3": "1L 0M 1S", "d2": "0S 1M"}, roll="roll 1 hop")
    tips = set(starting(state, "tip"))
    assert tips == {"tip a1 n", "tip a1 e", "tip b3 s", "tip b3 e", "tip d2 n", "tip d2 s",
                    "tip d2 w"}  # fmt: skip
    for text in ("tip a1 w", "tip a1 s", "tip b3 n", "tip b3 w", "tip d2 e"):
        assert "would put a piece off the board" in refusal(state, text)


def test_a_lone_standing_piece_tipped_lies_facing_that_way():
    state = position({"a1": "0M"}, roll="roll 1 hop")
    assert set(starting(state, "tip")) == {"tip a1 n", "tip a1 e", "tip a1 s", "tip a1 w"}
    assert at(state.apply("tip a1 w"), "a1") == "0Mw"  # nothing leaves the board
    assert at(state.apply("tip a1 n"), "a1") == "0Mn"


# -- reactions ------------------------------------------------------------------------------

# Four players' pieces, all lying facing north, around seat 0's lying medium on b2; a1, c1
# and c3 (diagonal to b2) are never reached from b2.
AROUND_B2 = {
    "b2": "0Mn",
    "b1": "1Sn", "b3": "1Mn", "b4": "1Ln", "a2": "2Sn", "c2": "2Mn", "d2": "2Ln",
    "a1": "3Sn", "c1": "3Mn", "c3": "3Ln",
}  # fmt: skip


@pytest.mark.parametrize(
    "tile, reached",
    [
        ("An", {"b3"}),  # a single arrow: the one tile it points at
        ("Ae", {"c2"}),
        ("As", {"b1"}),
        ("Aw", {"a2"}),
        ("Dn", {"b1", "b3", "b4"}),  # a double arrow: its whole axis, both ways
        ("De", {"a2", "c2", "d2"}),
        ("Q", {"a2", "c2", "d2", "b1", "b3", "b4"}),  # a Q-Turner: its row and column
    ],
)
def test_what_each_arrow_reaches(tile, reached):
    state = position(AROUND_B2, tiles={"b2": tile}, players=4, roll="roll 1 hop")
    state = state.apply("end")
    assert state.phase == "react"
    assert {m.split()[2] for m in starting(state, "react b2 ")} == reached
    assert {m.split()[1] for m in starting(state, "react")} == {"b2"}  # the only source
    for target in reached:  # to any other facing
        assert starting(state, f"react b2 {target} ") == [f"react b2 {target} {f}" for f in "esw"]
    outside = sorted({"a1", "c1", "c3", "b1", "b3", "b4", "a2", "c2", "d2"} - reached)[0]
    assert f"reaches {', '.join(sorted(reached, key=lambda c: (c[1], c[0])))}; not" in refusal(
        state, f"react b2 {outside} e"
    )


def test_a_single_arrow_pointing_off_the_board_reaches_nothing():
    state = position({"a1": "0Sn", "a2": "1Sn", "b1": "1Mn"}, tiles={"a1": "Aw"},
                     roll="roll 2 hop")  # fmt: skip
    after = state.apply("end")  # nothing to react with: the turn passes
    assert after.phase == "roll" and after.roller == 1
    turned = state.apply("turn a1 e")  # the tile's arrow counts, not the piece's facing
    assert turned.apply("end").phase == "roll"


@pytest.mark.parametrize("tile, reached", [("Q", {"a4", "d1"}), ("Dn", {"a4"}), ("De", {"d1"})])
def test_nothing_blocks_a_line(tile, reached):
    # from a1 to the far corners, past standing stacks and a lying piece on the way
    pieces = {"a1": "0Mn", "a2": "1L 1S", "a3": "1Mn", "a4": "1Sn",
              "b1": "0L", "c1": "2Se", "d1": "2Mw"}  # fmt: skip
    state = position(pieces, tiles={"a1": tile}, players=3, roll="roll 1 hop").apply("end")
    far = {m.split()[2] for m in starting(state, "react a1 ")} - {"a3", "c1"}
    assert far == reached


def test_one_reaction_from_each_tile_holding_one_of_the_movers_lying_pieces():
    pieces = {
        "b2": "0Mn",  # on a Q-Turner: reaches a2, b3, d2 (lying)
        "d4": "0Sw",  # on a Q-Turner: reaches d2 and b4 (lying)
        "c3": "0L",  # standing: no source, though its Q-Turner reaches b3
        "a2": "1Sn",  # seat 1's lying piece: no source for seat 0 (its arrow reaches b2)
        "b3": "1Mn",
        "d2": "1Ln",
        "b4": "2Sn",
    }
    state = position(pieces, players=3, roll="roll 1 hop").apply("end")
    assert {m.split()[1] for m in starting(state, "react")} == {"b2", "d4"}
    assert {m.split()[2] for m in starting(state, "react d4 ")} == {"d2", "b4"}
    assert "one of your lying pieces; c3 holds none" in refusal(state, "react c3 b3 e")
    assert "one of your lying pieces; a2 holds none" in refusal(state, "react a2 b2 e")
    after = state.apply("react b2 d2 e")
    assert at(after, "d2") == "1Le" and after.phase == "react"
    assert starting(after, "react b2") == []  # b2 has had its one reaction
    assert "has made its reaction this turn" in refusal(after, "react b2 a2 e")
    # d4 may turn the same piece again
    assert "react d4 d2 n" in moves(after)
    done = after.apply("react d4 d2 n")
    assert at(done, "d2") == "1Ln" and done.phase == "roll" and done.roller == 1


def test_a_reaction_turns_anyones_lying_piece_any_way_even_off_the_board():
    pieces = {"b2": "0Mn", "a2": "1Sn", "b4": "0Se"}
    state = position(pieces, tiles={"b2": "Q"}, roll="roll 1 hop").apply("end")
    assert {"react b2 a2 w", "react b2 a2 s", "react b2 a2 e"} <= set(moves(state))
    assert at(state.apply("react b2 a2 w"), "a2") == "1Sw"  # facing off the board
    assert at(state.apply("react b2 b4 n"), "b4") == "0Sn"  # one's own piece too


def test_standing_pieces_are_never_turned():
    pieces = {"b2": "0Mn", "b3": "1L", "b4": "1M 1S", "c2": "0L"}
    state = position(pieces, tiles={"b2": "Q"}, roll="roll 1 hop")
    assert not starting(state, "turn c2")
    after_end = state.apply("end")  # nothing lying to turn: the turn passes
    assert after_end.phase == "roll" and after_end.roller == 1
    reacting = position(pieces | {"d2": "1Sn"}, tiles={"b2": "Q"}, roll="roll 1 hop")
    reacting = reacting.apply("end")
    assert {m.split()[2] for m in starting(reacting, "react")} == {"d2"}
    assert "standing pieces are never turned" in refusal(reacting, "react b2 b3 e")
    assert "standing pieces are never turned" in refusal(reacting, "react b2 b4 e")


# -- end, and the forced end ----------------------------------------------------------------


def test_end_closes_the_movement_phase_then_the_reactions():
    state = position({"b2": "0Mn", "b3": "1Sn", "c3": "0L"}, roll="roll 4 wild")
    assert "Reactions come after the movement phase: type end first" in refusal(
        state, "react b2 b3 e"
    )
    reacting = state.apply("end")
    assert reacting.phase == "react" and reacting.to_move == 0
    assert moves(reacting) == ["react b2 b3 e", "react b2 b3 s", "react b2 b3 w", "end"]
    for text in ("turn b2 e", "tip 7", "hop L c3-c4", "b2-b3/0"):
        assert "The movement phase is over" in refusal(reacting, text)
    passed = reacting.apply("end")
    assert passed.phase == "roll" and passed.roller == 1 and at(passed, "b3") == "1Sn"


def test_a_lone_forced_end_is_played_by_the_engine():
    # nothing to do at all: the roll passes the turn
    state = position({"b2": "1Mn"}, roll=None)
    passed = state.apply("roll 6 hop")
    assert passed.phase == "roll" and passed.roller == 1 and passed.turns == 1
    assert [str(m) for m in passed.history] == ["roll 6 hop"]  # the ends are not moves
    # nothing to react with: end passes the turn straight to the next roll
    alone = position({"b2": "0Mn"}, roll="roll 3 hop")
    passed = alone.apply("end")
    assert passed.phase == "roll" and passed.roller == 1
    assert [str(m) for m in passed.history] == ["end"]
    # tip 7 or end is a choice: nothing is played by itself
    tipping = position({"b2": "1Mn"}, roll="roll 2 tip")
    assert moves(tipping) == ["tip 7", "end"]


# -- notation -------------------------------------------------------------------------------


def test_moves_that_change_nothing_are_not_offered():
    pieces = {"b2": "0Mn", "b3": "1Sn", "c2": "0L"}
    state = position(pieces, tiles={"b2": "An", "c2": "Q"}, roll="roll 4 wild")
    legal = moves(state)
    assert "turn b2 n" not in legal and "already faces north" in refusal(state, "turn b2 n")
    assert not [m for m in legal if m.startswith(("aim a1", "aim c2", "aim c3"))]  # Q-Turners
    assert "swap d2 d3" not in legal  # the same empty tile
    assert "tip 7" in legal and legal[-1] == "end"  # these two are offered all the same
    reacting = state.apply("end")
    assert "react b2 b3 n" not in moves(reacting)
    assert "already faces north" in refusal(reacting, "react b2 b3 n")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_every_legal_move_reads_back_as_itself(players, seed):
    def check(before, move, after):
        for legal in before.legal_moves():
            assert before.parse(str(legal)) == legal, str(legal)
        assert GAME.from_json(after.to_json()) == after

    end = random_game(players, random.Random(seed), check, {"round_limit": 20})
    assert end.is_over()


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("B2-B3/1", "b2-b3/1"),
        (" b2 - b3 / 1 ", "b2-b3/1"),
        ("b2xb3/0", "b2-b3/0"),
        ("b2 x b3/0", "b2-b3/0"),
        ("b2\N{EN DASH}b3/0", "b2-b3/0"),
        ("turn b2 east", "turn b2 e"),
        ("TURN B2 E", "turn b2 e"),
        ("Turn b2 West", "turn b2 w"),
        ("swap b3 b2", "swap b2 b3"),
        ("swap c2 b2", "swap b2 c2"),
        ("tip c3 north", "tip c3 n"),
        ("hop s c3xc4", "hop S c3-c4"),
        ("dig b2-b2", "dig b2"),
        ("dig b2 x b4", "dig b2-b4"),
        ("aim c1 ccw", "aim c1 cw"),  # an empty double arrow: the same as a quarter turn cw
        ("Aim B2 CW", "aim b2 cw"),
        ("Tip 7", "tip 7"),
        ("END", "end"),
    ],
)
def test_forgiving_spellings_in_play(typed, canonical):
    state = position({"b2": "0Mn", "b3": "1Se", "c3": "0L 0S"}, roll="roll 6 wild")
    assert str(state.parse(typed)) == canonical
    assert state.apply(typed) == state.apply(canonical)


def test_forgiving_spellings_in_the_setup_and_the_reactions():
    dealing = GAME.new_game(2)
    assert str(dealing.parse("deal aaaDDDqq")) == "deal QQDDDAAA"
    assert str(dealing.parse("Deal QQDDDAAA")) == "deal QQDDDAAA"
    placing = dealing.apply("deal QQDDDAAA")
    for typed, canonical in [("q@B2", "Q@b2"), ("Q@b2n", "Q@b2"), ("D@b2s", "D@b2n"),
                             ("d@b2w", "D@b2e"), ("a @ b2N", "A@b2n")]:  # fmt: skip
        assert str(placing.parse(typed)) == canonical
    rolling = position(roll=None)
    assert str(rolling.parse("ROLL 4 HOP")) == "roll 4 hop"
    reacting = position({"b2": "0Mn", "b3": "1Sn"}, roll="roll 1 hop").apply("end")
    assert str(reacting.parse("react B2 b3 South")) == "react b2 b3 s"


def test_the_tip_suggested_for_a_standing_piece_is_a_legal_move():
    state = position({"b2": "1L", "d2": "0L 0M 0S"}, roll="roll 3 hop")
    for text in ("b2-b3", "turn b2 e", "d2-d3", "turn d2 w"):
        for suggested in re.findall(r"tip [a-d][1-4] [nesw](?:/\d)*", refusal(state, text)):
            assert suggested in moves(state), (text, suggested)


def test_a_space_before_the_facing_of_a_placement_is_forgiven():
    placing = GAME.new_game(2).apply("deal QQDDDAAA")
    assert str(placing.parse("A@b2 n")) == "A@b2n"
    assert str(placing.parse("D @ b2 E")) == "D@b2e"


@pytest.mark.parametrize(
    "text, words",
    [
        ("fly b2", "is not Ice-Turn notation"),
        ("turn b2 up", "is not Ice-Turn notation"),
        ("b2-b9", "b9 is not on the board (squares a1-d4)"),
        ("", "Type a move, e.g."),
        ("roll 3 hop", "The dice are already rolled"),
        ("Q@a1", "All the tiles are placed"),
        ("tip d4 n", "There is no piece on d4"),
        ("tip c3 n/1", "That tip lands on no occupied tile: type tip c3 n."),
        ("b2-b3", "b3 is occupied: say how many pieces end up below yours"),
    ],
)
def test_illegal_input_is_refused_with_a_message_and_changes_nothing(text, words):
    state = position({"b2": "0Mn", "b3": "1Se", "c3": "0L 0S"}, roll="roll 6 hop")
    assert words in refusal(state, text)


def test_before_the_roll_only_a_roll_is_accepted():
    state = position({"b2": "0Mn"}, roll=None, seat=1)
    for text in ("b2-b3", "end", "roll 7 hop"):
        assert "Player 2 rolls the d6 and the Treehouse die first" in refusal(state, text)
