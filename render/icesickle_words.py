"""IceSickle in words: whose turn and what they do, the round and its scores, the last move as a
sentence, and the image's alt text. The chat and the terminal (``bot/games/icesickle.py``) say
these things through the functions here."""

from __future__ import annotations

from collections.abc import Sequence

from engine.icesickle import GRID, ROUNDS, Jump, Place
from engine.pyramids import SIZES, Size, count_words

from .common import listing, seat_names, to_do
from .icesickle_layout import PHASE_WORDS, VERBS, round_just_ended, shown_board


def round_words(state) -> str:
    """ "round 1 of 2"."""
    return f"round {state.round} of {ROUNDS}"


def scores_words(names: Sequence[str], scores: Sequence[int]) -> str:
    """Both players' scores: "Ann 3, Ben 7"."""
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=False))


def verb(state) -> str:
    """ "to place", "to jump" ("" once the game is over)."""
    return to_do(VERBS, state.phase)


def _piece_words(captured: Sequence[tuple[int, Size]]) -> str:
    words = [f"a {size.word} on {GRID.name(sq)}" for sq, size in captured]
    return listing(words) if words else "nothing"


def describe_last_move(state, names: Sequence[str], mover: int | None) -> str:
    move = state.last_move
    if move is None:
        return ""
    who = names[mover] if mover is not None else "?"
    if isinstance(move, Place):
        return f"{who} placed a {move.size.word} on {GRID.name(move.square)}"
    assert isinstance(move, Jump)
    gained = sum(int(size) for _, size in state.last_captured)
    return (
        f"{who} jumped {GRID.name(move.start)}-{GRID.name(move.end)}, "
        f"capturing {_piece_words(state.last_captured)} (+{gained})"
    )


def alt_text_icesickle(state, *, names: Sequence[str] | None = None) -> str:
    names = [n[:32] for n in seat_names(names, state.num_players)]
    board, shown_round = shown_board(state)
    mover = state.last_mover
    moves = len(state.history)
    if state.phase == "over":
        outcome = state.outcome
        result = f"{names[outcome.winners[0]]} wins" if outcome.winners else "a draw"
        parts = [f"IceSickle after {moves} moves. Game over: {result}, {outcome.reason}."]
    elif round_just_ended(state):
        scores = scores_words(names, state.round_scores()[shown_round - 1])
        first = state.first_placer
        parts = [
            f"IceSickle, round {shown_round} of {ROUNDS} over after move {moves}: "
            f"{scores}. The picture shows round {shown_round}'s final "
            f"board, which now clears. Round {state.round} next: {names[first]} to place first, "
            f"{names[1 - first]} jumps first."
        ]
    else:
        parts = [
            f"IceSickle, {round_words(state)}, {PHASE_WORDS[state.phase].lower()}, "
            f"after move {moves}. {names[state.to_move]} {verb(state)}."
        ]
    pieces = [f"{GRID.name(sq)} {size.word}" for sq, size in enumerate(board) if size]
    board_words = ", ".join(pieces) if pieces else "empty"
    final = shown_round != state.round or state.phase == "over"
    parts.append(f"Board{' (final)' if final else ''}: {board_words}.")
    if state.phase == "place" and not final:
        parts.append(f"Stash to place: {count_words(state.stash)}.")
    elif state.phase == "jump":
        parts.append("Stash: all 15 placed.")
    rounds = state.round_scores()
    totals = state.totals()
    for seat in range(state.num_players):
        per_round = ", ".join(f"round {i + 1} {r[seat]}" for i, r in enumerate(rounds))
        captured = state.captures[shown_round - 1][seat]
        counts = [sum(1 for s in captured if s == size) for size in SIZES]
        parts.append(
            f"{names[seat]}: {per_round}, total {totals[seat]}; captured in round {shown_round}: "
            f"{count_words(counts)}."
        )
    last = describe_last_move(state, names, mover)
    if last:
        parts.append(f"Last move: {last}.")
    text = " ".join(parts)
    if len(text) > 1000:
        text = text[:999] + "\N{HORIZONTAL ELLIPSIS}"
    return text
