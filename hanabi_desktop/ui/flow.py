"""Starting and resuming games from the menus: a session with autosave, handed to a new table scene."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from hanabi_desktop import storage
from hanabi_desktop.notices import Notices
from hanabi_desktop.session import Session, Setup

log = logging.getLogger(__name__)


class Autosaver:
    """A session's autosave callback: saved while the game runs, cleared once it is over.

    When the disk refuses (full, read-only), the game goes on with saving off: the player is told at once, and
    each later failure updates that one notice (never a pile of them). Every move tries again, and while the
    last save failed a timer retries every `retry_seconds`, so an idle game is saved once the disk allows;
    a success after failures says so. The file is fixed when the autosaver is made. Saves are numbered across
    every autosaver, so a retry of an abandoned game never overwrites the save of the game that followed it.
    """

    _lock = threading.Lock()  # one autosave file: one lock and one count for all autosavers
    _generation = 0

    def __init__(self, notices: Notices, retry_seconds: float = 10.0) -> None:
        self.notices = notices
        self.retry_seconds = retry_seconds
        self.path: Path = storage.autosave_path()
        self.failures = 0  # consecutive failed saves
        self._timer: threading.Timer | None = None

    def __call__(self, session: Session) -> None:
        data = None if session.over else session.to_save()
        with Autosaver._lock:
            Autosaver._generation += 1
            generation = Autosaver._generation
        self._write(data, generation)

    def _write(self, data: dict | None, generation: int) -> None:
        with Autosaver._lock:
            if generation != Autosaver._generation:
                return  # a newer state was saved (or is being saved) since, by this game or the next
            try:
                if data is None:
                    storage.clear_autosave(self.path)
                else:
                    storage.save_autosave(data, self.path)
            except OSError as exc:
                self._failed(exc, data, generation)
                return
            if self.failures:
                self.notices.post("Saving works again: the game is saved.", "info", key="autosave")
            self.failures = 0

    def _failed(self, exc: OSError, data: dict | None, generation: int) -> None:
        self.failures += 1
        why = storage.disk_problem(exc)
        log.warning("autosave failed (%d in a row): %s", self.failures, exc)
        if self.failures == 1:
            text = (f"Saving is off: {why}. The game goes on; it will be saved as soon as the disk allows "
                    "(retrying every move).")
        else:
            text = f"Still not saved: {why} ({self.failures} tries failed). Retrying every move."
        self.notices.post(text, "error", key="autosave")
        if self._timer is not None:
            self._timer.cancel()
        self._timer = threading.Timer(self.retry_seconds, self._write, (data, generation))
        self._timer.daemon = True
        self._timer.start()

    def close(self) -> None:
        """Stop retrying (the app is closing)."""
        with Autosaver._lock:
            if self._timer is not None:
                self._timer.cancel()


def _pace(app) -> str:  # noqa: ANN001 - AppContext
    pace = getattr(app.settings, "bot_pace", "normal")
    return pace if pace in Session.PACES else "normal"


def new_session(app, setup: Setup) -> Session:  # noqa: ANN001
    """A fresh game for `setup`, autosaved from its first moment."""
    saver = Autosaver(app.notices)
    session = Session(setup, autosave=saver)
    session.pace = _pace(app)
    saver(session)
    return session


def resume_session(app) -> Session | None:  # noqa: ANN001
    """The autosaved game, or None if there is none.

    `storage.SaveError` if it cannot be resumed; a file that can never be (`storage.DamagedFile`) is set aside
    first, and the error's message says where it was kept.
    """
    try:
        data = storage.load_autosave()
        if data is None:
            return None
        session = Session.from_save(data, autosave=Autosaver(app.notices))
    except storage.DamagedFile as exc:
        raise storage.DamagedFile(storage.set_aside_said(storage.autosave_path(), str(exc))) from None
    session.pace = _pace(app)
    return session


def open_table(app, session: Session, replace: bool = False) -> object:  # noqa: ANN001
    """Show `session` on a new table scene (replacing the top scene if asked)."""
    from hanabi_desktop.ui.scenes.table import TableScene

    table = TableScene(app, session)
    if replace:
        app.stack.replace(table)
    else:
        app.stack.push(table)
    return table


def describe_save(data: dict) -> str:
    """One line about an autosave: players, variant and turn, for the Continue button's tooltip."""
    try:
        setup = Setup.from_json(data.get("setup"))
        turns = len((data.get("record") or {}).get("actions") or [])
        names = ", ".join(s.name for s in setup.seats)
        return f"{setup.make_variant().name}, {names}: turn {turns + 1}"
    except (ValueError, TypeError, AttributeError):
        return "a saved game"
