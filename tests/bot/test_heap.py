"""A long-lived process keeps the memory a board frees for the next board (bot/heap.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

DRAW = textwrap.dedent(
    """
    import random, resource, sys
    import engine, render
    from bot.heap import settle_heap
    game = engine.get_game("icesickle")
    state, rng, states = game.new_game(2, {}), random.Random(3), []
    while state.to_move is not None and len(states) < 40:
        states.append(state)
        state = state.apply(rng.choice(state.legal_moves()))
    render.render(states[0])  # the layer and fonts: made once
    if sys.argv[1] == "settled":
        settle_heap()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for s in states[1:]:
        render.render(s)
    print((resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / (len(states) - 1))
    """
)


def faults_per_board(mode: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", DRAW, mode], capture_output=True, text=True, check=True
    )
    return float(out.stdout)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc only")
def test_a_settled_process_draws_boards_without_fresh_pages():
    """Once settled, a board reuses the memory the last one freed: the page faults left are
    the caches growing (new sprites and texts), a fraction of the hundreds a board took
    when its images' memory went back to the system and came again, zeroed page by page
    (0.5-5 ms of system CPU a board)."""
    settled, plain = faults_per_board("settled"), faults_per_board("plain")
    assert 3 * settled < plain, f"{settled:.0f} page faults a board settled, {plain:.0f} not"
