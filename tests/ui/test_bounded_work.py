"""Files a player could be sent cannot hold a frame: text fitting is bounded and imported lists are cut to what
their game can hold. Work is counted (text measurements, list lengths), not timed."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord
from hanabi_desktop.storage import Settings
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.replays import ReplaysScene
from tests.ui.test_menus import opened

GOOD = Path(__file__).parents[1] / "data" / "hanablive" / "no_variant_5p.json"


class Counting:
    """A font that counts the text it measures or renders (characters too: a measurement costs its length)."""

    calls = 0
    chars = 0

    def __init__(self, font: pygame.font.Font) -> None:
        self._font = font

    def size(self, text: str) -> tuple[int, int]:
        Counting.calls += 1
        Counting.chars += len(text)
        return self._font.size(text)

    def render(self, text: str, *args: object) -> pygame.Surface:
        Counting.calls += 1
        Counting.chars += len(text)
        return self._font.render(text, *args)

    def __getattr__(self, name: str) -> object:
        return getattr(self._font, name)


@pytest.fixture()
def counted(monkeypatch: pytest.MonkeyPatch) -> type[Counting]:
    theme.clear_caches()  # every text measured and rendered afresh
    for name in ("font", "_cjk_font"):  # what `font_for` and every text measurement go through
        real = getattr(theme, name)
        counting = lambda *a, real=real, **k: Counting(real(*a, **k))  # noqa: E731
        counting.cache_clear = real.cache_clear  # the app clears the font caches when it closes
        monkeypatch.setattr(theme, name, counting)
    Counting.calls = Counting.chars = 0
    yield Counting
    theme._TEXT_CACHE.clear()  # surfaces rendered through the counting fonts


@pytest.fixture()
def app():
    pygame.init()
    a = App((1024, 640), settings=Settings())
    yield a
    a.close()


@pytest.mark.parametrize("length", [10, 300, 50_000, 2_000_000])
def test_fitting_a_text_of_any_length_takes_a_few_short_measurements(counted: type[Counting], length: int) -> None:
    text = ("Ann: r3 or r4, then the " * (length // 20 + 1))[:length]
    fitted = theme.fit_text(text, 14, 200)
    assert counted.calls <= 10 and counted.chars <= 12 * 202, (counted.calls, counted.chars)
    assert theme.font(14).size(fitted)[0] <= 200
    assert fitted == text or fitted.endswith("…") and text.startswith(fitted[:-1])
    if length == 10:
        assert fitted == text  # a text that fits is kept whole
    else:  # the cut is the longest that fits: one more character would not
        assert theme.font(14).size(fitted[:-1] + text[len(fitted) - 1] + "…")[0] > 200


def test_fitting_a_font_size_is_a_binary_search(counted: type[Counting]) -> None:
    size = theme.fit_size("Tile 5 with an empty deck", 40, 120, smallest=0.2)
    assert counted.calls <= 5 and theme.font(size).size("Tile 5 with an empty deck")[0] <= 120
    assert size == 8 or theme.font(size + 1).size("Tile 5 with an empty deck")[0] > 120
    counted.calls = 0
    assert theme.fit_size("x" * 100_000, 40, 120) == 32 and counted.calls == 0


def _oversized(rows: int, per_row: int, note: str, long_note: str = "") -> dict:
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["notes"] = [[long_note or note] * per_row for _ in range(5)] + [[note] * per_row for _ in range(rows - 5)]
    data["explanations"] = ["why"] * (len(data["actions"]) + 500)
    return data


def test_a_record_keeps_notes_for_its_players_and_cards_only_and_says_what_it_dropped() -> None:
    data = _oversized(rows=2000, per_row=400, note="r1")
    record = GameRecord.from_json(data)
    assert len(record.notes) == len(record.players) == 5
    assert all(len(row) == len(record.deck) == 50 for row in record.notes)
    assert len(record.explanations) <= len(record.actions)
    assert record.dropped == ("notes of 1995 players the game does not have",
                              "1750 notes on cards the deck does not have",
                              "500 explanations of actions the game does not have")
    plain = GameRecord.from_json(json.loads(GOOD.read_text(encoding="utf-8")))
    assert plain.dropped == ()


def test_a_record_with_more_actions_than_any_game_drops_the_rest_and_says_so() -> None:
    from hanabi_desktop.engine.records import max_actions

    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["actions"] = data["actions"] + [{"type": 3, "target": 0, "value": 1}] * 100_000
    record = GameRecord.from_json(data)
    assert len(record.actions) <= max_actions(record.variant) < 200
    assert record.dropped and "actions past the most a game can hold" in record.dropped[0]


def test_a_replay_with_oversized_notes_opens_and_draws_its_tooltip_with_bounded_work(
        app: App, counted: type[Counting]) -> None:
    path = storage.replays_dir() / "notes.json"
    path.write_text(json.dumps(_oversized(rows=3000, per_row=60, note="r1 ", long_note="x" * 5000)), encoding="utf-8")
    assert path.stat().st_size > 1_000_000
    page = ReplaysScene(app)
    app.stack.push(page)
    page.open_path(path)
    opened(app, page)
    scene = app.stack.top
    assert not page.message
    assert isinstance(scene, ReplayScene) and len(scene.record.notes) == 5
    assert any("notes of 2995 players the game does not have" in n.text for n in app.notices.history)
    scene.go(scene.last // 2)
    for _ in range(40):
        app.frame(0.05)
    order = next(iter(scene.renderer.hand_of))
    counted.calls = counted.chars = 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.renderer.rects[order].center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.frame(0.05)  # the frame with the tooltip: five notes of 200 characters each, cut for the card
    (_, notes) = scene.tooltip(order)[1]
    assert len(notes) == 5 and all(len(n) <= 80 for n in notes)
    assert counted.calls < 600 and counted.chars < 60_000, (counted.calls, counted.chars)


def test_a_replay_file_is_read_off_the_frame(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    path = storage.replays_dir() / "game.json"
    path.write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    reading = threading.Event()
    release = threading.Event()
    real = storage.load_replay

    def slow_disk(p: Path) -> GameRecord:  # the file takes as long as the test says
        reading.set()
        assert release.wait(10)
        return real(p)

    monkeypatch.setattr(storage, "load_replay", slow_disk)
    page = ReplaysScene(app)
    app.stack.push(page)
    page.open_path(path)  # returns while the file is still being read
    assert reading.wait(5) and app.stack.top is page and "Opening 'game.json'" in page.message
    frames = app.frames
    for _ in range(5):
        app.frame(0.02)  # the window goes on drawing meanwhile
    assert app.frames == frames + 5 and app.stack.top is page and page.animating()
    page.open_path(path)  # a second click while reading starts nothing more
    release.set()
    opened(app, page)
    assert isinstance(app.stack.top, ReplayScene) and not page.message
