"""What local play says in the terminal: the status line before each prompt, what the dice
and the bot did after a move ("Ben rolled 2 6: no move."), the legal moves in columns, the
position and the rules in plain words, the help text and the result.

Pure functions of the engine state (or the game's record) and the players' names (no I/O),
so they are easy to test; ``bot/local.py`` prints them.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Sequence

import engine
import render
from engine.icesickle import ROUNDS
from engine.iceturn_setup import hand_words
from render.pachisi_words import doublet_words, penalty

from .messages import report_lines, treehouse_words
from .records import GameRecord
from .rules_text import RULES

WIDTH = 100
"""The widest line printed (narrower when the terminal is)."""


def width() -> int:
    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- the status line ------------------------------------------------------------------------


def status(state: engine.State, names: Sequence[str]) -> str:
    """Where the game stands, before the prompt: the move number, whose turn, the dice and
    what is left of them, and what else the player needs (points, Treehouse face, round)."""
    if state.is_over():
        return ""
    key = state.game.key
    parts = [f"Move {len(state.history) + 1}"]
    parts += STATUS[key](state, names)
    return " · ".join(p for p in parts if p)


def _dice(state) -> str:
    return " ".join(map(str, state.dice))


def _pachisi(state, names) -> list[str]:
    who = names[state.seat]
    if state.phase == "rolloff":
        return [f"opening roll: {who} to throw"]
    if state.phase == "roll":
        return [f"{who} to roll"]
    parts = [f"{who} to move"]
    if state.moving_colour != state.seat:
        parts.append(f"moving {names[state.moving_colour]}'s pawns")
    if state.fourteen:
        parts.append(f"rolled {_dice(state)}: a 14 in four parts")
    else:
        parts.append(f"rolled {_dice(state)}")
    left = " ".join(map(str, state.remaining))
    parts.append(f"left to play: {left}" if left else "dice used")
    if state.bonuses:
        parts.append("bonus to take: " + ", ".join(map(str, state.bonuses)))
    if state.doublets:
        parts.append(doublet_words(state.doublets))
    return parts


def _pachicei(state, names) -> list[str]:
    who = names[state.seat]
    colour = ("Black", "White")[state.seat]
    goals = f"in goal: {names[0]} {state.in_goal(0)}/15, {names[1]} {state.in_goal(1)}/15"
    if state.phase == "roll":
        return [f"{who} ({colour}) to roll", goals]
    left = " ".join(map(str, state.remaining)) or "none"
    parts = [f"{who} ({colour}) to move", f"rolled {_dice(state)}", f"dice left: {left}"]
    return [*parts, state.stage_words, goals]


def _icesickle(state, names) -> list[str]:
    who = names[state.seat]
    scores = state.round_scores()[-1]
    head = f"Round {state.round} of {ROUNDS}"
    if state.phase == "place":
        doing = f"{who} to place ({sum(state.stash)} left to place)"
    else:
        doing = f"{who} to jump"
    parts = [head, doing, f"this round: {names[0]} {scores[0]}, {names[1]} {scores[1]}"]
    if state.round > 1:
        totals = state.totals()
        parts.append(f"total: {names[0]} {totals[0]}, {names[1]} {totals[1]}")
    return parts


def _iceturn(state, names) -> list[str]:
    who = names[state.seat] if state.seat is not None else ""
    if state.phase == "deal":
        return ["dealing the tiles"]
    if state.phase == "place":
        return [f"{who} to place a tile", f"tiles in hand: {hand_words(state.hands[state.seat])}"]
    head = f"round {state.round} of {state.round_limit}"
    if state.phase == "roll":
        return [head, f"{who} to roll"]
    if state.phase == "react":
        ready = len(state.can_react())
        return [head, f"{who} to react ({plural(ready, 'tile')} can still react), then end"]
    points = plural(state.points, "point") + " left"
    action = f"Treehouse: {treehouse_words(state)}"
    return [head, f"{who} to move", f"rolled {state.rolled}", action, points]


STATUS = {"pachisi": _pachisi, "pach-ice-i": _pachicei, "icesickle": _icesickle}
STATUS["ice-turn"] = _iceturn


# -- what happened after a move -------------------------------------------------------------


def events(state: engine.State, moves: Sequence[str], names: Sequence[str]) -> list[str]:
    """What ``moves`` (applied to ``state`` in order: a player's move and the dice the bot
    rolled after it, as ``Service.play`` returns them) did, in words, one line each.

    The first move is the player's own (said by the caller), unless it is a roll."""
    lines: list[str] = []
    for number, text in enumerate(moves):
        roller = state.roller if state.is_chance_node() else None
        after = state.apply(text)
        if roller is not None or text.startswith("deal "):
            lines += _roll_words(state, after, text, names, roller)
        elif number:
            lines.append(f"{names[state.to_move]} played {text}.")
        lines += _after_words(state, after, names)
        state = after
    return lines


def _roll_words(state, after, text: str, names, roller: int | None) -> list[str]:
    key = state.game.key
    if key == "ice-turn" and state.phase == "deal":
        hands = ", ".join(f"{names[s]} {hand_words(h)}" for s, h in enumerate(after.hands))
        return [f"Tiles dealt: {hands}."]
    who = names[roller] if roller is not None else "The bot"
    dice = text.removeprefix("roll ")
    if key == "ice-turn":
        points, face = dice.split()
        return [f"{who} rolled {points} and {face.upper()} on the Treehouse die."]
    if key == "pachisi" and state.phase == "rolloff":
        lines = [f"{who} threw {dice} for the opening roll."]
        if after.phase != "rolloff":
            lines.append(f"{names[after.seat]} won the opening roll and plays first.")
        elif state.seat == state.contenders[-1]:  # everyone has thrown: a tie for the best
            tied = " and ".join(names[s] for s in after.contenders)
            lines.append(f"{tied} tied: they throw again.")
        return lines
    line = f"{who} rolled {dice}"
    if key == "pachisi" and penalty(after):
        line += f": a {doublet_words(3)}, so "
        if after.effects:  # else no pawn was out to send back
            line += f"pawn {after.effects[0].pawn} goes back to the nest and "
        line += "the turn passes"
    elif not after.is_over() and after.is_chance_node():
        line += ": no move"
    elif key == "pachisi" and after.phase == "play" and after.doublets:
        line += f" ({doublet_words(after.doublets)}: {who} rolls again after this)"
    return [line + "."]


def _after_words(state, after, names) -> list[str]:
    """Round ends and lost dice, where the step from ``state`` to ``after`` made them."""
    key = state.game.key
    lines = []
    if key == "icesickle" and len(after.round_boards) > len(state.round_boards):
        scores = after.round_scores()[len(state.round_boards)]
        done = len(state.round_boards) + 1
        lines.append(f"Round {done} over: {names[0]} {scores[0]}, {names[1]} {scores[1]}.")
    if key == "pachisi" and state.phase == "play" and after.phase != "play":
        lost = " ".join(map(str, after.forfeited))
        if lost:
            lines.append(f"Lost: {lost} (no pawn could use it).")
        if after.lost_bonuses:
            bonus = " and ".join(map(str, after.lost_bonuses))
            lines.append(f"Lost: the bonus of {bonus} (no pawn could take it whole).")
    return lines


def result_line(game: GameRecord) -> str:
    """How the game ended, with the scores (Pachisi: its final report, a line a player)."""
    outcome = game.outcome
    assert outcome is not None
    scores = ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(outcome.scores))
    scores = f" Scores: {scores}." if scores else ""
    if not outcome.winners:
        return f"Game over: a draw, {outcome.reason}.{scores}"
    winners = " and ".join(game.names[s] for s in outcome.winners)
    verb = "win" if len(outcome.winners) > 1 else "wins"
    if report := report_lines(game, game.names):  # Pachisi: every player and score
        return "\n".join((f"Game over: {winners} {verb}, {outcome.reason}.", *report))
    return f"Game over: {winners} {verb}, {outcome.reason}.{scores}"


# -- listings -------------------------------------------------------------------------------


def columns(items: Sequence[str], total: int | None = None) -> list[str]:
    """``items`` in aligned columns, filled down each column, within ``total`` characters."""
    if not items:
        return []
    total = total or width()
    cell = max(map(len, items)) + 3
    per_row = max(1, (total - 2) // cell)
    rows = -(-len(items) // per_row)
    cols = [items[i * rows : (i + 1) * rows] for i in range(-(-len(items) // rows))]
    return [
        "  " + "".join(col[r].ljust(cell) for col in cols if r < len(col)).rstrip()
        for r in range(rows)
    ]


def moves_text(state: engine.State) -> str:
    legal = [str(m) for m in state.legal_moves()]
    if not legal:
        return "No moves to choose from: the dice are rolled next."
    head = f"Legal moves ({len(legal)}):" if len(legal) > 1 else "The only legal move:"
    return "\n".join((head, *columns(legal)))


def board_text(state: engine.State, names: Sequence[str]) -> str:
    """The position in words (the image's alt text), a sentence a line, wrapped."""
    words = render.alt_text(state, names=names)
    sentences = re.split(r"(?<=\.)\s+(?=[A-Z0-9])", words)
    return "\n".join(textwrap.fill(s, width(), subsequent_indent="  ") for s in sentences)


def rules_text(key: str) -> str:
    """``/rules`` as plain text for the terminal: no markdown, wrapped."""
    plain = re.sub(r"\*\*|`", "", RULES[key])
    return "\n".join(
        textwrap.fill(paragraph, width(), subsequent_indent="  ") if paragraph else ""
        for paragraph in plain.split("\n")
    )


def help_text(state: engine.State) -> str:
    """The commands, with ``undo`` where this game has it."""
    lines = [
        "Type a move in notation and press Enter (`rules` explains the notation). Commands:",
        "  moves   the legal moves             board   the position in words",
        "  rules   how this game is played     help    this text",
        "  quit    stop here (Ctrl-C too); every move is saved, so you can continue later",
    ]
    if state.options.get("undo"):
        lines.insert(3, "  undo    take back your last move of this dice play (not a bonus)")
    return "\n".join(lines)
