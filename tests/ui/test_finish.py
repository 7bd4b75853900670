"""The small things a player noticed (issue 29): each checked where a test can see it."""

from __future__ import annotations

import pytest

from hanabi_desktop import storage
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.settings import SettingsScene
from hanabi_desktop.ui.widgets.controls import Slider, Toggle


@pytest.fixture()
def app():
    a = App((1024, 640), settings=storage.Settings(language="en"))
    yield a
    a.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)])
def test_settings_labels_share_one_size_in_both_columns(size: tuple[int, int]) -> None:
    """The learning aids' switches on the right used a smaller text than the rows on the left."""
    app = App(size, settings=storage.Settings(language="en"))
    try:
        page = SettingsScene(app)
        app.stack.push(page)
        toggles = [w for w in page.widgets.widgets if isinstance(w, Toggle)]
        sliders = [w for w in page.widgets.widgets if isinstance(w, Slider)]
        right = [t for t in toggles if t.rect.x > page.px(300)]
        assert len(right) >= 6 and len(toggles) > len(right)
        sizes = {t.font_size() for t in toggles} | {s.size or max(11, round(s.rect.h * 0.45)) for s in sliders}
        assert sizes == {page.label_size()}
    finally:
        app.close()


def test_a_hot_seat_curtain_before_a_persons_first_turn_says_since_the_game_began(app: App) -> None:
    """Bob's first curtain said 'Since your last turn' although he had had none."""
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui import flow
    from hanabi_desktop.ui.scenes.curtain import CurtainScene

    session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], "classic", seed="curtain"))
    session.submit(session.game.legal_actions()[-1])
    assert CurtainScene(app, session).missed_heading() == "Since the game began:"
    session.submit(session.game.legal_actions()[-1])
    session.submit(session.game.legal_actions()[-1])
    assert CurtainScene(app, session).missed_heading() == "Since your last turn:"


def test_the_bots_level_is_offered_only_when_a_conventions_bot_sits(app: App) -> None:
    from hanabi_desktop.ui.scenes.new_game import NewGameScene

    page = NewGameScene(app)
    app.stack.push(page)
    for seat in range(page.count):
        page.set_kind(seat, None)
    assert not page.level_shown() and not [w for w in page.widgets.widgets if getattr(w, "text", "") == "Beginner"]
    page.set_kind(1, "conventions")
    assert page.level_shown() and [w for w in page.widgets.widgets if getattr(w, "text", "") == "Beginner"]


def test_the_grand_spectacle_says_which_add_ons_it_has() -> None:
    """'all Deluxe add-ons' left Final flourish off: the name counts the three it has, the description says
    Final flourish is an option (RULES.md 7: the Deluxe add-ons are Colour Avalanche, Black Powder, 5 Flamboyants)."""
    from hanabi_desktop.engine import PRESETS

    deluxe = PRESETS["deluxe"]
    assert not deluxe.final_flourish and deluxe.flamboyants and len(deluxe.suits) == 7
    assert "all" not in deluxe.name and "three" in deluxe.name and "Final flourish" in deluxe.description


def test_lesson_4_rings_the_red_5_it_says_was_left_in_your_hand() -> None:
    from hanabi_desktop.engine.cards import Card
    from hanabi_desktop.lessons.catalogue import lesson
    from hanabi_desktop.lessons.model import Info
    from tests.lessons.test_lessons import walk

    game, _run = walk("end-3")
    last = lesson("end-3").script[-1]
    assert isinstance(last, Info) and "red 5" in last.text
    assert last.look is not None and last.look.what == "card" and last.look.seat == 0
    held = game.card(game.hands[0][last.look.slot - 1])
    assert held.rank == 5 and game.variant.suits[held.suit].letter == "r", held
    assert isinstance(held, Card)


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_lessons_name_the_card_buttons_as_they_are_written(app: App, language: str) -> None:
    """The guide said 'click its Discard button' of a button labelled 'Disc.'."""
    from hanabi_desktop import i18n
    from hanabi_desktop.lessons.catalogue import lessons
    from hanabi_desktop.lessons.model import Turn

    app.set_language(language)
    texts = [i18n._(step.text) for item in lessons() for step in item.script if isinstance(step, Turn)]
    button_texts = [t for t in texts if "Disc" in t or "Déf" in t or "Abw" in t or "Desc" in t or "捨てる" in t]
    assert [t for t in button_texts if i18n._("Disc.") in t], language


def test_the_french_screens_name_the_replays_in_french(app: App) -> None:
    from hanabi_desktop import i18n
    from hanabi_desktop.ui.scenes.title import TitleScene

    app.set_language("fr")
    title = TitleScene(app)
    app.stack.push(title)
    labels = [getattr(w, "text", "") for w in title.widgets.widgets]
    assert "Replays" not in labels and i18n._("Replays") in labels
    from babel.messages.pofile import read_po

    from hanabi_desktop.program.resources import locale_dir

    with open(locale_dir() / "fr" / "LC_MESSAGES" / "hanabi.po", "rb") as f:
        catalog = read_po(f, locale="fr")
    left = [m.id for m in catalog if "Replays" in "".join(m.string if isinstance(m.string, tuple) else (m.string,))]
    assert not left


def test_the_lesson_guide_stays_while_the_clue_chooser_is_open(app: App) -> None:
    """It vanished and let the log's lines show in its place."""
    from hanabi_desktop.ui.scenes.lesson import LessonScene

    scene = LessonScene(app, "clues")
    app.stack.push(scene)
    while scene.run.item is not None and type(scene.run.item).__name__ == "Info":
        scene.next_step()
    app.stack.draw(app.window)
    assert scene.guide is not None
    scene.open_chooser(1)
    assert app.stack.top is not scene
    app.stack.draw(app.window)
    assert scene.guide is not None
    scene.session.close()


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_titles_key_line_names_every_buttons_key(app: App, language: str) -> None:
    """It named every key but J (Join a table)."""
    import pygame

    from hanabi_desktop.ui.scenes.title import TitleScene
    from hanabi_desktop.ui.widgets.controls import Button

    app.set_language(language)
    title = TitleScene(app)
    app.stack.push(title)
    app.frame(0.02)
    keys = [pygame.key.name(w.key).upper() for w in title.widgets.widgets if isinstance(w, Button) and w.key]
    assert len(keys) == 9
    line = title.message
    assert [k for k in keys if f"{k} " not in line] == [], line


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_titles_key_line_stays_clear_of_the_buttons_at_800x600(app: App, language: str) -> None:
    """The French line wrapped to two lines and was drawn over Quit."""
    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.scenes.title import TitleScene
    from hanabi_desktop.ui.widgets.controls import Button

    app.set_language(language)
    app.resize((800, 600))
    title = TitleScene(app)
    app.stack.push(title)  # laid out at 800x600 (a frame would read the dummy window's size back)
    w, h = title.size
    assert (w, h) == (800, 600)
    font = theme.font(title.px(20))
    lines = 2 if font.size(title.message)[0] > w - title.px(40) else 1
    top_of_line = h - title.px(22) - lines * font.get_linesize()
    lowest = max(b.rect.bottom for b in title.widgets.widgets if isinstance(b, Button))
    assert lowest <= top_of_line, (lines, lowest, top_of_line)


@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_a_menus_tooltip_covers_none_of_its_widgets(language: str, size: tuple[int, int]) -> None:
    """On the title the tooltip of the button under the pointer was drawn over Quit: hovering each button of
    each menu page changes no pixel of any other widget, and the tooltip's line fits the window."""
    import pygame

    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.scenes import open_scene
    from tests.ui.gestures import post

    app = App(size, settings=storage.Settings(language="en"))
    app.set_language(language)
    hovered = 0
    try:
        for name in ("title", "new_game", "settings", "lessons", "replays", "rules"):
            app.stack.clear()
            page = open_scene(app, name)
            app.frame(0.0)
            others = list(page.widgets.widgets)
            for widget in [w for w in others if w.tooltip and w.visible]:
                post(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
                app.frame(0.0)  # no time passes: only the pointer changes the picture
                before = app.window.copy()
                post(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0))
                with theme.collect_overflows() as overflows:
                    app.frame(0.0)
                assert page.widgets.hovered_tooltip() == widget.tooltip
                assert not overflows, (name, overflows)
                hovered += 1
                for other in others:
                    if other is widget or not other.visible:
                        continue
                    r = other.rect.clip(app.window.get_rect())
                    assert (pygame.image.tobytes(before.subsurface(r), "RGB")
                            == pygame.image.tobytes(app.window.subsurface(r), "RGB")), (name, widget.tooltip, other)
    finally:
        app.close()
    assert hovered > 15
