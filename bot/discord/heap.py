"""Short pauses for the garbage collector's full passes.

A full collection walks every object the process tracks. Right after a start, most of them
are the modules, tables and caches that live as long as the process, so each full pass paid
for walking them again: measured on the decisions of the game whose moves cost most
(``bench/bench.py``), the slowest took 25-31 ms of CPU with them in the heap and 4.7 ms with
them frozen. The bot and its worker processes freeze them once they are set up.
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collect what is garbage now, then keep what is left out of later collections
    (``gc.freeze``): call once a process has built what it keeps for its whole life."""
    gc.collect()
    gc.freeze()
