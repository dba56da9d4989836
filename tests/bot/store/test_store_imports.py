"""The store (``bot/service/store/``, all SQL) stands under the service: read from the source
with ``ast`` (nothing is run).

- Of the bot it imports only its own modules and the service's records, errors, AI players and
  clocks: nothing of the service's parts above it, of the words, of Discord or of the terminal.
- No circle: the database interface (``database.py``) imports neither implementation
  (``sqlite.py``, ``postgres.py``); ``factory.py`` alone knows both.
- It uses no private name of another module, nor another object's private attribute (``_db``
  of a storage, ``_record`` of the records), but for aiosqlite's ``_execute`` and ``_conn``:
  aiosqlite has no public way to run several statements in one hop to its thread.
"""

from __future__ import annotations

import ast

from tests.imports import circles, graph, modules

STORE = "bot.service.store"
BELOW = {
    "bot.service.records",
    "bot.service.errors",
    "bot.service.ai_players",
    "bot.service.clocks",
}
"""What the store may import of the bot outside itself."""
AIOSQLITE_OWN = {("bot.service.store.sqlite", "_execute"), ("bot.service.store.sqlite", "_conn")}
"""The private names of aiosqlite's connection the store uses (see the module's text)."""

EDGES = [edge for edge in graph("bot") if edge.importer.startswith(STORE)]


def in_store(module: str) -> bool:
    return module == STORE or module.startswith(STORE + ".")


def test_the_store_imports_of_the_bot_only_itself_and_the_records_errors_ai_players_clocks():
    assert {edge.importer for edge in EDGES} >= {f"{STORE}.storage", f"{STORE}.database"}
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if edge.module.split(".")[0] == "bot" and not in_store(edge.module)
        if edge.module not in BELOW
    ]
    assert wrong == []


def test_the_interface_imports_no_implementation_and_the_store_has_no_circle():
    interface = [edge.module for edge in EDGES if edge.importer == f"{STORE}.database"]
    assert not [module for module in interface if in_store(module)]
    assert circles(EDGES) == []
    factory = {edge.module for edge in EDGES if edge.importer == f"{STORE}.factory"}
    assert {f"{STORE}.sqlite", f"{STORE}.postgres"} <= factory


def private_names(name: str, tree: ast.Module) -> list[str]:
    """The private names of other modules and objects that ``tree`` uses: imported (``from m
    import _x``), or read off anything but ``self`` and ``cls`` (``m._x``, ``storage._db``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [
                f"{name} imports {alias.name} from {node.module} (line {node.lineno})"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            ]
        elif isinstance(node, ast.Attribute):
            private = node.attr.startswith("_") and not node.attr.startswith("__")
            own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if private and not own and (name, node.attr) not in AIOSQLITE_OWN:
                found.append(f"{name} reads {ast.unparse(node)} (line {node.lineno})")
    return found


def test_the_store_uses_no_private_name_of_another_module():
    wrong = []
    for name, path in modules(STORE).items():
        wrong += private_names(name, ast.parse(path.read_text(encoding="utf-8")))
    assert wrong == []


def test_the_private_name_check_sees_an_import_and_an_attribute():
    tree = ast.parse(
        "from bot.service.records import _record\n"
        "from bot.service import records\n"
        "records._record(1)\n"
        "origin._db.fetch()\n"
        "self._db.fetch()\n"
        "x.__class__\n"
    )
    assert private_names("m", tree) == [
        "m imports _record from bot.service.records (line 1)",
        "m reads records._record (line 3)",
        "m reads origin._db (line 4)",
    ]
