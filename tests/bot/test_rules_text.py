"""/rules has a text for every game, and each fits one Discord message."""

import engine
from bot.rules_text import RULES


def test_every_game_has_rules_that_fit_a_message():
    assert set(RULES) == set(engine.GAMES)
    for key, text in RULES.items():
        assert len(text) <= 2000, key
        assert engine.GAMES[key].title in text
