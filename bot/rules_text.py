"""What ``/rules GAME`` says: each game as Parlor plays it, for someone who never saw it (the
README says the same). Every term is defined before it is used; notation is in backticks.

``RULES`` maps a game's key to its whole text (Discord markdown: ``**bold**`` and backticks
only, so the terminal's ``rules`` command can print it plain). ``/rules`` shows a text longer
than one message in pages (``bot/rules_pages.py``); paragraphs are separated by blank lines,
where the pages may break.
"""

from __future__ import annotations


def _text(*paragraphs: str) -> str:
    return "\n\n".join(paragraphs)


ICESICKLE = _text(
    "**IceSickle** (2 players, two rounds). The pieces are pyramids of three sizes, each worth its "
    "**pips** (the dots on it): small 1, medium 2, large 3. One **stash** of 15 pieces, 5 of each "
    "size, belongs to nobody: either player may place or jump any piece. The board has 5x5 "
    "squares, a1 (bottom left) to e5.",
    "**Who starts:** who places first in round 1 is drawn at random (in the terminal: the first "
    "player named).",
    "1. **Placing:** take turns putting any piece left in the stash (you pick the size) on an "
    "empty square: `S@c3`, `M@a1`, `L@e5` (S, M, L: small, medium, large). The first placer places "
    "8, the other 7.\n"
    "2. **Jumping:** the second placer jumps first. A jump moves any piece in a straight line "
    "(along a row, a column or a diagonal) over 1 up to its pips in squares (a small over 1, a "
    "medium over 1-2, a large over 1-3), landing on the next square, which must be on the board "
    "and empty. At least one square jumped over must hold a piece; every piece jumped over is "
    "captured and scores its pips for you. One jump a turn: `c3-c5` (from, to).\n"
    "3. The round ends when the player to move has no jump; pieces left score nothing.\n"
    "4. **Round 2:** the board is cleared and the other player places first.\n"
    "5. The higher two-round total wins; equal totals draw.",
)

PACHISI = _text(
    "**Pachisi** (2-4 players, 4 pawns each, two dice). Race your four pawns once round the "
    "cross-shaped board and into **HOME**, its centre.",
    "**The board.** Each player sits at an arm of the cross (two players at the bottom and top "
    "arms; three at the bottom, right and top); right and left below are as you look from your arm "
    "towards the centre. Your **nest** is the corner to the right of your arm, where your pawns "
    "(numbered 1-4) wait. Your **entry square** is the ringed square in your colour on the "
    "right-hand column of your arm, beside your nest. From it pawns run counter-clockwise round "
    "the 68 squares of the cross, back down the left-hand column of your arm to its outer end, "
    "then up its middle column (your **home path**: 7 squares in your colour) into HOME, which "
    "takes the exact count. **Safe squares** are ringed (marked X under classic rules): the entry "
    "squares, the ends of the home paths and the middle of each side.",
    "**Who starts.** First everyone throws, the bot rolling (ties throw again). Online rules: one "
    "die each, the highest starts, and play passes clockwise. Classic: both dice each, the lowest "
    "total starts, and play passes counter-clockwise.",
    "**A turn.** The bot rolls both dice; each die is its own move. `enter` brings your "
    "lowest-numbered pawn from the nest onto your entry square, with a 5 or with both dice "
    "totalling 5 (5-5 enters two). `2+3` moves pawn 2 three squares. Use both dice when any order "
    "allows it, else either one; a die that cannot be used is lost. Never three pawns of one "
    "colour on a square.",
    "**Doublets** (both dice the same) roll again. When none of your pawns is in the nest, a "
    "doublet a-a counts **14**, played in four parts a, a, 7-a, 7-a (2-2: 2, 2, 5, 5): all four, "
    "or none.",
    "**Captures.** Landing on a lone enemy pawn sends it back to its nest and earns a **bonus** of "
    "20 squares for one of your pawns (`2+20`), taken after the dice (in a 14, right after that "
    "part), or lost if no pawn can move it whole. Nothing is captured on a safe square, and two "
    "colours never share one, except that online, entering captures a lone enemy on your own entry "
    "square.",
    "**Blockades.** Two pawns of one colour on a square block everyone, their owner too: nobody "
    "lands on or passes them. Two pawns that form a blockade when the dice are rolled may not end "
    "that roll together on another square.",
    "**Rule sets** (`/play pachisi rules:`). **online** (default): a pawn reaching HOME earns a "
    "bonus of 10 (`2+10`), taken like a capture's; Auto Fives (`auto_fives`: a 5 must enter a pawn "
    "while one can); a third doublet in a row moves nothing and sends your most advanced pawn not "
    "in HOME back to the nest (`third_doublet_penalty`). **classic** (1930s): none of these (the "
    "last two can be switched on), and no entry capture.",
    "**Options:** `blockades` (off: no two pawns of a colour on a square), `first_pawn_out` (pawn "
    "1 starts on the entry square), `undo` (take back moves of this roll's play, never a bonus), "
    "`partners` (4 players: opposite seats are a team, never capture each other, and once your "
    "four pawns are HOME you move your partner's), `turn_timer` (1 or 2 minutes a move; once it "
    "runs out the others may **Remove** the player).",
    "**Score** `H / S`: H is your pawns in HOME; S is the steps of all four pawns, each counting "
    "the squares it has gone from your entry square (entry square 0, HOME 71, nest -5). At the "
    "start everyone has `0 / -20`.",
    "**The end.** The game ends the moment a player (or team) has every pawn in HOME. A removed "
    "player, or one who uses `/resign` at a table of 3-4, leaves with their pawns and the others "
    "play on (a partner leaves with the team); the last player or team left wins. The final report "
    "ranks by H, then S; leavers last.",
)

PACHICEI = _text(
    "**Pach-Ice-i** (2 players, three eight-sided dice). Race all 15 of your pyramids across the "
    "board and off its far side.",
    "**Pieces.** Each player has 15 pyramids, 5 each of small, medium and large, worth 1, 2 and 3 "
    "**pips**. A **tree** is a stack of a large, a medium on it and a small on top. Your pieces "
    "start off the board in your **pad** as five trees; your **goal** is the other player's pad.",
    "**Who starts.** One player is **Black** and moves first, the other **White**; the bot draws "
    "who is which (in the terminal, the first player named is Black).",
    "**The board** has 7x7 squares, a1 (bottom left) to g7, coloured like a chessboard with a1 "
    "black. The nine **marked** squares a1 a4 a7 d1 d4 d7 g1 g4 g7 count as both colours. Your "
    "**path** is 49 squares, then your goal. Black's runs up file a from a1, down b, up c ... up g "
    "to g7; White's runs left along rank 7 from g7, right along 6 ... left along 1 to a1. "
    "**Entering** with n puts a piece from your pad on square n of your path.",
    "**A turn.** The bot rolls the three dice; then you move one of:\n"
    "- one **small** by all three dice added up;\n"
    "- a **medium** by two dice added up and a **large** by the third, in either order;\n"
    "- **three different larges**, by one die each.\n"
    "Use all three dice when any turn allows it, else as many as any turn allows; with no move at "
    "all you pass.",
    "**Notation.** `c3+7` moves the piece on c3 seven squares along your path. `S+12`, `M+9`, "
    "`L+4` enter a small, medium or large from the top of your tallest tree with that piece on "
    "top; `S1+12`, `M1+9` enter a lone one (a piece sent back alone) instead. At the start only "
    "smalls are on top, so the first turn enters a small by all three dice.",
    "**What you may move:** any piece, of either colour, on a square of your colour or a marked "
    "square, each at most once a turn. An opponent's piece moves along your path, never past your "
    "square 49, and only while the pips of your entered pieces (on the board and in your goal) are "
    "at least theirs.",
    "**Landing.** One piece per square. You may land on a piece of your size or smaller, but never "
    "on an occupied marked square. The piece there goes to the pad of the square's colour (Black's "
    "pad for a black square, White's for a white one): back to its owner's pad as a tree of its "
    "own (it may enter again this turn unless it already moved), or into its goal.",
    "**Look-ahead.** A turn must leave the opponent some move on some roll.",
    "**The end.** All 15 of your pieces in your goal wins at once (knocking the opponent's last "
    "piece into their goal hands them the win). If neither player could move on any roll, or after "
    "100 turns in a row with no piece reaching a goal, more pieces in goal wins; equal draws.",
)

ICETURN = _text(
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

RULES: dict[str, str] = {
    "icesickle": ICESICKLE,
    "pachisi": PACHISI,
    "ice-turn": ICETURN,
    "pach-ice-i": PACHICEI,
}
"""Game key -> the whole ``/rules`` text (markdown)."""
