"""Settings, the autosave and saved replays, in the player's own directories (never next to the program).

Directories come from platformdirs ("Hanabi Desktop"); the environment variable ``HANABI_DESKTOP_HOME`` puts
all of them under one folder instead (tests, portable installs). Every write goes to a temporary file first and
replaces the target in one step, so a crash mid-write never leaves half a file. Reading never raises anything
but `SaveError`, whose message a player can read. No pygame here.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import GameRecord, HanabiError

APP_NAME = "Hanabi Desktop"
HOME_ENV = "HANABI_DESKTOP_HOME"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_FORMAT = "hanabi-desktop-autosave"
PACES = ("slow", "normal", "fast", "instant")


class SaveError(Exception):
    """A save or replay file that cannot be used; the message says why in a player's words."""


# -- directories ---------------------------------------------------------------------------------------
def home() -> Path | None:
    """The folder named by HANABI_DESKTOP_HOME, or None to use the platform's user directories."""
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _dir(kind: str) -> Path:
    base = home()
    if base is not None:
        path = base / kind
    else:
        import platformdirs

        path = Path({
            "config": platformdirs.user_config_dir,
            "data": platformdirs.user_data_dir,
            "logs": platformdirs.user_log_dir,
        }[kind](APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """Where settings live (created on demand)."""
    return _dir("config")


def data_dir() -> Path:
    """Where the autosave and replays live (created on demand)."""
    return _dir("data")


def log_dir() -> Path:
    """Where the log file lives (created on demand)."""
    return _dir("logs")


def replays_dir() -> Path:
    """Where saved replays live (created on demand)."""
    path = data_dir() / "replays"
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_atomic(path: Path, text: str, fsync: bool = True) -> None:
    """Write `text` to `path` through a temporary file in the same folder and one `os.replace`.

    `fsync` False skips forcing the bytes to the disk (the autosave during play: a newer one follows soon, and
    the last one is forced at game end and at quit)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if fsync:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# -- settings -------------------------------------------------------------------------------------------
@dataclass
class Settings:
    """What the player chose in Settings (and the last new-game set-up)."""

    colour_blind_symbols: bool = True
    card_scale: float = 1.0  # 0.8 .. 1.3
    animation_speed: float = 1.0  # 0.5 slow .. 2.0 fast; 0 = no animation
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    bot_pace: str = "normal"
    last_setup: dict | None = None
    window_size: tuple[int, int] | None = None  # the window's last size (it opens at it if the screen allows)

    def cleaned(self) -> Settings:
        """The same settings with every value forced into its allowed range."""
        return Settings(
            colour_blind_symbols=bool(self.colour_blind_symbols),
            card_scale=min(1.3, max(0.8, float(self.card_scale))),
            animation_speed=min(3.0, max(0.0, float(self.animation_speed))),
            volume=min(1.0, max(0.0, float(self.volume))),
            muted=bool(self.muted),
            fullscreen=bool(self.fullscreen),
            bot_pace=self.bot_pace if self.bot_pace in PACES else "normal",
            last_setup=self.last_setup if isinstance(self.last_setup, dict) else None,
            window_size=_size_or_none(self.window_size),
        )


def _size_or_none(value: Any) -> tuple[int, int] | None:
    """A stored window size as (w, h) if it is two sensible integers, else None."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        w, h = value
        if 320 <= w <= 16384 and 240 <= h <= 16384:
            return (w, h)
    return None


def load_settings() -> Settings:
    """The saved settings; a missing, unreadable or partly wrong file gives defaults (never raises)."""
    try:
        data = json.loads((config_dir() / SETTINGS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    settings = Settings()
    for key, value in data.items():
        if key in known:
            setattr(settings, key, value)
    try:
        return settings.cleaned()
    except (TypeError, ValueError):
        return Settings()


def save_settings(settings: Settings) -> None:
    """Store `settings`."""
    data = asdict(settings)
    write_atomic(config_dir() / SETTINGS_FILE, json.dumps(data, indent=1))


# -- autosave -------------------------------------------------------------------------------------------
def autosave_path() -> Path:
    """The autosave file."""
    return data_dir() / AUTOSAVE_FILE


def save_autosave(data: dict, fsync: bool = True) -> None:
    """Store the game in progress (`Session.to_save()`)."""
    write_atomic(autosave_path(), json.dumps({"format": AUTOSAVE_FORMAT, "version": 1, "game": data}), fsync)


class AutosaveWriter:
    """Writes the autosave on a thread of its own, so the frame never waits for the disk.

    `put(data)` hands over the newest state (None: forget the save) and returns at once; when several arrive
    before the thread gets to them, only the latest is written. `flush()` waits until the latest is on disk,
    forced with fsync (game end, quit). A write that fails is remembered in `error` (a sentence) for the
    screen to show; the game goes on.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._latest: tuple[int, dict | None] | None = None  # (sequence number, data) not yet written
        self._seq = 0
        self._written = 0
        self._last: dict | None = None
        self._synced = 0
        self._sync_wanted = 0
        self._keep: list[GameRecord] = []
        self._thread: threading.Thread | None = None
        self.error: str | None = None
        self.kept: list[Path] = []  # finished games stored by `keep`, in order

    def keep(self, record: GameRecord) -> None:
        """Store a finished game among the replays (the history), forced to disk; returns at once."""
        with self._cond:
            self._keep.append(record)
            self._sync_wanted = self._seq  # the game's end: force the autosave's last state too
        self.put_nothing_new()

    def put_nothing_new(self) -> None:
        """Wake the thread (start it if needed) without a new state."""
        with self._cond:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def put(self, data: dict | None) -> None:
        """Save `data` (a `Session.to_save()`), or clear the autosave if None; returns at once."""
        with self._cond:
            self._seq += 1
            self._latest = (self._seq, data)
        self.put_nothing_new()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the latest state is written and forced to disk; False if that took over `timeout` s."""
        deadline = time.monotonic() + timeout
        with self._cond:
            self._sync_wanted = self._seq
            self._cond.notify_all()
            while ((self._synced < self._sync_wanted or self._keep) and self._thread is not None
                   and self._thread.is_alive()):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._latest is None and self._synced >= self._sync_wanted and not self._keep:
                    if not self._cond.wait(30.0):
                        self._thread = None  # idle: let the thread end; `put` starts another
                        return
                write = True
                if self._latest is not None:
                    (seq, data), self._latest = self._latest, None
                else:  # a flush of what is already written: write it again, forced to disk
                    seq, data = self._written, self._last
                    write = seq > 0
                sync = self._sync_wanted > self._synced
                keep = self._keep[:1]
            for record in keep:
                try:
                    path = save_replay(record)
                    with self._cond:
                        self.kept.append(path)
                except OSError as exc:
                    self.error = f"The finished game could not be kept in Replays: {exc.strerror or exc}."
            with self._cond:
                del self._keep[:len(keep)]
            try:
                if not write:
                    pass
                elif data is None:
                    clear_autosave()
                else:
                    save_autosave(data, fsync=sync)
            except OSError as exc:
                self.error = f"The game could not be saved: {exc.strerror or exc}."
            with self._cond:
                self._written, self._last = seq, data
                if sync:
                    self._synced = seq
                self._cond.notify_all()


def load_autosave() -> dict | None:
    """The saved game in progress, None if there is none; `SaveError` if the file is damaged or foreign."""
    path = autosave_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise SaveError(f"The saved game could not be read ({exc.strerror or exc}).") from None
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("The saved game is damaged (it is not valid JSON) and cannot be resumed.") from None
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT or not isinstance(data.get("game"), dict):
        raise SaveError("The saved game file was not written by Hanabi Desktop and cannot be resumed.")
    return data["game"]


def clear_autosave() -> None:
    """Forget the game in progress."""
    autosave_path().unlink(missing_ok=True)


# -- replays ----------------------------------------------------------------------------------------------
def _slug(text: str, limit: int = 40) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:limit] or "game"


def save_replay(record: GameRecord, name: str | None = None) -> Path:
    """Save `record` as a hanab.live JSON game in the replays folder; returns its path.

    Without a `name` the file is called <date>_<time>_<variant>_<players>_<score>pts.
    """
    if name:
        stem = _slug(name)
    else:
        try:
            score = f"_{record.replay().score}pts"
        except HanabiError:
            score = ""
        stem = "_".join((time.strftime("%Y-%m-%d_%H%M%S"), _slug(record.variant.name.split(" (")[0], 30),
                         _slug("-".join(record.players), 50))) + score
    path = replays_dir() / f"{stem}.json"
    n = 2
    while path.exists():
        path = replays_dir() / f"{stem}-{n}.json"
        n += 1
    write_atomic(path, record.dumps())
    return path


def delete_replay(path: str | os.PathLike) -> None:
    """Remove a saved replay the player asked to delete (only files inside the replays folder)."""
    path = Path(path)
    if path.resolve().parent != replays_dir().resolve():
        raise SaveError(f"{path.name!r} is not one of the saved replays.")
    path.unlink(missing_ok=True)


def list_replays() -> list[Path]:
    """Saved replays, newest first."""
    try:
        paths = [p for p in replays_dir().glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(paths, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)


def load_replay(path: str | os.PathLike) -> GameRecord:
    """Read a replay (ours or a hanab.live export) and check that it replays; `SaveError` says what is wrong."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"There is no file {path.name!r}.") from None
    except IsADirectoryError:
        raise SaveError(f"{path.name!r} is a folder, not a game file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name!r} could not be read ({getattr(exc, 'strerror', None) or exc}).") from None
    try:
        record = GameRecord.loads(text)
        record.replay()
    except HanabiError as exc:
        raise SaveError(f"{path.name!r} is not a game this program can replay: {exc}.") from None
    return record
