"""The words of ``/leaderboard``, ``/profile`` and ``python -m bot stats``: a ladder's page and
a player's profile (``bot/service/standings.py``), within a message's 2,000 characters.

A rating is a whole number (``bot/service/ratings.py``: 1500 + 40 (mu - 25)); a provisional
one is marked "?" on a ladder and "(provisional)" on a profile. A name the bot does not know
(a player who never sat at a table) is given by the caller (``unknown``: a mention on Discord).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import engine
from bot.service.ratings import GLOBAL, PROVISIONAL_SIGMA
from bot.service.standings import (
    LUCK_ROLLS,
    Change,
    GameStats,
    LadderPage,
    Opponent,
    Profile,
    Rating,
    Standing,
)
from bot.words import limits
from bot.words.text import clean

NAME = 32
"""Characters of a name shown at most (Discord's own names are at most 32)."""
Unknown = Callable[[int], str]
"""How a player the bot has no name for is shown (by user id)."""

PROVISIONAL_NOTE = (
    '"?": provisional, until the rating settles (about a dozen games; openskill\'s '
    f"uncertainty under {PROVISIONAL_SIGMA:g})."
)


def title(game_key: str) -> str:
    return engine.get_game(game_key).title


def where(guild_id: int) -> str:
    return "everywhere" if guild_id == GLOBAL else "this server"


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def games_words(games: int) -> str:
    return f"{games:,} game{'s' if games != 1 else ''}"


def rating_words(rating: int, provisional: bool, *, short: bool = True) -> str:
    """``1720``; provisional: ``1490?`` (short) or ``1490 (provisional)``."""
    if not provisional:
        return str(rating)
    return f"{rating}?" if short else f"{rating} (provisional)"


def changes_line(changes: Sequence[Change], names: Sequence[str]) -> str:
    """A finished game's rating changes, for its last board: ``Ratings: Ann 1532 (+32), Ben
    1468? (-32)`` (``names`` by seat, already escaped); "" for a game that moved none."""
    if not changes:
        return ""
    said = [
        f"{names[c.seat]} {rating_words(c.after, c.provisional)} ({c.after - c.before:+d})"
        for c in changes
    ]
    return "Ratings: " + ", ".join(said) + "."


def duration(seconds: float) -> str:
    """``45s``, ``3m 12s``, ``2h 05m``, ``3d 4h``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole}s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m {secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours}h {minutes:02d}m"
    days, hours = divmod(hours, 24)
    return f"{days}d {hours}h"


def _name(name: str | None, user_id: int, unknown: Unknown) -> str:
    return clean(limits.cut(name, NAME)) if name else unknown(user_id)


def standing_line(row: Standing, unknown: Unknown, *, own: bool = False) -> str:
    name = _name(row.name, row.user_id, unknown)
    if own:
        name = f"**{name}**"
    return (
        f"{row.place:,}. {name}: {rating_words(row.rating, row.provisional)} · "
        f"{games_words(row.games)} · {percent(row.wins, row.games)} won"
    )


def ladder_text(page: LadderPage, unknown: Unknown) -> str:
    """A ladder's page: its title, its rows, the viewer's own place (below, when it is not on
    the page), and what "?" means."""
    head = f"**{title(page.game_key)}** leaderboard, {where(page.guild_id)}"
    if not page.players:
        there = "on this server" if page.guild_id != GLOBAL else "anywhere"
        return f"{head}: no one has played a rated game {there} yet."
    count = f"{page.players:,} player{'s' if page.players != 1 else ''}"
    lines = [f"{head}: page {page.page:,} of {page.pages:,} ({count})"]
    own = page.own.user_id if page.own is not None else None
    lines += [standing_line(row, unknown, own=row.user_id == own) for row in page.rows]
    if page.own is not None and not page.own_on_page:
        lines.append(f"You: {standing_line(page.own, unknown, own=True)}")
    elif page.own is None:
        lines.append(f"You have no rated {title(page.game_key)} game {where(page.guild_id)}.")
    if any(r.provisional for r in (*page.rows, *([page.own] if page.own else []))):
        lines.append(PROVISIONAL_NOTE)
    return limits.content("\n".join(lines))


def rating_line(rating: Rating, *, here: bool) -> str:
    scope = (" on this server" if rating.guild_id != GLOBAL else " everywhere") if here else ""
    return (
        f"- {title(rating.game_key)}{scope}: "
        f"{rating_words(rating.rating, rating.provisional, short=False)} · "
        f"{games_words(rating.games)} · {percent(rating.wins, rating.games)} won"
    )


def game_line(stats: GameStats) -> str:
    parts = [
        f"- {title(stats.game_key)}: {games_words(stats.games)}, "
        f"{stats.wins:,} won ({percent(stats.wins, stats.games)})"
    ]
    if stats.avg_move is not None:
        parts.append(f"{duration(stats.avg_move)} a move")
    if stats.luck is not None:
        parts.append(
            f"dice luck {round(100 * stats.luck)}% of the expected pips "
            f"({stats.pips:,.0f} against {stats.expected_pips:,.0f} in {stats.rolls:,} rolls)"
        )
    elif stats.rolls:
        parts.append(f"dice luck after {LUCK_ROLLS} rolls ({stats.rolls:,} so far)")
    return " · ".join(parts)


def streak_words(streak: tuple[bool, int] | None) -> str | None:
    if streak is None:
        return None
    won, count = streak
    if count == 1:
        return f"Streak: {'won' if won else 'lost'} the last game"
    return f"Streak: {'won' if won else 'lost'} the last {count:,} games"


def opponent_words(opponent: Opponent, unknown: Unknown) -> str:
    name = _name(opponent.name, opponent.user_id, unknown)
    return f"{name} ({games_words(opponent.games)}, ahead in {opponent.ahead:,})"


def profile_text(profile: Profile, unknown: Unknown, *, here: bool) -> str:
    """A player's profile. ``here``: asked on a server (its ratings are told apart from the
    global ones)."""
    name = _name(profile.name, profile.user_id, unknown)
    about = f" at {title(profile.game_key)}" if profile.game_key else ""
    lines = [f"**{name}**{about}"]
    if profile.hidden:
        lines.append("Your stats are private: only you see them.")
    if profile.ratings:
        lines.append("Ratings:")
        lines += [rating_line(r, here=here) for r in profile.ratings]
    else:
        lines.append("No rated games yet.")
    if profile.games:
        lines.append(
            f"Games: {profile.total_games:,}, {profile.total_wins:,} won "
            f"({percent(profile.total_wins, profile.total_games)})"
        )
        lines += [game_line(g) for g in profile.games]
    if (streak := streak_words(profile.streak)) is not None:
        lines.append(streak)
    if profile.avg_move is not None:
        lines.append(f"Average time per move: {duration(profile.avg_move)}")
    if profile.opponents:
        met = ", ".join(opponent_words(o, unknown) for o in profile.opponents)
        lines.append(f"Met most: {met}")
    if profile.trend is not None:
        trend = profile.trend
        games = len(trend.ratings)
        lines.append(
            f"The chart: {title(trend.game_key)} rating everywhere over the last "
            f"{games_words(games).replace('game', 'rated game')}"
            + (" (grey: provisional)" if trend.provisional_until else "")
            + "."
        )
    return limits.content("\n".join(lines))


def printout(pages: list[LadderPage], database: str) -> str:
    """``python -m bot stats``: each game's global ladder, plain text for a terminal (names
    as typed, no markdown); or that there is none."""
    if not pages:
        return f"No rated games in {database} yet: a finished rated game makes the ladders."
    lines: list[str] = []
    for page in pages:
        count = f"{page.players:,} player{'s' if page.players != 1 else ''}"
        lines += [f"{title(page.game_key)}, global ladder ({count}):"]
        width = max(len(f"{r.place:,}") for r in page.rows)
        names = [limits.cut(r.name, NAME) if r.name else f"player {r.user_id}" for r in page.rows]
        wide = max(len(name) for name in names)
        for row, name in zip(page.rows, names, strict=True):
            rating = rating_words(row.rating, row.provisional)
            lines.append(
                f"  {row.place:>{width},}. {name:<{wide}}  {rating:>5}  "
                f"{games_words(row.games):>10}  {percent(row.wins, row.games):>4} won"
            )
        if page.players > len(page.rows):
            lines.append(f"  {limits.ELLIPSIS} and {page.players - len(page.rows):,} more")
        lines.append("")
    if any(r.provisional for page in pages for r in page.rows):
        lines.append(PROVISIONAL_NOTE)
    return "\n".join(lines).rstrip()
