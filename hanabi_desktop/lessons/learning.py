"""What the player has learnt: lessons done or skipped, and the table tips already seen. No pygame.

One small JSON file in the settings folder (`learning.json`). A damaged file is reported and set aside (never
deleted) and the player starts afresh; a file the disk will not let us read or write is said, and the game goes
on with what it has in memory. Writes happen on one thread of their own, never the frame's, in the order they
were asked for; a snapshot older than one already written is dropped, so the file always ends up newest.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from hanabi_desktop import storage
from hanabi_desktop.engine.errors import HanabiError
from hanabi_desktop.engine.text import clean_text, parse_json
from hanabi_desktop.i18n import _

log = logging.getLogger(__name__)

LEARNING_FILE = "learning.json"
FORMAT = "hanabi-desktop-learning"
DONE, SKIPPED = "done", "skipped"
MAX_ENTRIES = 1000  # lessons, and tips, a progress file may list: the game has a few dozen of each


class _Writer:
    """The progress file's one writer: snapshots numbered as handed over, written on one thread, an older one
    never after a newer one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # guards the numbers and makes each write whole
        self._handed = 0
        self._written = 0
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="learning-save")
        self._last: Future | None = None

    def write(self, path: Path, text: str, done: Callable[[str], None], wait: bool) -> None:
        """Write `text` to `path` (now with `wait`, else on the writer's thread); `done` gets "" or the problem.
        The path is the one asked for, not the settings folder of the moment the thread gets to it."""
        with self._lock:
            self._handed += 1
            number = self._handed
        if wait:
            self._write(number, path, text, done)
        else:
            self._last = self._executor.submit(self._write, number, path, text, done)

    def _write(self, number: int, path: Path, text: str, done: Callable[[str], None]) -> None:
        with self._lock:
            if number <= self._written:  # a newer snapshot is on disk already
                return
            try:
                storage.write_atomic(path, text)
            except OSError as exc:
                log.warning("learning file not written: %s", exc)
                done(_("Your lesson progress could not be saved: {problem}.").format(
                    problem=storage.disk_problem(exc)))
                return
            self._written = number
            done("")

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until every write handed over is done (tests, quit)."""
        if self._last is not None:
            self._last.result(timeout)


WRITER = _Writer()


def learning_path() -> Path:
    return storage.config_dir() / LEARNING_FILE


@dataclass
class Learning:
    """Lesson progress (key -> 'done' | 'skipped') and the tips seen. `problem`: what went wrong with the file."""

    lessons: dict[str, str] = field(default_factory=dict)
    tips: set[str] = field(default_factory=set)
    problem: str = ""

    @property
    def first_time(self) -> bool:
        """Has the player never finished nor skipped a lesson?"""
        return not self.lessons

    def mark(self, key: str, status: str) -> None:
        """Remember lesson `key` as done or skipped (done stays done) and save."""
        if self.lessons.get(key) != DONE:
            self.lessons[key] = status
        self.save()

    def seen(self, tip: str) -> None:
        """Remember that tip `tip` was shown and dismissed, and save."""
        if tip not in self.tips:
            self.tips.add(tip)
            self.save()

    def to_json(self) -> dict:
        return {"format": FORMAT, "lessons": dict(self.lessons), "tips": sorted(self.tips)}

    def save(self, wait: bool = False) -> None:
        """Write the file on the writer's thread (or now, with `wait`); a failure is kept in `problem`."""
        WRITER.write(learning_path(), json.dumps(self.to_json(), indent=1), self._saved, wait)

    def _saved(self, problem: str) -> None:
        self.problem = problem


_loaded: dict[Path, Learning] = {}


def current() -> Learning:
    """The player's progress, read from disk the first time it is asked for (per settings folder)."""
    path = learning_path()
    if path not in _loaded:
        _loaded[path] = load_learning()
    return _loaded[path]


def load_learning() -> Learning:
    """The saved progress; a missing file gives a fresh start, a damaged one is set aside (never raises)."""
    path = learning_path()
    if not (path.exists() or path.is_symlink()):
        return Learning()
    try:
        data = parse_json(storage.read_user_file(path, "progress file", storage.MAX_START_FILE_BYTES))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise storage.DamagedFile("it was not written by Hanabi Desktop")
        lessons, tips = data.get("lessons", {}), data.get("tips", [])
        if not isinstance(lessons, dict) or not isinstance(tips, list):
            raise storage.DamagedFile("its lists are not lists")
    except (storage.DamagedFile, HanabiError) as exc:
        said = storage.set_aside_said(path, _("The lesson progress file was damaged ({problem}); lessons start "
                                              "afresh.").format(problem=clean_text(str(exc), 120)))
        return Learning(problem=said)
    except storage.SaveError as exc:
        return Learning(problem=_("Your lesson progress could not be read: {problem}").format(problem=str(exc)))
    clean = {k: v for k, v in lessons.items() if isinstance(k, str) and v in (DONE, SKIPPED) and len(k) < 40}
    seen = {t for t in tips if isinstance(t, str) and len(t) < 40}
    if len(clean) <= MAX_ENTRIES and len(seen) <= MAX_ENTRIES:
        return Learning(clean, seen)
    # more than the game has lessons and tips: keep what it can hold (saved back this size), say the rest
    dropped = max(0, len(clean) - MAX_ENTRIES) + max(0, len(seen) - MAX_ENTRIES)
    return Learning(dict(list(clean.items())[:MAX_ENTRIES]), set(sorted(seen)[:MAX_ENTRIES]),
                    problem=_("The lesson progress file listed {n} more lessons and tips than the game has; they "
                              "were left out.").format(n=dropped))
