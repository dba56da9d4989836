"""IceSickle's chat side: its rules, its menus (a menu per size while placing, then the
jumps), whose turn and what they do, and in the terminal the rounds and their scores."""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine.icesickle import GRID, Jump, Place
from render.icesickle_words import VERBS, round_words, scores_words, verb

from .base import GameChat, paragraphs

RULES = paragraphs(
    "**IceSickle** (2 players, two rounds). The pieces are pyramids of three sizes, each worth its "
    "**pips** (the dots on it): small 1, medium 2, large 3. One **stash** of 15 pieces, 5 of each "
    "size, belongs to nobody: either player may place or jump any piece. The board has 5x5 "
    "squares, a1 (bottom left) to e5.",
    "**Who starts:** who places first in round 1 is drawn at random (in the terminal: the first "
    "player named).",
    "1. **Placing:** take turns putting any piece left in the stash (you pick the size) on an "
    "empty square: `S@c3`, `M@a1`, `L@e5` (S, M, L: small, medium, large). The first placer places "
    "8, the other 7.\n"
    "2. **Jumping:** the second placer jumps first. A jump moves any piece in a straight line "
    "(along a row, a column or a diagonal) over 1 up to its pips in squares (a small over 1, a "
    "medium over 1-2, a large over 1-3), landing on the next square, which must be on the board "
    "and empty. At least one square jumped over must hold a piece; every piece jumped over is "
    "captured and scores its pips for you. One jump a turn: `c3-c5` (from, to).\n"
    "3. The round ends when the player to move has no jump; pieces left score nothing.\n"
    "4. **Round 2:** the board is cleared and the other player places first.\n"
    "5. The higher two-round total wins; equal totals draw.",
)


class IceSickleChat(GameChat):
    key = "icesickle"
    rules = RULES
    verbs = VERBS

    def group(self, move: engine.Move) -> str:
        if isinstance(move, Place):
            return f"Place a {move.size.word}"
        return "Jumps" if isinstance(move, Jump) else "Moves"

    def status_parts(self, state, names: Sequence[str]) -> list[str]:
        who = names[state.seat]
        doing = f"{who} {verb(state)}"
        if state.phase == "place":
            doing += f" ({sum(state.stash)} left to place)"
        head = round_words(state)
        parts = [head[0].upper() + head[1:], doing]
        parts.append(f"this round: {scores_words(names, state.round_scores()[-1])}")
        if state.round > 1:
            parts.append(f"total: {scores_words(names, state.totals())}")
        return parts

    def move_effects(self, before, after, names: Sequence[str]) -> list[str]:
        if not isinstance(after.last_move, Jump) or not after.last_captured:
            return []
        pieces = [f"a {size.word} on {GRID.name(sq)}" for sq, size in after.last_captured]
        listed = ", ".join(pieces[:-1]) + " and " + pieces[-1] if len(pieces) > 1 else pieces[0]
        gained = sum(int(size) for _, size in after.last_captured)
        return [f"captured {listed} (+{gained})"]

    def after_words(self, before, after, names: Sequence[str]) -> list[str]:
        ended = len(before.round_boards)
        if len(after.round_boards) == ended:
            return []
        scores = scores_words(names, after.round_scores()[ended])
        return [f"Round {ended + 1} over: {scores}."]


CHAT = IceSickleChat()
