"""Parlor's service: challenges, lobbies, games and their moves, clocks, players' settings, AI
turns.

No Discord in here: every front end (the Discord bot, the terminal) calls
:class:`bot.service.facade.Service`, a thin face over the parts it builds. Each part is built
with the parts it needs and none holds the facade; from the bottom up:

- ``errors``, ``records`` (what the service hands out), ``ai_players``, ``clocks`` (all the
  arithmetic of times), ``user_settings``, ``vacation``, ``recent``: plain values and pure
  functions. ``store/`` (all SQL) imports of the service only ``errors``, ``records``,
  ``ai_players`` and ``clocks``.
- ``table_settings``, ``dice``: a table's settings checked; the rolls, from the game's seed.
- ``players`` (players' settings, vacations, digests), then ``gameplay``: the one way a game
  changes (``Gameplay.change``: the game's lock, its record, ``decide``, one version-checked
  commit) and how one starts.
- Built on ``gameplay``: ``moves`` (a player's move, roll, resignation), ``challenges``,
  ``boards`` (where a game is shown on Discord), ``lobbies`` (with ``challenges``), ``ai_turns``
  (with ``challenges``), ``timeouts`` (with ``players``).
"""
