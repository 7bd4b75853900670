"""The screens over hostile files and a refusing disk: they draw, explain, and never close the game."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant
from hanabi_desktop.table import autosave
from hanabi_desktop.table.saves import save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.app import App, check_folders
from hanabi_desktop.ui.scenes.curtain import CurtainScene
from hanabi_desktop.ui.scenes.new_game import NewGameScene
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.replays import ReplaysScene
from hanabi_desktop.ui.scenes.table import TableScene
from tests.ui.test_menus import button, key, opened, press, title

GOOD = Path(__file__).parents[1] / "data" / "hanablive" / "no_variant_5p.json"
HOSTILE = {
    "digits.json": '{"players": ' + "9" * 5000 + "}",
    "deep.json": "[" * 100_000,
    "tiles.json": None,
    "bytes.json": b"\xff\xfe\x00",
    "flag.json": None,
}


@pytest.fixture()
def app():
    a = App((1280, 800))
    yield a
    a.close()


def hostile_files(folder: Path) -> list[Path]:
    game = Game.new(get_variant("flamboyants"), 3, seed="t", names=["A", "B", "C"])
    tiles = GameRecord.of(game).to_json()
    tiles["options"]["flamboyantTiles"].append("7")
    flag = json.loads(GOOD.read_text())
    flag["options"] = {"allOrNothing": "0"}
    paths = []
    for name, content in HOSTILE.items():
        content = {"tiles.json": json.dumps(tiles), "flag.json": json.dumps(flag)}.get(name, content)
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        paths.append(path)
    return paths


def test_the_replays_screen_explains_each_hostile_file_and_stays_open(app: App) -> None:
    hostile_files(storage.replays_dir())
    odd = os.fsencode(str(storage.replays_dir())) + b"/\xff\xfe odd \x01name.json"
    with open(odd, "wb") as f:
        f.write(GOOD.read_bytes())
    if hasattr(os, "mkfifo"):
        os.mkfifo(storage.replays_dir() / "pipe.json")
    title(app)
    press(app, "Replays")
    page = app.stack.top
    assert isinstance(page, ReplaysScene) and len(page.paths) == len(HOSTILE) + 1  # the pipe is not listed
    for i, path in enumerate(page.paths):
        page.open_index(i)
        opened(app, page)
        if app.stack.top is not page:  # the good game under the undecodable name opens
            assert isinstance(app.stack.top, ReplayScene)
            app.stack.pop()
            continue
        assert page.message and len(page.message) < 400 and app.running, path
    if hasattr(os, "mkfifo"):
        page.open_typed(str(storage.replays_dir() / "pipe.json"))  # typed by hand: refused, not waited on
        opened(app, page)
        assert "not a regular file" in page.message


def test_the_replay_viewer_draws_names_no_font_could(app: App) -> None:
    data = json.loads(GOOD.read_text())
    data["players"][:2] = ["Al\x00ice", "B\ud800ob"]
    path = storage.replays_dir() / "names.json"
    path.write_text(json.dumps(data))  # json escapes the surrogate as \ud800, as a hostile file would
    app.stack.push(ReplayScene(app, storage.load_replay(path)))
    for _ in range(3):
        app.frame(0.05)
    assert isinstance(app.stack.top, ReplayScene)


def test_continue_over_a_saved_name_with_a_nul_draws_the_table(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="nul"), threaded=False)
    data = save_data(session)
    data["setup"]["seats"][0]["name"] = data["record"]["players"][0] = "A\x00nn"
    storage.save_autosave(data)
    t = title(app)
    assert button(t, "Continue").enabled
    key(app, pygame.K_c)
    for _ in range(3):
        app.frame(0.05)
    assert any(isinstance(s, TableScene) for s in app.stack.scenes)


def test_a_damaged_settings_file_is_said_over_the_title_screen() -> None:
    (storage.config_dir() / storage.SETTINGS_FILE).write_text('{"volume": "loud", "muted": "off"}')
    app = App((1280, 800))
    try:
        title(app)
        notes = app.notices.visible()
        assert len(notes) == 1 and "volume was reset" in notes[0].text and "muted was reset" in notes[0].text
        assert app.settings.muted is False
    finally:
        app.close()


def test_a_new_game_on_a_read_only_disk_plays_and_says_saving_is_off(app: App) -> None:
    def refuse(path: Path, text: str, fsync: bool = True) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    disk = pytest.MonkeyPatch()
    disk.setattr(storage, "write_atomic", refuse)
    try:
        title(app)
        press(app, "New game")
        assert isinstance(app.stack.top, NewGameScene)
        press(app, "Start")  # used to crash on the first autosave
        assert any(isinstance(s, (TableScene, CurtainScene)) for s in app.stack.scenes)
        assert autosave.flush(5)  # the writer thread has tried the disk (it says so as soon as it has) ...
        said = [n.text for n in app.notices.history if n.key == "autosave"]
        assert said and said[0].startswith("Saving is off: the disk is read-only"), said  # ... first in these words
        texts = [n.text for n in app.notices.visible()]
        assert said[-1] in texts, texts  # and it is still on screen (a later try updates the same line)
        assert any("set-up could not be remembered" in t for t in texts), texts
        for _ in range(5):
            app.frame(0.05)  # the notices draw over the table
    finally:
        disk.undo()


def test_a_read_only_data_folder_is_said_at_start(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    import tempfile

    def refuse(*a: object, **k: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    check_folders(app.notices)
    assert "Saving is off: the disk is read-only" in app.notices.visible()[0].text


def test_settings_that_cannot_be_saved_are_said_after_the_page_closes(app: App) -> None:
    def refuse(path: Path, text: str, fsync: bool = True) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    disk = pytest.MonkeyPatch()
    disk.setattr(storage, "write_atomic", refuse)
    try:
        t = title(app)
        press(app, "Settings")
        press(app, "Done")
        assert app.stack.top is t
        assert any("Settings could not be saved: the disk is full" in n.text for n in app.notices.visible())
    finally:
        disk.undo()


def test_the_game_starts_when_its_folders_cannot_be_created(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_mkdir(self: Path, *a: object, **k: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(self))

    monkeypatch.setattr(Path, "mkdir", no_mkdir)
    monkeypatch.setenv(storage.HOME_ENV, "/nonexistent-hanabi-home/deeper")
    app = App((1280, 800))  # used to raise from the settings folder's mkdir
    try:
        check_folders(app.notices)
        t = title(app)
        assert app.stack.top is t and not button(t, "Continue").enabled
        assert "Saving is off: the folder could not be created" in app.notices.visible()[0].text
    finally:
        app.close()


def test_new_game_draws_remembered_names_no_font_could(app: App) -> None:
    app.settings.last_setup = {"seats": [{"name": "Z\x00oe\ud800", "bot": None}, {"name": "Bo", "bot": "expert"}],
                               "variant": "classic"}
    title(app)
    press(app, "New game")
    page = app.stack.top
    assert isinstance(page, NewGameScene) and page.names[0] == "Zoe\ufffd"
    app.frame(0.05)


def test_play_again_on_a_full_disk_says_so_and_plays_on(app: App) -> None:
    from hanabi_desktop.ui.scenes.results import ResultsScene

    session = flow.new_session(app, Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="full"))
    session.run_bots()
    title(app)
    app.stack.push(ResultsScene(app, session))
    app.frame(0.02)

    def refuse(path: Path, text: str, fsync: bool = True) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    disk = pytest.MonkeyPatch()
    disk.setattr(storage, "write_atomic", refuse)
    try:
        press(app, "Play again")  # used to crash on the new game's first autosave
        assert isinstance(app.stack.top, TableScene) and not app.stack.top.session.over
        assert "the disk is full" in app.notices.visible()[-1].text  # said at once, updated per failed save
        app.frame(0.05)
    finally:
        disk.undo()


@pytest.mark.parametrize("last_setup", [
    {"seats": [{"name": "Ann", "bot": None}] * 100_000, "variant": "classic"},
    {"seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None}], "empty_clues": 10**400},
    {"seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": 10**400}]},
    {"seats": [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None}], "variant": 10**400},
], ids=["100000 seats", "huge flag", "huge bot", "huge variant"])
def test_a_last_setup_that_cannot_be_used_is_said_and_the_usual_seats_shown(app: App, last_setup: dict) -> None:
    app.settings.last_setup = last_setup
    title(app)
    press(app, "New game")
    page = app.stack.top
    assert isinstance(page, NewGameScene) and page.count == 3 and page.names[:2] == ["Ann", "Bob"]
    (notice,) = [n for n in app.notices.history if n.key == "last-setup"]
    assert notice.text.startswith("The last set-up could not be used (") and len(notice.text) < 250
    app.frame(0.05)


def test_the_history_screen_counts_each_hostile_file_out_and_shows_the_games(app: App) -> None:
    """The history reads the same folder as the Replays list: the same hostile files (a deep nest, a huge
    number, undecodable bytes, tiles and options out of range, a name that is not UTF-8, a pipe) and a damaged
    index leave it open, showing the good games and saying how many files are not games."""
    from hanabi_desktop.history import index
    from hanabi_desktop.ui.scenes.history import HistoryScene
    from tests.waiting import run_until

    folder = storage.replays_dir()
    hostile_files(folder)
    (folder / "good.json").write_bytes(GOOD.read_bytes())
    with open(os.fsencode(str(folder)) + b"/\xff\xfe odd \x01name.json", "wb") as f:
        f.write(GOOD.read_bytes())
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.json")
    for damaged in (None, "{not json", "[" * 100_000):
        if damaged is not None:
            index.index_path().write_text(damaged, encoding="utf-8")
        index.forget()
        title(app)
        key(app, pygame.K_y, "y")
        page = app.stack.top
        assert isinstance(page, HistoryScene)
        run_until(app, lambda: page.reading is None)  # noqa: B023 - used at once
        app.frame(0.02)
        app.stack.draw(app.window)
        m = page.model
        assert m is not None and app.running
        assert dict(m.facts)[m.facts[0][0]] == "2"  # the two good games, the odd name's too
        assert any(str(len(HOSTILE)) in note for note in m.notes), m.notes  # the others counted out, not shown
        key(app, pygame.K_ESCAPE)
    assert (folder / "deep.json").read_text(encoding="utf-8") == "[" * 100_000  # the player's files, untouched
