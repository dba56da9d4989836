"""Discord components whose ``custom_id`` carries everything needed to act after a restart.

Every item is a ``DynamicItem``: discord.py matches a click's ``custom_id`` against the
template, rebuilds the item and calls its callback, so buttons on old messages keep working
when the bot restarts. The ids are untrusted input: the templates are strict and the table
re-checks everything against storage. Callbacks are thin: they hand over to ``bot.table``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from . import limits
from .answers import tell
from .menus import control_moves, describe, move_groups
from .records import Challenge, GameRecord
from .turn_timer import deadline

if TYPE_CHECKING:
    from .app import ParlorBot

SELECTS_PER_PAGE = 4
"""Select menus on one message: a fifth action row stays free for the buttons."""


def game_view(record: GameRecord, page: int = 0) -> discord.ui.View | None:
    """Select menus of the legal moves for the player to act, paged four menus at a time."""
    if record.over or record.player_to_move is None:
        return None
    if record.awaiting_roll:
        view = discord.ui.View(timeout=None)
        button = discord.ui.Button(
            label="Roll",
            emoji="\N{GAME DIE}",
            style=discord.ButtonStyle.primary,
            custom_id=RollButton.custom_id_for(record),
        )
        view.add_item(RollButton(button))
        _add_remove_button(view, record)
        return view
    groups = move_groups(record.state)
    pages = max(1, -(-len(groups) // SELECTS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    first = page * SELECTS_PER_PAGE
    for index, (label, moves) in enumerate(groups[first : first + SELECTS_PER_PAGE], first):
        select = discord.ui.Select(
            custom_id=MoveSelect.custom_id_for(record, index),
            placeholder=limits.cut(label, limits.PLACEHOLDER),
            options=[
                discord.SelectOption(
                    label=limits.cut(str(m), limits.OPTION_LABEL),
                    value=str(m),
                    description=describe(record.state, m),
                )
                for m in moves
            ],
        )
        view.add_item(MoveSelect(select))
    for move, label in control_moves(record.state):
        button = discord.ui.Button(
            label=label,
            style=discord.ButtonStyle.primary if move == "end" else discord.ButtonStyle.secondary,
            custom_id=ControlButton.custom_id_for(record, move),
            row=4,
        )
        view.add_item(ControlButton(button))
    _add_remove_button(view, record)
    if pages > 1:
        for target, text in ((page - 1, "Previous moves"), (page + 1, "More moves")):
            if 0 <= target < pages:
                button = discord.ui.Button(
                    label=text,
                    style=discord.ButtonStyle.secondary,
                    custom_id=PageButton.custom_id_for(record, target),
                    row=4,
                )
                view.add_item(PageButton(button))
    return view


def _add_remove_button(view: discord.ui.View, record: GameRecord) -> None:
    """At a table with a turn timer, a button for the others to remove the player to act
    once their time has run out (pressed early, it says how long is left)."""
    mover = record.player_to_move
    if deadline(record) is None or mover is None:
        return
    button = discord.ui.Button(
        label=limits.cut(f"Remove {mover.name}", limits.BUTTON_LABEL),
        emoji="\N{ALARM CLOCK}",
        style=discord.ButtonStyle.danger,
        custom_id=RemoveButton.custom_id_for(record),
        row=4,
    )
    view.add_item(RemoveButton(button))


def challenge_view(challenge: Challenge) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, style in (
        ("accept", discord.ButtonStyle.success),
        ("decline", discord.ButtonStyle.danger),
        ("cancel", discord.ButtonStyle.secondary),
    ):
        button = discord.ui.Button(
            label=action.capitalize(),
            style=style,
            custom_id=f"parlor:ch:{challenge.id}:{action}",
        )
        view.add_item(ChallengeButton(button))
    return view


def lobby_view(lobby: Challenge) -> discord.ui.View:
    """Join / Leave / Start under an open lobby."""
    view = discord.ui.View(timeout=None)
    for action, style in (
        ("join", discord.ButtonStyle.success),
        ("leave", discord.ButtonStyle.secondary),
        ("start", discord.ButtonStyle.primary),
    ):
        button = discord.ui.Button(
            label=action.capitalize(),
            style=style,
            custom_id=LobbyButton.custom_id_for(lobby, action),
        )
        view.add_item(LobbyButton(button))
    return view


class FromCustomId:
    """What every Parlor item shares: rebuilt from its ``custom_id`` alone, with the id's
    numeric fields (the template's named groups) as attributes."""

    template: re.Pattern[str]

    def __init__(self, item: Any) -> None:
        super().__init__(item)  # type: ignore[call-arg]  # the DynamicItem beside it
        match = self.template.match(item.custom_id or "")
        assert match is not None
        for name, value in match.groupdict().items():
            setattr(self, name, int(value) if value.isdigit() else value)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /
    ) -> Any:
        return cls(item)

    async def interaction_check(self, interaction: discord.Interaction[ParlorBot], /) -> bool:
        return await interaction.client.admit(interaction)


class ChallengeButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"^parlor:ch:(?P<challenge>[0-9]{1,18}):(?P<action>accept|decline|cancel)$",
):
    challenge: int
    action: str

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.answer_challenge(
                interaction, self.challenge, self.action
            )


class LobbyButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"^parlor:lb:(?P<lobby>[0-9]{1,18}):(?P<action>join|leave|start)$",
):
    lobby: int
    action: str

    @staticmethod
    def custom_id_for(lobby: Challenge, action: str) -> str:
        return f"parlor:lb:{lobby.id}:{action}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.answer_lobby(interaction, self.lobby, self.action)


class MoveSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"^parlor:mv:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<group>[0-9]{1,3})$",
):
    game: int
    version: int

    @staticmethod
    def custom_id_for(record: GameRecord, group: int) -> str:
        return f"parlor:mv:{record.id}:{record.version}:{group}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        values = self.item.values
        if len(values) != 1:
            await tell(interaction, "Pick one move.")
            return
        async with interaction.client.handling(interaction):
            await interaction.client.table.play(
                interaction, self.game, values[0], version=self.version
            )


class PageButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"^parlor:pg:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<page>[0-9]{1,3})$",
):
    game: int
    version: int
    page: int

    @staticmethod
    def custom_id_for(record: GameRecord, page: int) -> str:
        return f"parlor:pg:{record.id}:{record.version}:{page}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.show_page(
                interaction, self.game, self.version, self.page
            )


class RollButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"^parlor:rl:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})$",
):
    game: int
    version: int

    @staticmethod
    def custom_id_for(record: GameRecord) -> str:
        return f"parlor:rl:{record.id}:{record.version}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.play(
                interaction, self.game, "roll", version=self.version
            )


class ControlButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"^parlor:do:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<move>undo|end|tip 7)$"
    ),
):
    """A control move on a button: Undo, Ice-Turn's End and TIP."""

    game: int
    version: int
    move: str

    @staticmethod
    def custom_id_for(record: GameRecord, move: str) -> str:
        return f"parlor:do:{record.id}:{record.version}:{move}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.play(
                interaction, self.game, self.move, version=self.version
            )


class RemoveButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"^parlor:rm:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9})$",
):
    """Remove the player to act, whose turn timer ran out (``bot/turn_timer.py``)."""

    game: int
    version: int

    @staticmethod
    def custom_id_for(record: GameRecord) -> str:
        return f"parlor:rm:{record.id}:{record.version}"

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> Any:
        async with interaction.client.handling(interaction):
            await interaction.client.table.remove(interaction, self.game, self.version)


DYNAMIC_ITEMS = (
    ChallengeButton,
    ControlButton,
    LobbyButton,
    MoveSelect,
    PageButton,
    RemoveButton,
    RollButton,
)
