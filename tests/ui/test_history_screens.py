"""The screens of the kept games, driven without a window: the Replays list's rows say each game's outcome,
hints, undos and options."""

from __future__ import annotations

import time

import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant
from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes import open_scene


@pytest.fixture()
def app():
    a = App((1024, 640), settings=storage.load_settings())
    yield a
    a.close()


def until_read(app: App, scene, attr: str = "reading") -> None:  # noqa: ANN001
    for _ in range(500):
        app.frame(0.02)
        if getattr(scene, attr) is None:
            return
        time.sleep(0.005)
    raise AssertionError("the kept games were never read")


def kept_game(seed: str, hints: int = 0, undos: int = 0, **options: bool) -> Session:
    """A whole game of Ann and a conventions bot, kept in the replays by the autosave writer."""
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions@2")], seed=seed, **options), threaded=False)
    s.hints, s.undos = hints, undos
    while not s.over:
        s.submit(s.game.legal_actions()[-1]) if s.current == 0 else s.run_bots()
    autosave.WRITER.keep(s.record())
    assert autosave.flush(5)
    return s


def test_the_replays_rows_say_the_outcome_help_and_options_not_a_file_name(app: App) -> None:
    s = kept_game("rows", hints=2, undos=1, empty_clues=True)
    g = Game.new(get_variant("classic"), 2, seed="x", names=["Zed", "Yan"])
    g.apply(g.legal_actions()[-1])
    storage.save_replay(GameRecord.of(g), "an export")  # a game without our table's facts, named by its player
    page = open_scene(app, "replays")
    until_read(app, page)
    rows = page.list.items
    ours = next(r for r in rows if "Ann" in r)
    assert f"{s.game.score} of 25 points" in ours and "2 hints, 1 undo" in ours and "empty clues" in ours
    assert "pts" not in ours and "Classic" in ours
    export = next(r for r in rows if "Zed" in r)
    assert "left at turn 2" in export and "hint" not in export and export.endswith("an export")
