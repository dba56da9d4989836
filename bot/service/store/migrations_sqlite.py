"""Parlor's database schema on SQLite, as numbered migrations (``PRAGMA user_version``
counts those applied; PostgreSQL's, at the same numbers: ``migrations_pg.py``). A migration is
an SQL script, run statement by statement (split where SQLite says a statement is complete, so
a ``;`` inside a string or a trigger is no end), or a Python step for what SQL cannot compute.
Each runs in one transaction with the version it brings.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable, Iterator

import aiosqlite

import engine
from bot.service.errors import ServiceError
from bot.service.records import seat_to_act

Step = str | Callable[[aiosqlite.Connection], Awaitable[None]]


async def _positions(db: aiosqlite.Connection) -> None:
    """Migration 5: a move is stored once, and a move writes no more as the game grows.

    The moves table keeps its rows in its primary key (``WITHOUT ROWID``: no second copy in an
    index); a game's snapshot holds its position without the move list
    (``State.position_json``), since the moves table is the record; and two summary columns
    let a listing say whose turn it is without decoding a game: ``games.to_act`` (the seat the
    game waits for) and ``seats.gone`` (left a game that goes on)."""
    for statement in (
        "CREATE TABLE moves_by_game ("
        " game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
        " number INTEGER NOT NULL, move TEXT NOT NULL, seat INTEGER, user_id INTEGER,"
        " created_at REAL NOT NULL, PRIMARY KEY (game_id, number)) WITHOUT ROWID",
        "INSERT INTO moves_by_game (game_id, number, move, seat, user_id, created_at)"
        " SELECT game_id, number, move, seat, user_id, created_at FROM moves",
        "DROP TABLE moves",
        "ALTER TABLE moves_by_game RENAME TO moves",
        "ALTER TABLE games ADD COLUMN to_act INTEGER",
        "ALTER TABLE seats ADD COLUMN gone INTEGER NOT NULL DEFAULT 0",
    ):
        await db.execute(statement)
    async with db.execute("SELECT id, game_key, settings, status, snapshot FROM games") as rows:
        games = list(await rows.fetchall())
    for game_id, key, settings, status, snapshot in games:
        game = engine.GAMES.get(key)
        if game is None:  # a game this version does not know: keep what can be kept
            await db.execute(
                "UPDATE games SET snapshot = json_set(json_remove(snapshot, '$.history'),"
                " '$.moves', json_array_length(snapshot, '$.history')) WHERE id = ?",
                (game_id,),
            )
            continue
        try:
            state = game.from_json(snapshot)
        except (ValueError, KeyError, TypeError) as exc:  # nothing of the migration is kept
            raise ServiceError(f"game {game_id} cannot be converted ({exc!r})") from exc
        to_act = seat_to_act(state, json.loads(settings), status == "over")
        await db.execute(
            "UPDATE games SET snapshot = ?, to_act = ? WHERE id = ?",
            (state.position_json(), to_act, game_id),
        )
        await db.executemany(
            "UPDATE seats SET gone = 1 WHERE game_id = ? AND seat = ?",
            [(game_id, seat) for seat in sorted(state.gone)],
        )


def statements(script: str) -> Iterator[str]:
    """The statements of an SQL script, each whole (``sqlite3.complete_statement``)."""
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \t\n;"):
                yield pending.strip()
            pending = ""
    if pending.strip(" \t\n;"):
        raise ValueError(f"an unfinished SQL statement: {pending.strip()[:60]!r}")


MIGRATIONS: tuple[Step, ...] = (
    # 1: challenges, games, their seats and their moves
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        num_players INTEGER NOT NULL,
        options TEXT NOT NULL,
        settings TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'over')),
        result TEXT,
        guild_id INTEGER,
        channel_id INTEGER,
        thread_id INTEGER,
        message_id INTEGER,
        snapshot TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_user ON seats (user_id);
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        move TEXT NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        num_players INTEGER NOT NULL,
        options TEXT NOT NULL,
        settings TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        host_name TEXT NOT NULL,
        invited_id INTEGER,
        invited_name TEXT,
        guild_id INTEGER,
        channel_id INTEGER,
        message_id INTEGER,
        status TEXT NOT NULL
            CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
        created_at REAL NOT NULL,
        expires_at REAL NOT NULL,
        game_id INTEGER REFERENCES games (id)
    );
    CREATE INDEX challenges_open ON challenges (status, expires_at);
    """,
    # 2: who sits in an open lobby (a challenge with no invited player), in joining order
    """
    CREATE TABLE lobby_members (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        joined_at REAL NOT NULL,
        PRIMARY KEY (challenge_id, user_id),
        UNIQUE (challenge_id, position)
    );
    """,
    # 3: every board message posted for a game (a click must come from its own game's board),
    # the version the latest one shows (a restart re-posts the boards that fell behind), and
    # the indexes that find a thread's game and count active games per server
    """
    CREATE TABLE board_messages (
        message_id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version INTEGER NOT NULL
    );
    CREATE INDEX board_messages_game ON board_messages (game_id);
    ALTER TABLE games ADD COLUMN posted_version INTEGER;
    CREATE INDEX games_thread ON games (thread_id);
    CREATE INDEX games_guild_status ON games (guild_id, status);
    UPDATE games SET posted_version = version WHERE message_id IS NOT NULL;
    INSERT INTO board_messages (message_id, game_id, version)
        SELECT message_id, id, version FROM games WHERE message_id IS NOT NULL;
    """,
    # 4: where local play writes a game's board images, so --resume writes there again
    """
    CREATE TABLE local_images (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        folder TEXT NOT NULL
    );
    """,
    # 5: each move stored once; the snapshot without the move list; summary columns
    _positions,
    # 6: a board posted is its game's latest (unless a newer one was) in the same statement
    # that records it: one write, no transaction around two
    """
    CREATE TRIGGER board_posted AFTER INSERT ON board_messages BEGIN
        UPDATE games SET message_id = NEW.message_id, posted_version = NEW.version
        WHERE id = NEW.game_id AND (posted_version IS NULL OR posted_version <= NEW.version);
    END;
    """,
    # 7: when the invited player of an open challenge is reminded of it, once (NULL: done, or
    # never, as for a lobby); challenges already open get none
    """
    ALTER TABLE challenges ADD COLUMN nudge_at REAL;
    CREATE INDEX challenges_nudge ON challenges (nudge_at) WHERE nudge_at IS NOT NULL;
    """,
    # 8: the move clock of the turn a game waits on (``bot/service/clocks.py``): when the turn
    # began,
    # when the player's time is up, and when the sweep next looks at the game (``wake_at``,
    # indexed: the sweep reads the games due and no others); the reminders of the turn.
    # Games already going keep no clock, and get reminders from now on (the first look after
    # 21600 s, the shortest reminder interval).
    """
    ALTER TABLE games ADD COLUMN turn_at REAL;
    ALTER TABLE games ADD COLUMN deadline REAL;
    ALTER TABLE games ADD COLUMN wake_at REAL;
    ALTER TABLE games ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN reminded_at REAL;
    ALTER TABLE games ADD COLUMN no_reminders INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_wake ON games (wake_at) WHERE wake_at IS NOT NULL;
    UPDATE games SET turn_at = updated_at, wake_at = updated_at + 21600
        WHERE status = 'active' AND to_act IS NOT NULL;
    """,
    # 9: each player's own settings (``/settings``; a player without a row has the defaults)
    # and when their next daily digest is due (indexed: the sweep reads only those due)
    """
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        reminders TEXT NOT NULL DEFAULT '24h',
        quiet_from INTEGER,
        quiet_to INTEGER,
        time_zone TEXT NOT NULL DEFAULT 'UTC',
        auto_play INTEGER NOT NULL DEFAULT 1,
        digest INTEGER NOT NULL DEFAULT 0,
        digest_at REAL
    );
    CREATE INDEX user_settings_digest ON user_settings (digest_at) WHERE digest_at IS NOT NULL;
    """,
    # 10: vacations (``bot/service/vacation.py``): when the current one began and ends, and the
    # allowance left as of ``allowance_at`` (NULL: the starting allowance, from now)
    """
    ALTER TABLE user_settings ADD COLUMN away_since REAL;
    ALTER TABLE user_settings ADD COLUMN away_until REAL;
    ALTER TABLE user_settings ADD COLUMN allowance REAL;
    ALTER TABLE user_settings ADD COLUMN allowance_at REAL;
    """,
    # 11: AI players (``bot/service/ai_players.py``): when an AI's turn is due to be played
    # (``ai_at``, indexed: the bot reads the AI turns due and no others), and the seats an AI
    # plays for an absent player (JSON ``{"seat": level}``, NULL for none)
    """
    ALTER TABLE games ADD COLUMN ai_at REAL;
    ALTER TABLE games ADD COLUMN stand_ins TEXT;
    CREATE INDEX games_ai ON games (ai_at) WHERE ai_at IS NOT NULL;
    """,
    # 12: who holds an AI turn taken under a lease (``ai_by``: the taking process's shards and
    # run, ``bot/service/store/ai_rows.py``), so a restarted process takes over at once the turns
    # its
    # previous run had taken, rather than waiting for their lease to run out
    """
    ALTER TABLE games ADD COLUMN ai_by TEXT;
    """,
    # 13: ratings (``bot/service/ratings.py``): each player's rating on each ladder (a game's,
    # on one server or, as guild 0, everywhere; an AI level rated as the id of its first AI),
    # each rated game's change of it (the key refuses a second update of one game), each
    # finished game's facts per seat (for profiles), and whether a player hides their stats
    """
    CREATE TABLE ratings (
        game_key TEXT NOT NULL,
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        rating INTEGER NOT NULL,
        established INTEGER NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (game_key, guild_id, user_id)
    );
    CREATE INDEX ratings_ladder
        ON ratings (game_key, guild_id, established DESC, rating DESC, user_id);
    CREATE TABLE rating_changes (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        mu_before REAL NOT NULL,
        sigma_before REAL NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, guild_id, user_id)
    );
    CREATE INDEX rating_changes_player ON rating_changes (user_id, game_key, guild_id, at);
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        guild_id INTEGER,
        players INTEGER NOT NULL,
        place INTEGER NOT NULL,
        won INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        decisions INTEGER NOT NULL,
        turns INTEGER NOT NULL,
        think_seconds REAL NOT NULL,
        rolls INTEGER NOT NULL,
        pips REAL NOT NULL,
        expected_pips REAL NOT NULL,
        finished_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_player ON results (user_id, finished_at);
    ALTER TABLE user_settings ADD COLUMN stats_hidden INTEGER NOT NULL DEFAULT 0;
    """,
    # 14: rematches (``bot/service/rematches.py``): the finished game a challenge asks to play
    # again; unique, so a game has at most one rematch, whoever asks, in whatever process
    """
    ALTER TABLE challenges ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    CREATE UNIQUE INDEX challenges_rematch_of ON challenges (rematch_of);
    """,
    # 15: standings (``bot/service/store/standing_rows.py``): a player's latest seat (the name a
    # ladder shows) found without sorting all their seats, and the few players who hide their
    # stats found without reading every player's settings
    """
    CREATE INDEX seats_user_latest ON seats (user_id, game_id);
    CREATE INDEX user_settings_hidden ON user_settings (user_id) WHERE stats_hidden = 1;
    """,
    # 16: follows (``bot/service/store/follow_rows.py``): who follows which game, since when;
    # a game's followers by the key, a player's followed games by the index
    """
    CREATE TABLE follows (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        since REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX follows_user ON follows (user_id, game_id);
    """,
    # 17: ``/replay``'s choices (``Storage.replayable_games``): a server's finished games
    # newest first, read in the index's order. SQLite's index holds the row id already;
    # PostgreSQL's needs the id named, and both databases keep the same steps
    """
    DROP INDEX games_guild_status;
    CREATE INDEX games_guild_status ON games (guild_id, status, id);
    """,
)
