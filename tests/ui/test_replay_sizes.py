"""The replay and Review screens at the window sizes people use (800x600 to 1920x1080) in every language: the
table above the review panel has the table screen's text size for that window (it used to be laid out for its
smaller part only: 14 px text beside a 20 px panel at 1920x1080), nothing overlaps and no text is cut."""

from __future__ import annotations

import ast
import itertools
import time
from pathlib import Path

import pytest

from hanabi_desktop import i18n, storage
from hanabi_desktop.engine import GameRecord
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.replayview.review_model import ReviewJob
from hanabi_desktop.ui.replayview.review_panel import drop_rows, panel_layout, split_lists
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.tableview.layout import layout

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"
SIZES = [(800, 600), (1024, 640), (1920, 1080)]


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return GameRecord.loads((GAMES / "no_variant_5p.json").read_text())


@pytest.fixture(scope="module")
def job(record: GameRecord) -> ReviewJob:
    """One review of the game, worked out once by the real job and shown by every scene below."""
    done = ReviewJob(record)
    end = time.monotonic() + 120
    while not done.done and time.monotonic() < end:
        time.sleep(0.05)
    assert done.result is not None, done.error
    return done


def reviewed(app: App, record: GameRecord, job: ReviewJob) -> ReplayScene:
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.job = job
    scene.resize(app.size)  # the buttons once the review is in, as the scene does when its job ends
    scene.go(20)
    for _ in range(3):
        app.frame(0.05)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_replays_table_has_the_table_screens_text_size_and_nothing_overlaps(size, record, job) -> None:  # noqa: ANN001
    app = App(size, settings=storage.Settings(language="en"))
    try:
        scene = reviewed(app, record, job)
        lay = scene.renderer.lay
        assert lay is not None
        table_screen = layout(size, 5, 5, 4)
        assert lay.font == table_screen.font, (lay.font, table_screen.font)
        assert lay.font >= scene.panel.font - 1  # the table's text is not smaller than the panel's beside it
        area = scene.table_size()
        for (na, a), (nb, b) in itertools.combinations(lay.regions().items(), 2):
            assert not a.colliderect(b), (na, a, nb, b)
        for name, r in lay.regions().items():
            assert 0 <= r.left and r.right <= area[0] and 0 <= r.top and r.bottom <= area[1], (name, r, area)
        assert lay.card[0] >= 40  # the cards keep a readable size with the larger text
    finally:
        app.close()


def by_design(problem: str, scene: ReplayScene) -> bool:
    """Is `problem` a row of the drop or broken-convention lists, or players' notes on a card (joined by " | ")? Those are
    shortened to their box by design and shown whole on hover; every other text must fit."""
    head, cut, _ = problem.rpartition(" shortened to fit ")
    if not cut:
        return False
    shown = ast.literal_eval(head)
    rows = [row.text for row in (*scene.drops, *scene.flags)]
    notes = [" ".join(note.split()) for seat in scene.record.notes or [] for note in seat]
    return any(row.startswith(shown) for row in rows) or all(any(piece in note for note in notes) for piece in shown.split(" | "))


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_no_text_of_the_review_is_cut_at_any_size(language: str, size, record, job) -> None:  # noqa: ANN001
    app = App(size, settings=storage.Settings(language="en"))
    try:
        app.set_language(language)
        with theme.collect_overflows() as overflows:
            scene = reviewed(app, record, job)
            for index in (0, 36, scene.last):
                scene.go(index)
                app.frame(0.05)
                app.stack.draw(app.window)  # a whole picture, whatever changed
            problems = [p for p in overflows if not by_design(p, scene)]
    finally:
        app.close()
    assert not problems, f"{language} at {size}: " + "\n".join(problems[:20])


def test_a_short_list_leaves_its_room_to_the_other() -> None:
    """Four moves lost points and none broke a convention: at 1920x1080 two drops show, not one of four under
    an empty half; with both lists long each keeps its heading and a row, and they share the place exactly."""
    panel = panel_layout((1920, 1080))
    top, bottom = split_lists(panel.drops, panel.row, 4, 0)
    assert len(drop_rows(top, panel.row, 4, 0)) == 2
    assert len(drop_rows(bottom, panel.row, 1, 0)) == 1  # the empty list's one line still fits
    for size in SIZES:
        panel = panel_layout(size)
        top, bottom = split_lists(panel.drops, panel.row, 12, 12)
        assert top.union(bottom) == panel.drops and top.bottom == bottom.top
        assert len(drop_rows(top, panel.row, 12, 0)) >= 1 and len(drop_rows(bottom, panel.row, 12, 0)) >= 1


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_more_rows_line_is_never_drawn_over_a_row(size) -> None:  # noqa: ANN001
    """'1 of 10 shown: scroll for more' was drawn at the list's bottom, over its last row (the conventions list
    at 800x600): it goes under the rows where they leave room, else at the end of the heading's line."""
    import pygame

    from hanabi_desktop.ui.replayview.review_model import Flag
    from hanabi_desktop.ui.replayview.review_panel import draw_drops

    pygame.init()
    panel = panel_layout(size)
    surface = pygame.Surface(size)
    flags = [Flag(t, f"Move {t}, Ann: Good Touch Principle - it touches red 1", "") for t in range(10)]
    hidden = 0
    for lists in ((2, 10), (10, 2), (10, 10)):
        for place, count in zip(split_lists(panel.drops, panel.row, *lists), lists, strict=True):
            rows = drop_rows(place, panel.row, count, 0)
            said = draw_drops(surface, place, "Conventions broken", flags[:count], rows, -1, (-1, -1), panel.font)
            if len(rows) == count:
                assert said is None
                continue
            hidden += 1
            assert said is not None and place.contains(said), (lists, said, place)
            assert not [r for _, r in rows if r.colliderect(said)], (lists, said, rows)
    assert hidden >= 2


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_curves_score_labels_are_whole_inside_its_frame(size) -> None:  # noqa: ANN001
    """The best and lowest scores written beside the curve's top and bottom lines were cut in half by the
    frame's edges (at every size: 4 px of margin for a label 14 to 27 px high)."""
    import pygame

    from hanabi_desktop.ui.replayview.review_panel import curve_y, plot_rect

    pygame.init()
    panel = panel_layout(size)
    fs = max(10, panel.font - 3)  # the labels' size, as draw_curve writes them
    height = theme.font(fs).get_height()
    plot = plot_rect(panel.curve, fs)
    top, bottom = curve_y(25, 20, 25, plot), curve_y(20, 20, 25, plot)
    assert panel.curve.top <= top - height // 2 and bottom + (height + 1) // 2 <= panel.curve.bottom, (top, bottom, panel.curve)
    assert bottom - top >= panel.curve.h // 2  # the curve keeps most of its height


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_replays_buttons_show_their_keys_and_leave_the_slider_room(language: str, size, record) -> None:  # noqa: ANN001
    """Found playing by keys: Close, What if, the view and Review said their keys (Esc, B, V, R) only in
    tooltips; and in German at 800x600 the turn slider was left a 29 px track, its knob over its label. Each
    shows its key's cap, none dropped, and the slider's track keeps a usable width (|< and >| give way: Home
    and End do what they do)."""
    from hanabi_desktop.ui.widgets.controls import Button

    app = App(size, settings=storage.Settings(language="en"))
    try:
        app.set_language(language)
        scene = ReplayScene(app, record)
        app.stack.push(scene)
        with theme.collect_overflows() as overflows:
            app.frame(0.05)
            app.stack.draw(app.window)
        caps = {w.on_click: w.hint for w in scene.widgets.widgets if isinstance(w, Button)}
        assert caps[scene.close] == "Esc" and caps[scene.branch] == "B" and caps[scene.next_view] == "V"
        assert caps[scene.start_review] == "R"
        assert not [p for p in overflows if not by_design(p, scene)], overflows
        assert scene.slider.track_rect().w >= 100, scene.slider.track_rect()
        assert {"<", ">"} <= {w.text for w in scene.widgets.widgets if isinstance(w, Button)}
    finally:
        app.close()
