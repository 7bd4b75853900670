"""Scenes of the game: one module per screen, opened by name through `open_scene`: a screen opens another by
name, never by import. Screens share code only through two modules: `menu` (the menus' base class and the
sparks) and `table` (the base of the lesson, hypothetical and network tables). The table's screens reach
the game through `table.door.Table`.

>>> sorted(SCENES)[:3]
['chooser', 'confirm', 'curtain']
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

SCENES: dict[str, tuple[str, str]] = {  # name -> (module in this package, class)
    "chooser": ("clue_chooser", "ClueChooser"),
    "confirm": ("confirm", "ConfirmScene"),
    "curtain": ("curtain", "CurtainScene"),
    "history": ("history", "HistoryScene"),
    "hypothetical": ("hypothetical", "HypotheticalScene"),
    "lesson": ("lesson", "LessonScene"),
    "lessons": ("lessons", "LessonsScene"),
    "net_host": ("net_host", "NetHostScene"),
    "net_join": ("net_join", "NetJoinScene"),
    "net_lobby": ("net_lobby", "NetLobbyScene"),
    "net_return": ("net_return", "NetReturnScene"),
    "net_table": ("net_table", "NetTableScene"),
    "new_game": ("new_game", "NewGameScene"),
    "note": ("note_editor", "NoteEditor"),
    "replay": ("replay_viewer", "ReplayScene"),
    "replays": ("replays", "ReplaysScene"),
    "results": ("results", "ResultsScene"),
    "rules": ("rules", "RulesScene"),
    "settings": ("settings", "SettingsScene"),
    "table": ("table", "TableScene"),
    "title": ("title", "TitleScene"),
}


def scene_class(name: str) -> type:
    """The class of scene `name` (imported on first use)."""
    module, cls = SCENES[name]
    return getattr(import_module(f"{__name__}.{module}"), cls)


def open_scene(app: Any, name: str, *args: Any, how: str = "push") -> Any:  # noqa: ANN401 - a Scene
    """Make scene `name` with `args` and put it on the stack: `how` is 'push' or 'replace'."""
    scene = scene_class(name)(app, *args)
    getattr(app.stack, how)(scene)
    return scene
