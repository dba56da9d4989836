"""``/leaderboard`` and ``/profile`` over the fake Discord, with 10,000 rated players stored:
the top of the ladder in its order, the asking player's own place when it is off the page, page
2, a player who hides their stats left out for others, their profile refused to others, and a
profile's chart, a PNG with its alt text. The fake refuses an answer later than Discord's 3 s."""

from __future__ import annotations

import io

from PIL import Image

from bot.service.ratings import GLOBAL, provisional, shown
from bot.service.store.storage import Storage
from tests.bot.answers import answer
from tests.bot.discord.world import new_bot, world
from tests.bot.standings_data import (
    Game,
    Rated,
    Seat,
    big_ladder,
    hide_stats,
    mu_of,
    store_games,
    store_ratings,
)
from tests.fakediscord import FakeDiscord, run_bot

PLAYERS = 10_000


def order(rows, hidden=()):
    """The ladder's rows as a player sees them: established first, then rating, then id."""
    seen = [r for r in rows if r.user_id not in hidden]
    return sorted(seen, key=lambda r: (provisional(r.sigma), -shown(r.mu), r.user_id))


def line(place, name, rated):
    mark = "?" if provisional(rated.sigma) else ""
    return f"{place:,}. {name}: {shown(rated.mu)}{mark} · "


async def fill(db, guild_id, users):
    """10,000 rated players of Pachisi on the server, Ben on top but hiding his stats, Ann
    near the bottom and Cat with a dozen games against Ann (for her profile's chart)."""
    ann, ben, cat = users["ann"], users["ben"], users["cat"]
    storage = await Storage.open(str(db))
    try:
        rated = await big_ladder(storage, "pachisi", guild_id, PLAYERS)
        games = []
        for n in range(12):
            cat_won = n % 3 != 0
            seats = [
                Seat(cat.id, "cat", 1 if cat_won else 2, mu=25 + n / 2, sigma=7.5 - n / 4),
                Seat(ann.id, "ann", 2 if cat_won else 1, mu=25 - n / 2, sigma=7.5 - n / 4),
            ]
            games.append(Game("pachisi", guild_id, seats, 2_000_000.0 + n))
        games.append(Game("pachisi", guild_id, [Seat(ben.id, "ben", 1)], 2_000_100.0))
        await store_games(storage, games)
        mine = [
            Rated("pachisi", ladder, user, mu, sigma, 12, wins)
            for ladder in (guild_id, GLOBAL)
            for user, mu, sigma, wins in [
                (ann.id, mu_of(1200), 4.5, 4),
                (ben.id, mu_of(3100), 4.0, 10),
                (cat.id, mu_of(1740), 4.5, 8),
            ]
        ]
        await store_ratings(storage, mine)
        await hide_stats(storage, ben.id)
    finally:
        await storage.close()
    return [r for r in rated + mine if r.guild_id == guild_id]


async def test_leaderboard_and_profile_with_ten_thousand_players(tmp_path):
    db = tmp_path / "parlor.db"
    async with FakeDiscord() as fake:
        games, users = world(fake)
        ann, ben, cat = users["ann"], users["ben"], users["cat"]
        guild_id = games.guild_id
        rows = await fill(db, guild_id, users)
        names = {ann.id: "ann", ben.id: "ben", cat.id: "cat"}
        name = lambda r: names.get(r.user_id, f"p{r.user_id}")  # noqa: E731
        async with run_bot(fake, new_bot(db)):
            board = await answer(await fake.slash(ann, games, "leaderboard", {"game": "pachisi"}))
            assert board.ephemeral
            seen = order(rows, hidden={ben.id})
            lines = board.content.split("\n")
            assert lines[0] == (
                f"**Pachisi** leaderboard, this server: page 1 of 1,001 ({PLAYERS + 2:,} players)"
            )
            for place, rated in enumerate(seen[:10], start=1):
                assert lines[place].startswith(line(place, name(rated), rated)), lines[place]
            assert "ben" not in board.content  # hidden from the others
            ann_place = next(i for i, r in enumerate(seen, start=1) if r.user_id == ann.id)
            assert ann_place > 10
            assert lines[11] == f"You: {ann_place:,}. **ann**: 1200 · 12 games · 33% won"

            second = await answer(
                await fake.slash(
                    ann, games, "leaderboard", {"game": "pachisi", "page": 2, "public": True}
                )
            )
            assert not second.ephemeral  # shown to the channel, as asked
            lines = second.content.split("\n")
            assert "page 2 of 1,001" in lines[0]
            for place, rated in enumerate(seen[10:20], start=11):
                assert lines[place - 10].startswith(line(place, name(rated), rated))

            own = await answer(await fake.slash(ben, games, "leaderboard", {"game": "pachisi"}))
            assert own.content.split("\n")[1] == "1. **ben**: 3100 · 12 games · 83% won"

            refused = await answer(await fake.slash(ann, games, "profile", {"player": ben}))
            assert refused.ephemeral and refused.content == "ben keeps their stats private."
            mine = await answer(await fake.slash(ben, games, "profile", {}))
            assert "Your stats are private: only you see them." in mine.content

            profile = await answer(await fake.slash(ann, games, "profile", {"player": cat}))
            assert profile.content.startswith("**cat**\nRatings:\n")
            assert "- Pachisi on this server: 1740 · 12 games · 67% won" in profile.content
            assert "Games: 12, 8 won (67%)" in profile.content
            assert "Met most: ann (12 games, ahead in 8)" in profile.content
            assert "Streak: won the last 2 games" in profile.content
            (chart,) = profile.attachments
            assert chart.filename == "rating.png" and chart.description
            assert "12 rated games" in chart.description
            image = Image.open(io.BytesIO(chart.data))
            assert image.format == "PNG" and image.width >= 200

            dm = await answer(
                await fake.slash(cat, fake.dm_channel(cat), "leaderboard", {"game": "pachisi"})
            )
            assert dm.content.startswith("**Pachisi** leaderboard, everywhere: page 1 of 1,001")
            nothing = await answer(
                await fake.slash(ann, games, "leaderboard", {"game": "pachisi", "page": 2000})
            )
            assert nothing.content == (
                f"There is no page 2,000: this ladder has 1,001 pages ({PLAYERS + 2:,} players)."
            )
        fake.assert_clean()
