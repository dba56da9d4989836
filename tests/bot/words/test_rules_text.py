"""/rules: a text a newcomer can learn from for every game (each term defined before it is
used, who starts and how the pieces start, notation that the engine reads), paged so that
every page fits one Discord message and nothing is lost."""

from __future__ import annotations

import random
import re

import pytest

import engine
from bot.discord.rules import page_line, rules_pages, split_text
from bot.words import limits
from bot.words.rules import RULES
from engine.iceturn_board import GRID
from engine.pachisi_board import HOME
from tests.engine.playouts import random_move

DEFINED = {
    "icesickle": ("pips", "stash"),
    "pachisi": (
        "HOME", "nest", "entry square", "home path", "safe squares", "doublets", "bonus",
        "blockades", "score",
    ),
    "pach-ice-i": (
        "pips", "tree", "pad", "goal", "Black", "White", "marked", "path", "entering",
    ),
    "ice-turn": (
        "pips", "standing", "lying", "facing", "stack", "tree", "nest", "Q-Turners",
        "double arrows", "single arrows", "goal", "points", "Treehouse die", "reactions",
        "react",
    ),
}  # fmt: skip
"""Per game, the terms its text must define: the first time each appears, it is in bold."""

NOT_MOVES = {"ccw", "180", "/k", "H / S", "0 / -20"}
"""Backticked text that is no move: AIM's other rotations, the stack position, the score."""


def test_every_game_has_rules_with_its_title_first():
    assert set(RULES) == set(engine.GAMES)
    for key, text in RULES.items():
        assert text.startswith(f"**{engine.GAMES[key].title}**"), key


@pytest.mark.parametrize(("key", "term"), [(k, t) for k, terms in DEFINED.items() for t in terms])
def test_each_term_is_defined_before_it_is_used(key, term):
    text = RULES[key]
    first = re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text, re.IGNORECASE)
    assert first is not None, f"{key} never says {term!r}"
    assert text[: first.start()].endswith("**"), (
        f"{key}: {term!r} is used before it is defined: {text[first.start() - 60 : first.end()]!r}"
    )


def test_ice_turn_defines_the_stack_notation_before_any_example():
    text = RULES["ice-turn"]
    first = re.search(r"/[0-9k]", text)
    assert first is not None
    assert text[first.start() :].startswith("/k`: k pieces end up below it")


def test_ice_turn_says_a_step_costs_the_pieces_pips_and_where_a_tip_puts_a_tree():
    text = RULES["ice-turn"]
    assert "for its pips a tile" not in text
    assert "**Step**, costing the piece's pips (small 1, medium 2, large 3)" in text
    assert "`tip a1 n` from a tree on a1: the large lies on a1, the medium on a2, the small" in text
    assert "(seat 1 first)" in text and "Each tree starts standing on its player's corner" in text
    state = _ice_turn_rolled("roll 4 tip")
    assert state.seat == 0 and state.corner(0) == GRID.parse("a1")  # seat 1 (0 here) first
    assert state.cells[GRID.parse("a1")].pieces == ((0, 3), (0, 2), (0, 1))  # a tree
    state = state.apply("tip 7").apply("tip a1 n")
    assert state.points == 6
    for name, size in (("a1", 3), ("a2", 2), ("a3", 1)):
        cell = state.cells[GRID.parse(name)]
        assert cell.lying and cell.facing == 0 and cell.pieces == ((0, size),), name
    after = state.apply("a3-a4")  # the small steps one tile for 1 point
    assert after.points == 5
    after = state.apply("a1-a2/0")  # the large onto the medium, at the bottom: 3 points
    assert after.points == 3
    stack = after.cells[GRID.parse("a2")]
    assert not stack.lying and stack.pieces == ((0, 3), (0, 2))  # both stand, 0 below the large
    on_top = state.apply("a1-a2/1").cells[GRID.parse("a2")]
    assert on_top.pieces == ((0, 2), (0, 3))  # /1: one piece below it


def _ice_turn_rolled(roll: str):
    """A two-player Ice-Turn game with its tiles placed, and ``roll`` rolled."""
    state = engine.get_game("ice-turn").new_game(2)
    rng = random.Random(2)
    while state.phase in ("deal", "place"):
        state = state.apply(random_move(state, rng))
    return state.apply(roll)


def test_pach_ice_i_says_who_is_black_and_that_pieces_start_as_five_trees():
    text = RULES["pach-ice-i"]
    assert "One player is **Black** and moves first, the other **White**" in text
    assert "start off the board in your **pad** as five trees" in text
    assert "A **tree** is a stack of a large, a medium on it and a small on top." in text
    state = engine.get_game("pach-ice-i").new_game(2)
    assert state.seat == 0 and "Black rolls the dice first" in _refusal(state, "c3+7")
    assert state.trees(0) == state.trees(1) == [(3, 2, 1)] * 5  # bottom first
    state = state.apply("roll 2 5 8")
    assert {str(m) for m in state.legal_moves()} == {"S+15"}  # "only smalls are on top"


def _refusal(state, text: str) -> str:
    with pytest.raises(engine.IllegalMove) as refused:
        state.apply(text)
    return str(refused.value)


def test_pachisi_says_where_the_entry_square_is_and_what_the_score_means():
    text = RULES["pachisi"]
    assert "Your **entry square** is the ringed square in your colour" in text
    assert "**Score** `H / S`: H is your pawns in HOME; S is the steps of all four pawns" in text
    assert "(entry square 0, HOME 71, nest -5)" in text and "`0 / -20`" in text
    state = engine.get_game("pachisi").new_game(2)
    assert state.score(0) == state.score(1) == (0, -20)
    state = state.apply("roll 3").apply("roll 5")  # online: one die each, the highest starts
    assert state.seat == 1
    state = state.apply("roll 1 4").apply("enter")  # both dice totalling 5 enter a pawn
    assert state.pawns[1][0] == 0 and state.score(1) == (0, -15)  # on its entry square: 0
    assert HOME == 71
    classic = engine.get_game("pachisi").new_game(2, {"rules": "classic"})
    classic = classic.apply("roll 3 4").apply("roll 5 6")  # classic: the lowest total starts
    assert classic.seat == 0


@pytest.mark.parametrize("key", sorted(RULES))
def test_every_notation_example_is_a_move_the_engine_reads(key):
    game = engine.get_game(key)
    spans = re.findall(r"`([^`]+)`", RULES[key])
    assert spans
    for span in spans:
        if span in NOT_MOVES or span in game.options or span.startswith("/"):
            continue
        game.move_from_text(span)  # IllegalMove if the text shows something /move refuses


@pytest.mark.parametrize("key", sorted(RULES))
def test_pages_fit_a_message_and_lose_nothing(key):
    pages = rules_pages(key)
    text = RULES[key]
    if len(text) <= limits.CONTENT:
        assert pages == (text,)
        return
    bodies = []
    for number, page in enumerate(pages, start=1):
        assert len(page) <= limits.CONTENT, (key, number)
        line = page_line(key, number, len(pages))
        assert page.endswith(f"\n\n{line}")
        body = page[: -len(line) - 2]
        assert len(re.findall(r"\*\*", body)) % 2 == 0 and body.count("`") % 2 == 0
        bodies.append(body)
    assert "\n\n".join(bodies) == text  # broken between paragraphs only, nothing lost


def test_the_long_texts_are_paged():
    """Two texts were 1,962 and 1,984 characters with a cut at 2,000 waiting for them; now
    the long ones are paged."""
    assert {k for k in RULES if len(rules_pages(k)) > 1} >= {"ice-turn", "pachisi", "pach-ice-i"}


def test_a_long_paragraph_breaks_between_words_outside_markdown():
    text = "**Bold words here** and `code here` then plain words " * 12
    for limit in (40, 57, 100):
        pieces = split_text(text.strip(), limit)
        assert all(len(p) <= limit for p in pieces)
        assert " ".join(pieces).split() == text.split()  # no word cut, nothing lost
        for piece in pieces:
            assert piece.count("**") % 2 == 0 and piece.count("`") % 2 == 0, piece
