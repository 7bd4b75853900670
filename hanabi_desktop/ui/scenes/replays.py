"""Replays: the saved games (newest first) and any hanab.live JSON export opened by its path."""

from __future__ import annotations

import re
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from hanabi_desktop import storage
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.history.index import History, read_in_background
from hanabi_desktop.history.summary import GameSummary
from hanabi_desktop.history.words import game_line
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, ListView, TextInput

if TYPE_CHECKING:
    from hanabi_desktop.engine.records import GameRecord

_LOADER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-load")  # files are read off the frame


def replay_label(path: Path, game: GameSummary | None = None) -> str:
    """A list row for a saved replay: date, then what the history says of the game (variant, players, outcome,
    hints and undos, options) once read, else its file name without the extension."""
    try:
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        stamp = "?"
    named = clean_text(path.stem, 120)
    stem = re.sub(r"^\d{4}-\d{2}-\d{2}_\d{6}_", "", named)  # the date is shown from the file itself
    if game is not None:  # a name of the player's own (an export, a renamed file) is kept at the end
        return f"{stamp}   " + clean_text(game_line(game), 300) + ("" if stem != named else " · " + named.replace("-", " "))
    parts = [p.replace("-", " ") if i == 0 else p.replace("-", ", ") if i == 1 else p
             for i, p in enumerate(stem.split("_"))]
    return f"{stamp}    " + "  ·  ".join(parts)


class ReplaysScene(MenuScene):
    """Pick a saved replay (or type a file's path) and watch it in the replay viewer."""

    title = N_("Replays")

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.paths: list[Path] = []
        self.selected: int | None = None
        self.typed = ""
        self.deleting: Path | None = None  # asked once; a second press deletes
        self.loading: tuple[Path, bool, Future[GameRecord]] | None = None  # a file being read (`open_path`)
        # the rows say more once the history (`history.index`) has read the games, off the frame
        self.games: dict[str, GameSummary] = {}
        self.reading: Future[dict[str, GameSummary]] | None = read_in_background(History.by_file)

    def build(self, scale: float) -> None:
        w, h = self.size
        self.paths = storage.list_replays()
        if self.selected is not None and self.selected >= len(self.paths):
            self.selected = None
        margin = self.px(80)
        list_rect = (margin, self.px(130), w - 2 * margin, h - self.px(130) - self.px(214))
        self.list = ListView(list_rect, [replay_label(p, self.games.get(p.name)) for p in self.paths], selected=self.selected,
                             on_select=self.select, on_activate=self.open_index, row_height=self.px(40))
        self.widgets.add(self.list)
        y = h - self.px(164)
        bh = self.px(50)
        self.path_input = TextInput((margin, y, w - 2 * margin - self.px(200), bh), self.typed,
                                    placeholder=_("or type the path of a hanab.live JSON game and press Enter"),
                                    max_length=400, on_submit=self.open_typed,
                                    on_change=lambda t: setattr(self, "typed", t))
        self.widgets.add(self.path_input)
        self.widgets.add(Button((w - margin - self.px(180), y, self.px(180), bh), _("Open file"),
                                lambda: self.open_typed(self.path_input.text)))
        y = h - self.px(104)  # clear of the message line below
        self.widgets.add(Button((w - margin - self.px(180), y, self.px(180), bh), _("Watch"), self.open_selected,
                                primary=True, enabled=self.selected is not None))
        self.widgets.add(Button((w - margin - 2 * self.px(180) - self.px(14), y, self.px(180), bh), _("Review"),
                                lambda: self.open_selected(review=True), enabled=self.selected is not None,
                                tooltip=_("Watch it with the deal's best score and where points were lost")))
        self.widgets.add(Button((w - margin - 3 * self.px(180) - 2 * self.px(14), y, self.px(180), bh), _("Back"),
                                self.back, hint="Esc"))
        asking = self.deleting is not None and self.selected is not None and self.paths[self.selected] == self.deleting
        self.widgets.add(Button((margin, y, self.px(220), bh), _("Really delete?") if asking else _("Delete"),
                                self.delete_selected, enabled=self.selected is not None,
                                tooltip=_("Delete the selected game for good (press twice)")))
        if not self.paths and not self.message:
            self.say(_("No games yet: every game you finish is kept here."), theme.TEXT_DIM)

    def select(self, index: int) -> None:
        self.selected = index
        self.deleting = None
        self.rebuild()

    def delete_selected(self) -> None:
        """First press: ask; second press on the same game: delete it."""
        if self.selected is None:
            return
        path = self.paths[self.selected]
        if self.deleting != path:
            self.deleting = path
            self.say(_("Press again to delete {game} for good.").format(game=replay_label(path).split('    ')[-1]), theme.ERROR)
            self.rebuild()
            return
        try:
            storage.delete_replay(path)
        except (storage.SaveError, OSError) as exc:
            self.say(_("It could not be deleted: {problem}.").format(problem=getattr(exc, 'strerror', None) or exc), theme.ERROR)
        else:
            self.say(_("Deleted."), theme.TEXT_DIM)
        self.deleting = None
        self.selected = None
        self.rebuild()

    def open_index(self, index: int, review: bool = False) -> None:
        if 0 <= index < len(self.paths):
            self.open_path(self.paths[index], review)

    def open_selected(self, review: bool = False) -> None:
        if self.selected is not None:
            self.open_index(self.selected, review)

    def open_typed(self, text: str) -> None:
        text = text.strip().strip('"').strip("'")
        if not text:
            self.say(_("Type the path of a game file first."), theme.ERROR)
            return
        self.open_path(Path(text).expanduser())

    def open_path(self, path: Path, review: bool = False) -> None:
        """Load `path` off the frame, then open the replay viewer (`update`; `review`: with its review); a bad
        file is explained here. Reading and checking a file of up to 20 MB takes a few hundred milliseconds."""
        if self.loading is not None:
            return  # one at a time: the one asked for first is being read
        self.say(_("Opening {name}...").format(name=repr(storage.file_label(path))))
        self.loading = (path, review, _LOADER.submit(storage.load_replay, path))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.reading is not None and self.reading.done():
            self.games = self.reading.result()  # never raises (`load_history`)
            self.reading = None
            self.list.items = [replay_label(p, self.games.get(p.name)) for p in self.paths]  # scrolled as it was
        if self.loading is not None and self.loading[2].done():
            path, review, future = self.loading
            self.loading = None
            try:
                record = future.result()
            except storage.SaveError as exc:
                self.say(str(exc), theme.ERROR)
                return
            self._open(path, record, review)

    def animating(self) -> bool:
        return super().animating() or self.loading is not None  # frames go on until the file is read

    def look(self):  # noqa: ANN201 - Hashable
        return super().look(), self.reading is None  # the rows say more once the history is read

    def wake_after(self) -> float | None:
        waits = [w for w in (super().wake_after(), 0.02 if self.reading is not None else None) if w is not None]
        return min(waits) if waits else None

    def _open(self, path: Path, record: GameRecord, review: bool) -> None:
        self.say("")
        if record.dropped:
            self.app.notices.post(_("{name} held more than its game can, which was left out: {what}.").format(
                name=repr(storage.file_label(path)), what="; ".join(record.dropped)), "warning")
        open_scene(self.app, "replay", record, review)
