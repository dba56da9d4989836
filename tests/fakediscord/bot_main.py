"""``python tests/fakediscord/bot_main.py [ARGS]``: ``python -m bot [ARGS]`` pointed at a fake
Discord, for tests that run the bot's real entry point in a process of its own.

Sets the two attributes ``tests.fakediscord.FakeDiscord`` patches in-process
(``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``) from the environment
variables ``FAKE_DISCORD_API`` and ``FAKE_DISCORD_GATEWAY``, then runs ``bot.__main__.main``.
For tests that cannot wait a minute, or click faster than people: ``FAKE_SWEEP_SECONDS``
(the sweep's interval) and ``FAKE_RATE_LIMIT`` (clicks a user may make in 10 s).
"""

from __future__ import annotations

import os
import sys


def patch_discord() -> None:
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])

    import bot.discord.client

    if "FAKE_SWEEP_SECONDS" in os.environ:
        bot.discord.client.EXPIRY_SWEEP = float(os.environ["FAKE_SWEEP_SECONDS"])
    if "FAKE_RATE_LIMIT" in os.environ:
        bot.discord.client.RATE_LIMIT = (int(os.environ["FAKE_RATE_LIMIT"]), 10.0)


if __name__ == "__main__":  # the board workers' forkserver imports this file as well
    patch_discord()
    from bot.__main__ import main

    sys.exit(main(sys.argv[1:]))
