"""A test that would hang fails instead: ``with at_most(seconds): ...`` (SIGALRM, Unix)."""

from __future__ import annotations

import signal
from contextlib import contextmanager


@contextmanager
def at_most(seconds: int):
    """Fail (not hang) where the block runs longer than ``seconds``."""

    def stop(signum, frame):
        raise TimeoutError(f"still searching after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
