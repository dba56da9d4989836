"""The drawing's imports run one way (read from the source with ``ast``; nothing is run): a
game's drawing modules (``render/<game>.py``, ``render/<game>_*.py``) import their own game's
modules (in ``render`` and in ``engine``) and the shared ones, never another game's; the shared
modules import no game's; only ``render/__init__.py`` names every game."""

from __future__ import annotations

from ..imports import circles, game_of, game_prefixes, graph, modules

EDGES = graph("render")
GAME_MODULES = sorted(name for name in modules("render") if game_of(name))


def test_every_game_has_drawing_modules():
    assert sorted({game_of(name) for name in GAME_MODULES}) == game_prefixes()


def test_a_games_drawing_imports_no_other_games_module():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if game_of(edge.importer) and game_of(edge.module) not in (None, game_of(edge.importer))
    ]
    assert wrong == []


def test_the_shared_drawing_imports_no_games_module():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if edge.importer != "render" and not game_of(edge.importer) and game_of(edge.module)
    ]
    assert wrong == []


def test_no_import_circle_but_typing_only_ones():
    assert circles([edge for edge in EDGES if edge.runtime]) == []
