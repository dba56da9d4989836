"""``python -m bot``: run the Discord bot; ``python -m bot play GAME``: play locally."""

from __future__ import annotations

import argparse
import os
import sys

import engine


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot", description="Parlor board-game bot")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play a hot-seat game in this terminal")
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
        default=os.environ.get("PARLOR_DB", "parlor.db"),
        help="the SQLite file (default: $PARLOR_DB or parlor.db)",
    )
    play.add_argument("--players", type=int, help="number of players (default: the minimum)")
    play.add_argument("--names", nargs="+", metavar="NAME", help="the players' names, by seat")
    play.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="a game option (repeatable)"
    )
    play.add_argument("--out", help="folder for the board images (default: parlor-play/GAME-ID)")
    play.add_argument("--seed", type=int, help="seed for the game's dice (default: random)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "play":
        from . import local

        return local.main(args)
    from .app import run

    return run()


if __name__ == "__main__":
    sys.exit(main())
