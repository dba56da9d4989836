"""What ``/rules GAME`` says: each game as Parlor plays it, for someone who never saw it (the
README says the same). Every term is defined before it is used; notation is in backticks.

``RULES`` maps a game's key to its whole text (Discord markdown: ``**bold**`` and backticks
only, so the terminal's ``rules`` command can print it plain). ``/rules`` shows a text longer
than one message in pages (``bot/discord/rules.py``); paragraphs are separated by blank lines,
where the pages may break. Each text lives with its game's chat side (``bot/games``); the
pages that are no game's (``TOPICS``: time) are here.
"""

from __future__ import annotations

import engine
from bot.games import CHATS
from bot.games.base import for_discord, for_terminal, paragraphs
from bot.service.clocks import CLOCKS, DEFAULT_CLOCK, DEFAULT_REMINDERS, REMINDER_INTERVALS

RULES: dict[str, str] = {key: for_discord(chat.rules) for key, chat in CHATS.items() if chat.rules}
"""Game key -> the whole ``/rules`` text (markdown), in the order ``/rules`` offers them."""

TERMINAL_RULES: dict[str, str] = {
    key: for_terminal(chat.rules) for key, chat in CHATS.items() if chat.rules
}
"""Game key -> the same text in the terminal's words (its commands and flags, no slash
commands), for local play's ``rules``."""

TIME = paragraphs(
    "**Time in Parlor.** Every game has a **move clock**, chosen with `/play ... clock:`: "
    f"{', '.join(f'`{c}`' for c in CLOCKS)} for each move (`{DEFAULT_CLOCK}` unless the "
    "challenger chose). It runs for the player the game waits on (a roll, a move, a "
    "placement), starts afresh when the game comes to a player and at each new roll of the "
    "dice, and keeps running through the decisions of one turn. The turn message and `/games` "
    "show when it is up, in your own time zone.",
    "**When time is out.** With `clock_mode:soft` (the default) nothing happens by itself: "
    "the other players are told, and the turn message gets a button for them: **Claim the "
    "win** when two are left, **Remove NAME** at three or four. A removed player's game goes "
    "on without them where the game's rules let a player leave; elsewhere the game ends and "
    "the others win. Until someone presses it, the player may still move. With "
    "`clock_mode:hard` the bot does it itself within a minute.",
    "**Reminders.** While a game waits on you, the bot mentions you in the game's thread "
    f"every {DEFAULT_REMINDERS.removesuffix('h')} hours, and once more, firmly, when 80% of "
    "your time is used (never two reminders closer together than that), with a link to the "
    "turn message. **No more reminders this turn** under a reminder stops them until the "
    "game comes back to you. A game's `turn_timer` option (minutes a move, where its rules "
    "have one) is a short clock on top of the move clock: its Remove button is on the turn "
    "message from the start, and it sends no reminders.",
    "**Your settings** (`/settings`): how often you are reminded (`reminders`), hours with "
    "no reminders (`quiet_hours`, e.g. `22-7`, in your `time_zone`), whether the bot plays a "
    "decision of yours that has only one legal move (`auto_play`, on by default), and a "
    "daily direct message of the games waiting on you (`digest`, off by default). "
    "`/vacation on` makes the clocks of all your games wait while you are away (14 days to "
    "start with, a day more for every week of play, at most 30), but not one whose time has "
    "already run out: that stays run out; `/vacation off` when back.",
    "**Challenges and lobbies** stay open as long as `/play ... expires:` says (`15m`, `1h`, "
    "`24h` by default, `3d`, `7d`); an invited player is reminded once, halfway.",
)
"""The ``/rules`` text on time: move clocks, running out, reminders."""
assert set(REMINDER_INTERVALS) >= {DEFAULT_REMINDERS}

PARLOR = paragraphs(
    "**Playing Parlor.** Parlor plays every game itself, at three levels: `easy` (a legal "
    "move, a little better than chance: it takes a win it sees), `medium` (the move that "
    "looks best one step ahead) and `hard` (it searches ahead, weighing every roll of the "
    "dice). `/play GAME ai:hard` starts a game against it at once, nothing to accept; "
    "`opponent:` Parlor itself does the same at `medium`. In a lobby, its host presses "
    "**Add AI** and picks a level: Parlor takes a seat, named for its level (**Parlor "
    "(hard)**).",
    "**Parlor's turns** come a second or two after yours, so you see your own move land "
    "first; it is never on a clock and gets no reminders. Its moves are posted as a "
    "player's are, and nobody is mentioned while it thinks.",
    "**When a player is away.** Once someone's time is up (a soft clock, see `/rules time`), "
    "the others may press **Let Parlor play for NAME** instead of claiming the win or "
    "removing them: Parlor plays their seat at `hard`, on no clock, until they are back. "
    "Each of their turns still comes to them first, with their menus and a mention, and "
    "Parlor plays it for them a minute later unless they play it themselves: playing it, or "
    "pressing **I'm back** under a turn message, takes the seat back. `/history` marks "
    'Parlor\'s moves for them "(Parlor)".',
    "**Hints.** `/hint` tells you, and nobody else, the move Parlor (`hard`) would play for "
    "you now, and why where it can say. A table chooses with `/play ... hints:on|off`: on by "
    "default in a game against Parlor, off otherwise. In a terminal, `hint` does the same, "
    "and `python -m bot play GAME --ai 2:hard` seats Parlor (`--ai all:hard` to watch it "
    "play itself).",
)
"""The ``/rules`` text on playing against Parlor."""

TOPICS: dict[str, tuple[str, str]] = {
    "time": ("Time: move clocks and reminders", TIME),
    "parlor": ("Playing Parlor: AI opponents and hints", PARLOR),
}
"""``/rules`` pages that are no game's: key -> (title, text)."""

TEXTS: dict[str, str] = {**RULES, **{key: text for key, (_, text) in TOPICS.items()}}
"""Everything ``/rules`` shows, by key: the games in order, then the topics."""


def title_of(key: str) -> str:
    """The title ``/rules`` gives ``key``: a game's, or a topic's."""
    return TOPICS[key][0] if key in TOPICS else engine.get_game(key).title
