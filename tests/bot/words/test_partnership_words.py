"""A Pachisi partnership's win is said naming both partners, everywhere the result is said:
the Discord turn message, the terminal's result line and the image's alt text (the image
itself: tests/render/test_names.py)."""

from __future__ import annotations

import random

import engine
import render
from bot.words import messages
from bot.words.terminal import result_line
from tests.bot.game_records import NAMES, record_at
from tests.engine.playouts import random_states


def _won_by_a_team(seed: int = 2) -> engine.State:
    game = engine.get_game("pachisi")
    *_, state = random_states(game.new_game(4, {"partners": True}), random.Random(seed))
    assert len(state.outcome.winners) == 2
    return state


def test_a_partnership_win_names_both_partners_in_every_text():
    state = _won_by_a_team()
    a, b = state.outcome.winners
    c, d = sorted({0, 1, 2, 3} - {a, b})
    record = record_at(state, status="over")
    line = messages.status_line(record).split("\n")[0]
    assert line.startswith(f"Game over: <@{100 + a}> and <@{100 + b}> win against ")
    assert f"<@{100 + c}> and <@{100 + d}>" in line
    assert result_line(record).startswith(f"Game over: {NAMES[a]} and {NAMES[b]} win, ")
    alt = render.alt_text(state, names=NAMES)
    assert f"Game over: {NAMES[a]} & {NAMES[b]} win (" in alt


def test_a_team_leaving_names_the_other_team_as_winners():
    state = engine.get_game("pachisi").new_game(4, {"partners": True}).apply("remove 1")
    record = record_at(state, status="over")
    line = messages.status_line(record).split("\n")[0]
    assert line.startswith("Game over: <@100> and <@102> win against <@101> and <@103>")
    assert result_line(record).startswith("Game over: Ann and Cat win, ")
