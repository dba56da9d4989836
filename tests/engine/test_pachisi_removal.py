"""Removing a player (``remove N``): a turn timer ran out, or the player left a table of three
or four. The others play on without the player's pawns; the last one (or team) left wins."""

from __future__ import annotations

import random

import pytest

import engine

from .pachisi_helpers import GAME, HOME, NEST, board_problems, moves, position
from .playouts import random_move


def test_removal_is_offered_beside_the_legal_moves_not_among_them():
    state = position(3, seat=0).apply("roll 1 2")
    assert [str(m) for m in state.removal_moves()] == ["remove 0", "remove 1", "remove 2"]
    assert not any(str(m).startswith("remove") for m in state.legal_moves())
    assert state.parse("Remove 1") == state.removal_moves()[1]
    with pytest.raises(engine.IllegalMove):
        state.parse("remove 3")  # no such seat at a table of three


def test_the_player_on_turn_removed_passes_the_turn_and_leaves_the_board():
    state = position(3, {0: [10, 20], 1: [3]}, seat=0).apply("roll 1 2")
    assert state.to_move == 0
    after = state.apply("remove 0")
    assert after.pawns[0] == (NEST,) * 4
    assert after.is_chance_node() and after.seat == 2  # online passes clockwise: 0, 2, 1
    assert after.score(0) == (0, 10 + 20 - 5 - 5)  # the score when the player left
    assert after.removal_moves() == [after.parse("remove 1"), after.parse("remove 2")]
    # the turn order skips the player from now on: 2, then 1, then 2 ...
    after = after.apply("roll 1 2")
    while after.to_move == 2:
        after = after.apply(after.legal_moves()[0])
    assert after.seat == 1


def test_a_blockade_of_a_player_who_left_no_longer_blocks():
    # seat 0's pawn 1 on square 15; seat 2's two pawns block square 18 (rel 47 from entry 39)
    state = position(3, {0: [10, 30], 2: [47, 47]}, seat=0).apply("roll 3 4")
    assert "1+3" not in moves(state) and "1+4" not in moves(state)
    after = state.apply("remove 2")
    assert after.to_move == 0
    assert {"1+3", "1+4"} <= set(moves(after))


def test_removed_mid_roll_keeps_the_roll_and_the_undo_cannot_bring_pawns_back():
    state = position(3, {0: [10, 20], 2: [47]}, seat=0, undo=True).apply("roll 1 6")
    state = state.apply("1+1")
    assert "undo" in moves(state)
    after = state.apply("remove 2")
    assert "undo" not in moves(after)
    assert after.remaining == (6,) and after.to_move == 0


def test_two_players_the_one_left_wins_and_the_leaver_ranks_last():
    state = position(2, {0: [HOME, HOME, 30], 1: [5]}, seat=1).apply("roll 1 2")
    over = state.apply("remove 0")
    assert over.is_over()
    assert over.outcome.winners == (1,)
    assert over.outcome.reason == "the other player left the game"
    report = over.report()
    assert [(r.seat, r.left) for r in report] == [(1, False), (0, True)]
    assert (report[1].home, report[1].steps) == (2, 71 + 71 + 30 - 5)


def test_three_players_leave_in_turn_the_last_to_leave_ranks_higher():
    state = position(3, {0: [40], 1: [5], 2: [60]}, seat=0)
    state = state.apply("remove 2").apply("remove 0")
    assert state.outcome.winners == (1,)
    assert state.outcome.reason == "the other players left the game"
    assert [(r.place, r.seat, r.left) for r in state.report()] == [
        (1, 1, False),
        (2, 0, True),
        (3, 2, True),
    ]


def test_with_partners_the_team_leaves_and_the_other_team_wins():
    state = position(4, {0: [HOME] * 4, 2: [HOME, HOME, HOME, 60]}, seat=1, partners=True)
    over = state.apply("remove 3")
    assert over.outcome.winners == (0, 2)
    assert {r.seat for r in over.report() if r.left} == {1, 3}


def test_removal_during_the_roll_off():
    state = GAME.new_game(3, {})
    state = state.apply("roll 4")  # seat 0 throws; seat 1 is next
    assert state.seat == 1
    state = state.apply("remove 1")  # the thrower leaves: seat 2 throws next
    assert state.seat == 2 and state.is_chance_node()
    state = state.apply("roll 2")  # seat 0's 4 beats it: seat 0 starts
    assert state.phase == "roll" and state.seat == 0
    # the last contender to throw leaves: the others' throws decide
    state = GAME.new_game(3, {}).apply("roll 2").apply("roll 5")
    state = state.apply("remove 2")
    assert state.phase == "roll" and state.seat == 1


def test_json_and_replay_keep_the_removal():
    state = GAME.new_game(3, {})
    rng = random.Random(5)
    while state.phase == "rolloff":
        state = state.apply(rng.choice(state.legal_moves()))
    state = state.apply("remove 1")
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))
    assert GAME.from_json(state.to_json()) == state
    replayed = GAME.replay(3, {}, [str(m) for m in state.history])
    assert replayed == state and replayed.gone == {1}


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_players_leaving_end_cleanly(seed):
    rng = random.Random(seed)
    n = 2 + seed % 3
    options = {"rules": ("online", "classic")[seed % 2], "partners": n == 4 and seed % 4 == 0}

    def check(before, move, after):
        assert not board_problems(after)
        for seat in after.gone:
            assert after.pawns[seat] == (NEST,) * 4
        assert after.is_over() or after.seat not in after.gone

    state = GAME.new_game(n, options)
    while not state.is_over():
        if rng.random() < 0.004 and len(state.removal_moves()) > 1:
            move = rng.choice(state.removal_moves())
        else:
            move = random_move(state, rng)
        after = state.apply(move)
        check(state, move, after)
        assert state.parse(str(move)) == move
        state = after
    assert GAME.replay(n, options, [str(m) for m in state.history]) == state
    assert len(state.report()) == n
