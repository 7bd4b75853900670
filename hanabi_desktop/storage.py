"""Settings, the autosave and saved replays, in the player's own directories (never next to the program).

Directories come from platformdirs ("Hanabi Desktop"); the environment variable ``HANABI_DESKTOP_HOME`` puts
all of them under one folder instead (tests, portable installs). Every write goes to a temporary file first and
replaces the target in one step, so a crash mid-write never leaves half a file (`clean_orphans` removes the
temporary files a crash leaves behind). Reading never raises anything but `SaveError`, whose message a player can
read; a file whose contents cannot be used raises `DamagedFile`, and the caller sets it aside with `set_aside`
(renamed, never deleted). Writing raises `OSError` (a full or read-only disk); `disk_problem` words it for the
player. A folder that cannot be created does not stop anything: reads find nothing, writes fail and say so.
No pygame here.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hanabi_desktop.engine.errors import HanabiError
from hanabi_desktop.engine.text import clean_text, parse_json, shown
from hanabi_desktop.i18n import LANGUAGES, N_, _, system_language

if TYPE_CHECKING:
    from hanabi_desktop.engine.records import GameRecord

APP_NAME = "Hanabi Desktop"
HOME_ENV = "HANABI_DESKTOP_HOME"
SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_FORMAT = "hanabi-desktop-autosave"
AUTOSAVE_VERSION = 1
PACES = ("slow", "normal", "fast", "instant")
MAX_FILE_BYTES = 20_000_000  # far above any real game (a long hanab.live game is ~20 kB)
MAX_INT_DIGITS = 4000  # Python refuses to read integers past 4300 digits (sys.get_int_max_str_digits)
ORPHAN_AGE = 60.0  # seconds: a temporary file older than this was left by a crash, not a write in progress


class SaveError(Exception):
    """A save or replay file that cannot be used; the message says why in a player's words."""


class DamagedFile(SaveError):
    """A file that was read but holds nothing usable (damaged, foreign, or a format this version does not know)."""


def file_label(path: Path) -> str:
    """A file's name as it can be shown (undecodable bytes and control characters made harmless)."""
    return clean_text(path.name, 80)


def disk_problem(exc: OSError) -> str:
    """What a failed write means, in a player's words ("the disk is full", ...)."""
    words = {errno.ENOSPC: _("the disk is full"), errno.EROFS: _("the disk is read-only"),
             errno.EACCES: _("the folder is not writable"), errno.EPERM: _("the folder is not writable"),
             errno.EDQUOT: _("the disk quota is used up"), errno.ENOENT: _("the folder could not be created")}
    return words.get(exc.errno or 0) or clean_text(exc.strerror or str(exc), 80) or _("the disk refused")


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
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # a read-only or full disk: reading finds nothing, writing fails with an error the game shows
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
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path


def read_user_file(path: Path, what: str = "file") -> str:
    """The text of a file the player (or anyone) may have put there; `SaveError` / `DamagedFile` if unusable.

    Only regular files are read (a named pipe or a device would block or never end), at most `MAX_FILE_BYTES`,
    as UTF-8 with or without a byte-order mark.
    """
    name = file_label(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SaveError(_("There is no file {name}.").format(name=repr(name))) from None
    except IsADirectoryError:
        raise DamagedFile(_("{name} is a folder, not a {what}.").format(name=repr(name), what=_(what))) from None
    except OSError as exc:
        raise SaveError(_("{name} could not be read ({problem}).").format(name=repr(name), problem=clean_text(exc.strerror or str(exc), 80))) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DamagedFile(_("{name} is a folder, not a {what}.").format(name=repr(name), what=_(what)))
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile(_("{name} is not a regular file (it is a pipe or a device), so it is no {what}.").format(name=repr(name), what=_(what)))
        if info.st_size > MAX_FILE_BYTES:
            raise DamagedFile(_("{name} is too big ({size} MB) to be a {what}.").format(name=repr(name), size=info.st_size // 1_000_000, what=_(what)))
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SaveError(_("{name} could not be read ({problem}).").format(name=repr(name), problem=clean_text(exc.strerror or str(exc), 80))) from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DamagedFile(_("{name} is not text (byte {byte} is not UTF-8).").format(name=repr(name), byte=exc.start)) from None


def writable_problem() -> str:
    """"" if games can be saved in the data folder, else why not in a player's words (a probe file is written)."""
    try:
        folder = data_dir()
        fd, probe = tempfile.mkstemp(prefix=".write-probe.", suffix=".tmp", dir=folder)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
            Path(probe).unlink(missing_ok=True)
    except OSError as exc:
        return f"{disk_problem(exc)} ({clean_text(str(folder), 120)})"
    return ""


def set_aside(path: Path) -> Path:
    """Rename a damaged file (or folder) to <name>.damaged-<date>-<time> beside it, keeping it; the new path.

    `OSError` if it cannot be renamed (then it stays where it is: nothing is ever deleted).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.rename(path, target)
    return target


def set_aside_said(path: Path, problem: str) -> str:
    """Set `path` aside and return `problem` with what became of the file, for the player to read."""
    try:
        kept = set_aside(path)
    except OSError as exc:
        return _("{problem} The file could not be moved aside ({why}); it was left as it is.").format(problem=problem, why=disk_problem(exc))
    return _("{problem} The file was kept as {name}.").format(problem=problem, name=repr(file_label(kept)))


_ORPHAN = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")


def clean_orphans(max_age: float = ORPHAN_AGE) -> int:
    """Remove the temporary files crashed writes left in our folders (older than `max_age` seconds); how many."""
    removed = 0
    now = time.time()
    for folder in (config_dir(), data_dir(), replays_dir()):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if (_ORPHAN.match(entry.name) and entry.is_file(follow_symlinks=False)
                        and now - entry.stat(follow_symlinks=False).st_mtime > max_age):
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed


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
    language: str = field(default_factory=system_language)  # one of i18n.LANGUAGES; first run: the system's
    # learning at the table: hints and undo are always on against bots, in hot seat only if chosen here
    hints_in_hot_seat: bool = False
    undo_in_hot_seat: bool = False
    warn_third_error: bool = False  # a play that could be the last error asks for confirmation
    warn_critical_chop: bool = False  # discarding while a teammate's chop holds a card only a clue can save
    warn_double_discard: bool = False  # discarding right after the previous player discarded, a copy at risk
    show_beliefs: bool = False  # each bot's reading of its own cards, as a note on each card

    def cleaned(self) -> Settings:
        """The same settings with every wrong value replaced (by the default, or the nearest allowed number)."""
        return Settings(**check_settings(asdict(self))[0])


_RANGES = {"card_scale": (0.8, 1.3), "animation_speed": (0.0, 3.0), "volume": (0.0, 1.0)}


def check_settings(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Check a settings file's values key by key: (the usable values, one line per key that was reset).

    Booleans must be JSON booleans ("false" is not false); numbers must be finite (out of range: the nearest
    allowed value); the bot pace one of `PACES`; the language one of `i18n.LANGUAGES`; the last set-up an object (its contents are checked where
    they are used). Unknown keys are ignored; a missing key takes its default silently.
    """
    defaults = Settings()
    values: dict[str, Any] = {}
    problems: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value, default = raw[f.name], getattr(defaults, f.name)
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif f.name in _RANGES:
            # an int is compared exactly, never turned into a float first: 10**400 would overflow
            ok = (isinstance(value, int) and not isinstance(value, bool)
                  or isinstance(value, float) and math.isfinite(value))
            if ok:
                low, high = _RANGES[f.name]
                if not low <= value <= high:
                    old = f"{value:g}" if isinstance(value, float) else shown(value, 24)
                    problems.append(_("{setting} was {old}, now {new}").format(setting=f.name, old=old, new=f"{min(high, max(low, value)):g}"))
                value = float(min(high, max(low, value)))
        elif f.name == "bot_pace":
            ok = value in PACES
        elif f.name == "language":
            ok = value in LANGUAGES
        elif f.name == "window_size":
            ok = value is None or _size_or_none(value) is not None
            value = _size_or_none(value)
        else:  # last_setup
            ok = value is None or isinstance(value, dict)
        if ok:
            values[f.name] = value
        else:
            problems.append(_("{setting} was reset").format(setting=f.name))
    return values, problems


def load_settings_checked() -> tuple[Settings, str]:
    """The saved settings and what was wrong with them ("" if nothing): never raises.

    A file that is not a JSON object is set aside and gives defaults; a wrong value resets that key only.
    """
    path = config_dir() / SETTINGS_FILE
    if not (path.exists() or path.is_symlink()):
        return Settings(), ""
    try:
        data = parse_json(read_user_file(path, N_("settings file")), parse_int=_setting_int)
        if not isinstance(data, dict):
            raise DamagedFile(_("it does not hold a JSON object"))
    except (DamagedFile, HanabiError) as exc:
        return Settings(), set_aside_said(path, _("The settings file was damaged ({problem}); defaults are used.").format(problem=exc))
    except SaveError as exc:
        return Settings(), _("The settings could not be read: {problem} Defaults are used.").format(problem=exc)
    values, problems = check_settings(data)
    settings = Settings(**values)
    if not problems:
        return settings, ""
    return settings, _("Some settings were wrong and were reset: {problems}.").format(problems="; ".join(problems))


def _setting_int(digits: str) -> int | float:
    """A JSON integer of a settings file; one too long for Python to read is infinite, so that its key alone resets."""
    if len(digits) > MAX_INT_DIGITS:
        return -math.inf if digits.startswith("-") else math.inf
    return int(digits)


def _size_or_none(value: Any) -> tuple[int, int] | None:
    """A stored window size as (w, h) if it is two sensible integers, else None."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        w, h = value
        if 320 <= w <= 16384 and 240 <= h <= 16384:
            return (w, h)
    return None


def load_settings() -> Settings:
    """The saved settings; a missing, unreadable or partly wrong file gives defaults (never raises)."""
    return load_settings_checked()[0]


def save_settings(settings: Settings) -> None:
    """Store `settings`."""
    data = asdict(settings)
    write_atomic(config_dir() / SETTINGS_FILE, json.dumps(data, indent=1))


# -- autosave -------------------------------------------------------------------------------------------
def autosave_path() -> Path:
    """The autosave file."""
    return data_dir() / AUTOSAVE_FILE


def save_autosave(data: dict, fsync: bool = True) -> None:
    """Store the game in progress (`table.saves.save_data`)."""
    write_atomic(autosave_path(), json.dumps({"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "game": data}), fsync)


class AutosaveWriter:
    """Writes the autosave on a thread of its own, so the frame never waits for the disk.

    `put(data)` hands over the newest state (None: forget the save) and returns at once; when several arrive
    before the thread gets to them, only the latest is written. `flush()` waits until the latest is on disk,
    forced with fsync (game end, quit). `keep(record)` stores a finished game among the replays.

    When the disk refuses (full, read-only), the game goes on with saving off: `error` holds the sentence, and
    `report(text, kind)` (set by the app: its notices) is told at once, then once per later failure with the
    count, so one line is updated rather than piled up. Every new state tries again, and while the last write
    failed the thread retries every `retry_seconds`, so an idle game is saved once the disk allows; a success
    after failures is reported too.
    """

    def __init__(self, retry_seconds: float = 10.0) -> None:
        self._cond = threading.Condition()
        self._latest: tuple[int, dict | None] | None = None  # (sequence number, data) not yet written
        self._seq = 0
        self._written = 0
        self._last: dict | None = None
        self._synced = 0
        self._sync_wanted = 0
        self._keep: list[GameRecord] = []
        self._thread: threading.Thread | None = None
        self._retry: tuple[int, dict | None] | None = None  # the state whose write failed, to try again
        self.retry_seconds = retry_seconds
        self.report: Callable[[str, str], object] | None = None
        self.failures = 0  # autosave writes failed in a row
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
        """Save `data` (`table.saves.save_data`), or clear the autosave if None; returns at once."""
        with self._cond:
            self._seq += 1
            self._latest = (self._seq, data)
        self.put_nothing_new()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until the latest state is written and forced to disk (or failed); False after `timeout` s."""
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

    def _say(self, text: str, kind: str) -> None:
        if self.report is not None:
            self.report(text, kind)

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._latest is None and self._synced >= self._sync_wanted and not self._keep:
                    if self._retry is not None:  # the disk refused the last state: try it again in a while
                        if not self._cond.wait(self.retry_seconds) and self._latest is None:
                            self._latest, self._retry = self._retry, None
                    elif not self._cond.wait(30.0):
                        self._thread = None  # idle: let the thread end; `put` starts another
                        return
                write = True
                if self._latest is not None:
                    (seq, data), self._latest = self._latest, None
                    self._retry = None
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
                    self.error = _("The finished game could not be kept in Replays: {problem}.").format(problem=disk_problem(exc))
                    self._say(self.error, "error")
            with self._cond:
                del self._keep[:len(keep)]
            failed = False
            try:
                if not write:
                    pass
                elif data is None:
                    clear_autosave()
                else:
                    save_autosave(data, fsync=sync)
            except OSError as exc:
                failed = True
                self._failed(exc)
            if write and not failed and self.failures:
                self.failures, self.error = 0, None
                self._say(_("Saving works again: the game is saved."), "info")
            with self._cond:
                if failed:
                    self._retry = self._retry or (seq, data)
                self._written, self._last = seq, data
                if sync:
                    self._synced = seq
                self._cond.notify_all()

    def _failed(self, exc: OSError) -> None:
        self.failures += 1
        why = disk_problem(exc)
        if self.failures == 1:
            self.error = (_("Saving is off: {problem}. The game goes on; it will be saved as soon as the disk allows "
                          "(retrying every move).").format(problem=why))
        else:
            self.error = _("Still not saved: {problem} ({n} tries failed). Retrying every move.").format(problem=why, n=self.failures)
        self._say(self.error, "error")


def load_autosave() -> dict | None:
    """The saved game in progress, None if there is none.

    `DamagedFile` if the file cannot be used (damaged, foreign, an unknown format version: the caller sets it
    aside), `SaveError` if the disk would not let it be read.
    """
    path = autosave_path()
    if not (path.exists() or path.is_symlink()):
        return None
    try:
        data = parse_json(read_user_file(path, N_("saved game")))
    except HanabiError as exc:
        raise DamagedFile(_("The saved game is damaged ({problem}) and cannot be resumed.").format(problem=exc)) from None
    except DamagedFile as exc:
        raise DamagedFile(_("The saved game cannot be resumed: {problem}").format(problem=exc)) from None
    except SaveError as exc:
        if not (path.exists() or path.is_symlink()):
            return None  # removed while we looked
        raise SaveError(_("The saved game could not be read: {problem}").format(problem=exc)) from None
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT or not isinstance(data.get("game"), dict):
        raise DamagedFile(_("The saved game file was not written by Hanabi Desktop and cannot be resumed."))
    version = data.get("version")
    if type(version) is not int or version != AUTOSAVE_VERSION:
        raise DamagedFile(_("The saved game is in a format this version does not know (version "
                          "{version}, expected {expected}) and cannot be resumed.").format(version=clean_text(repr(version), 20), expected=AUTOSAVE_VERSION))
    return data["game"]


def clear_autosave(path: Path | None = None) -> None:
    """Forget the game in progress (a regular file is removed; anything else there is left for `load_autosave`)."""
    path = path or autosave_path()
    if path.is_file() and not path.is_symlink():
        path.unlink(missing_ok=True)


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
        raise SaveError(_("{name} is not one of the saved replays.").format(name=repr(path.name)))
    path.unlink(missing_ok=True)


def list_replays() -> list[Path]:
    """Saved replays, newest first."""
    stamped = []
    try:
        for p in replays_dir().glob("*.json"):
            try:
                info = p.stat()
            except OSError:
                continue  # a broken link, or removed meanwhile
            if stat.S_ISREG(info.st_mode):
                stamped.append((info.st_mtime, p.name, p))
    except OSError:
        return []
    return [p for _, _, p in sorted(stamped, reverse=True)]


def load_replay(path: str | os.PathLike) -> GameRecord:
    """Read a replay (ours or a hanab.live export) and check that it replays; `SaveError` says what is wrong."""
    from hanabi_desktop.engine.records import GameRecord  # the whole engine: not needed to open the window

    path = Path(path)
    text = read_user_file(path, N_("game file"))
    try:
        record = GameRecord.loads(text)
        record.replay()
    except HanabiError as exc:
        raise DamagedFile(_("{name} is not a game this program can replay: {problem}.").format(name=repr(file_label(path)), problem=exc)) from None
    return record
