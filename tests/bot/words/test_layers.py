"""What the bot says is text made from the service's records: ``bot.words`` imports no Discord
(but discord.py's text escaping, in ``text.py`` alone) and no front end (read from the source
with ``ast``; nothing is run), takes no other module's private name, and its modules import
each other one way."""

from __future__ import annotations

from ...imports import circles, graph, private_names_taken

EDGES = graph("bot.words")


def test_the_words_import_no_discord_and_no_front_end():
    wrong = [
        f"{edge.importer} imports {edge.module} (line {edge.line})"
        for edge in EDGES
        if (edge.module.split(".")[0] == "discord" and edge.module != "discord.utils")
        or (edge.module == "discord.utils" and edge.importer != "bot.words.text")
        or edge.module.startswith(("bot.discord", "bot.local"))
    ]
    assert wrong == []


def test_no_module_of_the_words_takes_another_modules_private_name():
    assert private_names_taken("bot.words") == []


def test_no_import_circle_in_the_words():
    assert circles([edge for edge in EDGES if edge.runtime]) == []
