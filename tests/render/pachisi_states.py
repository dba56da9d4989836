"""The states and helpers the Pachisi image tests share: the player names, a state for
every phase (PHASES), the busy golden position (BUSY), seeded playouts to find a wanted
position in, and small helpers to draw a state and read its pixels."""

from __future__ import annotations

import random

from PIL import Image

import engine
from engine.pachisi_board import HOME
from render import pachisi as drawing
from render import pachisi_layout as lay
from tests.engine.playouts import random_states

from .images import rgb

GAME = engine.get_game("pachisi")
NAMES = ("Alice", "Bob", "Carol", "Dan")
SIZE = (lay.WIDTH, lay.HEIGHT)

# A fixed move list (not a seeded playout), so the golden position does not depend on the
# order of legal_moves(): 4 players, online rules, after 346 moves. Bob has just captured
# Carol's pawn 3 with his pawn 1 during a 14 (parts 1, 1, 6 still to play, a bonus of 20 to
# take); Alice and Dan each hold a blockade, Bob has two pawns HOME.
BUSY = (
    "roll 3, roll 3, roll 6, roll 5, roll 4 5, enter, 1+4, roll 2 5, enter, 1+2, roll 3 5, "
    "enter, 1+3, roll 1 2, roll 1 3, 1+1, 1+3, roll 1 5, 1+1, enter, roll 2 4, 1+2, 1+4, roll "
    "1 5, enter, 1+1, roll 4 4, 1+4, 1+4, roll 3 6, 1+3, 1+6, roll 3 4, 2+3, 1+4, roll 1 6, "
    "1+6, 1+1, roll 3 5, 1+3, enter, roll 1 6, 1+6, 1+1, roll 3 6, 2+6, 1+3, roll 2 2, 1+2, "
    "1+2, roll 1 5, 1+1, enter, roll 1 4, 2+4, 2+1, roll 1 2, 1+1, 1+2, roll 2 6, 1+2, 1+6, "
    "roll 2 3, 2+2, 1+3, roll 4 5, 2+4, enter, roll 3 6, 1+3, 1+6, roll 2 6, 1+2, 2+6, roll 2 "
    "4, 1+2, 1+4, roll 4 6, 3+4, 2+6, roll 3 4, 1+3, 1+4, roll 2 5, 1+2, enter, 3+20, roll 1 "
    "3, 1+3, 1+1, roll 4 6, 1+4, 2+6, roll 3 4, roll 6 6, 3+6, 1+6, roll 1 3, 2+1, 1+3, roll "
    "1 2, 2+1, 2+2, roll 1 4, 3+4, 3+1, roll 2 4, roll 2 5, 2+2, enter, roll 1 4, 2+4, 2+1, "
    "roll 2 3, 3+3, 2+2, roll 2 6, roll 1 5, 2+5, 2+1, roll 1 6, 1+6, 2+1, roll 3 5, enter, "
    "4+3, roll 3 6, roll 3 5, 3+3, 1+5, roll 2 5, 1+2, enter, roll 3 4, 1+3, 1+4, roll 1 6, "
    "roll 2 2, 2+5, 2+2, 1+5, 4+2, roll 1 5, 3+5, 2+1, roll 4 6, 2+6, 1+4, roll 1 5, 2+5, "
    "4+1, roll 1 5, enter, 1+1, roll 2 3, 1+3, 2+2, roll 1 3, 3+3, 1+1, roll 1 5, 3+1, 2+5, "
    "roll 4 5, enter, 1+4, roll 3 3, 2+4, 3+20, 2+20, 3+3, 1+4, 4+3, roll 4 5, 2+4, 3+5, roll "
    "3 6, 1+3, 2+6, roll 1 4, 3+1, 2+4, 2+20, roll 2 4, 2+2, 1+4, roll 1 3, 4+3, 2+1, roll 2 "
    "6, 1+6, 2+2, 2+20, roll 4 4, 3+4, 3+4, roll 2 3, 1+2, 2+3, 1+20, roll 5 6, enter, 1+6, "
    "roll 3 3, 2+3, 3+3, roll 5 6, 3+6, enter, 1+10, roll 2 5, 1+2, enter, roll 1 3, 1+3, "
    "2+1, roll 1 3, 2+1, 1+3, roll 1 4, 2+4, 2+1, 1+10, 1+20, roll 1 5, 2+1, enter, roll 5 5, "
    "enter, 4+5, roll 1 2, 3+2, 4+1, 1+20, 3+20, roll 3 5, enter, 1+3, roll 5 5, enter, "
    "enter, roll 1 5, 4+1, 1+5, roll 5 6, 1+6, 4+5, roll 2 2, 4+5, 4+5, 1+2, 1+2, roll 4 5, "
    "1+4, 3+5, roll 4 5, enter, 2+4, roll 4 6, 4+6, 1+4, roll 3 5, 2+5, 3+3, roll 4 5, 4+4, "
    "2+5, 4+20, roll 2 4, 2+2, 2+4, roll 3 5, 1+3, 1+5, roll 1 3, 4+1, 2+3, roll 4 5, 4+4, "
    "3+5, 4+20, roll 5 6, enter, 1+6, 2+20, roll 2 5, 4+2, enter, roll 3 3, 4+3, 1+3, roll 2 "
    "4, 4+2, 2+4, roll 1 5, 4+5, 1+1, roll 3 3, 1+3, 1+3, roll 1 5, 1+1, enter, roll 1 5, "
    "1+5, 4+1, roll 5 5, enter, 4+5, roll 1 3, 2+3, 2+1, roll 3 5, 3+5, 3+3, roll 1 5, 3+1, "
    "enter, roll 3 6, 4+3, 4+6, roll 2 2, 3+2, 2+2, 3+5, 3+5, roll 1 3, 3+3, 3+1, roll 3 5, "
    "3+3, roll 3 3, 4+3, 2+4, 4+3, 4+4, roll 1 3, 4+1, 1+3, roll 1 1, 1+6, 4+6, 1+1, 4+1, "
    "roll 6 6, 1+6 "
)


def busy():
    return GAME.replay(4, None, [m.strip() for m in BUSY.split(",")])


def seeded_states(num_players: int, options: dict, seed: int):
    """Every state of a random game played with ``random.Random(seed)``."""
    return random_states(GAME.new_game(num_players, options), random.Random(seed))


def first_state(num_players: int, options: dict, wanted, seeds=range(300)):
    for seed in seeds:
        for state in seeded_states(num_players, options, seed):
            if wanted(state):
                return state
    raise AssertionError("no seeded game reached the wanted position")


def crowded(state) -> list[list[tuple[int, int]]]:
    """The groups of pawns sharing a board square."""
    return [g for g in drawing.shared_squares(state).values() if len(g) > 1]


def kinds(state) -> set[str]:
    return {e.kind for e in state.effects}


def after_rolloff(state) -> bool:
    return state.phase == "roll" and not state.dice


PHASES = {
    "rolloff-start": lambda: GAME.new_game(4),
    "rolloff-tie": lambda: first_state(
        3, {}, lambda s: s.phase == "rolloff" and len(s.contenders) < 3
    ),
    "rolloff-classic": lambda: first_state(
        2, {"rules": "classic"}, lambda s: s.phase == "rolloff" and s.rolloff[0] is not None
    ),
    "first-roll": lambda: first_state(4, {}, after_rolloff),
    "play-2": lambda: first_state(2, {}, lambda s: s.phase == "play" and len(s.history) > 60),
    "play-3": lambda: first_state(3, {}, lambda s: s.phase == "play" and len(s.history) > 90),
    "play-4": lambda: first_state(4, {}, lambda s: s.phase == "play" and len(s.history) > 120),
    "classic-3": lambda: first_state(
        3, {"rules": "classic"}, lambda s: s.phase == "play" and len(s.history) > 120
    ),
    "first-pawn-out": lambda: first_state(2, {"first_pawn_out": True}, lambda s: s.phase == "play"),
    "partners": lambda: first_state(
        4, {"partners": True}, lambda s: s.phase == "play" and s.moving_colour != s.seat
    ),
    "fourteen": lambda: first_state(
        4, {}, lambda s: s.phase == "play" and s.fourteen and 0 < len(s.remaining) < 4
    ),
    "blockade": lambda: first_state(2, {}, lambda s: s.phase == "play" and len(crowded(s)) >= 2),
    "capture": lambda: first_state(2, {}, lambda s: "capture" in kinds(s)),
    "enter-capture": lambda: first_state(2, {}, lambda s: {"enter", "capture"} <= kinds(s)),
    "penalty": lambda: first_state(2, {}, lambda s: "penalty" in kinds(s)),
    "bonus-lost": lambda: first_state(2, {}, lambda s: bool(s.lost_bonuses)),
    "home-run": lambda: first_state(
        2, {}, lambda s: any(e.kind == "move" and e.end == HOME for e in s.effects)
    ),
    "over-2": lambda: first_state(2, {}, lambda s: s.is_over()),
    "over-classic-3": lambda: first_state(3, {"rules": "classic"}, lambda s: s.is_over()),
    "over-partners": lambda: first_state(4, {"partners": True}, lambda s: s.is_over()),
    "busy": busy,
    "left": lambda: first_state(3, {}, lambda s: s.phase == "play" and len(s.history) > 90).apply(
        "remove 1"
    ),
    "over-left": lambda: (
        first_state(3, {}, lambda s: s.phase == "play" and len(s.history) > 90)
        .apply("remove 1")
        .apply("remove 2")
    ),
}


def draw(state, names=NAMES, **kwargs) -> Image.Image:
    return rgb(state, names[: state.num_players], **kwargs)


def pixel(image: Image.Image, point, dx: float = 0, dy: float = 0):
    return image.getpixel((round(point[0] + dx), round(point[1] + dy)))
