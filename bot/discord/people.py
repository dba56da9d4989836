"""Discord's users as the service's players, and whom a turn message notifies: the discord
objects made from the records (``bot/words`` holds none)."""

from __future__ import annotations

import discord

from bot.service.records import GameRecord, Player


def player_of(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)


def turn_mentions(record: GameRecord) -> discord.AllowedMentions:
    if record.over:
        users = [discord.Object(p.user_id) for p in record.players if not p.ai]
    else:
        mover = record.player_to_move
        ai = record.ai_to_act and not record.absent_to_act  # an absent player is still told
        users = [discord.Object(mover.user_id)] if mover and not ai else []
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)
