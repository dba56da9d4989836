"""Hot-seat play in a terminal: ``python -m bot play GAME``.

A thin loop over the engine: it prompts the player to act, takes moves in notation, refuses bad
input with the engine's message (changing nothing), rolls dice when they are due, and writes
the board image after every move to a file whose path it prints.
"""

from __future__ import annotations

import random
import sys
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

import engine
import render

HELP = """\
Type a move in notation and press Enter. Other commands:
  moves   list the legal moves        board   describe the position again
  help    this text                   quit    stop (the game is not saved yet)"""


class LocalGame:
    """One hot-seat game: the current state plus where its images go."""

    def __init__(
        self,
        game: engine.Game,
        *,
        num_players: int,
        options: Mapping[str, Any],
        names: Sequence[str],
        out_dir: Path,
        seed: int,
    ) -> None:
        self.state = game.new_game(num_players, options)
        self.names = list(names)
        self.out_dir = out_dir
        self.rng = random.Random(seed)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def image_path(self) -> Path:
        return self.out_dir / f"move-{len(self.state.history):03d}.png"

    def write_image(self) -> Path:
        path = self.image_path()
        path.write_bytes(render.render(self.state, names=self.names))
        return path

    def roll(self) -> engine.Move:
        """Apply the chance move that is due, drawn with this game's seeded RNG."""
        outcomes = self.state.chance_outcomes()
        moves = [m for m, _ in outcomes]
        move = self.rng.choices(moves, weights=[p for _, p in outcomes])[0]
        self.state = self.state.apply(move)
        return move

    def name(self, seat: int) -> str:
        return f"{self.names[seat]} (seat {seat + 1})"

    def result(self) -> str:
        outcome = self.state.outcome
        assert outcome is not None
        scores = ", ".join(f"{self.names[s]} {v}" for s, v in enumerate(outcome.scores))
        if not outcome.winners:
            return f"Game over: a draw, {outcome.reason}. Scores: {scores}."
        winners = " and ".join(self.names[s] for s in outcome.winners)
        return f"Game over: {winners} wins, {outcome.reason}. Scores: {scores}."


def run(local: LocalGame, stdin: TextIO, stdout: TextIO) -> int:
    def say(text: str = "") -> None:
        print(text, file=stdout, flush=True)

    title = local.state.game.title
    say(f"{title}, hot-seat: {', '.join(local.names)}. Type 'help' for commands.")
    say(f"Board image: {local.write_image()}")
    while local.state.to_move is not None:
        if local.state.is_chance_node():
            say(f"Rolled {local.roll()}.")
            say(f"Board image: {local.write_image()}")
            continue
        print(f"{local.name(local.state.to_move)} to move> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            say("\nInput ended; the game stops here unfinished.")
            return 1
        text = line.strip()
        command = text.lower()
        if command in ("quit", "exit"):
            say("Stopped; the game is unfinished.")
            return 0
        if command in ("help", "?"):
            say(HELP)
        elif command == "moves":
            legal = " ".join(str(m) for m in local.state.legal_moves())
            say(textwrap.fill(f"Legal moves: {legal}", width=100, subsequent_indent="  "))
        elif command == "board":
            say(render.alt_text(local.state, names=local.names))
        elif text:
            try:
                move = local.state.parse(text)
            except engine.IllegalMove as exc:
                say(f"Not played: {exc}")
                continue
            local.state = local.state.apply(move)
            say(f"Played {move}. Board image: {local.write_image()}")
    say(local.result())
    return 0


def main(args: Any, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    try:
        game = engine.get_game(args.game)
    except KeyError as exc:
        print(f"error: {exc.args[0]}", file=sys.stderr)
        return 2
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            print(f"error: --option takes name=value, not {item!r}", file=sys.stderr)
            return 2
        options[name.strip()] = value.strip()
    players = args.players or game.min_players
    names = list(args.names or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    try:
        local = LocalGame(
            game,
            num_players=players,
            options=options,
            names=names[:players],
            out_dir=Path(args.out or f"parlor-play/{game.key}"),
            seed=args.seed if args.seed is not None else random.SystemRandom().randrange(2**32),
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return run(local, stdin, stdout)
