"""What the bot says about time: the clock line of a turn message, reminders (firmer each
time), time up, a claim. Pure functions of the records, like ``bot/words/messages.py``."""

from __future__ import annotations

from bot.service import clocks
from bot.service.clocks import claims_win, timer_deadline
from bot.service.records import GameRecord, GameSummary
from bot.words.text import clean, mention, title_line, when


def clean_name(record: GameRecord, seat: int) -> str:
    return clean(record.players[seat].name)


def outcome_words(record: GameRecord | GameSummary, hard: bool) -> str:
    """What running out of time does to the player to act, said to them."""
    if hard:
        return "you lose on time" if claims_win(record) else "you are removed from the game"
    if claims_win(record):
        return (
            "your opponent may claim the win"
            if record.players_in <= 2
            else "any other player may end the game, which they win"
        )
    return "any other player may remove you from the game"


def clock_line(record: GameRecord, now: float, away: float | None = None) -> str:
    """The turn message's line on the time left ("" without a clock): a live timestamp;
    ``away``: when the vacation of the player to act ends, if they are on one (said only
    while their time runs: a vacation leaves a game whose time ran out as it is)."""
    line = _clock_line(record, now)
    running = record.deadline is not None and now < record.deadline
    if away is not None and running and record.player_to_move is not None:
        name = clean(record.player_to_move.name)
        line = f"{line}\n\N{PALM TREE} {name} is on vacation until {when(away)}; the clock waits."
    return line.strip()


CLOCK_MARKS = ("\N{ALARM CLOCK}", "\N{PALM TREE}")
"""How the lines a turn message says about time begin (``clock_line``)."""


def with_clock_line(content: str, line: str) -> str:
    """A turn message's ``content`` with its lines about time replaced by ``line``."""
    kept = [x for x in content.splitlines() if not x.startswith(CLOCK_MARKS)]
    return "\n".join([*kept, line] if line else kept)


def _clock_line(record: GameRecord, now: float) -> str:
    seat = record.seat_to_act
    if record.over or seat is None:
        return ""
    alarm = "\N{ALARM CLOCK}"
    if (due := timer_deadline(record)) is not None:
        minutes = round(clocks.timer_seconds(record.options) / 60)
        return (
            f"{alarm} Turn timer: {minutes} min, up {when(due)}; "
            f"then {outcome_words(record, hard=False)}."
        )
    if record.deadline is None or record.turn_at is None:
        return ""
    hard = clocks.is_hard(record.settings)
    # the table's clock (the deadline may lie further: a vacation moved it)
    seconds = clocks.clock_seconds(record.settings) or record.deadline - record.turn_at
    length = clocks.length_words(seconds)
    if now < record.deadline:
        return (
            f"{alarm} {length} per move: your time is up {when(record.deadline)}; "
            f"then {outcome_words(record, hard)}."
        )
    name = clean_name(record, seat)
    if hard:
        return f"{alarm} {name}'s time ran out {when(record.deadline)}."
    return f"{alarm} {name}'s time ran out {when(record.deadline)}: {claim_words(record)}"


def claim_words(record: GameRecord) -> str:
    """What the others may do now that time is up."""
    seat = record.seat_to_act
    assert seat is not None
    name = clean_name(record, seat)
    if claims_win(record):
        if record.players_in <= 2:
            return "the other player may claim the win."
        return f"any other player may end the game without {name} (the others win)."
    return f"any other player may remove {name} from the game."


def reminder_text(
    record: GameRecord | GameSummary, count: int, final: bool, now: float, link: str
) -> str:
    """A reminder to the player to act, firmer each time (``count``: its number in the turn;
    ``final``: the one at 80% of their time)."""
    mover = record.player_to_move
    assert mover is not None
    game = f"**{record.game.title}** #{record.id}"
    where = f" {link}" if link else ""
    if record.deadline is None:
        waited = clocks.left_words(now - (record.turn_at or now)).removeprefix("about ")
        if count == 1:
            return f"{mention(mover)}: it's still your move in {game}.{where}"
        return f"{mention(mover)}: {game} has been waiting on your move for {waited}.{where}"
    left = clocks.left_words(record.deadline - now)
    then = outcome_words(record, clocks.is_hard(record.settings))
    if final:
        return (
            f"{mention(mover)}: time is nearly up in {game}: {left} left "
            f"(up {when(record.deadline)}), then {then}.{where}"
        )
    if count == 1:
        return f"{mention(mover)}: it's still your move in {game}; {left} left.{where}"
    return (
        f"{mention(mover)}: {game} is still waiting on your move: {left} left, then {then}.{where}"
    )


def time_up_text(record: GameRecord, link: str) -> str:
    """To the other players, when a soft clock ran out."""
    seat = record.seat_to_act
    assert seat is not None
    others = " ".join(
        mention(p) for s, p in enumerate(record.players) if s != seat and s not in record.gone
    )
    game = f"**{record.game.title}** #{record.id}"
    button = "Claim the win" if record.players_in <= 2 else "the button"  # as ui labels it
    return (
        f"{others}: {clean_name(record, seat)}'s time ran out in {game}: "
        f"{claim_words(record)} Use **{button}** on the turn message if you wish; "
        f"nothing happens by itself.{f' {link}' if link else ''}"
    )


def timed_out_note(before: GameRecord, seat: int, by: str | None) -> str:
    """The note on the turn message after a player ran out of time: removed, or the game over.
    ``by``: who claimed (escaped), or ``None`` for the bot at a hard clock."""
    name = clean_name(before, seat)
    ends = claims_win(before)
    if by is None:
        return (
            f"{name} ran out of time: the game is over."
            if ends
            else f"{name} ran out of time and is removed from the game."
        )
    if ends:
        return f"{by} claimed the win: {name} ran out of time."
    return f"{by} removed {name} from the game: {name} ran out of time."


def listing_words(game: GameRecord | GameSummary, now: float) -> str:
    """The time left in a listing (``/games``): "up in 2 days", live; "" without a clock."""
    if game.over or game.deadline is None or game.seat_to_act is None:
        return ""
    if now >= game.deadline:
        return f"\N{ALARM CLOCK} time ran out {when(game.deadline)}"
    return f"\N{ALARM CLOCK} time up {when(game.deadline)}"


def digest_text(games: list, now: float, links: list[str]) -> str:
    """The daily digest: the games waiting on the player, most urgent first, with links."""
    count = len(games)
    lines = [f"Your turn in {count} game{'s' if count != 1 else ''}, most urgent first:"]
    for game, link in zip(games, links, strict=True):
        parts = [title_line(game), listing_words(game, now), link]
        lines.append("- " + " · ".join(p for p in parts if p))
    return "\n".join(lines)
