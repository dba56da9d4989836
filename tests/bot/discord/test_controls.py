"""The controls under a turn message (``bot.discord.components.game_view``), which the bot writes as
Discord's
JSON itself: every legal move of the player to act is offered exactly once, in a menu with
its words or on a button of its own; the claim (or Remove) button is there once time is up; and
discord.py reads the JSON back as the very menus and buttons it was written as."""

from __future__ import annotations

import random
from dataclasses import replace

import discord
import pytest

import engine
from bot.discord.components import game_view
from bot.games import chat_of
from bot.words import limits
from tests.bot.game_records import record_at

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


def claim_buttons(record, now: float = 0.0) -> list[dict]:
    rows = game_view(record, now=now).to_components()
    found = [c for r in rows for c in r["components"]]
    return [c for c in found if c.get("custom_id", "").startswith("parlor:rm:")]


def test_a_turn_timer_offers_the_claim_beside_the_moves_from_the_start():
    options = {"turn_timer": 1}
    state = seeded_positions("pachisi", options)[3]
    (claim,) = claim_buttons(record_at(state, options=options))
    # two players: the one who is not to act claims the win; pressed early, it says the time
    assert claim["label"] == "Claim the win" and claim["emoji"] == {"name": "\N{ALARM CLOCK}"}
    assert claim["style"] == discord.ButtonStyle.danger.value
    assert claim_buttons(record_at(state, options={**options, "turn_timer": "off"})) == []


def test_a_day_clock_offers_the_claim_only_once_time_is_up():
    state = seeded_positions("icesickle")[2]
    record = record_at(state, settings={"clock": "1d"}, turn_at=1000.0, deadline=1000.0 + 86_400)
    assert claim_buttons(record, now=1000.0 + 86_399) == []
    (claim,) = claim_buttons(record, now=1000.0 + 86_400)
    assert claim["label"] == "Claim the win"
    assert claim_buttons(replace(record, deadline=None), now=10**10) == []


def test_at_three_players_the_claim_removes_the_player_by_name():
    state = engine.get_game("pachisi").new_game(num_players=3, options={})
    rng = random.Random(1)
    while state.to_move == engine.CHANCE:
        state = state.apply(rng.choice([m for m, _ in state.chance_outcomes()]))
    record = record_at(state, turn_at=0.0, deadline=10.0)
    (claim,) = claim_buttons(record, now=10.0)
    assert claim["label"] == f"Remove {record.player_to_move.name}"


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
