"""The ``custom_id`` of every Parlor button and menu, which carries everything needed to act on
a click, after a restart too.

Each kind of control declares its id once, as a tag and typed fields
(``parlor:mv:<game>:<version>:<group>``); the strict template that reads it and the
``custom_id_for`` that writes it both come from that declaration. A click's id names its
control (``control_for``), rebuilt from the id alone with each field's value as an
attribute; the bot runs its ``act``, passing itself as the ``Parts`` the control acts through
(``bot/discord/parts.py``). The controls of Parlor's messages are in ``bot/discord/controls.py``
(and ``rules.py``). The ids are untrusted input: the templates are strict, and the table
re-checks everything against storage.

discord.py's own ``DynamicItem`` does the same by rebuilding, on every click, the whole
message's components as item objects to find the one clicked: a turn message's menus hold up
to a hundred options, and that cost more than the rest of reading the click.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord

if TYPE_CHECKING:
    from bot.discord.parts import Parts


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

CONTROLS: dict[str, type[Control]] = {}
"""Every kind of control, by the tag its ids carry."""


class Control:
    """What every Parlor button and menu shares. Its id is declared as class keywords ``tag``
    and ``fields`` (``class RollButton(Control, tag="rl", fields=(GAME, VERSION))``)."""

    id_tag: ClassVar[str]
    id_fields: ClassVar[tuple[Field, ...]]
    id_template: ClassVar[re.Pattern[str]]
    """The template made of ``id_tag`` and ``id_fields``: a click's id matches it in full."""

    def __init_subclass__(cls, *, tag: str, fields: tuple[Field, ...], **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for field in fields:
            if hasattr(cls, field.name):
                raise TypeError(
                    f"{cls.__name__}: a field named {field.name!r} would hide "
                    f"the control's own {field.name!r}"
                )
        if tag in CONTROLS:
            raise TypeError(f"{cls.__name__}: the tag {tag!r} is {CONTROLS[tag].__name__}'s")
        cls.id_tag, cls.id_fields = tag, fields
        cls.id_template = template_for(tag, fields)
        CONTROLS[tag] = cls

    @classmethod
    def custom_id_for(cls, **values: object) -> str:
        """The id carrying ``values``, one per field, by name (a value that does not fit its
        field makes an id the template refuses: its clicks would reach nothing)."""
        names = [field.name for field in cls.id_fields]
        if sorted(values) != sorted(names):
            raise TypeError(f"{cls.__name__} ids carry {names}, not {sorted(values)}")
        return ":".join(("parlor", cls.id_tag, *(str(values[name]) for name in names)))

    @classmethod
    def read(cls, custom_id: str) -> Control | None:
        """The control ``custom_id`` names, with its fields' values as attributes; None when
        the id does not match this kind's template in full."""
        match = cls.id_template.fullmatch(custom_id)
        if match is None:
            return None
        control = cls()
        for field in cls.id_fields:
            setattr(control, field.name, field.read(match[field.name]))
        return control

    async def act(self, interaction: discord.Interaction, parts: Parts) -> None:
        """What a click does, inside the bot's ``handling``: a game's controls hand the id's
        fields to one call of the table's (``parts.table``: ``bot.discord.table``)."""
        raise NotImplementedError


def control_for(custom_id: str) -> Control | None:
    """The control a click's ``custom_id`` names, rebuilt from the id alone; None for any id
    that is not exactly one of ours."""
    parts = custom_id.split(":", 2)
    kind = CONTROLS.get(parts[1]) if len(parts) > 2 else None  # its template checks the rest
    return None if kind is None else kind.read(custom_id)


def values_of(interaction: discord.Interaction) -> list[str]:
    """What was picked in the select menu clicked (empty for a button)."""
    return list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
