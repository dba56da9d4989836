"""The plain-text game record (``/history file:true``, ``bot/words/record_text.py``): a header
a person reads, one line a move, and its move lines read back replay the game with the engine
to the very state it reached, for every game (dice, deals and all)."""

from __future__ import annotations

import pytest

import engine
from bot.service.records import Player
from bot.words.follows import following_line
from bot.words.record_text import move_texts, text_record
from tests.bot.game_records import record_at
from tests.bot.random_games import played


@pytest.mark.parametrize(
    ("key", "players"), [("pachisi", 4), ("pach-ice-i", 2), ("icesickle", 2), ("ice-turn", 2)]
)
def test_the_text_record_replays_to_the_same_final_state(key, players):
    state, rows = played(key, players, seed=11)
    over = state.outcome is not None
    record = record_at(state, status="over" if over else "active")
    stand_in = next(r for r in rows if r.seat != engine.CHANCE)  # Parlor played it for them
    text = text_record(record, rows, stand_ins={stand_in.number})
    lines = text.splitlines()
    assert lines[0] == f"Parlor game record: {state.game.title} #7"
    assert lines[1] == f"Game: {key} ({state.game.title}), {players} players"
    shown = ", ".join(f"{k}={v}" for k, v in sorted(state.options.items()))
    assert lines[2] == f"Options: {shown or 'none'}"
    assert lines[3 : 4 + players] == ["Players by seat:"] + [
        f"  seat {s}: {name}" for s, name in enumerate(["Ann", "Ben", "Cat", "Dan"][:players], 1)
    ]
    assert lines[4 + players].startswith("Began: ") and lines[4 + players].endswith(" UTC")
    assert lines[5 + players].startswith("Result: ") and ("not over" in lines[5 + players]) != over
    moves = move_texts(text)
    assert moves == [r.move for r in rows]
    again = state.game.replay(players, state.options, moves)
    assert again.to_json() == state.to_json()
    for row, line in zip(rows, lines[-len(rows) :], strict=True):
        assert line.startswith(f"{row.number}. ")
        if row.seat == engine.CHANCE:
            assert line == f"{row.number}. (chance): {row.move}"  # the dice as rolled
    name = record.players[stand_in.seat].name
    assert f"\n{stand_in.number}. {name} (Parlor played): {stand_in.move}\n" in text


def test_a_name_with_a_colon_or_digits_reads_back():
    state, rows = played("icesickle", 2, seed=3, most=6)
    names = (Player(100, "Ann: 2. the second"), Player(101, "Ben:"))
    text = text_record(record_at(state, players=names), rows)
    assert "1. Ann: 2. the second: " in text
    assert move_texts(text) == [r.move for r in rows]


def test_the_following_count():
    assert following_line(0) == ""
    assert following_line(3) == "\N{EYES} 3 following"
