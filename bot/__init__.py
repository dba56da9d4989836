"""Parlor's front ends: local hot-seat play now, the Discord bot next."""
