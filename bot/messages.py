"""What the bot says at a table, as text: titles, whose turn, results and reports, notes on
what was played, challenge and lobby messages. Pure functions of the records, so they are
easy to read and test; user-supplied names are escaped (``clean``) before they are shown."""

from __future__ import annotations

import discord

from engine.core import option_text
from engine.iceturn_setup import hand_words
from render.pachisi_words import hs_words

from .records import Challenge, GameRecord, Player
from .turn_timer import deadline, timer_minutes

VERB = {"place": "place", "jump": "jump", "react": "react"}
IN_PLACE = frozenset({"ice-turn"})
"""Games whose turn is many small decisions: the turn message is updated in place after each
one, and a fresh board is posted when the turn ends."""
FACE_WORDS = {
    "tip": "TIP (points to 7)",
    "aim": "AIM (turn tiles)",
    "swap": "SWAP (two tiles)",
    "hop": "HOP (a standing piece)",
    "dig": "DIG (a lying piece)",
    "wild": "WILD (any action)",
}


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)


def clean(text: str) -> str:
    """User-supplied text made safe to echo: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def mention(player: Player) -> str:
    return f"<@{player.user_id}>"


def title_line(record: GameRecord) -> str:
    names = " vs ".join(clean(p.name) for p in record.players)
    return f"**{record.game.title}** #{record.id} · {names}"


def status_line(record: GameRecord) -> str:
    """Whose turn it is (with a mention that notifies them), or the result."""
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
    phase = getattr(record.state, "phase", "")
    verb = "roll" if record.awaiting_roll else VERB.get(phase, "move")
    line = f"{mention(mover)}, your turn to {verb} (move {len(record.state.history) + 1})."
    if (due := deadline(record)) is not None:  # Discord shows the time live, in local time
        line += (
            f"\n\N{ALARM CLOCK} Turn timer: {timer_minutes(record)} min, up <t:{int(due)}:R>;"
            " then any other player may remove you."
        )
    return line


def report_lines(record: GameRecord, names: list[str], star: str = "*") -> list[str]:
    """A game's final report, where it has one (Pachisi): every player in order with the
    score ``H / S`` (``hs_words``), ``*`` after a place drawn at random, "(left)" for a player
    who left."""
    report = getattr(record.state, "report", None)
    if report is None or record.state.outcome is None:
        return []
    rows = report()
    lines = [
        f"{r.place}. {names[r.seat]} {hs_words(r.home, r.steps)}{star if r.random else ''}"
        f"{' (left)' if r.left else ''}"
        for r in rows
    ]
    if any(r.random for r in rows):
        lines.append(f"{star} a full tie: order drawn at random")
    return lines


def board_link(record: GameRecord) -> str:
    """A link to the game's latest board message (or its channel), or "" off Discord."""
    where = record.thread_id or record.channel_id
    if record.guild_id is None or where is None:
        return ""
    link = f"https://discord.com/channels/{record.guild_id}/{where}"
    return f"{link}/{record.message_id}" if record.message_id else link


def waiting_words(record: GameRecord, user_id: int) -> str:
    """Whom the game waits for, as the user sees it: "your turn", "waiting for Ann"."""
    if record.is_to_move(user_id):
        return "your turn"
    mover = record.player_to_move
    return f"waiting for {clean(mover.name)}" if mover else "waiting for the dice"


def turn_content(record: GameRecord, note: str = "") -> str:
    """A turn message: the title, what was played, the turn so far, whose turn it is."""
    lines = (title_line(record), note, *progress_lines(record), status_line(record))
    return "\n".join(x for x in lines if x)


def progress_lines(record: GameRecord) -> list[str]:
    """Where an Ice-Turn turn stands: the tiles left to place; the dice, the Treehouse
    action and the points left; the reactions left; this turn's moves so far."""
    state = record.state
    if record.game.key != "ice-turn" or record.over:
        return []
    if state.phase == "place":
        return [f"Tiles to place: {hand_words(state.hands[state.seat])}."]
    lines = []
    if state.phase == "move":
        action = treehouse_words(state)
        points = f"**{state.points}** point{'s' if state.points != 1 else ''} left"
        lines.append(f"\N{GAME DIE} {state.rolled} · Treehouse: {action} · {points}")
    elif state.phase == "react":
        ready = len(state.can_react())
        lines.append(
            f"Reactions: {ready} of your tiles may still turn a piece they point at; "
            "then **End turn**."
        )
    if state.phase in ("move", "react") and state.turn_log:
        lines.append("This turn: " + ", ".join(str(m) for m in state.turn_log))
    return lines


def treehouse_words(state) -> str:
    """Where an Ice-Turn turn's Treehouse action stands: "HOP (a standing piece), not used
    yet", "AIM under way (turn more tiles, or go on)", "SWAP used"."""
    if state.aiming:
        return "AIM under way (turn more tiles, or go on)"
    if state.action:
        return f"{state.action.upper()} used"
    return f"{FACE_WORDS[state.face]}, not used yet"


def played_text(record: GameRecord, name: str, moves: tuple[str, ...]) -> str:
    """The note on a fresh turn message: what the last request played (``played_note``), or
    for a game updated in place the whole turn that just ended (``turn_summary``)."""
    if record.game.key in IN_PLACE and "@" not in moves[0] and record.state.phase != "place":
        return turn_summary(record, name)
    return played_note(name, moves)


def turn_summary(record: GameRecord, name: str) -> str:
    """What an Ice-Turn player did in the turn that just ended (or that ended the game)."""
    state = record.state
    last = state.last_turn if not record.over else None
    if last is None:
        moves, rolled, face = state.turn_log, state.rolled, state.face
    else:
        moves, rolled, face = last.moves, last.points, last.face
    done = ", ".join(f"**{m}**" for m in moves) or "nothing"
    return f"{name} rolled {rolled} {face.upper()} and played: {done}."


def turn_mentions(record: GameRecord) -> discord.AllowedMentions:
    if record.over:
        users = [discord.Object(p.user_id) for p in record.players]
    else:
        mover = record.player_to_move
        users = [discord.Object(mover.user_id)] if mover else []
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


def played_note(name: str, moves: tuple[str, ...]) -> str:
    """What a request did, e.g. "Ann played **m2**. Rolled: roll 5." (a roll by hand reads
    "Ann rolled **5**")."""
    first, *rolls = moves
    if first.startswith("roll "):
        note = f"{name} rolled **{first.removeprefix('roll ')}**."
    else:
        note = f"{name} played **{first}**."
    if rolls:
        note += f" Rolled: {', '.join(rolls)}."
    return note


def lobby_text(lobby: Challenge) -> str:
    """The lobby message: the game, its options, the seats taken and free, what to do."""
    game, host = lobby.game, clean(lobby.host.name)
    chosen = [f"{name} {option_text(value)}" for name, value in lobby.options.items()]
    if lobby.settings.get("roll") == "button":
        chosen.append("dice rolled with a button")
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
        "a full lobby starts by itself. The lobby lapses in 15 minutes."
    )


def lapsed_text(challenge: Challenge) -> str:
    """What a lapsed challenge's or lobby's message says."""
    if challenge.is_lobby:
        return f"Lobby for {challenge.game.title} lapsed: it did not start within 15 minutes."
    return f"Challenge to {challenge.game.title} lapsed."


def challenge_text(challenge: Challenge) -> str:
    invited = mention(challenge.invited) if challenge.invited else "anyone"
    return (
        f"{invited}: {clean(challenge.host.name)} challenges you to "
        f"**{challenge.game.title}**. The challenge lapses in 15 minutes."
    )
