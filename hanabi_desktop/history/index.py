"""The kept games of the replays folder, summarised, with an index so that thousands open at once. No pygame.

Working a game's summary out means reading and replaying its file (about 2 ms a game); the index file
(`history-index.json` beside the replays folder) keeps each summary with its file's size and time, so a later
look reads one file and the folder's listing, and works out only the games kept (or changed) since. The index
is a cache of what the files say: one that is damaged, foreign or stale is worked out again from the files,
never trusted, and one that cannot be written only makes the next look slower. A game file that cannot be read
is counted among `unreadable` with the reason (the Replays list shows it and says why when opened) and never
touched: it is the player's.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from hanabi_desktop import storage
from hanabi_desktop.engine.errors import HanabiError
from hanabi_desktop.engine.records import GameRecord
from hanabi_desktop.engine.text import parse_json
from hanabi_desktop.history import INDEX_FILE, READER
from hanabi_desktop.history.summary import GameSummary, summarise
from hanabi_desktop.i18n import N_, _

INDEX_FORMAT = "hanabi-desktop-history"
INDEX_VERSION = 4  # 4: the summary row says hints and undos per seat. Each entry a list [size, time in ns, summary row] or [size, time, None, problem]


@dataclass(frozen=True)
class Unreadable:
    """A file of the replays folder that holds no game this program can replay, and why."""

    file: str
    problem: str

    def __str__(self) -> str:
        return f"{self.file}: {self.problem}"


@dataclass(frozen=True)
class History:
    """Every kept game of the replays folder, oldest first, and the files that could not be read; `worked`
    is how many games were read from their files this time (the rest came from the index)."""

    games: tuple[GameSummary, ...]
    unreadable: tuple[Unreadable, ...] = ()
    worked: int = 0

    def by_file(self) -> dict[str, GameSummary]:
        """The summaries by file name (the Replays list's rows)."""
        return {g.file: g for g in self.games}


def index_path() -> Path:
    """Where the index lives: beside the replays folder, so that it is never listed as a game."""
    return storage.data_dir() / INDEX_FILE


Progress = Callable[[int, int], None]  # (games read from their files so far, games to read)


def load_history(folder: Path | None = None, progress: Progress | None = None) -> History:
    """The kept games of `folder` (the replays folder), through the index, which is brought up to date.

    Never raises: a file that cannot be read is among `unreadable` (a disk that refuses to be read now is
    tried again next time, not recorded as damaged). `progress` is told how far the reading of files went."""
    folder = folder or storage.replays_dir()
    listed = _listing(folder)
    look = (str(folder), listed, _stamp(index_path()))
    with _MEMO_LOCK:
        if _MEMO and _MEMO[0][0] == look:  # nothing changed since the last look: no file to read at all
            return dataclasses.replace(_MEMO[0][1], worked=0)
    entries, index_ok = _read_index()
    kept: dict[str, list] = {}
    found: list[GameSummary | Unreadable] = []
    todo = []
    for name, key in listed.items():
        entry = entries.get(name)
        value = _value(name, entry) if type(entry) is list and entry[:2] == list(key) else None
        if value is None:
            todo.append(name)
        else:
            kept[name] = entry
            found.append(value)
    for n, name in enumerate(todo):
        if progress is not None:
            progress(n, len(todo))
        entry = _work_out(folder / name, name, listed[name])
        if entry is not None:
            kept[name] = entry
            found.append(_value(name, entry))
    if progress is not None:
        progress(len(todo), len(todo))
    if todo or len(kept) != len(entries) or not index_ok:
        _write_index(kept)
    games = sorted((g for g in found if isinstance(g, GameSummary)), key=lambda g: (g.stamp, g.file))
    unreadable = sorted((u for u in found if isinstance(u, Unreadable)), key=lambda u: u.file)
    history = History(tuple(games), tuple(unreadable), len(todo))
    with _MEMO_LOCK:
        _MEMO[:] = [((str(folder), listed, _stamp(index_path())), history)]
    return history


# The last look, kept for the next: (the folder, its listing, the index's size and time) and what was found.
_MEMO: list[tuple[tuple, History]] = []
_MEMO_LOCK = threading.Lock()


def forget() -> None:
    """Forget the last look (as a new run of the program would): the next one reads the index."""
    with _MEMO_LOCK:
        _MEMO.clear()


def _stamp(path: Path) -> tuple[int, int] | None:
    """A file's size and time (None if there is none): a file changed by anyone but us differs."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_size, info.st_mtime_ns


T = TypeVar("T")


def read_in_background(then: Callable[[History], T], progress: Progress | None = None) -> Future[T]:
    """`then(load_history())` of the replays folder on the history's own thread (the screens never wait for it,
    and a game file opened meanwhile is read on theirs): `then` works out what the screen shows there too."""
    return READER.submit(lambda: then(load_history(None, progress)))


def _listing(folder: Path) -> dict[str, tuple[int, int]]:
    """The folder's game files: name -> (size, time in ns), the key an index entry must match."""
    out = {}
    try:
        with os.scandir(folder) as it:
            for entry in it:
                if not entry.name.endswith(".json"):
                    continue
                try:
                    info = entry.stat()
                except OSError:
                    continue  # a broken link, or removed meanwhile
                if stat.S_ISREG(info.st_mode):
                    out[entry.name] = (info.st_size, info.st_mtime_ns)
    except OSError:
        return {}
    return out


def _value(name: str, entry: list) -> GameSummary | Unreadable | None:
    """What an index entry says of file `name`: its summary, or why it could not be read; None if the entry is
    not usable (worked out again from the file)."""
    if len(entry) == 4 and entry[2] is None:
        return Unreadable(name, entry[3]) if type(entry[3]) is str else None
    game = GameSummary.from_row(entry[2]) if len(entry) == 3 else None
    return game if game is not None and game.file == name else None


def _work_out(path: Path, name: str, key: tuple[int, int]) -> list | None:
    """The index entry of one game file, read and replayed; None if the disk would not let it be read now."""
    try:
        record = GameRecord.loads(storage.read_user_file(path, N_("game file")))
        game = summarise(record, name, key[1] / 1e9)
    except storage.DamagedFile as exc:
        return [*key, None, str(exc)]
    except storage.SaveError:
        return None
    except HanabiError as exc:
        problem = _("{name} is not a game this program can replay: {problem}.").format(
            name=repr(storage.file_label(path)), problem=exc)
        return [*key, None, problem]
    return [*key, game.to_row()]


def _read_index() -> tuple[dict[str, Any], bool]:
    """The index's entries by file name, and whether the file was ours and whole ({} and False if not)."""
    path = index_path()
    try:
        data = parse_json(storage.read_user_file(path, N_("history index")))
    except (storage.SaveError, HanabiError):
        return {}, False
    if (not isinstance(data, dict) or data.get("format") != INDEX_FORMAT or data.get("version") != INDEX_VERSION
            or not isinstance(data.get("games"), dict)):
        return {}, False
    return data["games"], True


def _write_index(entries: dict[str, Any]) -> None:
    """Write the index; a disk that refuses only makes the next look slower."""
    text = json.dumps({"format": INDEX_FORMAT, "version": INDEX_VERSION, "games": entries},
                      separators=(",", ":"))
    try:
        storage.write_atomic(index_path(), text, fsync=False)
    except OSError:
        pass
