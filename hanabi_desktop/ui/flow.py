"""Starting and resuming games from the menus: the app's notices and bot pace handed to the autosave policy
(`table.autosave`), and the session handed to a new table scene."""

from __future__ import annotations

from typing import Any

from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import Setup


def new_session(app: Any, setup: Setup) -> Session:  # noqa: ANN401 - AppContext
    """A fresh game for `setup`, autosaved from its first moment."""
    return autosave.start_game(setup, app.notices, app.settings.bot_pace)


def resume_session(app: Any) -> Session | None:  # noqa: ANN401 - AppContext
    """The autosaved game, or None if there is none (`storage.SaveError` if it cannot be resumed)."""
    return autosave.resume_game(app.notices, app.settings.bot_pace)


def open_table(app: Any, session: Session, replace: bool = False) -> object:  # noqa: ANN401 - AppContext
    """Show `session` on a new table scene (replacing the top scene if asked)."""
    from hanabi_desktop.ui.scenes import open_scene

    return open_scene(app, "table", session, how="replace" if replace else "push")
