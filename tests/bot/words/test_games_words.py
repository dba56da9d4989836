"""One place per wording: a game's hand, Treehouse die and whose-turn verb read the same in the
image's alt text, the chat's turn message and the terminal; what was played reads the same
whether the service hands the bot the engine's moves or their notation."""

from __future__ import annotations

import pytest

import engine
import render
from bot.games import chat_of
from bot.service.records import GameRecord
from bot.words import messages
from bot.words import terminal as local_words
from engine.iceturn_setup import hand_words
from render.iceturn_words import face_words
from tests.bot import dicegame
from tests.bot.game_records import NAMES, record_at
from tests.bot.positions import reach as reach_in


def reach(key: str, until, players: int = 2, seed: int = 1) -> engine.State:
    """A random game of ``key`` played until ``until(state)`` holds."""
    return reach_in(key, players, until, seed)


def record(state: engine.State, status: str = "active") -> GameRecord:
    """The game at ``state`` as the bot reads it from storage."""
    return record_at(state, status=status)


def test_a_hand_of_tiles_reads_the_same_in_the_image_the_chat_and_the_terminal():
    state = reach("ice-turn", lambda s: s.phase == "place" and s.seat == 1, players=3)
    hand = hand_words(state.hands[1])
    assert "," in hand or hand.split()[0].isdigit()  # "1 Q-Turner, 2 double arrows"
    assert f"Ben {hand};" in render.alt_text(state, names=NAMES[:3])
    assert f"Tiles to place: {hand}." in messages.turn_content(record(state))
    assert f"tiles in hand: {hand}" in local_words.status(state, NAMES)


def test_the_treehouse_die_reads_the_same_in_the_image_the_chat_and_the_terminal():
    state = reach("ice-turn", lambda s: s.phase == "move" and s.action is None)
    face = face_words(state)
    assert face.startswith(state.face.upper()) and face.endswith(", not used yet")
    assert f"and {face}," in render.alt_text(state, names=NAMES[:2])
    assert f"Treehouse: {face} · " in messages.turn_content(record(state))
    assert f"Treehouse: {face} · " in local_words.status(state, NAMES)


@pytest.mark.parametrize(
    ("key", "phase", "verb"),
    [
        ("ice-turn", "place", "place a tile"),
        ("ice-turn", "move", "move"),
        ("icesickle", "place", "place"),
        ("icesickle", "jump", "jump"),
        ("pach-ice-i", "play", "move"),
        ("pachisi", "play", "move"),
    ],
)
def test_whose_turn_it_is_reads_the_same_in_the_image_the_chat_and_the_terminal(key, phase, verb):
    state = reach(key, lambda s: s.phase == phase)
    assert chat_of(key).verb(state) == verb
    who = NAMES[state.to_move]
    assert f"your turn to {verb} (move " in messages.status_line(record(state))
    assert f" to {verb}" in local_words.status(state, NAMES)
    assert f"{who} " in render.alt_text(state, names=NAMES[: state.num_players])
    assert f" to {verb}" in render.alt_text(state, names=NAMES[: state.num_players])


def test_what_was_played_reads_the_same_from_moves_or_their_notation():
    with dicegame.registered() as race:
        state = race.new_game(2, {"width": 3})
        rolled = state.apply("roll 5")
        game = record(rolled)
        for moves in (("roll 5",), (dicegame.Roll(5),)):
            assert messages.played_text(game, "Ann", moves) == "Ann rolled **5**."
        picked = rolled.apply("m2").apply("roll 3")
        game = record(picked)
        for moves in (("m2", "roll 3"), (dicegame.Pick(2), dicegame.Roll(3))):
            assert messages.played_text(game, "Ann", moves) == "Ann played **m2**. Rolled: roll 3."
        for moves in (["roll 5", "m2", "roll 3"], list(picked.history)):
            assert local_words.events(state, moves, NAMES) == [
                "Ann rolled 5.",
                "Ann played m2.",
                "Ben rolled 3.",
            ]


def test_a_turn_updated_in_place_is_summed_up_when_it_ends():
    ended = reach("ice-turn", lambda s: s.phase == "roll" and s.last_turn and s.last_turn.moves)
    last = ended.last_turn
    game = record(ended)
    assert chat_of(game.key).tells_its_turn
    said = messages.played_text(game, "Ann", (ended.history[-1],))
    assert said == messages.played_text(game, "Ann", (str(ended.history[-1]),))
    done = ", ".join(f"**{m}**" for m in last.moves)
    assert said == f"Ann rolled {last.points} and {last.face.upper()}, then played: {done}."
    placing = reach("ice-turn", lambda s: s.phase == "place" and len(s.history) > 4)
    placed = placing.history[-1]
    note = messages.played_text(record(placing), "Ann", (placed,))
    assert note == f"Ann played **{placed}**."
    assert not chat_of("pachisi").tells_its_turn
