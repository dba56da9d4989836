"""Pachisi's chat side: its rules, the Undo button, whose turn and the dice left, the opening
roll, doublets and the third-doublet penalty, dice lost, and the final report's ``H / S``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import engine
import render.pachisi_words as words
from engine.pachisi_board import HOME
from engine.pachisi_moves import Roll, Undo
from render.pachisi_opening import opening_roll_words
from render.pachisi_words import VERBS, doublet_words, hs_words, penalty

from .base import GameChat, paragraphs, player_name, where

RULES = paragraphs(
    "**Pachisi** (2-4 players, 4 pawns each, two dice). Race your four pawns once round the "
    "cross-shaped board and into **HOME**, its centre.",
    "**The board.** Each player sits at an arm of the cross (two players at the bottom and top "
    "arms; three at the bottom, right and top); right and left below are as you look from your arm "
    "towards the centre. Your **nest** is the corner to the right of your arm, where your pawns "
    "(numbered 1-4) wait. Your **entry square** is the ringed square in your colour on the "
    "right-hand column of your arm, beside your nest. From it pawns run counter-clockwise round "
    "the 68 squares of the cross, back down the left-hand column of your arm to its outer end, "
    "then up its middle column (your **home path**: 7 squares in your colour) into HOME, which "
    "takes the exact count. **Safe squares** are ringed (marked X under classic rules): the entry "
    "squares, the ends of the home paths and the middle of each side.",
    "**Who starts.** First everyone throws, the bot rolling (ties throw again). Online rules: one "
    "die each, the highest starts, and play passes clockwise. Classic: both dice each, the lowest "
    "total starts, and play passes counter-clockwise.",
    "**A turn.** The bot rolls both dice; each die is its own move. `enter` brings your "
    "lowest-numbered pawn from the nest onto your entry square, with a 5 or with both dice "
    "totalling 5 (5-5 enters two). `2+3` moves pawn 2 three squares. Use both dice when any order "
    "allows it, else either one; a die that cannot be used is lost. Never three pawns of one "
    "colour on a square.",
    "**Doublets** (both dice the same) roll again. When none of your pawns is in the nest, a "
    "doublet a-a counts **14**, played in four parts a, a, 7-a, 7-a (2-2: 2, 2, 5, 5): all four, "
    "or none.",
    "**Captures.** Landing on a lone enemy pawn sends it back to its nest and earns a **bonus** of "
    "20 squares for one of your pawns (`2+20`), taken after the dice (in a 14, right after that "
    "part), or lost if no pawn can move it whole. Nothing is captured on a safe square, and two "
    "colours never share one, except that online, entering captures a lone enemy on your own entry "
    "square.",
    "**Blockades.** Two pawns of one colour on a square block everyone, their owner too: nobody "
    "lands on or passes them. Two pawns that form a blockade when the dice are rolled may not end "
    "that roll together on another square.",
    f"**Rule sets** ({where('`/play pachisi rules:`', '`--option rules=classic`')}). "
    "**online** (default): a pawn reaching HOME earns a "
    "bonus of 10 (`2+10`), taken like a capture's; Auto Fives (`auto_fives`: a 5 must enter a pawn "
    "while one can); a third doublet in a row moves nothing and sends your most advanced pawn not "
    "in HOME back to the nest (`third_doublet_penalty`). **classic** (1930s): none of these (the "
    "last two can be switched on), and no entry capture.",
    "**Options:** `blockades` (off: no two pawns of a colour on a square), `first_pawn_out` (pawn "
    "1 starts on the entry square), `undo` (take back moves of this roll's play, never a bonus), "
    "`partners` (4 players: opposite seats are a team, never capture each other, and once your "
    "four pawns are HOME you move your partner's), `turn_timer` (1 or 2 minutes a move; "
    + where(
        "once it runs out the others may **Remove** the player).",
        "on Discord only: a terminal removes nobody).",
    ),
    "**Score** `H / S`: H is your pawns in HOME; S is the steps of all four pawns, each counting "
    "the squares it has gone from your entry square (entry square 0, HOME 71, nest -5). At the "
    "start everyone has `0 / -20`.",
    "**The end.** The game ends the moment a player (or team) has every pawn in HOME. "
    + where(
        "A removed player, or one who uses `/resign` at a table of 3-4,",
        "A player who types `resign` at a table of 3-4",
    )
    + " leaves with their pawns and the others "
    "play on (a partner leaves with the team); the last player or team left wins. The final report "
    "ranks by H, then S; leavers last.",
)


def _listed(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


class PachisiChat(GameChat):
    key = "pachisi"
    rules = RULES
    verbs = VERBS
    rolls = (Roll,)

    def controls(self, state: engine.State) -> list[tuple[engine.Move, str]]:
        return [(move, "Undo") for move in state.legal_moves() if isinstance(move, Undo)]

    def dice_words(self, move: engine.Move) -> str:
        return _listed(move.dice) if isinstance(move, Roll) else str(move)

    def score_words(self, row) -> str:
        return hs_words(row.home, row.steps)

    def status_parts(self, state, names: Sequence[str]) -> list[str]:
        who = f"{names[state.seat]} to {self.verb(state)}"
        if state.phase == "rolloff":
            return [f"opening roll: {who}"]
        if state.phase == "roll":
            return [who]
        parts = [who]
        if state.moving_colour != state.seat:
            parts.append(f"moving {names[state.moving_colour]}'s pawns")
        rolled, left = f"rolled {_listed(state.dice)}", _listed(state.remaining)
        left = f"left to play: {left}" if left else "dice used"
        if state.fourteen:
            parts += [f"{rolled}: a 14 in four parts", left]
        elif sorted(state.remaining) == sorted(state.dice):  # the dice said once
            parts.append(f"{rolled}, both to play")
        else:
            parts += [rolled, left]
        if state.bonuses:
            parts.append("bonus to take: " + ", ".join(map(str, state.bonuses)))
        if state.doublets:
            parts.append(doublet_words(state.doublets))
        return parts

    def roll_words(self, before, after, move: engine.Move, names: Sequence[str]) -> list[str]:
        who = player_name(names, before.roller)
        if before.phase == "rolloff":
            lines = [f"{who} threw {self.dice_words(move)} for the opening roll."]
            if after.phase != "rolloff":  # the throws that decided it, then who starts
                won = opening_roll_words(after, names) or "The opening roll is over."
                lines.append(f"{won} {names[after.seat]} plays first.")
            elif before.seat == before.contenders[-1]:  # everyone has thrown: a tie for the best
                tied = " and ".join(names[s] for s in after.contenders)
                lines.append(f"{tied} tied: they throw again.")
            return lines
        line = self.rolled_line(before, move, names)
        if penalty(after):
            line += f": a {doublet_words(3)}, so "
            if after.effects:  # else no pawn was out to send back
                line += f"pawn {after.effects[0].pawn} goes back to the nest and "
            line += "the turn passes"
        elif not after.is_over() and after.is_chance_node():
            line += ": no move"
        elif after.phase == "play" and after.doublets:
            line += f" ({doublet_words(after.doublets)}: {who} rolls again after this)"
        return [line + "."]

    def did_words(self, before, after) -> str:
        if isinstance(after.last_move, Undo):
            taken = words.taken_back(before.history)
            return f"took back {taken}" if taken is not None else "took back a move"
        return super().did_words(before, after)

    def move_effects(self, before, after, names: Sequence[str]) -> list[str]:
        if before.phase != "play" or isinstance(after.last_move, Undo):
            return []
        mover = before.seat
        did = []
        for e in after.effects:
            pawn = f"pawn {e.pawn}" if e.seat == mover else f"{names[e.seat]}'s pawn {e.pawn}"
            if e.kind == "capture":
                did.append(f"captured {pawn}")
            elif e.end == HOME:
                did.append(f"{pawn} reached HOME")
        taking = before.bonuses and (before.fourteen or not before.remaining)  # a bonus move
        taken = before.bonuses[:1] if taking else ()
        had = Counter(before.bonuses + before.lost_bonuses) - Counter(taken)
        earned = sorted((Counter(after.bonuses + after.lost_bonuses) - had).elements())
        if earned:
            if did and len(earned) == 1:
                did[-1] += f" (bonus {earned[0]})"
            elif did:
                did[-1] += f" ({words.bonus_words(earned)})"
            else:
                did.append(f"earned {words.bonus_words(earned, 'a')}")
        return did

    def after_words(self, before, after, names: Sequence[str]) -> list[str]:
        if before.phase != "play" or after.phase == "play":
            return []
        lines = []
        if after.forfeited:
            lines.append(f"Lost: {_listed(after.forfeited)} (no pawn could use it).")
        if after.lost_bonuses:
            them = "it" if len(after.lost_bonuses) == 1 else "them"
            lost = words.bonus_words(after.lost_bonuses)
            lines.append(f"Lost: {lost} (no pawn could take {them} whole).")
        return lines


CHAT = PachisiChat()
