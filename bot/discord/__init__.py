"""Parlor on Discord: the client, its commands, the table that posts boards and answers clicks.

The only layer that imports ``discord``."""
