"""Hot-seat play in a terminal: ``python -m bot play GAME`` and ``python -m bot play --resume``.

A thin loop over the same service and SQLite file the Discord bot uses: before each prompt it
says where the game stands (whose turn, the dice, what is left), takes moves in notation,
refuses bad input with the reason (changing nothing), says what the dice the bot rolled did,
and writes the board image after every move to a file whose path it prints. Every accepted
move is committed, so ``quit``, the end of input, Ctrl-C and SIGTERM all leave a game that
``--resume`` continues. At a terminal the prompt has line editing, history and Tab completion
(:mod:`bot.local.lines`).

The prompt reads input on the main thread (so Ctrl-C interrupts it at once) and runs each
service call to completion on one event loop (``asyncio.Runner``).
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any, TextIO

import engine
import render
from bot.local.lines import LineReader, StopOnTerm, Terminated
from bot.local.setup import Session, start
from bot.service.errors import StorageOpenError
from bot.service.facade import Player, Service, ServiceError
from bot.words import terminal as words
from bot.words.terminal import result_line


class Terminal:
    """The hot-seat loop for one game."""

    def __init__(
        self, runner: asyncio.Runner, service: Service, session: Session, stdin, stdout
    ) -> None:
        self.runner = runner
        self.service = service
        self.game = session.game
        self.session = session
        self.stdin = stdin
        self.stdout = stdout
        self.reader = LineReader(stdin, stdout, lambda: self.game.state)
        self.stop = StopOnTerm()

    def say(self, text: str = "", end: str = "\n") -> None:
        print(text, end=end, file=self.stdout, flush=True)

    def write_image(self, state: engine.State | None = None) -> Path:
        """The board image of ``state`` (the game's now), named for the moves played."""
        state = state or self.game.state
        out_dir = self.session.out_dir
        out_dir.mkdir(parents=True, exist_ok=True)
        path = out_dir / f"move-{len(state.history):03d}.png"
        path.write_bytes(render.render(state, names=self.game.names))
        return path

    def run(self) -> int:
        try:
            with self.stop:
                return self._run()
        except KeyboardInterrupt:
            self.say(f"\nSaved; continue with: {self.session.resume_hint}")
            return 130
        except Terminated:  # SIGTERM: stopped as by quit, with every accepted move kept
            self.say(f"\nStopped. Saved; continue with: {self.session.resume_hint}")
            return 0

    def _run(self) -> int:
        game = self.game
        self.say(words.header(game))
        if all(game.level_at(seat) for seat in range(game.num_players)):
            self.say("Parlor plays every move, to watch; Ctrl-C stops (the game is saved).")
        else:
            self.say("Type a move, or 'help' for the commands and 'rules' for how to play.")
        if self.session.new:  # what the dice did before the first prompt (the opening roll)
            fresh = game.game.new_game(game.num_players, game.options)
            for line in words.events(fresh, game.state.history, game.names):
                self.say(line)
        else:  # what was played since a person here last moved (Parlor's turn, its dice)
            for line in self.recap():
                self.say(line)
        self.say(f"Board image: {self.write_image()}")
        while not self.game.over:
            if self.stop.asked:  # SIGTERM during the last move: it is committed and said
                raise Terminated
            mover = self.game.player_to_move
            assert mover is not None
            if self.game.ai_to_act:
                self.ai_plays(mover)
                continue
            seat = self.game.seat_of(mover.user_id)
            status = words.status(self.game.state, self.game.names)
            clock = words.clock_status(self.game)
            self.say(f"{status} · {clock}" if clock else status)
            prompt = f"{mover.name} (seat {seat + 1}) to move> "
            line = self.stop.waiting(self.reader.read, prompt)
            if line is None:
                self.say(f"\nInput ended. Saved; continue with: {self.session.resume_hint}")
                return 1
            if self.command(line.strip(), mover) == "quit":
                self.say(f"Saved; continue with: {self.session.resume_hint}")
                return 0
        self.say(result_line(self.game))
        return 0

    def command(self, text: str, mover: Player) -> str | None:
        state = self.game.state
        match text.lower():
            case "quit" | "exit":
                return "quit"
            case "help" | "?":
                self.say(words.help_text(state))
            case "moves":
                self.say(words.moves_text(state))
            case "board":
                self.say(words.board_text(state, self.game.names))
            case "rules":
                self.say(words.rules_text(self.game.key))
            case "hint":
                self.hint(mover)
            case "resign":
                self.resign(mover)
            case "":
                pass
            case _:
                self.play(text, mover)
        return None

    def recap(self) -> list[str]:
        """On ``--resume``, the moves made after the last one of a seat a person plays (what
        Parlor played, and the dice after): said once, before the first prompt. Nothing when
        every seat is Parlor's (watching) or a person moved last."""
        game = self.game
        if all(game.level_at(seat) for seat in range(game.num_players)):
            return []
        state = game.game.new_game(game.num_players, game.options)
        states = [state]
        for move in game.state.history:
            state = state.apply(move)
            states.append(state)
        start = len(states) - 1
        while start > 0:
            before = states[start - 1]
            if not before.is_chance_node() and not game.level_at(before.to_move):
                break
            start -= 1
        moves = game.state.history[start:]
        if not any(not s.is_chance_node() for s in states[start:-1]):
            return []  # only the dice rolled after a person's move: said with it
        lines = words.events(states[start], moves, game.names, first=True)
        return ["Since the last move made here:", *(f"  {line}" for line in lines)]

    def ai_plays(self, mover: Player) -> None:
        """Parlor plays the seat the game waits on: its moves, said as a player's are, with a
        board image after each of its decisions (and the dice after it), as a person's move
        gets one: so a position that ends a round has its image even when Parlor also makes
        the next round's first decision. At a terminal, a "thinking" line stands while the hard
        AI thinks, erased once it has played."""
        before = self.game
        thinking = before.ai_to_act == "hard" and _is_tty(self.stdout)
        if thinking:
            self.say(f"{mover.name} is thinking...", end="")
        try:
            played = self.runner.run(self.service.ai.play(before.id))
        finally:
            if thinking:
                self.say("\r\x1b[K", end="")
        if played is None:  # cannot happen in a terminal, which nobody else plays in
            raise ServiceError("Parlor had no move to make.")
        self.game = played.game
        start = state = before.state
        group: list[engine.Move | str] = []
        for number, move in enumerate(played.moves, 1):
            group.append(move)
            state = state.apply(move)
            if number == len(played.moves) or not state.is_chance_node():
                for line in words.events(start, group, self.game.names, first=True):  # a
                    self.say(line)  # decision and the dice after it
                self.say(f"Board image: {self.write_image(state)}")
                start, group = state, []

    def hint(self, mover: Player) -> None:
        try:
            move, reason = self.runner.run(self.service.ai.hint(self.game.id, mover.user_id))
        except ServiceError as exc:
            self.say(str(exc))
            return
        self.say(f"Parlor would play {move}" + (f": {reason}." if reason else "."))

    def resign(self, mover: Player) -> None:
        """``mover`` (a person at the keyboard, never a seat Parlor plays) leaves the game, as
        ``/resign`` does, once they confirm with ``yes``: at a table that plays on without them
        (the engine's removal move) the others play on; elsewhere the game ends and the
        others win. With partners, the team leaves together: the partner is named, and the
        other team wins."""
        seat = self.game.seat_of(mover.user_id)
        names, state = self.game.names, self.game.state
        winners = [s for s in range(len(names)) if s != seat and s not in self.game.gone]
        removal = state.removal_for(seat)
        after = state.apply(removal) if removal is not None else None
        if after is not None and after.outcome is not None:
            winners = list(after.outcome.winners)  # (not a partner leaving too)
        if after is not None and not after.is_over():
            then = "the others play on without you"
        else:  # with two left (or a team), leaving ends the game as resigning does
            verb = "wins" if len(winners) == 1 else "win"
            then = f"{' and '.join(names[s] for s in winners)} {verb}"
        partners = sorted(after.gone - state.gone - {seat}) if after is not None else []
        if partners:
            then = f"{' and '.join(names[s] for s in partners)} leaves with you, and {then}"
        prompt = f"Resign {mover.name} (seat {seat + 1}): {then}. Type yes to resign> "
        answer = self.stop.waiting(self.reader.read, prompt)
        if answer is None or answer.strip().lower() != "yes":
            self.say("Not resigned; still your move.")
            return
        try:
            self.game = self.runner.run(self.service.resign(self.game.id, mover.user_id))
        except ServiceError as exc:
            self.say(f"Not resigned: {exc}")
            return
        if not self.game.over:
            self.say(f"{mover.name} left the game; the others play on without them.")
            self.say(f"Board image: {self.write_image()}")

    def play(self, text: str, mover: Player) -> None:
        before = self.game
        try:
            played = self.runner.run(self.service.play(before.id, mover.user_id, text))
        except (engine.IllegalMove, ServiceError) as exc:
            self.say(f"Not played: {exc}")
            return
        self.game = played.game
        lines = []
        if not before.state.is_chance_node():  # a roll by hand is said with the dice
            after = before.state.apply(played.moves[0])
            lines.append(words.played_line(before.state, after, self.game.names, mover.name))
        lines += words.events(before.state, played.moves, self.game.names)
        for line in lines:
            self.say(line)
        self.say(f"Board image: {self.write_image()}")


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def main(args: Any, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    seats_rng = random.Random(args.seed) if args.seed is not None else None
    with asyncio.Runner() as runner:
        try:
            service = runner.run(Service.open(args.db, seats_rng=seats_rng))
        except StorageOpenError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        try:
            try:
                session = runner.run(start(service, args))
            except ServiceError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            return Terminal(runner, service, session, stdin, stdout).run()
        finally:
            runner.run(service.close())
