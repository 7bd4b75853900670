"""`serve`'s garbage collection: start-up's objects frozen, full collections rare, every long pause logged.

A server process holding 500 tables of 5 connections keeps about 500,000 Python objects alive (each game's cards,
events and log; each connection's websockets and asyncio objects). CPython's full collection walks all of them
with the event loop, and so every table, stopped. With CPython's thresholds (700, 10, 10) it ran every 10-20 s at
500 busy tables: what a game keeps until it ends (its events, its log) outlives two young collections, and once
those survivors reach a quarter of the old objects a full collection follows. Each took 0.1-0.6 s of CPU, and
they found nothing to free (0 objects in 10 full collections of a 32,500-move run: the server's objects are freed
by reference counting as games and connections end). Those stops were the one-worker p99 of 119-291 ms
(README, "Measured"). So, once the server has started (`settle`):

- the objects of start-up (modules, the bots' tables, resumed tables) are frozen: no collection walks them again;
- young collections keep CPython's thresholds (700, 10): each is about a millisecond, and they free the few
  cycles a server makes (an exception and its frames);
- a full collection comes after 1,000 middle ones instead of 10 (about every half hour at 500 busy tables), so a
  cycle that outlived the young collections is freed within that time rather than never;
- a collection that held the loop for `SLOW_MS` or more, and every full one, is logged with its length.
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

log = logging.getLogger(__name__)

YOUNG = 700  # allocations between two young collections (CPython's default)
MIDDLE = 10  # young collections between two middle ones (CPython's default)
FULL_AFTER = 1000  # middle collections between two full ones (CPython's default is 10)
SLOW_MS = 50.0  # a collection holding the loop this long is logged


class PauseLog:
    """A `gc.callbacks` entry timing each collection and logging the long ones and the full ones."""

    def __init__(self, slow_ms: float = SLOW_MS) -> None:
        self.slow_ms = slow_ms
        self.started = self.cpu = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started, self.cpu = time.perf_counter(), time.thread_time()
            return
        held = (time.perf_counter() - self.started) * 1000
        cpu = (time.thread_time() - self.cpu) * 1000  # less than `held` when the machine gave the core to others
        generation = info["generation"]
        if held >= self.slow_ms or generation == 2:
            log.log(logging.WARNING if held >= self.slow_ms else logging.INFO,
                    "garbage collection of generation %d held every table for %.1f ms (%.1f ms of CPU, %d objects "
                    "freed)", generation, held, cpu, info["collected"])


def settle() -> PauseLog:
    """Call once the server has started: freeze start-up's objects, make full collections rare, log long pauses.
    Returns the installed pause log (`gc.callbacks` holds it)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, FULL_AFTER)
    pauses = PauseLog()
    gc.callbacks.append(pauses)
    return pauses
