"""The settings of a bot past one process (``bot/discord/scale.py``): read as written, and a bad one
refused in one line before anything starts."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.discord.client import create_bot
from bot.discord.scale import shard_of, shard_setting
from tests.bot.terminal import ROOT


@pytest.mark.parametrize(
    ("shards", "ids", "expected"),
    [
        ("4", "", (4, [0, 1, 2, 3])),
        ("4", "1", (4, [1])),
        ("4", "0, 2-3", (4, [0, 2, 3])),
        ("", "", None),
    ],
)
def test_shards_are_read_as_written(monkeypatch, shards, ids, expected):
    monkeypatch.setenv("PARLOR_SHARDS", shards)
    monkeypatch.setenv("PARLOR_SHARD_IDS", ids)
    assert shard_setting() == expected


def test_a_sharded_bot_runs_its_shards_and_owns_their_servers(monkeypatch, tmp_path):
    monkeypatch.setenv("PARLOR_SHARDS", "3")
    monkeypatch.setenv("PARLOR_SHARD_IDS", "0,2")
    bot = create_bot(db_path=str(tmp_path / "p.db"))
    assert (bot.shard_count, bot.shard_ids) == (3, [0, 2])
    servers = {shard: (100 + shard) << 22 for shard in range(3)}  # (100 + k) % 3 == k + 1
    assert [shard_of(s, 3) for s in servers.values()] == [1, 2, 0]
    assert [bot.owns(s) for s in servers.values()] == [False, True, True]
    assert bot.owns(None)  # direct messages come on shard 0
    monkeypatch.delenv("PARLOR_SHARDS")
    monkeypatch.delenv("PARLOR_SHARD_IDS")
    plain = create_bot(db_path=str(tmp_path / "p.db"))
    assert all(plain.owns(s) for s in servers.values())


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("PARLOR_SHARDS", "two", "PARLOR_SHARDS must be a number of shards (1 or more), not 'two'"),
        ("PARLOR_SHARD_IDS", "2", "PARLOR_SHARD_IDS: '2' is not among the shards 0-1"),
        ("PARLOR_SHARD_IDS", "a-b", "PARLOR_SHARD_IDS must be shard numbers or ranges"),
        ("PARLOR_BOARD_WORKERS", "0", "PARLOR_BOARD_WORKERS must be a number of worker processes"),
        ("PARLOR_AI_WORKERS", "many", "PARLOR_AI_WORKERS must be a number of worker processes"),
    ],
)
def test_a_bad_setting_is_refused_in_one_line(tmp_path, name, value, said):
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "PARLOR_DB": str(tmp_path / "p.db")}
    env |= {"PARLOR_SHARDS": "2", name: value}
    result = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: {said}"), line
