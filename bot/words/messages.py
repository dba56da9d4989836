"""What the bot says at a table, as text: titles, whose turn, results and reports, notes on
what was played, challenge and lobby messages. Pure functions of the records, so they are
easy to read and test; user-supplied names are escaped (``clean``) before they are shown.
What differs from game to game (the verb for whose turn, the lines on a turn under way, a
final report's scores) comes from the game's chat side, ``bot.games.chat_of(key)``."""

from __future__ import annotations

import re
from collections.abc import Sequence

import engine
from bot.games import chat_of
from bot.service.records import Challenge, GameRecord
from bot.words.clocks import clock_line
from bot.words.rematches import lapsed_rematch_text
from bot.words.text import clean, mention, title_line, when
from engine.core import option_text


def status_line(record: GameRecord, now: float = 0.0, away: float | None = None) -> str:
    """Whose turn it is (with a mention that notifies them) and the time left at ``now``, or
    the result."""
    outcome = record.outcome
    if record.over and outcome is not None:
        every = range(record.num_players)
        if outcome.winners:
            won = " and ".join(mention(record.players[s]) for s in outcome.winners)
            lost = " and ".join(
                mention(record.players[s]) for s in every if s not in outcome.winners
            )
            verb = "win" if len(outcome.winners) > 1 else "wins"
            line = f"Game over: {won} {verb} against {lost} ({clean(outcome.reason)})."
            names = [clean(p.name) for p in record.players]
            return "\n".join((line, *report_lines(record, names, star="\\*")))
        drawn = " and ".join(mention(p) for p in record.players)
        return f"Game over: {drawn} draw ({clean(outcome.reason)})."
    mover = record.player_to_move
    if mover is None:  # dice due that the bot has not rolled yet (rolled on the next start)
        return "Waiting for the dice to be rolled."
    number = len(record.state.history) + 1
    absent = record.absent_to_act
    if record.ai_to_act and not absent:  # Parlor plays in a moment; no clock, nobody notified
        return f"**{clean(mover.name)}** is thinking (move {number})\N{HORIZONTAL ELLIPSIS}"
    verb = "roll" if record.awaiting_roll else chat_of(record.game.key).verb(record.state)
    line = f"{mention(mover)}, your turn to {verb} (move {number})."
    if absent:  # Parlor plays for them once their grace is over; no clock
        at = f" {when(record.ai_at)}" if record.ai_at is not None else " in a moment"
        return (
            f"{line[:-1]}: Parlor plays it for you{at} unless you play it first (that, or "
            "**I'm back**, takes your seat back)."
        )
    clock = clock_line(record, now, away)  # Discord shows the time live, in local time
    return f"{line}\n{clock}" if clock else line


def report_lines(record: GameRecord, names: list[str], star: str = "*") -> list[str]:
    """A game's final report, where it has one (``state.report()``): every player in order
    with the game's score words (e.g. ``H / S``), ``*`` after a place drawn at random,
    "(left)" for a player who left."""
    state = record.state
    rows = state.report() if state.outcome is not None else None
    if not rows:
        return []
    chat = chat_of(state.game.key)
    lines = []
    for r in rows:
        score = chat.score_words(r)
        lines.append(
            f"{r.place}. {names[r.seat]}{' ' + score if score else ''}"
            f"{star if r.random else ''}{' (left)' if r.left else ''}"
        )
    if any(r.random for r in rows):
        lines.append(f"{star} a full tie: order drawn at random")
    return lines


def board_link(record: GameRecord) -> str:
    """A link to the game's latest board message (or its channel), or "" off Discord."""
    return _link(record.guild_id, record.thread_id or record.channel_id, record.message_id)


def challenge_link(challenge: Challenge) -> str:
    """A link to the challenge's message (or its channel), or "" off a server."""
    return _link(challenge.guild_id, challenge.channel_id, challenge.message_id)


def _link(guild_id: int | None, where: int | None, message_id: int | None) -> str:
    if guild_id is None or where is None:
        return ""
    link = f"https://discord.com/channels/{guild_id}/{where}"
    return f"{link}/{message_id}" if message_id else link


def waiting_words(record: GameRecord, user_id: int) -> str:
    """Whom the game waits for, as the user sees it: "your turn", "waiting for Ann"."""
    if record.is_to_move(user_id):
        return "your turn"
    mover = record.player_to_move
    return f"waiting for {clean(mover.name)}" if mover else "waiting for the dice"


def turn_content(
    record: GameRecord,
    note: str = "",
    now: float = 0.0,
    away: float | None = None,
    ratings: str = "",
) -> str:
    """A turn message: the title, what was played, the turn so far, whose turn it is and the
    time left (as at ``now``; ``away``: the end of the vacation of the player to act); on the
    last board, the result and how it moved the ratings (``ratings``)."""
    lines = (
        title_line(record),
        note,
        *progress_lines(record),
        status_line(record, now, away),
        ratings,
    )
    return "\n".join(x for x in lines if x)


def progress_lines(record: GameRecord) -> list[str]:
    """Where a turn under way stands, for a game whose turn is many decisions (the dice, what
    is left of them, the turn's moves so far: the game's own lines, or ``roll_so_far``);
    nothing once the game is over."""
    if record.over:
        return []
    chat = chat_of(record.game.key)
    lines = chat.progress_lines(record.state)
    if not chat.tells_its_turn and (line := roll_so_far(record.state, chat.rolls)):
        lines = [*lines, line]
    return lines


def roll_so_far(state: engine.State, rolls: tuple[type[engine.Move], ...]) -> str:
    """The player's decisions since their dice were rolled ("This roll: **3 5** · played
    **2+3**"), while they still act on them; "" before any, or when dice are due."""
    if not rolls or state.is_chance_node():
        return ""
    history = state.history
    for at in range(len(history) - 1, -1, -1):
        if isinstance(history[at], rolls):
            break
    else:
        return ""
    played = history[at + 1 :]
    if not played:
        return ""
    dice = chat_of(state.game.key).dice_words(history[at])
    return f"This roll: **{dice}** · played {', '.join(f'**{m}**' for m in played)}"


def played_text(record: GameRecord, name: str, moves: Sequence[engine.Move | str]) -> str:
    """The note on a fresh turn message: what the last request played (``played_note``), or
    where the game says more (``played_summary``: a whole turn, say), that. ``moves``
    are the engine's moves, or their notation."""
    read = _read_moves(moves, record.game)
    chat = chat_of(record.game.key)
    summary = chat.played_summary(record.state, record.over, name, read) if read else None
    return summary or played_note(name, read, record.game)


def turn_summary(record: GameRecord, name: str) -> str:
    """What a player did in the turn that just ended (or that ended the game), for a game
    updated in place ("" for a game whose turn is a single move)."""
    return chat_of(record.game.key).turn_summary(record.state, record.over, name) or ""


def played_note(name: str, moves: Sequence[engine.Move | str], game: engine.Game) -> str:
    """What a request did, e.g. "Ann played **m2**. Rolled: roll 5." (a roll by hand reads
    "Ann rolled **5**"; a decision with one legal move the bot played for its player, "Only
    move, played by the bot: **m1**."). ``moves`` are the engine's moves, or their notation
    in ``game``."""
    first, *rolls = _read_moves(moves, game)
    chat = chat_of(game.key)
    if isinstance(first, chat.rolls):
        note = f"{name} rolled **{chat.dice_words(first)}**."
    else:
        note = f"{name} played **{first}**."
    rest = [m for m in rolls if not isinstance(m, chat.rolls)]
    rolls = [m for m in rolls if isinstance(m, chat.rolls)]
    if rolls:
        note += f" Rolled: {', '.join(map(str, rolls))}."
    if rest:  # decisions with one legal move, played for players who leave those to the bot
        note += " " + only_moves_note(rest)
    return note


ONLY_MOVES = re.compile(r"Only moves?, played by the bot: ((?:\*\*[^*\n]+\*\*(?:, )?)+)\.")


def only_moves_said(content: str) -> list[str]:
    """The moves a message says the bot played (``only_moves_note``, in any of its notes), in
    order: a turn message edited in place says them again, so no edit drops them."""
    return [
        move
        for found in ONLY_MOVES.finditer(content)
        for move in re.findall(r"\*\*([^*\n]+)\*\*", found.group(1))
    ]


def only_moves_note(moves: Sequence[engine.Move | str]) -> str:
    """ "Only moves, played by the bot: **m1**, **m2**." ("" for none): decisions with one
    legal move, played for players who leave those to the bot."""
    if not moves:
        return ""
    return f"Only move{'s' if len(moves) > 1 else ''}, played by the bot: " + (
        ", ".join(f"**{m}**" for m in moves) + "."
    )


def _read_moves(moves: Sequence[engine.Move | str], game: engine.Game) -> list[engine.Move]:
    """``moves`` as the engine's moves (notation read by ``game``)."""
    return [m if isinstance(m, engine.Move) else game.move_from_text(m) for m in moves]


def lobby_text(lobby: Challenge) -> str:
    """The lobby message: the game, its options, the seats taken and free, what to do."""
    game, host = lobby.game, clean(lobby.host.name)
    chosen = [f"{name} {option_text(value)}" for name, value in lobby.options.items()]
    if lobby.settings.get("roll") == "button":
        chosen.append("dice rolled with a button")
    if lobby.settings.get("rated") == "no":
        chosen.append("casual (not rated)")
    head = f"**{game.title}** lobby, hosted by {host}"
    if chosen:
        head += f" · {clean(', '.join(chosen))}"
    seated = ", ".join(clean(p.name) for p in lobby.seated)
    if lobby.status == "cancelled":
        return f"{head}\nThe host left, so the lobby is closed."
    if lobby.status != "open":
        return f"{head}\nThis lobby is closed ({lobby.status})."
    free = lobby.free_seats
    least = max(game.min_players, 2)
    return (
        f"{head}\nSeated ({len(lobby.seated)}/{lobby.num_players}): {seated} · "
        f"{free} free seat{'s' if free != 1 else ''}\n"
        f"Press **Join** to take a seat. {host} can press **Start** once {least} are in; "
        f"a full lobby starts by itself. The lobby lapses {when(lobby.expires_at)}."
    )


def lapsed_text(challenge: Challenge) -> str:
    """What a lapsed challenge's, lobby's or rematch's message says."""
    if challenge.rematch_of is not None:
        return lapsed_rematch_text(challenge.rematch_of, challenge.game.title)
    if challenge.is_lobby:
        return f"Lobby for {challenge.game.title} lapsed: it did not start in time."
    return f"Challenge to {challenge.game.title} lapsed."


def challenge_text(challenge: Challenge) -> str:
    invited = mention(challenge.invited) if challenge.invited else "anyone"
    casual = " (casual: not rated)" if challenge.settings.get("rated") == "no" else ""
    return (
        f"{invited}: {clean(challenge.host.name)} challenges you to "
        f"**{challenge.game.title}**{casual}. The challenge lapses {when(challenge.expires_at)}."
    )


def nudge_text(challenge: Challenge, link: str) -> str:
    """The one reminder to the invited player of a challenge still open (half its time gone)."""
    assert challenge.invited is not None  # a lobby invites nobody, and has no reminder
    return (
        f"{mention(challenge.invited)}: {clean(challenge.host.name)}'s challenge to "
        f"**{challenge.game.title}** is still waiting for your answer; "
        f"it lapses {when(challenge.expires_at)}. {link}"
    )
