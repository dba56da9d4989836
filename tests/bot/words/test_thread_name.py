"""A game's thread name on Discord (100 characters at most) names every player, each as
themselves: long names share the room, shortened as the images shorten them."""

from __future__ import annotations

import engine
from bot.discord.invitations import thread_name
from bot.service.records import Player
from tests.bot.game_records import record_at
from tests.render.names import HAMILTONS, seats_read


def test_a_thread_name_names_every_player_as_themselves():
    state = engine.get_game("pachisi").new_game(4)
    players = tuple(Player(100 + s, name) for s, name in enumerate(HAMILTONS))
    name = thread_name(record_at(state, players=players))
    assert len(name) <= 100 and name.startswith("Pachisi #7: "), name
    shown = name.removeprefix("Pachisi #7: ").split(" vs ")
    assert len(shown) == 4, name
    assert [seats_read(s, HAMILTONS) for s in shown] == [{0}, {1}, {2}, {3}], name


def test_a_thread_name_that_fits_is_whole():
    state = engine.get_game("pachisi").new_game(2)
    players = (Player(100, "Parlor (hard)"), Player(101, "Parlor 2 (medium)"))
    name = thread_name(record_at(state, players=players))
    assert name == "Pachisi #7: Parlor (hard) vs Parlor 2 (medium)"
