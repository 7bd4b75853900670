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
from hanabi_desktop.engine.text import clean_text, parse_json
from hanabi_desktop.i18n import LANGUAGES, N_, _, decimal, system_language
from hanabi_desktop.net.protocol import MAX_NAME  # a name at a network table (light: no engine rules)

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
# Files read at start on the frame thread (settings, autosave, lesson progress) are held to a size read well
# within a frame budget of 100 ms: an autosave (about 10 kB for a whole game) with 250 games waiting to be kept
# parses and resumes in ~50 ms; settings and progress are a few kB. A bigger one is no file of ours: set aside.
MAX_START_FILE_BYTES = 3_000_000
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


def _dir(kind: str, base: Path | None = None) -> Path:
    """The folder of `kind` under `base` (a home as `home()` gives it; None: `home()` now)."""
    base = base if base is not None else home()
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


def data_dir(base: Path | None = None) -> Path:
    """Where the autosave and replays live (created on demand); `base`: see `_dir`."""
    return _dir("data", base)


def log_dir() -> Path:
    """Where the log file lives (created on demand)."""
    return _dir("logs")


def replays_dir(base: Path | None = None) -> Path:
    """Where saved replays live (created on demand); `base`: see `_dir`."""
    path = data_dir(base) / "replays"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path


def read_user_file(path: Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The text of a file the player (or anyone) may have put there; `SaveError` / `DamagedFile` if unusable.

    Only regular files are read (a named pipe or a device would block or never end), at most `limit` bytes,
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
        if info.st_size > limit:
            size = -(-info.st_size // 1_000_000)  # rounded up: a file just over a 3 MB limit is not "3 MB"
            raise DamagedFile(_("{name} is too big ({size} MB) to be a {what}.").format(name=repr(name), size=size, what=_(what)))
        with os.fdopen(fd, "rb", closefd=False) as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise SaveError(_("{name} could not be read ({problem}).").format(name=repr(name), problem=clean_text(exc.strerror or str(exc), 80))) from None
    finally:
        os.close(fd)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DamagedFile(_("{name} is not text (byte {byte} is not UTF-8).").format(name=repr(name), byte=exc.start)) from None


def writable_problem(where: bool = True) -> str:
    """"" if games can be saved in the data folder, else why not in a player's words (a probe file is written);
    `where`: with the folder's path."""
    folder = data_dir()
    probe = folder / ".write-probe.000000.tmp"  # named like a crash's leftover: `clean_orphans` removes a stray one
    try:
        if not folder.is_dir():  # `data_dir` could not create it: say that, not what a write into it says
            raise FileNotFoundError(errno.ENOENT, "no folder", str(folder))
        write_atomic(probe, "ok", fsync=False)  # through the one door every save goes through
        probe.unlink(missing_ok=True)
    except OSError as exc:
        return f"{disk_problem(exc)} ({clean_text(str(folder), 120)})" if where else disk_problem(exc)
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
    # how the conventions partner will read each clue before it is given, and the team's reading of one's own
    # cards: on against bots; in hot seat only with hints (the learning aids) on too
    clue_preview: bool = True
    join_name: str = ""  # the name typed last on the Join screen (offered there next time)

    def cleaned(self) -> Settings:
        """The same settings with every wrong value replaced (by the default, or the nearest allowed number)."""
        return Settings(**check_settings(asdict(self))[0])


_RANGES = {"card_scale": (0.8, 1.3), "animation_speed": (0.0, 3.0), "volume": (0.0, 1.0)}


def check_settings(raw: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Check a settings file's values key by key: (the usable values, one line per key that was reset).

    Booleans must be JSON booleans ("false" is not false); numbers must be finite (out of range: the nearest
    allowed value); the bot pace one of `PACES`; the language one of `i18n.LANGUAGES`; the join name text of at most
    `MAX_NAME` characters without control characters; the last set-up an object (its contents are checked where
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
                    old = (decimal(value) if isinstance(value, float) or abs(value) < 10**12 else
                           _("a {n}-digit number").format(n=len(str(abs(value)))))
                    problems.append(_("{setting} was {old}, now {new}").format(setting=f.name, old=old,
                                                                               new=decimal(min(high, max(low, value)))))
                value = float(min(high, max(low, value)))
        elif f.name == "bot_pace":
            ok = value in PACES
        elif f.name == "language":
            ok = value in LANGUAGES
        elif f.name == "join_name":  # a player's name at a network table: text the host would take as it is
            ok = isinstance(value, str) and len(value) <= MAX_NAME and clean_text(value) == value
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
        data = parse_json(read_user_file(path, N_("settings file"), MAX_START_FILE_BYTES), parse_int=_setting_int)
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
def autosave_path(base: Path | None = None) -> Path:
    """The autosave file; `base`: see `_dir`."""
    return data_dir(base) / AUTOSAVE_FILE


def save_autosave(data: dict | None, fsync: bool = True, unkept: list[dict] | None = None,
                  base: Path | None = None) -> None:
    """Store the game in progress (`table.saves.save_data`, None if there is none) and the finished or replaced
    games not yet kept in the replays (`unkept`: hanab.live JSON games), which stay here until they are."""
    save = {"format": AUTOSAVE_FORMAT, "version": AUTOSAVE_VERSION, "game": data}
    if unkept:
        save["unkept"] = unkept
    write_atomic(autosave_path(base), json.dumps(save), fsync)


def game_name(record: GameRecord, first: bool = False) -> str:
    """How a game is named to the player in a message (its variant and players); `first`: to begin a sentence."""
    name = _("the {variant} game of {players}").format(variant=_(record.variant.name), players=", ".join(record.players))
    return name[:1].upper() + name[1:] if first else name


class AutosaveWriter:
    """Writes the autosave on a thread of its own, so the frame never waits for the disk.

    `put(data)` hands over the newest state of the game in progress (None: no game in progress) and returns at
    once; when several arrive before the thread gets to them, only the latest is written. `keep(record)` hands
    over a game that must be kept in the replays (finished, abandoned, replaced). `flush()` waits until what
    was handed over has been tried, forced with fsync (game end, quit).

    One transaction per change of game: a game to keep is written to the autosave file (its `unkept` list)
    along with the game in progress until its replay is on disk, and only then left out, so neither a crash
    nor a full or read-only disk loses it: the file on disk always holds it, either as the game in progress it
    was or among the unkept. A keep that fails is retried with the autosave's retries.

    When the disk refuses, the game goes on with saving off: `error` holds the sentence, and `report(text,
    kind)` (set by the app: its notices) is told at once, then once per later failure with the count, so one
    line is updated rather than piled up. Every new state tries again, and while something is not on disk the
    thread retries every `retry_seconds`, so an idle game is saved once the disk allows. 'Saving works again'
    is said only when everything handed over is on disk; a game kept late is named when it is.
    """

    def __init__(self, retry_seconds: float = 10.0) -> None:
        self._cond = threading.Condition()
        self._seq = 0  # states handed over
        self._data: dict | None = None  # the newest state of the game in progress (None: none)
        self._unkept: list[GameRecord] = []  # games to keep whose replay is not on disk yet
        self._done = 0  # the last state the thread has tried to write (with the unkept as they were)
        self._clean = True  # the file on disk holds `_data` and `_unkept` as they are now
        self._tried_keeps = True  # every game in `_unkept` has been tried at least once
        self._busy = False  # a pass is writing (`flush` waits for it)
        self._synced = 0
        self._sync_wanted = 0
        self._thread: threading.Thread | None = None
        self.retry_seconds = retry_seconds
        self.report: Callable[..., object] | None = None  # report(text, kind) or, for a game kept late, (text, kind, "kept")
        self.failures = 0  # passes in a row that left something off the disk
        self.error: str | None = None  # the last failure, as said
        self.problem: str | None = None  # its cause in a few words ("the disk is full"), None once saving works
        self.kept: list[Path] = []  # games stored in the replays by `keep`, in order
        # the home (`home()`) of the last hand-over: a pass writes there, also when it runs after the home changed
        # (the tests give each test a home of its own; a retry used to land in the next test's)
        self._home: Path | None = home()

    def keep(self, record: GameRecord) -> None:
        """Store a finished or abandoned game among the replays (the history), forced to disk; returns at once.

        Until it is, the game stays in the autosave file: call this before `put` of the state that replaces it."""
        with self._cond:
            self._home = home()
            self._unkept.append(record)
            self._clean = self._tried_keeps = False
            self._sync_wanted = self._seq  # a change of game: force it to the disk
        self.put_nothing_new()

    def adopt(self, data: dict | None, unkept: list[GameRecord]) -> None:
        """Take over what the autosave file holds at start: the game in progress (`data`, unchanged) and the
        games a previous run could not keep yet, which are kept now (retried while the disk refuses)."""
        with self._cond:
            self._home = home()
            if self._seq == 0:
                self._data = data
            self._unkept = [*unkept, *self._unkept]
            if unkept:
                self._clean = self._tried_keeps = False
        if unkept:
            self.put_nothing_new()

    def waiting(self, record: GameRecord) -> bool:
        """Is `record` a game handed to `keep` whose replay is not on disk yet?"""
        with self._cond:
            return any(r == record for r in self._unkept)

    def put_nothing_new(self) -> None:
        """Wake the thread (start it if needed) without a new state."""
        with self._cond:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def put(self, data: dict | None) -> None:
        """Save `data` (`table.saves.save_data`), or no game in progress if None; returns at once."""
        with self._cond:
            self._home = home()
            self._seq += 1
            self._data = data
            self._clean = False
        self.put_nothing_new()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until what was handed over has been tried (written and forced to disk, or refused); False after
        `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._cond:
            self._sync_wanted = self._seq
            self._cond.notify_all()
            while ((self._busy or self._synced < self._sync_wanted or self._done < self._seq or not self._tried_keeps)
                   and self._thread is not None and self._thread.is_alive()):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _say(self, text: str, kind: str, *key: str) -> None:
        if self.report is not None:
            self.report(text, kind, *key)

    def _work(self) -> bool:
        """Is there something for the thread to do now (not counting retries)?"""
        return (self._done < self._seq or not self._tried_keeps or self._synced < self._sync_wanted)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._work():
                    if not self._clean:  # the disk refused: try again in a while
                        if not self._cond.wait(self.retry_seconds):
                            break
                    elif not self._cond.wait(30.0):
                        self._thread = None  # idle: let the thread end; `put` starts another
                        return
                seq, data, keeps, base = self._seq, self._data, list(self._unkept), self._home
                sync = self._sync_wanted > self._synced or not self._tried_keeps
                self._tried_keeps = True
                self._busy = True
            kept, keep_problem = [], None
            for record in keeps:  # the replays first: the autosave below still holds what failed
                try:
                    kept.append((record, save_replay(record, base=base)))
                except OSError as exc:
                    keep_problem = exc
                    break  # the disk refuses: the others wait with it
            with self._cond:
                for record, path in kept:
                    self._unkept = [r for r in self._unkept if r is not record]
                    self.kept.append(path)
                unkept = list(self._unkept)
            problem = keep_problem
            try:
                if data is None and not unkept:
                    clear_autosave(autosave_path(base))
                else:
                    save_autosave(data, fsync=sync, unkept=[r.to_json() for r in unkept], base=base)
            except OSError as exc:
                problem = exc
            self._tell(problem, [r for r, _ in kept], unkept)  # said before `flush` returns
            with self._cond:
                self._busy = False
                self._done = seq
                if sync or problem is not None:  # a refused write has been tried: nothing to force to disk, and
                    # a `flush` asked for during the pass must not make a second try of the same state at once
                    self._synced = max(self._synced, seq)
                self._clean = (problem is None and seq == self._seq and len(self._unkept) == len(unkept)
                               and all(a is b for a, b in zip(self._unkept, unkept, strict=True)))
                self._cond.notify_all()

    def _tell(self, problem: OSError | None, kept: list[GameRecord], unkept: list[GameRecord]) -> None:
        """Say what the pass did: a failure (naming a game still to keep), a game kept late, saving back."""
        late = self.failures > 0
        if problem is not None:
            self._failed(problem, unkept)
            return
        if late:
            for record in kept:
                self._say(_("{game} is now kept in Replays.").format(game=game_name(record, first=True)), "info", "kept")
        if late and not unkept:
            self.failures, self.error, self.problem = 0, None, None
            self._say(_("Saving works again: the game is saved."), "info")

    def _failed(self, exc: OSError, unkept: list[GameRecord]) -> None:
        self.failures += 1
        why = self.problem = disk_problem(exc)
        if unkept:
            # not "it is in the autosave": a game begun on a disk that already refused was never written anywhere
            self.error = _("{game} is not kept yet: {problem}. It will be kept in Replays as soon as saving works; "
                           "keep the game open until then.").format(game=game_name(unkept[0], first=True), problem=why)
        elif self.failures == 1:
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
    whole = _read_autosave()
    return None if whole is None else whole["game"]


def load_unkept() -> tuple[dict | None, list[GameRecord]]:
    """What the autosave file holds for the writer to take over at start (`AutosaveWriter.adopt`): the game in
    progress (None if none) and the games not kept in the replays yet. Never raises: a file that cannot be
    used gives (None, []) and is left to `load_autosave`'s callers, which say why and set it aside."""
    try:
        whole = _read_autosave()
    except SaveError:
        return None, []
    if whole is None or not whole.get("unkept"):
        return None if whole is None else whole["game"], []
    from hanabi_desktop.engine.records import GameRecord  # the engine: only when there is a game to keep

    unkept = []
    for raw in whole.get("unkept") or ():
        try:
            unkept.append(GameRecord.from_json(raw))
        except HanabiError:
            continue  # not a game (an edited file): nothing that could be kept
    return whole["game"], unkept


def _read_autosave() -> dict | None:
    """The autosave file's contents, checked: its `game` an object or null, `unkept` a list if present."""
    path = autosave_path()
    if not (path.exists() or path.is_symlink()):
        return None
    try:
        data = parse_json(read_user_file(path, N_("saved game"), MAX_START_FILE_BYTES))
    except HanabiError as exc:
        raise DamagedFile(_("The saved game is damaged ({problem}) and cannot be resumed.").format(problem=exc)) from None
    except DamagedFile as exc:
        raise DamagedFile(_("The saved game cannot be resumed: {problem}").format(problem=exc)) from None
    except SaveError as exc:
        if not (path.exists() or path.is_symlink()):
            return None  # removed while we looked
        raise SaveError(_("The saved game could not be read: {problem}").format(problem=exc)) from None
    if (not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT
            or not (isinstance(data.get("game"), dict) or data.get("game") is None and data.get("unkept"))
            or not isinstance(data.get("unkept", []), list)):
        raise DamagedFile(_("The saved game file was not written by Hanabi Desktop and cannot be resumed."))
    version = data.get("version")
    if type(version) is not int or version != AUTOSAVE_VERSION:
        raise DamagedFile(_("The saved game is in a format this version does not know (version "
                          "{version}, expected {expected}) and cannot be resumed.").format(version=clean_text(repr(version), 20), expected=AUTOSAVE_VERSION))
    return data


def clear_autosave(path: Path | None = None) -> None:
    """Forget the game in progress (a regular file is removed; anything else there is left for `load_autosave`)."""
    path = path or autosave_path()
    if path.is_file() and not path.is_symlink():
        path.unlink(missing_ok=True)


# -- replays ----------------------------------------------------------------------------------------------
def _slug(text: str, limit: int = 40) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:limit] or "game"


def save_replay(record: GameRecord, name: str | None = None, base: Path | None = None) -> Path:
    """Save `record` as a hanab.live JSON game in the replays folder (of the home `base`: see `_dir`); returns its
    path.

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
    folder = replays_dir(base)
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
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
