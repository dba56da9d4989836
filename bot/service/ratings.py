"""Ratings: openskill's Plackett-Luce model, one ladder per game, on each server and everywhere.
No Discord in here.

A rating is openskill's ``mu`` (the skill it believes) and ``sigma`` (how unsure it is); a
player sees one whole number, :func:`shown`, and "provisional" while :func:`provisional`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

import engine
from bot.service.ai_players import ai_id
from bot.service.records import GameRecord

GLOBAL = 0
"""The ``guild_id`` of a game's ladder over every server (and the terminal)."""
SCALE = 40.0
"""Rating points per unit of openskill's ``mu``."""
BASE = 1500
"""The rating of ``mu`` 25, openskill's starting skill: where every player starts."""
PROVISIONAL_SIGMA = 6.0
"""A rating is provisional while its ``sigma`` is above this (openskill starts at 25/3):
between evenly matched players about the first 13 games at two players, 18 at four (more for
one who always wins or always loses: docs/playing.md)."""


def shown(mu: float) -> int:
    """The rating a player sees: ``round(1500 + 40 * (mu - 25))``."""
    return round(BASE + SCALE * (mu - 25.0))


def provisional(sigma: float) -> bool:
    """Whether a rating of this uncertainty is still provisional."""
    return sigma > PROVISIONAL_SIGMA


# -- a finished game's ranks -------------------------------------------------------------------


def placings(state: engine.State, result: Mapping[str, Any] | None, num_players: int) -> list[int]:
    """Each seat's finishing rank (0 first; equal ranks tie) in a game that is over: ``state``
    after its last move, ``result`` as the game stores it (``winners``, and ``resigned`` or
    ``timeout`` for a game the engine did not end).

    - A game with a final report (``State.report``) ranks by it: the winners (a team
      of partners together) tie first, then its order; seats it could only order by a random
      draw after a full tie tie; seats removed rank after everyone who played on, the last to
      leave ahead of those who left before.
    - Any other game: its winners first, every other seat still playing tied behind them (no
      rules here order the losers); a draw (no winners) ties everyone.
    - A player who resigned or ran out of time where the game could not go on without them
      ranks last; seats removed earlier tie behind them.
    """
    result = result or {}
    winners = frozenset(result.get("winners", ()))
    ended = state.is_over()
    report = state.report() if ended else None
    groups: list[list[int]] = []
    if report is not None:
        rows = list(report)
        first = [row.seat for row in rows if row.seat in winners and not row.left]
        if first:
            groups.append(first)
        previous: Any = None
        for row in rows:
            if row.seat in first:
                continue
            tied = (
                previous is not None
                and row.random
                and previous.random
                and not row.left
                and tuple(row[2:]) == tuple(previous[2:])
            )
            if tied:
                groups[-1].append(row.seat)
            else:
                groups.append([row.seat])
            previous = row
        return _ranks(groups, num_players)
    out = None if ended else result.get("resigned", result.get("timeout"))
    gone = state.gone
    playing = [s for s in range(num_players) if s not in gone and s != out]
    groups.append([s for s in playing if s in winners])
    groups.append([s for s in playing if s not in winners])
    groups.append([] if out is None else [out])
    groups.append(sorted(gone - {out}))
    return _ranks([group for group in groups if group], num_players)


def _ranks(groups: Sequence[Sequence[int]], num_players: int) -> list[int]:
    ranks = [0] * num_players
    for rank, group in enumerate(groups):
        for seat in group:
            ranks[seat] = rank
    return ranks


def places(ranks: Sequence[int]) -> list[int]:
    """Each seat's place as players read it from its rank: 1 first, ties share a place, and
    the place after a tie of two is 3."""
    return [1 + sum(other < rank for other in ranks) for rank in ranks]


# -- the update ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Rating:
    """One row of a ladder: openskill's ``mu`` and ``sigma``, and the games counted."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return provisional(self.sigma)


def model() -> PlackettLuce:
    """openskill's Plackett-Luce model with its defaults (mu 25, sigma 25/3)."""
    return PlackettLuce()


def start() -> Rating:
    """Where every player (and AI level) starts on a ladder."""
    m = model()
    return Rating(m.mu, m.sigma)


def ladders(guild_id: int | None) -> list[int]:
    """The ladders (``guild_id``s) a game of this server updates, in the order they are
    locked: its server's (none for a terminal game) and the global one."""
    return [GLOBAL] if guild_id is None or guild_id == GLOBAL else sorted({GLOBAL, guild_id})


@dataclass(frozen=True)
class Finish:
    """What the end of a game writes in the transaction of its last move: one ``results``
    row per seat (``results``: column -> value, without ``game_id``), and, if ``rated``,
    the ladders' update: ``entrants`` (each seat's ladder user id: a player, or an AI
    level's ``ai_id(level, 1)``), their ``ranks``, ``winners``."""

    game_key: str
    guild_id: int | None
    results: tuple[dict[str, Any], ...]
    rated: bool
    entrants: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: frozenset[int]

    @staticmethod
    def rating(
        mu: float | None = None, sigma: float | None = None, games: int = 0, wins: int = 0
    ) -> Rating:
        """A ladder row as read (a new one's start where ``mu`` is None): for the storage,
        which imports none of this module."""
        if mu is None or sigma is None:
            return start()
        return Rating(float(mu), float(sigma), int(games), int(wins))

    @property
    def keys(self) -> list[tuple[int, int]]:
        """The ladder rows (guild id, user id) the update reads and writes, in lock order."""
        users = sorted(set(self.entrants))
        return [(guild, user) for guild in ladders(self.guild_id) for user in users]

    def updated(self, before: Mapping[tuple[int, int], Rating]) -> dict[tuple[int, int], Rating]:
        """The ladder rows after this game, from those ``before`` it (every key of ``keys``):
        openskill's Plackett-Luce update, each seat a team of one, ranked by ``ranks``. One
        user in several seats (an AI level seated twice) is in the update once per seat, each
        time with its rating before; its new ``mu`` and ``sigma`` are the means of those
        seats' (one game counted, a win if any of its seats won)."""
        m = model()
        after: dict[tuple[int, int], Rating] = {}
        for guild in ladders(self.guild_id):
            teams = [
                [m.rating(mu=before[guild, u].mu, sigma=before[guild, u].sigma)]
                for u in self.entrants
            ]
            rated = m.rate(teams, ranks=list(self.ranks))
            for user in sorted(set(self.entrants)):
                seats = [s for s, u in enumerate(self.entrants) if u == user]
                old = before[guild, user]
                after[guild, user] = Rating(
                    mu=sum(rated[s][0].mu for s in seats) / len(seats),
                    sigma=sum(rated[s][0].sigma for s in seats) / len(seats),
                    games=old.games + 1,
                    wins=old.wins + any(s in self.winners for s in seats),
                )
        return after


def entrant(record: GameRecord, seat: int) -> int:
    """Whose result a seat's is, and whose ladder row it moves: its player's user id; an AI
    seat's level, as ``ai_id(level, 1)`` (the second AI of a level in a game is the same
    entrant). An AI standing in for an absent player changes nothing: it is their result."""
    level = record.players[seat].ai
    return record.players[seat].user_id if level is None else ai_id(level, 1)
