"""Finishing, abandoning and replacing a game on a full or read-only disk, through the real screens: the game
is never lost (it is on disk, in the autosave or the replays, at every moment) and no screen says it is kept or
saved before it is."""

from __future__ import annotations

import time

import pytest

from hanabi_desktop import storage
from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.app import App, check_folders
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.table import TableScene
from tests.disk import Disk
from tests.ui.test_menus import press, title

pytestmark = pytest.mark.parametrize("refusal", ["full", "read-only"])
WORDS = {"full": "the disk is full", "read-only": "the disk is read-only"}


@pytest.fixture()
def app(monkeypatch: pytest.MonkeyPatch):
    # the program's writer as a program starts with it (other tests have used the module's), retrying fast
    monkeypatch.setattr(autosave, "WRITER", storage.AutosaveWriter(retry_seconds=0.05))
    a = App((1280, 800), settings=storage.Settings())
    yield a
    a.close()


@pytest.fixture(autouse=True)
def nothing_left_to_keep(disk: Disk):
    """The writer is the program's one writer: a test leaves it with nothing to keep, whatever happened."""
    yield
    disk.works()
    assert until(lambda: not autosave.WRITER._unkept), "a game was still waiting to be kept"
    autosave.flush(5)


def until(condition, seconds: float = 5.0, app: App | None = None) -> bool:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        if app is not None:
            app.frame(0.05)
        time.sleep(0.02)
    return condition()


def refuse(disk: Disk, refusal: str) -> None:
    disk.full() if refusal == "full" else disk.read_only()


def claims(app: App) -> list[str]:
    """Every notice that says a game was saved or kept."""
    return [n.text for n in app.notices.history if "saved" in n.text.replace("not saved", "") or "now kept" in n.text]


def one_move_from_the_end(app: App, seed: str) -> tuple[Session, object]:
    """A game of two people, autosaved, with the move that ends it still to make; (session, that move)."""
    session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed=seed))
    while True:
        move = session.game.legal_actions()[-1]
        probe = session.game.clone()
        probe.apply(move)
        if probe.over:
            return session, move
        session.submit(move)


def test_a_game_finished_on_a_refusing_disk_is_not_called_kept_and_is_kept_when_the_disk_works(
        app: App, disk: Disk, refusal: str) -> None:
    title(app)
    session, last = one_move_from_the_end(app, "finish-" + refusal)
    assert autosave.flush(5)
    before = storage.load_autosave()
    assert before is not None and storage.list_replays() == []
    refuse(disk, refusal)
    session.submit(last)  # the game ends: the real finish path (table.autosave.save)
    assert session.over
    flow.open_table(app, session)
    assert until(lambda: isinstance(app.stack.top, ResultsScene), app=app)
    results = app.stack.top
    assert "not kept yet" in results.message and WORDS[refusal] in results.message
    assert "is kept in Replays" not in results.message
    assert storage.load_autosave() == before  # the game is still on disk: not cleared while unkept
    assert storage.list_replays() == [] and claims(app) == []
    app.frame(0.6)
    assert "not kept yet" in results.message
    disk.works()  # the retry keeps it; the screen follows
    assert until(lambda: "is kept in Replays" in results.message, app=app)
    [path] = storage.list_replays()
    assert storage.load_replay(path).actions == session.game.actions
    # the pass that kept it also clears the autosave: wait for the writer, not for a time (5 s ran out under load)
    assert autosave.flush(30) and storage.load_autosave() is None


def test_start_the_new_game_on_a_refusing_disk_says_the_truth_and_the_old_game_stays_on_disk(
        app: App, disk: Disk, refusal: str) -> None:
    old = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="old-" + refusal))
    for _ in range(3):
        old.submit(old.game.legal_actions()[-1])
    assert autosave.flush(5)
    saved = storage.load_autosave()
    autosave.WRITER.report = None  # a program that has just started: no session has told the writer anything
    refuse(disk, refusal)
    title(app)
    press(app, "New game")
    press(app, "Start")
    ng = app.stack.top
    assert ng.replacing is not None and ng.keep_problem == WORDS[refusal]
    assert "The game in progress ends and is kept in Replays" not in [w.tooltip for w in ng.widgets.widgets]
    press(app, "Start the new game")  # the real replace path (table.autosave.abandon, then a new session)
    table = next(x for x in app.stack.scenes if isinstance(x, TableScene))
    table.session.submit(table.session.game.legal_actions()[-1])
    assert autosave.flush(5)
    assert storage.load_autosave() == saved  # the old game is still the one on disk
    assert storage.list_replays() == [] and claims(app) == []
    said = [n.text for n in app.notices.history]
    assert any("The Classic game of Ann, Bob is not kept yet" in t and WORDS[refusal] in t for t in said), said
    disk.works()
    assert until(lambda: len(storage.list_replays()) == 1, app=app)
    [path] = storage.list_replays()
    assert storage.load_replay(path).actions == old.game.actions
    assert until(lambda: storage.load_autosave()["seed"] == table.session.seed)
    assert until(lambda: any("The Classic game of Ann, Bob is now kept in Replays." == n.text
                             for n in app.notices.history))
    assert until(lambda: [n.text for n in app.notices.visible()][-2:] == [  # both shown: neither hides the other
        "The Classic game of Ann, Bob is now kept in Replays.", "Saving works again: the game is saved."])


def test_games_a_previous_run_could_not_keep_are_kept_at_the_next_start(app: App, disk: Disk, refusal: str) -> None:
    old = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="before-" + refusal), threaded=False)
    old.submit(old.game.legal_actions()[-1])
    record = old.record()
    new = {"seed": "next", "record": None}
    storage.save_autosave(new, unkept=[record.to_json()])  # what the last run left: a game in progress, one unkept
    refuse(disk, refusal)
    check_folders(app.notices)  # the start of the next run: it tries at once
    assert autosave.flush(5) and storage.list_replays() == []
    game, unkept = storage.load_unkept()
    assert game == new and [r.to_json() for r in unkept] == [record.to_json()] and claims(app) == []
    disk.works()
    assert until(lambda: storage.list_replays() != [])
    assert autosave.flush(5) and storage.load_unkept() == (new, [])
    assert [storage.load_replay(p).actions for p in storage.list_replays()] == [record.actions]
