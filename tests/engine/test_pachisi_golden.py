"""Pachisi plays as it did: 20 seeded random games (the bench's setups and some combinations of
options, with removals) written down in full by :mod:`.pachisi_record` and compared with the
digests of the engine before its search was made faster. A rules change that is meant changes
them: regenerate the digests, say why in the commit. When one differs, ``bench/pachisi_diff.py``
(record with the old checkout, check with this one) names the first line that does."""

from __future__ import annotations

import gc
import random

import pytest

from engine.core import State
from engine.pachisi_turn import RollPlay

from .pachisi_record import GAME, digest, main_setups, option_setups, record
from .playouts import random_move

SETUPS = {name: (n, options) for name, n, options in (*main_setups(), *option_setups())}

GOLDEN = [
    ("online-4", 0, "1542f32466246c66", 2112),
    ("online-4", 1, "5a81750735cd7f23", 2004),
    ("online-4", 2, "19b8161783472cea", 1864),
    ("online-4", 3, "ef0c30d5c588177c", 2078),
    ("online-4", 4, "39d6c1cc21e33378", 1726),
    ("online-2", 0, "8992e07a09d1ed56", 1268),
    ("online-2", 1, "5164f1b9ac535332", 1118),
    ("online-2", 2, "0525f502557c0bea", 248),
    ("online-2", 3, "ad13fbcfb024f61e", 1164),
    ("classic-4", 0, "3889c88dc9e07dee", 1494),
    ("classic-4", 1, "7884080746e39b5d", 2074),
    ("classic-4", 2, "65798a165586e482", 1798),
    ("classic-4", 3, "a1720f80bb6ec6d7", 1804),
    ("online-4p-11011", 7, "966a86cd52bd405a", 294),
    ("classic-4p-10101", 8, "a38ca8beb181fdf2", 2738),
    ("online-3-01110", 9, "dfad669aa977fcd3", 1404),
    ("classic-3-11111", 10, "e47eefd571e40323", 1894),
    ("online-2-10011", 11, "e883854c821781ce", 1306),
    ("classic-2-01000", 12, "e67ff162c52e368f", 1302),
    ("online-4-00100", 13, "584b35c1c8f945f6", 1846),
]
"""(setup, seed, the first 16 hex digits of the record's sha256, its number of lines); the
setup names read ``rules-players[p for partners]-flags``, the flags being auto_fives,
blockades, first_pawn_out, undo and third_doublet_penalty, 1 for on."""


@pytest.mark.parametrize(("setup", "seed", "sha", "lines"), GOLDEN, ids=str)
def test_a_recorded_game_plays_the_same(setup, seed, sha, lines):
    num_players, options = SETUPS[setup]
    found, count = digest(record(num_players, options, seed))
    assert (found[:16], count) == (sha, lines)


def test_the_written_out_copy_has_every_field():
    """``PachisiState._copy`` lists the fields by name (for speed): it must copy each one as
    the base class's copy does."""
    state = GAME.new_game(4, {"undo": True})
    rng = random.Random(5)
    for _ in range(60):
        state = state.apply(random_move(state, rng))
    fast, slow = state._copy(), State._copy(state)
    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    assert len(names) > 20
    for name in names:
        assert getattr(fast, name) is getattr(slow, name), name


def test_the_search_leaves_no_reference_cycles():
    """What a roll's search keeps for later (the generators of the options not yet made)
    holds no reference back to the search: else every roll is a reference cycle that only
    the garbage collector frees (that made a collection every few rolls, and pauses)."""

    def searches() -> int:
        return sum(isinstance(o, RollPlay) for o in gc.get_objects())

    rng = random.Random(8)
    gc.collect()
    gc.disable()
    try:
        before = searches()
        state = GAME.new_game(4, {})
        for _ in range(300):
            state = state.apply(random_move(state, rng))
        assert searches() <= before + 1  # the one of the roll in play
    finally:
        gc.enable()
