"""The ``custom_id`` of every Parlor button and menu: each view writes ids that a click reads
back (``control_for``) to the very fields it was built from; the formats stay exactly those
on messages already posted (an old button must keep working); and an id that is not one of
ours (too many digits, an unknown action, anything after it) reaches no control, since the
ids come from whoever sent the click. Clicks themselves are in ``tests/bot/test_discord_*.py``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import discord
import pytest

import engine
from bot.discord.components import (
    challenge_view,
    game_view,
    lobby_view,
    rematch_view,
    reminder_view,
)
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
    ReplayButton,
    ReplaySelect,
    RollButton,
    StandInButton,
)
from bot.discord.custom_ids import CONTROLS, Control, control_for, number
from bot.discord.rules import RulesPageButton, rules_pages, rules_view
from bot.service.records import Challenge, GameRecord, Player
from bot.words.menus import control_moves, move_groups
from tests.bot.game_records import record_at

REGISTERED = (
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
    ReplayButton,
    ReplaySelect,
    RollButton,
    RulesPageButton,
    StandInButton,
)
"""Every kind of control a message of the bot carries."""
BIG_ID = 123_456_789_012_345_678  # 18 digits: a Discord snowflake-sized row id
BIG_VERSION = 987_654_321  # 9 digits
ANN, BEN = Player(101, "Ann"), Player(202, "Ben")


def record(state: engine.State, *, options=None, settings=None) -> GameRecord:
    """A game at ``state``, with the widest id and version the ids allow."""
    return record_at(
        state,
        id=BIG_ID,
        num_players=2,
        options=options or {},
        settings=settings or {},
        players=(ANN, BEN),
        guild_id=1,
        channel_id=2,
        version=BIG_VERSION,
    )


def challenge(*, lobby: bool) -> Challenge:
    return Challenge(
        id=BIG_ID,
        key="icesickle",
        num_players=2,
        options={},
        settings={},
        host=ANN,
        invited=None if lobby else BEN,
        guild_id=1,
        channel_id=2,
        message_id=None,
        status="open",
        created_at=0.0,
        expires_at=0.0,
        game_id=None,
    )


def played_until(key: str, wanted, options=None) -> engine.State:
    """A seeded random game of ``key`` played until ``wanted(state)`` holds."""
    rng = random.Random(0)
    state = engine.get_game(key).new_game(num_players=2, options=options or {})
    for _ in range(2_000):
        if state.outcome is not None:
            break
        if state.to_move == engine.CHANCE:
            state = state.apply(rng.choice([m for m, _ in state.chance_outcomes()]))
            continue
        if wanted(state):
            return state
        state = state.apply(rng.choice(state.legal_moves()))
    raise AssertionError(f"no {key} position of the kind wanted in a seeded game")


def read_back(custom_id: str) -> tuple[type, dict]:
    """The control ``custom_id`` reaches as a click would (``control_for``), and its fields:
    exactly one kind's template matches it."""
    matching = [cls for cls in REGISTERED if cls.id_template.fullmatch(custom_id)]
    assert len(matching) == 1, custom_id
    control = control_for(custom_id)
    assert type(control) is matching[0]
    return type(control), {field.name: getattr(control, field.name) for field in control.id_fields}


def ids_and_fields(view: discord.ui.View | None) -> list[tuple[type, str, dict]]:
    """Each control ``view`` sends (in the JSON it writes): the kind its id reaches, the id
    and the fields read back from it."""
    assert view is not None
    out = []
    for row in view.to_components():
        for component in row["components"]:
            kind, fields = read_back(component["custom_id"])
            out.append((kind, component["custom_id"], fields))
    return out


def test_every_kind_of_control_is_known_by_its_tag():
    assert {cls.id_tag: cls for cls in REGISTERED} == CONTROLS


def test_replay_ids_read_back_to_the_game_and_the_move():
    """A ``/replay``'s buttons and menu, at the widest game id and move number."""
    for step in ("first", "back", "forward", "last"):
        custom_id = ReplayButton.custom_id_for(game=BIG_ID, move=BIG_VERSION, step=step)
        assert len(custom_id) <= 100
        assert read_back(custom_id) == (
            ReplayButton,
            {"game": BIG_ID, "move": BIG_VERSION, "step": step},
        )
    assert read_back(ReplaySelect.custom_id_for(game=BIG_ID)) == (ReplaySelect, {"game": BIG_ID})
    assert control_for(f"parlor:rp:{BIG_ID}:1:sideways") is None


async def test_challenge_and_lobby_ids_read_back_to_the_challenge_and_action():
    assert ids_and_fields(challenge_view(challenge(lobby=False))) == [
        (ChallengeButton, f"parlor:ch:{BIG_ID}:{action}", {"challenge": BIG_ID, "action": action})
        for action in ("accept", "decline", "cancel")
    ]
    assert ids_and_fields(lobby_view(challenge(lobby=True))) == [
        (LobbyButton, f"parlor:lb:{BIG_ID}:{action}", {"lobby": BIG_ID, "action": action})
        for action in ("join", "leave", "start", "ai")
    ]


async def test_rematch_ids_read_back_to_the_game_and_the_rematch_and_action():
    """Rematch under a finished game's last board (none off Discord); Accept / Decline under
    the rematch."""
    state = engine.get_game("icesickle").new_game(num_players=2)
    over = replace(record(state), status="over")
    assert ids_and_fields(game_view(over)) == [
        (RematchButton, f"parlor:re:{BIG_ID}", {"game": BIG_ID})
    ]
    assert game_view(replace(over, channel_id=None)) is None
    assert ids_and_fields(rematch_view(challenge(lobby=True))) == [
        (RematchAnswer, f"parlor:ra:{BIG_ID}:{action}", {"rematch": BIG_ID, "action": action})
        for action in ("accept", "decline")
    ]


async def test_roll_and_remove_ids_read_back_to_the_game_and_version():
    """A timed Pachisi table that rolls by hand: Roll, Remove for when time runs out, and
    Follow (its id: the game and the action, no version: it works on any board of the game)."""
    options = {"turn_timer": 1}
    state = engine.get_game("pachisi").new_game(num_players=2, options=options)
    view = game_view(record(state, options=options, settings={"roll": "button"}))
    fields = {"game": BIG_ID, "version": BIG_VERSION}
    assert ids_and_fields(view) == [
        (RollButton, f"parlor:rl:{BIG_ID}:{BIG_VERSION}", fields),
        (RemoveButton, f"parlor:rm:{BIG_ID}:{BIG_VERSION}", fields),
        (StandInButton, f"parlor:si:{BIG_ID}:{BIG_VERSION}", fields),
        (FollowButton, f"parlor:fw:{BIG_ID}:follow", {"game": BIG_ID, "action": "follow"}),
    ]


async def test_the_reminder_button_reads_back_to_the_game_and_its_turn():
    state = engine.get_game("icesickle").new_game(num_players=2)
    turn = 1_790_000_000.75  # the turn's start, carried in whole seconds
    view = reminder_view(replace(record(state), turn_at=turn))
    fields = {"game": BIG_ID, "turn": 1_790_000_000}
    assert ids_and_fields(view) == [(QuietButton, f"parlor:nr:{BIG_ID}:1790000000", fields)]


async def test_move_menu_control_and_page_ids_read_back_to_what_they_show():
    """A position with more menus than one message holds and control buttons: every page's
    menus, controls and page buttons carry the game, the version and their own field; Follow
    is on every page."""
    state = played_until("ice-turn", lambda s: len(move_groups(s)) > 4 and control_moves(s))
    game = record(state)
    head = {"game": BIG_ID, "version": BIG_VERSION}
    seen: dict[type, list[str]] = {}
    for page in range(2):
        for cls, custom_id, fields in ids_and_fields(game_view(game, page)):
            seen.setdefault(cls, []).append(custom_id)
            if cls is FollowButton:  # the game's, on every board of it, whatever its version
                continue
            tail = {k: v for k, v in fields.items() if k not in head}
            assert fields == {**head, **tail}
            assert custom_id == ":".join(
                ["parlor", cls.id_tag, str(BIG_ID), str(BIG_VERSION), *map(str, tail.values())]
            )
    groups = len(seen[MoveSelect])
    assert groups > 4
    assert seen[MoveSelect] == [f"parlor:mv:{BIG_ID}:{BIG_VERSION}:{g}" for g in range(groups)]
    assert f"parlor:do:{BIG_ID}:{BIG_VERSION}:end" in seen[ControlButton]
    assert seen[FollowButton] == [f"parlor:fw:{BIG_ID}:follow"] * 2  # on both pages
    assert seen[PageButton] == [
        f"parlor:pg:{BIG_ID}:{BIG_VERSION}:1",  # page 0: More moves
        f"parlor:pg:{BIG_ID}:{BIG_VERSION}:0",  # page 1: Previous moves
    ] + ([f"parlor:pg:{BIG_ID}:{BIG_VERSION}:2"] if groups > 8 else [])


async def test_undo_and_tip_ids_keep_their_move_text():
    pachisi = played_until("pachisi", lambda s: "undo" in map(str, s.legal_moves()), {"undo": True})
    assert f"parlor:do:{BIG_ID}:{BIG_VERSION}:undo" in [
        i for _, i, _ in ids_and_fields(game_view(record(pachisi)))
    ]
    tip = played_until("ice-turn", lambda s: "tip 7" in map(str, s.legal_moves()))
    controls = [f for cls, _, f in ids_and_fields(game_view(record(tip))) if cls is ControlButton]
    assert {"game": BIG_ID, "version": BIG_VERSION, "move": "tip 7"} in controls


async def test_rules_page_ids_read_back_to_the_game_and_page():
    key = next(k for k in engine.GAMES if len(rules_pages(k)) > 2)
    assert ids_and_fields(rules_view(key, 2)) == [
        (RulesPageButton, f"parlor:rules:{key}:{page}", {"game": key, "page": page})
        for page in (1, 3)
    ]


BAD_IDS = [
    # extra digits
    "parlor:ch:1234567890123456789:accept",
    "parlor:lb:1234567890123456789:join",
    "parlor:mv:1:1234567890:0",
    "parlor:mv:1:2:1000",
    "parlor:pg:1:2:1000",
    "parlor:rl:1234567890123456789:2",
    "parlor:rm:1:1234567890",
    "parlor:do:1:1234567890:end",
    "parlor:rules:pachisi:1000",
    # wrong action or move
    "parlor:ch:1:join",
    "parlor:ch:1:Accept",
    "parlor:ch:1:acceptx",
    "parlor:lb:1:accept",
    "parlor:do:1:2:tip 8",
    "parlor:do:1:2:tip",
    "parlor:do:1:2:roll",
    "parlor:do:1:2:end movement",
    "parlor:rules:Pachisi:1",
    "parlor:ra:1:cancel",
    "parlor:ra:1:join",
    # trailing text
    "parlor:ch:1:accept:",
    "parlor:lb:1:join ",
    "parlor:mv:1:2:3:4",
    "parlor:pg:1:2:3x",
    "parlor:rl:1:2\n",
    "parlor:rm:1:2:3",
    "parlor:do:1:2:end\n",
    "parlor:rules:pachisi:1/2",
    "parlor:re:1:2",
    "parlor:ra:1:accept ",
    # anything else that is not one of ours
    " parlor:rl:1:2",
    "xparlor:rl:1:2",
    "parlor:rl:1",
    "parlor:rl::2",
    "parlor:rl:-1:2",
    "parlor:rl:1:+2",
    "parlor:rl:\u0661:2",  # an Arabic-Indic one: a digit to \d, not to us
    "parlor:xx:1:2",
    "parlour:rl:1:2",
]


@pytest.mark.parametrize("custom_id", BAD_IDS)
async def test_a_malformed_id_reaches_no_control(custom_id):
    """Neither the click's lookup nor any kind's own reading accepts it: every field is
    checked in full, with nothing before or after."""
    assert control_for(custom_id) is None
    for cls in REGISTERED:
        assert cls.read(custom_id) is None, cls.__name__
        assert cls.id_template.match(custom_id) is None, cls.__name__


async def test_an_id_is_built_from_its_fields_only():
    """A missing or unknown field is a programming error; a value its field cannot hold makes
    an id no click reads back (it would never reach the control)."""
    with pytest.raises(TypeError, match="carry"):
        RollButton.custom_id_for(game=1)
    with pytest.raises(TypeError, match="carry"):
        RollButton.custom_id_for(game=1, version=2, group=3)
    too_many = MoveSelect.custom_id_for(game=1, version=2, group=1000)
    assert control_for(too_many) is None and MoveSelect.read(too_many) is None


def test_a_field_may_not_hide_what_the_control_has_nor_a_tag_be_taken_twice():
    """A field named like a control's own attribute (``act``, ``read`` ...) would overwrite
    it when the id is read; a second kind with a tag already taken would take its clicks:
    both classes are refused."""
    with pytest.raises(TypeError, match="would hide the control's own 'act'"):

        class Clash(Control, tag="zz", fields=(number("act", 1),)):
            pass

    with pytest.raises(TypeError, match="the tag 'rl' is RollButton's"):

        class Twice(Control, tag="rl", fields=(number("x", 1),)):
            pass

    assert "zz" not in CONTROLS and CONTROLS["rl"] is RollButton
