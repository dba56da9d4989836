"""compose.yaml, read as Docker Compose reads it (no Docker engine runs here): PostgreSQL and
two bot processes that split the shards between them, pointed at that database."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from bot.discord.scale import shard_setting

COMPOSE = Path(__file__).resolve().parents[3] / "compose.yaml"


def interpolated(text: str, values: dict[str, str]) -> str:
    """``${NAME}`` and ``${NAME:?message}`` replaced as Compose does when NAME is set."""
    return re.sub(r"\$\{(\w+)(?::\?[^}]*)?\}", lambda m: values[m.group(1)], text)


def test_two_bot_processes_split_the_shards_on_the_compose_postgresql(monkeypatch):
    values = {"DISCORD_TOKEN": "token", "POSTGRES_PASSWORD": "secret"}
    compose = yaml.safe_load(interpolated(COMPOSE.read_text(), values))
    services = compose["services"]
    database = services["postgres"]["environment"]
    bots = {name: service for name, service in services.items() if name.startswith("bot-")}
    assert len(bots) == 2
    shards_run = []
    for service in bots.values():
        env = service["environment"]
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert env["DISCORD_TOKEN"] == "token"
        url = urlsplit(env["PARLOR_DB"])
        assert (url.scheme, url.hostname, url.port) == ("postgresql", "postgres", 5432)
        assert (url.username, url.password) == (database["POSTGRES_USER"], "secret")
        assert url.path == f"/{database['POSTGRES_DB']}"
        for name in [n for n in env if n.startswith("PARLOR_")]:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("PARLOR_SHARDS", env["PARLOR_SHARDS"])
        monkeypatch.setenv("PARLOR_SHARD_IDS", env["PARLOR_SHARD_IDS"])
        count, ids = shard_setting()
        assert count == 2
        shards_run += ids
    assert sorted(shards_run) == [0, 1]  # every shard, once
    assert "postgres-data" in compose["volumes"]
