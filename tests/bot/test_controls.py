"""The controls under a turn message (``bot.ui.game_view``), which the bot writes as Discord's
JSON itself: every legal move of the player to act is offered exactly once, in a menu with
its words or on a button of its own; Remove is there at a table with a turn timer; and
discord.py reads the JSON back as the very menus and buttons it was written as."""

from __future__ import annotations

import random

import discord
import pytest

import engine
from bot import limits
from bot.games import chat_of
from bot.ui import game_view

from .game_records import record_at

SELECT = discord.ComponentType.string_select.value


def seeded_positions(key: str, options=None, every: int = 5, most: int = 25):
    """Every ``every``-th position of a seeded random 2-player game of ``key`` where a player
    is to act (at most ``most``)."""
    rng = random.Random(3)
    state = engine.get_game(key).new_game(num_players=2, options=options or {})
    found, step = [], 0
    while state.outcome is None and len(found) < most:
        if state.to_move == engine.CHANCE:
            state = state.apply(rng.choice([m for m, _ in state.chance_outcomes()]))
            continue
        if step % every == 0:
            found.append(state)
        step += 1
        state = state.apply(rng.choice(state.legal_moves()))
    return found


def every_page(record) -> list[list[dict]]:
    """The rows of each page of the record's controls."""
    pages, page = [], 0
    while True:
        rows = game_view(record, page).to_components()
        if pages and rows == pages[-1]:
            return pages  # past the last page, the last page again
        pages.append(rows)
        page += 1


@pytest.mark.parametrize("key", sorted(engine.GAMES))
def test_every_legal_move_is_offered_once_with_its_words(key):
    chat, described = chat_of(key), 0
    for state in seeded_positions(key):
        offered, controls = [], set()
        for rows in every_page(record_at(state)):
            for row in rows:
                for component in row["components"]:
                    if component["type"] == SELECT:
                        assert 1 <= len(component["options"]) <= 25
                        offered += component["options"]
                    elif component["custom_id"].startswith("parlor:do:"):  # on every page
                        controls.add(component["custom_id"].split(":", 4)[4])
        offered += [{"value": move} for move in controls]
        legal = {str(move): move for move in state.legal_moves()}
        assert sorted(o["value"] for o in offered) == sorted(legal)
        for option in offered:
            if "label" not in option:  # a control's button
                continue
            assert option["label"] == limits.cut(option["value"], limits.OPTION_LABEL)
            words = chat.describe(state, legal[option["value"]])
            expected = limits.cut(words, limits.OPTION_DESCRIPTION) if words else None
            assert option.get("description") == expected
            described += words is not None
    if any(chat.describe(s, m) for s in seeded_positions(key)[:3] for m in s.legal_moves()):
        assert described  # the game has words for its moves, and the menus show them


def test_a_timed_table_offers_remove_beside_the_moves():
    options = {"turn_timer": 1}
    state = seeded_positions("pachisi", options)[3]
    rows = game_view(record_at(state, options=options)).to_components()
    mover = record_at(state).player_to_move.name
    remove = rows[-1]["components"][-1]
    assert remove["label"] == f"Remove {mover}" and remove["emoji"] == {"name": "\N{ALARM CLOCK}"}
    assert remove["style"] == discord.ButtonStyle.danger.value
    untimed = record_at(state, options={**options, "turn_timer": "off"})
    assert all(c["label"] != remove["label"] for r in game_view(untimed).to_components()
               for c in r["components"] if c["type"] != SELECT)  # fmt: skip


def without_defaults(value):
    """JSON with the fields discord.py writes at their defaults left out."""
    defaults = {"disabled": False, "default": False, "id": None}
    if isinstance(value, dict):
        return {
            k: without_defaults(v)
            for k, v in value.items()
            if not (k in defaults and v == defaults[k]) and k != "required"  # modals' only
        }
    if isinstance(value, list):
        return [without_defaults(v) for v in value]
    return value


@pytest.mark.parametrize("key", sorted(engine.GAMES))
def test_discord_py_reads_the_controls_back_as_written(key):
    options = {"turn_timer": 1} if key == "pachisi" else {}
    for state in seeded_positions(key, options, every=9, most=6):
        for rows in every_page(record_at(state, options=options)):
            read = [discord.ActionRow(row).to_dict() for row in rows]
            assert without_defaults(read) == rows
