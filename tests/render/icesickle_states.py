"""The IceSickle states the image tests share: the player names and a state for every phase
(PHASES), from fixed move lists or seeded playouts."""

from __future__ import annotations

import random

import engine
from engine.icesickle import Jump

GAME = engine.get_game("icesickle")
NAMES = ("Alice", "Bob")

# Fixed move lists (not seeded playouts), so the golden positions do not depend on the order
# of legal_moves().
JUMP_TWO = "S@c4 S@d2 M@a3 S@d4 M@c3 L@e2 M@d3 M@e4 L@c2 M@e3 L@a5 S@b2 S@d1 L@b4 L@a1 e4-b1"
WIN = (
    "M@e5 L@a2 S@b2 M@d3 L@c5 M@a4 M@b4 M@e2 L@c1 L@b5 S@d4 L@c2 S@e1 S@c4 S@d1 c2-e4 a2-c2 "
    "e1-e3 b5-b3 e5-b2 e4-b1 c4-a2 b1-b5 a4-a1 c1-e1 e1-e4 c5-a5 M@c4 L@c3 S@d3 L@b1 M@c2 "
    "M@a1 L@d1 L@d2 S@b5 L@b2 M@c1 M@e1 S@e4 S@e3 S@a2 d2-d5 a1-a3 b1-d3 c4-e2 d5-a5 a5-d2 "
    "e2-c2 e3-e5 c1-c3 a3-d3 e1-b1 b1-b4"
)
DRAW = (
    "S@d5 S@a4 L@b3 M@c5 S@c4 S@d3 M@e3 L@e1 M@a5 S@b4 L@a1 M@c3 L@c1 M@d4 L@b2 b3-b5 b5-e2 "
    "c1-a3 d4-b2 a3-c1 e1-e5 a1-e1 a5-a2 d5-b5 e5-a5 a5-a1 L@d5 L@b4 M@c1 L@b5 S@e3 L@b2 "
    "M@a1 S@c5 S@b1 M@e2 M@c4 M@d1 L@a5 S@e5 S@c3 c5-a3 a5-d2 e2-e4 b2-e2 e5-c5 e4-b4 b5-b3 "
    "a1-a4 d1-a1 a4-d1"
)


def replay(moves: str):
    return GAME.replay(2, None, moves.split())


def seeded_states(seeds=range(200)):
    """Every state of random games played with ``random.Random(seed)``."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game()
        yield state
        while state.to_move is not None:
            state = state.apply(rng.choice(state.legal_moves()))
            yield state


def first_state(wanted):
    for state in seeded_states(range(2000)):
        if wanted(state):
            return state
    raise AssertionError("no seeded game reached the wanted position")


def round_two_start(state) -> bool:
    return state.round == 2 and state.placed == 0 and isinstance(state.last_move, Jump)


def round_two_first_placement(state) -> bool:
    return state.round == 2 and state.placed == 1


PHASES = {
    "start": lambda: GAME.new_game(),
    "placing": lambda: first_state(lambda s: s.phase == "place" and s.placed == 7),
    "jump-two-captures": lambda: replay(JUMP_TWO),
    "round-2-start": lambda: first_state(round_two_start),
    "round-2-first-placement": lambda: first_state(round_two_first_placement),
    "round-2-jumping": lambda: first_state(
        lambda s: s.round == 2 and s.phase == "jump" and s.last_captured
    ),
    "over-win": lambda: replay(WIN),
    "over-draw": lambda: replay(DRAW),
}
