"""Starting and resuming games from the menus: a session with autosave, handed to a new table scene."""

from __future__ import annotations

import logging

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord, HanabiError, RecordError
from hanabi_desktop.i18n import _
from hanabi_desktop.notices import Notices
from hanabi_desktop.session import Session, Setup

log = logging.getLogger(__name__)


WRITER = storage.AutosaveWriter()  # the disk work happens on its thread, never on the frame's


def autosave(session: Session) -> None:
    """Keep the autosave in step with `session`: saved while it runs; once over, cleared and the game kept in
    the replays (the history), both forced to disk."""
    if session.over:
        WRITER.put(None)
        WRITER.keep(session.record())
    else:
        WRITER.put(session.to_save())


def abandon(data: dict) -> None:
    """A game in progress is replaced by a new one: keep it in the history too, then forget the autosave."""
    try:  # the record in the save is the game: no need to replay it (nor wake its bots)
        record = GameRecord.from_json(data.get("record"))
    except (HanabiError, RecordError, ValueError, TypeError, AttributeError):
        record = None
    WRITER.put(None)
    if record is not None and record.actions:
        WRITER.keep(record)


def flush(timeout: float = 10.0) -> bool:
    """Wait until every save handed over is on disk (quit, tests)."""
    return WRITER.flush(timeout)


def _pace(app) -> str:  # noqa: ANN001 - AppContext
    pace = app.settings.bot_pace
    return pace if pace in Session.PACES else "normal"


def listen(notices: Notices) -> None:
    """Say the writer's problems (a full or read-only disk, and when saving works again) as `notices`."""
    WRITER.report = lambda text, kind: notices.post(text, kind, key="autosave")


def new_session(app, setup: Setup) -> Session:  # noqa: ANN001
    """A fresh game for `setup`, autosaved from its first moment."""
    listen(app.notices)
    session = Session(setup, autosave=autosave)
    session.pace = _pace(app)
    autosave(session)
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
        listen(app.notices)
        session = Session.from_save(data, autosave=autosave)
    except storage.DamagedFile as exc:
        raise storage.DamagedFile(storage.set_aside_said(storage.autosave_path(), str(exc))) from None
    session.pace = _pace(app)
    return session


def open_table(app, session: Session, replace: bool = False) -> object:  # noqa: ANN001
    """Show `session` on a new table scene (replacing the top scene if asked)."""
    from hanabi_desktop.ui.scenes import open_scene

    return open_scene(app, "table", session, how="replace" if replace else "push")


def describe_save(data: dict) -> str:
    """One line about an autosave: players, variant and turn, for the Continue button's tooltip."""
    try:
        setup = Setup.from_json(data.get("setup"))
        turns = len((data.get("record") or {}).get("actions") or [])
        names = ", ".join(s.name for s in setup.seats)
        return _("{variant}, {players}: turn {turn}").format(variant=_(setup.make_variant().name), players=names, turn=turns + 1)
    except (ValueError, TypeError, AttributeError):
        return _("a saved game")
