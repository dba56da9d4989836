"""The heap of a long-lived process: short pauses for the garbage collector, and memory kept
for reuse rather than handed back to the system after every board.

A full collection walks every object the process tracks. Right after a start, most of them
are the modules, tables and caches that live as long as the process, so each full pass paid
for walking them again: measured on the decisions of the game whose moves cost most
(``bench/bench.py``), the slowest took 25-31 ms of CPU with them in the heap and 4.7 ms with
them frozen. The bot and its worker processes freeze them once they are set up.

A board takes a few megabytes of images for a moment (the final image, its palette copy,
the PNG rows). glibc's malloc gave such blocks back to the system when they were freed (its
thresholds for ``mmap`` and for trimming the heap's top) and took them again for the next
board, zeroed page by page: 200-1,800 page faults and 0.5-4.9 ms of system CPU a board,
measured (``getrusage``) on the boards of ten games of each kind, against about 15 and
0.05 ms with the memory kept. The bot and its workers keep it (:data:`KEEP_BELOW`).
"""

from __future__ import annotations

import ctypes
import gc
import sys

KEEP_BELOW = 32 * 1024 * 1024
"""Blocks up to this size come from the heap, not from their own ``mmap`` (glibc's largest
setting); and the heap's free top is handed back only past :data:`TRIM_ABOVE`."""

TRIM_ABOVE = 128 * 1024 * 1024

_M_TRIM_THRESHOLD = -1  # glibc <malloc.h>
_M_MMAP_THRESHOLD = -3


def settle_heap() -> None:
    """Collect what is garbage now, then keep what is left out of later collections
    (``gc.freeze``), and keep freed memory for reuse (:func:`keep_freed_memory`): call once
    a process has built what it keeps for its whole life."""
    gc.collect()
    gc.freeze()
    keep_freed_memory()


def keep_freed_memory() -> bool:
    """Have glibc's malloc keep freed blocks for reuse (see the module's text); whether it
    could (not on other C libraries)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # musl and others: no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    return bool(mallopt(_M_MMAP_THRESHOLD, KEEP_BELOW)) and bool(
        mallopt(_M_TRIM_THRESHOLD, TRIM_ABOVE)
    )
