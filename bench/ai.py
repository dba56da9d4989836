"""The AI levels' strength against each other, and their CPU per decision.

    python bench/ai.py [--games 200] [--first 0] [--jobs 2] [--only GAME ...]
                       [--record FILE] [--report FILE ...] [PAIRING ...]

A pairing is ``GAME:PLAYERS:A:B`` (``icesickle:2:hard:easy``): seat 0 of every game is level A
(one seat, the others all play B), and the A seat goes round the table game by game, so every
seat plays A equally often. Without pairings, the issue's list: per game (2 players) hard vs
easy, hard vs medium and medium vs easy, and 4-player Pachisi with one hard against three
mediums. Game ``i`` draws its dice and the AIs' choices from seed ``i``, so a run is repeatable.

Prints per pairing: A's score (a win 1, a draw 1/2 shared between its winners, so that par is
1/players) with a 95% Wilson interval, the draws, decisions per game, for Ice-Turn the rounds a
game takes, and per level the CPU per decision (``time.process_time`` in the worker process:
median, p95, max). Games run in ``--jobs`` worker processes; the load of the machine is printed,
since a busy machine stretches the times (not the scores). Figures only, no assertions.

A full run takes hours of CPU (the hard level thinks about a second a decision), so it can be
spread over several runs: ``--first N`` starts at game N, ``--record FILE`` appends each game's
result to FILE (a JSON line naming the pairing, the game and fingerprints of ``engine/``: of
all of it, and of the part its game plays with), and ``--report FILE ...`` prints the figures
of the games recorded there for the engine as it is now (games recorded for another version of
their game's part are left out and counted), each game once.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from figures import percentile

import engine
from engine.ai import choose

DEFAULT = [
    f"{key}:2:{a}:{b}"
    for key in engine.GAMES
    for a, b in (("hard", "easy"), ("hard", "medium"), ("medium", "easy"))
] + ["pachisi:4:hard:medium"]


def play(key: str, players: int, levels: tuple[str, ...], seed: int) -> dict:
    """One game with ``levels[seat]`` playing each seat: its winners, its length, and each
    level's decision times."""
    rng = random.Random(seed)
    state = engine.get_game(key).new_game(players)
    times: dict[str, list[float]] = {}
    decisions = 0
    while not state.is_over():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            level = levels[state.to_move]
            started = time.process_time()
            move = choose(state, level, rng)
            times.setdefault(level, []).append(time.process_time() - started)
            decisions += 1
        state = state.apply(move)
    return {
        "winners": state.outcome.winners,
        "draw": not state.outcome.winners,
        "decisions": decisions,
        "round": getattr(state, "round", None),
        "times": times,
    }


def seats(players: int, a: str, b: str, game: int) -> tuple[str, ...]:
    """Game ``game``'s levels by seat: A at seat ``game % players``, B elsewhere."""
    return tuple(a if seat == game % players else b for seat in range(players))


ENGINE = Path(__file__).resolve().parent.parent / "engine"

FAMILIES = {"icesickle": "icesickle", "ice-turn": "iceturn", "pach-ice-i": "pachicei",
            "pachisi": "pachisi"}  # fmt: skip
"""Each game's key and the prefix of its modules' names (``engine/iceturn*.py``,
``engine/ai/iceturn_ai.py``)."""


def fingerprint(key: str | None = None, root: Path = ENGINE) -> str:
    """A short hash of the engine's source (the rules and the AI), naming what was measured;
    with a game's ``key``, of what that game plays with: every module but the other games'
    own, so that changing one game's rules or AI leaves the others' records standing."""
    others = tuple(prefix for k, prefix in FAMILIES.items() if key is not None and k != key)
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        if others and path.name.startswith(others):
            continue
        digest.update(str(path.relative_to(root)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def _one(job: tuple[str, int, str, str, int]) -> tuple[float, dict]:
    key, players, a, b, game = job
    levels = seats(players, a, b, game)
    result = play(key, players, levels, seed=game)
    a_seat = game % players
    winners = result["winners"]
    share = 1 / len(winners) if a_seat in winners else 0.0
    return (share if winners else 1 / players), result


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval for a rate of ``score`` over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ms(values: list[float]) -> str:
    if not values:
        return "-"
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, "
        f"p95 {percentile(values, 95) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms"
    )


def report(pairing: str, results: list[tuple[float, dict]], seconds: float | None) -> None:
    """The figures of ``pairing`` over ``results`` (score, result per game)."""
    key, players, a, b = pairing.split(":")
    players = int(players)
    games = len(results)
    score = sum(s for s, _ in results)
    low, high = wilson(score, games)
    draws = sum(r["draw"] for _, r in results)
    times: dict[str, list[float]] = {}
    for _, r in results:
        for level, t in r["times"].items():
            times.setdefault(level, []).extend(t)
    took = f"; {seconds:.0f} s" if seconds is not None else ""
    print(
        f"{key} {players}p, {a} (one seat) vs {b}: {a} scores {score / games:.1%} "
        f"[{low:.1%}, {high:.1%}] over {games} games (par {1 / players:.0%}), {draws} draws; "
        f"{statistics.median(r['decisions'] for _, r in results):.0f} decisions a game "
        f"(median){took}"
    )
    rounds = [r["round"] for _, r in results if r["round"] is not None]
    if rounds and key == "ice-turn":
        print(
            f"  rounds a game: median {statistics.median(rounds):.0f}, "
            f"p95 {percentile(rounds, 95)}, max {max(rounds)}"
        )
    for level, t in times.items():
        print(f"  {level}: {len(t)} decisions, {ms(t)}")


def run(
    pairing: str, first: int, games: int, pool: ProcessPoolExecutor, record: Path | None
) -> None:
    key, players, a, b = pairing.split(":")
    started = time.monotonic()
    jobs = [(key, int(players), a, b, game) for game in range(first, first + games)]
    results = []
    stamp, own = fingerprint(), fingerprint(key)
    for job, (score, result) in zip(jobs, pool.map(_one, jobs, chunksize=1), strict=True):
        results.append((score, result))
        if record is not None:
            line = {"pairing": pairing, "game": job[-1], "engine": stamp, "score": score}
            line["game_engine"] = own
            with record.open("a") as out:
                out.write(json.dumps(line | {"result": result}) + "\n")
    report(pairing, results, time.monotonic() - started)


def recorded(paths: list[Path]) -> None:
    """The figures of every pairing recorded in ``paths`` for the engine as it is now (the
    game's part of it: :func:`fingerprint` with its key)."""
    stamps = {key: fingerprint(key) for key in FAMILIES}
    games: dict[str, dict[int, tuple[float, dict]]] = {}
    other = 0
    for path in paths:
        for text in path.read_text().splitlines():
            line = json.loads(text)
            if line.get("game_engine") != stamps[line["pairing"].split(":")[0]]:
                other += 1
                continue
            games.setdefault(line["pairing"], {})[line["game"]] = (line["score"], line["result"])
    print(f"engine {fingerprint()}, by game {stamps}; {other} recorded games of another left out")
    for pairing, by_game in games.items():
        report(pairing, [by_game[g] for g in sorted(by_game)], None)


def _replayed(line: dict) -> tuple[str, bool, float, float]:
    key, players, a, b = line["pairing"].split(":")
    _, result = _one((key, int(players), a, b, line["game"]))
    old = line["result"]
    same = (
        list(result["winners"]) == list(old["winners"])
        and result["decisions"] == old["decisions"]
        and {k: len(v) for k, v in result["times"].items()}
        == {k: len(v) for k, v in old["times"].items()}
    )
    return line["pairing"], same, sum(result["times"].get(a, [])), sum(old["times"].get(a, []))


def replay(paths: list[Path], per_pairing: int, jobs: int) -> None:
    """Play again, on the engine as it is now, the first ``per_pairing`` recorded games of
    each pairing whose game's engine has changed since, and say whether each is the same
    game (winners, length, decisions by level: the AIs' choices are deterministic, their
    budgets counted in positions): a change meant to keep the play (a faster engine) keeps
    the recorded figures' meaning. Also the CPU of level A's decisions, now and recorded."""
    stamps = {key: fingerprint(key) for key in FAMILIES}
    chosen: dict[str, list[dict]] = {}
    for path in paths:
        for text in path.read_text().splitlines():
            line = json.loads(text)
            if line.get("game_engine") != stamps[line["pairing"].split(":")[0]]:
                chosen.setdefault(line["pairing"], []).append(line)
    lines = [
        line
        for games in chosen.values()
        for line in sorted(games, key=lambda g: g["game"])[:per_pairing]
    ]
    print(f"engine {fingerprint()}, by game {stamps}; replaying {len(lines)} recorded games")
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(_replayed, lines))
    for pairing in chosen:
        rows = [r for r in results if r[0] == pairing]
        now, then = sum(r[2] for r in rows), sum(r[3] for r in rows)
        print(
            f"{pairing}: {sum(r[1] for r in rows)}/{len(rows)} games the same; "
            f"A's decisions {now:.1f} s of CPU now, {then:.1f} s recorded"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pairings", nargs="*", default=None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (seed)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", default=None, help="games of the default list")
    parser.add_argument("--record", type=Path, help="append each game's result to this file")
    parser.add_argument("--report", type=Path, nargs="+", help="only report recorded games")
    parser.add_argument(
        "--replay", type=Path, nargs="+", help="replay recorded games of a changed engine"
    )
    args = parser.parse_args()
    if args.report:
        recorded(args.report)
        return
    if args.replay:
        replay(args.replay, args.games, args.jobs)
        return
    pairings = args.pairings or [
        p for p in DEFAULT if not args.only or p.split(":")[0] in args.only
    ]
    print(f"load average before: {os.getloadavg()}, {os.cpu_count()} cores, jobs {args.jobs}")
    print(f"engine {fingerprint()}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for pairing in pairings:
            run(pairing, args.first, args.games, pool, args.record)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
