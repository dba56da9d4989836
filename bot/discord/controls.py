"""The controls of Parlor's game, challenge, lobby and reminder messages: each kind's custom
id (``bot/discord/custom_ids.py``: the formats of boards already posted never change) and what
its click does, one call to the table through the ``Parts`` the bot passes in
(``bot/discord/parts.py``). The messages that carry them are written in
``bot/discord/components.py``; ``/rules``' page buttons are in ``bot/discord/rules.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord.answers import tell
from bot.discord.custom_ids import GAME, VERSION, Control, number, one_of, values_of
from engine.ai import LEVELS

if TYPE_CHECKING:
    from bot.discord.parts import Parts


class ChallengeButton(
    Control,
    tag="ch",
    fields=(number("challenge", 18), one_of("action", "accept", "decline", "cancel")),
):
    """Accept, Decline or Cancel a challenge."""

    challenge: int
    action: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.answer_challenge(interaction, self.challenge, self.action)


class LobbyButton(
    Control,
    tag="lb",
    fields=(number("lobby", 18), one_of("action", "join", "leave", "start", "ai")),
):
    """Join, Leave, Start or Add AI under an open lobby."""

    lobby: int
    action: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.answer_lobby(interaction, self.lobby, self.action)


class MoveSelect(
    Control,
    tag="mv",
    fields=(GAME, VERSION, number("group", 3)),
):
    """One menu of legal moves (``group``: its place among the game's move groups); the move
    picked is played if the game is still at ``version``."""

    game: int
    version: int
    group: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        values = values_of(interaction)
        if len(values) != 1:
            await tell(interaction, "Pick one turn.")
            return
        await parts.table.play(interaction, self.game, values[0], version=self.version)


class PageButton(
    Control,
    tag="pg",
    fields=(GAME, VERSION, number("page", 3)),
):
    """Previous / More moves: shows another page of the move menus."""

    game: int
    version: int
    page: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.show_page(interaction, self.game, self.version, self.page)


class RollButton(
    Control,
    tag="rl",
    fields=(GAME, VERSION),
):
    """Roll the dice, when the game waits for the player to act to roll."""

    game: int
    version: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.play(interaction, self.game, "roll", version=self.version)


class ControlButton(
    Control,
    tag="do",
    fields=(GAME, VERSION, one_of("move", "undo", "end", "tip 7")),
):
    """A control move on a button (``bot.words.menus.control_moves`` says which a game offers)."""

    game: int
    version: int
    move: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.play(interaction, self.game, self.move, version=self.version)


class RemoveButton(
    Control,
    tag="rm",
    fields=(GAME, VERSION),
):
    """Claim the win from, or remove, the player to act, whose time ran out
    (``bot/service/timeouts.py``)."""

    game: int
    version: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.claim(interaction, self.game, self.version)


class QuietButton(
    Control,
    tag="nr",
    fields=(GAME, number("turn", 12)),
):
    """No more reminders this turn (``turn``: its start, in whole seconds)."""

    game: int
    turn: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.stop_reminders(interaction, self.game, self.turn)


class LevelSelect(
    Control,
    tag="al",
    fields=(number("lobby", 18),),
):
    """The level picked under Add AI: Parlor takes a seat in the lobby."""

    lobby: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        values = values_of(interaction)
        if len(values) != 1 or values[0] not in LEVELS:
            await tell(interaction, "Pick one level.")
            return
        await parts.table.add_ai(interaction, self.lobby, values[0])


class StandInButton(
    Control,
    tag="si",
    fields=(GAME, VERSION),
):
    """Let Parlor play for the player to act, whose time ran out (``bot/service/ai_turns.py``)."""

    game: int
    version: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.stand_in(interaction, self.game, self.version)


class BackButton(
    Control,
    tag="bk",
    fields=(GAME,),
):
    """I'm back: a player Parlor played for takes their seat back."""

    game: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.back(interaction, self.game)


class RematchButton(
    Control,
    tag="re",
    fields=(GAME,),
):
    """Rematch, under a finished game's last board: its players play it again
    (``bot/service/rematches.py``)."""

    game: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.rematch(interaction, self.game)


class RematchAnswer(
    Control,
    tag="ra",
    fields=(number("rematch", 18), one_of("action", "accept", "decline")),
):
    """Accept or Decline under a rematch."""

    rematch: int
    action: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.answer_rematch(interaction, self.rematch, self.action)


class ReplayButton(
    Control,
    tag="rp",
    fields=(GAME, number("move", 9), one_of("step", "first", "back", "forward", "last")),
):
    """First, Back, Forward or Last under a ``/replay``: the game at ``move``
    (``bot/discord/replay_table.py``)."""

    game: int
    move: int
    step: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.replay(interaction, self.game, self.move)


class ReplaySelect(
    Control,
    tag="rj",
    fields=(GAME,),
):
    """The menu under a ``/replay`` that jumps to the turn picked (its value: the move that
    turn ends at, checked again like a button's)."""

    game: int

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        values = values_of(interaction)
        if len(values) != 1 or not values[0].isdigit() or len(values[0]) > 9:
            await tell(interaction, "Pick one turn.")
            return
        await parts.table.replay(interaction, self.game, int(values[0]))


class FollowButton(
    Control,
    tag="fw",
    fields=(GAME, one_of("action", "follow", "unfollow")),
):
    """Follow under a game's board (pressed again: unfollow), Unfollow in its answer."""

    game: int
    action: str

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        await parts.table.follow(interaction, self.game, self.action)
