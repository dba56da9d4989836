"""Ice-Turn: scenario tests per ruling (RULINGS.md), through the public API: the Treehouse
actions, the win and the round limit. The deal, placement, corners and roll are in
test_iceturn_start.py; points, stacking, tipping, reactions and the notation in
test_iceturn_turns.py.

Tiles where a test does not name them are iceturn_helpers.LAYOUT:
rank 4: Ae As Dn Q / rank 3: As De Q Aw / rank 2: Ae Q Dn Aw / rank 1: Q An De An.
"""

from __future__ import annotations

import pytest

import engine

from .iceturn_helpers import GAME, at, moves, play, position, refusal, tile_at


def treehouse(state) -> set[str]:
    """The first word of each Treehouse move on offer."""
    words = {m.split()[0] for m in moves(state)}
    offered = words & {"aim", "swap", "hop", "dig"}
    return offered | ({"tip 7"} if "tip 7" in moves(state) else set())


# -- the Treehouse actions ------------------------------------------------------------------


def test_tip_makes_the_turns_points_seven():
    state = position({"b1": "0Sn"}, roll="roll 4 tip")
    assert state.apply("tip 7").points == 7
    # after spending some: what is left grows by 7 minus the d6
    spent = state.apply("b1-b2")
    assert spent.points == 3 and spent.apply("tip 7").points == 6
    assert position({"b1": "0Sn"}, roll="roll 6 tip").apply("tip 7").points == 7
    # all spent: it still gives the difference
    broke = play(position({"b1": "0Ln"}, roll="roll 3 tip"), "b1-b2")
    assert broke.points == 0 and moves(broke) == ["tip 7", "end"]
    assert broke.apply("tip 7").points == 4


def test_the_treehouse_action_is_optional_free_and_once_before_between_or_after():
    pieces = {"b1": "0Sn", "c3": "0L"}
    state = position(pieces, roll="roll 2 hop")
    # before the point moves, and free
    hopped = state.apply("hop L c3-c4")
    assert hopped.points == 2 and at(hopped, "c4") == "0L"
    assert treehouse(hopped) == set() and "b1-b2" in moves(hopped)
    assert "already used the Treehouse action (HOP)" in refusal(hopped, "hop L c4-c3")
    # between point moves
    between = play(state, "b1-b2", "hop L c3-c4", "b2-b3")
    assert at(between, "b3") == "0Sn" and at(between, "c4") == "0L"
    # after them, with no points left
    after = play(state, "b1-b2", "b2-b3")
    assert after.points == 0 and treehouse(after) == {"hop"}
    # optional: end without it
    skipped = state.apply("end")
    assert skipped.phase == "roll" and skipped.to_move == engine.CHANCE and skipped.roller == 1
    assert at(skipped, "c3") == "0L"


def test_the_die_face_decides_the_action():
    pieces = {"b1": "0Sn", "c3": "0L"}
    offered = {
        "tip": {"tip 7"},
        "aim": {"aim"},
        "swap": {"swap"},
        "hop": {"hop"},
        "dig": {"dig"},
        "wild": {"tip 7", "aim", "swap", "hop", "dig"},
    }
    for face, actions in offered.items():
        assert treehouse(position(pieces, roll=f"roll 2 {face}")) == actions, face
    state = position(pieces, roll="roll 2 hop")
    assert refusal(state, "tip 7") == "The Treehouse die shows HOP: no TIP this turn."
    assert "no DIG" in refusal(state, "dig b1") and "no SWAP" in refusal(state, "swap a1 b1")
    assert "no AIM" in refusal(state, "aim b1 cw")


@pytest.mark.parametrize("first", ["tip 7", "aim b1 cw", "swap a1 b1", "hop L c3-c4", "dig b1"])
def test_wild_lets_the_first_treehouse_move_pick_the_action_then_no_other(first):
    state = position({"b1": "0Sn", "c3": "0L"}, roll="roll 2 wild")
    after = state.apply(first)
    action = first.split()[0]
    assert treehouse(after) == ({"aim"} if action == "aim" else set())  # an AIM run goes on
    for other in ("tip 7", "swap a3 a4", "hop L c3-c2", "dig b2"):
        if other.split()[0] != action:
            assert "already used the Treehouse action" in refusal(after, other)


def test_aim_turns_lying_pieces_with_their_tile():
    tiles = {"b2": "An", "b3": "De"}
    state = position({"b2": "1Mn", "b3": "1L 1S", "d4": "0Sn"}, tiles=tiles, roll="roll 1 aim")
    after = state.apply("aim b2 cw")
    assert tile_at(after, "b2") == "Ae" and at(after, "b2") == "1Me"  # anyone's lying piece
    after = state.apply("aim b2 ccw")
    assert tile_at(after, "b2") == "Aw" and at(after, "b2") == "1Mw"
    after = state.apply("aim b2 180")
    assert tile_at(after, "b2") == "As" and at(after, "b2") == "1Ms"
    # standing pieces do not turn with their tile
    after = state.apply("aim b3 cw")
    assert tile_at(after, "b3") == "Dn" and at(after, "b3") == "1L 1S"


def test_aim_turns_several_tiles_one_after_another_each_at_most_once():
    state = position({"b2": "0Mn"}, tiles={"b2": "An", "c2": "An"}, roll="roll 4 aim")
    run = play(state, "aim b2 cw", "aim c2 cw", "aim c1 cw")
    assert [tile_at(run, c) for c in ("b2", "c2", "c1")] == ["Ae", "Ae", "Dn"]
    assert at(run, "b2") == "0Me" and run.points == 4  # AIM is free
    assert not [m for m in moves(run) if m.startswith(("aim b2", "aim c2", "aim c1"))]
    assert "aim d1 cw" in moves(run)
    message = refusal(run, "aim b2 cw")
    assert "already turned in this AIM" in message and "at most once" in message


@pytest.mark.parametrize("other", ["b2-c2", "turn b2 n", "end"])
def test_any_other_move_ends_the_aim_run(other):
    state = position({"b2": "0Mn", "d3": "1Sn"}, tiles={"b2": "An"}, roll="roll 4 aim")
    after = play(state, "aim b2 cw", other)
    assert not [m for m in moves(after) if m.startswith("aim")]
    if after.phase == "move":
        assert "The AIM is over" in refusal(after, "aim c2 cw")


def test_an_aim_that_changes_nothing_is_not_offered():
    state = position({"b2": "0Mn", "c3": "1L 1S"}, roll="roll 1 aim")
    aims = {m for m in moves(state) if m.startswith("aim")}
    # a Q-Turner turns into itself: offered only with a lying piece on it (which turns)
    assert not {"aim a1 cw", "aim a1 ccw", "aim a1 180"} & aims  # empty
    assert not {"aim c3 cw", "aim c3 ccw", "aim c3 180"} & aims  # a standing stack
    assert {"aim b2 cw", "aim b2 ccw", "aim b2 180"} <= aims
    # an empty double arrow: a quarter turn either way is the same, a half turn nothing
    assert "aim c1 cw" in aims and not {"aim c1 ccw", "aim c1 180"} & aims
    assert str(state.parse("aim c1 ccw")) == "aim c1 cw"
    assert "changes nothing" in refusal(state, "aim c1 180")
    assert "changes nothing" in refusal(state, "aim a1 cw")


def test_swap_exchanges_two_adjacent_tiles_with_their_pieces():
    tiles = {"b2": "An", "b3": "De", "c2": "An"}
    state = position({"b2": "0Mn", "b3": "1L 1S"}, tiles=tiles, roll="roll 2 swap")
    after = state.apply("swap b2 b3")
    assert tile_at(after, "b2") == "De" and tile_at(after, "b3") == "An"
    assert at(after, "b2") == "1L 1S" and at(after, "b3") == "0Mn"  # the facing is kept
    assert after.points == 2  # SWAP is free
    swaps = {m for m in moves(state) if m.startswith("swap")}
    # any two orthogonally adjacent tiles, with or without the mover's pieces
    assert {"swap a1 b1", "swap a1 a2", "swap c4 d4", "swap b2 c2"} <= swaps
    # all 24 adjacent pairs but d2-d3: two empty single arrows pointing west, the same
    assert len(swaps) == 23 and "swap d2 d3" not in swaps
    assert "b2 and c3 are not" in refusal(state, "swap b2 c3")  # diagonal
    assert "SWAP exchanges two tiles side by side" in refusal(state, "swap a1 c1")


def test_a_swap_that_changes_nothing_is_not_offered():
    # two empty single arrows pointing the same way, side by side
    state = position({"d4": "0Sw"}, tiles={"b2": "An", "c2": "An"}, roll="roll 2 swap")
    assert "swap b2 c2" not in moves(state)
    assert "changes nothing" in refusal(state, "swap b2 c2")
    assert "swap b2 c2" in moves(position({"b2": "1Se"}, tiles={"b2": "An", "c2": "An"},
                                          roll="roll 2 swap"))  # fmt: skip


def test_hop_moves_a_standing_piece_with_what_is_on_it_on_top_of_a_stack():
    state = position({"b2": "1L 0M 1S", "b4": "1Mw", "d2": "0S 1M"}, roll="roll 1 hop")
    hops = {m for m in moves(state) if m.startswith("hop")}
    # the mover's standing pieces, 1+ tiles along the row or column, up to the edge
    assert {m for m in hops if m.startswith("hop M b2")} == {
        f"hop M b2-{c}" for c in ("b1", "b3", "b4", "a2", "c2", "d2")
    }
    assert {m for m in hops if m.startswith("hop S d2")} == {
        f"hop S d2-{c}" for c in ("d1", "d3", "d4", "a2", "b2", "c2")
    }
    assert not [m for m in hops if m.startswith(("hop L", "hop M d2"))]  # not the mover's
    after = state.apply("hop M b2-b4")
    assert at(after, "b2") == "1L"  # what was under it stays
    assert at(after, "b4") == "1M 0M 1S"  # on top, standing; the lying piece there stood up
    assert after.points == 1
    alone = state.apply("hop S d2-c2")
    assert at(alone, "c2") == "0S 1M" and at(alone, "d2") == ""  # it carries what is on it
    assert "Your large is not on b2" in refusal(state, "hop L b2-b4")
    assert "along a row or a column" in refusal(state, "hop M b2-c3")


def test_hop_moves_only_standing_pieces():
    state = position({"b2": "0Mn"}, roll="roll 1 hop")
    assert not [m for m in moves(state) if m.startswith("hop")]
    assert "HOP moves a standing piece" in refusal(state, "hop M b2-b4")


def test_dig_stands_a_lying_piece_up_at_the_bottom_where_it_lands():
    state = position({"b2": "0Mn", "b3": "1Se", "b4": "1L 1S", "c2": "1Mn"}, roll="roll 1 dig")
    digs = [m for m in moves(state) if m.startswith("dig")]
    assert digs == ["dig b2", "dig b2-b3", "dig b2-b4"]  # only its facing; only the mover's
    assert at(state.apply("dig b2"), "b2") == "0M"  # in place
    assert at(state.apply("dig b2-b3"), "b3") == "0M 1S"  # the lying piece there stands too
    after = state.apply("dig b2-b4")
    assert at(after, "b4") == "0M 1L 1S" and at(after, "b2") == "" and at(after, "b3") == "1Se"
    assert after.points == 1
    assert "it digs to b3, b4 or in place" in refusal(state, "dig b2-c2")
    assert "player 2's, not yours" in refusal(state, "dig c2")


def test_dig_facing_off_the_board_only_stands_up_in_place():
    state = position({"b4": "0Mn"}, roll="roll 1 dig")
    assert [m for m in moves(state) if m.startswith("dig")] == ["dig b4"]
    assert str(state.parse("dig b4-b4")) == "dig b4"


# -- the win ---------------------------------------------------------------------------------


def test_an_exact_nest_on_ones_goal_wins_at_once_mid_turn():
    state = position({"d4": "0S 0M", "d3": "0Ln"}, roll="roll 6 hop")
    over = state.apply("d3-d4/2")
    assert over.outcome is not None and over.outcome.winners == (0,)
    assert over.points == 3  # the turn stopped with points left
    assert over.to_move is None and over.legal_moves() == []
    assert "The game is over" in refusal(over, "end")


@pytest.mark.parametrize(
    "pieces, move",
    [
        ({"d4": "0S 0M", "d3": "0Ln"}, "d3-d4/0"),  # large at the bottom
        ({"d4": "0S 0M", "d3": "0Ln"}, "d3-d4/1"),  # large in the middle
        ({"d4": "0M 0L", "d3": "0Sn"}, "d3-d4/2"),  # a tree: small on top
        ({"d4": "1S 0S 0M", "d3": "0Ln"}, "d3-d4/3"),  # someone else's piece under it
        ({"d4": "0S 1M", "d3": "0Ln"}, "d3-d4/2"),  # someone else's medium
        ({"a1": "0S 0M", "a2": "0Ls"}, "a2-a1/2"),  # on the other player's goal
        ({"c3": "0S 0M", "c2": "0Ln"}, "c2-c3/2"),  # on no goal
    ],
)
def test_only_an_exact_nest_on_ones_own_goal_wins(pieces, move):
    after = position(pieces, roll="roll 6 hop").apply(move)
    assert after.outcome is None and after.to_move == 0


def test_a_treehouse_action_that_completes_the_nest_wins():
    dug = position({"d4": "0M 0L", "d2": "0Sn"}, roll="roll 1 dig").apply("dig d2-d4")
    assert dug.outcome is not None and dug.outcome.winners == (0,)
    hopped = position({"d4": "0S 0M", "b4": "0L"}, roll="roll 1 hop").apply("hop L b4-d4")
    assert hopped.outcome is not None and hopped.outcome.winners == (0,)


def test_a_move_that_completes_another_players_nest_makes_them_win():
    # seat 0 hops its small off the top of seat 1's nest on a1, seat 1's goal
    state = position({"a1": "1S 1M 1L 0S", "b2": "0Mn"}, roll="roll 3 hop")
    over = state.apply("hop S a1-a4")
    assert over.outcome is not None and over.outcome.winners == (1,)
    # or swaps seat 1's nest onto it
    state = position({"a2": "1S 1M 1L", "b2": "0Mn"}, roll="roll 3 swap")
    over = state.apply("swap a1 a2")
    assert over.outcome is not None and over.outcome.winners == (1,)


def test_two_players_completing_at_once_both_win():
    # three players: seat 1's goal is a4, seat 2's a1. Seat 1 hops its large off seat 2's
    # nest on a1 onto its own small and medium on a4
    state = position({"a1": "2S 2M 2L 1L", "a4": "1S 1M"}, players=3, seat=1, roll="roll 1 hop")
    over = state.apply("hop L a1-a4")
    assert over.outcome is not None and over.outcome.winners == (1, 2)
    assert over.to_move is None


# -- the round limit -------------------------------------------------------------------------


def test_the_round_limit_is_an_option_of_100_rounds():
    assert GAME.options["round_limit"].default == 100
    assert GAME.new_game(2).options["round_limit"] == 100
    with pytest.raises(ValueError, match="round_limit"):
        GAME.new_game(2, {"round_limit": 7})


@pytest.mark.parametrize(
    "players, limit, options",
    [(2, 100, None), (2, 20, {"round_limit": 20}), (3, 50, {"round_limit": "50"})],
)
def test_the_game_is_drawn_when_every_player_has_had_that_many_turns(players, limit, options):
    # an empty board: every turn has nothing to do and ends by itself
    last = players - 1
    state = position({}, players=players, seat=last - 1, roll=None,
                     turns=limit * players - 2, options=options)  # fmt: skip
    state = state.apply("roll 6 hop")  # the next-to-last turn of the last round
    assert state.outcome is None and state.to_move == engine.CHANCE and state.roller == last
    over = state.apply("roll 6 hop")  # the last player's last turn
    assert over.outcome is not None and over.outcome.winners == ()
    assert f"round limit ({limit} rounds)" in over.outcome.reason
    assert over.to_move is None and over.turns == limit * players
