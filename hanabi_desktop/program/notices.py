"""Notices: short messages the app shows over whatever screen is up (a save that failed, a file set aside).

Any code may post one, from any thread (an autosave may be written off the frame thread). A notice with a `key`
replaces the one with the same key, so a problem that repeats (every autosave failing on a full disk) updates
one line instead of piling up. The app draws `visible()` each frame. No pygame here.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

SHOW_SECONDS = 9.0
MAX_VISIBLE = 3


@dataclass(frozen=True)
class Notice:
    text: str
    kind: str  # "error", "warning" or "info"
    key: str
    posted: float


class Notices:
    """The notice board. `post` to add or update a notice; `visible` for what to draw now."""

    def __init__(self, clock=time.monotonic, show_seconds: float = SHOW_SECONDS) -> None:  # noqa: ANN001
        self._clock = clock
        self.show_seconds = show_seconds
        self._lock = threading.Lock()
        self._items: dict[str, Notice] = {}
        self.history: list[Notice] = []  # everything ever posted, oldest first (tests, the log)

    def post(self, text: str, kind: str = "info", key: str | None = None) -> Notice:
        """Show `text` (replacing the notice with the same `key`, if any)."""
        notice = Notice(text, kind, key or text, self._clock())
        with self._lock:
            self._items.pop(notice.key, None)
            self._items[notice.key] = notice
            self.history.append(notice)
        return notice

    def dismiss(self, key: str) -> None:
        with self._lock:
            self._items.pop(key, None)

    def next_change(self) -> float | None:
        """Seconds until a shown notice goes away (None if none is shown)."""
        now = self._clock()
        with self._lock:
            ends = [n.posted + self.show_seconds - now for n in self._items.values()]
        return max(0.0, min(ends)) if ends else None

    def visible(self) -> list[Notice]:
        """The notices to show now, newest last (at most `MAX_VISIBLE`)."""
        now = self._clock()
        with self._lock:
            for key in [k for k, n in self._items.items() if now - n.posted > self.show_seconds]:
                del self._items[key]
            return list(self._items.values())[-MAX_VISIBLE:]
