"""The screens of the kept games, driven without a window: the Replays list's rows say each game's outcome,
hints, undos and options."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant
from hanabi_desktop.history.index import History, Unreadable
from hanabi_desktop.history.stats import Player, Selection
from hanabi_desktop.history.summary import UNFINISHED, GameSummary
from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.historyview.model import build, cycled
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.history import HistoryScene
from tests.ui.gestures import key, post
from tests.waiting import run_until


@pytest.fixture()
def app():
    a = App((1024, 640), settings=storage.load_settings())
    yield a
    a.close()


def until_read(app: App, scene, attr: str = "reading") -> None:  # noqa: ANN001
    run_until(app, lambda: getattr(scene, attr) is None, dt=0.02, what="the kept games were never read")


def kept_game(seed: str, hints: int = 0, undos: int = 0, previewed: bool = False, **options: bool) -> Session:
    """A whole game of Ann and a conventions bot, kept in the replays by the autosave writer."""
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions@2")], seed=seed, **options), threaded=False)
    s.hints, s.undos, s.previewed = hints, undos, previewed
    while not s.over:
        s.submit(s.game.legal_actions()[-1]) if s.current == 0 else s.run_bots()
    autosave.WRITER.keep(s.record())
    assert autosave.flush(5)
    return s


def test_the_replays_rows_say_the_outcome_help_and_options_not_a_file_name(app: App) -> None:
    s = kept_game("rows", hints=2, undos=1, previewed=True, empty_clues=True)
    plain = kept_game("plain")
    g = Game.new(get_variant("classic"), 2, seed="x", names=["Zed", "Yan"])
    g.apply(g.legal_actions()[-1])
    storage.save_replay(GameRecord.of(g), "an export")  # a game without our table's facts, named by its player
    page = open_scene(app, "replays")
    until_read(app, page)
    rows = page.list.items
    ours = next(r for r in rows if "Ann" in r and "empty clues" in r)
    assert f"{s.game.score} of 25 points" in ours and "2 hints, 1 undo, clue preview" in ours and "empty clues" in ours
    assert "pts" not in ours and "Classic" in ours
    assert f"{plain.game.score} of 25 points · no hints or undos" in next(r for r in rows if "empty" not in r and "Ann" in r)
    export = next(r for r in rows if "Zed" in r)
    assert "left at turn 2" in export and "hint" not in export and export.endswith("an export")


# -- the history screen ---------------------------------------------------------------------------------------
def summary(file: str, stamp: float, players: tuple[str, ...], seats: tuple[str, ...] | None, score: int,
            end: str = "deck_out", variant: str = "Classic", max_score: int = 25) -> GameSummary:
    said = seats is not None  # a record that says its seats says its hints and undos (`TableFacts`)
    return GameSummary(file, stamp, variant, (), players, seats, score, max_score, 0, end, 50, 1 if said else None,
                       0 if said else None)


GAMES = (
    summary("1", 1.0, ("Ann", "Bob"), ("", "conventions@1"), 15),
    summary("2", 2.0, ("Ann", "Bob"), ("", "conventions@1"), 20),
    summary("3", 3.0, ("Ann", "Bob"), ("", "conventions@2"), 25, end="perfect"),
    summary("4", 4.0, ("Ann", "Cat", "Bob"), ("", "", "expert"), 0, end="strikeout"),
    summary("5", 5.0, ("Ann", "Bob"), None, 28, variant="Six suits", max_score=30),
    summary("6", 6.0, ("Zed", "Bob"), ("", "conventions@2"), 9, end=UNFINISHED),
)


def test_the_model_lists_players_with_their_games_and_charts_the_selection_oldest_first() -> None:
    history = History(GAMES, (Unreadable("x.json", "not JSON"),))
    m = build(history, Selection())
    assert m.rows[0] == "Everyone" and m.row == 0
    # people first; 'Zed' only unfinished; game 5's record does not say its seats: its Ann is the person Ann
    assert m.rows[1:3] == ("Ann (person): 5 games", "Cat (person): 1 game")
    assert not [r for r in m.rows if r.startswith("Ann (not said)")]
    assert "Bob (conventions bot): 3 games" in m.rows and "Bob (not said): 1 game" in m.rows
    assert dict(m.facts)["Games played"] == "5" and dict(m.facts)["Best score"] == "25 of 25"
    assert [p.score for p in m.points] == [15, 20, 25, 0, 28] and m.top == 30
    assert [p.x for p in m.points] == sorted(p.x for p in m.points)
    assert any("left before" in n for n in m.notes) and any("not games" in n or "not a game" in n for n in m.notes)
    ann = build(history, Selection(player=Player("Ann", "person")))
    assert [r.level for r in ann.runs] == ["1", "2", "expert", ""]  # the level of the bots beside each game
    assert [w for _, w in ann.levels] == ["level 1", "level 2", "expert bot", "not said"]
    assert [p.score for p in ann.points] == [15, 20, 25, 0, 28]
    # each game says one hint: Ann's are the three she played alone with bots; game 4 had Cat at the computer
    assert dict(ann.facts)["Hints used"] == "3"
    assert any("other people at the computer" in n for n in ann.notes)
    assert any("older game does not say" in n for n in ann.notes)
    classic2 = build(history, Selection(variant="Classic", players=2))
    assert classic2.variant == "Classic" and classic2.count == "2 players"
    assert [p.score for p in classic2.points] == [15, 20, 25] and classic2.top == 25
    assert "Cat (person): 1 game" not in classic2.rows  # nobody without a game of the filters
    assert build(History(()), Selection()).empty and build(history, Selection(variant="Rainbow")).empty


def test_the_filters_cycle_through_all_and_back() -> None:
    assert cycled(("a", "b"), None, 1) == "a" and cycled(("a", "b"), "b", 1) is None
    assert cycled(("a", "b"), None, -1) == "b" and cycled((2, 3), 5, 1) == 2


def test_the_history_screen_by_keyboard_at_800x600(app: App) -> None:
    for i in range(3):
        kept_game(f"h{i}", hints=i)
    app.resize((800, 600))
    page = open_scene(app, "history")
    assert isinstance(page, HistoryScene)
    until_read(app, page)
    m = page.model
    assert m is not None and dict(m.facts)["Games played"] == "3" and dict(m.facts)["Hints used"] == "3"
    key(app, pygame.K_DOWN)  # the first player: Ann, the person
    assert page.selection.player == Player("Ann", "person") and page.model.row == 1
    key(app, pygame.K_DOWN)
    assert page.selection.player == Player("Bob", "conventions")
    assert [r.level for r in page.model.runs] == ["-"]  # beside the bot: the other seats had no bot
    key(app, pygame.K_v)
    assert page.selection.variant == "Classic" and page.model.variant == "Classic"
    key(app, pygame.K_p)
    assert page.selection.players == 2
    post(pygame.KEYDOWN, key=pygame.K_p, mod=pygame.KMOD_SHIFT, unicode="P")  # Shift+P: back through the counts
    app.frame(0.02)
    assert page.selection.players is None
    with theme.collect_overflows() as overflows:
        app.frame(0.02)
        app.stack.draw(pygame.display.get_surface())
    assert overflows == []
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not page


def test_the_title_opens_the_history_by_its_key(app: App) -> None:
    title = open_scene(app, "title")
    app.frame(0.02)
    key(app, pygame.K_y)
    assert isinstance(app.stack.top, HistoryScene) and app.stack.top is not title


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda s: "x".join(map(str, s)))
def test_a_perfect_game_s_star_at_the_top_stays_clear_of_the_chart_s_title(app: App, size: tuple[int, int]) -> None:
    """Found at 800x600 under Xvfb: the star of a perfect game (the top score) was drawn over the chart's title."""
    import dataclasses

    app.resize(size)
    page = HistoryScene(app)
    history = History(GAMES[:4])  # classic games only: the top of the scale is the perfect score, 25
    model = build(history, Selection())
    assert model.top == 25 and any(p.end == "perfect" and p.y == 1.0 for p in model.points)
    _filters, _players, _facts, chart = page.areas()

    def drawn(m) -> pygame.Surface:  # noqa: ANN001 - HistoryModel
        surface = pygame.Surface(size)
        surface.fill((0, 0, 0))
        page.draw_chart(surface, chart, m)
        return surface

    full, untitled = drawn(model), drawn(dataclasses.replace(model, chart_title=""))
    title_rows = [y for y in range(chart.top, chart.bottom)
                  if any(full.get_at((x, y)) != untitled.get_at((x, y)) for x in range(chart.left, chart.right))]
    star_rows = [y for y in range(chart.top, chart.bottom)
                 if any(tuple(full.get_at((x, y)))[:3] == theme.ACCENT for x in range(chart.left, chart.right, 1))]
    assert title_rows and star_rows
    assert max(title_rows) < min(star_rows), (max(title_rows), min(star_rows))


@pytest.mark.parametrize(("language", "average", "speed"), [("en", "17.5", "x1.25"), ("fr", "17,5", "x1,25"),
                                                           ("de", "17,5", "x1,25"), ("es", "17,5", "x1,25"),
                                                           ("ja", "17.5", "x1.25")])
def test_numbers_with_decimals_are_written_with_the_language_s_decimal_mark(app: App, language: str, average: str,
                                                                           speed: str) -> None:
    """Seen in French under Xvfb: the history's average score read '30.0' and Settings' animation speed 'x1.25';
    French, German and Spanish write '30,0' and 'x1,25'."""
    from hanabi_desktop import i18n
    from hanabi_desktop.ui.scenes.settings import SettingsScene
    from hanabi_desktop.ui.widgets.controls import Slider

    app.set_language(language)
    m = build(History(GAMES[:2]), Selection())  # scores 15 and 20
    assert dict(m.facts)[i18n._("Average score")] == average
    page = SettingsScene(app)
    app.stack.push(page)
    animation = next(w for w in page.widgets.widgets if isinstance(w, Slider) and w.label == i18n._("Animation speed"))
    assert animation.fmt(1.25) == speed
