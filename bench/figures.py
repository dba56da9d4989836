"""Helpers shared by the benchmark scripts (run as scripts: their folder is on sys.path)."""

from __future__ import annotations


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]
