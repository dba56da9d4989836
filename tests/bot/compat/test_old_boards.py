"""Boards posted before a change keep working after it: a bot started on a copy of a database
made by an earlier Parlor (``fixture/parlor.db``, made by ``make_fixture.py``), with the
messages that Parlor posted back on the (fake) server, takes a click on every kind of control
those messages carry, as a player would see it: answered, the move taken, the game moving on,
a wrong player refused with a message.

The custom ids on those messages are pinned (``GOLDEN``): they are what the bot writes, and a
change of their format would strand every board already posted. Only ``bot.create_bot``, the
``sweep()`` of the bot it makes and what the bot posts are used here, never a module of
``bot``. The fixture
is made once and kept: made again, it must come from a bot that still writes these formats,
and ``GOLDEN`` takes the lists the generator prints."""

from __future__ import annotations

import re
import shutil
from contextlib import asynccontextmanager

import pytest

from tests.bot.answers import answer
from tests.bot.turns import mentioned
from tests.fakediscord import FakeDiscord, run_bot

from .common import DATABASE, Moment, load, new_bot, seed

DAY = 86_400.0
RECORDED = load()
SCENES = RECORDED["scenes"]

GOLDEN = {
    "challenge": ["parlor:ch:10:accept", "parlor:ch:10:decline", "parlor:ch:10:cancel"],
    "lobby": ["parlor:lb:9:join", "parlor:lb:9:leave", "parlor:lb:9:start", "parlor:lb:9:ai"],
    "levels": ["parlor:al:9"],
    "icesickle": ["parlor:mv:4:1:0", "parlor:mv:4:1:1", "parlor:mv:4:1:2"],
    "moved_on": ["parlor:mv:4:0:0", "parlor:mv:4:0:1", "parlor:mv:4:0:2"],
    "finished": ["parlor:mv:3:0:0", "parlor:mv:3:0:1", "parlor:mv:3:0:2"],
    "game_over": [],
    "ice-turn": [
        "parlor:mv:5:20:0",
        "parlor:mv:5:20:1",
        "parlor:mv:5:20:2",
        "parlor:mv:5:20:3",
        "parlor:do:5:20:tip 7",
        "parlor:do:5:20:end",
        "parlor:pg:5:20:1",
    ],
    "pachisi_roll": ["parlor:rl:6:0"],
    "pachisi": ["parlor:mv:7:3:0", "parlor:do:7:3:undo"],
    "pach-ice-i": ["parlor:mv:8:0:0"],
    "out_of_time": [
        "parlor:mv:1:0:0",
        "parlor:mv:1:0:1",
        "parlor:mv:1:0:2",
        "parlor:rm:1:0",
        "parlor:si:1:0",
    ],
    "reminder": ["parlor:nr:1:1795853160"],
    "stand_in": ["parlor:mv:2:2:0", "parlor:mv:2:2:1", "parlor:mv:2:2:2", "parlor:bk:2"],
    "rules": ["parlor:rules:ice-turn:2"],
}
"""Every control on the recorded messages, by scene: one of each kind the bot posts."""


def walk(components):
    for component in components:
        yield component
        yield from walk(component.get("components", []))


def recorded_ids(scene: str) -> list[str]:
    """The custom ids of a scene's message as recorded, in order."""
    message = next(m for m in RECORDED["messages"] if m["id"] == SCENES[scene]["message"])
    return [c["custom_id"] for c in walk(message["components"]) if "custom_id" in c]


def buttons(message) -> dict[str, str]:
    return {b.get("label", ""): b["custom_id"] for b in message.buttons if "custom_id" in b}


def options(message) -> dict[str, list[str]]:
    return {s["custom_id"]: [o["value"] for o in s["options"]] for s in message.selects}


class Old:
    """The fake server as the earlier bot left it, and the bot started on its database."""

    def __init__(self, fake, users, made, clock) -> None:
        self.fake, self.users, self.bot, self.clock = fake, users, made, clock
        self.by_id = {u.id: u for u in users.values()}

    def message(self, scene: str):
        return self.fake.message(SCENES[scene]["message"])

    def thread(self, scene: str):
        return self.fake.channel(SCENES[scene]["channel"])

    def who(self, scene: str, role: str = "mover"):
        return self.by_id[SCENES[scene][role]]

    def others(self, *users):
        return [u for u in self.users.values() if u not in users]

    async def click(self, user, scene: str, custom_id: str):
        return await answer(await self.fake.click(user, self.message(scene), custom_id))

    async def select(self, user, scene: str, custom_id: str, value: str):
        return await answer(await self.fake.select(user, self.message(scene), custom_id, [value]))

    def after(self, scene: str) -> list:
        """The messages posted in the scene's channel after its message."""
        message = self.message(scene)
        return [m for m in self.fake.messages_in(message.channel_id) if m.id > message.id]

    async def posted_after(self, scene: str, predicate, what: str):
        return await self.fake.wait_until(
            lambda: next((m for m in self.after(scene) if predicate(m)), None), what
        )


@asynccontextmanager
async def old_server(tmp_path):
    db = tmp_path / "parlor.db"
    shutil.copy(DATABASE, db)
    clock = Moment(RECORDED["clock"] + 60)  # a minute after the earlier bot stopped
    async with FakeDiscord() as fake:
        users = seed(fake, RECORDED)
        made = new_bot(str(db), clock)
        async with run_bot(fake, made):
            yield Old(fake, users, made, clock)
        fake.assert_clean()


@pytest.fixture
async def old(tmp_path):
    async with old_server(tmp_path) as server:
        yield server


def shape(custom_id: str) -> str:
    """An id with its numbers (challenge, game, version...) left out: its format."""
    return re.sub(r"[0-9]+", "#", custom_id)


def test_the_recorded_messages_carry_the_golden_ids():
    """The fixture holds every kind of control, with the ids as the bot wrote them."""
    assert {scene: recorded_ids(scene) for scene in SCENES} == GOLDEN
    tags = {i.split(":")[1] for ids in GOLDEN.values() for i in ids}
    assert tags == {"ch", "lb", "al", "mv", "pg", "do", "rl", "rm", "si", "nr", "bk", "rules"}


def but_follow(ids: list[str], game: int) -> list[str]:
    """A board's ids as recorded before Follow came: today's carry Follow (its own format,
    ``parlor:fw:GAME:follow``) beside them, and nothing else new."""
    assert f"parlor:fw:{game}:follow" in ids
    return [i for i in ids if not i.startswith("parlor:fw:")]


async def test_the_bot_writes_the_same_ids_today(old):
    """What the bot posts now for the same messages carries the recorded ids: the rules page,
    the Ice-Turn board paged forth and back, the board after a move and a roll; a new
    challenge, lobby, level menu and reminder have the recorded format."""
    ann, ben, cat = old.users["ann"], old.users["ben"], old.users["cat"]
    rules = await answer(
        await old.fake.slash(ann, old.thread("rules"), "rules", {"game": "ice-turn"})
    )
    assert rules.custom_ids == GOLDEN["rules"]

    mover = old.who("ice-turn")
    more = await old.click(mover, "ice-turn", buttons(old.message("ice-turn"))["More moves"])
    assert more.updated and more.custom_ids != GOLDEN["ice-turn"]
    back = await old.click(mover, "ice-turn", buttons(old.message("ice-turn"))["Previous moves"])
    assert back.updated and but_follow(back.custom_ids, 5) == GOLDEN["ice-turn"]

    menus = options(old.message("icesickle"))
    first = sorted(menus)[0]
    await old.select(old.who("icesickle"), "icesickle", first, menus[first][0])
    board = await old.posted_after("icesickle", lambda m: m.components, "the next board")
    assert but_follow(board.custom_ids, 4) == [
        i.replace(":4:1:", ":4:2:") for i in GOLDEN["icesickle"]
    ]

    await old.click(old.who("pachisi_roll"), "pachisi_roll", GOLDEN["pachisi_roll"][0])
    board = await old.posted_after("pachisi_roll", lambda m: m.components, "the next board")
    assert but_follow(board.custom_ids, 6) == ["parlor:rl:6:1"]

    games = old.thread("challenge")
    rec = await old.fake.slash(ann, games, "play", {"opponent": cat}, subcommand="icesickle")
    challenge = (await rec.response()).message
    assert [shape(i) for i in challenge.custom_ids] == [shape(i) for i in GOLDEN["challenge"]]
    assert challenge.custom_ids != GOLDEN["challenge"]  # a challenge of its own
    rec = await old.fake.slash(ben, games, "play", {"players": 3}, subcommand="pachisi")
    lobby = (await rec.response()).message
    assert [shape(i) for i in lobby.custom_ids] == [shape(i) for i in GOLDEN["lobby"]]
    levels = await answer(await old.fake.click(ben, lobby, buttons(lobby)["Add AI"]))
    assert [shape(i) for i in levels.custom_ids] == [shape(i) for i in GOLDEN["levels"]]

    # Time passes (``sweep``: what the bot does each minute): a reminder in game 4.
    old.clock.now += 2.6 * DAY  # 80% of its 3 days gone
    await old.bot.sweep()
    reminder = await old.posted_after(
        "icesickle", lambda m: "No more reminders this turn" in buttons(m), "a reminder"
    )
    (quiet,) = reminder.custom_ids
    assert shape(quiet) == shape(GOLDEN["reminder"][0]) and quiet.startswith("parlor:nr:4:")


async def test_an_old_challenge_is_accepted_by_the_invited_player_only(old):
    ann, ben, cat = old.users["ann"], old.users["ben"], old.users["cat"]
    accept = GOLDEN["challenge"][0]
    for who in (cat, ann):
        refused = await old.click(who, "challenge", accept)
        assert refused.ephemeral and "Only the invited player" in refused.content
    accepted = await old.click(ben, "challenge", accept)
    assert accepted.updated and "challenge accepted" in accepted.content
    assert not accepted.custom_ids
    thread = await old.fake.wait_for_thread(old.thread("challenge"), after=old.message("challenge"))
    board = await old.fake.wait_for_message(thread, lambda m: m.selects)
    title = board.content.splitlines()[0]  # who sits first is drawn by lot
    assert title in ("**IceSickle** #9 · ann vs ben", "**IceSickle** #9 · ben vs ann")


async def test_an_old_lobby_seats_joins_and_adds_parlor_from_its_old_menu(old):
    ben, cat, dan = old.users["ben"], old.users["cat"], old.users["dan"]
    joined = await old.click(ben, "lobby", GOLDEN["lobby"][0])
    assert joined.updated and "Seated (3/4): cat, dan, ben" in joined.content
    start = await old.click(dan, "lobby", GOLDEN["lobby"][2])
    assert start.ephemeral and "Only the host, cat, can start" in start.content
    level = GOLDEN["levels"][0]
    refused = await old.select(ben, "levels", level, "easy")
    assert refused.ephemeral and "Only the host, cat, can add Parlor" in refused.content
    full = await old.select(cat, "levels", level, "easy")
    assert full.updated and "the lobby is full. The game is on in" in full.content
    thread = await old.fake.wait_for_thread(old.thread("lobby"), after=old.message("lobby"))
    board = await old.fake.wait_for_message(thread, lambda m: m.attachments)  # Parlor's turn too
    title = board.content.splitlines()[0]
    assert title.startswith("**Pachisi** #9 · ") and "Parlor (easy)" in title


@pytest.mark.parametrize("scene", ["icesickle", "pach-ice-i", "stand_in"])
async def test_a_move_from_an_old_menu_is_taken_from_its_player_only(old, scene):
    mover, menus = old.who(scene), options(old.message(scene))
    menu = sorted(menus)[0]
    move = menus[menu][0]
    for other in old.others(mover):
        refused = await old.select(other, scene, menu, move)
        assert refused.ephemeral and refused.content.startswith("Not played: ")
        assert "not your turn" in refused.content or "not playing" in refused.content
    taken = await old.select(mover, scene, menu, move)
    assert taken.updated and not taken.custom_ids  # the old board loses its menus
    board = await old.posted_after(scene, lambda m: m.components, "the next board")
    assert f"{mover.name} played **" in board.content
    assert mentioned(board) and mentioned(board) != [mover.id]  # the turn moved on


async def test_old_ice_turn_pages_and_control_buttons(old):
    mover, cat = old.who("ice-turn"), old.users["cat"]
    page = await old.click(mover, "ice-turn", buttons(old.message("ice-turn"))["More moves"])
    assert page.updated and "Previous moves" in buttons(page.message)
    tip = GOLDEN["ice-turn"][4]  # parlor:do:5:20:tip 7
    refused = await old.click(cat, "ice-turn", tip)
    assert refused.ephemeral and "not your turn" in refused.content
    done = await old.click(mover, "ice-turn", tip)
    assert done.updated and "This turn: tip 7" in done.content  # the same turn, edited
    assert "TIP: points to 7" not in buttons(done.message)


async def test_an_old_roll_and_undo_button(old):
    ben, cat = old.users["ben"], old.users["cat"]
    roll = GOLDEN["pachisi_roll"][0]
    refused = await old.click(ben, "pachisi_roll", roll)
    assert refused.ephemeral and "not your turn: waiting for cat" in refused.content
    rolled = await old.click(cat, "pachisi_roll", roll)
    assert rolled.updated and not rolled.custom_ids
    board = await old.posted_after("pachisi_roll", lambda m: m.components, "the next board")
    assert "cat rolled **" in board.content

    undo = GOLDEN["pachisi"][1]
    refused = await old.click(ben, "pachisi", undo)
    assert refused.ephemeral and "not your turn: waiting for dan" in refused.content
    undone = await old.click(old.who("pachisi"), "pachisi", undo)
    assert undone.updated and "played **enter**, **undo**" in undone.content


async def test_an_old_board_that_moved_on_or_ended_plays_nothing(old):
    """The boards as they were posted, with their menus: a click from one of them (made
    before the bot removed the menus, and arriving now) is refused and posts nothing."""
    for scene, said in (
        ("moved_on", "That board is out of date; nothing was played."),
        ("finished", "This game is over; no more moves can be played."),
    ):
        before = len(old.after(scene))
        menus = options(old.message(scene))
        menu = sorted(menus)[0]
        refused = await old.select(old.who(scene), scene, menu, menus[menu][0])
        assert refused.ephemeral and said in refused.content
        assert len(old.after(scene)) == before


async def test_old_clock_buttons_claim_stand_in_reminders_and_back(old):
    ben, cat, dan = old.users["ben"], old.users["cat"], old.users["dan"]
    quiet = GOLDEN["reminder"][0]
    refused = await old.click(ben, "reminder", quiet)
    assert refused.ephemeral and "Only the player whose turn it is" in refused.content
    quieted = await old.click(cat, "reminder", quiet)
    assert quieted.updated and not quieted.custom_ids

    claim, stand_in = GOLDEN["out_of_time"][3:]
    own = await old.click(cat, "out_of_time", claim)
    assert own.ephemeral and "can't claim a win from yourself" in own.content
    own = await old.click(cat, "out_of_time", stand_in)
    assert own.ephemeral and "make your move instead" in own.content
    stranger = await old.click(dan, "out_of_time", stand_in)
    assert stranger.ephemeral and "Only the other players" in stranger.content
    claimed = await old.click(ben, "out_of_time", claim)
    assert claimed.updated and not claimed.custom_ids
    await old.posted_after(
        "out_of_time", lambda m: "ben claimed the win: cat ran out of time" in m.content, "the end"
    )

    back = GOLDEN["stand_in"][3]
    ann = old.who("stand_in")
    own = await old.click(ann, "stand_in", back)
    assert own.ephemeral and "playing your own seat already" in own.content
    await old.click(dan, "stand_in", back)
    await old.posted_after("stand_in", lambda m: "dan is back" in m.content, "dan back")


async def test_old_rules_pages_page(old):
    cat = old.users["cat"]
    shown = await old.click(cat, "rules", GOLDEN["rules"][0])
    assert shown.updated and shown.content.startswith("**A turn**")
    assert shown.custom_ids == ["parlor:rules:ice-turn:1", "parlor:rules:ice-turn:3"]
    first = await old.click(cat, "rules", "parlor:rules:ice-turn:1")
    assert first.updated and first.content.startswith("**Ice-Turn** (2-4 players)")
