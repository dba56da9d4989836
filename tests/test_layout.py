"""The tests' own layout: a test module (``test_*.py``) is run, never imported. What tests share
lives in helper modules beside them (``tests/bot/people.py``, ``tests/bot/discord/chat.py``,
``tests/render/icesickle_states.py``, ...), so no test, conftest or helper imports a test
module (importing one also collects its fixtures and ties its file to the importer's)."""

from __future__ import annotations

from .imports import Import, graph, imports_of


def is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def imports_of_test_modules(edges: list[Import]) -> list[str]:
    return [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in edges
        if is_test_module(edge.module)
    ]


def test_nothing_under_tests_imports_a_test_module():
    assert imports_of_test_modules(graph("tests")) == []


def test_the_check_sees_each_way_of_importing_a_test_module(tmp_path):
    helper = tmp_path / "helper.py"
    helper.write_text(
        "from tests.bot.service.test_service import Clock\n"
        "from . import test_names as names\n"
        "import tests.bot.discord.test_lifecycle\n"
        "from .test_dice import start\n"
        "from tests.bot.people import ANN\n"
        "from tests.bot import answers\n"
    )
    known = {"tests.render.test_names": helper, "tests.bot.answers": helper}
    found = imports_of_test_modules(imports_of("tests.render.helper", helper, known))
    assert found == [
        "tests.render.helper imports tests.bot.service.test_service (line 1)",
        "tests.render.helper imports tests.render.test_names (line 2)",
        "tests.render.helper imports tests.bot.discord.test_lifecycle (line 3)",
        "tests.render.helper imports tests.render.test_dice (line 4)",
    ]
