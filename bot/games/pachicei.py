"""Pach-Ice-i's chat side: its rules, and in the terminal whose turn (with their colour), the
dice left, the turn's stage and both goals."""

from __future__ import annotations

from collections.abc import Sequence

from engine.pachicei_board import GOAL
from engine.pachicei_moves import Roll
from engine.pyramids import SIZE_WORDS
from render.pachicei_words import COLOUR, VERBS, verb

from .base import GameChat, paragraphs

RULES = paragraphs(
    "**Pach-Ice-i** (2 players, three eight-sided dice). Race all 15 of your pyramids across the "
    "board and off its far side.",
    "**Pieces.** Each player has 15 pyramids, 5 each of small, medium and large, worth 1, 2 and 3 "
    "**pips**. A **tree** is a stack of a large, a medium on it and a small on top. Your pieces "
    "start off the board in your **pad** as five trees; your **goal** is the other player's pad.",
    "**Who starts.** One player is **Black** and moves first, the other **White**; the bot draws "
    "who is which (in the terminal, the first player named is Black).",
    "**The board** has 7x7 squares, a1 (bottom left) to g7, coloured like a chessboard with a1 "
    "black. The nine **marked** squares a1 a4 a7 d1 d4 d7 g1 g4 g7 count as both colours. Your "
    "**path** is 49 squares, then your goal. Black's runs up file a from a1, down b, up c ... up g "
    "to g7; White's runs left along rank 7 from g7, right along 6 ... left along 1 to a1. "
    "**Entering** with n puts a piece from your pad on square n of your path.",
    "**A turn.** The bot rolls the three dice; then you move one of:\n"
    "- one **small** by all three dice added up;\n"
    "- a **medium** by two dice added up and a **large** by the third, in either order;\n"
    "- **three different larges**, by one die each.\n"
    "Use all three dice when any turn allows it, else as many as any turn allows; with no move at "
    "all you pass.",
    "**Notation.** `c3+7` moves the piece on c3 seven squares along your path. `S+12`, `M+9`, "
    "`L+4` enter a small, medium or large from the top of your tallest tree with that piece on "
    "top; `S1+12`, `M1+9` enter a lone one (a piece sent back alone) instead. At the start only "
    "smalls are on top, so the first turn enters a small by all three dice.",
    "**What you may move:** any piece, of either colour, on a square of your colour or a marked "
    "square, each at most once a turn. An opponent's piece moves along your path, never past your "
    "square 49, and only while the pips of your entered pieces (on the board and in your goal) are "
    "at least theirs.",
    "**Landing.** One piece per square. You may land on a piece of your size or smaller, but never "
    "on an occupied marked square. The piece there goes to the pad of the square's colour (Black's "
    "pad for a black square, White's for a white one): back to its owner's pad as a tree of its "
    "own (it may enter again this turn unless it already moved), or into its goal.",
    "**Look-ahead.** A turn must leave the opponent some move on some roll.",
    "**The end.** All 15 of your pieces in your goal wins at once (knocking the opponent's last "
    "piece into their goal hands them the win). If neither player could move on any roll, or after "
    "100 turns in a row with no piece reaching a goal, more pieces in goal wins; equal draws.",
)


class PachIceIChat(GameChat):
    key = "pach-ice-i"
    rules = RULES
    verbs = VERBS
    rolls = (Roll,)

    def status_parts(self, state, names: Sequence[str]) -> list[str]:
        who = f"{names[state.seat]} ({COLOUR[state.seat]}) {verb(state)}"
        goals = f"in goal: {names[0]} {state.in_goal(0)}/15, {names[1]} {state.in_goal(1)}/15"
        if state.phase == "roll":
            return [who, goals]
        rolled = " ".join(map(str, state.dice))
        if sorted(state.remaining) == sorted(state.dice):  # the dice said once
            return [who, f"rolled {rolled}, all three to play", state.stage_words, goals]
        left = " ".join(map(str, state.remaining)) or "none"
        return [who, f"rolled {rolled}", f"dice left: {left}", state.stage_words, goals]

    def move_effects(self, before, after, names: Sequence[str]) -> list[str]:
        if before.phase != "play":
            return []
        done = after.turn_log or (after.last_turn.changes if after.last_turn else ())
        did = []
        for change in done[len(before.turn_log) :]:  # the move's own changes
            if change.end == GOAL:
                size = SIZE_WORDS[change.size]
                if change.owner == before.seat:  # (not "Ann played g1+7: Ann's large ...")
                    did.append(f"the {size} reached the goal")
                else:
                    did.append(f"{names[change.owner]}'s {size} reached its goal")
            if change.displaced is not None:
                owner, size, _square, into_goal = change.displaced
                where = "into its goal" if into_goal else "back to its pad"
                did.append(f"knocked {names[owner]}'s {SIZE_WORDS[size]} {where}")
        return did


CHAT = PachIceIChat()
