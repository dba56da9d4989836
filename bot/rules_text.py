"""What ``/rules GAME`` says: each game as Parlor plays it (the README says the same)."""

from __future__ import annotations

RULES = {
    "icesickle": (
        "**IceSickle** (2 players, two rounds). One stash of 15 pyramids belongs to nobody: "
        "5 small (1 pip), 5 medium (2), 5 large (3), on a 5x5 board a1-e5.\n"
        "1. **Placing:** take turns putting any piece left (you pick the size) on an empty "
        "square: `S@c3`, `M@a1`, `L@e5`. The first placer places 8, the other 7.\n"
        "2. **Jumping:** the second placer jumps first. Move any piece in a straight line "
        "(orthogonal or diagonal) over 1 to pips squares (small 1, medium 1-2, large 1-3), "
        "landing on the next square, which must be on the board and empty. At least one "
        "square jumped over must hold a piece; every piece jumped over is captured and scores "
        "its pips for you. Notation `c3-c5`.\n"
        "3. The round ends when the player to move has no jump; pieces left score nothing.\n"
        "4. Round 2: the board is cleared, the other player places first.\n"
        "5. Highest two-round total wins; equal totals draw."
    ),
}
