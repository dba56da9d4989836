"""Parlor's service: challenges, lobbies, games and their moves, clocks, players' settings, AI
turns.

No Discord in here: every front end (the Discord bot, the terminal) calls
:class:`bot.service.facade.Service`."""
