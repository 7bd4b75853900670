"""Waiting in a test for what another thread does (a bot thinking, a host, a writer, a reader, a review): bounded by
real time, with a generous limit, and ended by the real condition. A count of frames or tries is no bound for it:
a quiet machine runs 400 frames before a host's message has come, and a loaded one runs them before the other
thread has had its turn; either way the test failed now and then."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

LIMIT = 60.0  # seconds: far beyond what any wait takes on a loaded machine (under a second when quiet)


def wait_until(condition: Callable[[], Any], seconds: float = LIMIT, *, each: Callable[[], Any] | None = None,
               what: str | Callable[[], str] = "the condition") -> None:
    """Call `each` (a frame, a pump) and poll `condition` until it holds; AssertionError naming `what` once `seconds`
    of real time have passed (`what` may be a function: what it says then). The short sleep lets the other threads
    run."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what() if callable(what) else what}: not within {seconds:g} s")
        if each is not None:
            each()
        time.sleep(0.002)


def run_until(app: Any, done: Callable[[], Any], seconds: float = LIMIT, *, dt: float = 0.05,
              what: str | Callable[[], str] = "") -> None:
    """Run the app's frames (`dt` seconds of game time each) until `done()`; AssertionError after `seconds` of real
    time, naming `what` (else the scene on top)."""
    wait_until(done, seconds, each=lambda: app.frame(dt),
               what=what or (lambda: f"still on {type(app.stack.top).__name__}"))
