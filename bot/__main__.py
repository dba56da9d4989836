"""``python -m bot``: run the Discord bot; ``python -m bot play GAME``: play locally;
``python -m bot stats``: print the ladders of a database; ``python -m bot replay ID --out FILE``:
write a game's animated replay.

The ``parlor`` command that installing the package makes is the same program."""

from __future__ import annotations

import argparse
import os
import sys

import engine
from bot.service.clocks import CLOCKS
from engine.core import option_text

ENVIRONMENT = """\
With no subcommand, python -m bot runs the Discord bot until SIGTERM or Ctrl-C.
It reads these environment variables:
  DISCORD_TOKEN                the bot's token (required to run the bot; never logged)
  PARLOR_DB                    the SQLite file (default: parlor.db), or a PostgreSQL
                               server's postgresql://user:password@host/database URL;
                               play uses it too
  PARLOR_DB_POOL               PostgreSQL connections a process keeps at most (default: 10)
  PARLOR_SHARDS                the bot's number of shards (default: unsharded)
  PARLOR_SHARD_IDS             the shards this process runs, e.g. 0,1 or 2-3 (default: all)
  PARLOR_BOARD_WORKERS         processes drawing board images (default: one per CPU)
  PARLOR_AI_WORKERS            processes working out Parlor's moves (default: 1)
  PARLOR_GUILD                 a server id to sync the slash commands to at once (development)
  PARLOR_MAX_GAMES_PER_SERVER  active games one server may hold at once (default: 1000)
  PARLOR_WORKER_NICENESS       how much lower (nice 0-19) the board and AI workers run
                               than the bot (default: 0)
  PARLOR_LOG_LEVEL             DEBUG, INFO, WARNING or ERROR: what the log on stderr
                               says (default: INFO)
The parlor command, installed with the package, is the same as python -m bot."""


def games_epilog() -> str:
    """Each game, its players and its options, for ``play --help``."""
    lines = ["games and their options (--option NAME=VALUE; the first value is the default):"]
    for key, game in engine.GAMES.items():
        seats = f"{game.min_players}-{game.max_players}" if game.max_players > 2 else "2"
        lines.append(f"  {key:<11} {game.title}, {seats} players")
        for name, option in game.options.items():
            values = [option_text(option.default)]
            values += [option_text(c) for c in option.choices if c != option.default]
            lines.append(f"      {name}={'|'.join(values)}: {option.help}")
        if not game.options:
            lines.append("      no options")
    lines += [
        "",
        "Moves are typed in each game's notation: in the game, 'rules' explains it and",
        "'moves' lists every legal move; the README's Games section has examples.",
    ]
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot",
        description="Parlor: asynchronous board games on Discord, or hot-seat in a terminal.",
        epilog=ENVIRONMENT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", title="subcommands (none: run the Discord bot)")
    play = sub.add_parser(
        "play",
        help="play a hot-seat game in this terminal",
        description="Play a hot-seat game in this terminal: everyone at one keyboard, turn "
        "by turn. Every move is saved at once; continue a stopped game with --resume.",
        epilog=games_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", nargs="?", help=f"one of: {', '.join(engine.GAMES)}")
    play.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        metavar="GAME_ID",
        help="continue a saved local game (default: the latest unfinished one)",
    )
    play.add_argument(
        "--db",
        help="the SQLite file or PostgreSQL URL (default: $PARLOR_DB or parlor.db)",
    )
    play.add_argument("--players", type=int, help="number of players (default: the fewest)")
    play.add_argument("--names", nargs="+", metavar="NAME", help="the players' names, by seat")
    play.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    play.add_argument(
        "--out",
        help="folder for the board images (default: parlor-play/GAME-ID beside the database; "
        "remembered for --resume)",
    )
    play.add_argument("--seed", type=int, help="seed for the game's dice (default: random)")
    play.add_argument(
        "--ai",
        action="append",
        metavar="SEAT:LEVEL",
        help="Parlor plays this seat (1, 2, ...) at a level (easy, medium, hard); repeatable; "
        "all:hard lets it play every seat, printing each move",
    )
    play.add_argument(
        "--clock",
        default="none",
        metavar="|".join(CLOCKS),
        help="time for each move, shown with each turn (default: none; a terminal sends no "
        "reminders and never ends a game on time)",
    )
    play.add_argument(
        "--rated",
        default="yes",
        choices=("yes", "no"),
        help="whether the game's end changes the players' ratings (default: yes; no: casual)",
    )
    migrate = sub.add_parser(
        "migrate",
        help="copy every game, move and setting to another database",
        description="Copy every game, move, challenge and player setting from one database "
        "to another, empty one (an SQLite file to PostgreSQL, or back), then check that each "
        "game replays to its position there. Nothing is copied if any check fails. Stop the "
        "bot first: what it writes meanwhile would not come along.",
    )
    migrate.add_argument(
        "--from", dest="source", required=True, metavar="DB", help="an SQLite file or a URL"
    )
    migrate.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="DB",
        help="postgresql://user:password@host/database (or an SQLite file)",
    )
    stats = sub.add_parser(
        "stats",
        help="print each game's ladder of a database",
        description="Print each game's global ladder of a database: the players' ratings "
        "(1500 + 40 (mu - 25), '?' while provisional), rated games and share won, best first. "
        "Players who keep their stats private are left out. Nothing is changed (but the "
        "schema of an older database, brought up to date as the bot would).",
    )
    stats.add_argument(
        "--db",
        help="the SQLite file or PostgreSQL URL (default: $PARLOR_DB or parlor.db)",
    )
    replay = sub.add_parser(
        "replay",
        help="write a game's animated replay (a GIF) to a file",
        description="Write the animated replay of a game of a database (played in a "
        "terminal or on Discord) to a GIF file: a frame where the board changed, 0.8 s a "
        "move (longer for a turn of several moves, at most 2 s), the last board 5 s, at half "
        "the board's size. A file over Discord's 10 MiB leaves frames out evenly, and the "
        "line printed says so.",
    )
    replay.add_argument("game_id", type=int, metavar="ID", help="the game's number")
    replay.add_argument("--out", required=True, metavar="FILE", help="the GIF file to write")
    replay.add_argument(
        "--db",
        help="the SQLite file or PostgreSQL URL (default: $PARLOR_DB or parlor.db)",
    )
    replay.add_argument(
        "--from",
        dest="first",
        type=int,
        default=0,
        metavar="K",
        help="start at the board after K moves (default: 0, the start)",
    )
    replay.add_argument(
        "--to",
        dest="last",
        type=int,
        metavar="K",
        help="end at the board after K moves (default: the last move)",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "migrate":
        return _migrate(args.source, args.target)
    if args.command == "stats":
        from bot.local import stats
        from bot.local.setup import DEFAULT_DB

        return stats.main(args.db or os.environ.get("PARLOR_DB") or DEFAULT_DB)
    if args.command == "replay":
        from bot.local import replay
        from bot.local.setup import DEFAULT_DB

        database = args.db or os.environ.get("PARLOR_DB") or DEFAULT_DB
        return replay.main(database, args.game_id, args.out, args.first, args.last)
    if args.command == "play":
        from bot.local import play as local
        from bot.local.setup import DEFAULT_DB

        args.db = args.db or os.environ.get("PARLOR_DB") or DEFAULT_DB
        try:
            return local.main(args)
        except KeyboardInterrupt:  # before the game started or while closing: nothing to save
            print("\nStopped.", file=sys.stderr)
            return 130
    from bot.discord.lifecycle import launch

    return launch()


def _migrate(source: str, target: str) -> int:
    """``python -m bot migrate``: 0 when copied and checked, 2 (one line why) otherwise."""
    import asyncio

    from bot.service.errors import ServiceError
    from bot.service.store.transfer import run

    try:
        asyncio.run(run(source, target))
    except ServiceError as exc:  # (StorageOpenError, TransferError)
        print(f"migrate: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
