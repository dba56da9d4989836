"""Who follows a game (``bot/service/follows.py``). A stand-in: nobody follows any game yet;
the follow buttons, the digest and the final DM replace it with the real part, of the same
name and signature, which ``replays`` asks whether a user may watch a game still running."""

from __future__ import annotations


class Follows:
    """Followers of games (a stand-in: none)."""

    async def follows(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` follows the game ``game_id``."""
        return False
