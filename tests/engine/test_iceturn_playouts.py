"""Random Ice-Turn games for 2, 3 and 4 players: they all end (by a win or the round limit),
every player keeps their three pieces, every tile holds nothing, one lying piece or a standing
stack, notation and JSON round-trip, and a replay rebuilds the game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.iceturn_board import GRID
from engine.iceturn_pieces import STANDING, is_nest

from .iceturn_helpers import GAME, random_game
from .playouts import draw

SETUPS = [(players, seed) for players in (2, 3, 4) for seed in range(4)]


def check(before, move, after):
    assert before.parse(str(move)) == move
    pieces = Counter()
    for cell in after.cells:
        assert cell.facing in (STANDING, 0, 1, 2, 3)
        if cell.lying:  # a lying piece is alone on its tile
            assert len(cell.pieces) == 1, (str(move), cell)
        pieces.update(cell.pieces)
    assert pieces == Counter({(s, size): 1 for s in range(after.num_players) for size in (1, 2, 3)})
    assert all(t is not None for t in after.tiles) or after.phase in ("deal", "place")
    if len(after.history) % 97 == 0:  # now and then a snapshot mid-game, mid-turn included
        assert GAME.from_json(after.to_json()) == after


@pytest.mark.parametrize(("players", "seed"), SETUPS)
def test_random_games_end_and_keep_every_rule(players, seed):
    options = {"round_limit": 20} if seed % 2 else None
    final = random_game(players, random.Random(seed), check, options)
    outcome = final.outcome
    assert outcome is not None
    if outcome.winners:
        for seat in outcome.winners:
            assert final.at_goal(seat) == 3
    else:
        assert final.turns == final.round_limit * players
    assert len(outcome.scores) == players
    assert GAME.from_json(final.to_json()) == final
    replayed = GAME.replay(players, options, [str(m) for m in final.history])
    assert replayed == final


def test_every_kind_of_move_turns_up():
    """The random games reach every kind of decision, so the checks above cover them all."""
    kinds = Counter()

    def count(before, move, after):
        kinds[type(move).__name__] += 1

    for seed in range(3):
        random_game(3, random.Random(seed), count, {"round_limit": 20})
    expected = {"Deal", "Place", "Roll", "Step", "TurnPiece", "Tip", "TipSeven", "Aim", "Swap"}
    expected |= {"Hop", "Dig", "End", "React"}
    assert expected <= set(kinds)


def test_a_deal_and_placement_fill_the_grid():
    state = random_game(4, random.Random(7), None, {"round_limit": 20})
    placed = [str(m) for m in state.history if "@" in str(m)]
    assert len(placed) == GRID.size
    kinds = Counter(text[0] for text in placed)
    assert kinds == Counter({"Q": 4, "D": 6, "A": 6})


def closer(state, seat) -> int:
    """How near ``seat`` is to a win: its pieces' distance to the goal, and a nest begun there."""
    if state.outcome is not None:
        return 1000 if seat in state.outcome.winners else -1000
    goal = state.goal_of(seat)
    score = 0
    for cell, here in enumerate(state.cells):
        for owner, _ in here.pieces:
            if owner == seat:
                score -= abs(GRID.file(cell) - GRID.file(goal)) + abs(
                    GRID.rank(cell) - GRID.rank(goal)
                )
    nest = ((seat, 1), (seat, 2))
    begun = state.cells[goal].pieces[:2]
    return score + 4 * sum(a == b for a, b in zip(begun, nest, strict=False))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_heading_for_their_goals_win_with_a_nest(players):
    """Players who mostly pick the move that brings them nearest (one move ahead) finish the
    game with a nest: the win is reachable by legal play, and it is found when it happens."""
    rng = random.Random(players)
    state = GAME.new_game(players)
    while not state.is_over():
        if state.is_chance_node():
            move = draw(state, rng)
        elif rng.random() < 0.25:
            move = rng.choice(state.legal_moves())
        else:
            seat = state.to_move
            move = max(
                state.legal_moves(), key=lambda m: (closer(state.apply(m), seat), rng.random())
            )
        state = state.apply(move)
    winners = state.outcome.winners
    assert winners and state.outcome.reason == "a nest on the goal"
    for seat in winners:
        assert is_nest(state.cells[state.goal_of(seat)], seat)
    for seat in set(range(players)) - set(winners):
        assert not is_nest(state.cells[state.goal_of(seat)], seat)
