"""``/replay`` over the fake Discord: each frame's image is the live renderer's drawing of the
engine's state after that many moves, for a game of each of the four games; First / Back /
Forward / Last and the jump menu (paged for a long game); forged and stale ids refused with the
message left as it was; who may see a game (its players; anyone on its server once it is over;
nobody from another server)."""

from __future__ import annotations

import random

import engine
import render
from bot.service.records import Player
from bot.words import limits
from bot.words.terminal import events
from tests.bot.answers import answer
from tests.bot.discord.world import new_bot, world
from tests.bot.playing import play_out
from tests.fakediscord import FakeDiscord, run_bot


async def stored_game(bot, key, users, guild, channel, moves, seed=7, **options):
    """A game of ``key`` between ann and ben on ``guild``, ``moves`` random moves into it
    (None: to its end), played through the service (nothing posted)."""
    ann, ben = (Player(users[n].id, n) for n in ("ann", "ben"))
    bot.service.seats_rng = random.Random(seed)  # the seats and the dice: the same game each run
    challenge = await bot.service.challenge(
        key, ann, ben, options=options or None, guild_id=guild, channel_id=channel
    )
    game = await bot.service.accept(challenge.id, ben)
    return await play_out(bot.service, game, random.Random(seed), moves)


def drawn_after(record, k):
    """A fresh drawing of the state the engine gives after the game's first ``k`` moves."""
    state = record.game.replay(record.num_players, record.options, record.state.history[:k])
    return render.render(state, names=record.names)


def move_of(got) -> int:
    """The move a replay shows, as its text says it ("Move 3 of 40: ...")."""
    line = got.content.splitlines()[1]
    assert line.startswith("Move "), got.content
    return int(line.split()[1])


def button_id(message, step):
    (found,) = [b["custom_id"] for b in message.buttons if b["custom_id"].endswith(f":{step}")]
    return found


def within_limits(got):
    assert len(got.content) <= limits.CONTENT
    (menu,) = got.message.selects
    assert len(menu["options"]) <= 25
    assert all(len(o["label"]) <= limits.OPTION_LABEL for o in menu["options"])
    assert all(len(a.description or "") <= limits.ALT_TEXT for a in got.attachments)


def check_frame(got, record, k):
    """The replay shows move ``k``: its text, its image, its controls."""
    assert got.ephemeral and move_of(got) == k
    (image,) = got.attachments
    assert image.data == drawn_after(record, k)
    within_limits(got)


async def test_replay_frames_are_the_engines_states_for_every_game(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            for key in engine.GAMES:
                record = await stored_game(bot, key, users, games.guild_id, games.id, 12)
                total = len(record.state.history)
                assert total >= 12
                got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
                check_frame(got, record, total)  # it opens at the latest move
                assert not got.updated
                message = got.message
                for step, k in (("first", 0), ("forward", 1), ("forward", 2)):
                    rec = await fake.click(ann, message, button_id(message, step))
                    got = await answer(rec)
                    assert got.updated  # the same message, edited
                    check_frame(got, record, k)
                    message = got.message
                # the move's words: what the terminal says of it after it is played
                before = record.game.replay(2, record.options, record.state.history[:1])
                said = events(before, record.state.history[1:2], record.names, first=True)
                assert got.content.splitlines()[1] == f"Move 2 of {total}: {' '.join(said)}"
                (menu,) = message.selects
                (to, *_) = [int(o["value"]) for o in menu["options"] if int(o["value"]) > 5]
                rec = await fake.select(ann, message, menu["custom_id"], [str(to)])
                got = await answer(rec)
                check_frame(got, record, to)
                message = got.message
                got = await answer(await fake.click(ann, message, button_id(message, "back")))
                check_frame(got, record, to - 1)
                message = got.message
                got = await answer(await fake.click(ann, message, button_id(message, "last")))
                check_frame(got, record, total)
                last = {b["custom_id"].rsplit(":", 1)[1]: b for b in got.message.buttons}
                assert last["forward"].get("disabled") and last["last"].get("disabled")
                assert not last["first"].get("disabled")
        fake.assert_clean()


def turn_ends(record):
    """The move each turn of ``record`` ends at and its player, worked out here from the
    engine: a roll is its roller's, any other move the seat to move's; a turn is one
    seat's run of moves."""
    state = record.game.new_game(record.num_players, record.options)
    runs: list[list] = []  # [seat, last move]
    for number, move in enumerate(record.state.history, start=1):
        seat = state.roller if state.is_chance_node() else state.to_move
        if not runs or (seat is not None and seat != runs[-1][0]):
            runs.append([seat, number])
        runs[-1][1] = number
        state = state.apply(move)
    return [(record.names[seat], last) for seat, last in runs]


def jumps(got):
    (menu,) = got.message.selects
    return menu, [(o["label"], int(o["value"]), o.get("default", False)) for o in menu["options"]]


async def test_the_jump_menu_lists_turns_and_lands_on_a_turns_last_move(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "pachisi", users, games.guild_id, games.id, 14)
            ends = turn_ends(record)
            assert len(ends) + 1 <= 25 and len(ends) < len(record.state.history)
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
            menu, options = jumps(got)
            assert options[0][:2] == ("The start", 0)
            assert [(v) for _, v, _ in options[1:]] == [last for _, last in ends]
            for n, ((label, _, _), (name, _)) in enumerate(
                zip(options[1:], ends, strict=True), start=1
            ):
                assert label.startswith(f"Turn {n} \N{MIDDLE DOT} {name}: "), label
            assert any("rolled " in label for label, _, _ in options)
            assert [d for _, _, d in options] == [False] * len(ends) + [True]  # the latest
            n, (_, last) = 3, ends[2]
            got = await answer(await fake.select(ann, got.message, menu["custom_id"], [str(last)]))
            check_frame(got, record, last)  # the board after the turn's last move
            _, options = jumps(got)
            assert [label for label, _, d in options if d] == [options[n][0]]
            drawn = bot.boards.drawn  # the same frame again: kept, not replayed nor drawn
            got = await answer(await fake.select(ann, got.message, menu["custom_id"], [str(last)]))
            check_frame(got, record, last)
            assert bot.boards.drawn == drawn
            # a step forward goes one move: into the next turn, which is then the one marked
            got = await answer(
                await fake.click(ann, got.message, button_id(got.message, "forward"))
            )
            check_frame(got, record, last + 1)
            _, options = jumps(got)
            assert [label for label, _, d in options if d] == [options[n + 1][0]]
        fake.assert_clean()


async def test_a_deal_is_a_turn_of_nobody(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "ice-turn", users, games.guild_id, games.id, 6)
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
            _, options = jumps(got)
            assert options[1][:2] == ("Turn 1 \N{MIDDLE DOT} Dealt", 1)
            first = record.names[
                record.game.replay(2, record.options, record.state.history[:1]).to_move
            ]
            assert options[2][0].startswith(f"Turn 2 \N{MIDDLE DOT} {first}: played ")
        fake.assert_clean()


async def test_a_long_games_jump_menu_is_paged_by_turns(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "pachisi", users, games.guild_id, games.id, 120)
            total, ends = len(record.state.history), turn_ends(record)
            assert len(ends) > 50
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
            check_frame(got, record, total)
            menu, options = jumps(got)
            values = [v for _, v, _ in options]
            assert total in values and 0 not in values and len(values) <= 25
            assert set(values[1:]) <= {last for _, last in ends}
            earlier = values[0]  # the option to the page before
            assert options[0][0].startswith("\N{LEFTWARDS ARROW} Turns ")
            got = await answer(
                await fake.select(ann, got.message, menu["custom_id"], [str(earlier)])
            )
            check_frame(got, record, earlier)
            menu, options = jumps(got)
            assert len(options) == 25
            assert options[-1][0].startswith("Turns ") and options[-1][0].endswith(
                "\N{RIGHTWARDS ARROW}"
            )
            shown = [v for _, v, _ in options[1:-1]]
            assert shown == sorted(shown) and earlier == shown[-1]  # that turn ends the page
            n = [last for _, last in ends].index(earlier) + 1
            assert [label for label, _, d in options if d] == [f"{options[-2][0]}"]
            assert options[-2][0].startswith(f"Turn {n} ")
            got = await answer(
                await fake.select(ann, got.message, menu["custom_id"], [str(options[-1][1])])
            )
            check_frame(got, record, options[-1][1])  # the way back to the later turns
        fake.assert_clean()


def forge(fake, message, custom_id):
    """``message``'s first button made to carry ``custom_id``, as a forged click would."""
    first = message.buttons[0]["custom_id"]
    for row in fake.message(message.id).components:
        for component in row["components"]:
            if component.get("custom_id") == first:
                component["custom_id"] = custom_id
                component.pop("disabled", None)
    return fake.message(message.id)


async def test_forged_and_stale_replay_ids_are_refused(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, cat = users["ann"], users["cat"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "icesickle", users, games.guild_id, games.id, 6)
            other = await stored_game(bot, "icesickle", users, games.guild_id, games.id, 4)
            total = len(record.state.history)
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
            message = got.message
            shown = (message.content, [a.data for a in message.attachments])
            for custom_id, refusal in (
                (f"parlor:rp:{record.id}:{total + 1}:last", f"has no move {total + 1}"),
                (f"parlor:rp:{record.id}:999999999:forward", "has no move 999999999"),
                (f"parlor:rp:{other.id + 50}:1:first", "You can't see that game"),
            ):
                forged = forge(fake, message, custom_id)
                got = await answer(await fake.click(ann, forged, custom_id))
                assert got.ephemeral and not got.updated and refusal in got.content
                now = fake.message(message.id)
                assert (now.content, [a.data for a in now.attachments]) == shown
            # cat, watching a finished game, forges the id of a running game she does not
            # play: nothing of it is shown
            await bot.service.resign(record.id, users["ben"].id)
            rec = await fake.slash(cat, games, "replay", {"game": record.id})
            mine = (await answer(rec)).message
            custom_id = f"parlor:rp:{other.id}:1:first"
            forged = forge(fake, mine, custom_id)
            got = await answer(await fake.click(cat, forged, custom_id))
            assert got.ephemeral and not got.updated and "You can't see" in got.content
            assert not got.attachments
        fake.assert_clean()


async def test_a_forged_jump_value_is_refused(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "pachisi", users, games.guild_id, games.id, 10)
            total = len(record.state.history)
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
            message = got.message
            (menu,) = message.selects
            shown = (message.content, [a.data for a in message.attachments])
            for value, refusal in (
                (str(total + 1), f"has no move {total + 1}"),
                ("9999999999", "Pick one turn."),
                ("-1", "Pick one turn."),
            ):
                for row in fake.message(message.id).components:  # the menu made to offer it
                    for component in row["components"]:
                        if component.get("custom_id") == menu["custom_id"]:
                            component["options"].append({"label": "forged", "value": value})
                rec = await fake.select(ann, message.id, menu["custom_id"], [value])
                got = await answer(rec)
                assert got.ephemeral and not got.updated and refusal in got.content
                now = fake.message(message.id)
                assert (now.content, [a.data for a in now.attachments]) == shown
        fake.assert_clean()


async def test_who_may_see_a_game(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        cat = users["cat"]
        elsewhere = fake.add_guild(name="Elsewhere")
        away = fake.add_text_channel(elsewhere, "games")
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            record = await stored_game(bot, "icesickle", users, games.guild_id, games.id, 6)

            async def cat_asks(channel):
                rec = await fake.slash(cat, channel, "replay", {"game": record.id})
                return await answer(rec)

            got = await cat_asks(games)  # running: only its players
            assert "You can't see that game" in got.content and not got.attachments
            await bot.service.resign(record.id, users["ben"].id)
            record = await bot.service.game(record.id)
            got = await cat_asks(games)  # over: anyone on its server
            check_frame(got, record, len(record.state.history))
            assert "Game over:" in got.content and "(ben resigned)" in got.content
            got = await cat_asks(away)  # not from another server
            assert "You can't see that game" in got.content and not got.attachments
        fake.assert_clean()


async def test_a_replay_works_after_a_restart(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann = users["ann"]
        async with run_bot(fake, new_bot(db)) as bot:
            record = await stored_game(bot, "ice-turn", users, games.guild_id, games.id, 8)
            got = await answer(await fake.slash(ann, games, "replay", {"game": record.id}))
        async with run_bot(fake, new_bot(db)):  # a new process: nothing kept but the ids
            message = got.message
            got = await answer(await fake.click(ann, message, button_id(message, "first")))
            check_frame(got, record, 0)
        fake.assert_clean()


async def test_the_replay_autocomplete_offers_the_games_one_may_replay(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        elsewhere = fake.add_guild(name="Elsewhere")
        away = fake.add_text_channel(elsewhere, "games")
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")) as bot:
            here, there = games.guild_id, elsewhere.id

            async def game(guild, channel, over=False):
                record = await stored_game(bot, "icesickle", users, guild, channel.id, 2)
                if over:
                    await bot.service.resign(record.id, ben.id)
                return record.id

            running = await game(here, games)
            ended = await game(here, games, over=True)
            followed = await game(here, games)
            await bot.service.follows.follow(followed, cat.id)
            ended_there = await game(there, away, over=True)
            unseen = await game(here, games)

            async def offered(user, channel, typed=""):
                choices = await fake.autocomplete(user, channel, "replay", "game", typed)
                return [c["value"] for c in choices]

            # cat plays none: this server's finished games and the one she follows
            assert await offered(cat, games) == [followed, ended]
            assert await offered(cat, away) == [ended_there, followed]
            assert await offered(cat, games, str(running)) == []
            # ann's own games, running or over, on any server, newest first
            assert await offered(ann, games) == [unseen, ended_there, followed, ended, running]
            choices = await fake.autocomplete(ann, games, "replay", "game", "")
            assert all(len(c["name"]) <= limits.CHOICE_NAME for c in choices)
            over = [c["name"].endswith("(over)") for c in choices]
            assert over == [False, True, False, True, False]
            # more than 25: the 25 newest, and an older one by its number
            many = [await game(here, games, over=True) for _ in range(25)]
            got = await offered(cat, games)
            assert got == sorted(many, reverse=True)[:25] and len(got) == 25
            for typed in (str(ended), f"#{ended}"):  # first, then the newer numbers with it
                got = await offered(cat, games, typed)
                assert got[0] == ended and all(str(ended) in str(g) for g in got), got
            assert ended not in await offered(cat, games, "")
        fake.assert_clean()
