"""One home per game: the engine, the images and the bot know the same games (checked when the
bot starts), and the generic bot code (every module of ``bot/`` and its folders but
``bot/games/``) names no game and imports no game's own engine or image module: a game's chat
side lives in ``bot/games/<game>.py``."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
import render
from bot import games

ROOT = Path(__file__).resolve().parents[2]
GENERIC = sorted(
    path
    for path in (ROOT / "bot").rglob("*.py")
    if "games" not in path.relative_to(ROOT / "bot").parts
)
GAME_WORDS = re.compile(r"iceturn|ice-turn|pachisi|pachicei|pach-ice-i|icesickle", re.IGNORECASE)


def test_every_game_has_its_rules_its_image_and_its_chat_side():
    assert set(games.CHATS) == set(engine.GAMES) == set(render.RENDERERS)
    for key in engine.GAMES:
        assert games.chat_of(key).key == key
    with pytest.raises(KeyError, match="no chat side for game 'chess'"):
        games.chat_of("chess")


def test_a_game_missing_somewhere_is_named_with_where_it_is_missing():
    games.check_games({"engine": {"a", "b"}, "render": {"a", "b"}, "bot": {"a", "b"}})
    with pytest.raises(games.UnknownGames) as caught:
        games.check_games({"engine": {"a", "b"}, "render": {"a"}, "bot": {"a", "b", "c"}})
    said = str(caught.value)
    assert "game 'b' is missing from render (it is in engine and bot)" in said
    assert "game 'c' is missing from engine and render (it is in bot)" in said
    assert "'a'" not in said


def _import_after(python: str) -> subprocess.CompletedProcess[str]:
    """``import bot.games`` in a fresh interpreter after ``python`` ran there."""
    return subprocess.run(
        [sys.executable, "-c", f"{python}\nimport bot.games"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_bot_refuses_to_start_when_a_game_has_no_image():
    broken = _import_after("import render\ndel render.RENDERERS['pachisi']")
    assert broken.returncode != 0
    assert "UnknownGames: game 'pachisi' is missing from render.RENDERERS" in broken.stderr
    assert _import_after("import render").returncode == 0


def test_the_bot_refuses_to_start_when_the_engine_has_a_game_it_cannot_show():
    extra = "import engine\nengine.GAMES['tic-tac'] = engine.GAMES['pachisi']"
    broken = _import_after(extra)
    assert broken.returncode != 0
    assert "game 'tic-tac' is missing from render.RENDERERS (render/__init__.py) and " in (
        broken.stderr
    )
    assert "the bot's games (bot/games/__init__.py)" in broken.stderr


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT / "bot")))
def test_generic_bot_code_names_no_game(path):
    lines = path.read_text().splitlines()
    named = [f"{path.name}:{n}: {line.strip()}" for n, line in enumerate(lines, 1)]
    assert [line for line in named if GAME_WORDS.search(line.split(": ", 1)[1])] == []


def _game_modules(path: Path) -> list[str]:
    """The engine and render modules of one game that ``path`` imports."""
    games_ = {key.replace("-", "") for key in engine.GAMES}
    own = re.compile(rf"^(engine|render)\.({'|'.join(games_)})(_\w+)?$")
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if own.match(alias.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            found += [name for name in names if own.match(name)]
    return found


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT / "bot")))
def test_generic_bot_code_imports_no_game_module(path):
    assert _game_modules(path) == []


def test_the_import_check_sees_each_way_of_importing_a_game_module(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import engine.iceturn_setup\n"
        "from render.pachisi_words import hs_words\n"
        "from engine import icesickle\n"
        "from render import common\n"
        "import engine\n"
    )
    assert _game_modules(sample) == [
        "engine.iceturn_setup",
        "render.pachisi_words",
        "engine.icesickle",
    ]
