"""Discord components whose ``custom_id`` carries everything needed to act after a restart.

Every item is a ``DynamicItem``: discord.py matches a click's ``custom_id`` against the
template, rebuilds the item and calls its callback, so buttons on old messages keep working
when the bot restarts. Each item declares its id once, as a tag and typed fields
(``parlor:mv:<game>:<version>:<group>``); the template that reads it and the
``custom_id_for`` that writes it both come from that declaration. The ids are untrusted
input: the templates are strict and the table re-checks everything against storage. Each
item's ``act`` is one call to ``bot.table``; ``FromCustomId.callback`` wraps it in the bot's
``handling`` (the wait on shutdown, the log and answer on failure).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from . import limits
from .answers import tell
from .menus import control_moves, move_groups, options
from .records import Challenge, GameRecord
from .turn_timer import deadline

if TYPE_CHECKING:
    from .app import ParlorBot

SELECTS_PER_PAGE = 4
"""Select menus on one message: a fifth action row stays free for the buttons."""


class Controls(discord.ui.View):
    """A turn message's controls written as Discord's own JSON, one dict per action row.

    A turn's menus hold up to a hundred options, and building discord.py's item objects for
    them, then writing those out, costs several times the dicts they become, on every move.
    The view has no items, so discord.py neither keeps nor dispatches it: a click reaches the
    ``FromCustomId`` item registered for its id, as a click on any message does."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows


def game_view(record: GameRecord, page: int = 0) -> Controls | None:
    """Select menus of the legal moves for the player to act, paged four menus at a time;
    the buttons (Roll, the game's controls, Remove, other pages) in a row of their own."""
    if record.over or record.player_to_move is None:
        return None
    head = {"game": record.id, "version": record.version}
    if record.awaiting_roll:
        roll = _button(RollButton.custom_id_for(**head), "Roll", PRIMARY, "\N{GAME DIE}")
        return Controls([_row(roll), *map(_row, _remove_button(record))])
    groups = move_groups(record.state)
    pages = max(1, -(-len(groups) // SELECTS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    first = page * SELECTS_PER_PAGE
    rows = [
        _row(
            {
                "type": SELECT,
                "custom_id": MoveSelect.custom_id_for(**head, group=index),
                "placeholder": limits.cut(label, limits.PLACEHOLDER),
                "min_values": 1,
                "max_values": 1,
                "options": [
                    {"label": limits.cut(text, limits.OPTION_LABEL), "value": text}
                    | ({"description": words} if words else {})
                    for text, words in options(record.state, moves)
                ],
            }
        )
        for index, (label, moves) in enumerate(groups[first : first + SELECTS_PER_PAGE], first)
    ]
    buttons = [
        _button(
            ControlButton.custom_id_for(**head, move=move),
            label,
            PRIMARY if move == "end" else SECONDARY,
        )
        for move, label in control_moves(record.state)
    ]
    buttons += _remove_button(record)
    if pages > 1:
        for target, text in ((page - 1, "Previous moves"), (page + 1, "More moves")):
            if 0 <= target < pages:
                buttons.append(_button(PageButton.custom_id_for(**head, page=target), text))
    return Controls(rows + ([_row(*buttons)] if buttons else []))


SELECT, BUTTON = discord.ComponentType.string_select.value, discord.ComponentType.button.value
PRIMARY, SECONDARY = discord.ButtonStyle.primary.value, discord.ButtonStyle.secondary.value
DANGER = discord.ButtonStyle.danger.value


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": discord.ComponentType.action_row.value, "components": list(components)}


def _button(custom_id: str, label: str, style: int = SECONDARY, emoji: str = "") -> dict:
    button = {"type": BUTTON, "style": style, "label": label, "custom_id": custom_id}
    if emoji:
        button["emoji"] = {"name": emoji}
    return button


def _remove_button(record: GameRecord) -> list[dict[str, Any]]:
    """At a table with a turn timer, a button for the others to remove the player to act
    once their time has run out (pressed early, it says how long is left)."""
    mover = record.player_to_move
    if deadline(record) is None or mover is None:
        return []
    return [
        _button(
            RemoveButton.custom_id_for(game=record.id, version=record.version),
            limits.cut(f"Remove {mover.name}", limits.BUTTON_LABEL),
            DANGER,
            "\N{ALARM CLOCK}",
        )
    ]


def challenge_view(challenge: Challenge) -> discord.ui.View:
    """Accept / Decline / Cancel under a challenge."""
    view = discord.ui.View(timeout=None)
    for action, style in (
        ("accept", discord.ButtonStyle.success),
        ("decline", discord.ButtonStyle.danger),
        ("cancel", discord.ButtonStyle.secondary),
    ):
        button = discord.ui.Button(
            label=action.capitalize(),
            style=style,
            custom_id=ChallengeButton.custom_id_for(challenge=challenge.id, action=action),
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
            custom_id=LobbyButton.custom_id_for(lobby=lobby.id, action=action),
        )
        view.add_item(LobbyButton(button))
    return view


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a custom id: the name its value is read into, the pattern its text must
    match (never a ``:``), and how that text becomes the value."""

    name: str
    pattern: str
    read: Callable[[str], Any] = str


def number(name: str, digits: int) -> Field:
    """A whole number written in 1 to ``digits`` ASCII digits: an id, a version, an index."""
    return Field(name, f"[0-9]{{1,{digits}}}", int)


def one_of(name: str, *words: str) -> Field:
    """Exactly one of ``words``."""
    return Field(name, "|".join(map(re.escape, words)))


def template_for(tag: str, fields: tuple[Field, ...]) -> re.Pattern[str]:
    """The strict template of ``parlor:<tag>:<field>:...``: every field in full, nothing
    before or after (``\\Z``, not ``$``, which would let a trailing newline through)."""
    groups = "".join(f":(?P<{field.name}>{field.pattern})" for field in fields)
    return re.compile(rf"\Aparlor:{re.escape(tag)}{groups}\Z")


GAME = number("game", 18)
VERSION = number("version", 9)


class FromCustomId:
    """What every Parlor item shares. Its id is declared once, as class keywords ``tag`` and
    ``fields`` (``class RollButton(FromCustomId, DynamicItem[Button], tag="rl", fields=(GAME,
    VERSION))``), from which come the template discord.py matches clicks against and
    ``custom_id_for``; the item is rebuilt from its id alone, with each field's value as an
    attribute; a click runs ``act`` inside the bot's ``handling``."""

    id_tag: ClassVar[str]
    id_fields: ClassVar[tuple[Field, ...]]
    id_template: ClassVar[re.Pattern[str]]
    """The template made of ``id_tag`` and ``id_fields`` (the one discord.py matches)."""

    def __init_subclass__(cls, *, tag: str, fields: tuple[Field, ...], **kwargs: Any) -> None:
        for field in fields:
            if hasattr(cls, field.name):
                raise TypeError(
                    f"{cls.__name__}: a field named {field.name!r} would hide "
                    f"the item's own {field.name!r}"
                )
        cls.id_tag, cls.id_fields = tag, fields
        cls.id_template = template_for(tag, fields)
        super().__init_subclass__(template=cls.id_template, **kwargs)

    @classmethod
    def custom_id_for(cls, **values: object) -> str:
        """The id carrying ``values``, one per field, by name (a value that does not fit its
        field makes an id the template refuses: the item then refuses to be built)."""
        names = [field.name for field in cls.id_fields]
        if sorted(values) != sorted(names):
            raise TypeError(f"{cls.__name__} ids carry {names}, not {sorted(values)}")
        return ":".join(("parlor", cls.id_tag, *(str(values[name]) for name in names)))

    @classmethod
    def fields_of(cls, match: re.Match[str]) -> dict[str, Any]:
        """The fields' values from a match of the template."""
        return {field.name: field.read(match[field.name]) for field in cls.id_fields}

    def __init__(self, item: Any, match: re.Match[str] | None = None) -> None:
        """``item`` carries the id; ``match`` is the template's match of it when discord.py
        made one (a click), else (a view being built) the id is matched here."""
        super().__init__(item)  # type: ignore[call-arg]  # DynamicItem: refuses a foreign id
        if match is None:
            match = self.id_template.match(item.custom_id)
            assert match is not None  # DynamicItem checked it just above
        for name, value in self.fields_of(match).items():
            setattr(self, name, value)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /
    ) -> Any:
        return cls(item, match)

    async def interaction_check(self, interaction: discord.Interaction[ParlorBot], /) -> bool:
        return await interaction.client.admit(interaction)

    async def callback(self, interaction: discord.Interaction[ParlorBot]) -> None:
        async with interaction.client.handling(interaction):
            await self.act(interaction)

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        """What a click does, inside ``handling``: a game's items hand the id's fields to one
        call of ``bot.table``."""
        raise NotImplementedError


class ChallengeButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="ch",
    fields=(number("challenge", 18), one_of("action", "accept", "decline", "cancel")),
):
    """Accept, Decline or Cancel a challenge."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        await interaction.client.table.answer_challenge(interaction, self.challenge, self.action)


class LobbyButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="lb",
    fields=(number("lobby", 18), one_of("action", "join", "leave", "start")),
):
    """Join, Leave or Start an open lobby."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        await interaction.client.table.answer_lobby(interaction, self.lobby, self.action)


class MoveSelect(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Select],
    tag="mv",
    fields=(GAME, VERSION, number("group", 3)),
):
    """One menu of legal moves (``group``: its place among the game's move groups); the move
    picked is played if the game is still at ``version``."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        values = self.item.values
        if len(values) != 1:
            await tell(interaction, "Pick one move.")
            return
        await interaction.client.table.play(interaction, self.game, values[0], version=self.version)


class PageButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="pg",
    fields=(GAME, VERSION, number("page", 3)),
):
    """Previous / More moves: shows another page of the move menus."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        await interaction.client.table.show_page(interaction, self.game, self.version, self.page)


class RollButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="rl",
    fields=(GAME, VERSION),
):
    """Roll the dice, when the game waits for the player to act to roll."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        await interaction.client.table.play(interaction, self.game, "roll", version=self.version)


class ControlButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="do",
    fields=(GAME, VERSION, one_of("move", "undo", "end", "tip 7")),
):
    """A control move on a button (``bot.menus.control_moves`` says which a game offers)."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
        await interaction.client.table.play(interaction, self.game, self.move, version=self.version)


class RemoveButton(
    FromCustomId,
    discord.ui.DynamicItem[discord.ui.Button],
    tag="rm",
    fields=(GAME, VERSION),
):
    """Remove the player to act, whose turn timer ran out (``bot/turn_timer.py``)."""

    async def act(self, interaction: discord.Interaction[ParlorBot]) -> None:
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
"""The items the bot registers (``add_dynamic_items``), so clicks on old messages reach them."""
