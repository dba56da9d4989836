"""CPU of the listings (``/games``, and the game field's autocomplete) for a busy player.

    python bench/listing.py [--games 25] [--moves 2000] [--runs 200]

Makes a real SQLite file holding ``--games`` Ice-Turn games of 4 players with ``--moves``
moves each, all with the same player seated, then times (``time.process_time``, this process
only) what ``/games`` does (``Service.games_of`` and the lines it prints) and what each
keystroke in a command's game field does (``Service.games_of`` and the labels it filters).
Prints the median and p95 per call. Figures only, no assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile

import engine
from bot.service.facade import Service
from bot.service.records import Player
from bot.words.messages import board_link, title_line, waiting_words

KEY = "ice-turn"


def long_game(moves: int, seed: int) -> tuple[engine.State, list[tuple[str, int, int | None]]]:
    """A 4-player Ice-Turn game after ``moves`` random moves (restarted until one lasts)."""
    rng = random.Random(seed)
    while True:
        state, rows = engine.get_game(KEY).new_game(4, {"round_limit": 200}), []
        while len(rows) < moves and not state.is_over():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
                rows.append((str(move), engine.CHANCE, None))
            else:
                move = rng.choice(state.legal_moves())
                rows.append((str(move), state.to_move, 100 + state.to_move))
            state = state.apply(move)
        if len(rows) == moves:
            return state, rows


async def fill(service: Service, games: int, moves: int) -> int:
    """``games`` games of ``moves`` moves, written straight to storage; the busy player's id."""
    state, rows = long_game(moves, seed=1)
    people = [Player(100 + i, f"P{i}") for i in range(4)]
    fields = inspect.signature(service.storage.record_moves).parameters
    for _ in range(games):
        lobby = await service.lobbies.open(KEY, people[0], 4, options={"round_limit": 200})
        for person in people[1:]:
            record = await service.lobbies.join(lobby.id, person, shuffle=False)
        extra = {}
        if "to_act" in fields:  # the storage of issue 15: a position and summary columns
            extra = {"snapshot": state.position_json(), "left": ()}
            extra["to_act"] = (
                state.to_move if state.to_move is not None and state.to_move >= 0 else None
            )
        else:
            extra = {"snapshot": state.to_json()}
        first = len(record.state.history)
        await service.storage.record_moves(
            record.id, record.version, rows[first:], first_number=first + 1,
            status="active", result=None, now=time.time(), **extra,
        )  # fmt: skip
    return people[0].user_id


async def main(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as folder:
        service = await Service.open(os.path.join(folder, "bench.db"), games_per_user=10_000)
        user = await fill(service, args.games, args.moves)
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"{args.games} games of {args.moves} moves for one player; load {load} "
            f"on {os.cpu_count()} cores"
        )

        async def games_command() -> None:
            mine = await service.games_of(user)
            [f"{title_line(g)} · {waiting_words(g, user)} · {board_link(g)}" for g in mine]

        async def keystroke() -> None:
            mine = await service.games_of(user)
            labels = [f"#{g.id} {g.game.title}: " + " vs ".join(p.name for p in g.players)
                      for g in mine]  # fmt: skip
            [label for label in labels if "p1" in label.lower()]

        for label, call in (("/games", games_command), ("autocomplete keystroke", keystroke)):
            times = []
            for _ in range(args.runs):
                start = time.process_time()
                await call()
                times.append((time.process_time() - start) * 1000)
            print(
                f"{label}: CPU median {statistics.median(times):.2f} ms, "
                f"p95 {percentile(times, 95):.2f} ms"
            )
        await service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=200)
    asyncio.run(main(parser.parse_args()))
