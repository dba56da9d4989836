"""The moves the AI picks stay the same: a few positions of every game, each level's move for a
fixed seed (and the hard level's hint), compared with a record (``ai_choices.json``).

A change to how the AI is put together (which evaluation reaches which search) must not change
one move a player sees; a change meant to make the AI play otherwise rewrites the record:
``python -m tests.engine.test_ai_choices --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import engine
from engine.ai import choose, hint

RECORD = Path(__file__).with_name("ai_choices.json")

SETUPS = [
    (key, players)
    for key, game in engine.GAMES.items()
    for players in sorted({max(game.min_players, 2), game.max_players})
]
SMALL = 200
"""A small budget for the hard level (its default budget is tried too)."""


def positions(key: str, players: int, count: int = 4) -> list[engine.State]:
    """``count`` positions spread over a random game of ``key``, each with several moves to
    choose from; the dice and the moves are drawn from a fixed seed."""
    rng = random.Random(f"{key}/{players}")
    state = engine.get_game(key).new_game(players)
    found = []
    while not state.is_over() and len(state.history) < 400:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_moves()
            if len(legal) > 1:
                found.append(state)
            move = rng.choice(legal)
        state = state.apply(move)
    step = len(found) / count
    return [found[int(step * (i + 0.5))] for i in range(count)]


def choices(key: str, players: int) -> list[dict[str, str | None]]:
    """Per position: where it is, each level's move, and the hard level's hint."""
    rows = []
    for i, state in enumerate(positions(key, players)):
        move, reason = hint(state, random.Random(40 + i), SMALL)
        row = {
            "after": f"{len(state.history)} moves, the last {state.history[-1]!s}",
            "easy": str(choose(state, "easy", random.Random(10 + i))),
            "medium": str(choose(state, "medium", random.Random(20 + i))),
            "hard": str(choose(state, "hard", random.Random(30 + i), SMALL)),
            "hint": str(move),
            "reason": reason,
            "hard, default budget": str(choose(state, "hard", random.Random(50 + i))),
        }
        rows.append(row)
    return rows


@pytest.mark.parametrize(("key", "players"), SETUPS)
def test_the_same_seed_picks_the_recorded_moves(key, players):
    recorded = json.loads(RECORD.read_text())[f"{key}/{players}"]
    assert choices(key, players) == recorded


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    record = {f"{key}/{players}": choices(key, players) for key, players in SETUPS}
    RECORD.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
