"""The chat side of one game, as the generic bot code asks for it: :class:`GameChat`.

Its defaults fit a plain game: one "Moves" menu while it fits, no buttons but Roll, no lines
under the title, a turn message posted afresh after every move, "your turn to move", a roll
said as "Ann rolled 5" (": no move" when the roll left nothing to play). A game in
``bot/games/`` overrides only what it does differently; ``bot/games/__init__.py`` registers it.

The words themselves (a hand, a phase's verb, the dice) live with the game's image words in
``render/<game>_words.py`` wherever the image says them too, so the picture, its alt text, the
chat and the terminal say a thing the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import engine


def paragraphs(*texts: str) -> str:
    """A rules text from its paragraphs (blank lines between them: where pages may break)."""
    return "\n\n".join(texts)


def where(discord: str, terminal: str) -> str:
    """Words of a rules text that differ by place: ``discord`` in ``/rules``, ``terminal`` in
    local play's ``rules`` (a slash command there, the terminal's own command or flag here)."""
    return f"{{{{{discord}|{terminal}}}}}"


_WHERE = re.compile(r"\{\{([^{}|]*)\|([^{}|]*)\}\}")


def for_discord(text: str) -> str:
    """A rules text as ``/rules`` shows it: every :func:`where` resolved to its Discord words."""
    return _WHERE.sub(r"\1", text)


def for_terminal(text: str) -> str:
    """A rules text as the terminal's ``rules`` prints it: its terminal words."""
    return _WHERE.sub(r"\2", text)


def plural(n: int, word: str) -> str:
    """ "1 tile", "3 tiles"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def player_name(names: Sequence[str], seat: int | None, nobody: str = "The bot") -> str:
    """The name of ``seat``, or ``nobody`` for no seat (a chance move that is nobody's)."""
    return names[seat] if seat is not None and seat >= 0 else nobody


class GameChat:
    """What the bot says and offers for one game (the game called ``key`` in ``engine.GAMES``).

    Every method is a pure function of the engine's state (and the players' names), so each
    can be read and tested on its own."""

    key: ClassVar[str]
    """The game's key, as in ``engine.GAMES`` and ``render.RENDERERS``."""
    rules: ClassVar[str] = ""
    """The whole rules text: Discord markdown (``**bold**`` and backticks only, so the
    terminal can print it plain), words that differ between ``/rules`` and the terminal's
    ``rules`` marked with :func:`where`, paragraphs separated by blank lines (where pages may
    break); every term defined before it is used; notation in backticks."""
    tells_its_turn: ClassVar[bool] = False
    """``progress_lines`` already say the turn's decisions so far (a turn log of the game's
    own), so the generic "This roll:" line is left out. Every game's turn message is edited
    in place after each decision of a turn, and posted afresh (with a mention) when the
    player to act changes."""
    always_grouped: ClassVar[bool] = False
    """Keep the menu groups apart even when every move would fit one "Moves" menu."""
    verbs: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """The game's phase -> what the player to act does then ("roll", "place", ...): its
    words module's table; "move" for a phase it does not name."""
    rolls: ClassVar[tuple[type[engine.Move], ...]] = ()
    """The game's move types that are a roll of its dice (a roll by hand is said as such)."""

    # -- the turn message --------------------------------------------------------------------

    def verb(self, state: engine.State) -> str:
        """What the player to act does now, for "your turn to ..." and "Ann to ..."."""
        return self.verbs.get(state.phase, "move")

    def progress_lines(self, state: engine.State) -> list[str]:
        """Lines between the title and whose turn it is: where a turn under way stands."""
        return []

    def turn_summary(self, state: engine.State, over: bool, name: str) -> str | None:
        """What ``name`` did in the turn that just ended (``over``: or that ended the game),
        for a game updated in place; ``None`` where a turn is a single move."""
        return None

    def played_summary(
        self, state: engine.State, over: bool, name: str, moves: Sequence[engine.Move]
    ) -> str | None:
        """The note on a fresh turn message after ``moves`` (``state`` is after them), when
        the game says more than the moves themselves (``None``: the moves are named)."""
        return None

    # -- menus and buttons -------------------------------------------------------------------

    def controls(self, state: engine.State) -> list[tuple[engine.Move, str]]:
        """``(move, button label)`` for the legal moves that get a button, not a menu entry."""
        return []

    def group(self, move: engine.Move) -> str:
        """The label of the select menu a move is offered in."""
        return "Moves"

    def group_order(self, label: str) -> Any:
        """Where a group comes among the menus (a sort key; equal keys keep the moves' order)."""
        return 0

    def describe(self, state: engine.State, move: engine.Move) -> str | None:
        """A few words on what a menu option does, or ``None``."""
        return None

    # -- the terminal ------------------------------------------------------------------------

    def status_parts(self, state: engine.State, names: Sequence[str]) -> list[str]:
        """Where the game stands, after the move number: whose turn and what they need."""
        if state.is_chance_node():
            return [f"{player_name(names, state.roller)} to roll"]
        return [f"{player_name(names, state.to_move)} to {self.verb(state)}"]

    def dice_words(self, move: engine.Move) -> str:
        """A roll's dice as the players read them: "2 6"."""
        return str(move).removeprefix("roll ")

    def roll_words(
        self,
        before: engine.State,
        after: engine.State,
        move: engine.Move,
        names: Sequence[str],
    ) -> list[str]:
        """What a chance ``move`` (the dice, a deal) from ``before`` to ``after`` did."""
        line = self.rolled_line(before, move, names)
        if not after.is_over() and after.is_chance_node():
            line += ": no move"
        return [line + "."]

    def rolled_line(self, before: engine.State, move: engine.Move, names: Sequence[str]) -> str:
        """ "Ann rolled 2 6" ("The bot rolled ..." for dice that are nobody's)."""
        return f"{player_name(names, before.roller)} rolled {self.dice_words(move)}"

    def did_words(self, before: engine.State, after: engine.State) -> str:
        """What a player's move from ``before`` to ``after`` was, after the player's name in
        the move line: "played 2+3" (a game with a move that is not a play says it its way:
        "took back 2+3")."""
        return f"played {after.last_move}"

    def move_effects(
        self, before: engine.State, after: engine.State, names: Sequence[str]
    ) -> list[str]:
        """What a player's move from ``before`` to ``after`` did beyond moving, read from the
        two states (captures, bonuses earned, pieces sent home or into a goal), for the move
        line: "Cat played 1+5: captured Ann's pawn 2 (bonus 20)." ([] for nothing)."""
        return []

    def after_words(
        self, before: engine.State, after: engine.State, names: Sequence[str]
    ) -> list[str]:
        """What else the step from ``before`` to ``after`` did: a round that ended, dice lost."""
        return []

    # -- the final report --------------------------------------------------------------------

    def score_words(self, row: engine.Placing) -> str:
        """One final report row's score, where the report shows one ("" for none)."""
        return ""
