"""The Discord table's parts import one way. The client builds the table and runs the controls;
no part of the table, no control and no component reaches back to the client, not even for a
type: they act through the protocols of ``bot/discord/parts.py``, which the client fulfils.
The table's parts stand on one declared base (``TableBase``), so none needs a type-ignore to
call another; and the table answers every call a control may make of it (``Clicks``)."""

from __future__ import annotations

import ast
import inspect
from collections import deque
from pathlib import Path

import pytest

import bot

BOT = Path(bot.__file__).parent
CLIENT = "bot.discord.client"
TABLE_SIDE = (
    "bot.discord.table",
    "bot.discord.table_base",
    "bot.discord.ai_table",
    "bot.discord.clock_table",
    "bot.discord.invitations",
    "bot.discord.components",
    "bot.discord.controls",
    "bot.discord.custom_ids",
    "bot.discord.strays",
    "bot.discord.posting",
    "bot.discord.answers",
    "bot.discord.parts",
)
"""The table, its parts, and the buttons and menus: built by the client, never reaching it."""
TABLE_PARTS = ("table", "table_base", "ai_table", "clock_table", "invitations")


def module_name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of_bot() -> dict[str, set[str]]:
    """Every module of ``bot`` and the modules of ``bot`` it imports, wherever the import is
    written (in a function, under ``TYPE_CHECKING``: each is an arrow all the same)."""
    graph: dict[str, set[str]] = {}
    for path in BOT.rglob("*.py"):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, *([base] if base else [])])
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        graph[name] = {m for m in found if m == "bot" or m.startswith("bot.")}
    return graph


def chain(graph: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """The shortest chain of imports from ``start`` to ``goal``, or None."""
    came: dict[str, str | None] = {start: None}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            path = [here]
            while (back := came[path[-1]]) is not None:
                path.append(back)
            return path[::-1]
        for there in sorted(graph.get(here, ())):
            if there in graph and there not in came:
                came[there] = here
                todo.append(there)
    return None


@pytest.mark.parametrize("module", TABLE_SIDE)
def test_no_part_of_the_table_reaches_the_client(module):
    graph = imports_of_bot()
    assert module in graph, f"{module} is not a module of bot/"
    assert chain(graph, module, CLIENT) is None, " -> ".join(chain(graph, module, CLIENT) or [])


def test_the_client_builds_the_table_and_reads_the_controls():
    """The one way: the client imports the table and the controls' ids (the arrows above
    are not simply missing because the reader found nothing)."""
    graph = imports_of_bot()
    assert chain(graph, CLIENT, "bot.discord.table") is not None
    assert chain(graph, CLIENT, "bot.discord.controls") is not None


@pytest.mark.parametrize("name", TABLE_PARTS)
def test_the_tables_parts_need_no_type_ignore(name):
    source = (BOT / "discord" / f"{name}.py").read_text(encoding="utf-8")
    ignores = [n for n, line in enumerate(source.splitlines(), 1) if "type: ignore" in line]
    assert ignores == [], f"bot/discord/{name}.py: type-ignores on lines {ignores}"


def test_the_table_answers_every_call_a_control_makes():
    """Each call of ``Clicks`` is the table's method of that name, taking the same arguments
    (by name, kind and default): a control never asks the table for what it lacks."""
    from bot.discord.parts import Clicks
    from bot.discord.table import Table

    calls = [name for name, member in vars(Clicks).items() if inspect.iscoroutinefunction(member)]
    assert len(calls) >= 9
    for name in calls:
        wanted = inspect.signature(getattr(Clicks, name)).parameters.values()
        method = getattr(Table, name, None)
        assert inspect.iscoroutinefunction(method), f"Table has no {name}"
        given = inspect.signature(method).parameters.values()
        assert [(p.name, p.kind, p.default) for p in given] == [
            (p.name, p.kind, p.default) for p in wanted
        ], name
