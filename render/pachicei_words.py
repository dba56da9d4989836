"""Pach-Ice-i in words, for the image and its alt text: which turn the picture shows (the one
under way, else the one before), which dice are used, each pad and goal, and the position,
the moves and the result in sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from engine.pachicei_board import GOAL, GRID, PIECES
from engine.pachicei_state import DRY_LIMIT
from engine.pachicei_turn import PAD, Change
from engine.pyramids import SIZE_LETTERS, SIZE_WORDS

from .common import listing, seat_names, to_do

COLOUR = ("Black", "White")
DRY_SHOWN = 50
"""From this many turns in a row without a piece reaching a goal, the image and the alt text
say how close the 100-turn backstop is."""


# -- reading the state -----------------------------------------------------------------------


class ShownTurn(NamedTuple):
    """The turn the picture draws: the one under way (``current``) when it has moves, else
    the one before (``state.last_turn``)."""

    seat: int
    dice: tuple[int, ...]
    changes: tuple[Change, ...]
    passed: bool
    current: bool


def shown_turn(state) -> ShownTurn | None:
    """The moves to draw as arrows: this turn's so far, else the last turn's (None at the
    start). A move that ends the game leaves its turn in ``turn_log``."""
    if state.turn_log:
        return ShownTurn(state.seat, state.dice, state.turn_log, False, True)
    last = state.last_turn
    if last is None:
        return None
    return ShownTurn(last.seat, last.dice, last.changes, last.passed, False)


def dice_status(state) -> list[tuple[int, str]]:
    """Each die of ``state.dice`` as (value, "left" | "used"): during a turn the dice not in
    ``remaining`` are used (equal values used from the left); otherwise the roll is over."""
    if state.phase != "play":
        return [(d, "used") for d in state.dice]
    left = Counter(state.remaining)
    used = Counter(state.dice) - left
    out = []
    for value in state.dice:
        if used[value]:
            used[value] -= 1
            out.append((value, "used"))
        else:
            out.append((value, "left"))
    return out


def lone_pieces(state, seat: int) -> list[int]:
    """The sizes of the lone mediums and smalls in a pad (a lone large is drawn as what is
    left of a tree: the engine does not tell the two apart)."""
    return [shape[0] for shape in state.trees(seat) if len(shape) == 1 and shape[0] != 3]


def tree_shapes(state, seat: int) -> list[tuple[int, ...]]:
    """The pad's trees with a large at the bottom (full ones first)."""
    return [shape for shape in state.trees(seat) if shape[0] == 3]


def knocked(shown: ShownTurn | None) -> list[tuple[int, int, int, bool]]:
    """The pieces the shown turn knocked off the board: (owner, size, square, into goal)."""
    if shown is None:
        return []
    return [c.displaced for c in shown.changes if c.displaced is not None]


def may_move_theirs(state, seat: int) -> bool:
    return state.entered_pips(seat) >= state.entered_pips(1 - seat)


# -- sentences -------------------------------------------------------------------------------


def square_words(square: int) -> str:
    return GRID.name(square)


def change_words(change: Change) -> str:
    """One move: "White large f3-b2, knocking Black's small back to Black's pad"."""
    piece = f"{COLOUR[change.owner]} {SIZE_WORDS[change.size]}"
    if change.start == PAD:
        text = f"{piece} entered on {square_words(change.end)}"
    elif change.end == GOAL:
        text = f"{piece} {square_words(change.start)} into the goal"
    else:
        text = f"{piece} {square_words(change.start)}-{square_words(change.end)}"
    if change.displaced is not None:
        owner, size, _square, into_goal = change.displaced
        who = f"{COLOUR[owner]}'s {SIZE_WORDS[size]}"
        where = f"into {COLOUR[owner]}'s goal" if into_goal else f"back to {COLOUR[owner]}'s pad"
        text += f", knocking {who} {where}"
    return text


def change_lines(change: Change) -> tuple[str, str]:
    """One move for the panel, short: ("White L  f3-b2", "knocked Black S to pad")."""
    piece = f"{COLOUR[change.owner]} {SIZE_LETTERS[change.size]}"
    start = "pad" if change.start == PAD else square_words(change.start)
    end = "goal" if change.end == GOAL else square_words(change.end)
    second = ""
    if change.displaced is not None:
        owner, size, _square, into_goal = change.displaced
        where = "goal" if into_goal else "pad"
        second = f"knocked {COLOUR[owner]} {SIZE_LETTERS[size]} to {where}"
    return f"{piece}  {start}-{end}", second


def stage_summary(state) -> str:
    """What is left of the turn under way, e.g. "Now: a large by 8" ("" when nothing moved
    yet or no turn is under way)."""
    if state.phase != "play" or state.stage == "start":
        return ""
    left = sorted(state.remaining)
    if state.stage in ("M", "LL"):
        return f"Now: a large by {left[0]}"
    if state.stage == "L" and len(left) == 2:
        a, b = left
        larges = f"{a}" if a == b else f"{a} or {b}"
        return f"Now: a medium by {a + b}, or a large by {larges}"
    return ""


def pad_words(state, seat: int) -> str:
    """A pad in words: "2 full trees, 1 large+medium, 1 large; lone 1 medium" or "empty"."""
    counts = Counter(state.trees(seat))
    names = {(3, 2, 1): "full tree", (3, 2): "large+medium", (3,): "large"}
    parts = []
    for shape in ((3, 2, 1), (3, 2), (3,)):
        if counts[shape]:
            noun = names[shape]
            plural = "s" if counts[shape] > 1 and shape == (3, 2, 1) else ""
            parts.append(f"{counts[shape]} {noun}{plural}")
    lone = [f"{counts[(s,)]} {SIZE_WORDS[s]}" for s in (2, 1) if counts[(s,)]]
    text = ", ".join(parts)
    if lone:
        text += ("; " if text else "") + "lone " + ", ".join(lone)
    return text or "empty"


def goal_words(state, seat: int) -> str:
    counts = state.goal_counts(seat)
    total = sum(counts)
    detail = ", ".join(f"{n} {SIZE_WORDS[s]}" for s, n in zip((1, 2, 3), counts, strict=True) if n)
    return f"{total} of {PIECES}" + (f" ({detail})" if detail else "")


def board_words(state, seat: int) -> str:
    """A seat's pieces on the board, largest first: "L a3 b5, M b1, S -"."""
    by_size: dict[int, list[str]] = {3: [], 2: [], 1: []}
    for square in range(GRID.size):
        piece = state.piece_at(square)
        if piece is not None and piece[0] == seat:
            by_size[piece[1]].append(GRID.name(square))
    parts = [f"{SIZE_LETTERS[s]} {' '.join(by_size[s])}" for s in (3, 2, 1) if by_size[s]]
    return ", ".join(parts) if parts else "none"


VERBS = {"roll": "roll", "play": "move"}
"""What the player to act does in each phase ("Ann (Black) to roll", "your turn to move")."""


def verb(state) -> str:
    """ "to roll" or "to move" ("" once the game is over)."""
    return to_do(VERBS, state.phase)


def result_words(state, names: Sequence[str]) -> tuple[str, str]:
    """The banner's two lines: who won (or a draw) with the goal counts, and why."""
    outcome = state.outcome
    black, white = state.in_goal(0), state.in_goal(1)
    if outcome.winners:
        w = outcome.winners[0]
        title = f"{names[w]} ({COLOUR[w]}) wins"
        score = f"{max(black, white)} : {min(black, white)}"
    else:
        title = "A draw"
        score = f"{black} : {white}"
    reason = outcome.reason
    return f"{title}, {score}", f"{reason[0].upper()}{reason[1:]}."


def turn_words(shown: ShownTurn | None, names: Sequence[str]) -> str:
    """The shown turn in a sentence ("" before any)."""
    if shown is None:
        return ""
    who = f"{names[shown.seat]} ({COLOUR[shown.seat]})"
    dice = listing([str(d) for d in shown.dice])
    label = "This turn" if shown.current else "Last turn"
    if shown.passed:
        return f"{label}: {who} rolled {dice} and had no legal move (passed)."
    moves = "; ".join(change_words(c) for c in shown.changes)
    return f"{label}: {who} rolled {dice}: {moves}."


# -- alt text --------------------------------------------------------------------------------


def alt_text_pachicei(state, *, names: Sequence[str] | None = None) -> str:
    """The position in words (under 1024 characters): the move, whose turn and the dice,
    both players' pieces on the board, pads and goals, the turn shown by the arrows, the
    result."""
    names = [n[:32] for n in seat_names(names, 2)]
    parts = [f"Pach-Ice-i, move {len(state.history)}."]
    if state.phase == "over":
        title, reason = result_words(state, names)
        parts.append(f"Game over: {title}. {reason}")
    else:
        seat = state.seat
        line = f"{names[seat]} ({COLOUR[seat]}) {verb(state)}"
        if state.phase == "play":
            line += f", rolled {listing([str(d) for d in state.dice])}"
            if sorted(state.remaining) == sorted(state.dice):  # said once, not twice
                line += ", all three to play"
            else:
                line += f", {listing([str(d) for d in sorted(state.remaining)])} to play"
            if state.stage_words:
                line += f" ({state.stage_words})"
        parts.append(line + ".")
    parts.append(
        "Black's path runs up file a, down b ... up g; White's left along rank 7, "
        "right along 6 ... left along 1."
    )
    for seat in (0, 1):
        parts.append(
            f"{names[seat]} ({COLOUR[seat]}): board {board_words(state, seat)}; "
            f"pad {pad_words(state, seat)}; goal {goal_words(state, seat)}; "
            f"entered pips {state.entered_pips(seat)}."
        )
    turn = turn_words(shown_turn(state), names)
    if turn:
        parts.append(turn)
    if state.dry_turns >= DRY_SHOWN and state.phase != "over":
        parts.append(
            f"No piece has reached a goal for {state.dry_turns} turns (the game ends at "
            f"{DRY_LIMIT})."
        )
    text = " ".join(parts)
    if len(text) > 1000:  # the path note goes first, then the end is cut
        text = " ".join(p for p in parts if not p.startswith("Black's path"))
    if len(text) > 1000:
        text = text[:999] + "\N{HORIZONTAL ELLIPSIS}"
    return text
