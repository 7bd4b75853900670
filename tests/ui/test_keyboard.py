"""Every screen by keyboard alone (issue 29): Tab, the arrows and letters move a visible focus, Enter and Space
use it, Esc goes back; a whole game from the title to the results without the mouse."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop import i18n, storage
from hanabi_desktop.engine import Discard, Play, RankClue
from hanabi_desktop.lessons import learning
from hanabi_desktop.lessons.model import Info, Turn
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.curtain import CurtainScene
from hanabi_desktop.ui.scenes.lesson import LessonScene
from hanabi_desktop.ui.scenes.new_game import NewGameScene
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.rules import FIELD_KEYS, KEYS, RulesScene
from hanabi_desktop.ui.scenes.settings import SettingsScene
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets import focus
from hanabi_desktop.ui.widgets.controls import Button, ListView, Slider, Toggle
from tests.ui.gestures import post
from tests.waiting import run_until, wait_until


@pytest.fixture()
def app():
    a = App((800, 600), settings=storage.Settings(language="en", bot_pace="instant"))
    yield a
    a.close()


def tab(app: App, shift: bool = False) -> None:
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT if shift else 0, unicode="\t")
    app.frame(0.02)


def press(app: App, key: int, text: str = "") -> None:
    post(pygame.KEYDOWN, key=key, mod=0, unicode=text)
    app.frame(0.02)


def focused(app: App):  # noqa: ANN201 - the focused widget of the top page
    return app.stack.top.widgets.focused()


def keep_pressing(app: App, done, step, limit: int = 80) -> None:  # noqa: ANN001 - callables
    """`step()` (a key press) until `done()`: an error after `limit` steps, never a loop without end (a run hung
    for an hour with no word of where)."""
    for _ in range(limit):
        if done():
            return
        step()
    assert done(), f"not reached after {limit} key presses; the focus is on {focused(app)!r}"


def ring_drawn(app: App, rect: pygame.Rect) -> bool:
    """Is the focus ring's colour on the outline around `rect` in the window's picture?"""
    app.stack.draw(app.window)
    outline = rect.inflate(10, 10)
    points = [(outline.centerx, outline.top + 1), (outline.left + 1, outline.centery)]
    return all(tuple(app.window.get_at(p))[:3] == focus.RING for p in points)


def test_the_title_by_keys_alone_with_a_visible_focus(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    app.frame(0.02)
    assert focused(app) is None  # a mouse player never sees a ring
    tab(app)
    first = focused(app)
    assert isinstance(first, Button) and first.primary and ring_drawn(app, first.rect)
    seen = [first.text]
    for _ in range(8):
        press(app, pygame.K_DOWN)
        seen.append(focused(app).text)
    assert seen[-1] == "Quit" and "Rules" in seen  # Down walks the column and stops at its end
    keep_pressing(app, lambda: focused(app).text == "Rules", lambda: press(app, pygame.K_UP))
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    press(app, pygame.K_s, "s")  # a key written on a button presses it
    assert isinstance(app.stack.top, SettingsScene)


def test_a_letter_moves_the_focus_to_the_next_control_of_that_name(app: App) -> None:
    page = SettingsScene(app)
    app.stack.push(page)
    press(app, pygame.K_m, "m")
    assert focused(app).name() == "Mute"
    press(app, pygame.K_SPACE, " ")
    assert app.settings.muted
    press(app, pygame.K_w, "w")  # the next one whose name starts with W, then the one after it
    first = focused(app).name()
    press(app, pygame.K_w, "w")
    assert first.startswith("Warn") and focused(app).name().startswith("Warn") and focused(app).name() != first


def test_settings_slider_and_toggle_by_keys(app: App) -> None:
    page = SettingsScene(app)
    app.stack.push(page)
    tab(app)
    keep_pressing(app, lambda: isinstance(focused(app), Slider), lambda: tab(app))
    slider = focused(app)
    before = slider.value
    press(app, pygame.K_RIGHT)
    assert slider.value > before and focused(app) is slider  # a focused slider uses Left and Right
    tab(app, shift=True)
    toggle = focused(app)
    assert isinstance(toggle, Toggle)
    value = toggle.value
    press(app, pygame.K_RETURN)
    assert toggle.value is not value


def test_new_game_by_keys_focus_survives_each_choice(app: App) -> None:
    app.stack.push(TitleScene(app))
    page = NewGameScene(app)
    app.stack.push(page)
    tab(app)
    tab(app, shift=True)
    tab(app)
    assert isinstance(focused(app), ListView)  # the variant list is where the focus starts
    press(app, pygame.K_DOWN)
    assert page.variant == "six-suits"
    keep_pressing(app, lambda: isinstance(focused(app), Button) and focused(app).text == "2", lambda: tab(app))
    press(app, pygame.K_SPACE, " ")  # two players: the page is laid out again, the focus stays on '2'
    assert page.count == 2 and focused(app).text == "2" and ring_drawn(app, focused(app).rect)
    # down to the second seat's row
    keep_pressing(app, lambda: focused(app).rect.y >= page.seat_rows[1].y, lambda: press(app, pygame.K_DOWN))
    # and right along it
    keep_pressing(app, lambda: focused(app).name() == "Random bot", lambda: press(app, pygame.K_RIGHT))
    press(app, pygame.K_RETURN)
    assert page.kinds[1] == "random"
    press(app, pygame.K_s, "s")  # S: the focus goes to Start (no key of its own), Enter starts
    assert focused(app).text == "Start"
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.variant.name == "Six suits"


def test_rules_pages_by_number_keys_and_the_keys_written_in_every_language(app: App) -> None:
    rules = RulesScene(app)
    app.stack.push(rules)
    for language in i18n.LANGUAGES:
        app.set_language(language)
        rules = app.stack.top
        press(app, pygame.K_3, "3")
        assert rules.page == 2 and i18n._(KEYS) in rules.text() and i18n._(FIELD_KEYS) in rules.text()
        assert language == "en" or (i18n._(KEYS) != KEYS and i18n._(FIELD_KEYS) != FIELD_KEYS)
        press(app, pygame.K_2, "2")
        assert rules.page == 1
        press(app, pygame.K_1, "1")
        assert rules.page == 0


@pytest.mark.parametrize(("language", "variant"), [("en", "classic"), ("fr", "deluxe")])
def test_a_whole_game_by_keyboard_alone(app: App, language: str, variant: str) -> None:
    """Title -> New game (the variant, two players, a seed) -> Start -> every turn by keys (a card by its slot, a
    clue in the chooser by its letter or number and Enter) -> the results -> Review -> back: at 800x600, in
    English and in French with the Grand spectacle (seven fireworks, bonus tiles)."""
    app.set_language(language)
    app.stack.push(TitleScene(app))
    press(app, pygame.K_n, "n")
    page = app.stack.top
    assert isinstance(page, NewGameScene)
    # the variant list, by Tab
    keep_pressing(app, lambda: isinstance(focused(app), ListView), lambda: tab(app))
    keep_pressing(app, lambda: page.variant == variant, lambda: press(app, pygame.K_DOWN))
    # the seed field, by Tab, and a seed typed: the same deal each run
    keep_pressing(app, lambda: focused(app) is page.seed_input, lambda: tab(app))
    post(pygame.TEXTINPUT, text="keys")
    tab(app)
    # the players' row
    keep_pressing(app, lambda: focused(app).name() == "2" and focused(app).rect.y == page.players_label_y, lambda: tab(app, shift=True))
    press(app, pygame.K_SPACE, " ")
    assert page.count == 2 and page.seed == "keys" and page.kinds[1] == "conventions" and page.variant == variant
    start = i18n._("Start")
    press(app, getattr(pygame, f"K_{start[0].lower()}"), start[0].lower())  # its first letter: the focus on Start
    assert focused(app).text == start
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene), (page.message, page.replacing is not None)  # why it did not start
    assert table.session.setup.variant == variant
    s = table.session
    turns = clues = 0

    def turn() -> None:
        """Ann's move by keys when it is hers; else a frame (the bots think on their thread)."""
        nonlocal turns, clues
        if app.stack.top is table and table.my_turn:
            turns += 1
            if s.game.clue_tokens > 0 and (turns % 3 == 0 or s.game.clue_tokens == 8):
                press(app, pygame.K_c, "c")
                chooser = app.stack.top
                clue = chooser.options[0][0]
                text = str(clue.rank) if isinstance(clue, RankClue) else chooser.options[0][2]
                press(app, getattr(pygame, f"K_{text}"), text)
                assert chooser.choice == clue
                press(app, pygame.K_RETURN)
                clues += 1
            else:
                press(app, pygame.K_1, "1")  # a card by its slot: played once (an error is no loss), else discarded
                press(app, pygame.K_p if turns == 1 else pygame.K_d, "p" if turns == 1 else "d")
        else:
            app.frame(0.05)

    wait_until(lambda: isinstance(app.stack.top, ResultsScene) or s.over, each=turn, what="the game's end")
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    assert s.over and isinstance(results, ResultsScene) and clues >= 2 and turns >= 6
    tab(app)  # the results page too: its buttons take the focus
    assert focused(app) is not None and ring_drawn(app, focused(app).rect)
    review = i18n._("Review")
    keep_pressing(app, lambda: focused(app).text == review, lambda: tab(app))  # Review by Tab and Enter ...
    press(app, pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.job is not None  # the review is being worked out
    press(app, pygame.K_END)
    assert viewer.index == viewer.last
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is results
    press(app, pygame.K_r, "r")  # ... and by its key
    assert isinstance(app.stack.top, ReplayScene) and app.stack.top.job is not None
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is results


def test_esc_at_the_table_does_what_the_menu_button_does(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    press(app, pygame.K_n, "n")
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    run_until(app, lambda: table.my_turn)
    press(app, pygame.K_1, "1")
    press(app, pygame.K_ESCAPE)  # first it lets go of the selected card
    assert app.stack.top is table and table.selected is None
    press(app, pygame.K_ESCAPE)  # then back to the title, where Continue resumes the game
    assert app.stack.top is title and title.has_save


def test_up_and_down_leave_a_text_field_where_letters_are_typed(app: App) -> None:
    """Found playing by keys under Xvfb: Down to the seed field, and no arrow got out of it again."""
    app.stack.push(TitleScene(app))
    page = NewGameScene(app)
    app.stack.push(page)
    keep_pressing(app, lambda: focused(app) is page.seed_input, lambda: tab(app))
    post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")
    post(pygame.TEXTINPUT, text="s")
    app.frame(0.02)
    assert focused(app) is page.seed_input and page.seed_input.text == "s"  # a letter is typed there
    press(app, pygame.K_DOWN)
    below = focused(app)
    assert below is not None and below is not page.seed_input and below.rect.y > page.seed_input.rect.y
    assert not page.seed_input.focused  # typing no longer goes there
    tab(app, shift=True)
    assert focused(app) is page.seed_input and page.seed_input.focused
    press(app, pygame.K_UP)  # and Up too
    assert focused(app).rect.y < page.seed_input.rect.y and not page.seed_input.focused


def _my_turn(app: App) -> TableScene:
    app.stack.push(TitleScene(app))
    press(app, pygame.K_n, "n")
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene)
    run_until(app, lambda: table.my_turn)
    return table


def test_the_key_that_opens_the_note_editor_is_not_typed_into_it(app: App) -> None:
    """Found under Xvfb: N on a selected card opened the note with 'n' already written in it (the key's
    TEXTINPUT came after its KEYDOWN and went to the new field)."""
    table = _my_turn(app)
    press(app, pygame.K_1, "1")
    post(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")
    post(pygame.TEXTINPUT, text="n")  # as SDL sends them: the key, then the text it types
    app.frame(0.02)
    editor = app.stack.top
    assert editor is not table and editor.field.text == ""
    assert [w.hint for w in editor.widgets.widgets if isinstance(w, Button)] == ["Enter", "Esc"]  # Keep, Cancel
    post(pygame.TEXTINPUT, text="n")  # the same letter typed afterwards is typed
    post(pygame.TEXTINPUT, text="r5")
    press(app, pygame.K_RETURN)
    assert app.stack.top is table and table.session.note(0, table.session.hand(0)[0]) == "nr5"


def test_enter_dismisses_a_tip_its_button_shows_the_key(app: App) -> None:
    table = _my_turn(app)
    app.frame(0.02)
    first = table.tips.shown
    assert first is not None and table.tips.callout.keys == ["Enter"]
    button = table.tips.callout.buttons[0][2]
    assert button.w > focus.hint_width("Enter", 9) + 20  # room for the words and the cap
    press(app, pygame.K_RETURN)
    app.frame(0.02)
    assert first.key in learning.current().tips and (table.tips.shown is None or table.tips.shown.key != first.key)
    assert app.stack.top is table


def _by_keys(app: App, scene, action) -> None:  # noqa: ANN001 - LessonScene, engine Action
    """Make `action` by keys alone: a card by its slot and P or D, a clue by C, Tab to its partner, its letter
    or number and Enter."""
    s = scene.session
    if isinstance(action, (Play, Discard)):
        slot = str(s.hand(s.viewer).index(action.card) + 1)
        press(app, getattr(pygame, f"K_{slot}"), slot)
        press(app, pygame.K_p if isinstance(action, Play) else pygame.K_d, "p" if isinstance(action, Play) else "d")
        return
    press(app, pygame.K_c, "c")
    chooser = app.stack.top
    keep_pressing(app, lambda: chooser.target == action.target, lambda: tab(app))
    if isinstance(action, RankClue):
        text = str(action.rank)
    else:
        text = s.variant.suits[s.variant.clue_colours[action.colour]].letter
    press(app, pygame.key.key_code(text), text)
    assert chooser.choice == action
    press(app, pygame.K_RETURN)


def test_a_lesson_by_keys_alone_then_the_next_lesson_by_its_key(app: App) -> None:
    scene = LessonScene(app, "clues")
    app.stack.push(scene)

    def step() -> None:
        """Enter on what the guide says, the lesson's move by keys on Ann's turn; else a frame (the bot thinks)."""
        item = scene.run.item
        if isinstance(item, Info):
            press(app, pygame.K_RETURN)
        elif isinstance(item, Turn) and scene.my_turn and not scene.anim.busy:
            moves, action = len(scene.session.log), item.allow[0].resolve(scene.session.game)
            _by_keys(app, scene, action)
            # the move made by keys is the next in the log (a bot may already have answered it: under load the
            # frame that takes the key can also apply the bot's move)
            log = scene.session.log
            assert len(log) > moves and log[moves].action == action, scene.alert or scene.message
        else:
            app.frame(0.05)

    wait_until(lambda: scene.run.done, each=step, what=lambda: f"the lesson, at item {scene.run.index}")
    app.frame(0.02)
    assert [b[0] for b in scene.guide.buttons] == ["Play a short game", "Next lesson", "Lessons"]
    assert scene.guide.keys == ["Enter", "N", "Esc"]  # each written on its button
    press(app, pygame.K_n, "n")
    after = app.stack.top
    assert isinstance(after, LessonScene) and after.lesson.key == "tokens" and after is not scene
    after.session.close()


def test_a_note_leaves_typing_on_for_the_rest_of_the_game(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found under Xvfb: after a note was kept, SDL's text input was stopped: '?' (the hint) arrived as '/', and
    no name or seed could be typed any more. Text input is started, never stopped, by the game's pages."""
    calls: list[str] = []
    monkeypatch.setattr(pygame.key, "start_text_input", lambda: calls.append("start"))
    monkeypatch.setattr(pygame.key, "stop_text_input", lambda: calls.append("stop"))
    table = _my_turn(app)
    press(app, pygame.K_1, "1")
    press(app, pygame.K_n, "n")
    assert app.stack.top is not table
    post(pygame.TEXTINPUT, text="kt")
    press(app, pygame.K_RETURN)
    assert app.stack.top is table and "stop" not in calls


def test_hot_seat_curtain_by_keys_enter_presses_the_focused_control(app: App) -> None:
    """Found under Xvfb: with the focus ring on the curtain's Menu (by Tab), Enter lifted the curtain instead."""
    title = TitleScene(app)
    app.stack.push(title)
    press(app, pygame.K_n, "n")
    person = i18n._("Person")[0].lower()
    press(app, pygame.key.key_code(person), person)  # the first 'Person' button (Ann's), then Bob's
    press(app, pygame.key.key_code(person), person)
    press(app, pygame.K_SPACE, " ")
    page = app.stack.top
    assert page.kinds[:2] == [None, None]
    start = i18n._("Start")
    press(app, getattr(pygame, f"K_{start[0].lower()}"), start[0].lower())
    press(app, pygame.K_RETURN)
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene) and curtain.button.hint == "Enter"
    keep_pressing(app, lambda: focused(app) is not None and focused(app).text == i18n._("Menu"), lambda: tab(app))
    assert ring_drawn(app, focused(app).rect)
    press(app, pygame.K_RETURN)
    assert app.stack.top is title and title.has_save  # the menu, the table still hidden
    press(app, pygame.K_c, "c")  # Continue: the curtain again, and Enter (nothing focused) lifts it
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.my_turn
    tip = table.tips.shown
    if tip is not None:  # a first tip rings what it explains (the table has no focus of its own): Enter closes it
        press(app, pygame.K_RETURN)
        assert tip.key in learning.current().tips and app.stack.top is table


@pytest.mark.parametrize("page", ["new_game", "settings", "lessons", "history", "replays", "rules", "net_join"])
def test_every_page_s_back_button_shows_esc_and_esc_does_what_it_does(app: App, page: str) -> None:
    """Back (Done in Settings) said its key only in a tooltip, which a keyboard player never sees."""
    from hanabi_desktop.ui.scenes import scene_class

    app.set_language("fr")
    title = TitleScene(app)
    app.stack.push(title)
    scene = scene_class(page)(app)
    app.stack.push(scene)
    app.frame(0.02)
    backs = [w for w in scene.widgets.widgets if isinstance(w, Button) and w.on_click == scene.back]
    assert len(backs) == 1 and backs[0].hint == "Esc"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title


def test_play_over_the_network_s_back_shows_esc(app: App) -> None:
    """Found under Xvfb: the network pages' Back said Esc only in its tooltip, unlike every other page's."""
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui.scenes.net_host import NetHostScene

    app.stack.push(NewGameScene(app))
    host = NetHostScene(app, Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions")], "classic"))
    app.stack.push(host)
    app.frame(0.02)
    backs = [w for w in host.widgets.widgets if isinstance(w, Button) and w.on_click == host.back]
    assert len(backs) == 1 and backs[0].hint == "Esc"


def test_enter_on_the_variant_list_deals_as_start_s_key_cap_says(app: App) -> None:
    """Found playing by keys under Xvfb: Tab to the variant list, Down to the Grand spectacle, Enter: nothing
    happened (Enter dealt only with nothing focused), and Start showed no key."""
    app.stack.push(TitleScene(app))
    page = NewGameScene(app)
    app.stack.push(page)
    start = next(w for w in page.widgets.widgets if isinstance(w, Button) and w.on_click == page.start)
    assert start.hint == "Enter"
    tab(app)
    assert focused(app) is page.variant_list
    keep_pressing(app, lambda: page.variant == "deluxe", lambda: press(app, pygame.K_DOWN))
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.setup.variant == "deluxe"
    table.session.close()


def test_back_from_a_page_opened_by_its_key_the_ring_is_on_that_button(app: App) -> None:
    """Found under Xvfb: S opened Settings, Esc came back to a title with no focus shown, so the next arrow
    started from the top again."""
    title = TitleScene(app)
    app.stack.push(title)
    press(app, pygame.K_s, "s")
    assert isinstance(app.stack.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is title and focused(app).text == "Settings" and ring_drawn(app, focused(app).rect)
    press(app, pygame.K_UP)  # the arrows go on from there
    assert focused(app).text == "Rules"
