"""The Pachisi image on a phone (issue 14): every text is readable at 450 px wide, HOME
pawns do not overlap and carry no number, scores read H / S everywhere, doublets are said
as the nth in a row, the first images say who won the opening roll, and every loop square
is named from a marked entry square within 8."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from PIL import ImageChops

import render
from bot.words.messages import report_lines
from engine.pachisi_board import ENTRIES, HOME, NEST, TRACK, square
from render import pachisi as drawing
from render import pachisi_layout as lay
from render import pachisi_opening as opening
from render import pachisi_words as words
from render.canvas import SCALE, Canvas
from render.pachisi_panel import token
from render.theme import DEFAULT_THEME
from tests.engine.pachisi_helpers import position

from . import phone
from .images import close
from .pachisi_states import (
    GAME,
    NAMES,
    PHASES,
    after_rolloff,
    busy,
    draw,
    first_state,
    pixel,
)
from .phone import assert_readable_on_a_phone

# -- readable on a phone (issue 14) ----------------------------------------------------------


def home_position(num_players: int, home: int):
    """Every seat with ``home`` pawns HOME, one on the loop, the rest in the nest; the first
    seat has rolled 1 and 2."""
    rels = [HOME] * home + [30] + [NEST] * (3 - home)
    state = position(num_players, {s: rels[:4] for s in range(num_players)})
    return state.apply("roll 1 2")


def doublet_streak(num_players: int):
    return first_state(num_players, {}, lambda s: s.phase == "play" and s.doublets >= 2)


PHONE = {
    "start-2": lambda: GAME.new_game(2),
    "start-4": lambda: GAME.new_game(4),
    "first-roll-2": lambda: first_state(2, {"rules": "classic"}, after_rolloff),
    "first-roll-4": PHASES["first-roll"],
    "mid-game-2": PHASES["play-2"],
    "mid-game-4": busy,
    "doublets-2": lambda: doublet_streak(2),
    "doublets-4": lambda: doublet_streak(4),
    "home-2": lambda: home_position(2, 3),
    "home-4": lambda: home_position(4, 3),
    "over-2": PHASES["over-2"],
    "over-4": PHASES["over-partners"],
    **{name: make for name, make in PHASES.items() if name not in ("busy", "over-2")},
}


@pytest.mark.parametrize("name", list(PHONE))
def test_every_text_is_readable_on_a_phone(name):
    state = PHONE[name]()
    assert_readable_on_a_phone(state, NAMES[: state.num_players])


def drawn_texts(state, names=NAMES) -> list[str]:
    """The texts the image draws."""
    return [d.text for d in phone.drawn_texts(state, names[: state.num_players])]


def test_home_pawns_do_not_overlap():
    """Four pawns HOME for every seat (each seat's shape in its own triangle): no two drawn
    pawns (their dark edge included) share a pixel."""
    state = position(4, {s: [HOME] * 4 for s in range(4)})
    places = drawing.pawn_places(state, drawing.shared_squares(state))
    home = [(who, centre, r) for who, (centre, r) in places.items() if r == lay.HOME_R]
    assert len(home) == 16
    box = tuple(lay.BOARD_X + lay.CELL * c for c in (8, 8)) + tuple(
        lay.BOARD_X + lay.CELL * c for c in (11, 11)
    )
    masks = []
    for (seat, _pawn), centre, r in home:
        canvas = Canvas(lay.WIDTH, lay.HEIGHT, (0, 0, 0))
        token(canvas, DEFAULT_THEME, centre, r, seat)  # the pawn as drawn, no number
        inked = canvas.image.convert("L").point(lambda v: 255 if v else 0)
        masks.append(inked.crop(tuple(v * SCALE for v in box)))
        assert inked.getbbox() is not None
    for i, a in enumerate(masks):
        for b in masks[i + 1 :]:
            assert ImageChops.multiply(a, b).getbbox() is None
    for seat in range(4):  # and each seat's pawns stay in the centre, four places apart
        centres = {centre for (s, _), centre, _ in home if s == seat}
        assert len(centres) == 4


def test_home_pawns_carry_no_number_and_sit_in_their_triangle():
    state = home_position(4, 3)
    texts = drawn_texts(state)
    numbers = [t for t in texts if t in "1234"]
    assert numbers == ["4"] * 4  # pawns 1-3 of each seat are HOME: only pawn 4 is numbered
    image = draw(state)
    for seat in range(4):
        for i in range(3):
            centre = lay.home_slot(state.arms[seat], i, 3)
            assert close(pixel(image, centre), DEFAULT_THEME.seat(seat), 40)


def test_scores_read_h_slash_s_everywhere_also_negative():
    assert words.hs_words(2, 71) == "2 / 71" and words.hs_words(0, -20) == "0 / -20"
    start = GAME.new_game(2).apply("roll 6").apply("roll 2")
    assert start.score_text(0) == "0 / -20"  # the engine's own score text
    assert drawn_texts(start).count("0 / -20") == 2  # each player's corner
    assert "Alice (bottom) 0 / -20:" in render.alt_text(start, names=NAMES[:2])
    over = PHASES["over-left"]()
    lines = report_lines(SimpleNamespace(state=over), list(NAMES[:3]))  # what chat and the
    rows = over.report()  # terminal say at the end of a game
    assert lines[0] == f"1. {NAMES[rows[0].seat]} {rows[0].home} / {rows[0].steps}"
    left = PHASES["left"]()
    assert any(t.startswith("left 0 / ") for t in drawn_texts(left))
    for state in (start, over, left, busy()):
        text = render.alt_text(state, names=NAMES[: state.num_players])
        assert "-(" not in text and not re.search(r"\d-\d", text)


def test_doublets_are_said_as_the_nth_doublet_in_a_row():
    state = doublet_streak(2)
    said = {2: "2nd doublet in a row", 3: "3rd doublet in a row"}[state.doublets]
    text = render.alt_text(state, names=NAMES[:2])
    assert said in text and f"doublet {state.doublets}" not in text
    assert said in drawn_texts(state)
    penalty = PHASES["penalty"]()
    assert "3rd doublet in a row: " in words.last_move_words(penalty, NAMES[:2])
    assert [words.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"
    ]  # fmt: skip


def test_the_first_images_say_who_won_the_opening_roll():
    for options in ({}, {"rules": "classic"}):
        state = first_state(2, options, after_rolloff)
        seat, throw = state.seat, state.rolloff[state.seat]
        said = f"{NAMES[seat]} won the opening roll ({' '.join(map(str, throw))})."
        assert said[:-1] in " ".join(drawn_texts(state))  # the dice card
        assert opening.opening_winner_words(state, NAMES[:2]) == said
        full = opening.opening_roll_words(state, NAMES[:2])  # with the throws (see below)
        assert full.startswith(f"{NAMES[seat]} won the opening roll with the ")
        assert full in render.alt_text(state, names=NAMES[:2])
        # the bot rolls at once: the images after the first rolls still say it
        rolled = state.apply("roll 1 2")  # nothing can enter: the next player rolls
        assert rolled.seat != seat and words.last_move_words(rolled, NAMES[:2]).startswith(full)
        both = rolled.apply("roll 5 6")
        assert both.phase == "play" and opening.opening_roll(both) == (seat, throw)
        assert full in render.alt_text(both, names=NAMES[:2])
        # once a player has moved, it is no longer said
        moved = both.apply(both.legal_moves()[0])
        assert opening.opening_roll(moved) is None
        assert "opening roll" not in render.alt_text(moved, names=NAMES[:2])


@pytest.mark.parametrize(
    ("players", "options", "throws", "said"),
    [
        (
            4,
            {},
            ["roll 4", "roll 6", "roll 6", "roll 1", "roll 2", "roll 5"],
            "Cat won the opening roll with the highest die: 6 then 5 against Ann 4, Ben 6 then "
            "2 and Dan 1.",
        ),
        (
            2,
            {"rules": "classic"},
            ["roll 2 3", "roll 4 6"],
            "Ann won the opening roll with the lowest total: 2+3 against Ben 4+6.",
        ),
    ],
    ids=["online-tie", "classic"],
)
def test_the_opening_text_shows_the_throws_that_decided_who_starts(players, options, throws, said):
    """The first image's last move (and its alt text) says every throw of the opening roll,
    a tie's throws again included, and the rule they were read by: why this player starts,
    not only who."""
    state = GAME.replay(players, options, throws)
    assert state.phase == "roll" and not state.dice
    names = ["Ann", "Ben", "Cat", "Dan"][:players]
    assert words.last_move_words(state, names) == said
    assert said in render.alt_text(state, names=names)
    card = " ".join(t.replace("\N{NO-BREAK SPACE}", " ") for t in drawn_texts(state, names))
    assert said in card
    rolled = state.apply("roll 1 2")  # the bot rolls at once: the next image still says it
    assert words.last_move_words(rolled, names).startswith(said)


def square_named(state, text: str) -> int:
    """The loop square a player finds from its name: the named entry square (marked on the
    board), then counted along the way pawns go."""
    m = re.fullmatch(r"(?:(\d+) (past|before) )?(.+)'s entry", text)
    assert m, text
    count, way, who = m.groups()
    players = {name: state.arms[seat] for seat, name in enumerate(NAMES[: state.num_players])}
    arm = players[who]  # a player at the table: never an arm where nobody sits
    steps = int(count or 0) * (-1 if way == "before" else 1)
    return (ENTRIES[arm] + steps) % TRACK


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_every_loop_square_is_named_from_a_players_entry_within_8_or_17(num_players):
    state = GAME.new_game(num_players)
    for sq in range(TRACK):
        name = words.loop_square_words(state, NAMES, sq)
        assert square_named(state, name) == sq, name
        count = int(re.match(r"\d*", name).group() or 0)
        assert count <= (8 if num_players == 4 else 17), name  # the nearest entry
    # the entries of arms where nobody sits are marked too, unlike other safe squares
    image = draw(state)
    plain_safe = pixel(image, lay.loop_centre(12), dx=-15, dy=-15)
    for arm in range(4):
        corner = pixel(image, lay.loop_centre(ENTRIES[arm]), dx=-15, dy=-15)
        assert not close(corner, plain_safe, 12), arm


def test_the_last_move_names_squares_found_on_the_board():
    state = busy()
    said = words.last_move_words(state, NAMES)
    move = next(e for e in state.effects if e.kind == "move")
    m = re.search(r"pawn 1 from (.+) to (.+), captured", said)
    assert m, said
    arm = state.arms[move.seat]
    assert square_named(state, m.group(1)) == square(arm, move.start)
    assert square_named(state, m.group(2)) == square(arm, move.end)
    assert "from 12 to 18" not in said
    home = PHASES["home-run"]()
    said = words.last_move_words(home, NAMES[:2])
    assert "HOME" in said and re.search(r"home path [1-7] to HOME|entry to HOME", said), said
