"""The buttons and menus under Parlor's messages, as they go out.

Every message's components are written as Discord's own JSON (``Components``), each with the
custom id of the control its click reaches (``bot/discord/controls.py``), read back from the id
alone (``bot/discord/custom_ids.py``), so buttons on messages posted before a restart keep
working.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.controls import (
    BackButton,
    ChallengeButton,
    ControlButton,
    FollowButton,
    LevelSelect,
    LobbyButton,
    MoveSelect,
    PageButton,
    QuietButton,
    RematchAnswer,
    RematchButton,
    RemoveButton,
    RollButton,
    StandInButton,
)
from bot.discord.custom_ids import Control
from bot.service.clocks import claim_shown
from bot.service.records import Challenge, GameRecord, GameSummary
from bot.words import limits
from bot.words.menus import control_moves, move_groups, options

SELECTS_PER_PAGE = 4
"""Select menus on one message: a fifth action row stays free for the buttons (a page holds
one menu fewer when the buttons take two rows)."""
BUTTONS_PER_ROW = 5
"""Discord's most buttons in one action row."""


class Components(discord.ui.View):
    """A message's components written as Discord's own JSON, one dict per action row.

    A turn's menus hold up to a hundred options, and building discord.py's item objects for
    them, then writing those out, costs several times the dicts they become, on every move.
    The view has no items, so discord.py neither keeps nor dispatches it: a click reaches the
    control its id names (``custom_ids.control_for``), as a click on any message does."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__(timeout=None)
        self.rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self.rows


def game_view(record: GameRecord, page: int = 0, now: float = 0.0) -> Components | None:
    """Select menus of the legal moves for the player to act, paged four menus at a time;
    the buttons (Roll, the game's controls, a claim once time is up at ``now``, other pages)
    in a row of their own. A finished game played on Discord: Rematch."""
    if record.over:
        return rematch_button(record)
    if record.player_to_move is None:
        return None
    head = {"game": record.id, "version": record.version}
    back = (
        [button(BackButton.custom_id_for(game=record.id), "I'm back")] if record.stand_ins else []
    )
    if record.ai_to_act and not record.absent_to_act:  # Parlor plays: nothing to choose
        return Components([action_row(*back)]) if back else None
    fixed = _claim_button(record, now) + back + follow_button(record)
    if record.awaiting_roll:
        roll = button(RollButton.custom_id_for(**head), "Roll", PRIMARY, "\N{GAME DIE}")
        return Components([action_row(roll, *fixed)])
    fixed = [
        button(
            ControlButton.custom_id_for(**head, move=move),
            label,
            PRIMARY if move == "end" else SECONDARY,
        )
        for move, label in control_moves(record.state)
    ] + fixed
    groups = move_groups(record.state)
    per_page = SELECTS_PER_PAGE if len(fixed) <= BUTTONS_PER_ROW - 2 else SELECTS_PER_PAGE - 1
    pages = max(1, -(-len(groups) // per_page))
    page = min(max(page, 0), pages - 1)
    first = page * per_page
    rows = [
        action_row(
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
        for index, (label, moves) in enumerate(groups[first : first + per_page], first)
    ]
    buttons = fixed
    if pages > 1:
        for target, text in ((page - 1, "Previous moves"), (page + 1, "More moves")):
            if 0 <= target < pages:
                buttons.append(button(PageButton.custom_id_for(**head, page=target), text))
    rows += [
        action_row(*buttons[at : at + BUTTONS_PER_ROW])
        for at in range(0, len(buttons), BUTTONS_PER_ROW)
    ]
    return Components(rows)


SELECT, BUTTON = discord.ComponentType.string_select.value, discord.ComponentType.button.value
PRIMARY, SECONDARY = discord.ButtonStyle.primary.value, discord.ButtonStyle.secondary.value
SUCCESS, DANGER = discord.ButtonStyle.success.value, discord.ButtonStyle.danger.value


def action_row(*components: dict[str, Any]) -> dict[str, Any]:
    """A row of components, as Discord's JSON."""
    return {"type": discord.ComponentType.action_row.value, "components": list(components)}


def button(custom_id: str, label: str, style: int = SECONDARY, emoji: str = "") -> dict:
    """A button, as Discord's JSON (``style``: a ``discord.ButtonStyle`` value)."""
    button = {"type": BUTTON, "style": style, "label": label, "custom_id": custom_id}
    if emoji:
        button["emoji"] = {"name": emoji}
    return button


def follow_button(record: GameRecord) -> list[dict[str, Any]]:
    """Follow, for anyone who is not a player (a player's click is told they play it); none
    for a game off Discord (``bot/service/follows.py``)."""
    if record.channel_id is None:
        return []
    follow = FollowButton.custom_id_for(game=record.id, action="follow")
    return [button(follow, "Follow", SECONDARY, "\N{EYES}")]


def unfollow_view(game_id: int) -> Components:
    """Unfollow, under the private answer to Follow."""
    unfollow = FollowButton.custom_id_for(game=game_id, action="unfollow")
    return Components([action_row(button(unfollow, "Unfollow", SECONDARY))])


def unfollow_buttons(game_ids: list[int]) -> Components | None:
    """ "Unfollow #12", one a followed game, under a digest (the first 25: Discord's 5 rows of
    5); None for no game."""
    buttons = [
        button(FollowButton.custom_id_for(game=game_id, action="unfollow"), f"Unfollow #{game_id}")
        for game_id in game_ids[: BUTTONS_PER_ROW**2]
    ]
    rows = [
        action_row(*buttons[at : at + BUTTONS_PER_ROW])
        for at in range(0, len(buttons), BUTTONS_PER_ROW)
    ]
    return Components(rows) if rows else None


def _claim_button(record: GameRecord, now: float) -> list[dict[str, Any]]:
    """Once the player to act is out of time (``clocks.claim_shown``), buttons for the
    others: "Claim the win" when only two are left, else "Remove NAME"; and "Let Parlor play
    for NAME" (``bot/service/ai_turns.py``)."""
    mover = record.player_to_move
    if mover is None or not claim_shown(record, now):
        return []
    label = "Claim the win" if record.players_in <= 2 else f"Remove {mover.name}"
    head = {"game": record.id, "version": record.version}
    return [
        button(
            RemoveButton.custom_id_for(**head),
            limits.cut(label, limits.BUTTON_LABEL),
            DANGER,
            "\N{ALARM CLOCK}",
        ),
        button(
            StandInButton.custom_id_for(**head),
            limits.cut(f"Let Parlor play for {mover.name}", limits.BUTTON_LABEL),
            SECONDARY,
            "\N{ROBOT FACE}",
        ),
    ]


def challenge_view(challenge: Challenge) -> Components:
    """Accept / Decline / Cancel under a challenge."""
    return _actions(ChallengeButton, "challenge", challenge.id, CHALLENGE_ACTIONS)


def lobby_view(lobby: Challenge) -> Components:
    """Join / Leave / Start / Add AI under an open lobby."""
    return _actions(LobbyButton, "lobby", lobby.id, LOBBY_ACTIONS)


CHALLENGE_ACTIONS = {"accept": SUCCESS, "decline": DANGER, "cancel": SECONDARY}
LOBBY_ACTIONS = {"join": SUCCESS, "leave": SECONDARY, "start": PRIMARY, "ai": SECONDARY}
LABELS = {"ai": "Add AI"}
"""Labels of the actions not named by their word, capitalised."""


def _actions(kind: type[Control], field: str, value: int, actions: dict[str, int]) -> Components:
    """One row of buttons, one per action, labelled with the action (capitalised)."""
    ids = {action: kind.custom_id_for(**{field: value}, action=action) for action in actions}
    return Components(
        [
            action_row(
                *(
                    button(ids[a], LABELS.get(a, a.capitalize()), style)
                    for a, style in actions.items()
                )
            )
        ]
    )


def rematch_button(record: GameRecord) -> Components | None:
    """Rematch under a finished game's last board, for its players
    (``bot/service/rematches.py``); none for a game played off Discord."""
    if record.channel_id is None:
        return None
    rematch = button(RematchButton.custom_id_for(game=record.id), "Rematch", PRIMARY)
    return Components([action_row(rematch)])


def rematch_view(rematch: Challenge) -> Components:
    """Accept / Decline under an open rematch."""
    return _actions(RematchAnswer, "rematch", rematch.id, REMATCH_ACTIONS)


REMATCH_ACTIONS = {"accept": SUCCESS, "decline": DANGER}


def level_view(lobby_id: int) -> Components:
    """The level menu Add AI shows its host (privately)."""
    select = {
        "type": SELECT,
        "custom_id": LevelSelect.custom_id_for(lobby=lobby_id),
        "placeholder": "Parlor's level",
        "min_values": 1,
        "max_values": 1,
        "options": [
            {"label": f"Parlor ({level})", "value": level, "description": words}
            for level, words in LEVEL_WORDS.items()
        ],
    }
    return Components([action_row(select)])


LEVEL_WORDS = {  # one for each of ``engine.ai.LEVELS``, which the menu's control accepts
    "easy": "a legal move, a little better than chance",
    "medium": "the best-looking move one step ahead",
    "hard": "searches ahead, weighing the dice",
}


def reminder_view(record: GameRecord | GameSummary) -> Components:
    """The button under a reminder."""
    assert record.turn_at is not None
    quiet = QuietButton.custom_id_for(game=record.id, turn=int(record.turn_at))
    return Components([action_row(button(quiet, "No more reminders this turn", SECONDARY))])
