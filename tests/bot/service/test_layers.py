"""The service's imports run one way (read from the source with ``ast``; nothing is run).

- No module of ``bot.service`` imports Discord or a front end (``bot.discord``, ``bot.local``)
  or the words (``bot.words``): those build on the service, never the other way.
- No part of the service imports the facade (``bot.service.facade``): each is built with the
  parts it needs; the facade builds them all.
- The store imports of the service above it only its bottom (errors, records, the AI players'
  ids, the clocks' arithmetic).
- No module takes another's private name (``from x import _y``).
- No import circle among the service's modules (the store aside: its own contracts).
"""

from __future__ import annotations

from ...imports import circles, graph, modules, private_names_taken

SERVICE = modules("bot.service")
STORE = modules("bot.service.store")
EDGES = graph("bot.service")
BOTTOM = {
    "bot.service.errors",
    "bot.service.records",
    "bot.service.ai_players",
    "bot.service.clocks",
}
FACADE = "bot.service.facade"


def within(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def test_the_service_imports_no_discord_no_front_end_and_no_words():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if within(edge.module, "discord", "bot.discord", "bot.local", "bot.words")
    ]
    assert wrong == []


def test_no_part_of_the_service_imports_the_facade():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if edge.module == FACADE and edge.importer != FACADE
    ]
    assert wrong == []


def test_the_store_imports_only_the_bottom_of_the_service():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if edge.importer in STORE
        and within(edge.module, "bot")
        and edge.module not in STORE
        and edge.module not in BOTTOM
    ]
    assert wrong == []


def test_no_module_of_the_service_takes_another_modules_private_name():
    assert private_names_taken("bot.service") == []


def test_no_import_circle_in_the_service():
    edges = [
        edge
        for edge in EDGES
        if edge.runtime and edge.importer not in STORE and edge.module not in STORE
    ]
    assert circles(edges) == []
