"""The states and helpers the Ice-Turn image tests share: the player names, a state for
every phase (PHASES) built by hand or by a seeded playout, and small helpers to draw a
state and read its pixels."""

from __future__ import annotations

import random

from PIL import Image

import engine
from engine.iceturn_board import GRID
from render import iceturn_layout as lay
from render.theme import DEFAULT_THEME
from tests.engine.iceturn_helpers import position
from tests.engine.playouts import random_move

from . import images
from .images import rgb

GAME = engine.get_game("ice-turn")
NAMES = ("Alice", "Bob", "Cara", "Dmitri")
SIZE = (lay.WIDTH, lay.HEIGHT)
THEME = DEFAULT_THEME

SETUP_MOVES = "deal QDAAAA, deal QQDDD, Q@a3, D@d1e, D@a2e, A@c4w, D@d3e, D@d4e, A@b3w, D@c2e"
"""Three players: the deal, then 8 of the 16 tiles placed (Cara places next)."""


def setup():
    return GAME.replay(3, None, [m.strip() for m in SETUP_MOVES.split(",")])


MID_PIECES = {
    "a1": "0L 1M 2S",  # a stack of three, bottom first
    "b2": "0Mn",
    "c2": "1Se",
    "b3": "2Ls",
    "c3": "0Sw",
    "d3": "2Mw",
    "c4": "1Ln",
    "a4": "1S",  # a lone standing piece
}


def mid_game():
    """Three players, Bob (seat 1) to move with 3 of 5 points left and SWAP unused, after
    stepping c2-d2 and turning c4 east: lying pieces face all four ways."""
    state = position(
        MID_PIECES, tiles={"d1": "Aw"}, players=3, seat=1, roll="roll 5 swap", turns=13
    )
    return state.apply("c2-d2").apply("turn c4 e")


def reacting():
    """Two players, Alice reacting: a2 has reacted (turned b2 west), c3 still may."""
    pieces = {"a2": "0Me", "b2": "1Sn", "c3": "0Ls", "c1": "1Mw", "a1": "0S", "d4": "1L 1M"}
    state = position(pieces, seat=0, roll="roll 2 hop", turns=20)
    return state.apply("turn a2 n").apply("end").apply("react a2 b2 w")


def won():
    """Alice steps her large onto her small and medium on d4: a nest on her goal."""
    state = position({"d4": "0S 0M", "d3": "0Ln", "a1": "1L 1M", "b1": "1Sw"}, seat=0)
    return state.apply("d3-d4/2")


def drawn():
    """The round limit (20) ends the game when Bob ends the last turn."""
    state = position(players=2, seat=1, roll="roll 1 hop", turns=39, options={"round_limit": 20})
    return state.apply("end")


def crowded():
    """Four players, tall stacks, during a TIP turn."""
    pieces = {
        "b2": "0L 1M 2S 3L 1S 0M 2L",
        "c3": "3S 3M",
        "a2": "1Le",
        "d2": "2Mw",
        "b4": "3Ss",
        "c1": "0Sn",
        "d3": "1L 2M 0S 3M 1L",
    }
    state = position(pieces, players=4, seat=3, roll="roll 2 tip", turns=47)
    return state.apply("tip 7").apply("b4-b3")


def played(players: int, seed: int, moves: int):
    """A seeded random game, ``moves`` moves in."""
    rng = random.Random(seed)
    state = GAME.new_game(players)
    for _ in range(moves):
        if state.is_over():
            break
        state = state.apply(random_move(state, rng))
    return state


PHASES = {
    "deal": lambda: GAME.new_game(4),
    "setup": setup,
    "first-roll": lambda: played(2, 5, 17),
    "mid-game": mid_game,
    "reacting": reacting,
    "crowded": crowded,
    "random-4": lambda: played(4, 2, 150),
    "won": won,
    "drawn": drawn,
}


def draw(state, names=NAMES, **kwargs) -> Image.Image:
    return rgb(state, names, **kwargs)


def close(colour, wanted, slack: int = 14) -> bool:
    return images.close(colour, wanted, slack)


def pixel(image: Image.Image, point, dx: float = 0, dy: float = 0):
    return image.getpixel((round(point[0] + dx), round(point[1] + dy)))


def count_close(image: Image.Image, box, colour, slack: int = 10) -> int:
    crop = image.crop(tuple(round(v) for v in box))
    return sum(n for n, c in crop.getcolors(1 << 16) if close(c, colour, slack))


def cell(name: str) -> int:
    return GRID.parse(name)
