"""The public engine contract of DESIGN.md, as outside checks use it."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core import Option


def test_games_registry_and_lookup():
    assert "icesickle" in engine.GAMES
    game = engine.get_game("icesickle")
    assert (game.key, game.title, game.min_players, game.max_players) == (
        "icesickle", "IceSickle", 2, 2,
    )  # fmt: skip
    with pytest.raises(KeyError, match="icesickle"):
        engine.get_game("chess")


def test_illegal_move_is_a_value_error_and_chance_is_distinct_from_seats():
    assert issubclass(engine.IllegalMove, ValueError)
    assert engine.CHANCE not in (0, 1, 2, 3, None)


def test_bad_setup_is_a_value_error_naming_what_is_allowed():
    game = engine.get_game("icesickle")
    with pytest.raises(ValueError, match="for 2 players, not 3"):
        game.new_game(num_players=3)
    with pytest.raises(ValueError, match="no option 'rules'"):
        game.new_game(2, {"rules": "classic"})
    assert game.new_game(2, {}).options == {}


def test_option_values_are_checked_and_their_text_forms_accepted():
    flag = Option(default=True, choices=(True, False), help="a switch")
    timer = Option(default="off", choices=("off", 1, 2), help="minutes")
    assert flag.coerce("x", "off") is False and flag.coerce("x", True) is True
    assert timer.coerce("t", "2") == 2 and timer.coerce("t", "OFF") == "off"
    with pytest.raises(ValueError, match="allowed: off, 1, 2"):
        timer.coerce("t", 3)
    with pytest.raises(ValueError, match="allowed: on, off"):
        flag.coerce("x", 1)


def test_state_surface():
    game = engine.get_game("icesickle")
    state = game.new_game()
    assert state.to_move == 0 and not state.is_chance_node() and state.outcome is None
    with pytest.raises(ValueError):
        state.chance_outcomes()
    moves = state.legal_moves()
    assert len(moves) == 3 * 25 and moves == state.legal_moves()
    moves.clear()  # the caller's list is its own
    assert len(state.legal_moves()) == 75
    after = state.apply("L@c3")
    assert len(after.legal_moves()) == 3 * 24
    assert str(after.last_move) == "L@c3" and after.history == (after.last_move,)
    data = json.loads(after.to_json())
    assert data["game"] == "icesickle" and data["history"] == ["L@c3"]
    with pytest.raises(ValueError, match="not 'icesickle'"):
        game.from_json(json.dumps({**data, "game": "pachisi"}))
    with pytest.raises(engine.IllegalMove, match="move 2"):
        game.replay(2, {}, ["L@c3", "L@c3"])


@pytest.mark.parametrize(
    ("key", "players"), [("pachisi", 4), ("pach-ice-i", 2), ("icesickle", 2), ("ice-turn", 4)]
)
def test_a_position_and_its_moves_rebuild_the_state(key, players):
    """What the bot stores: the position (which stays small all game) plus the move list."""
    import random

    from tests.engine.playouts import random_move

    game, rng = engine.get_game(key), random.Random(7)
    state = game.new_game(players)
    for number in range(400):
        if state.is_over():
            break
        if number % 37 == 0 or number < 3:
            texts = [str(m) for m in state.history]
            back = game.from_position(state.position_json(), texts)
            assert back == state and back.to_json() == state.to_json()
            assert back.legal_moves() == state.legal_moves()
            assert len(state.position_json()) < 2000  # no history in it
        state = state.apply(random_move(state, rng))
    position = state.position_json()
    with pytest.raises(ValueError, match="moves, not"):
        game.from_position(position, [str(m) for m in state.history][:-1])
    other = next(g for g in engine.GAMES.values() if g.key != key)
    with pytest.raises(ValueError, match=f"not '{other.key}'"):
        other.from_position(position, state.history)
