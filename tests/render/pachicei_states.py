"""The Pach-Ice-i positions the image tests draw (every phase of a game, a busy mid-game, a
move round a corner of the snake) and helpers to read the images back."""

from __future__ import annotations

import json
import random

from PIL import Image

import engine
from engine.pachicei_board import GRID
from render import pachicei_layout as lay
from render import pachicei_words as words
from tests.engine.pachicei_helpers import EMPTY_PAD, position
from tests.engine.playouts import random_states

from .images import close, rgb

GAME = engine.get_game("pach-ice-i")
NAMES = ("Alice", "Bob")
SIZE = (lay.WIDTH, lay.HEIGHT)
SQUARE_SIZE = (920, 920)
GOLDEN_TOLERANCE = 0.6
"""Largest mean absolute difference per channel (0-255) from a golden image, both first
averaged over GOLDEN_BLOCK x GOLDEN_BLOCK blocks so that glyph-edge noise cancels out (as for
IceSickle and Pachisi). Measured on the busy 920 x 920 image: other short player names 0.08
(long ones 1.8: the turn pill and the labels change), the turn's lines, numbers and outlines
not shown 1.2, everything 1 px lower 2.4, the position one move earlier 2.8."""

# A fixed move list (not a seeded playout), so the golden position does not depend on the
# order of legal_moves(): after 155 moves White (Bob) has rolled 3 6 8, entered a large on e7
# and moved the large on g7 to b6, knocking Black's large back to Black's pad; the 6 is left.
BUSY = (
    "roll 1 4 8, S+13, roll 1 3 4, S+8, roll 1 2 6, b2+9, roll 4 5 8, M+12, L+5, roll 2 3 6, "
    "S+11, roll 2 4 6, d7+12, roll 2 3 5, M+5, L+5, roll 1 2 6, S+9, roll 4 4 5, M1+9, c7+4, roll "
    "2 5 8, M+13, d4+2, roll 3 6 8, a5+8, b6+9, roll 1 2 7, f5+10, roll 2 3 5, b2+3, M+7, roll 3 "
    "4 8, e6+12, L+3, roll 3 5 7, a7+10, L+5, roll 3 3 4, e4+10, roll 3 3 8, e7+3, c3+11, roll 2 "
    "5 5, c4+7, c2+5, roll 5 8 8, g1+8, a5+5, f4+8, roll 1 6 7, a6+14, roll 4 7 7, a4+18, roll 1 "
    "3 4, d7+8, roll 1 2 7, e3+9, g5+1, roll 6 6 7, b5+7, g6+6, f5+6, roll 1 7 7, a4+1, d1+14, "
    "roll 2 5 7, e6+14, roll 4 5 7, a5+5, f6+11, roll 2 2 5, S+9, roll 1 6 8, S+15, roll 1 5 8, "
    "M+13, b5+1, roll 2 3 4, f4+4, f6+5, roll 1 3 8, f3+9, L+3, roll 1 3 7, S+11, roll 1 4 6, "
    "L+6, f1+5, roll 1 6 8, S+15, roll 4 5 6, a1+11, b7+4, roll 4 6 7, g1+4, M+13, roll 1 3 5, "
    "c6+3, g6+6, roll 2 3 7, L+3, b2+9, roll 1 6 7, S+14, roll 1 1 7, g5+7, M+2, roll 4 4 6, "
    "g6+14, roll 1 3 6, e7+1, a3+6, f6+3, roll 1 3 6, f7+3, M+7, roll 1 4 5, M+6, b6+4, roll 2 3 "
    "5, L+3, a2+7, roll 3 7 8, g1+11, b2+7, roll 6 7 7, e4+20, roll 3 4 7, d7+10, L+4, roll 1 2 "
    "4, f3+4, b5+3, roll 5 5 7, a5+7, c7+5, L+5, roll 1 3 8, L+1, b3+8, d3+3, roll 1 2 5, a4+5, "
    "a3+1, e7+2, roll 4 5 8, a4+8, a7+9, roll 2 3 4, d2+6, f6+3, roll 3 6 8, L+3, g7+8"
)


def busy_moves() -> list[str]:
    return [m.strip() for m in BUSY.split(",")]


def busy():
    return GAME.replay(2, None, busy_moves())


def seeded_states(seed: int):
    """Every state of a random game played with ``random.Random(seed)``."""
    return random_states(GAME.new_game(), random.Random(seed))


def first_state(wanted, seeds=range(100)):
    for seed in seeds:
        for state in seeded_states(seed):
            if wanted(state):
                return state
    raise AssertionError("no seeded game reached the wanted position")


def on_board(state) -> int:
    return sum(state.piece_at(square) is not None for square in range(GRID.size))


def crowded(state) -> bool:
    return state.phase == "roll" and on_board(state) >= 14 and min(map(state.in_goal, (0, 1))) >= 3


def with_dry_turns(state, dry_turns: int):
    data = json.loads(state.to_json())
    data["state"]["dry_turns"] = dry_turns
    return GAME.from_json(json.dumps(data))


def backstop_draw():
    """A game the 100-turn backstop ends in a draw: a seeded position with equal goals, its
    count of dry turns set to 99, then a turn that brings no piece into a goal."""
    start = first_state(
        lambda s: s.phase == "roll" and s.in_goal(0) == s.in_goal(1) >= 3 and len(s.history) > 60
    )
    state = with_dry_turns(start, 99)
    for roll in state.legal_moves():
        after = state.apply(roll)
        while after.phase == "play":
            after = after.apply(after.legal_moves()[0])
        if after.is_over() and not after.outcome.winners:
            return after
    raise AssertionError("no roll ends the game in a draw")


def corner():
    """Black's large on b2 moved 8 along Black's path: down to b1, round the bottom into file
    c and up it to c7 (White has a tree in its pad, so the look-ahead allows the move)."""
    state = position({"b2": "BL"}, pads=(EMPTY_PAD, [1, 0, 0, 0, 0]))
    return state.apply("roll 2 5 8").apply("b2+8")


PHASES = {
    "start": lambda: GAME.new_game(),
    "first-roll": lambda: GAME.new_game().apply("roll 2 5 8"),
    "crowded": lambda: first_state(crowded),
    "in-progress": lambda: first_state(
        lambda s: s.phase == "play" and s.turn_log and s.stage in ("M", "L", "LL")
    ),
    "busy": busy,
    "knocked-into-goal": lambda: first_state(
        lambda s: s.phase == "roll" and any(d[3] for d in words.knocked(words.shown_turn(s)))
    ),
    "pass": lambda: first_state(
        lambda s: s.phase == "roll" and s.last_turn is not None and s.last_turn.passed
    ),
    "dry": lambda: with_dry_turns(first_state(crowded), 64),
    "over": lambda: first_state(lambda s: s.is_over()),
    "draw": backstop_draw,
    "corner": corner,
}


def draw(state, names=NAMES, **kwargs) -> Image.Image:
    return rgb(state, names, **kwargs)


def distance(a, b) -> int:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True))


def pixel(image: Image.Image, point, dx: float = 0, dy: float = 0):
    return image.getpixel((round(point[0] + dx), round(point[1] + dy)))


def count_close(image: Image.Image, box, colour) -> int:
    """How many pixels in ``box`` are within a few levels of ``colour``."""
    crop = image.crop(tuple(round(v) for v in box))
    return sum(n for n, c in crop.getcolors(1 << 16) if close(c, colour, 6))


def between(a: str, b: str, shift: float = 0):
    """The point halfway between two squares' centres (moved down and right by ``shift``)."""
    (ax, ay), (bx, by) = lay.centre(GRID.parse(a)), lay.centre(GRID.parse(b))
    return ((ax + bx) / 2 + shift, (ay + by) / 2 + shift)


def inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]
