"""Every screen in every language at the smallest window (800x600) and at 1024x640: no text overflows its box
and no button's key cap is dropped for want of room; the language is chosen in Settings and takes effect at
once; every character of a catalog is in the font used for it."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from hanabi_desktop import i18n, storage
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import PRESETS, Discard, PlayerView, get_variant
from hanabi_desktop.i18n import ngettext
from hanabi_desktop.lessons.catalogue import lessons
from hanabi_desktop.lessons.play import practice_session
from hanabi_desktop.program.resources import font_path, locale_dir
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser
from hanabi_desktop.ui.scenes.curtain import CurtainScene
from hanabi_desktop.ui.scenes.history import HistoryScene
from hanabi_desktop.ui.scenes.lesson import LessonScene
from hanabi_desktop.ui.scenes.new_game import NewGameScene
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene
from hanabi_desktop.ui.scenes.replays import ReplaysScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.rules import RulesScene
from hanabi_desktop.ui.scenes.settings import SettingsScene
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets.focus import hint_width
from hanabi_desktop.ui.widgets.notice_view import draw_notices
from tests.ui.test_menus import button, click
from tests.waiting import wait_until

SMALLEST = (800, 600)
SIZES = [(800, 600), (1024, 640)]
LANGUAGES = i18n.LANGUAGES


@pytest.fixture()
def app():
    a = App(SMALLEST, settings=storage.Settings(language="en"))
    yield a
    a.close()


def _bot_session(app: App, seed: str, humans: int = 1, moves: int = 12, variant: str = "deluxe",
                 players: int = 4) -> Session:
    seats = [SeatSpec(f"Player{i + 1}") for i in range(humans)] + [
        SeatSpec(name, "conventions") for name in ("Bertrand", "Cunegonde", "Dorothea", "Eberhard")[:players - humans]]
    session = flow.new_session(app, Setup(seats, variant, seed=seed))
    while len(session.log) < moves and not session.over:
        if session.is_bot(session.current):
            session.run_bots()
            if len(session.log) >= moves:
                break
        if not session.is_bot(session.current) and not session.over:
            session.submit(session.game.legal_actions()[-1])
    return session


def tour(app: App) -> Iterator[str]:
    """Put each screen of the game on the stack in turn (its name is yielded once it is drawn)."""
    def render() -> None:  # a frame (time passes, input is read), then a whole picture whatever changed
        app.frame(0.02)
        app.stack.draw(app.window)
        draw_notices(app.window, app.notices.visible(), app.stack.notice_room())

    def show(scene, *, clear: bool = True) -> None:  # noqa: ANN001
        if clear:
            app.stack.clear()
        app.stack.push(scene)
        render()

    show(TitleScene(app))
    yield "title"
    page = NewGameScene(app)
    for n in (2, 5):
        page.set_count(n)
        show(page) if n == 2 else render()
        yield f"new game, {n} players"
    page.replacing = {"setup": Setup([SeatSpec("Annabelle"), SeatSpec("Bartholomew", "conventions")],
                                     "deluxe").to_json(), "record": {"actions": [1] * 40}}
    page.rebuild()
    render()
    yield "new game, asking before it ends the game in progress"
    show(SettingsScene(app))
    yield "settings"
    for i, key in enumerate(PRESETS):
        rules = RulesScene(app)
        rules.variant_index = i
        show(rules)
        for page_no in ((0, 1, 2) if i == 0 else (0,)):
            rules.set_page(page_no)
            while True:
                render()
                yield f"rules {key} page {page_no} from line {rules.scroll}"
                if rules.scroll >= rules.max_scroll():
                    break
                rules.scroll = min(rules.max_scroll(), rules.scroll + 8)
    session = _bot_session(app, "tour", humans=1, moves=14)
    table = TableScene(app, session)
    show(table)
    for _ in range(30):
        app.frame(0.1)
    render()
    yield "table with the bots' explanations in the log"
    mate_card = session.game.hands[(session.viewer + 1) % session.players][0]
    for order in (mate_card, session.game.hands[session.viewer][-1]):
        table.hover = table.renderer.rects[order].center
        render()
        yield f"table, the tooltip of card {order}"
    table.hover = (-1, -1)
    app.notices.post(i18n._("Saving is off: {problem}. The game goes on; it will be saved as soon as the disk allows "
                            "(retrying every move).").format(problem=i18n._("the disk is read-only")), "error", key="tour")
    render()
    yield "table under a notice"
    app.notices.dismiss("tour")
    mate = next(s for s in range(session.players) if s != session.viewer)
    chooser = ClueChooser(app, table, mate)
    show(chooser, clear=False)
    yield "clue chooser"
    fresh = flow.new_session(app, Setup([SeatSpec("Annabelle"), SeatSpec("Bertrand", "conventions"),
                                         SeatSpec("Cunegonde", "conventions")], "deluxe", seed="tour-clues"))
    show(TableScene(app, fresh))
    full = ClueChooser(app, app.stack.top, 1)  # eight clues: every colour and number button, keys and marks
    show(full, clear=False)
    full.select(full.options[0][0])
    render()
    yield "clue chooser with every clue to give"
    fresh.close()
    for i, key in enumerate(PRESETS):  # every variant's table: seven fireworks, bonus tiles, 2 to 5 hands
        game = _bot_session(app, f"tour-{key}", moves=10, variant=key, players=2 + (i + 2) % 4)
        show(TableScene(app, game))
        yield f"table, {key}, {game.players} players"
        game.close()
    for item in lessons():  # each lesson's table with its guide, then its short game's first prompt
        lesson_scene = LessonScene(app, item.key)
        show(lesson_scene)
        yield f"lesson {item.key}"
        dealt: Future = Future()
        dealt.set_result(practice_session(item, seed="tour"))
        lesson_scene.practice = dealt
        lesson_scene.play_short_game()
        render()
        yield f"lesson {item.key}, its short game"
        app.stack.top.session.close()
    hot = flow.new_session(app, Setup([SeatSpec("Annabelle"), SeatSpec("Bartholomew")], "classic", seed="hot"))
    hot.submit(hot.game.legal_actions()[-1])
    show(CurtainScene(app, hot))
    yield "curtain"
    done = Session(Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], "black-powder",
                         seed="tour"))
    done.run_bots()
    show(ResultsScene(app, done))
    yield "results"
    show(ResultsScene(app, done, lessons()[3].key))  # Next lesson and Lessons, each with its key cap
    yield "results after a lesson's short game"
    storage.save_replay(done.record())
    show(ReplaysScene(app))
    yield "replays"
    history = HistoryScene(app)
    show(history)
    wait_until(lambda: history.reading is None, each=render)  # the kept games are read on the history's thread
    render()
    yield "history"
    history.choose_row(1)
    render()
    yield "history of one player"
    viewer = ReplayScene(app, done.record())
    show(viewer)
    for index in (0, viewer.last // 2, viewer.last):
        viewer.go(index)
        render()
        yield f"replay at {index}"
    yield from net_tour(app, show, render)


def net_tour(app: App, show, render) -> Iterator[str]:  # noqa: ANN001 - the tour's own helpers
    """The network screens: hosting (a hot seat and a bot), joining, the table's room, the table with a person
    away (no socket: the tables are fed the messages a host sends)."""
    from hanabi_desktop.net.discovery import FoundTable
    from hanabi_desktop.ui.scenes.net_host import NetHostScene
    from hanabi_desktop.ui.scenes.net_join import NetJoinScene
    from hanabi_desktop.ui.scenes.net_lobby import NetLobbyScene
    from hanabi_desktop.ui.scenes.net_table import NetTableScene
    from tests.ui.test_net_screens import offline_table

    page = NetHostScene(app, Setup([SeatSpec("Annabelle"), SeatSpec("Bartholomew"), SeatSpec("Cassandra"),
                                    SeatSpec("Dominic", "conventions@beginner")], "deluxe"))
    page.set_kind(2, "local")
    show(page)
    yield "play over the network"
    page.replaces = True  # a table hosted before is saved: opening this one ends it
    render()
    yield "play over the network, a saved table replaced"
    page.say(page.problem() or "", theme.ERROR)
    page.server = "wss://hanabi.example.org"
    page.say(page.problem() or "", theme.ERROR)
    render()
    yield "play over the network, a hot seat on a server"
    join = NetJoinScene(app)
    join.found = [FoundTable("ws://192.168.1.20:8765", "K3T9-Q8XW-MA2B", "Annabelle's table", "annabelle-laptop",
                             "deluxe", 2, 1, "Annabelle"),  # two tables of one player: the computers tell them apart
                  FoundTable("ws://192.168.1.21:8765", "MA2B-K3T9-Q8XW", "Annabelle's table", "annabelle-desktop-pc",
                             "deluxe", 3, 1, "Annabelle")]
    join.table = offline_table(started=False).summary
    join.seat = 1
    show(join)
    join.rebuild()
    render()
    yield "join a table"
    lobby = NetLobbyScene(app, offline_table(started=False, away=None), lambda ending: None, ("ws://192.168.1.20:8765",))
    show(lobby)
    yield "the table's room, host"
    guest = NetLobbyScene(app, offline_table(started=False, owner=False), lambda ending: None)
    show(guest)
    yield "the table's room, guest"
    table = NetTableScene(app, offline_table())
    show(table)
    render()
    yield "network table, a player away"
    stood = offline_table()
    stood.summary["seats"][0]["stand_in"] = "conventions"  # this window's own seat, played by a bot meanwhile
    stood.summary["seats"][1]["stand_in"] = "conventions"
    stood._seats(stood.summary)
    show(NetTableScene(app, stood))
    render()
    yield "network table, bots standing in"
    yield from comeback_tour(app, show, render)


def comeback_tour(app: App, show, render) -> Iterator[str]:  # noqa: ANN001 - the tour's own helpers
    """Coming back to a network table: the title's offers, the screen taking a seat back (and failing), the
    table while its host's game is closed and once it ended, the questions before a host leaves."""
    from hanabi_desktop.net.hometable import SavedHost, _no_answer
    from hanabi_desktop.net.kept import KeptSeat
    from hanabi_desktop.ui.scenes.net_join import NetJoinScene
    from hanabi_desktop.ui.scenes.net_lobby import NetLobbyScene
    from hanabi_desktop.ui.scenes.net_return import NetReturnScene
    from hanabi_desktop.ui.scenes.net_table import NetTableScene
    from tests.ui.test_net_screens import offline_table

    seat = KeptSeat("ws://127.0.0.1:1", "K3T9Q8XWMA2B", "t" * 43, 1, "Bartholomew", "Annabelle's table")
    title = TitleScene(app)
    show(title)
    title.comeback.hosted = SavedHost("Annabelle's table", "K3T9Q8XWMA2B", 41, True)
    title.comeback.seats, title.comeback.alive = [seat], {seat.code: {"over": False}}
    title.rebuild()
    render()
    yield "title, network tables to come back to"
    other = KeptSeat("wss://hanabi.example.org", "MA2BK3T9Q8XW", "u" * 43, 4, "Bartholomew",
                     "Maximilian's Thursday table of five")
    title.comeback.seats.append(other)
    title.comeback.alive[other.code] = {"over": False}
    title.rebuild()
    render()
    yield "title, seats kept at two tables"
    choose = NetReturnScene(app, [seat, other])
    show(choose)
    choose.pick(1)
    render()
    yield "choosing one of the seats kept"
    back = NetReturnScene(app, seat)
    show(back)
    yield "taking a seat back"
    join = NetJoinScene(app)
    join.comeback.seats, join.comeback.alive = [seat], {seat.code: {"over": False}}
    show(join)
    join.rebuild()
    render()
    yield "join a table, a seat to return to"
    back.job, back.problem = None, _no_answer()
    back.rebuild()
    render()
    yield "taking a seat back: no answer"
    for state, reason, paused in (("reconnecting", "", True), ("closed", "ended", False)):
        table = offline_table(away=None)
        table.connection, table.closed_reason, table.paused = state, reason, paused
        show(NetTableScene(app, table))
        render()
        yield f"network table, the host's game {reason or 'closed'}"
    hosting = offline_table()
    hosting.hosted_here = True
    scene = NetTableScene(app, hosting)
    show(scene)
    scene.say(hosting.leaving_question("close"), theme.ERROR)
    render()
    yield "network table, the host closing the window"
    lobby = NetLobbyScene(app, hosting, lambda ending: None, ("ws://192.168.1.20:8765",))
    show(lobby)
    lobby.leave()
    render()
    yield "the table's room, the host leaving"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_fits_at_the_smallest_window(language: str, size: tuple[int, int]) -> None:
    app = App(size, settings=storage.Settings(language="en"))
    try:
        app.set_language(language)
        problems = []
        screens = 0
        with theme.collect_overflows() as overflows:
            for name in tour(app):
                screens += 1
                problems += [f"{name}: {what}" for what in overflows]
                overflows.clear()
    finally:
        app.close()
    assert screens > 40
    assert not problems, f"{language} at {size}: {len(problems)} texts do not fit:\n" + "\n".join(problems[:60])


def test_the_overflow_check_sees_a_text_wider_than_its_box() -> None:
    surface = pygame.Surface((200, 40))
    with theme.collect_overflows() as overflows:
        theme.blit_text(surface, "short", 14, (4, 4))
        assert overflows == []
        theme.blit_text(surface, "a text far too long for a box of two hundred pixels", 14, (4, 4))
        assert len(overflows) == 1 and "far too long" in overflows[0]


def test_the_language_row_in_settings_changes_every_text_at_once(app: App) -> None:
    app.stack.push(TitleScene(app))
    settings = SettingsScene(app)
    app.stack.push(settings)
    app.frame(0.02)
    click(app, button(app.stack.top, "Français").rect.center)
    assert i18n.current_language() == "fr" and app.settings.language == "fr"
    assert button(app.stack.top, "OK")  # the page was laid out again in French
    app.stack.pop()
    assert button(app.stack.top, "Nouvelle partie")  # and the page under it too
    app.stack.push(SettingsScene(app))
    click(app, button(app.stack.top, "English").rect.center)
    assert button(app.stack.top, "Done") and i18n.current_language() == "en"


def _font_for(language: str) -> Path:
    return font_path(cjk=language == "ja")


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_character_of_a_catalog_is_in_its_font(language: str) -> None:
    with open(locale_dir() / language / "LC_MESSAGES" / "hanabi.po", "rb") as f:
        catalog = read_po(f, locale=language)
    texts = []
    for message in catalog:
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        texts += [s for s in strings if s]
    for bold in (False, True):
        path = font_path(bold=bold, cjk=language == "ja")
        cmap = TTFont(path, lazy=True).getBestCmap()
        missing = sorted({ch for text in texts for ch in text if ch.isprintable() and ord(ch) not in cmap})
        assert not missing, f"{path.name} lacks {''.join(missing)!r} used by the {language} catalog"


def test_the_english_source_texts_are_in_the_latin_font() -> None:
    pot = locale_dir() / "hanabi.pot"
    with open(pot, "rb") as f:
        catalog = read_po(f)
    chars = {ch for m in catalog if m.id for text in (m.id if isinstance(m.id, tuple) else (m.id,)) for ch in text}
    cmap = TTFont(font_path(), lazy=True).getBestCmap()
    assert not sorted(ch for ch in chars if ch.isprintable() and ord(ch) not in cmap)


def test_japanese_text_wraps_without_spaces() -> None:
    """Japanese has no spaces between words: the wrapped rules text still breaks into lines that fit."""
    from hanabi_desktop.ui.widgets.wrap import wrap_lines

    i18n.use_language("ja", locale_dir())
    theme.clear_caches()
    try:
        text = "、".join(["花火を打ち上げる"] * 40) + "。"
        lines = wrap_lines(text, 18, 300)
        assert len(lines) > 3
        assert all(theme.font(18).size(line)[0] <= 300 for line in lines)
    finally:
        i18n.use_language("en", locale_dir())
        theme.clear_caches()


def test_a_wrapped_text_breaks_by_the_games_rules_not_only_at_spaces() -> None:
    """A Japanese log line (drawn by theme.text with SDL's wrapping) went whole to the line after its number:
    SDL breaks at spaces only, so '24.' stood alone and the rest took two more lines."""
    from hanabi_desktop.ui.widgets.wrap import wrapped_text

    i18n.use_language("ja", locale_dir())
    theme.clear_caches()
    try:
        line = "24. DonaldがAliceに「赤」のヒント：スロット3, 4"
        f = theme.font(14)
        for width in (180, 230):  # the log's width at 1024x640 and a little more: the text needs two lines
            assert width < f.size(line)[0] <= 2 * width - 30
            surf = wrapped_text(line, 14, theme.TEXT, width)
            assert surf.get_width() <= width and surf.get_height() < 3 * f.get_linesize() - 4, surf.get_size()
    finally:
        i18n.use_language("en", locale_dir())
        theme.clear_caches()


def test_the_variant_name_is_translated_in_the_rules_title(app: App) -> None:
    app.set_language("fr")
    from hanabi_desktop.lessons.rules_text import rules_text

    assert rules_text(get_variant("classic")).startswith(i18n._("Classic") + ": ")
    assert i18n._("Classic") != "Classic"


def test_a_key_cap_stays_beside_a_slightly_smaller_label_else_it_is_reported() -> None:
    """'Revoir la partie (W)' on a 150 px button: the label a little smaller and its cap kept, never the cap
    dropped in silence (the results screen at 1024x640 lost it)."""
    from hanabi_desktop.ui.widgets.controls import Button

    pygame.init()
    surface = pygame.Surface((400, 100))
    with theme.collect_overflows() as overflows:
        Button((0, 0, 150, 37), "Revoir la partie", key=pygame.K_w).draw(surface)
        assert overflows == []
        Button((0, 50, 90, 37), "Revoir la partie", key=pygame.K_w).draw(surface)
        assert len(overflows) == 1 and "key cap 'W'" in overflows[0]


def test_a_text_the_font_cannot_draw_is_reported() -> None:
    theme.clear_caches()
    with theme.collect_overflows() as overflows:
        theme.text("plain words", 16)
        assert overflows == []
        theme.text("a smiling face \U0001F600", 16)
        assert len(overflows) == 1 and "no glyph" in overflows[0]


def test_the_japanese_name_of_japanese_is_drawn_in_every_language(app: App) -> None:
    """The language row names each language in itself: 日本語 needs the Japanese font even in English."""
    for language in LANGUAGES:
        app.set_language(language)
        with theme.collect_overflows() as overflows:
            theme.text(i18n.LANGUAGE_NAMES["ja"], 18)
            theme.text(i18n.LANGUAGE_NAMES["fr"] + i18n.LANGUAGE_NAMES["es"], 18)
        assert overflows == [], language


def test_the_card_buttons_words_fit_their_buttons_in_every_language() -> None:
    """'Ausspielen' on a 1024x640 card's Play button: a smaller word, never one cut to 'Ausspiele…'."""
    from hanabi_desktop.ui.art import theme
    from hanabi_desktop.ui.tableview.render import button_text_size

    pygame.init()
    width = 46  # a Play button on a card at 1024x640
    size = button_text_size("Ausspielen", "Abw.", 14, width)
    assert 8 <= size < 14
    assert theme.font_for("Ausspielen", size, bold=True).size("Ausspielen")[0] <= width
    assert button_text_size("Play", "Disc.", 14, width) == 14  # English keeps its size


def test_a_wrapped_french_line_never_starts_with_its_punctuation() -> None:
    """French puts a space before ':', '!' and '»': the line breaks before the word, never before the mark."""
    from hanabi_desktop.ui.widgets.wrap import wrap_lines

    pygame.init()
    text = "À vous : glissez une carte « vers » la défausse ! Ou cliquez ; voilà"
    widths = range(30, theme.font(16).size(text)[0], 4)
    for width in widths:
        lines = wrap_lines(text, 16, width)
        assert not [line for line in lines if line.strip()[:1] in (":", "!", ";", "»")], (width, lines)
        assert not [line for line in lines if line.rstrip().endswith("«")], (width, lines)
    assert len(widths) > 20


def last_round_with_a_card_lost() -> Session:
    """A 3-player rainbow game in its last round (the deck out, the game on), 24 points made and the best score
    down to 28: the person discards blind until a card the fireworks need is lost, then plays as the bots do."""
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions"), SeatSpec("Cat", "conventions")], "rainbow",
                      seed="last-round-1"), threaded=False)
    ann = create("conventions", 0, 3, s.game.variant, "ann")
    while s.game.final_turns_left is None and not s.game.over:
        if s.current == 0:
            chop = Discard(s.game.hands[0][-1])
            blind = s.game.max_reachable_score() == s.game.variant.max_score and chop in s.game.legal_actions()
            s.submit(chop if blind else ann.decide(PlayerView.of(s.game, 0)).action)
        else:
            s.run_bots(limit=1)
        ann.observe(PlayerView.of(s.game, 0))
    return s


@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_panel_of_the_last_round_fits(language: str, size: tuple[int, int]) -> None:
    """Seen at 1024x640 in Spanish in the last round of a game whose best score had dropped: 'máx. 28' ran into
    the Esc cap of the Menu button and the line under the score ended 'quedan ...' (the turns left, cut off)."""
    s = last_round_with_a_card_lost()
    # (24, 28) when written; the bots' play since (issue 31) ends it 25 of at most 27: a best score below 30 all
    # the same, in two digits
    assert not s.game.over and s.game.score < s.game.max_reachable_score() < s.game.variant.max_score
    app = App(size, settings=storage.Settings(language=language))
    try:
        scene = TableScene(app, s)
        app.stack.push(scene)
        app.frame(0.02)
        with theme.collect_overflows() as overflows:
            app.stack.draw(app.window)
        assert overflows == []
        lay = scene.renderer.lay  # no red of 'max 28' on the Esc cap drawn left of the Menu button
        cap = pygame.Rect(0, lay.menu.y, hint_width("Esc", max(10, lay.font - 4)), lay.menu.h)
        cap.right = lay.menu.x - 4
        red = [(x, y) for x in range(cap.x, cap.right) for y in range(cap.y, cap.bottom)
               if (lambda c: c.r > 150 and c.g < 110 and c.b < 110)(app.window.get_at((x, y)))]
        assert red == []
        left = ngettext("{n} turn left", "{n} turns left", s.game.final_turns_left).format(n=s.game.final_turns_left)
        assert left in scene.model().status
    finally:
        app.close()
