"""The slash commands live in one module per command group, each a discord.py extension that
the client loads by name: the client imports none of them, and the bot runs them all."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import bot.discord.commands
from bot.discord.client import EXTENSIONS

LOADED = (
    "import sys, bot; "
    "print(sorted(m for m in sys.modules if m.startswith('bot.discord.commands')"
    " or m in ('bot.discord.play', 'bot.discord.settings')))"
)


def test_the_client_imports_no_command_module():
    found = subprocess.run(
        [sys.executable, "-c", LOADED], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert found == "[]"


def test_every_command_module_is_an_extension_the_client_loads():
    folder = Path(bot.discord.commands.__file__).parent
    modules = {f"bot.discord.commands.{p.stem}" for p in folder.glob("*.py")} - {
        "bot.discord.commands.__init__"
    }
    assert set(EXTENSIONS) == modules
    for name in EXTENSIONS:
        assert callable(importlib.import_module(name).setup), name
