"""/rules over the fake Discord: a long text answers with page 1 and Next, the buttons page
through it by editing the message, and a forged page button changes nothing."""

from __future__ import annotations

from bot.discord.rules import rules_pages
from bot.words.rules import RULES, TIME
from tests.bot.answers import answer
from tests.bot.discord.world import new_bot, world
from tests.fakediscord import FakeDiscord, run_bot


def labels(message) -> dict[str, str]:
    return {b["label"]: b["custom_id"] for b in message.buttons}


async def test_rules_pages_forward_and_back(tmp_path):
    pages = rules_pages("ice-turn")
    assert len(pages) >= 2
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(users["ann"], games, "rules", {"game": "ice-turn"})
            first = await answer(rec)
            assert first.ephemeral and first.content == pages[0]
            assert first.content.startswith("**Ice-Turn**")
            assert first.content.endswith(f"page 1 of {len(pages)}")
            assert labels(first.message) == {"Next": "parlor:rules:ice-turn:2"}
            message = first.message
            shown = [message.content]
            for number in range(2, len(pages) + 1):
                click = await fake.click(users["ann"], message, f"parlor:rules:ice-turn:{number}")
                got = await answer(click)
                assert got.updated and got.message.id == message.id  # the same message, edited
                assert got.content == pages[number - 1]
                assert got.content.endswith(f"page {number} of {len(pages)}")
                buttons = labels(got.message)
                assert buttons["Previous"] == f"parlor:rules:ice-turn:{number - 1}"
                assert ("Next" in buttons) == (number < len(pages))
                shown.append(got.content)
                message = got.message
            back = await answer(await fake.click(users["ann"], message, buttons["Previous"]))
            assert back.content == pages[-2]
            joined = " ".join(shown)
            assert all(word in joined for word in RULES["ice-turn"].split())
        fake.assert_clean()


async def test_rules_explain_the_clocks_as_a_topic_of_their_own(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(users["ben"], games, "rules", {"game": "time"})
            got = await answer(rec)
            pages = rules_pages("time")
            assert got.ephemeral and got.content == pages[0]
            text = "\n\n".join(pages)
            for words in ("`clock_mode:hard`", "**Claim the win**", "80%", "No more reminders"):
                assert words in text
            assert all(word in text for word in TIME.split())
        fake.assert_clean()


async def test_a_short_text_is_one_message_without_buttons(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(users["ben"], games, "rules", {"game": "icesickle"})
            got = await answer(rec)
            assert got.ephemeral and got.content == RULES["icesickle"]
            assert not got.custom_ids
        fake.assert_clean()


async def test_every_long_text_answers_at_once_with_its_first_page(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            for key in ("pachisi", "pach-ice-i"):
                rec = await fake.slash(users["cat"], games, "rules", {"game": key})
                first = await rec.response()  # answered in the first callback, not deferred
                assert first.ephemeral and first.content == rules_pages(key)[0]
                assert first.custom_ids == [f"parlor:rules:{key}:2"]
        fake.assert_clean()


async def forge(fake, message, custom_id: str):
    """``message``'s first button made to carry ``custom_id``, as a forged click would."""
    first = message.buttons[0]["custom_id"]
    for row in fake.message(message.id).components:
        for component in row["components"]:
            if component.get("custom_id") == first:
                component["custom_id"] = custom_id
    return fake.message(message.id)


async def test_a_forged_page_button_changes_nothing(tmp_path):
    pages = rules_pages("pachisi")
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            rec = await fake.slash(users["ann"], games, "rules", {"game": "pachisi"})
            message = (await answer(rec)).message
            edits = len(fake.message(message.id).revisions)
            out_of_range = f"The Pachisi rules have no page 9, only 1 to {len(pages)}"
            for custom_id, refusal in (
                ("parlor:rules:chess:2", "Parlor has no rules by that name"),
                ("parlor:rules:pachisi:9", out_of_range),
                ("parlor:rules:pachisi:0", "The Pachisi rules have no page 0"),
            ):
                forged = await forge(fake, message, custom_id)
                got = await answer(await fake.click(users["ann"], forged, custom_id))
                assert got.ephemeral and not got.updated and refusal in got.content
                assert fake.message(message.id).content == pages[0]  # the page is unchanged
                assert len(fake.message(message.id).revisions) == edits  # never edited
        fake.assert_clean()


async def test_rules_explain_playing_parlor(tmp_path):
    async with FakeDiscord() as fake:
        games, users = world(fake)
        async with run_bot(fake, new_bot(tmp_path / "parlor.db")):
            (rules,) = [c for c in fake.commands if c["name"] == "rules"]
            assert "parlor" in [c["value"] for c in rules["options"][0]["choices"]]
            got = await answer(await fake.slash(users["ben"], games, "rules", {"game": "parlor"}))
            text = "\n\n".join(rules_pages("parlor"))
            assert got.ephemeral and got.content == rules_pages("parlor")[0]
            for words in ("`/play GAME ai:hard`", "**Add AI**", "**Let Parlor play for NAME**",
                          "**I'm back**", "`/hint`", "`--ai all:hard`"):  # fmt: skip
                assert words in text
        fake.assert_clean()
