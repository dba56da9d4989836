"""A throwaway dice game for the bot's tests: what IceSickle cannot exercise.

"Dice race", 2-4 players: on your turn you roll a die (a chance move that is yours, so a
table with a Roll button lets you press it), then pick one of ``width`` moves ``m1`` ...;
each adds the die to your score. First to ``target`` wins. A ``width`` of 130 makes more
move groups than one message holds, so the bot has to page its select menus.

It goes through the real engine base classes, the real render registry and the bot's game
registry (its chat side is the defaults, plus which move is its roll); ``registered`` puts it
into all three for one test and takes it out again.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from PIL import Image, ImageDraw

import engine
import render
from bot import games
from engine.core import CHANCE, Game, IllegalMove, Move, Option, Outcome, State

KEY = "dice-race"


@dataclass(frozen=True)
class Roll(Move):
    die: int

    def __str__(self) -> str:
        return f"roll {self.die}"


@dataclass(frozen=True)
class Pick(Move):
    number: int

    def __str__(self) -> str:
        return f"m{self.number}"


class DiceRaceState(State):
    __slots__ = ("die", "scores", "seat")

    def __init__(self, game, num_players, options, history=()) -> None:
        super().__init__(game, num_players, options, history)
        self.scores = [0] * num_players
        self.seat = 0
        self.die: int | None = None

    @property
    def to_move(self) -> int | None:
        if max(self.scores) >= self.options["target"]:
            return None
        return CHANCE if self.die is None else self.seat

    @property
    def outcome(self) -> Outcome | None:
        if self.to_move is not None:
            return None
        winner = self.scores.index(max(self.scores))
        return Outcome((winner,), tuple(self.scores), f"reached {self.options['target']}")

    def _roller(self) -> int | None:
        return self.seat

    def _generate_moves(self) -> list[Move]:
        if self.die is None:
            return [Roll(d) for d in range(1, 7)]
        return [Pick(n) for n in range(1, self.options["width"] + 1)]

    def _chance_probabilities(self) -> list[float]:
        return [1 / 6] * 6

    def _copy(self) -> DiceRaceState:
        new = DiceRaceState(self.game, self.num_players, self.options, self.history)
        new.scores, new.seat, new.die = list(self.scores), self.seat, self.die
        return new

    def _load(self, data: dict[str, Any]) -> None:
        self.scores, self.seat, self.die = list(data["scores"]), data["seat"], data["die"]

    def _play(self, move: Move) -> None:
        if isinstance(move, Roll):
            self.die = move.die
            return
        assert self.die is not None
        self.scores[self.seat] += self.die
        self.die = None
        self.seat = (self.seat + 1) % self.num_players

    def _explain(self, text: str) -> str:
        if self.die is None:
            return "Roll the die first."
        return f"{text!r} is not a move; pick m1 to m{self.options['width']}."

    def _data(self) -> dict[str, Any]:
        return {"scores": self.scores, "seat": self.seat, "die": self.die}


class DiceRace(Game):
    key = KEY
    title = "Dice race"
    min_players = 2
    max_players = 4
    has_chance = True
    options = MappingProxyType(
        {
            "target": Option(10, (10, 20), "score that wins"),
            "width": Option(3, (3, 130), "how many moves to pick from"),
        }
    )

    def _initial_state(self, num_players: int, options: Mapping[str, Any]) -> DiceRaceState:
        return DiceRaceState(self, num_players, options)

    def move_from_text(self, text: str) -> Move:
        if text.startswith("roll "):
            return Roll(int(text[5:]))
        if text.startswith("m") and text[1:].isdigit():
            return Pick(int(text[1:]))
        raise IllegalMove(f"{text!r} is not dice-race notation")


def image(state: DiceRaceState, *, theme, names) -> bytes:
    picture = Image.new("RGB", (320, 120), "white")
    ImageDraw.Draw(picture).text((10, 10), f"scores {state.scores} die {state.die}", fill="black")
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


def alt_text(state: DiceRaceState, *, names) -> str:
    return f"Dice race: scores {state.scores}, die {state.die or 'not rolled'}."


class DiceRaceChat(games.GameChat):
    key = KEY
    rolls = (Roll,)


@contextlib.contextmanager
def registered() -> Iterator[DiceRace]:
    game = DiceRace()
    engine.GAMES[KEY] = game
    render.register(KEY, image, alt_text)
    games.register(DiceRaceChat())
    try:
        games.check_games(games.registries())
        yield game
    finally:
        del engine.GAMES[KEY]
        del render.RENDERERS[KEY]
        games.unregister(KEY)
