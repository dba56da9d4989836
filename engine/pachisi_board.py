"""The Pachisi board (RULINGS.md, "Pachisi: the board"): facts shared by engine and renderer.

Positions are counted per player from their own entry square: ``rel`` 0..63 on the 68-square
loop (``rel`` 0 = own entry, 63 = the mouth of the own home path), 64..70 up the home path,
``HOME`` = 71 (exact count), ``NEST`` = -1 (off the board). The loop's absolute squares run
0..67 counter-clockwise from seat 0's home-path mouth; the mouths are 0, 17, 34, 51 and the
entries 5, 22, 39, 56.

Layout for drawing (seat 0 at the bottom, pawns moving counter-clockwise on screen): each of
the four arms of the cross is 3 columns by 8 squares. Square 0 is the outer middle square of
the bottom arm; 1..8 run up the bottom arm's right column from its outer end to the centre;
9..16 run out along the right arm's lower row; 17 is the right arm's outer middle; and so on
around (the right arm is seat 1's, the top arm seat 2's, the left arm seat 3's). A home path
is the 7 remaining squares of its arm's middle column, from the mouth inward to HOME in the
centre. A seat's nest is the corner to the right of its arm, as its player sees it.
"""

from __future__ import annotations

TRACK = 68
"""Squares on the loop."""
SIDE = 17
"""Loop squares per arm."""
NEST = -1
LAST_TRACK = 63
"""``rel`` of the mouth of a player's own home path: their last square on the loop."""
HOME = 71
HOME_PATH = range(64, 71)
SEAT_ARMS = 4
"""Arms of the cross; seat ``s`` of a 4-player table sits at arm ``s``."""

SAFE_REL = (0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63)
SAFE = frozenset((5 + rel) % TRACK for rel in SAFE_REL)
"""Absolute safe squares: entries, home-path mouths and mid-side squares (the same for all)."""
MOUTHS = (0, 17, 34, 51)
ENTRIES = (5, 22, 39, 56)

ARMS_BY_PLAYERS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
"""Which arm each seat sits at: two players sit opposite, three take the first three arms."""


def arms(num_players: int) -> tuple[int, ...]:
    return ARMS_BY_PLAYERS[num_players]


def entry(arm: int) -> int:
    """The absolute square where pawns of the player at ``arm`` enter."""
    return ENTRIES[arm]


def square(arm: int, rel: int) -> int | None:
    """The absolute loop square of ``rel`` for the player at ``arm``; ``None`` off the loop."""
    if 0 <= rel <= LAST_TRACK:
        return (ENTRIES[arm] + rel) % TRACK
    return None


def weight(rel: int) -> int:
    """A pawn's weight in the final report's tie-break (RULINGS: nest and 0-4 weigh 0)."""
    for bound, w in ((64, 5), (56, 4), (39, 3), (22, 2), (5, 1)):
        if rel >= bound:
            return w
    return 0


def steps(rel: int) -> int:
    """A pawn's part of the score S: its ``rel``, HOME 71, a pawn in the nest -5."""
    return -5 if rel == NEST else rel
