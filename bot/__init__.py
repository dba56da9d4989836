"""Parlor's front ends: the Discord bot (``create_bot``; ``sweep`` runs one sweep of the bots it
made, at once) and local hot-seat play (``python -m bot play``)."""

from bot.discord.client import create_bot, sweep

__all__ = ["create_bot", "sweep"]
