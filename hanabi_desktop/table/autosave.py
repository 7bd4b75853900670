"""The autosave policy: a game at the table is saved after every move and kept in the replays once over, by
one writer whose disk work happens on its own thread, never the caller's. No pygame."""

from __future__ import annotations

import logging

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord, HanabiError, RecordError
from hanabi_desktop.i18n import _
from hanabi_desktop.program.notices import Notices
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import Setup

log = logging.getLogger(__name__)


WRITER = storage.AutosaveWriter()  # the disk work happens on its thread, never on the frame's


def save(session: Session) -> None:
    """Keep the autosave in step with `session`: saved while it runs; once over, kept in the replays (the
    history), forced to disk, and only then gone from the autosave (the writer's transaction)."""
    if session.over:
        WRITER.keep(session.record())  # first: until its replay is on disk, the autosave holds it
        WRITER.put(None)
    else:
        WRITER.put(save_data(session))


def abandon(data: dict, notices: Notices) -> None:
    """A game in progress is replaced by a new one: keep it in the history too; the autosave holds it until
    it is. The writer's problems go to `notices` (this may be the first save of the program's run)."""
    listen(notices)
    try:  # the record in the save is the game: no need to replay it (nor wake its bots)
        record = GameRecord.from_json(data.get("record"))
    except (HanabiError, RecordError, ValueError, TypeError, AttributeError):
        record = None
    if record is not None and record.actions:
        WRITER.keep(record)
    WRITER.put(None)


def kept_yet(record: GameRecord) -> bool:
    """Is the finished game `record` in the replays (not still waiting for the disk)?"""
    return not WRITER.waiting(record)


def take_over(game: dict | None, unkept: list[GameRecord], notices: Notices) -> None:
    """At start: the games a previous run could not keep in the replays (`storage.load_unkept`: the autosave
    holds them, beside the game in progress `game`) are kept now, retried while the disk refuses, and said in
    `notices`."""
    listen(notices)
    WRITER.adopt(game, unkept)


def flush(timeout: float = 10.0) -> bool:
    """Wait until every save handed over is on disk (quit, tests)."""
    return WRITER.flush(timeout)


def listen(notices: Notices) -> None:
    """Say the writer's problems (a full or read-only disk, and when saving works again) as `notices`."""
    # one line for saving (updated, not piled up); a game kept late has its own, so 'works again' keeps it shown
    WRITER.report = lambda text, kind, key="autosave": notices.post(text, kind, key=key)


def start_game(setup: Setup, notices: Notices, pace: str) -> Session:
    """A fresh game for `setup` at bot `pace`, autosaved from its first moment; the writer's problems go to
    `notices`."""
    listen(notices)
    session = Session(setup, autosave=save)
    session.bot_pace = pace if pace in storage.PACES else "normal"
    save(session)
    return session


def resume_game(notices: Notices, pace: str) -> Session | None:
    """The autosaved game at bot `pace`, or None if there is none.

    `storage.SaveError` if it cannot be resumed; a file that can never be (`storage.DamagedFile`) is set aside
    first, and the error's message says where it was kept.
    """
    try:
        data = storage.load_autosave()
        if data is None:
            return None
        listen(notices)
        session = resume(data, autosave=save)
    except storage.DamagedFile as exc:
        raise storage.DamagedFile(storage.set_aside_said(storage.autosave_path(), str(exc))) from None
    session.bot_pace = pace if pace in storage.PACES else "normal"
    return session


def describe(data: dict) -> str:
    """One line about an autosave: players, variant and turn, for the Continue button's tooltip."""
    try:
        setup = Setup.from_json(data.get("setup"))
        turns = len((data.get("record") or {}).get("actions") or [])
        names = ", ".join(s.name for s in setup.seats)
        return _("{variant}, {players}: turn {turn}").format(variant=_(setup.make_variant().name), players=names, turn=turns + 1)
    except (ValueError, TypeError, AttributeError):
        return _("a saved game")
