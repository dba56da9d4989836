"""``/replay`` on Discord: a private message showing a game at one move, with First / Back /
Forward / Last and a menu to jump to a move (the logic is the service's:
``bot/service/replays.py``; the words are ``bot/words/replays.py``). Each frame is drawn by the
live board's renderer in the board workers; the buttons' ids carry the game and the move, so a
replay still works after a restart, and each click is checked again: a move the game does not
have, or a game the clicker may not see, is refused privately and the message is left as it was.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.answers import ack, is_click, tell, update
from bot.discord.components import PRIMARY, SECONDARY, Components, action_row, button
from bot.discord.controls import ReplayButton, ReplaySelect
from bot.discord.replay_frames import Drawn, draw_frame
from bot.discord.table_base import TableBase
from bot.service.errors import ServiceError
from bot.service.replays import Frame
from bot.words import limits
from bot.words.replays import JumpOption, frame_text, stood_in

STEPS = (
    ("first", "First", "\N{BLACK LEFT-POINTING DOUBLE TRIANGLE}"),
    ("back", "Back", "\N{BLACK LEFT-POINTING TRIANGLE}"),
    ("forward", "Forward", "\N{BLACK RIGHT-POINTING TRIANGLE}"),
    ("last", "Last", "\N{BLACK RIGHT-POINTING DOUBLE TRIANGLE}"),
)


def target(step: str, move: int, total: int) -> int:
    """The move a step button leads to from ``move`` of ``total``."""
    return {"first": 0, "back": move - 1, "forward": move + 1, "last": total}[step]


def replay_view(frame: Frame, jumps: Sequence[JumpOption]) -> Components:
    """The four step buttons (those leading nowhere disabled) and the jump menu of turns
    (``jumps``)."""
    buttons = []
    for step, label, emoji in STEPS:
        to = target(step, frame.move, frame.moves)
        item = button(
            ReplayButton.custom_id_for(game=frame.record.id, move=to, step=step),
            label,
            PRIMARY if step == "forward" else SECONDARY,
            emoji,
        )
        item["disabled"] = to == frame.move or not 0 <= to <= frame.moves
        buttons.append(item)
    options: list[dict[str, Any]] = [
        {"label": o.label, "value": str(o.move), "default": o.current} for o in jumps
    ]
    menu = {
        "type": discord.ComponentType.select.value,
        "custom_id": ReplaySelect.custom_id_for(game=frame.record.id),
        "placeholder": limits.cut("Jump to a turn", limits.PLACEHOLDER),
        "options": options,
    }
    return Components([action_row(*buttons), action_row(menu)])


class ReplayTable(TableBase):
    async def replay(
        self, interaction: discord.Interaction, game_id: int, move: int | None = None
    ) -> None:
        """``/replay`` (``move`` None: the game's latest move) or a click on a replay's
        buttons or menu: the game at ``move``, for a user who may see it. A command answers
        with a new private message; a click edits the replay it came from."""
        await ack(interaction)  # drawing may take a while: Discord is answered first
        try:
            frame = await self.service.replay_state(
                game_id, move, user_id=interaction.user.id, guild_id=interaction.guild_id
            )
        except ServiceError as exc:
            await tell(interaction, str(exc))
            return
        drawn = await self.draw(frame)
        file = discord.File(
            io.BytesIO(drawn.png),
            filename=f"parlor-{game_id}-move-{frame.move}.png",
            description=limits.cut(drawn.alt, limits.ALT_TEXT),
        )
        text, view = frame_text(frame, drawn.said), replay_view(frame, drawn.options)
        if is_click(interaction):
            await update(interaction, content=text, attachments=[file], view=view)
        else:
            await tell(interaction, text, file=file, view=view)

    async def draw(self, frame: Frame) -> Drawn:
        """The frame replayed and drawn in one board worker call, kept per game, move, moves
        (the turns of a game still going change) and names."""
        record = frame.record
        return await self.bot.boards.kept(
            ("replay", record.id, frame.move, frame.moves, tuple(record.names)),
            record.key,
            draw_frame,
            record.key,
            record.num_players,
            record.options,
            [str(m) for m in record.state.history],
            [r.seat for r in frame.rows],
            frame.move,
            list(record.names),
            stood_in(frame),
        )
