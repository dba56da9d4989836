"""Ratings: openskill's Plackett-Luce model, one ladder per game, on each server and everywhere.
No Discord in here.

A rating is openskill's ``mu`` (the skill it believes) and ``sigma`` (how unsure it is); a
player sees one whole number, :func:`shown`, and "provisional" while :func:`provisional`.
"""

from __future__ import annotations

GLOBAL = 0
"""The ``guild_id`` of a game's ladder over every server (and the terminal)."""
SCALE = 40.0
"""Rating points per unit of openskill's ``mu``."""
BASE = 1500
"""The rating of ``mu`` 25, openskill's starting skill: where every player starts."""
PROVISIONAL_SIGMA = 6.0
"""A rating is provisional while its ``sigma`` is above this (openskill starts at 25/3):
about the first dozen two-player games, fewer at four players."""


def shown(mu: float) -> int:
    """The rating a player sees: ``round(1500 + 40 * (mu - 25))``."""
    return round(BASE + SCALE * (mu - 25.0))


def provisional(sigma: float) -> bool:
    """Whether a rating of this uncertainty is still provisional."""
    return sigma > PROVISIONAL_SIGMA
