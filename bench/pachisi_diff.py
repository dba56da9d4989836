"""Pachisi's differential check: does the engine play exactly as a recorded one did?

    python bench/pachisi_diff.py record /tmp/pachisi-old.jsonl.gz --engine /path/to/old/checkout
    python bench/pachisi_diff.py check /tmp/pachisi-old.jsonl.gz

``record`` plays seeded random games (``tests/engine/pachisi_record.py``: the legal moves in
order, the chance outcomes, removals, the move chosen, every position after it, what ``parse``
says to a list of texts, the JSON round trip) with the engine on the path: ``--seeds`` games of
each setup the bench plays, ``--option-seeds`` of every combination of the options; and the
AI's choice at easy, medium and hard (their default position budgets, so deterministic) with
the hard level's hint, at ``--ai-states`` positions. ``check`` plays the same with the engine
here and names the first line that differs in each game that does.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

AI_SETUPS = [
    ("online-4", 4, {"rules": "online"}),
    ("online-2", 2, {"rules": "online"}),
    ("classic-4", 4, {"rules": "classic"}),
    ("partners-4", 4, {"rules": "online", "partners": True}),
]


def load(where: Path) -> None:
    """Import the engine from the checkout ``where`` and the recorder from this one (by its
    path: an older checkout may not have it), as the globals the rest of this module uses."""
    sys.path.insert(0, str(where))
    global engine, LEVELS, choose, hint, GAME, digest, main_setups, option_setups, record
    import engine
    from engine.ai import LEVELS, choose, hint

    path = ROOT / "tests" / "engine" / "pachisi_record.py"
    spec = importlib.util.spec_from_file_location("pachisi_record", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    GAME, digest, record = module.GAME, module.digest, module.record
    main_setups, option_setups = module.main_setups, module.option_setups


def games(seeds: int, option_seeds: int):
    for name, n, options in main_setups():
        for seed in range(seeds):
            yield name, n, options, seed
    for name, n, options in option_setups():
        for seed in range(option_seeds):
            yield name, n, options, 1000 + seed


def ai_states(count: int):
    """``count`` positions with a choice to make, spread over random games of ``AI_SETUPS``."""
    per = -(-count // len(AI_SETUPS))
    for name, n, options in AI_SETUPS:
        rng = random.Random(name)
        found = 0
        while found < per:
            state = GAME.new_game(n, options)
            while not state.is_over() and found < per:
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
                else:
                    legal = state.legal_moves()
                    if len(legal) > 1 and rng.random() < 0.02:
                        found += 1
                        yield f"{name}#{found}", state
                    move = rng.choice(legal)
                state = state.apply(move)


def ai_line(label: str, state: engine.State) -> str:
    picks = [str(choose(state, level, random.Random(label))) for level in LEVELS]
    move, words = hint(state, random.Random(label))
    history = " ".join(map(str, state.history))
    return json.dumps({"ai": label, "picks": picks, "hint": [str(move), words], "at": history})


def run(args: argparse.Namespace):
    """Every record as a JSON-ready dict, in order."""
    for name, n, options, seed in games(args.seeds, args.option_seeds):
        lines = list(record(n, options, seed))
        sha, count = digest(iter(lines))
        yield {"setup": name, "seed": seed, "sha": sha, "lines": count, "text": lines}
    for label, state in ai_states(args.ai_states):
        yield {"ai": label, "line": ai_line(label, state)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "check"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--seeds", type=int, default=300, help="games of each bench setup")
    parser.add_argument("--option-seeds", type=int, default=6, help="games of each combination")
    parser.add_argument("--ai-states", type=int, default=40)
    parser.add_argument("--engine", type=Path, default=ROOT, help="the checkout to play with")
    args = parser.parse_args()
    load(args.engine)
    print(f"engine from {Path(engine.__file__).parent}", flush=True)
    start = time.process_time()
    if args.action == "record":
        with gzip.open(args.file, "wt") as out:
            for count, item in enumerate(run(args), 1):
                out.write(json.dumps(item) + "\n")
                if count % 200 == 0:
                    print(f"{count} recorded", flush=True)
        print(f"recorded {count} in {time.process_time() - start:.0f} s CPU")
        return
    with gzip.open(args.file, "rt") as recorded:
        old = [json.loads(line) for line in recorded]
    meta = old  # the record says what it holds: the same games are played again
    seeds = max(r["seed"] for r in meta if r.get("setup") in dict.fromkeys(
        n for n, _, _ in main_setups())) + 1  # fmt: skip
    option_seeds = len({r["seed"] for r in meta if r.get("seed", 0) >= 1000})
    ai = sum(1 for r in meta if "ai" in r)
    args.seeds, args.option_seeds, args.ai_states = seeds, option_seeds, ai
    differ = same = 0
    for before, now in zip(old, run(args), strict=True):
        if "ai" in before:
            ok = before["line"] == now["line"]
            if not ok:
                print(f"AI differs at {before['ai']}:\n  was {before['line']}\n  now {now['line']}")
        else:
            assert (before["setup"], before["seed"]) == (now["setup"], now["seed"])
            ok = before["sha"] == now["sha"]
            if not ok:
                first = next(
                    (
                        i
                        for i, (a, b) in enumerate(zip(before["text"], now["text"], strict=False))
                        if a != b
                    ),
                    min(len(before["text"]), len(now["text"])),
                )
                print(f"{before['setup']} seed {before['seed']} differs at line {first}:")
                for side, text in (("was", before["text"]), ("now", now["text"])):
                    print(f"  {side}: {text[first] if first < len(text) else '(end)'}")
        same += ok
        differ += not ok
    print(
        f"{same} the same, {differ} different ({seeds} seeds a bench setup, {option_seeds} a "
        f"combination of options, {ai} AI positions); {time.process_time() - start:.0f} s CPU"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
