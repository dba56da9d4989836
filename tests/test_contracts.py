"""The import contracts in ``pyproject.toml`` (checked by ``lint-imports`` in ``.ci/run``) name
every game's modules: a module added to a game is added to its contract, or this fails."""

from __future__ import annotations

import tomllib
from pathlib import Path

import engine

ROOT = Path(__file__).resolve().parents[1]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "contracts"
]


def own_modules(game: str) -> set[str]:
    """A game's modules on disk: its rules and images, its AI, its chat side."""
    found = {
        f"{package}.{path.stem}"
        for package in ("engine", "render")
        for path in (ROOT / package).glob("*.py")
        if path.stem == game or path.stem.startswith(f"{game}_")
    }
    found |= {f"engine.ai.{p.stem}" for p in (ROOT / "engine" / "ai").glob(f"{game}_ai.py")}
    return found | {f"bot.games.{p.stem}" for p in (ROOT / "bot" / "games").glob(f"{game}.py")}


def test_each_games_contract_names_exactly_its_modules_and_forbids_every_other_games():
    games = {key.replace("-", "") for key in engine.GAMES}
    by_id = {c.get("id"): c for c in CONTRACTS}
    for game in games:
        contract = by_id[f"game-{game}"]
        assert set(contract["source_modules"]) == own_modules(game)
        others = set().union(*(own_modules(g) for g in games - {game}))
        assert set(contract["forbidden_modules"]) == others


def test_the_layers_of_bot_are_its_folders():
    (bot_layers,) = [c for c in CONTRACTS if c.get("containers") == ["bot"]]
    named = {part.strip() for layer in bot_layers["layers"] for part in layer.split("|")}
    folders = {p.name for p in (ROOT / "bot").iterdir() if (p / "__init__.py").exists()}
    assert named == folders | {"__main__"}
    assert sorted(p.name for p in (ROOT / "bot").glob("*.py")) == ["__init__.py", "__main__.py"]
