"""The engine's imports run one way (read from the source with ``ast``; nothing is run).

- The generic searches and evaluations of ``engine.ai`` know no game: they take the evaluation
  as an argument, and only ``engine.ai.registry`` (the top) names the games' AI modules.
- A game's modules (in the engine and its AI) import no other game's.
- No module imports another that imports it back, but for the typing-only imports (under
  ``if TYPE_CHECKING:``) between a game's state and its helper modules.
"""

from __future__ import annotations

from ..imports import circles, game_of, graph, modules

EDGES = graph("engine")
TOPS = {"engine", "engine.ai", "engine.ai.registry"}
"""Modules that name every game: the packages and the AI's registry."""
GENERIC_AI = sorted(
    name for name in modules("engine.ai") if name not in TOPS and game_of(name) is None
)


def test_the_generic_ai_modules_are_the_searches_and_the_evaluations():
    for name in ("values", "medium", "mcts", "alphabeta", "expectimax", "easy", "budget"):
        assert f"engine.ai.{name}" in GENERIC_AI


def test_the_generic_searches_import_no_game_and_not_the_registry():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if edge.importer in GENERIC_AI and (edge.module in TOPS or game_of(edge.module))
    ]
    assert wrong == []


def test_a_games_modules_import_no_other_game_and_not_the_registry():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if game_of(edge.importer)
        and (edge.module in TOPS or game_of(edge.module) not in (None, game_of(edge.importer)))
    ]
    assert wrong == []


def test_no_import_circle_but_typing_only_ones():
    assert circles([edge for edge in EDGES if edge.runtime]) == []
