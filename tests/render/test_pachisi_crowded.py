"""Crowded Pachisi boards on a phone (issue 33, item 1): blockades on neighbouring squares
(the corners of the cross and the home paths included, 2-4 players, online and classic
rules), pawns of two seats on one square and the most crowded boards seeded random play
reaches keep every pawn number readable: none lies on another pawn or another text, none
leaves its own pawn, and no pawn lies on another seat's. Pawn numbers stand at least 10 px
tall on a phone, and each seat's pawn outline differs from every other's at 450 px, where
greyscale leaves only the outline to tell them apart.

The pawns and texts are read while the real image is drawn (``pachisi_marks``)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from PIL import ImageChops

from render import pachisi_layout as lay
from tests.engine.pachisi_helpers import position

from . import pachisi_marks as marks
from . import phone
from .pachisi_states import NAMES, PHASES, busy

TABLES = [(n, rules) for n in (2, 3, 4) for rules in ("online", "classic")]


@pytest.mark.parametrize(("num_players", "rules"), TABLES, ids=[f"{n}-{r}" for n, r in TABLES])
def test_blockades_on_neighbouring_squares_cover_no_pawn_number(num_players, rules):
    states = marks.neighbouring_blockades(num_players, {"rules": rules})
    for i, state in enumerate(states):
        assert marks.problems(state) == [], f"position {i}: {state.pawns}"


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_pawns_of_two_seats_on_one_square_both_read(num_players):
    for state in marks.shared_by_seats(num_players):
        assert marks.problems(state) == [], state.pawns


@cache
def crowded() -> dict[str, object]:
    return marks.crowded_by_play()


CROWDED = ["online-2", "online-3", "online-4", "classic-2", "classic-4", "partners"]


@pytest.mark.parametrize("table", CROWDED)
def test_the_most_crowded_boards_of_random_play_read_cleanly(table):
    state = crowded()[table]
    assert marks.crowding(state) >= 5  # two squares side by side each hold two pawns
    assert marks.problems(state) == [], state.pawns


def test_every_phase_reads_cleanly():
    for name, make in PHASES.items():
        assert marks.problems(make()) == [], name


def test_the_check_sees_numbers_and_pawns_on_top_of_each_other(monkeypatch):
    state = position(2, {0: [10, 10], 1: [45, 45]})  # blockades on neighbouring squares
    assert marks.problems(state) == []
    monkeypatch.setattr(lay, "PAIR_DX", 16)  # two pawns on a square reach into the next
    found = marks.problems(state)
    assert any(" lies on pawn " in p for p in found), found
    assert any(p.startswith("pawn ") and " overlaps " in p for p in found), found
    monkeypatch.undo()
    monkeypatch.setattr(lay, "PAWN_TEXT", 100)  # numbers wider than the pawns
    found = marks.problems(position(2, {0: [10], 1: [45]}))
    assert any(p.endswith("leaves its pawn") for p in found), found
    assert any(p.startswith("texts ") for p in found), found


# -- pawn numbers: 10 px on a phone ------------------------------------------------------------


def phone_px(px: float) -> float:
    return px * phone.PHONE_WIDTH / lay.WIDTH


def test_pawn_numbers_stand_at_least_10_px_tall_on_a_phone():
    """The issue measured the digits as drawn: about 6-8 px tall on a 450 px phone. A pawn
    alone on its square, or in its nest, now shows a digit 10 px tall; two pawns sharing a
    square (each in half of it) keep the 10 px font every text has. The phone check (which
    records the texts drawn inside sprites) sees every pawn number."""
    states = [busy(), *crowded().values(), *marks.neighbouring_blockades(4)[:2]]
    for state in states:
        pawns = [p for p in marks.painted(state).pawns if p.label]
        assert pawns
        for p in pawns:
            assert phone_px(p.size) >= phone.PHONE_MIN_TEXT, (p.seat, p.label)
            if p.r != lay.PAIR_R:
                top, bottom = p.number.mask.point(lambda v: 255 if v >= 128 else 0).getbbox()[1::2]
                assert phone_px(bottom - top) >= 10, (p.seat, p.label, bottom - top)
        seen = phone.drawn_texts(state, NAMES[: state.num_players])
        numbers = sorted(d.text for d in seen if d.text in ("1", "2", "3", "4"))
        assert numbers == sorted(p.label for p in pawns)


# -- the seats' outlines in greyscale ----------------------------------------------------------


def test_each_seats_pawns_have_an_outline_of_their_own_at_phone_size():
    """In greyscale only the outline tells two seats' pawns apart (the colours may come out
    alike): drawn alone on a square and scaled to 450 px wide, the outlines of any two seats
    differ in at least a fifth of the pixels either covers (the circle and the hexagon
    differed in 9%, the circle and the rounded square in 17%)."""
    state = position(4, {seat: [10 + 2 * seat] for seat in range(4)})
    pawns = {p.seat: p for p in marks.painted(state).pawns if p.r == lay.PAWN_R}
    outlines = {seat: marks.silhouette(p) for seat, p in pawns.items()}
    assert len(outlines) == 4
    for a, b in itertools.combinations(range(4), 2):
        differ = marks.area(ImageChops.difference(outlines[a], outlines[b]))
        smaller = min(marks.area(outlines[a]), marks.area(outlines[b]))
        assert differ >= 0.2 * smaller, (a, b, differ, smaller)
