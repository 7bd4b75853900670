"""Logging to a file in the user's log folder, and a fatal error shown to the player instead of a silent exit.

A windowed build (PyInstaller ``--windowed`` on Windows and macOS) has no console: ``sys.stdout`` and
``sys.stderr`` are None, so a print or a traceback would itself crash. `setup_logging()` points them at the
log file. `report_fatal()` logs the traceback and shows a message box naming the log file. No pygame import at
module level (headless commands use nothing here).

The log is rotated when the game starts (`rotate`: over `MAX_LOG_BYTES` it becomes ``.1``, ``.1`` becomes ``.2``),
not while it runs: the game writes a few lines a session, and `logging.handlers` (whose RotatingFileHandler
would do it as it writes) costs the start several milliseconds of imports (socket, pickle, queue) for nothing.
"""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path

LOG_NAME = "hanabi-desktop.log"
MAX_LOG_BYTES = 512_000
LOG_BACKUPS = 2
_configured: Path | None = None


def log_file() -> Path:
    """Where the log is written."""
    from hanabi_desktop.storage import log_dir

    return log_dir() / LOG_NAME


def rotate(path: Path, max_bytes: int = MAX_LOG_BYTES, backups: int = LOG_BACKUPS) -> None:
    """If the log at `path` has reached `max_bytes`, keep it as ``<name>.1`` (and the older ones one number up,
    at most `backups`) so the game starts a fresh one. A disk that refuses leaves the log as it is."""
    try:
        if path.stat().st_size < max_bytes:
            return
        for i in range(backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{i}")
            if older.exists():
                older.replace(path.with_name(f"{path.name}.{i + 1}"))
        path.replace(path.with_name(f"{path.name}.1"))
    except OSError:
        pass  # no log yet, or a read-only folder: append to what is there (or fail to open it, below)


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to a file in the user's log dir (rotated at start); give a console-less program somewhere to print.

    Returns the log file, or None if it cannot be written (the game then runs without a log).
    """
    global _configured
    if _configured is not None:
        return _configured
    try:
        path = log_file()
        rotate(path)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    if sys.stdout is None or sys.stderr is None:  # windowed build: no console at all
        stream = open(path.with_suffix(".out"), "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - lives as long as the process
        if sys.stdout is None:
            sys.stdout = stream
        if sys.stderr is None:
            sys.stderr = stream
    from hanabi_desktop import __version__

    logging.getLogger(__name__).info("Hanabi Desktop %s starting (Python %s, %s)", __version__,
                                     sys.version.split()[0], sys.platform)
    _configured = path
    return path


def report_fatal(exc: BaseException) -> None:
    """Log `exc` with its traceback and tell the player in a message box (or on stderr if there is none)."""
    details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    logging.getLogger(__name__).critical("fatal error\n%s", details)
    from hanabi_desktop.i18n import _  # the player's language, if one was chosen before the error

    where = "\n\n" + _("Details were written to:\n{path}").format(path=_configured) if _configured else ""
    message = _("Hanabi Desktop stopped because of an unexpected error:\n\n{error}").format(error=f"{type(exc).__name__}: {exc}") + where
    shown = False
    try:
        import pygame

        pygame.display.message_box("Hanabi Desktop", message, message_type="error")
        shown = True
    except Exception:  # noqa: BLE001 - no display, no SDL: fall back to stderr
        pass
    if not shown and sys.stderr is not None:
        print(message, file=sys.stderr)
        print(details, file=sys.stderr)
