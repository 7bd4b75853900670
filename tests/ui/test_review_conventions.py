"""The Review's list of moves that broke the conventions (issue 30): a row per move with the guide's rule and
what went wrong, a click jumps there, the turn's review says it, and the partner's move is in the row's tooltip."""

from __future__ import annotations

import time

import pygame
import pytest

from hanabi_desktop.engine import Discard, GameRecord, Play, RankClue
from hanabi_desktop.engine.records import TableFacts
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.replayview import review_model
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from tests.engine.helpers import stacked_game


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings())
    yield a
    a.close()


def missed_save() -> GameRecord:
    """P0 discards while P1's chop holds red 5 and P1 knows no play (see tests/review/test_conventions_review)."""
    game = stacked_game("r4 g4 b4 w4 y4 r5 b3 g3 r1 w2 y3")
    game.apply(RankClue(1, 1))
    game.apply(Play(game.hands[1][1]))
    game.apply(Discard(game.hands[0][4]))
    return GameRecord.of(game)


def reviewing(app: App, monkeypatch: pytest.MonkeyPatch, record: GameRecord) -> ReplayScene:
    """A replay of `record` on the stack with its review started, the solver held to a short budget."""
    real = review_model.review_game
    monkeypatch.setattr(review_model, "review_game", lambda record, **kw: real(record, **{**kw, "budget_s": 0.3}))
    scene = ReplayScene(app, record, review=True)
    app.stack.push(scene)
    return scene


def test_the_review_lists_the_missed_save_and_jumps_to_it(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = reviewing(app, monkeypatch, missed_save())
    end = time.monotonic() + 60
    while not scene.job.done and time.monotonic() < end:
        app.frame(0.05)
        time.sleep(0.02)
    app.frame(0.05)
    assert [f.text for f in scene.flags] == [
        "Move 3, P0: Save clues and the chop - discarded while P1's chop, slot 5, held red 5, which needed a "
        "save clue"]
    assert scene.flags[0].action.startswith("The partner would have made this move instead: P0 clues P1 5")
    assert "Conventions broken" in scene.panel_lines()
    (i, row), = scene.flag_rows()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    app.frame(0.05)
    assert scene.index == 2
    assert ("Convention broken (Save clues and the chop): discarded while P1's chop, slot 5, held red 5, which "
            "needed a save clue") in scene.turn_text()
    scene.go(1)
    assert not any(t.startswith("Convention broken") for t in scene.turn_text())


def test_the_review_from_the_results_judges_at_the_tables_level(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(review_model, "review_game", lambda record, **kw: asked.append(kw["bot"]) or None)
    monkeypatch.setattr(review_model, "broken_conventions", lambda record, **kw: asked.append(kw["bot"]) or ())
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions@2")], seed="lvl"), threaded=False)
    ResultsScene(app, session).review()
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.bot == "conventions@2"
    scene.job.wait(10)
    assert asked == ["conventions@2", "conventions@2"]


def test_a_kept_replay_is_reviewed_at_the_level_its_record_says(app: App) -> None:
    record = missed_save()
    assert ReplayScene(app, record).bot == "conventions"  # a record that does not say: the default level
    record.table = TableFacts(("", "conventions@3"))
    assert ReplayScene(app, record).bot == "conventions@3"


def test_lists_made_after_the_review_finishes_are_drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    # The review's worker may finish between a frame's update and its draw: that draw shows the finished review
    # with its lists not yet made ("No move broke the conventions"), and the lists made at the next update must
    # make the frame after it draw (seen under Xvfb: both lists empty beside a falling curve until the mouse moved)
    scene = reviewing(app, monkeypatch, missed_save())
    end = time.monotonic() + 60
    while not scene.job.done and time.monotonic() < end:
        time.sleep(0.02)  # the worker finishes with no update run: as between a frame's update and its draw
    drawn = scene.look()  # what the draw after the finish showed
    assert scene.flags == []
    scene.update(0.05)
    assert [f.turn for f in scene.flags] == [2]
    assert scene.look() != drawn  # so the next frame draws the list
