"""Whatever a player types that cannot be played raises IllegalMove and changes nothing."""

from __future__ import annotations

import re

import pytest

import engine
from engine.icesickle import PLACES, Jump, Place
from engine.pyramids import Size

from .icesickle_helpers import GAME, MIXED, position
from .iceturn_helpers import position as iceturn_position

PLACING_NONSENSE = [
    "", "   ", "hello", "S@", "@c3", "X@c3", "S@f1", "S@a6", "S@a0", "S@c33", "S@@c3", "c3",
    "c3-c5", "S@c3 M@c4", "S c 3", "🙂", "S@c3;DROP TABLE", "roll 3 5", "enter", "end",
]  # fmt: skip
JUMPING_NONSENSE = [
    "", "S@c3", "b2", "a1-a1", "a1-b3", "a1-a2", "a1-z9", "a0-a2", "b2-b4", "b1-b3",
    "a1 a5 e5", "a1--a5", "a1-a5-e5", "jump", "c3-c5!",
]  # fmt: skip


@pytest.mark.parametrize("text", PLACING_NONSENSE)
def test_bad_text_while_placing(text):
    state = GAME.new_game().apply("S@c3")
    before = state.to_json()
    with pytest.raises(engine.IllegalMove) as info:
        state.apply(text)
    assert str(info.value).strip()
    assert state.to_json() == before
    with pytest.raises(engine.IllegalMove):
        state.parse(text)


@pytest.mark.parametrize("text", JUMPING_NONSENSE)
def test_bad_text_while_jumping(text):
    state = position(MIXED)
    before = state.to_json()
    with pytest.raises(engine.IllegalMove) as info:
        state.apply(text)
    assert str(info.value).strip()
    assert state.to_json() == before


def test_messages_say_what_to_do():
    placing = GAME.new_game().apply("S@c3")
    cases = {
        "c3-c5": "No jumping yet: 14 more pieces to place first",
        "S@f1": "f1 is not on the board (squares a1-e5)",
        "hello": "Place a piece: its size (S, M or L), @ and an empty square, e.g. S@c3",
        "d4": "Say which size to place there: S@d4, M@d4 or L@d4",
        "M@c3": "c3 already holds a small",
    }
    for text, message in cases.items():
        with pytest.raises(engine.IllegalMove, match=re.escape(message)):
            placing.parse(text)
    jumping = position(MIXED)
    cases = {
        "S@c3": "All 15 pieces are placed; now jump",
        "b2-b4": "There is no piece on b2",
        "a1-a2": "jumps over nothing",
        "a1-b3": "not a straight line",
        "a1-a3": "a3 is occupied",
    }
    for text, message in cases.items():
        with pytest.raises(engine.IllegalMove, match=re.escape(message)):
            jumping.parse(text)


def test_illegal_move_objects_are_refused_too():
    placing = GAME.new_game().apply("S@c3")
    with pytest.raises(engine.IllegalMove, match="already holds"):
        placing.apply(PLACES[Size.MEDIUM, 12])
    with pytest.raises(engine.IllegalMove, match="No jumping yet"):
        placing.apply(Jump(0, 10))
    jumping = position(MIXED)
    with pytest.raises(engine.IllegalMove, match="All 15 pieces are placed"):
        jumping.apply(Place(Size.SMALL, 6))


def test_forgiving_spellings_parse_to_the_canonical_move():
    state = GAME.new_game()
    for text in ("s@c3", " S @ C3 ", "s c3", "sc3", "small c3", "Small@C3"):
        assert str(state.parse(text)) == "S@c3"
    jumping = position(MIXED)
    for text in ("a1-a5", "A1-A5", "a1 - a5", "a1xa5", "a1 x a5", "a1\N{EN DASH}a5"):
        assert str(jumping.parse(text)) == "a1-a5"


def test_no_moves_after_the_game_is_over():
    import random

    rng = random.Random(2)
    state = GAME.new_game()
    while state.to_move is not None:
        state = state.apply(rng.choice(state.legal_moves()))
    with pytest.raises(engine.IllegalMove, match="The game is over"):
        state.apply("S@c3")


def _placing_ice_turn():
    """Ice-Turn with the tiles dealt, the first seat to place its first tile."""
    state = engine.get_game("ice-turn").new_game(2).apply("deal QQDDDAAA")
    while state.is_chance_node():  # the last hand is forced
        state = state.apply(state.legal_moves()[0])
    assert state.phase == "place"
    return state


def test_ice_turn_placements_name_the_problem():
    placing = _placing_ice_turn()
    cases = {
        "Q@e5": "e5 is not on the board (squares a1-d4).",
        "A@a9n": "a9 is not on the board (squares a1-d4).",
        "D@a1": "A double arrow needs an axis: D@a1n or D@a1e.",
        "A@b2": "A single arrow needs a direction (n, e, s or w): A@b2n.",
        "q a1": "Put @ between the tile and the square: Q@a1.",
        "d b2 e": "Put @ between the tile and the square: D@b2e.",
    }
    for text, message in cases.items():
        before = placing.to_json()
        with pytest.raises(engine.IllegalMove) as info:
            placing.apply(text)
        assert str(info.value) == message, text
        assert placing.to_json() == before
    racing = iceturn_position()  # the tiles placed, the dice rolled
    placed = re.escape("All the tiles are placed; the race is on.")
    for text in ("D@a1", "q a1", "A@b2"):
        with pytest.raises(engine.IllegalMove, match=placed):
            racing.parse(text)


@pytest.mark.parametrize("key", ["ice-turn", "pachisi", "pach-ice-i"])
def test_lists_of_notation_offer_only_what_a_player_types(key):
    """The deal and the dice are chance moves the bot makes: never offered to type."""
    with pytest.raises(engine.IllegalMove) as info:
        engine.get_game(key).move_from_text("fly b2")
    message = str(info.value)
    assert "notation (" in message
    assert "deal " not in message and "roll " not in message, message


def test_refusals_quote_what_was_typed_as_typed():
    ice_turn = _placing_ice_turn()
    with pytest.raises(engine.IllegalMove, match=re.escape("'Fly B2' is not Ice-Turn notation")):
        ice_turn.parse("  Fly B2 ")
    icesickle = GAME.new_game()
    with pytest.raises(engine.IllegalMove, match=re.escape("Can't read 'Hello There'.")):
        icesickle.parse("Hello There")
