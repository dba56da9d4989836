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
    "pachisi": (
        "**Pachisi** (2-4 players, 4 pawns each, two dice). Race your pawns from your nest "
        "counter-clockwise round the 68-square cross, up your 7-square home path and into HOME "
        "(exact count). The bot rolls when the dice are due (or `roll: button`).\n"
        "**Moves:** `enter` (a 5, or both dice totalling 5, 5-5 enters two); `2+3` moves pawn 2 "
        "three squares. Each die is its own move; you must use both dice when any order allows "
        "it, else either one; what cannot be used is lost. Never 3 pawns of a colour on a "
        "square.\n"
        "**Doublets** roll again. With your nest empty a doublet a-a is a **14** in four parts "
        "a, a, 7-a, 7-a: all four or none.\n"
        "**Captures:** land on a lone enemy to send it home and earn a bonus of **20** "
        "(`2+20`), taken by one pawn after the dice (in a 14, right after that part); lost if "
        "no pawn can take it whole. Safe squares (marked) allow no capture and no sharing, "
        "except that entering captures a lone enemy on your own entry square.\n"
        "**Blockades:** two pawns of a colour block everyone, their owner too; the pair may "
        "not end a roll together on a new square.\n"
        "**Rule sets** (`/play pachisi rules:`): **online** (default): highest die starts, "
        "play passes clockwise, HOME bonus **10**, Auto Fives (a 5 must enter a pawn when one "
        "can), third doublet in a row sends your most advanced pawn back. **classic** (1930s): "
        "lowest total starts, play passes counter-clockwise, no HOME bonus, no Auto Fives, no "
        "entry capture, no penalty.\n"
        "**Options:** blockades, first_pawn_out, undo (take back moves of the dice play), "
        "partners (4 players, opposite seats; when your pawns are HOME you move your "
        "partner's), turn_timer (1 or 2 minutes a move; once it runs out the others may "
        "**Remove** the player). Score `H-S`: pawns HOME, then steps (nest -5, HOME 71).\n"
        "**Leaving:** a removed player, or one who uses `/resign` at a table of 3-4, leaves "
        "with their pawns; the others play on (a partner leaves with the team). The last "
        "player or team left wins; leavers rank last in the report."
    ),
}
