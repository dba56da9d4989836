"""Pachisi in words, for the image and its alt text: reading the engine's state (whose roll
the dice were, which parts are used, the opening roll's throws, the turn order) and saying the
position, the last move and the result in sentences.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.core import Removal
from engine.pachisi import Roll
from engine.pachisi_board import ENTRIES, HOME, HOME_PATH, NEST, SAFE, TRACK, entry, square
from engine.pachisi_explain import hs_text
from engine.pachisi_moves import Undo

from .common import listing, seat_names
from .pachisi_opening import opening_roll_words, rolloff_throws

SIDE_WORDS = ("bottom", "right", "top", "left")
"""Where each arm of the cross is on the image."""
STEPS_NOTE = "Pawn positions count steps from each player's own entry square."
VERBS = {"rolloff": "throw", "roll": "roll", "play": "move"}
"""What the player to act does in each phase ("Ann to throw" in the opening roll)."""


# -- reading the state -----------------------------------------------------------------------


def teams(state) -> tuple[tuple[int, ...], ...]:
    """The teams: pairs of opposite seats with the partners option, else every seat alone."""
    if state.options.get("partners"):
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(state.num_players))


def turn_step(state) -> int:
    """+1 when play passes to the next seat number (classic), -1 when to the previous (online)."""
    return -1 if state.options["rules"] == "online" else 1


def play_order(state) -> list[int]:
    """The seats in the order they take turns, from seat 0."""
    n = state.num_players
    return [(turn_step(state) * i) % n for i in range(n)]


def last_roller(state) -> int | None:
    """Who threw ``state.dice`` (None before the first roll of play)."""
    if not state.dice:
        return None
    if state.phase in ("play", "over") or state.doublets:
        return state.seat
    return (state.seat - turn_step(state)) % state.num_players


def penalty(state) -> bool:
    """The last roll was a third doublet in a row: the roll is not played (the engine leaves
    ``parts`` empty and forfeits the dice) and a pawn may have gone back to the nest."""
    return bool(state.dice) and not state.parts


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def doublet_words(doublets: int) -> str:
    """``state.doublets`` in words: "1st doublet in a row", "2nd doublet in a row"."""
    return f"{ordinal(doublets)} doublet in a row"


def dice_status(state) -> list[tuple[int, str]]:
    """The roll's parts (two dice, the four parts of a 14, or the two dice of a penalty), each
    "left" (to play), "used" or "lost" (forfeited); equal values are used from the left."""
    parts = state.parts or state.dice
    left = Counter(state.remaining)
    lost = Counter(state.forfeited)
    used = Counter(parts) - left - lost
    out = []
    for value in parts:
        if used[value]:
            used[value] -= 1
            out.append((value, "used"))
        elif lost[value]:
            lost[value] -= 1
            out.append((value, "lost"))
        else:
            out.append((value, "left"))
    return out


# -- sentences -------------------------------------------------------------------------------


def place_words(rel: int) -> str:
    """A pawn's place counted from its owner's entry (the alt text's positions): "nest",
    "HOME", "home path 3" or its step count."""
    if rel == NEST:
        return "nest"
    if rel == HOME:
        return "HOME"
    if rel in HOME_PATH:
        return f"home path {rel - 63}"
    return str(rel)


def entry_words(state, names: Sequence[str], arm: int) -> str:
    """The entry square of ``arm``, where a player sits, as the image shows it in their
    colour: "Ann's entry"."""
    return f"{names[state.arms.index(arm)]}'s entry"


def loop_square_words(state, names: Sequence[str], sq: int) -> str:
    """A loop square named from the nearest entry square of a player at the table (each is
    marked on the board with an arrow along the way pawns go): "Ann's entry", "3 past Ann's
    entry", "2 before Bob's entry". Entries are 17 squares apart, so the count is never more
    than 8 with four players; with two or three it may reach 17, as an arm where nobody sits
    has no player to name it by ("the left arm" reads differently from each player's arm)."""
    named = []
    for arm in state.arms:
        past = (sq - ENTRIES[arm]) % TRACK
        named.append((past, 0, arm))
        named.append(((ENTRIES[arm] - sq) % TRACK, 1, arm))
    count, before, arm = min(named)
    if count == 0:
        return entry_words(state, names, arm)
    return f"{count} {'before' if before else 'past'} {entry_words(state, names, arm)}"


def square_words(state, names: Sequence[str], seat: int, rel: int, mover: int | None) -> str:
    """Where a pawn of ``seat`` at ``rel`` stands, named by what the image shows: "the
    nest", "HOME", "home path 2" (the mover's own) or "Bob's home path 2" (counted from the
    outer end), or a loop square (see :func:`loop_square_words`)."""
    if rel == NEST:
        return "the nest"
    if rel == HOME:
        return "HOME"
    if rel in HOME_PATH:
        path = "home path" if seat == mover else f"{names[seat]}'s home path"
        return f"{path} {rel - 63}"
    return loop_square_words(state, names, square(state.arms[seat], rel))  # type: ignore[arg-type]


COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def bonus_words(values: Sequence[int], one: str = "the") -> str:
    """Bonuses by count and size: "the bonus of 20" (``one``: its article), "two bonuses of
    20", "bonuses of 20 and 10", "bonuses of 20, 20 and 10"."""
    values = sorted(values, reverse=True)
    if len(values) == 1:
        return f"{one} bonus of {values[0]}"
    if len(set(values)) == 1:
        return f"{COUNT_WORDS.get(len(values), len(values))} bonuses of {values[0]}"
    listed = list(map(str, values))
    return f"bonuses of {', '.join(listed[:-1])} and {listed[-1]}"


def effect_words(
    state, names: Sequence[str], mover: int | None = None, *, clauses: bool = False
) -> list[str]:
    """The last move's effects in words ("pawn 2 from 3 past Ann's entry to HOME", "captured
    Ann's pawn 3"); pawns of ``mover`` go without their owner's name. With ``clauses``, each
    has its verb, to stand alone in a sentence ("Ann's pawn 2 went from ... to HOME", "Ben's
    pawn 3 was captured")."""
    out = []
    for e in state.effects:
        pawn = f"pawn {e.pawn}" if e.seat == mover else f"{names[e.seat]}'s pawn {e.pawn}"
        if e.kind == "enter":
            out.append(f"{pawn} entered")
        elif e.kind == "move":
            start = square_words(state, names, e.seat, e.start, mover)
            end = square_words(state, names, e.seat, e.end, mover)
            out.append(f"{pawn} {'went ' if clauses else ''}from {start} to {end}")
        elif e.kind == "capture" and clauses:
            out.append(f"{pawn} was captured (back to the nest)")
        elif e.kind == "capture":
            out.append(f"captured {pawn} (back to the nest)")
        elif e.kind == "penalty":
            out.append(f"3rd doublet in a row: {pawn} goes back to the nest")
    return out


def hs_words(home: int, steps: int) -> str:
    """A score ``H / S`` (pawns HOME, then steps), everywhere it is shown: ``2 / 71``,
    ``0 / -20``."""
    return hs_text(home, steps)


def score_words(state, seat: int) -> str:
    """A player's score ``H / S`` (see :func:`hs_words`), "left" before it for a player who
    left the game (the score they left with)."""
    score = hs_words(*state.score(seat))
    return f"left {score}" if seat in state.gone else score


def last_move_words(state, names: Sequence[str]) -> str:
    """The last move in a sentence or two ("" before any); on the first turn after the
    opening roll, who won it first."""
    opening = opening_roll_words(state, names)
    said = _last_move_words(state, names)
    if opening and not said.startswith(opening):
        return f"{opening} {said}".strip()
    return said


def _last_move_words(state, names: Sequence[str]) -> str:
    move = state.last_move
    if move is None:
        return ""
    text = str(move)
    if isinstance(move, Roll):
        dice = " and ".join(map(str, move.dice))
        if state.phase == "rolloff":
            i = state.contenders.index(state.seat)
            if i > 0:
                return f"{names[state.contenders[i - 1]]} threw {dice} in the opening roll."
            tied = " & ".join(names[s] for s in state.contenders)
            return f"Opening roll: a tie, {tied} throw again."
        if state.dice == () and state.phase == "roll":
            return opening_roll_words(state, names) or f"{names[state.seat]} won the opening roll."
        who = last_roller(state)
        out = f"{names[who] if who is not None else 'The roller'} threw {dice}."
        if penalty(state) and state.effects:  # the roll's own: a pawn sent back
            said = "; ".join(effect_words(state, names))
            out += f" {said[:1].upper()}{said[1:]}."
        elif penalty(state):
            out += " 3rd doublet in a row: no move, and no pawn to send back."
        else:
            if state.forfeited and not state.remaining:
                out += " Nothing can move: forfeited."
            if state.effects:  # the last pawn move, which the image still shows
                said = "; ".join(effect_words(state, names, clauses=True))
                out += f" The last pawn move: {said}."
        return out
    if isinstance(move, Removal):  # with partners, the team leaves together
        team = {move.seat, (move.seat + 2) % 4} if state.options["partners"] else {move.seat}
        return f"{listing([names[s] for s in sorted(team)])} left the game."
    mover = state.last_mover
    who = names[mover] if mover is not None and mover >= 0 else "?"
    if isinstance(move, Undo):
        taken = taken_back(state.history[:-1])
        return f"{who} took back {taken if taken is not None else 'a move'}."
    did = ", ".join(effect_words(state, names, mover))
    return f"{who} played {text}" + (f": {did}." if did else ".")


def taken_back(history: Sequence[object]) -> object | None:
    """The move an ``undo`` played after ``history`` takes back: the latest move of this
    roll's play that no undo has taken back yet (None when there is none)."""
    undone = 0
    for move in reversed(history):
        if isinstance(move, Roll):
            return None
        if isinstance(move, Undo):
            undone += 1
        elif undone:
            undone -= 1
        else:
            return move
    return None


# -- alt text --------------------------------------------------------------------------------


def _pawn_words(state, seat: int) -> str:
    """Where one player's pawns are: "1 HOME; 2 and 3 at 40 (blockade); 4 in the nest"."""
    arm = state.arms[seat]
    by_place: dict[int, list[str]] = {}
    for i, rel in enumerate(state.pawns[seat]):
        by_place.setdefault(rel, []).append(str(i + 1))
    if len(by_place) == 1:
        rel = next(iter(by_place))
        if rel in (NEST, HOME):
            return "all four " + ("in the nest" if rel == NEST else "HOME")
    parts = []
    for rel in sorted(by_place, key=lambda r: (r == NEST, -r)):
        pawns = listing(by_place[rel])
        if rel == NEST:
            parts.append(f"{pawns} in the nest")
        elif rel == HOME:
            parts.append(f"{pawns} HOME")
        else:
            where = place_words(rel) if rel in HOME_PATH else f"at {rel}"
            note = ""
            if len(by_place[rel]) == 2:
                note = " (blockade)"
            elif rel < HOME_PATH.start and (entry(arm) + rel) % TRACK in SAFE:
                note = " (safe)"
            parts.append(f"{pawns} {where}{note}")
    return "; ".join(parts)


def _dice_words(state) -> str:
    """The roll in words: "3 and 5, both to play", "3 and 5, 5 to play", "4 and 4: a 14 (4, 4,
    3, 3), 3, 3 and 4 to play", "1 and 1, 1 and 1 forfeited"."""
    text = listing([str(d) for d in state.dice])
    if state.fourteen:
        text += f": a 14 ({', '.join(map(str, state.parts))})"
    if state.remaining and sorted(state.remaining) == sorted(state.parts):  # none used yet
        text += ", both to play" if len(state.parts) == 2 else ", all four to play"
    elif state.remaining:
        text += f", {listing([str(d) for d in sorted(state.remaining)])} to play"
    if state.forfeited:
        text += f", {listing([str(d) for d in state.forfeited])} forfeited"
    return text


def alt_text_pachisi(state, *, names: Sequence[str] | None = None) -> str:
    """The position in words (under 1024 characters): the table, whose turn and the dice,
    each player's score and pawns, the last move, and the result."""
    names = [n[:32] for n in seat_names(names, state.num_players)]
    rules = state.options["rules"]
    head = f"Pachisi, {rules} rules, {state.num_players} players"
    if state.options.get("partners"):
        head += f", partners {names[0]} & {names[2]} vs {names[1]} & {names[3]}"
    parts = [f"{head}, move {len(state.history)}.", STEPS_NOTE]
    phase = state.phase
    if phase == "over":
        outcome = state.outcome
        who = " & ".join(names[s] for s in outcome.winners)
        parts.append(
            f"Game over: {who} win{'' if len(outcome.winners) > 1 else 's'} ({outcome.reason})."
        )
        rows = state.report()
        report = ", ".join(
            f"{r.place}. {names[r.seat]} {hs_words(r.home, r.steps)}{'*' if r.random else ''}"
            f"{' (left)' if r.left else ''}"
            for r in rows
        )
        note = " (* order drawn at random)" if any(r.random for r in rows) else ""
        parts.append(f"Final report: {report}{note}.")
    elif phase == "rolloff":
        throws = []
        for seat, (throw, status) in enumerate(rolloff_throws(state)):
            value = "+".join(map(str, throw)) if throw else "to throw"
            throws.append(f"{names[seat]} {value}{' (out)' if status == 'used' else ''}")
        rule = "highest die starts" if rules == "online" else "lowest total starts"
        who = names[state.seat]
        parts.append(f"Opening roll ({rule}): {', '.join(throws)}. {who} to {VERBS[phase]}.")
    else:
        seat = state.seat
        roller = last_roller(state)
        if phase == "play":
            line = f"{names[seat]} to {VERBS[phase]}, rolled {_dice_words(state)}"
            if state.moving_colour != seat:
                line += f", moving {names[state.moving_colour]}'s pawns"
        else:
            line = f"{names[seat]} to {VERBS[phase]}" + (" again" if state.doublets else "")
            if roller is not None:
                line += f"; last roll ({names[roller]}): {_dice_words(state)}"
        if state.doublets:
            line += f"; {doublet_words(state.doublets)}"
        for bonuses, what in ((state.bonuses, "to take"), (state.lost_bonuses, "lost")):
            if len(bonuses) == 1:
                line += f"; bonus {bonuses[0]} {what}"
            elif bonuses:
                line += f"; {bonus_words(bonuses)} {what}"
        parts.append(line + ".")
    for seat in play_order(state):
        side = SIDE_WORDS[state.arms[seat]]
        parts.append(
            f"{names[seat]} ({side}) {score_words(state, seat)}: {_pawn_words(state, seat)}."
        )
    last = last_move_words(state, names)
    if last:
        parts.append(f"Last move: {last}")
    text = " ".join(parts)
    if len(text) > 1000:  # long names: the explanation goes first, then the end is cut
        text = " ".join(p for p in parts if p != STEPS_NOTE)
    if len(text) > 1000:
        text = text[:999] + "\N{HORIZONTAL ELLIPSIS}"
    return text
