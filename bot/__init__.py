"""Parlor's front ends: the Discord bot (``create_bot``) and local hot-seat play."""

from bot.discord.client import create_bot

__all__ = ["create_bot"]
