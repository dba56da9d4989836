"""Why a Pach-Ice-i move cannot be played: messages a player can act on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import IllegalMove, quote
from .pachicei_board import GRID, INDEX, LAST, MARKED, MOVABLE, PATHS
from .pachicei_moves import ENTER_TEXT, STEP_TEXT, move_of
from .pachicei_turn import LONE, OWNER, SIZE, TALL, _options, landing_ok, may_move_theirs
from .pyramids import SIZE_LETTERS, SIZE_OF_LETTER, SIZE_WORDS

if TYPE_CHECKING:
    from .pachicei_state import PachIceIState

COLOUR = ("Black", "White")


def explain(state: PachIceIState, text: str) -> str:
    if state.phase == "roll":
        return f"{COLOUR[state.seat]} rolls the dice first."
    if m := ENTER_TEXT.match(text):
        return _enter(state, SIZE_OF_LETTER[m.group(1)], bool(m.group(2)), int(m.group(3)), text)
    if m := STEP_TEXT.match(text):
        try:
            square = GRID.parse(m.group(1))
        except IllegalMove as exc:
            return str(exc)
        return _step(state, square, int(m.group(2)), text)
    return (
        f"{quote(text)} is not a move: type a step like c3+7 or an entry like S+12 "
        f"({_legal(state)})."
    )


def _counts(state: PachIceIState, size: int) -> list[int]:

    return sorted(
        {c for s, c, _, _ in _options(state.node.remaining, state.node.stage) if s == size}
    )


def _count_words(state: PachIceIState, size: int, count: int) -> str | None:
    counts = _counts(state, size)
    if not counts:
        return f"no {SIZE_WORDS[size]} can move now ({state.stage_words or 'see the legal moves'})."
    if count not in counts:
        allowed = " or ".join(map(str, counts))
        return f"a {SIZE_WORDS[size]} moves {allowed} now, not {count}."
    return None


def _step(state: PachIceIState, square: int, count: int, text: str) -> str:
    name, seat = GRID.name(square), state.seat
    piece = state.piece_at(square)
    if piece is None:
        return f"There is no piece on {name}."
    owner, size = piece
    if square not in MOVABLE[seat]:
        return (
            f"{name} is a {COLOUR[1 - seat].lower()} square: {COLOUR[seat]} moves pieces on "
            "its own colour and the marked squares."
        )
    if square in state.node.moved:
        return f"The piece on {name} already moved this turn."
    if (why := _count_words(state, size, count)) is not None:
        return f"The piece on {name} is a {SIZE_WORDS[size]}: {why}"
    position = state.position
    if owner != seat and not may_move_theirs(position, seat):
        mine, theirs = state.entered_pips(seat), state.entered_pips(1 - seat)
        return (
            f"You may move {COLOUR[owner]}'s pieces only while your entered pips ({mine}) are at "
            f"least {COLOUR[owner]}'s ({theirs})."
        )
    end = INDEX[seat][square] + count
    if owner != seat and end > LAST:
        return f"{COLOUR[owner]}'s piece on {name} may not be moved past the end of your path."
    if end <= LAST and (why := _landing(position.board, PATHS[seat][end - 1], size)):
        return why
    return _rest(state, text)


def _enter(state: PachIceIState, size: int, lone: bool, count: int, text: str) -> str:
    pad = state.position.pads[state.seat]
    if not (pad[TALL[size]] if size != 3 else False) and not pad[LONE[size]]:
        return f"No tree in your pad has a {SIZE_WORDS[size]} on top."
    if lone and (size == 3 or not pad[TALL[size]] or not pad[LONE[size]]):
        word = SIZE_WORDS[size]
        return f"Write {SIZE_LETTERS[size]}+{count}: the {word} comes off your only kind of tree."
    if (why := _count_words(state, size, count)) is not None:
        return f"Entering a {SIZE_WORDS[size]}: {why}"
    if (why := _landing(state.position.board, PATHS[state.seat][count - 1], size)) is not None:
        return why
    return _rest(state, text)


def _landing(board, target: int, size: int) -> str | None:
    if landing_ok(board, target, size):
        return None
    name, there = GRID.name(target), board[target]
    if target in MARKED:
        return f"{name} is a marked square and already holds a piece."
    word, colour = SIZE_WORDS[SIZE[there]], COLOUR[OWNER[there]]  # type: ignore[index]
    return f"{name} holds a {word} {colour} piece, larger than yours."


def _rest(state: PachIceIState, text: str) -> str:
    """The move is possible on the board but not legal: the dice rule or the look-ahead."""
    turn, node = state._turn, state.node
    assert turn is not None
    best = turn.value(node)
    for key, child, _change, _over in turn.children(node):
        if str(move_of(key)).lower() != text:
            continue
        below = turn.value(child)
        if below < 0:
            return (
                f"After {move_of(key)!s} no way to finish the turn leaves "
                f"{COLOUR[1 - state.seat]} a move on any roll, which a turn must do. "
                f"Legal now: {_legal(state)}."
            )
        used = len(node.remaining) - len(child.remaining) + below
        return (
            f"{move_of(key)!s} lets you use {used} of your dice, but another turn uses {best}; "
            f"you must use as many as any turn allows. Legal now: {_legal(state)}."
        )
    return f"That move is not legal now. Legal now: {_legal(state)}."


def _legal(state: PachIceIState) -> str:
    moves = [str(m) for m in state.legal_moves()]
    return ", ".join(moves[:12]) + (" ..." if len(moves) > 12 else "")
