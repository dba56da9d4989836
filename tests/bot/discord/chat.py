"""What a player does and reads in a game's chat over the fake Discord: a challenge made and
accepted, a board's buttons and menus, whose turn a message says, a decision and the turn
message that follows it."""

from __future__ import annotations

import random

from tests.bot.answers import answer
from tests.bot.turns import following, mentioned


def buttons(message) -> dict[str, str]:
    """label -> custom_id of the message's buttons."""
    return {
        c["label"]: c["custom_id"]
        for row in message.components
        for c in row["components"]
        if c["type"] == 2
    }


def select_values(message) -> dict[str, list[str]]:
    return {s["custom_id"]: [o["value"] for o in s["options"]] for s in message.selects}


def is_turn(message) -> bool:
    return bool(message.attachments)


def is_board(message) -> bool:
    return bool(message.attachments) and not message.ephemeral


def who(message, users):
    """The player a turn message is for: the one it mentioned."""
    (pinged,) = mentioned(message)
    return next(u for u in users.values() if u.id == pinged)


async def start(fake, games, users, *, game="dice-race", first_turn=is_turn, **options):
    """ann challenges ben to ``game`` with ``options`` and ben accepts: the game's thread and
    its first turn message (the first message ``first_turn`` accepts)."""
    rec = await fake.slash(
        users["ann"], games, "play", {"opponent": users["ben"], **options}, subcommand=game
    )
    challenge = (await rec.response()).message
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await answer(await fake.click(users["ben"], challenge, accept))
    thread = await fake.wait_for_thread(games, after=rec)
    return thread, await fake.wait_for_message(thread, first_turn)


async def icesickle(fake, games, host, guest, key="icesickle"):
    """``host`` challenges ``guest`` to IceSickle, who accepts: the thread and first board."""
    rec = await fake.slash(host, games, "play", {"opponent": guest}, subcommand=key)
    challenge = (await rec.response()).message
    accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
    await answer(await fake.click(guest, challenge, accept))
    thread = await fake.wait_for_thread(games, after=rec)
    return thread, await fake.wait_for_message(thread, is_board)


def _board_of_game_1(message) -> bool:
    return bool(message.attachments) and "#1" in message.content


async def challenge_and_accept(fake, games, users):
    rec = await fake.slash(
        users["ann"], games, "play", {"opponent": users["ben"]}, subcommand="icesickle"
    )
    posted = await rec.response()
    assert users["ben"].mention in posted.content and "IceSickle" in posted.content
    assert posted.message.mention_ids == [users["ben"].id]
    challenge = posted.message
    stranger = await answer(await fake.click(users["cat"], challenge, "parlor:ch:1:accept"))
    assert stranger.ephemeral and "Only the invited player" in stranger.content
    host = await answer(await fake.click(users["ann"], challenge, "parlor:ch:1:accept"))
    assert host.ephemeral
    accepted = await answer(await fake.click(users["ben"], challenge, "parlor:ch:1:accept"))
    assert "challenge accepted" in accepted.content and not accepted.custom_ids
    thread = await fake.wait_for_thread(games)
    first = await fake.wait_for_message(thread, _board_of_game_1)
    return thread, first


async def click(fake, user, message, label):
    """``user`` presses the button labelled ``label``; returns the callback."""
    return await answer(await fake.click(user, message, buttons(message)[label]))


async def pick(fake, user, board, rng: random.Random):
    """``user`` picks a random move from the board's menus; returns the interaction."""
    options = select_values(board)
    custom_id = rng.choice(sorted(options))
    return await fake.select(user, board, custom_id, [rng.choice(options[custom_id])])


async def decide(fake, thread, turn, acting):
    """Await ``acting`` (a decision made on the turn message ``turn``) and return the turn
    message that follows: a new one when another player's turn starts, else ``turn`` itself,
    edited in place."""
    edits = len(fake.message(turn.id).revisions)
    await answer(await acting)
    return await following(fake, thread, turn, edits)
