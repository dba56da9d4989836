"""``python -m bot play ... --rated no``: a casual game in a terminal (its end changes no
rating); rated, as on Discord, unless said."""

from __future__ import annotations

from bot.service.facade import Service
from tests.bot.terminal import run


async def test_rated_no_makes_a_casual_terminal_game_and_yes_is_the_default(tmp_path):
    db = str(tmp_path / "p.db")
    out = str(tmp_path / "img")
    casual = run(["play", "icesickle", "--db", db, "--out", out, "--rated", "no"], ["quit"])
    assert casual.returncode == 0, casual.stderr
    rated = run(["play", "icesickle", "--db", db, "--out", out + "2"], ["quit"])
    assert rated.returncode == 0, rated.stderr
    bad = run(["play", "icesickle", "--db", db, "--rated", "maybe"])
    assert bad.returncode == 2 and "invalid choice: 'maybe'" in bad.stderr
    service = await Service.open(db)
    try:
        assert (await service.game(1)).settings["rated"] == "no"
        assert (await service.game(2)).settings["rated"] == "yes"
        assert await service.storage.database.fetch("SELECT id FROM games WHERE id > 2") == []
    finally:
        await service.close()
