"""Parlor's front ends: the Discord bot (``create_bot``) and local hot-seat play."""

from .app import create_bot

__all__ = ["create_bot"]
