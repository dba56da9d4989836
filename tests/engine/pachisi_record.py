"""A Pachisi game written down in full, to check that a change to the engine changes nothing
it plays: seeded random games through the public API, and at every step the legal moves in
their order (or the chance outcomes with their probabilities), the removals on offer, the move
chosen and the position after it; at some steps also what ``parse`` says to a list of texts
and the legal moves of the state read back from its JSON. Two engines that play the same
write the same lines. ``bench/pachisi_diff.py`` records and compares many games;
``test_pachisi_golden.py`` a few against a stored digest.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from collections.abc import Iterator
from typing import Any

import engine
from engine.pachisi_state import PachisiState

GAME = engine.get_game("pachisi")

PROBES = (
    "enter",
    "undo",
    *(f"{p}+{c}" for p in range(1, 5) for c in (1, 2, 3, 4, 5, 6, 10, 20)),
    "0+3",
    "5+2",
    "1+7",
    "2+14",
    "roll 3 4",
    "remove 1",
    "jump",
)
"""Texts typed at a position: legal or not, ``parse`` answers each in its own way."""
PROBE_EVERY = 7
"""Every this many steps the probes and the JSON round trip are recorded too."""
REMOVAL_CHANCE = 0.003
"""The chance, at each step, that a player is taken out instead (turn timer, leaving)."""

Setup = tuple[str, int, dict[str, Any]]


def main_setups() -> list[Setup]:
    """The setups the bench plays: online and classic with their default options."""
    return [
        ("online-4", 4, {"rules": "online"}),
        ("online-2", 2, {"rules": "online"}),
        ("classic-4", 4, {"rules": "classic"}),
    ]


def option_setups() -> list[Setup]:
    """Every combination of the options that change play ("auto" stands for one of on and
    off), for 2, 3 and 4 players and partners."""
    setups = []
    seats = ((2, False), (3, False), (4, False), (4, True))
    flags = ("auto_fives", "blockades", "first_pawn_out", "undo", "third_doublet_penalty")
    for (n, partners), rules, values in itertools.product(
        seats, ("online", "classic"), itertools.product((True, False), repeat=len(flags))
    ):
        options: dict[str, Any] = {
            "rules": rules,
            "partners": partners,
            **dict(zip(flags, values, strict=True)),
        }
        name = f"{rules}-{n}{'p' if partners else ''}-" + "".join(str(int(v)) for v in values)
        setups.append((name, n, options))
    return setups


def _probe(state: PachisiState) -> str:
    """What ``parse`` says to each of the ``PROBES`` and to every pawn with every count the
    roll has left (its first bonus included), legal or not."""
    counts = sorted({*state.remaining, *state.bonuses[:1]})
    said = []
    for text in (*PROBES, *(f"{p}+{c}" for c in counts for p in range(1, 5))):
        try:
            said.append(str(state.parse(text)))
        except engine.IllegalMove as exc:
            said.append(f"!{exc}")
    return "P " + " | ".join(said)


def record(num_players: int, options: dict[str, Any], seed: int) -> Iterator[str]:
    """The lines of one random game (``seed`` also picks the turn timer, which the engine
    only stores)."""
    rng = random.Random(seed)
    options = {**options, "turn_timer": ("off", 1, 2)[seed % 3]}
    state = GAME.new_game(num_players, options)
    yield state.position_json()
    step = 0
    while not state.is_over():
        step += 1
        removals = state.removal_moves()
        if rng.random() < REMOVAL_CHANCE:
            move = rng.choice(removals)
            yield f"R {move}"
        elif state.is_chance_node():
            outcomes = state.chance_outcomes()
            yield f"C {state.to_move} " + ",".join(f"{m}:{p!r}" for m, p in outcomes)
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_moves()
            yield f"D {state.to_move} " + ",".join(map(str, legal))
            move = rng.choice(legal)
        yield f"M {move} ({', '.join(map(str, removals))})"
        if step % PROBE_EVERY == 0:
            yield _probe(state)  # type: ignore[arg-type]
            cold = GAME.from_json(state.to_json())
            yield "J " + ",".join(map(str, cold.legal_moves()))
        state = state.apply(move)
        yield state.position_json()
        yield f"E {state.effects} {state.score_text(0)} {state.moving_colour}"
    yield f"O {state.outcome}"
    yield f"F {state.report()}"
    yield "H " + " ".join(str(m) for m in state.history)


def digest(lines: Iterator[str]) -> tuple[str, int]:
    """sha256 of the lines, and how many there were."""
    h = hashlib.sha256()
    count = 0
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
        count += 1
    return h.hexdigest(), count
