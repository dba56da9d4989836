"""Hot-seat play in a terminal: ``python -m bot play GAME`` and ``python -m bot play --resume``.

A thin loop over the same service and SQLite file the Discord bot uses: it prompts the player
to act, takes moves in notation, refuses bad input with the reason (changing nothing), lets the
service roll dice when they are due, and writes the board image after every move to a file
whose path it prints. Every accepted move is committed, so ``--resume`` continues the game.
"""

from __future__ import annotations

import asyncio
import random
import sys
import textwrap
from pathlib import Path
from typing import Any, TextIO

import engine
import render

from .messages import report_lines
from .service import GameRecord, Player, Service, ServiceError
from .storage import StorageOpenError

HELP = """\
Type a move in notation and press Enter. Other commands:
  moves   list the legal moves        board   describe the position again
  help    this text                   quit    stop here (resume with --resume)"""


def result_line(game: GameRecord) -> str:
    outcome = game.outcome
    assert outcome is not None
    scores = ", ".join(f"{game.names[s]} {v}" for s, v in enumerate(outcome.scores))
    scores = f" Scores: {scores}." if scores else ""
    if not outcome.winners:
        return f"Game over: a draw, {outcome.reason}.{scores}"
    winners = " and ".join(game.names[s] for s in outcome.winners)
    if report := report_lines(game, game.names):  # Pachisi: every player, H-S
        return "\n".join((f"Game over: {winners} wins, {outcome.reason}.", *report))
    return f"Game over: {winners} wins, {outcome.reason}.{scores}"


class Terminal:
    """The hot-seat loop for one game."""

    def __init__(self, service: Service, game: GameRecord, out_dir: Path, stdin, stdout) -> None:
        self.service = service
        self.game = game
        self.out_dir = out_dir
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "", end: str = "\n") -> None:
        print(text, end=end, file=self.stdout, flush=True)

    def write_image(self) -> Path:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"move-{len(self.game.state.history):03d}.png"
        path.write_bytes(render.render(self.game.state, names=self.game.names))
        return path

    async def run(self) -> int:
        game = self.game
        names = ", ".join(f"{p.name} (seat {s + 1})" for s, p in enumerate(game.players))
        self.say(f"{game.game.title} game {game.id}, hot-seat: {names}. Type 'help' for commands.")
        self.say(f"Board image: {self.write_image()}")
        while not self.game.over:
            mover = self.game.player_to_move
            assert mover is not None
            seat = self.game.seat_of(mover.user_id)
            self.say(f"{mover.name} (seat {seat + 1}) to move> ", end="")
            line = await asyncio.to_thread(self.stdin.readline)
            if not line:
                self.say(f"\nInput ended; continue with: python -m bot play --resume {game.id}")
                return 1
            if await self.command(line.strip(), mover) == "quit":
                self.say(f"Stopped; continue with: python -m bot play --resume {game.id}")
                return 0
        self.say(result_line(self.game))
        return 0

    async def command(self, text: str, mover: Player) -> str | None:
        state = self.game.state
        match text.lower():
            case "quit" | "exit":
                return "quit"
            case "help" | "?":
                self.say(HELP)
            case "moves":
                legal = " ".join(str(m) for m in state.legal_moves())
                self.say(textwrap.fill(f"Legal moves: {legal}", 100, subsequent_indent="  "))
            case "board":
                self.say(render.alt_text(state, names=self.game.names))
            case "":
                pass
            case _:
                try:
                    played = await self.service.play(self.game.id, mover.user_id, text)
                except (engine.IllegalMove, ServiceError) as exc:
                    self.say(f"Not played: {exc}")
                    return None
                self.game = played.game
                rolls = played.moves[1:]
                extra = f" Then rolled: {', '.join(rolls)}." if rolls else ""
                self.say(f"Played {played.moves[0]}.{extra} Board image: {self.write_image()}")
        return None


async def start(service: Service, args: Any) -> GameRecord:
    """A new local game from the command line's setup, or the one to resume."""
    if args.resume is not None:
        if args.resume == "latest":
            local = [g for g in await service.games_of(1) if g.channel_id is None]
            if not local:
                raise ServiceError("No unfinished local game to resume in this database.")
            return local[0]
        game = await service.game(int(args.resume))
        if game.over:
            raise ServiceError(f"Game {game.id} is already over: {result_line(game)}")
        return game
    if args.game is None:
        raise ServiceError("Name a game to play, or --resume a saved one.")
    try:
        game = engine.get_game(args.game)
    except KeyError as exc:
        raise ServiceError(exc.args[0]) from None
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise ServiceError(f"--option takes name=value, not {item!r}")
        options[name.strip()] = value.strip()
    players = args.players or game.min_players
    try:
        game.check_setup(players, options)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None
    names = list(args.names or [])
    names += [f"Player {i + 1}" for i in range(len(names), players)]
    # Local players are users 1, 2, ...: the names are only for the prompt and the images.
    seated = [Player(i + 1, name) for i, name in enumerate(names[:players])]
    if players == 2:
        host, guest = seated
        challenge = await service.challenge(game.key, host, guest, options=options)
        return await service.accept(challenge.id, guest, shuffle=False)
    # More players: a lobby that fills up and starts (seats drawn at random, as on Discord).
    lobby = await service.lobbies.open(game.key, seated[0], players, options=options)
    started = None
    for player in seated[1:]:
        started = await service.lobbies.join(lobby.id, player)
    assert isinstance(started, GameRecord)
    return started


async def play(args: Any, stdin: TextIO, stdout: TextIO) -> int:
    seats_rng = random.Random(args.seed) if args.seed is not None else None
    try:
        service = await Service.open(args.db, seats_rng=seats_rng)
    except StorageOpenError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        try:
            game = await start(service, args)
        except ServiceError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        out_dir = Path(args.out or f"parlor-play/{game.key}-{game.id}")
        return await Terminal(service, game, out_dir, stdin, stdout).run()
    finally:
        await service.close()


def main(args: Any, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    return asyncio.run(play(args, stdin, stdout))
