"""The results screen, driven without a window: how the game ended (the card and the seat of the third error,
the last copies lost), every hand face up, and after a lesson's short game the next lesson and the lesson list."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Discard, Game, GameRecord, get_variant
from hanabi_desktop.lessons.catalogue import lessons
from hanabi_desktop.table.ending import ending_lines, losses
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.lesson import LessonScene
from hanabi_desktop.ui.scenes.lessons import LessonsScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.widgets.controls import Button
from tests.ui.gestures import key
from tests.waiting import run_until, wait_until


@pytest.fixture()
def app():
    a = App((800, 600), settings=storage.load_settings())
    yield a
    a.close()


def labels(scene) -> list[str]:  # noqa: ANN001
    return [w.text for w in scene.widgets.widgets if isinstance(w, Button)]


def stormed(seed: str = "storm", preset: str = "classic", players: int = 2) -> Session:
    """A game where the person plays the first card of the hand blind every turn and the bots play on."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:players]
    s = Session(Setup([SeatSpec(names[0])] + [SeatSpec(n, "conventions@1") for n in names[1:]], preset, seed=seed),
                threaded=False)
    while not s.over:
        s.submit(s.game.legal_actions()[0]) if s.current == 0 else s.run_bots(limit=1)
    return s


def test_the_third_error_and_the_last_copies_lost_are_named_with_seat_card_and_turn() -> None:
    deals = (Game.new(get_variant("classic"), 2, seed=n, names=["Ann", "Bob"]) for n in range(100))
    g = next(g for g in deals if any(g.card(o).rank == 5 for o in g.hands[0]))  # a deal that gives Ann a 5
    five = next(o for o in g.hands[0] if g.card(o).rank == 5)
    g.apply(g.legal_actions()[-1])  # Ann clues (a discard needs a spent token)
    g.apply(g.legal_actions()[-1])  # Bob clues
    g.apply(Discard(five))
    record = GameRecord.of(g)
    (loss,) = losses(record)
    assert (loss.player, loss.turn, loss.last, loss.misplayed) == ("Ann", 3, True, False)
    assert ending_lines(record) == (f"Lost for good: Ann discarded the last {g.variant.card_name(g.card(five))} (turn 3).",)


def test_the_results_name_the_third_error_and_show_every_hand_face_up(app: App) -> None:
    s = stormed()
    third = next(x for x in losses(s.record()) if x.third)
    open_scene(app, "title")
    page = open_scene(app, "results", s)
    assert page.details[0] == f"{third.player} misplayed {third.card} on turn {third.turn}: the third error."
    app.frame(0.02)
    v = s.variant
    # every hand, the person's own (seat 0, never shown at the table) included, card by card
    assert page.hands == [(s.names[seat], [(v.suits[s.game.card(o).suit].letter, s.game.card(o).rank)
                                           for o in s.game.hands[seat]]) for seat in range(s.players)]
    assert labels(page) == ["Watch replay", "Review", "Play again", "Title"]
    with theme.collect_overflows() as overflows:
        app.stack.draw(pygame.display.get_surface())
    assert overflows == []


def test_five_hands_of_the_grand_spectacle_fit_at_800x600(app: App) -> None:
    s = stormed("wide", "deluxe", players=5)
    open_scene(app, "title")
    page = open_scene(app, "results", s)
    surface = pygame.display.get_surface()
    with theme.collect_overflows() as overflows:
        app.stack.draw(surface)
    assert overflows == [] and len(page.hands) == 5
    buttons = [w.rect for w in page.widgets.widgets if isinstance(w, Button)]
    assert all(surface.get_rect().contains(b) for b in buttons)


def test_after_a_lesson_the_results_offer_the_next_lesson_and_name_the_lesson_list(app: App) -> None:
    keys = [x.key for x in lessons()]
    open_scene(app, "lessons")
    page = open_scene(app, "results", stormed("lesson"), keys[1])
    assert labels(page) == ["Watch replay", "Review", "Next lesson", "Lessons"]  # not 'Title': the list is below
    assert "not kept" in page.message  # no autosave: saying 'kept in Replays' would be untrue
    key(app, pygame.K_n)
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.lesson.key == keys[2]
    app.stack.pop()
    last = open_scene(app, "results", stormed("last"), keys[-1])
    assert labels(last) == ["Watch replay", "Review", "Lessons"]  # after the last lesson there is no next one
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, LessonsScene)


def test_the_lesson_hands_its_short_game_the_lesson_whose_results_follow(app: App) -> None:
    open_scene(app, "lessons")
    scene = open_scene(app, "lesson", "clues")
    scene.play_short_game()
    table = app.stack.top
    assert type(table) is TableScene and table.after_lesson == "clues"
    def move() -> None:  # the person's turns: the first legal action; the bot's on its thread
        if table.session.current == table.session.viewer:
            table.session.submit(table.session.game.legal_actions()[-1])
        app.frame(0.05)

    wait_until(lambda: table.session.over, each=move, what="the game's end")
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), dt=0.1)
    assert isinstance(app.stack.top, ResultsScene) and "Next lesson" in labels(app.stack.top)


def drawn_results(a: App, size: tuple[int, int], players: int) -> tuple[ResultsScene, pygame.Surface]:
    """The results of a stormed Deluxe game of `players`, drawn on a black surface of `size`."""
    s = stormed(f"room-{players}", "deluxe", players)
    open_scene(a, "title")
    page = open_scene(a, "results", s)
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    page.draw_content(surface)
    return page, surface


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda s: "x".join(map(str, s)))
def test_the_cards_take_the_room_above_the_buttons_and_stay_clear_of_them(size: tuple[int, int], players: int) -> None:
    """Seen at 800x600 in the keyboard game: the hands were drawn 29x41 px over an empty half of the window.
    The fireworks and the hands grow into the room above the buttons, and what is drawn ends above them."""
    a = App(size, settings=storage.Settings(language="fr"))
    try:
        with theme.collect_overflows() as overflows:
            page, surface = drawn_results(a, size, players)
        assert overflows == []
        if players == 2:
            assert page.placement().k > 1.2, page.placement()  # two hands leave room: the cards are drawn larger
        buttons = min(w.rect.y for w in page.widgets.widgets if isinstance(w, Button))
        bottom = max(y for y in range(size[1]) if any(surface.get_at((x, y))[:3] != (0, 0, 0)
                                                       for x in range(0, size[0], 2)))
        assert bottom < buttons, (bottom, buttons)
    finally:
        a.close()


def empty_rows(surface: pygame.Surface, rows: range) -> int:
    """How many rows of `rows` in a row (from its start) have nothing drawn on them."""
    n = 0
    for y in rows:
        if any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(0, surface.get_width(), 2)):
            break
        n += 1
    return n


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1920, 1080)], ids=lambda s: "x".join(map(str, s)))
def test_no_empty_band_is_left_between_the_hands_and_the_buttons(size: tuple[int, int], players: int) -> None:
    """Seen at 800x600 with three players: the hands ended 159 px above the buttons, the text 18 px above the
    fireworks. The cards take the room, and what room is left is shared above the fireworks and below the hands."""
    a = App(size, settings=storage.Settings(language="en"))
    try:
        page, surface = drawn_results(a, size, players)
        buttons = min(w.rect.y for w in page.widgets.widgets if isinstance(w, Button))
        place = page.placement()
        above = empty_rows(surface, range(place.fireworks[0].y - 1, 0, -1))  # up from the fireworks to the text
        below = empty_rows(surface, range(buttons - 1, 0, -1))  # up from the buttons to the facts line
        assert below <= above + page.px(40) and below < size[1] * 0.15, (above, below, str(place))
    finally:
        a.close()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 640)], ids=lambda s: "x".join(map(str, s)))
def test_the_help_line_of_five_hands_in_six_suits_stays_above_the_buttons(size: tuple[int, int], language: str) -> None:
    """Seen at 1024x640 in Spanish after a 5-player rainbow game with the clue preview: two lines of last copies
    lost over the fireworks and two rows of hands pushed 'Played with the clue preview.' under the buttons (only
    its top half showed). Whatever the ending says and the help line, everything drawn ends above the buttons."""
    a = App(size, settings=storage.Settings(language=language))
    try:
        s = stormed("five-rainbow", "rainbow", players=5)
        s.hints, s.previewed = 1, True
        open_scene(a, "title")
        page = open_scene(a, "results", s)
        assert len(page.ending_text()) >= 2 and len(page.hands) == 5
        surface = pygame.Surface(size)
        surface.fill((0, 0, 0))
        with theme.collect_overflows() as overflows:
            page.draw_content(surface)
        assert overflows == []
        buttons = min(w.rect.y for w in page.widgets.widgets if isinstance(w, Button))
        bottom = max(y for y in range(size[1]) if any(surface.get_at((x, y))[:3] != (0, 0, 0)
                                                       for x in range(0, size[0], 2)))
        assert bottom < buttons, (bottom, buttons, str(page.placement()))
    finally:
        a.close()
