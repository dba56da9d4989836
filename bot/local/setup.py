"""Starting or resuming a local game from ``python -m bot play``'s arguments.

Every bad argument is a ``ServiceError`` whose text is the one line the terminal prints; nothing
is created or changed before all of them are checked. A game's board images go to one folder
that is remembered in the database (``--resume`` writes there again) and marked as that game's
(``.parlor-game``), so two games, or two databases, never write into one folder.
"""

from __future__ import annotations

import hashlib
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import engine
import engine.ai
from bot.service.ai_players import ai_id, ai_name
from bot.service.errors import NotFound
from bot.service.facade import GameRecord, Player, Service, ServiceError
from bot.service.records import GameSummary
from bot.service.store.database import is_url, shown
from bot.words.terminal import local_time, result_line
from render.names import shorten

DEFAULT_DB = "parlor.db"
MARKER = ".parlor-game"
"""The file in an image folder that says whose images it holds (database and game)."""
NAME_LIMIT = 32
RESUME_LISTED = 5
"""The most games ``--resume`` of a game not there names (the newest)."""


@dataclass
class Session:
    game: GameRecord
    out_dir: Path
    resume_hint: str
    """The command that continues this game, with ``--db``/``--out`` as they were given."""
    new: bool


def find_game(name: str) -> engine.Game:
    """The game called ``name``, in any case, with or without its hyphens (a game keyed
    ``tic-tac`` answers to ``Tic-Tac`` and ``tictac``); one line naming the games for anything
    else."""
    wanted = _simple(name)
    for key, game in engine.GAMES.items():
        if _simple(key) == wanted or _simple(game.title) == wanted:
            return game
    known = ", ".join(engine.GAMES)
    raise ServiceError(f"There is no game {engine.core.quote(name)}; games: {known}.")


def _simple(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _options(items: list[str] | None) -> dict[str, str]:
    options = {}
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise ServiceError(f"--option takes name=value, not {engine.core.quote(item)}.")
        options[name.strip()] = value.strip()
    return options


def _names(given: list[str] | None, players: int) -> list[str]:
    given = list(given or [])
    if len(given) > players:
        raise ServiceError(
            f"{len(given)} names for {players} players: give at most {players} (or say --players)."
        )
    names = [" ".join(n.split()) for n in given]
    # A name over the limit is shortened as the images shorten names: so that it still reads
    # as that player alone ("A. Catherine Montgomery-Smithson", never two cut the same).
    names = [shorten(n, [o for o in names if o != n], NAME_LIMIT, len) for n in names]
    # Local players sit in the order named; a name left out is its seat's: "Player 3".
    names += [""] * (players - len(names))
    return [name or f"Player {seat + 1}" for seat, name in enumerate(names)]


def local_id(name: str) -> int:
    """The user id of the local player called ``name`` (any case): the same in every game of a
    database, so their ratings and records are theirs. Below 2**40, far under any Discord id
    (a snowflake of 2015 is already above 2**56)."""
    digest = hashlib.sha256(" ".join(name.split()).casefold().encode()).digest()
    return 1 + int.from_bytes(digest[:5], "big")


def ai_seats(given: list[str] | None, players: int) -> dict[int, str]:
    """``--ai SEAT:LEVEL`` (repeatable; ``all:LEVEL`` for every seat) as seat (0-based) ->
    level; one line saying what is wrong otherwise."""
    seats: dict[int, str] = {}
    levels = engine.ai.LEVELS
    for item in given or []:
        seat, sep, level = item.strip().lower().partition(":")
        if not sep or level not in levels:
            raise ServiceError(
                f"--ai takes SEAT:LEVEL with a level of {', '.join(levels)} (--ai 2:hard, or "
                f"--ai all:hard), not {engine.core.quote(item)}."
            )
        if seat == "all":
            seats.update(dict.fromkeys(range(players), level))
        elif seat.isascii() and seat.isdigit() and 1 <= int(seat) <= players:
            seats[int(seat) - 1] = level
        else:
            raise ServiceError(
                f"--ai names a seat from 1 to {players} (or all), not {engine.core.quote(seat)}."
            )
    return seats


def _resume_id(value: str) -> int | None:
    if value == "latest":
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= 9):
        raise ServiceError(
            f"--resume takes a game number such as 3 (or nothing, for the latest game), "
            f"not {engine.core.quote(value)}."
        )
    return int(value)


async def start(service: Service, args: Any) -> Session:
    """The game to play: a new one from the command line's setup, or the one to resume."""
    out = Path(args.out) if args.out else None
    if args.resume is not None:
        if getattr(args, "ai", None):
            raise ServiceError("--ai is for a new game: a resumed game keeps who plays each seat.")
        game = await _resumed(service, args)
        folder = await service.storage.image_folder(game.id)
        out = out or (Path(folder) if folder else _free_default(args, game))
    else:
        setup = _new_setup(args)
        ais = ai_seats(getattr(args, "ai", None), setup[1])
        if out is not None:
            _claim(out, None)  # before the game is made: a refused folder makes no game
        settings = {
            "clock": getattr(args, "clock", None) or "none",
            "hints": "on",
            "rated": getattr(args, "rated", None) or "yes",
        }
        game = await _create(service, *setup, settings, ais)
        out = out or _free_default(args, game)
    _claim(out, _owner(args.db, game))
    await service.storage.set_image_folder(game.id, str(out))
    return Session(game, out, _hint(args, game), args.resume is None)


async def _resumed(service: Service, args: Any) -> GameRecord:
    wanted = _resume_id(args.resume)
    kind = find_game(args.game) if args.game is not None else None
    if wanted is None:
        local = await service.local_games()
        if kind is not None:
            local = [g for g in local if g.game.key == kind.key]
        if not local:
            what = f"{kind.title} game" if kind else "local game"
            raise ServiceError(f"No unfinished {what} to resume in {args.db}.")
        return await service.game(local[0].id)
    try:
        game = await service.game(wanted)
    except NotFound:
        raise ServiceError(await _no_such_game(service, args, wanted)) from None
    if kind is not None and game.game.key != kind.key:
        raise ServiceError(
            f"Game {game.id} is {game.game.title}, not {kind.title}: to resume it, leave out "
            f"the game name (python -m bot play --resume {game.id})."
        )
    if game.channel_id is not None:
        raise ServiceError(f"Game {game.id} is played on Discord, not in this terminal.")
    if game.over:
        raise ServiceError(f"Game {game.id} is already over: {result_line(game)}")
    return game


async def _no_such_game(service: Service, args: Any, wanted: int) -> str:
    """What ``--resume N`` says of a game that is not there: the games that are (number,
    game, players, when last played), newest first."""
    where = shown(args.db) if is_url(args.db) else args.db
    games = await service.local_games()
    if not games:
        return (
            f"There is no game {wanted} in {where}, and no unfinished local game to resume; "
            f"start one (python -m bot play {next(iter(engine.GAMES))})."
        )
    listed = [
        f"game {g.id}, {engine.GAMES[g.key].title} with {_and([p.name for p in g.players])}, "
        f"last move {local_time(g.updated_at, brackets=False)}"
        for g in games[:RESUME_LISTED]
    ]
    more = f" and {len(games) - RESUME_LISTED} more" if len(games) > RESUME_LISTED else ""
    return (
        f"There is no game {wanted} in {where}; games to resume: {'; '.join(listed)}{more} "
        f"({_hint(args, games[0])})."
    )


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _new_setup(args: Any) -> tuple[engine.Game, int, dict[str, str], list[str]]:
    if args.game is None:
        example = next(iter(engine.GAMES))
        raise ServiceError(f"Name a game to play (python -m bot play {example}), or --resume one.")
    game = find_game(args.game)
    options = _options(args.option)
    players, named = args.players, len(args.names or ())
    span = f"{game.min_players}-{game.max_players}"
    span = str(game.min_players) if game.min_players == game.max_players else span
    if named > game.max_players:  # no --players seats them all
        raise ServiceError(
            f"{game.title} is for {span} players, not {named}: give at most "
            f"{game.max_players} names."
        )
    if players is None:  # as many as were named, or the fewest the game allows
        players = max(named, game.min_players)
    try:
        game.check_setup(players, options)
    except ValueError as exc:  # a sentence, as every other line here
        raise ServiceError(str(exc).rstrip(".") + ".") from None
    if named > players:
        raise ServiceError(
            f"{named} names for --players {players}: give at most {players} names, or "
            f"--players {named} ({game.title} is for {span} players)."
        )
    names, count = _names(args.names, players), 0
    for seat, level in sorted(ai_seats(getattr(args, "ai", None), players).items()):
        if seat >= len(args.names or ()):  # a seat Parlor plays takes its name, unless named
            count += 1
            names[seat] = ai_name(level, count)
    return game, players, options, names


async def _create(
    service: Service,
    game: engine.Game,
    players: int,
    options: dict[str, str],
    names: list[str],
    settings: dict[str, str],
    ais: dict[int, str],
) -> GameRecord:
    # A local player is the same user in every game of the database under the same name
    # (``local_id``), so a hot-seat group's ratings follow each person; a seat Parlor plays is
    # that AI level's, rated on its ladder. At a terminal every decision is asked for, the
    # only moves too (auto-play is a /settings choice of players on Discord).
    seated, count = [], 0
    for seat, name in enumerate(names):
        if seat in ais:
            count += 1
            seated.append(Player(ai_id(ais[seat], count), name))
        else:
            seated.append(Player(local_id(name), name))
    people = [p for p in seated if not p.ai]
    twice = next(
        (p for i, p in enumerate(people) if p.user_id in {q.user_id for q in people[:i]}), None
    )
    if twice is not None:
        raise ServiceError(
            f"Two players are named {engine.core.quote(twice.name)}; name each one apart."
        )
    for player in people:
        await service.players.change(player.user_id, auto_play="off")
    if players == 2:
        host, guest = seated
        challenge = await service.challenge(
            game.key, host, guest, options=options, settings=settings
        )
        return await service.accept(challenge.id, guest, shuffle=False)
    lobby = await service.lobbies.open(
        game.key, seated[0], players, options=options, settings=settings
    )
    started = None
    for player in seated[1:]:
        started = await service.lobbies.join(lobby.id, player, shuffle=False)
    assert isinstance(started, GameRecord)
    return started


def _free_default(args: Any, game: GameRecord) -> Path:
    """Beside the database, named for it and the game: ``parlor.db`` ->
    ``parlor-play/<game>-1`` (``<game>-1-2`` if a game of an older file of that name left
    its images there); for a PostgreSQL database, in the current folder, named for the
    database (``postgresql://host/parlor`` -> ``parlor-play/<game>-1``)."""
    if is_url(args.db):
        name = urlsplit(args.db).path.strip("/") or "postgres"
        base = Path(f"{name}-play") / f"{game.key}-{game.id}"
    else:
        db = Path(args.db)
        base = db.parent / f"{db.stem}-play" / f"{game.key}-{game.id}"
    out, n = base, 1
    while _taken(out, _owner(args.db, game)):
        n += 1
        out = base.with_name(f"{base.name}-{n}")
    return out


def _taken(out: Path, owner: str | None) -> bool:
    """``out`` holds the board images of a game other than the one ``owner`` (a marker's
    text) names; with ``owner`` None, of any game (a game not made yet owns no folder)."""
    marker = out / MARKER
    if marker.exists():
        return owner is None or marker.read_text(errors="replace") != owner
    return any(out.glob("move-*.png"))


def _owner(db: str, game: GameRecord) -> str:
    """What the marker of ``game``'s folder says: the database, the game and its seed (a
    game 1 of a new file of the same name is another game)."""
    where = shown(db) if is_url(db) else Path(db).resolve()  # (never a password)
    return f"{where}\n{game.id}\n{game.seed}\n"


def _claim(out: Path, owner: str | None) -> None:
    """Make ``out`` the folder of the game ``owner`` names (with ``owner`` None, check that a
    game about to be made may have it); refuse a folder another game, of any database, uses."""
    if _taken(out, owner):
        raise ServiceError(
            f"{out} already holds another game's board images; give --out another folder."
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        if owner is not None:
            (out / MARKER).write_text(owner)
    except OSError as exc:
        raise ServiceError(f"Can't write board images to {out}: {exc.strerror}.") from None


def _hint(args: Any, game: GameRecord | GameSummary) -> str:
    words = ["python", "-m", "bot", "play", "--resume", str(game.id)]
    if args.db != DEFAULT_DB:
        words += ["--db", args.db]
    if args.out:
        words += ["--out", args.out]
    return shlex.join(words)
