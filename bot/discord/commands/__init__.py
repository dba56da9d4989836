"""Parlor's slash commands, one module per command group, each a discord.py extension: the
client loads them by name (``bot.discord.client.EXTENSIONS``), and each module's
``setup(bot)`` adds its commands to the bot's tree.

- ``play``: ``/play GAME ...``, one subcommand per game;
- ``games``: a player's games: ``/move``, ``/hint``, ``/board``, ``/resign``, ``/games``,
  ``/history``;
- ``rules``: ``/rules``;
- ``settings``: a player's own settings: ``/settings``, ``/vacation``;
- ``standings``: the ladders and players' records: ``/leaderboard``, ``/profile``."""
