"""The Review screen, driven like a player: opened from the results and from Replays, usable while the review
is worked out, the curve and the drop list (a click jumps), a player's point of view, the bots' explanations in
the log, and hypotheticals branched from a turn and left again."""

from __future__ import annotations

import dataclasses
import threading
import time
from pathlib import Path

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord
from hanabi_desktop.review.report import Bound, Review
from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.replayview import review_model
from hanabi_desktop.ui.scenes.hypothetical import HypotheticalScene
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.replays import ReplaysScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets.controls import Button
from tests.ui.gestures import click, key
from tests.ui.test_menus import opened
from tests.waiting import run_until, wait_until

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"


@pytest.fixture()
def app():
    a = App((1280, 800), settings=storage.load_settings())
    yield a
    a.close()





def button(scene, label: str) -> Button:  # noqa: ANN001
    found = [w for w in scene.widgets.widgets if isinstance(w, Button) and w.text.startswith(label)]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    return found[0]


def settle(app: App, scene: ReplayScene, timeout: float = 60) -> None:
    """Frames until the review is in (the worker thread does it; frames only read it)."""
    assert scene.job is not None
    end = time.monotonic() + timeout
    while not scene.job.done and time.monotonic() < end:
        app.frame(0.05)
        time.sleep(0.02)
    app.frame(0.05)


def five_player() -> GameRecord:
    return GameRecord.loads((GAMES / "no_variant_5p.json").read_text())


def test_the_replay_is_usable_while_the_review_is_worked_out_then_shows_curve_and_drops(app, monkeypatch) -> None:  # noqa: ANN001
    gate = threading.Event()
    real = review_model.review_game

    def held(rec, **kw):  # noqa: ANN001, ANN003, ANN202 - the solver waits until the test has used the replay
        kw["progress"](3, 10)
        gate.wait(20)
        return real(rec, **kw)

    monkeypatch.setattr(review_model, "review_game", held)
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    app.frame(0.05)
    assert scene.job is None and "Press Review" in " ".join(scene.panel_lines())
    click(app, button(scene, "Review").rect.center)
    assert scene.job is not None
    wait_until(lambda: scene.job.progress == (3, 10), what=lambda: f"the review at {scene.job.progress}")
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.index == 2 and not scene.job.done and scene.review is None  # stepping works meanwhile
    assert scene.panel_state() == "working" and scene.job.fraction == pytest.approx(0.3)
    gate.set()
    settle(app, scene)
    review = scene.review
    assert review is not None and scene.panel_state() == "curve"
    assert [b.low for b in review.max_by_turn][0] == review.max_score.low
    assert scene.drops and all(review.turns[d.turn].dropped for d in scene.drops)
    assert "Best score this deal allowed" in " ".join(scene.panel_lines())
    # clicking a drop row jumps to the move that lost the points
    i, row = scene.drop_rows()[-1]
    click(app, row.center)
    assert scene.index == scene.drops[i].turn
    assert any(line.startswith("Points lost here:") for line in scene.panel_lines())
    # N walks the drops from the start
    key(app, pygame.K_HOME)
    key(app, pygame.K_n, "n")
    assert scene.index == scene.drops[0].turn
    # a click on the curve goes to the turn under the pointer (the curve shares the slider's x range)
    x0, x1 = scene.track()
    click(app, (round(x0 + (x1 - x0) * 20 / scene.last), scene.panel.curve.centery))
    assert scene.index == 20


def test_each_turn_says_the_bots_differing_move_and_why(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record, True)
    app.stack.push(scene)
    settle(app, scene)
    differing = next(t for t in scene.review.turns if t.suggestion is not None)
    scene.go(differing.turn)
    app.frame(0.05)
    assert scene.panel_lines()[0].startswith("Best score this deal allowed")
    lines = scene.turn_text()
    assert lines[0].startswith(f"Move {differing.turn + 1}: ")
    assert "would have made this move instead" in lines[1]
    assert review_model.move_text(scene.replay.states[differing.turn], differing.suggestion) in lines[1]
    same = next(t for t in scene.review.turns if t.suggestion is None)
    scene.go(same.turn)
    assert "same move" in scene.turn_text()[1]


def test_point_of_view_hides_that_players_own_cards_and_v_switches(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(20)
    app.frame(0.05)
    game = record.replay(20)
    assert all(scene.model().cards[o].face is not None for h in game.hands for o in h)  # face up
    key(app, pygame.K_v, "v")
    assert scene.pov == 0 and button(scene, "View: ").text == f"View: {record.players[0]}'s eyes"
    m = scene.model()
    assert m.viewer == 0 and all(m.cards[o].face is None for o in game.hands[0])
    assert all(m.cards[o].face == (game.deck[o].suit, game.deck[o].rank) for h in game.hands[1:] for o in h)
    # what the clues told: the model's possibilities are that seat's own, not the truth
    assert all(m.cards[o].possible == scene.replay.states[20].knowledge[o] or m.cards[o].possible for o in game.hands[0])
    for _ in range(len(record.players)):
        key(app, pygame.K_v, "v")
    assert scene.pov is None and all(scene.model().cards[o].face is not None for o in game.hands[0])


def test_the_log_shows_the_bots_explanations_kept_with_the_game(app) -> None:  # noqa: ANN001
    s = Session(Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="log"), threaded=False)
    s.run_bots()
    record = GameRecord.loads(s.record().dumps())  # as kept on disk and read back
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    key(app, pygame.K_END)
    log = scene.model().log
    assert [line.why for line in log] == [e.explanation for e in s.log] and any(line.why for line in log)


def test_results_and_replays_open_the_review(app) -> None:  # noqa: ANN001
    app.stack.push(TitleScene(app))
    session = flow.new_session(app, Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="rv"))
    session.run_bots()
    flow.open_table(app, session)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), dt=0.1)
    res = app.stack.top
    assert isinstance(res, ResultsScene)
    click(app, button(res, "Review").rect.center)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.job is not None
    assert viewer.record.actions == session.game.actions and any(viewer.record.explanations)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is res
    assert autosave.flush(5)
    app.stack.pop(res)
    app.frame(0.02)
    click(app, button(app.stack.top, "Replays").rect.center)
    page = app.stack.top
    assert isinstance(page, ReplaysScene) and not button(page, "Review").enabled
    click(app, (page.list.rect.x + 30, page.list.rect.y + page.list.row_h // 2))
    click(app, button(page, "Review").rect.center)
    opened(app, page)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.job is not None
    assert viewer.record.actions == session.game.actions


def test_a_hypothetical_branches_plays_every_seat_and_returns_to_the_real_game(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(10)
    app.frame(0.05)
    key(app, pygame.K_b, "b")
    hyp = app.stack.top
    assert isinstance(hyp, HypotheticalScene)
    s = hyp.session
    assert s.game.actions == record.actions[:10] and s.viewer == s.current == record.replay(10).current
    assert "Hypothetical from turn 10" in hyp.model().status
    assert "Hypothetical" in hyp._message_text()[0]
    # the acting seat plays its slot 1 with the table's keys, then the next seat does too: every seat is ours
    for _ in range(2):
        seat = s.current
        card = s.game.hands[seat][0]
        key(app, pygame.K_1, "1")
        key(app, pygame.K_p, "p")
        assert s.game.actions[-1].card == card and s.current != seat
    assert len(s.game.actions) == 12 and s.game.actions[10:] != record.actions[10:12]
    assert record.actions == five_player().actions  # the real game is untouched
    # a clue by clicking a teammate's card opens the table's clue chooser
    mate = (s.current + 1) % s.players
    click(app, hyp.renderer.rects[s.game.hands[mate][0]].center)
    assert type(app.stack.top).__name__ == "ClueChooser"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is hyp
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and scene.index == 10
    assert autosave.flush(5) and storage.list_replays() == []  # nothing of it was kept
    # at the end of the game there is nothing to play on from: said, not opened
    key(app, pygame.K_END)
    key(app, pygame.K_b, "b")
    assert app.stack.top is scene and "game is over" in scene.notice


def test_a_hypothetical_through_one_players_eyes_hides_their_own_cards(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(5)
    current = record.replay(5).current
    scene.view_as(current)
    key(app, pygame.K_b, "b")
    hyp = app.stack.top
    assert isinstance(hyp, HypotheticalScene)
    m = hyp.model()
    hand = hyp.session.game.hands[current]
    assert m.viewer == current and all(m.cards[o].face is None for o in hand)
    assert all(m.cards[o].face is not None for p, h in enumerate(hyp.session.game.hands) if p != current for o in h)
    # V in the hypothetical changes whose eyes, as in the replay: the next seat, then face up
    key(app, pygame.K_v, "v")
    nxt = (current + 1) % len(record.players)
    m = hyp.model()
    assert m.viewer == nxt and all(m.cards[o].face is None for o in hyp.session.game.hands[nxt])
    assert all(m.cards[o].face is not None for o in hand)


def test_notes_through_one_players_eyes_are_that_players_own(app) -> None:  # noqa: ANN001
    record = five_player()
    notes = [[""] * len(record.deck) for _ in record.players]
    notes[0][7] = "r5 kt"
    notes[1][7] = "bob thinks"
    record.notes = notes
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    app.frame(0.05)
    assert scene.model().cards[7].note == "r5 kt | bob thinks"  # face up: everyone's
    scene.view_as(1)
    assert scene.model().cards[7].note == "bob thinks"
    scene.view_as(0)
    assert scene.model().cards[7].note == "r5 kt"
    key(app, pygame.K_b, "b")
    hyp = app.stack.top
    assert isinstance(hyp, HypotheticalScene) and hyp.model().cards[7].note == "r5 kt"


def test_closing_the_viewer_mid_review_cancels_the_work(app, monkeypatch) -> None:  # noqa: ANN001
    started = threading.Event()

    def endless(rec, **kw):  # noqa: ANN001, ANN003, ANN202
        started.set()
        while True:
            kw["progress"](1, 2)
            time.sleep(0.01)

    monkeypatch.setattr(review_model, "review_game", endless)
    scene = ReplayScene(app, five_player(), True)
    app.stack.push(scene)
    assert started.wait(5)
    key(app, pygame.K_ESCAPE)
    assert scene not in app.stack and scene.job.wait(5) and scene.job.result is None


def test_bounds_are_said_as_bounds_and_no_drop_is_claimed_unproven(app, monkeypatch) -> None:  # noqa: ANN001
    record = five_player()
    real = review_model.review_game

    def loose(rec, **kw):  # noqa: ANN001, ANN003, ANN202 - the review as if the solver had proved only bounds
        turns = real(rec, **kw).turns
        wide = Bound(23, 25)
        return Review(wide, tuple(dataclasses.replace(t, best_before=wide, best_after=wide) for t in turns))

    monkeypatch.setattr(review_model, "review_game", loose)
    scene = ReplayScene(app, record, True)
    app.stack.push(scene)
    settle(app, scene)
    text = scene.panel_lines()
    assert "between 23 and 25" in text[0] and "not proven exactly" in text[0]
    assert scene.drops == [] and "provably" in text[1] and len(scene.review.max_by_turn) == len(record.actions) + 1


def test_the_controls_page_tells_how_to_review(app) -> None:  # noqa: ANN001
    from hanabi_desktop.ui.scenes.rules import RulesScene

    rules = RulesScene(app)
    rules.page = 2
    text = rules.text()
    assert "Replays and Review:" in text and "V shows it face up or through one player's eyes" in text
    assert "B or What if" in text


def test_a_hypothetical_says_the_best_score_its_position_still_allows(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(30)
    key(app, pygame.K_b, "b")
    hyp = app.stack.top
    assert isinstance(hyp, HypotheticalScene)

    def known(timeout: float = 30) -> bool:
        end = time.monotonic() + timeout
        while None in (hyp.best.get(hyp.position()), hyp.best.get("branch")) and time.monotonic() < end:
            app.frame(0.05)
            time.sleep(0.02)
        return None not in (hyp.best.get(hyp.position()), hyp.best.get("branch"))

    assert known()
    before, branch = hyp.best.get(hyp.position()), hyp.best.get("branch")
    assert branch is not None and branch.low <= before.high and before.low <= branch.high  # one position: agree
    assert hyp.best_line().startswith(f"Best score still reachable here: {review_model.bound_text(before)}")
    # a misplay of a card that is not playable: the position changes and its best score is worked out anew
    s = hyp.session
    bad = next(o for o in s.game.hands[s.current] if not s.game.is_playable(s.game.deck[o]))
    key(app, pygame.K_1 + s.game.hands[s.current].index(bad), str(s.game.hands[s.current].index(bad) + 1))
    key(app, pygame.K_p, "p")
    assert s.game.strikes == record.replay(30).strikes + 1
    assert hyp.position()[0] == 31
    assert known() and hyp.best.get(hyp.position()).low <= before.high  # a move never raises the best score


def test_backspace_takes_back_hypothetical_moves_but_never_the_real_games(app) -> None:  # noqa: ANN001
    record = five_player()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(12)
    key(app, pygame.K_b, "b")
    hyp = app.stack.top
    s = hyp.session
    for _ in range(2):
        key(app, pygame.K_1, "1")
        key(app, pygame.K_d if s.game.clue_tokens < 8 else pygame.K_p, "x")
    assert len(s.game.actions) == 14
    tried = list(s.game.actions)
    key(app, pygame.K_BACKSPACE)
    assert s.game.actions == tried[:13] and len(hyp.model().log) == 13
    key(app, pygame.K_BACKSPACE)
    assert s.game.actions == record.actions[:12] and "from turn 12, 0 moves" in hyp.model().status
    key(app, pygame.K_BACKSPACE)
    assert s.game.actions == record.actions[:12] and "before the branch" in hyp.message
