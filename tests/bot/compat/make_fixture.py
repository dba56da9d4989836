"""Makes the fixture of ``test_old_boards.py``: boards posted by the bot as it is now, to be
clicked by a later bot (``python -m tests.bot.compat.make_fixture``, from the repository's
root; it overwrites ``fixture/``).

It plays over the fake Discord, with the bot's clock moved by hand, until the server holds
one of each kind of control the bot posts: an open challenge, a lobby with seats and its
Add AI level menu, boards of the four games with their move menus and buttons (Roll, Undo,
End, more moves), a reminder, a board whose clock ran out (claim, let Parlor play), a board
with I'm back, a finished game and a rules page. It keeps the database file and, as JSON,
the world (the recorded ids) and every message that carries controls, with its components
exactly as posted; ``scenes`` names them for the tests.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
import shutil
import sqlite3
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

from tests.bot.answers import answer
from tests.bot.turns import mentioned
from tests.fakediscord import FakeDiscord, run_bot

from .common import DATABASE, FIXTURE, MESSAGES, NAMES, Moment, new_bot

DAY = 86_400.0


def buttons(message) -> dict[str, str]:
    return {b.get("label", ""): b["custom_id"] for b in message.buttons if "custom_id" in b}


def is_board(message) -> bool:
    return bool(message.attachments) and "#" in message.content


class Recorder:
    def __init__(self, fake: FakeDiscord, clock: Moment, made) -> None:
        self.fake, self.clock, self.bot = fake, clock, made
        guild = fake.add_guild(name="Parlour")
        self.guild = guild
        self.games = fake.add_text_channel(guild, "games")
        self.users = {name: fake.add_user(name) for name in NAMES}
        self.scenes: dict[str, dict[str, Any]] = {}
        self.shown: dict[int, dict[str, Any]] = {}

    def scene(self, name: str, message, **more: Any) -> None:
        """``message`` as it is now (its controls as posted, whatever comes later), named
        ``name`` with ``more`` said of it."""
        self.scenes[name] = {"message": message.id, "channel": message.channel_id, **more}
        self.shown[message.id] = {
            "content": message.content,
            "components": copy.deepcopy(message.components),
        }

    async def challenge(self, host: str, guest: str, game: str, **options: Any):
        fake, users = self.fake, self.users
        rec = await fake.slash(
            users[host], self.games, "play", {"opponent": users[guest], **options}, subcommand=game
        )
        return (await rec.response()).message

    async def started(self, host: str, guest: str, game: str, **options: Any):
        """``host`` challenges ``guest``, who accepts: the thread and its first board."""
        fake = self.fake
        message = await self.challenge(host, guest, game, **options)
        accept = next(c for c in message.custom_ids if c.endswith(":accept"))
        await answer(await fake.click(self.users[guest], message, accept))
        thread = await fake.wait_for_thread(self.games, lambda t: not fake.messages_in(t))
        board = await fake.wait_for_message(thread, lambda m: is_board(m) and m.components)
        return thread, board

    def mover(self, board):
        (pinged,) = mentioned(board)
        return next(u for u in self.users.values() if u.id == pinged)

    async def next_board(self, thread, board, edits: int):
        """The board with live controls after a decision on ``board`` (which had ``edits``
        revisions before it): a new one, or ``board`` edited in place."""

        def found():
            later = [
                m
                for m in self.fake.messages_in(thread)
                if m.attachments and m.id > board.id and m.components
            ]
            if later:
                return later[-1]
            now = self.fake.message(board.id)
            return now if len(now.revisions) > edits and now.components else None

        return await self.fake.wait_until(found, "the next board")

    async def pick(self, thread, board, rng: random.Random):
        """The player to move picks a move in one of ``board``'s menus."""
        menus = {s["custom_id"]: [o["value"] for o in s["options"]] for s in board.selects}
        edits = len(board.revisions)
        if menus:
            custom_id = rng.choice(sorted(menus))
            picked = [rng.choice(menus[custom_id])]
            acting = self.fake.select(self.mover(board), board, custom_id, picked)
        else:  # a control button only (End movement)
            custom_id = next(i for i in board.custom_ids if i.endswith(":end"))
            acting = self.fake.click(self.mover(board), board, custom_id)
        said = await answer(await acting)
        assert said.updated, said.content
        return await self.next_board(thread, board, edits)


async def play(rec: Recorder) -> None:
    fake, users, clock, made = rec.fake, rec.users, rec.clock, rec.bot
    rng = random.Random(34)

    # A board whose clock ran out (claim the win, or let Parlor play), and the reminder before.
    thread, board = await rec.started("ben", "cat", "icesickle", clock="1d")
    began = clock.now
    clock.now = began + 0.8 * DAY
    await made.sweep()
    reminder = await fake.wait_for_message(thread, lambda m: m.components, after=board)
    rec.scene("reminder", reminder, mover=rec.mover(board).id)
    clock.now = began + DAY
    await made.sweep()
    board = fake.message(board.id)
    rec.scene("out_of_time", board, late=rec.mover(board).id)

    # A board with I'm back: Parlor played for a player whose time ran out.
    thread, board = await rec.started("dan", "ann", "icesickle", clock="1d")
    late = rec.mover(board)
    other = next(u for u in (users["ann"], users["dan"]) if u is not late)
    clock.now += DAY
    await made.sweep()
    board = fake.message(board.id)
    stand_in = buttons(board)[f"Let Parlor play for {late.name}"]
    await answer(await fake.click(other, board, stand_in))
    grace = await fake.wait_for_message(thread, lambda m: "I'm back" in buttons(m), after=board)
    clock.now += 3 * 3600  # past the grace: Parlor's move for them, then the other's turn
    made.ai_soon()
    back = await fake.wait_for_message(
        thread, lambda m: "I'm back" in buttons(m) and other.mention in m.content, after=grace
    )
    rec.scene("stand_in", back, mover=other.id, away=late.id)
    clock.now += 3600

    # A finished game: a board that had moved on, then the resignation.
    thread, first = await rec.started("ann", "dan", "icesickle", clock="none")
    rec.scene("finished", first, mover=rec.mover(first).id)
    second = await rec.pick(thread, first, rng)
    await answer(await fake.slash(rec.mover(second), thread, "resign", {}))
    over = await fake.wait_for_message(thread, lambda m: "Game over" in m.content)
    rec.scene("game_over", over)

    # Live games of the four games.
    thread, board = await rec.started("ann", "ben", "icesickle")
    rec.scene("moved_on", board, mover=rec.mover(board).id)
    board = await rec.pick(thread, board, rng)
    rec.scene("icesickle", board, mover=rec.mover(board).id)

    thread, board = await rec.started("ann", "cat", "ice-turn")
    for _ in range(300):
        ids = board.custom_ids
        if any(":pg:" in i for i in ids) and any(i.endswith(":tip 7") for i in ids):
            break
        board = await rec.pick(thread, board, rng)
    else:
        raise AssertionError("no Ice-Turn board with more moves and TIP: points to 7")
    rec.scene("ice-turn", board, mover=rec.mover(board).id)

    thread, board = await rec.started("ben", "cat", "pachisi", roll="button")
    rec.scene("pachisi_roll", board, mover=rec.mover(board).id)
    thread, board = await rec.started("ben", "dan", "pachisi", undo="on", roll="button")
    for _ in range(60):
        if any(i.endswith(":undo") for i in board.custom_ids):
            break
        if any(":rl:" in i for i in board.custom_ids):
            roll = next(i for i in board.custom_ids if ":rl:" in i)
            edits = len(board.revisions)
            await answer(await fake.click(rec.mover(board), board, roll))
            board = await rec.next_board(thread, board, edits)
        else:
            board = await rec.pick(thread, board, rng)
    else:
        raise AssertionError("no Pachisi board with Undo")
    rec.scene("pachisi", board, mover=rec.mover(board).id)

    thread, board = await rec.started("cat", "dan", "pach-ice-i")
    rec.scene("pach-ice-i", board, mover=rec.mover(board).id)

    # An open lobby with seats taken, and the level menu under Add AI.
    rec_ = await fake.slash(users["cat"], rec.games, "play", {"players": 4}, subcommand="pachisi")
    lobby = (await rec_.response()).message
    await answer(await fake.click(users["dan"], lobby, buttons(lobby)["Join"]))
    levels = await answer(await fake.click(users["cat"], lobby, buttons(lobby)["Add AI"]))
    rec.scene("lobby", fake.message(lobby.id), host=users["cat"].id)
    rec.scene("levels", levels.message, host=users["cat"].id, lobby=lobby.id)

    # An open challenge, and a rules page.
    challenge = await rec.challenge("ann", "ben", "icesickle")
    rec.scene("challenge", challenge, host=users["ann"].id, guest=users["ben"].id)
    rules = await answer(await fake.slash(users["cat"], rec.games, "rules", {"game": "ice-turn"}))
    rec.scene("rules", rules.message, reader=users["cat"].id)


def recorded_world(rec: Recorder) -> dict[str, Any]:
    fake, guild = rec.fake, rec.guild
    channels = [c for c in fake.world.channels.values() if c.guild_id == guild.id]
    messages = []
    for message_id, shown in rec.shown.items():
        message = fake.message(message_id)
        messages.append(
            {
                "id": message.id,
                "channel_id": message.channel_id,
                "ephemeral": message.ephemeral,
                **shown,
            }
        )
    return {
        "made_by": "python -m tests.bot.compat.make_fixture",
        "clock": rec.clock.now,
        "bot_id": fake.bot_user.id,
        "users": {name: u.id for name, u in rec.users.items()},
        "guild": {"id": guild.id, "name": guild.name, "bot_role_id": guild.bot_role_id},
        "channels": [
            {
                "id": c.id,
                "type": c.type,
                "name": c.name,
                "parent_id": c.parent_id,
                "owner_id": c.owner_id,
                "member_ids": sorted(c.member_ids),
            }
            for c in channels
        ],
        "scenes": rec.scenes,
        "messages": sorted(messages, key=lambda m: m["id"]),
    }


async def make(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "parlor.db")
        clock = Moment(float(int(time.time())))
        async with FakeDiscord() as fake:
            made = new_bot(db, clock)
            rec = Recorder(fake, clock, made)
            async with run_bot(fake, made):
                await play(rec)
            fake.assert_clean()
        recorded = recorded_world(rec)
        out.mkdir(parents=True, exist_ok=True)
        with (
            closing(sqlite3.connect(db)) as source,
            closing(sqlite3.connect(out / DATABASE.name)) as target,
        ):
            source.backup(target)  # one file, the write-ahead log folded in
        (out / MESSAGES.name).write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")


def golden(recorded: dict[str, Any]) -> dict[str, list[str]]:
    """Each scene's custom ids, in order: ``GOLDEN`` in ``test_old_boards.py``."""

    def walk(components):
        for component in components:
            yield component
            yield from walk(component.get("components", []))

    by_id = {m["id"]: m for m in recorded["messages"]}
    return {
        scene: [
            c["custom_id"] for c in walk(by_id[about["message"]]["components"]) if "custom_id" in c
        ]
        for scene, about in recorded["scenes"].items()
    }


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as made_in:
        asyncio.run(make(Path(made_in)))
        shutil.rmtree(FIXTURE, ignore_errors=True)
        shutil.copytree(made_in, FIXTURE)
    print(f"wrote {DATABASE} and {MESSAGES}; GOLDEN in test_old_boards.py is now:")
    for scene, ids in golden(json.loads(MESSAGES.read_text())).items():
        print(f"    {scene!r}: {ids!r},")
