"""A dice roll's pips: the sum of its dice (Ice-Turn: the d6's points), and the expected pips of
each game's fair roll, computed from its chance outcomes, equal to the exact mean."""

from __future__ import annotations

from fractions import Fraction

import pytest

import engine


def first_chance_node(key: str, num_players: int = 2, **options) -> engine.State:
    """The first position of a new game where dice are due (a deal played through)."""
    state = engine.get_game(key).new_game(num_players, options)
    while state.roller is None:
        if state.is_chance_node():
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            state = state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize(
    ("key", "text", "pips"),
    [
        ("pachisi", "roll 2 5", 7),
        ("pachisi", "roll 6 6", 12),
        ("pachisi", "roll 4", 4),  # the online roll-off's one die
        ("pach-ice-i", "roll 2 5 8", 15),
        ("pach-ice-i", "roll 1 1 1", 3),
        ("ice-turn", "roll 4 hop", 4),  # the d6's points; the Treehouse die has none
        ("ice-turn", "roll 6 wild", 6),
    ],
)
def test_a_roll_has_the_pips_of_its_dice(key, text, pips):
    move = engine.get_game(key).move_from_text(text)
    assert move.pips == pips and str(move) == text


def test_moves_that_are_no_roll_have_no_pips():
    state = engine.get_game("icesickle").new_game(2)
    assert all(getattr(m, "pips", None) is None for m in state.legal_moves())
    state = first_chance_node("pach-ice-i")
    after = state.apply(state.chance_outcomes()[0][0])
    assert all(getattr(m, "pips", None) is None for m in after.legal_moves())


def expected_pips(state: engine.State) -> Fraction:
    """Sum of p * pips over the node's chance outcomes, exactly (the probabilities as the
    fractions the floats stand for, to the dice's denominators)."""
    return sum(
        (Fraction(p).limit_denominator(10_000) * m.pips for m, p in state.chance_outcomes()),
        Fraction(0),
    )


@pytest.mark.parametrize(
    ("key", "num_players", "options", "mean"),
    [
        ("pachisi", 2, {}, Fraction(7, 2)),  # the online roll-off: one d6
        ("pachisi", 4, {"rules": "classic"}, Fraction(7)),  # two d6 from the start
        ("pach-ice-i", 2, {}, Fraction(27, 2)),  # three d8: 3 * 4.5
        ("ice-turn", 2, {}, Fraction(7, 2)),  # the d6 (the Treehouse die adds nothing)
        ("ice-turn", 4, {}, Fraction(7, 2)),
    ],
)
def test_the_expected_pips_of_a_fair_roll_are_the_exact_mean(key, num_players, options, mean):
    state = first_chance_node(key, num_players, **options)
    assert expected_pips(state) == mean
    total = sum(p for _, p in state.chance_outcomes())
    assert total == pytest.approx(1.0)


def test_pachisi_after_the_roll_off_rolls_two_dice_of_mean_seven():
    state = first_chance_node("pachisi", 2)
    for turn in range(20):  # a six, then a one: the roll-off is over
        if state.phase != "rolloff":
            break
        state = state.apply(state.chance_outcomes()[-1 if turn % 2 == 0 else 0][0])
        while not state.is_chance_node():
            state = state.apply(state.legal_moves()[0])
    assert state.roller is not None and expected_pips(state) == 7
