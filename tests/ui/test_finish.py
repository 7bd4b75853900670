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


@pytest.mark.parametrize("card_scale", [1.0, 1.3])
@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda s: "x".join(map(str, s)))
def test_settings_labels_are_drawn_at_one_size_in_every_language(size: tuple[int, int], card_scale: float) -> None:
    """Seen at 800x600: the size asked was one, but the right column's rows were too low for two lines, so a long
    label was drawn shrunk on one line or on two ('Warn before a possible third error' smaller than 'Hints in hot
    seat' above it). Every label is drawn at the page's size, on one line or two, clear of Done."""
    from hanabi_desktop import i18n
    from hanabi_desktop.ui.widgets.controls import Button

    app = App(size, settings=storage.Settings(language="en", card_scale=card_scale))
    try:
        for language in i18n.LANGUAGES:
            app.set_language(language)
            page = SettingsScene(app)
            app.stack.clear()
            app.stack.push(page)
            toggles = [w for w in page.widgets.widgets if isinstance(w, Toggle)]
            done = next(w for w in page.widgets.widgets if isinstance(w, Button) and w.on_click == page.back)
            drawn = {t.label: t.label_lines()[1] for t in toggles}
            assert set(drawn.values()) == {page.label_size()}, (language, drawn)
            assert not [t.label for t in toggles if t.rect.colliderect(done.rect) or t.rect.bottom > size[1]]
            assert not [t.overflow() for t in toggles if t.overflow()]
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


def _contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio of two colours."""
    def lum(c: tuple[int, int, int]) -> float:
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _colours(surface, rect) -> list[tuple[int, int, int]]:  # noqa: ANN001
    import pygame

    rect = rect.clip(surface.get_rect())
    data = pygame.image.tobytes(surface.subsurface(rect), "RGB")
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


@pytest.mark.parametrize("width", [40, 62, 90])
def test_the_bonus_tile_count_stands_out_from_its_star(width: int) -> None:
    """The count was drawn in light text on the gold star of the face-down tile: hard to read."""
    from collections import Counter

    import pygame

    from hanabi_desktop.ui.art import cards, theme

    pygame.init()
    surface = pygame.Surface((width * 3, width * 3))
    surface.fill(theme.PANEL)
    pile = pygame.Rect(width, width, width, round(width * 1.1))
    surface.blit(cards.bonus_tile(pile.w, pile.h, None), pile)
    disc = cards.bonus_count(surface, pile, 5)
    inner = disc.inflate(-disc.w // 3, -disc.h // 3)
    seen = Counter(_colours(surface, inner))
    ground, _n = seen.most_common(1)[0]
    ink = max(seen, key=lambda c: _contrast(c, ground))
    assert _contrast(ground, ink) >= 7  # the number's strokes against what lies under them
    assert all(_contrast(c, theme.ACCENT) > 3 for c in (ground,))  # the star does not show under the number


def test_a_rearranged_cards_slot_tag_never_reads_as_a_rank_clue() -> None:
    """After a rearrangement the slot number's white circle looked like a clue mark: a card could show two 1s."""
    import pygame

    from hanabi_desktop.ui.art import cards, theme

    pygame.init()
    card = pygame.Rect(40, 40, 80, 112)
    surface = pygame.Surface((200, 200))
    surface.blit(cards.hidden_card(card.w, card.h, ("r", "y", "g", "b", "w"), 0b1111, (), (1,)), card)
    cards.slot_tag(surface, card, 1)
    tag = cards.slot_tag_rect(card)
    assert card.left <= tag.left and tag.right <= card.right  # over the card, not out of the hand's frame
    assert cards.slot_tag_text(1) != "1" and "1" in cards.slot_tag_text(1)
    ground = max(set(_colours(surface, tag.inflate(-4, -4))), key=_colours(surface, tag.inflate(-4, -4)).count)
    chip_white = (245, 245, 245)
    assert _contrast(ground, chip_white) > 8  # dark where a rank chip is white
    assert min(_contrast(ground, cards.style_of(x).colour) for x in "rygbwm") > 2  # and not a suit's colour either
    assert _contrast(ground, theme.ACCENT) > 4.5  # its gold number reads


def test_rainbow_pips_show_the_rainbow_not_one_colour() -> None:
    """Multicolour pips were one plain purple that read as a sixth suit."""
    import pygame

    from hanabi_desktop.ui.art import cards

    pygame.init()
    letters = ("r", "y", "g", "b", "w", "m")
    w, h = 90, 126
    only_rainbow = sum(1 << (5 * 5 + r) for r in range(5))
    surface = pygame.Surface((w, h))
    surface.blit(cards.hidden_card(w, h, letters, only_rainbow | 1, (), ()), (0, 0))
    grid_top, grid_h = int(h * 0.25), int(h * 0.5)
    row = pygame.Rect(0, grid_top + grid_h * 11 // 12 - 2, w, 5)  # the sixth row: the rainbow suit's pips
    bright = {c for c in _colours(surface, row) if max(c) - min(c) > 60}  # coloured, not the card back's navy
    hues = {max(range(3), key=lambda i: c[i]) for c in bright}
    assert len(hues) == 3  # red-, green- and blue-dominant pixels: several colours, not one


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_results_watch_button_names_the_replays_as_the_title_does(app: App, language: str) -> None:
    """The French results still said 'Voir le replay' while the title says 'Parties enregistrées': the button
    shares a word with the title's Replays in every language, and French says 'replay' nowhere."""
    from hanabi_desktop import i18n

    app.set_language(language)
    watch, replays = i18n._("Watch replay").lower(), i18n._("Replays").lower()
    shared = {watch[i:i + 4] for i in range(len(watch) - 3)} & {replays[i:i + 4] for i in range(len(replays) - 3)}
    assert shared, (watch, replays)
    if language == "fr":
        from babel.messages.pofile import read_po

        from hanabi_desktop.program.resources import locale_dir

        with open(locale_dir() / "fr" / "LC_MESSAGES" / "hanabi.po", "rb") as f:
            catalog = read_po(f, locale="fr")
        said = [m.id for m in catalog if m.id and "replay" in " ".join(
            m.string if isinstance(m.string, (tuple, list)) else (m.string,)).lower()]
        assert not said


def _chooser_at(size: tuple[int, int], language: str):  # noqa: ANN202 - (app, chooser)
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui import flow
    from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser
    from hanabi_desktop.ui.scenes.table import TableScene

    app = App(size, settings=storage.Settings(language="en", clue_preview=True))
    app.set_language(language)
    session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions"),
                                           SeatSpec("Cat", "conventions")], "deluxe", seed="chooser"))
    table = TableScene(app, session)
    app.stack.push(table)
    app.frame(0.02)
    chooser = ClueChooser(app, table, 1)
    app.stack.push(chooser)
    chooser.select(chooser.options[0][0])
    return app, chooser


@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_choosers_buttons_hold_their_words_and_marks_clear_their_key_caps(language: str,
                                                                           size: tuple[int, int]) -> None:
    """'Donner l'indice' was wider than its button at 800x600; a clue's '!' mark sat on its key cap."""
    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.tableview.preview_view import mark_disc

    app, chooser = _chooser_at(size, language)
    try:
        with theme.collect_overflows() as overflows:
            app.stack.draw(app.window)
        assert not overflows, overflows
        fs = chooser.table.renderer.lay.font
        caps = 0
        for (_clue, label, letter), r in zip(chooser.options, chooser.rects, strict=True):
            cap = chooser.key_cap(r, label, letter, fs)
            if cap is not None:
                caps += 1
                assert r.contains(cap) and not mark_disc(r, cap).colliderect(cap), (label, r, cap)
        assert caps >= 3  # the colour clues show their keys
        real = chooser.button_text_size
        chooser.button_text_size = lambda rect, text, fs: fs * 4  # noqa: ARG005 - a size too big: the check sees it
        with theme.collect_overflows() as overflows:
            app.stack.draw(app.window)
        chooser.button_text_size = real
        assert overflows
    finally:
        chooser.table.session.close()
        app.close()


@pytest.mark.parametrize("event", ["VIDEORESIZE", "WINDOWSIZECHANGED"])
def test_the_window_cannot_be_made_smaller_than_800x600(app: App, event: str) -> None:
    """Dragging the window's edge to 640x480 left it there, with every screen laid out for less than it can hold:
    the window goes back to 800x600 (the other side kept where it was big enough) and the screens follow."""
    import pygame

    from hanabi_desktop.ui.scenes.title import TitleScene
    from tests.ui.gestures import post

    title = TitleScene(app)
    app.stack.push(title)
    app.frame(0.02)
    if event == "VIDEORESIZE":
        post(pygame.VIDEORESIZE, size=(640, 700), w=640, h=700)
    else:
        post(pygame.WINDOWSIZECHANGED, x=640, y=480)
    app.frame(0.02)
    want = (800, 700) if event == "VIDEORESIZE" else (800, 600)
    assert app.size == want and pygame.display.get_surface().get_size() == want and title.size == want
    app.frame(0.02)
    assert app.size == want  # and it stays


def test_a_click_whose_press_and_release_come_together_after_a_rest_presses_the_button(app: App) -> None:
    """In a real window a quick click (a touchpad's tap: press and release at once) on the resting title left New
    game pressed and never opened it: the rest took the press from the queue and posted it back behind the
    release."""
    import pygame

    from hanabi_desktop.ui.scenes.new_game import NewGameScene
    from hanabi_desktop.ui.scenes.title import TitleScene
    from tests.ui.gestures import post

    title = TitleScene(app)
    app.stack.push(title)
    new_game = next(w for w in title.widgets.widgets if getattr(w, "text", "") == "New game")
    post(pygame.MOUSEMOTION, pos=new_game.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    post(pygame.MOUSEBUTTONDOWN, pos=new_game.rect.center, button=1)
    post(pygame.MOUSEBUTTONUP, pos=new_game.rect.center, button=1)
    app.rest(0.5)  # the loop was resting: the press wakes it
    app.frame(0.02)
    assert isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda size: "x".join(map(str, size)))
def test_the_curtain_shows_a_bots_reason_whole_above_its_button(size: tuple[int, int]) -> None:
    """In a real window at 1024x640 the curtain cut a bot's reason after a few words ('... and I ma…')."""
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui import flow
    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.scenes.curtain import CurtainScene

    app = App(size, settings=storage.Settings(language="en"))
    try:
        session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], "classic", seed="curtain"))
        session.submit(session.game.legal_actions()[-1])
        curtain = CurtainScene(app, session)
        app.stack.push(curtain)
        seen = ("Cat clues Ann yellow: slot 4  -  stall clue to Ann: yellow, slot 4 (no play or save clue to give, "
                "and I may not discard)")  # what the window showed, cut
        width = min(size[0] - curtain.px(80), curtain.px(900)) - curtain.px(80)
        assert theme.font(curtain.px(17)).size(seen)[0] > width
        rows = curtain.missed_rows(["Ann clues Bob 5: slot 2", seen], width, 10_000)
        assert len(rows) == 3 and " ".join(rows[1:]).split() == seen.split() and not [r for r in rows if r.endswith("…")]
        assert all(theme.font(curtain.px(17)).size(r)[0] <= width for r in rows)
        room = 2 * curtain.px(22)  # room for two rows: the latest move is kept whole, the older one left out
        assert curtain.missed_rows(["Ann clues Bob 5: slot 2", seen], width, room) == rows[1:]
        with theme.collect_overflows() as overflows:
            app.stack.draw(app.window)
        assert not overflows, overflows
        session.close()
    finally:
        app.close()


def test_the_curtains_button_shows_its_key(app: App) -> None:
    """Enter lifts the curtain, but only its tooltip said so: the key is written on the button, as elsewhere."""
    import pygame

    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui import flow
    from hanabi_desktop.ui.scenes.curtain import CurtainScene
    from tests.ui.gestures import key

    session = flow.new_session(app, Setup([SeatSpec("Ann"), SeatSpec("Bob")], "classic", seed="curtain-key"))
    session.submit(session.game.legal_actions()[-1])
    curtain = CurtainScene(app, session)
    app.stack.push(curtain)
    assert curtain.button.hint == "Enter"
    key(app, pygame.K_RETURN, "\r")
    assert app.stack.top is not curtain
    session.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda size: "x".join(map(str, size)))
def test_the_network_tables_trouble_strip_and_a_first_time_tip_never_cover_each_other(size: tuple[int, int]) -> None:
    """The strip ('Bartholomew is reconnecting, 0:12' and Let a bot play) was drawn over the tip's title: the
    tip now docks under the strip while it shows."""
    from hanabi_desktop.ui.scenes.net_table import NetTableScene
    from tests.ui.test_net_screens import offline_table

    app = App(size, settings=storage.Settings(language="en"))
    try:
        scene = NetTableScene(app, offline_table())  # a person away for 12 s: the owner is offered a bot
        app.stack.push(scene)
        for _ in range(30):
            app.frame(0.1)
        app.stack.draw(app.window)
        strip = scene.strip()
        assert strip is not None and scene.strip_buttons
        assert scene.tips.shown is not None and scene.tips.callout is not None
        assert not scene.tips.callout.rect.colliderect(strip[0]), (scene.tips.callout.rect, strip[0])
        assert app.window.get_rect().contains(scene.tips.callout.rect)
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rules_text_shows_whole_lines_above_its_scroll_for_more(size: tuple[int, int], language: str) -> None:
    """'scroll for more' was written over the last line of the Controls page, and a half line showed at the
    panel's bottom: the text stops at whole lines above the footer's own band, and the last line is reachable."""
    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.scenes.rules import RulesScene

    app = App(size, settings=storage.Settings(language="en"))
    try:
        app.set_language(language)
        page = RulesScene(app)
        app.stack.push(page)
        for number in range(3):
            page.set_page(number)
            r, shown = page.text_rect, page.visible_lines()
            last_bottom = r.y + page.px(16) + (shown - 1) * page.line_h + theme.font_for(page.lines[0], page.size_px).get_height()
            assert page.max_scroll() > 0 and last_bottom <= page.footer_y(), (number, last_bottom, page.footer_y())
            assert page.footer_y() + theme.font(page.px(15)).get_height() <= r.bottom
            assert page.max_scroll() + shown == len(page.lines)  # scrolled to the end, the last line shows
    finally:
        app.close()


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda size: "x".join(map(str, size)))
def test_new_games_options_share_the_variant_lists_text_size(size: tuple[int, int]) -> None:
    """The options under the variant list (Empty clues allowed ...) were written smaller than the list above them
    (15 px beside 18 at 1920x1080)."""
    from hanabi_desktop.ui.scenes.new_game import NewGameScene

    app = App(size, settings=storage.Settings(language="en"))
    try:
        page = NewGameScene(app)
        app.stack.push(page)
        toggles = [w for w in page.widgets.widgets if isinstance(w, Toggle)]
        assert len(toggles) == 3
        assert {t.font_size() for t in toggles} == {page.variant_list.font_size()}
    finally:
        app.close()


def test_a_tip_hides_what_is_under_it() -> None:
    """Log lines under a first-time tip (or a lesson's guide) showed through its panel as ghosts: it is opaque
    (the clue chooser too, seen on screenshots: the hand's buttons showed through it)."""
    import pygame

    from hanabi_desktop.ui.widgets.callout import draw_callout, layout_callout

    pygame.init()
    colours = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((400, 300))
        surface.fill(under)
        tip = layout_callout((400, 300), None, "Your hidden cards", "You never see your own cards.", 14,
                             [("Got it", True)], 300)
        draw_callout(surface, tip)
        colours.append(tuple(surface.get_at((tip.rect.x + 4, tip.rect.bottom - 6)))[:3])
    assert colours[0] == colours[1], colours  # the same colour over white and over black: nothing shows through


@pytest.mark.parametrize("height", [40, 56, 90])
def test_the_card_art_is_the_same_in_every_language(height: int) -> None:
    """In Japanese a small card's numeral (on the results' hands) was drawn in the Japanese face, lower in its
    box, over the suit symbol: the card art's digits are the Latin face's in every language."""
    import pygame

    from hanabi_desktop import i18n
    from hanabi_desktop.program.resources import locale_dir
    from hanabi_desktop.ui.art import cards, theme

    pygame.init()
    faces = {}
    try:
        for language in ("en", "ja"):
            i18n.use_language(language, locale_dir())
            theme.clear_caches()
            cards.card_face.cache_clear()
            face = cards.card_face("r", 4, round(height * 0.7), height)
            faces[language] = pygame.image.tobytes(face, "RGBA")
    finally:
        i18n.use_language("en", locale_dir())
        theme.clear_caches()
        cards.card_face.cache_clear()
    assert faces["en"] == faces["ja"]
