"""The menus driven like a player would: posted clicks and keys through `App.frame`."""

from __future__ import annotations

import json
import subprocess
import sys

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import PRESETS
from hanabi_desktop.table import autosave
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.curtain import CurtainScene
from hanabi_desktop.ui.scenes.new_game import NewGameScene
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.replays import ReplaysScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.rules import RulesScene
from hanabi_desktop.ui.scenes.settings import SettingsScene
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets.controls import Button, TextInput, Toggle
from tests.ui.gestures import click, key, post
from tests.waiting import run_until, wait_until


@pytest.fixture()
def app():
    a = App((1280, 800), settings=storage.load_settings())
    yield a
    a.close()





def button(scene, label: str) -> Button:  # noqa: ANN001
    found = [w for w in scene.widgets.widgets if isinstance(w, Button) and w.text == label]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    return found[0]


def press(app: App, label: str) -> None:
    b = button(app.stack.top, label)
    assert b.enabled, f"{label!r} is disabled"
    click(app, b.rect.center)


def opened(app: App, page: ReplaysScene) -> None:
    """Frames until the replays page has read the file it was asked to open (it reads off the frame)."""
    run_until(app, lambda: page.loading is None, dt=0.02, what="the file was never read")


def title(app: App) -> TitleScene:
    t = TitleScene(app)
    app.stack.push(t)
    app.frame(0.02)
    return t


def test_title_without_a_save_disables_continue_and_quit_ends_the_loop(app: App) -> None:
    t = title(app)
    assert not button(t, "Continue").enabled and button(t, "Learn to play").primary  # a first-time player
    assert not button(t, "New game").primary
    press(app, "Quit")
    assert not app.running


def test_new_game_by_mouse_starts_a_saved_table_and_remembers_the_setup(app: App) -> None:
    title(app)
    press(app, "New game")
    ng = app.stack.top
    assert isinstance(ng, NewGameScene)
    press(app, "2")  # two players
    person = [w for w in ng.widgets.widgets if isinstance(w, Button) and w.text == "Person"]
    click(app, person[1].rect.center)  # seat 2 becomes a person too: hot seat
    name = [w for w in ng.widgets.widgets if isinstance(w, TextInput)][1]
    click(app, name.rect.center)
    for _ in range(3):
        key(app, pygame.K_BACKSPACE)
    post(pygame.TEXTINPUT, text="Zoe")
    app.frame(0.02)
    press(app, "Start")
    table = app.stack.top if not isinstance(app.stack.top, CurtainScene) else app.stack.scenes[-2]
    assert isinstance(table, TableScene)
    s = table.session
    assert s.names == ("Ann", "Zoe") and s.human_seats == [0, 1]
    assert [type(x).__name__ for x in app.stack.scenes][:2] == ["TitleScene", "TableScene"]  # New game replaced
    assert autosave.flush(5)  # the autosave is written off the frame thread
    assert storage.load_autosave()["setup"]["seats"][1]["name"] == "Zoe"
    saved = json.loads((storage.config_dir() / storage.SETTINGS_FILE).read_text())
    assert [x["name"] for x in saved["last_setup"]["seats"]] == ["Ann", "Zoe"]
    # the next New game offers the same set-up
    ng2 = NewGameScene(app)
    assert ng2.count == 2 and ng2.names[:2] == ["Ann", "Zoe"] and ng2.kinds[:2] == [None, None]


def test_new_game_refuses_duplicate_names_in_words(app: App) -> None:
    title(app)
    press(app, "New game")
    ng = app.stack.top
    ng.names[1] = "Ann"
    press(app, "Start")
    assert app.stack.top is ng and "same name" in ng.message


def test_variant_and_options_reach_the_game(app: App) -> None:
    title(app)
    press(app, "New game")
    ng = app.stack.top
    ng.variant_list.select(list(PRESETS).index("rainbow"))
    toggle = [w for w in ng.widgets.widgets if isinstance(w, Toggle) and w.label.startswith("Empty")][0]
    click(app, toggle.switch_rect().center)
    press(app, "Start")
    s = next(x for x in app.stack.scenes if isinstance(x, TableScene)).session
    assert s.variant.name == "Rainbow" and s.variant.empty_clues and len(s.variant.suits) == 6


def test_curtain_hides_the_table_between_people_and_never_for_one_person_with_bots(app: App) -> None:
    title(app)
    session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="curtain"))
    table = flow.open_table(app, session)
    app.frame(0.02)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Ann"
    assert app.stack.visible() == [curtain]  # opaque: nothing of the table is drawn
    key(app, pygame.K_RETURN)
    assert app.stack.top is table
    session.submit(session.game.legal_actions()[-1])
    for _ in range(100):  # Ann sees her move land; the table keeps her view until the curtain falls
        app.frame(0.05)
        if isinstance(app.stack.top, CurtainScene):
            break
        assert session.viewer == 0
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.name == "Bob" and curtain.missed()[0].startswith("Ann ")
    key(app, pygame.K_ESCAPE)  # Esc does not lift it
    assert app.stack.top is curtain
    click(app, button(curtain, "I am Bob: show my table").rect.center)
    assert app.stack.top is table and session.viewer == 1
    app.stack.clear()
    solo = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("B", "conventions")], seed="solo"))
    app.settings.bot_pace = "instant"  # the table hands the setting to the session
    flow.open_table(app, solo)
    def move() -> None:
        if solo.current == 0:
            solo.submit(solo.game.legal_actions()[-1])
        app.frame(0.05)
        assert not isinstance(app.stack.top, CurtainScene)

    wait_until(lambda: len(solo.log) >= 6, each=move, what="six moves")


def _finish_bot_game(app: App, seed: str = "results") -> TableScene:
    session = flow.new_session(app, Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed=seed))
    session.run_bots()
    assert session.over
    table = flow.open_table(app, session)
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), dt=0.1)
    return table


def test_results_keep_the_game_watch_and_play_again(app: App) -> None:
    title(app)
    _finish_bot_game(app)
    res = app.stack.top
    assert isinstance(res, ResultsScene)
    r = res.session.result()
    assert autosave.flush(5)
    assert r.rating and r.ended and storage.load_autosave() is None  # a finished game is not resumable
    [path] = storage.list_replays()  # kept in the history without asking
    assert storage.load_replay(path).actions == res.session.game.actions
    assert "kept in Replays" in res.message
    press(app, "Watch replay")
    assert isinstance(app.stack.top, ReplayScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is res
    press(app, "Play again")
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.names == res.session.names
    assert table.session.game.deck != res.session.game.deck


def test_clicking_the_highlighted_variant_does_not_start_a_game(app: App) -> None:
    title(app)
    press(app, "New game")
    ng = app.stack.top
    lv = ng.variant_list
    row = lv.selected - lv.scroll
    click(app, (lv.rect.x + 30, lv.rect.y + row * lv.row_h + lv.row_h // 2))
    assert app.stack.top is ng and not any(isinstance(x, TableScene) for x in app.stack.scenes)
    assert autosave.flush(5) and storage.load_autosave() is None


def _game_in_progress(app: App) -> tuple[Session, dict]:
    """A game with Ann's first move and the bot's answer made, kept as the autosave, and the title on screen: what
    New game must ask about before ending it."""
    old = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bot", "conventions")], seed="old"))
    old.submit(old.game.legal_actions()[-1])
    old.run_bots()
    assert autosave.flush(5)
    saved = storage.load_autosave()
    title(app)
    return old, saved


def test_the_question_before_ending_a_game_by_keys_enter_starts_esc_keeps_playing(app: App) -> None:
    """Found at 800x600 under Xvfb: the question's buttons showed no key, Enter did nothing, and Esc went back to
    the New game page although Keep playing's tooltip says Esc does what it does (back to the title)."""
    old, saved = _game_in_progress(app)
    press(app, "New game")
    press(app, "Start")
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and ng.replacing is not None
    assert button(ng, "Keep playing it").hint == "Esc" and button(ng, "Start the new game").hint == "Enter"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene) and storage.load_autosave() == saved
    press(app, "New game")
    key(app, pygame.K_RETURN, "\r")  # Start's Enter asks ...
    assert isinstance(app.stack.top, NewGameScene) and app.stack.top.replacing is not None
    key(app, pygame.K_RETURN, "\r")  # ... and the question's Enter starts the new game
    table = next(x for x in app.stack.scenes if isinstance(x, TableScene))
    assert table.session.game.deck != old.game.deck
    table.session.close()


def test_start_asks_before_ending_a_game_in_progress_and_keeps_it(app: App) -> None:
    old, saved = _game_in_progress(app)
    press(app, "New game")
    ng = app.stack.top
    press(app, "Start")
    assert app.stack.top is ng and ng.replacing is not None  # asked, nothing dealt
    press(app, "Keep playing it")
    assert isinstance(app.stack.top, TitleScene) and storage.load_autosave() == saved
    assert button(app.stack.top, "Continue").enabled
    press(app, "New game")
    key(app, pygame.K_RETURN, "\r")  # Enter asks too
    ng = app.stack.top
    assert isinstance(ng, NewGameScene) and ng.replacing is not None
    press(app, "Start the new game")
    table = next(x for x in app.stack.scenes if isinstance(x, TableScene))
    assert table.session.game.deck != old.game.deck
    assert autosave.flush(5)
    kept = [storage.load_replay(p) for p in storage.list_replays()]
    assert [r.actions for r in kept] == [old.game.actions]  # the ended game is in Replays
    assert storage.load_autosave()["seed"] == table.session.seed


def test_a_kept_game_can_be_deleted_from_replays(app: App) -> None:
    title(app)
    s = flow.new_session(app, Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="d"))
    s.run_bots()
    assert autosave.flush(5) and len(storage.list_replays()) == 1
    press(app, "Replays")
    page = app.stack.top
    click(app, (page.list.rect.x + 30, page.list.rect.y + page.list.row_h // 2))
    press(app, "Delete")
    assert len(storage.list_replays()) == 1 and "again" in page.message
    press(app, "Really delete?")
    assert storage.list_replays() == [] and page.list.items == []


def test_replays_page_lists_saved_games_opens_them_and_explains_bad_files(app: App, tmp_path) -> None:  # noqa: ANN001
    title(app)
    s = flow.new_session(app, Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="r"))
    s.run_bots()
    assert autosave.flush(5)  # the finished game is kept in the history first
    storage.save_replay(s.record(), "my game")
    press(app, "Replays")
    page = app.stack.top
    assert isinstance(page, ReplaysScene) and page.list.items[0].endswith("my game")
    assert not button(page, "Watch").enabled
    click(app, (page.list.rect.x + 30, page.list.rect.y + page.list.row_h // 2))
    press(app, "Watch")
    opened(app, page)
    assert isinstance(app.stack.top, ReplayScene)
    app.stack.pop()
    app.frame(0.02)
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    page.path_input.text = str(bad)
    press(app, "Open file")
    opened(app, page)
    assert app.stack.top is page and "not JSON" in page.message


def test_rules_pages_follow_the_variant_and_scroll(app: App) -> None:
    title(app)
    press(app, "Rules")
    page = app.stack.top
    assert isinstance(page, RulesScene) and "Classic" in page.lines[0]
    for _ in range(6):  # classic, six suits, short, rainbow, avalanche, final flourish, black powder
        press(app, ">")
    assert any("descending" in line for line in page.lines)
    assert any("legendary" in line for line in page.lines)
    post(pygame.MOUSEWHEEL, x=0, y=-2)
    app.frame(0.02)
    assert page.scroll > 0
    press(app, "Conventions")
    assert any("Chop" in line for line in page.lines)
    press(app, "Controls")
    assert any("Drag" in line for line in page.lines)


def test_settings_apply_at_once_and_are_stored(app: App) -> None:
    title(app)
    press(app, "Settings")
    page = app.stack.top
    assert isinstance(page, SettingsScene)
    symbols = [w for w in page.widgets.widgets if isinstance(w, Toggle) and w.label.startswith("Colour")][0]
    click(app, symbols.switch_rect().center)
    press(app, "Fast")
    mute = [w for w in page.widgets.widgets if isinstance(w, Toggle) and w.label == "Mute"][0]
    click(app, mute.switch_rect().center)
    assert app.settings.colour_blind_symbols is False and app.settings.bot_pace == "fast"
    assert app.sound.muted
    press(app, "Done")
    assert isinstance(app.stack.top, TitleScene)
    stored = storage.load_settings()
    assert (stored.colour_blind_symbols, stored.bot_pace, stored.muted) == (False, "fast", True)


CRASHER = """
import os, sys
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.program.notices import Notices
from hanabi_desktop.ui import flow
from hanabi_desktop.storage import Settings
class A: settings, notices = Settings(bot_pace="instant"), Notices()
s = flow.new_session(A(), Setup([SeatSpec("Ann"), SeatSpec("Bot", "conventions"), SeatSpec("Cat")], seed="crash"))
for _ in range(int(sys.argv[1])):
    s.submit(s.game.legal_actions()[-1])
    s.run_bots()
print(len(s.game.actions), s.game.current, [list(h) for h in s.game.hands], flush=True)
import time; time.sleep(0.5)  # a moment after the last move (the autosave is written off the frame thread)
os.kill(os.getpid(), 9)  # killed: no clean exit, no atexit, nothing flushed on purpose
"""


def test_resume_after_the_program_was_killed(app: App) -> None:
    proc = subprocess.run([sys.executable, "-c", CRASHER, "4"], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and proc.stdout, proc.stderr
    turns, current, hands = proc.stdout.split(" ", 2)
    t = title(app)
    assert button(t, "Continue").enabled and button(t, "Continue").primary
    key(app, pygame.K_c)
    table = next(x for x in app.stack.scenes if isinstance(x, TableScene))
    g = table.session.game
    assert len(g.actions) == int(turns) and g.current == int(current)
    assert json.dumps([list(h) for h in g.hands]) == hands.strip()
    assert isinstance(app.stack.top, CurtainScene)  # hot seat: whoever sits down must confirm first


def test_a_damaged_autosave_is_explained_and_set_aside_not_deleted(app: App) -> None:
    damaged = '{"format": "hanabi-desktop-autosave", "game": '
    storage.autosave_path().write_text(damaged)
    t = title(app)
    assert not button(t, "Continue").enabled and "damaged" in t.message and "kept as" in t.message
    kept = list(storage.data_dir().glob("autosave.json.damaged-*"))
    assert [k.read_text() for k in kept] == [damaged] and not storage.autosave_path().exists()
    assert any("damaged" in n.text for n in app.notices.visible())  # said over the screen too
    storage.save_autosave({"setup": {"seats": []}})  # written by us but unusable
    t.resume()  # back on the title (the save is read when the title shows, not on every resize)
    assert not button(t, "Continue").enabled and "cannot be resumed" in t.message
    key(app, pygame.K_c)
    assert app.stack.top is t
    assert len(list(storage.data_dir().glob("autosave.json.damaged-*"))) == 2


def test_smoke_test_plays_a_whole_game_and_prints_the_score(capsys: pytest.CaptureFixture) -> None:
    from hanabi_desktop.ui.smoke import smoke_test

    assert smoke_test(players=3, seed="pytest") == 0
    out = capsys.readouterr().out
    assert out.startswith("smoke test: score ") and "/25 in " in out


def test_h_on_the_table_shows_the_rules_of_this_game(app: App) -> None:
    title(app)
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bot", "conventions")], "black-powder", empty_clues=True, seed="h")
    table = flow.open_table(app, flow.new_session(app, setup))
    app.frame(0.02)
    key(app, pygame.K_h, "h")
    page = app.stack.top
    assert isinstance(page, RulesScene)
    text = "\n".join(page.lines)
    assert "Black Powder" in text and "Empty clues are allowed" in text and "descending" in text
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_the_title_reads_the_save_when_shown_not_on_every_resize(app: App,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = storage.load_autosave
    monkeypatch.setattr(storage, "load_autosave", lambda: calls.append(1) or real())
    t = title(app)
    shown = len(calls)
    for size in ((1100, 700), (1300, 820), (1024, 640)):
        t.resize(size)
        t.draw(pygame.display.get_surface())
    assert len(calls) == shown == 1


def test_new_game_level_of_the_conventions_bots_reaches_them_and_is_remembered(app: App) -> None:
    title(app)
    press(app, "New game")
    ng = app.stack.top
    assert ng.level == "beginner"  # the default: what a reader of the beginner's guide expects
    levels = [w for w in ng.widgets.widgets if isinstance(w, Button) and w.text == "3"]
    click(app, levels[-1].rect.center)  # the last "3" is the level row (the first is 3 players)
    assert ng.level == "3"
    press(app, "Start")
    s = next(x for x in app.stack.scenes if isinstance(x, TableScene)).session
    assert s.bots and all(b.level == 3 for b in s.bots.values())
    saved = json.loads((storage.config_dir() / storage.SETTINGS_FILE).read_text())
    assert saved["last_setup"]["seats"][1]["bot"] == "conventions@3"
    assert NewGameScene(app).level == "3"


@pytest.mark.parametrize("language", ["en", "fr", "ja"])
def test_the_rules_footer_never_meets_the_text_at_800x600(language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """At 800x600 'scroll for more' ('faites défiler pour la suite') was drawn over the last line of the rules:
    the footer now has a line of its own under the text, on every page, scrolled to the top or to the end."""
    from hanabi_desktop.i18n import _
    from hanabi_desktop.ui.art import theme

    app = App((800, 600), settings=storage.Settings(language="en"))
    try:
        app.set_language(language)
        rules = RulesScene(app)
        app.stack.push(rules)
        app.frame(0.02)
        drawn: list[tuple[str, int, pygame.Rect]] = []
        blit_text = theme.blit_text

        def recording(surface, s, size, pos, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
            rect = blit_text(surface, s, size, pos, *args, **kw)
            drawn.append((s, size, rect))
            return rect

        monkeypatch.setattr(theme, "blit_text", recording)
        footers = {_("scroll for more"), _("end")}
        for page in range(3):
            rules.set_page(page)
            assert rules.max_scroll() > 0, page  # every page is longer than the panel at 800x600
            for scroll in (0, rules.max_scroll()):
                rules.scroll = scroll
                drawn.clear()
                rules.draw_content(app.window)
                footer = [rect for s, _size, rect in drawn if s in footers]
                lines = [rect for s, size, rect in drawn if size == rules.size_px and s.strip()]
                assert len(footer) == 1 and lines, (page, scroll)
                assert all(rules.text_rect.contains(rect) for rect in lines), (page, scroll)
                assert max(rect.bottom for rect in lines) <= footer[0].top, (page, scroll, lines[-1], footer[0])
            assert rules.lines[-1] in [s for s, size, _rect in drawn if size == rules.size_px]  # the end is seen
    finally:
        app.close()
