"""CPU time of processes, read from ``/proc`` (the benchmarks' figures are CPU time: the
machines are shared), and a yardstick that moves with the machine."""

from __future__ import annotations

import contextlib
import os
import statistics
import time


def cpu_of(pid: int, task: int | None = None) -> float:
    """CPU seconds (user + system) of process ``pid`` itself, not its children (the board
    workers), from ``/proc/<pid>/stat``; of its thread ``task`` alone, if given."""
    where = f"/proc/{pid}/task/{task}/stat" if task else f"/proc/{pid}/stat"
    with open(where) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """The processes descended from ``pid`` (its forkserver and the worker processes), from
    ``/proc``."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as stat:
                parents[int(entry)] = int(stat.read().rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [child for child, p in parents.items() if p == parent]
        found += children
        todo += children
    return found


def cpu_of_family(pid: int) -> dict[int, float]:
    """CPU seconds of each process descended from ``pid`` now."""
    spent = {}
    for child in family(pid):
        with contextlib.suppress(OSError):
            spent[child] = cpu_of(child)
    return spent


def yardstick() -> float:
    """CPU ms of a fixed piece of work that moves with the machine (the shared cores drift by
    10-20% within an hour): Pillow's PNG encode of an IceSickle board in RGB, the median of
    15, as ``bench/bench.py``'s ratios use. A figure divided by it compares across runs."""
    import io

    from PIL import Image

    import engine
    import render

    state = engine.get_game("icesickle").new_game(2, {})
    rgb = Image.open(io.BytesIO(render.render(state))).convert("RGB")
    spent = []
    for _ in range(15):
        start = time.process_time()
        rgb.save(io.BytesIO(), "PNG")
        spent.append(time.process_time() - start)
    return statistics.median(spent) * 1000


def cpu_line(whose: str, cpu: float, moves: int) -> str:
    """The figure both benchmarks print: CPU seconds in all and per move, and the load."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"CPU of {whose}: {cpu:.2f} s for {moves} moves, {cpu / moves * 1000:.1f} ms per move; "
        f"load {load} on {os.cpu_count()} cores"
    )
