"""Ice-Turn's chat side. A turn is many small decisions, so the turn message is updated in
place: under the title it says where the turn stands (the dice, the Treehouse die, the points
and reactions left, the moves so far); its moves are always grouped by kind (move, turn, tip,
each Treehouse action, reactions; while placing: each tile and facing), points moves first,
each with a few words on what it does; End and TIP are buttons. The words for hands, the
Treehouse die, the phases and the roll are the image's (``render/iceturn_words.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import engine
from engine.iceturn_board import DIRECTIONS
from engine.iceturn_moves import (
    Aim,
    Dig,
    End,
    Hop,
    React,
    Roll,
    Step,
    Swap,
    Tip,
    TipSeven,
    TurnPiece,
)
from engine.iceturn_setup import Deal, Place, hand_words
from engine.pyramids import SIZE_WORDS
from render.iceturn_words import (
    PHASE_WORD,
    VERBS,
    face_words,
    hands_words,
    move_words,
    name,
    rolled_words,
    round_words,
    tile_long,
    verb,
)

from .base import GameChat, paragraphs, player_name, plural

RULES = paragraphs(
    "**Ice-Turn** (2-4 players). Race your three pyramids across a board of arrow tiles to the far "
    "corner, and build them up there in the right order.",
    "**Pieces.** Each player has a small, a medium and a large pyramid, worth 1, 2 and 3 **pips** "
    "(the dots on them). A piece is **standing** (upright) or **lying** on its side, pointing "
    "north, east, south or west: its **facing** (north is towards rank 4). A tile holds nothing, "
    "one lying piece, or a **stack**: standing pieces, counted from the bottom. Your **tree** is "
    "your three stacked with the large at the bottom and the small on top; your **nest** is the "
    "reverse: small at the bottom, medium, large on top.",
    "**The board:** 16 tiles on a 4x4 grid, a1 (bottom left) to d4: 4 **Q-Turners** (arrows all "
    "four ways), 6 **double arrows** (two heads on one line), 6 **single arrows**.",
    "**Start.** Seats are numbered 1-4 on the board and drawn at random (in the terminal: in the "
    "order named). Each tree starts standing on its player's corner: a1, d1, d4, a4 in seat order "
    "(2 players: a1 and d4; 3: a1, d1, d4). Your **goal** is the opposite corner (it stays with "
    "that corner when tiles move). The bot deals the tiles round robin from seat 1; then, from "
    "seat 1, players take turns placing one: `Q@b2`, `D@b2n` (a double arrow on the north-south "
    "line; `D@b2e` east-west), `A@b2e` (a single arrow pointing east). At most one Q-Turner per "
    "row and per column; no single arrow pointing off the board.",
    "**A turn** (seat 1 first). The bot rolls a d6, your **points** for the turn, and the "
    "**Treehouse die**, whose face (TIP, AIM, SWAP, HOP, DIG or WILD) is your free action (below): "
    "`roll 4 hop`. Spend points on your own pieces, in any order:\n"
    "- **Step**, costing the piece's pips (small 1, medium 2, large 3): a lying piece moves one "
    "tile the way it faces, whatever the tile's arrows: `b2-b3`.\n"
    "- **Turn**, 1 point: a lying piece faces another way: `turn b2 e`.\n"
    "- **Tip**, 1 point: a stack holding one of yours (a lone standing piece is a stack of one) "
    "falls the way you choose: the bottom piece lies on its tile, the one above it one tile "
    "further, the next two tiles further, all facing that way; never off the board. `tip a1 n` "
    "from a tree on a1: the large lies on a1, the medium on a2, the small on a3.\n"
    "Standing pieces cannot step or turn: tip them first. Points left over are lost.",
    "**Landing on pieces.** A piece stepping or tipped onto an occupied tile stops there; "
    "everything on the tile stands up into a stack, and you choose where yours goes with `/k`: k "
    "pieces end up below it. `b2-b3/0` puts it at the bottom; `b2-b3/1` onto one piece puts it on "
    "top. A tip onto occupied tiles takes one `/k` per such tile, nearest first: `tip a1 n/1/0`.",
    "**The Treehouse action** (the Treehouse die's face), once a turn, free, before, between or "
    "after point moves. TIP `tip 7`: your points become 7. AIM: turn tiles in place one after "
    "another, each once, with any lying piece on them (`aim b2 cw`: a quarter turn clockwise; "
    "`ccw`, `180`); any other move ends the AIM. SWAP: two side-by-side tiles change places with "
    "their pieces (`swap b2 b3`). HOP: one of your standing pieces, with what is on it, jumps "
    "along its row or column onto the top of the tile where it lands (`hop M b2-b4`). DIG: one of "
    "your lying pieces moves 0 or more tiles the way it faces and stands up at the bottom of where "
    "it lands (`dig b2-b4`, `dig b2`). WILD: any one of these.",
    "**Reactions.** `end` ends your moves. Then every tile under one of your lying pieces may "
    "**react** once: turn one lying piece (anyone's) on a tile its arrows reach to any facing, "
    "even off the board. `react b2 c3 w`: from b2, turn the piece on c3 to face west. A single "
    "arrow reaches the next tile it points at, a double arrow its whole line both ways, a Q-Turner "
    "its whole row and column; nothing blocks. Standing pieces are never turned. `end` ends the "
    "turn (the bot plays it when nothing else is left).",
    "**The end.** You win the moment your goal holds exactly your nest (your three pieces and "
    "nothing else), even when another player's move made it; two at once both win. After the round "
    "limit (`round_limit`, 100 rounds by default) the game is a draw.",
)

GROUPS = (
    "Move a piece forward",
    "Turn a piece (1 point)",
    "Tip a piece or stack (1 point)",
    "AIM: turn a tile",
    "SWAP two tiles",
    "HOP a standing piece",
    "DIG a lying piece",
    "React: turn a piece",
    "Place a Q-Turner",
)
"""The menus in the order they are offered (other placements after them, by name)."""
_GROUP_OF = dict(zip((Step, TurnPiece, Tip, Aim, Swap, Hop, Dig, React), GROUPS, strict=False))


class IceTurnChat(GameChat):
    key = "ice-turn"
    rules = RULES
    verbs = VERBS
    tells_its_turn = True
    always_grouped = True
    rolls = (Roll,)

    # -- the terminal ------------------------------------------------------------------------

    def move_effects(self, before, after, names: Sequence[str]) -> list[str]:
        if before.is_chance_node() or before.phase == "place":
            return []
        did = []
        for seat in range(before.num_players):
            was, now = before.at_goal(seat), after.at_goal(seat)
            if now != was:
                did.append(f"{names[seat]} now has {now} of 3 pieces on the goal")
        return did

    # -- the turn message --------------------------------------------------------------------

    def progress_lines(self, state) -> list[str]:
        """The tiles left to place; the dice, the Treehouse action and the points left; the
        reactions left; this turn's moves so far."""
        if state.phase == "place":
            return [f"Tiles to place: {hand_words(state.hands[state.seat])}."]
        lines = []
        if state.phase == "move":
            points = f"**{state.points}** point{'s' if state.points != 1 else ''} left"
            lines.append(f"\N{GAME DIE} {state.rolled} · Treehouse: {face_words(state)} · {points}")
        elif state.phase == "react":
            ready = len(state.can_react())
            lines.append(
                f"Reactions: {ready} of your tiles may still turn a piece they point at; "
                "then **End turn**."
            )
        if state.phase in ("move", "react") and state.turn_log:
            lines.append("This turn: " + ", ".join(str(m) for m in state.turn_log))
        return lines

    def turn_summary(self, state, over: bool, name: str) -> str | None:
        last = state.last_turn if not over else None
        if last is None:
            moves, rolled, face = state.turn_log, state.rolled, state.face
        else:
            moves, rolled, face = last.moves, last.points, last.face
        done = ", ".join(f"**{m}**" for m in moves) or "nothing"
        return f"{name} {rolled_words(rolled, face)}, then played: {done}."

    def played_summary(self, state, over: bool, name: str, moves) -> str | None:
        if isinstance(moves[0], (Deal, Place)) or state.phase == "place":
            return None  # the setup: one tile a message
        return self.turn_summary(state, over, name)

    # -- menus and buttons -------------------------------------------------------------------

    def controls(self, state) -> list[tuple[engine.Move, str]]:
        controls: list[tuple[engine.Move, str]] = []
        for move in state.legal_moves():
            if isinstance(move, End):
                controls.append((move, "End turn" if state.phase == "react" else "End movement"))
            elif isinstance(move, TipSeven):
                controls.append((move, move_words(move)))
        return controls

    def group(self, move: engine.Move) -> str:
        if isinstance(move, Place):
            return f"Place a {tile_long(move.tile)}"
        return _GROUP_OF.get(type(move), "Moves")

    def group_order(self, label: str) -> tuple[int, str]:
        if label in GROUPS:
            return GROUPS.index(label), ""
        return len(GROUPS), label

    def describe(self, state, move: engine.Move) -> str | None:
        return _describe(state, move)

    # -- the terminal ------------------------------------------------------------------------

    def status_parts(self, state, names: Sequence[str]) -> list[str]:
        if state.phase == "deal":
            return [PHASE_WORD["deal"]]
        who = f"{player_name(names, state.seat, '')} {verb(state)}"
        if state.phase == "place":
            return [who, f"tiles in hand: {hand_words(state.hands[state.seat])}"]
        head = round_words(state)
        if state.phase == "roll":
            return [head, who]
        if state.phase == "react":
            ready = plural(len(state.can_react()), "tile")
            return [head, f"{who} ({ready} can still react), then end"]
        points = plural(state.points, "point") + " left"
        treehouse = f"Treehouse: {face_words(state)}"
        return [head, who, f"rolled {state.rolled}", treehouse, points]

    def roll_words(self, before, after, move: engine.Move, names: Sequence[str]) -> list[str]:
        if isinstance(move, Deal):  # one deal a seat: said once, whole, after the last
            return [] if after.phase == "deal" else [f"Tiles dealt: {hands_words(after, names)}."]
        who = player_name(names, before.roller)
        return [f"{who} {rolled_words(move.points, move.face)} on the Treehouse die."]


def _describe(state, move: engine.Move) -> str | None:
    """A few words on what a menu option does: "your medium to b3 (2 points), stacks: top"."""
    cells, seat = state.cells, state.seat

    def piece_on(cell: int) -> str:
        here = cells[cell]
        return SIZE_WORDS[here.pieces[0][1]] if here.pieces else "piece"

    def position(cell: int, below: int | None) -> str:
        if below is None:
            return ""
        count = len(cells[cell].pieces)
        where = "bottom" if below == 0 else "top" if below == count else f"{below} below it"
        return f", stacks: {where}"

    if isinstance(move, Place):
        return f"on {name(move.cell)}" + (
            "" if move.tile[0] == "Q" else f", {DIRECTIONS[move.tile[1]]}"
        )
    if isinstance(move, Step):
        size = cells[move.cell].pieces[0][1]
        cost = f"{size} point{'s' if size > 1 else ''}"
        return f"your {SIZE_WORDS[size]} to {name(move.target)} ({cost})" + position(
            move.target, move.below
        )
    if isinstance(move, TurnPiece):
        return f"your {piece_on(move.cell)} on {name(move.cell)} to face {DIRECTIONS[move.facing]}"
    if isinstance(move, Tip):
        count = len(cells[move.cell].pieces)
        what = "the piece" if count == 1 else f"the stack of {count}"
        return f"{what} on {name(move.cell)} falls {DIRECTIONS[move.facing]}"
    if isinstance(move, Aim):
        turn = {1: "clockwise", 2: "half a turn", 3: "anticlockwise"}[move.quarter_turns]
        lying = cells[move.cell].lying
        return f"tile {name(move.cell)} {turn}" + (" with its piece" if lying else "")
    if isinstance(move, Swap):
        return f"tiles {name(move.a)} and {name(move.b)} change places"
    if isinstance(move, Hop):
        index = cells[move.cell].pieces.index((seat, move.size))
        carried = len(cells[move.cell].pieces) - index - 1
        extra = f" with {carried} on it" if carried else ""
        return f"your {SIZE_WORDS[move.size]}{extra} onto {name(move.target)}"
    if isinstance(move, Dig):
        where = "in place" if move.target == move.cell else f"to {name(move.target)}"
        return f"your {piece_on(move.cell)} digs {where}, stands at the bottom"
    if isinstance(move, React):
        return (
            f"from {name(move.source)}: the {piece_on(move.target)} on {name(move.target)} "
            f"faces {DIRECTIONS[move.facing]}"
        )
    return None


CHAT = IceTurnChat()
