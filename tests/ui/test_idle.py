"""The game rests when nothing moves: no frame is drawn on an idle screen, and a change is drawn at once.

Every screen a player can leave open (title, a table waiting for a person, the clue chooser, the hot-seat
curtain, the results, the rules) is settled, then left alone for many frames: the count of drawn frames must not
grow. Input, a bot's move landing and an animation each draw.
"""

from __future__ import annotations

import os
import time

import pygame
import pytest

from hanabi_desktop.storage import Settings
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser
from hanabi_desktop.ui.scenes.curtain import CurtainScene
from hanabi_desktop.ui.scenes.results import ResultsScene
from hanabi_desktop.ui.scenes.table import TableScene

IDLE_FRAMES = 120


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings(bot_pace="fast"))
    yield a
    a.close()


def post(kind: int, **kw) -> None:  # noqa: ANN003
    pygame.event.post(pygame.event.Event(kind, **kw))


def settle(app: App, seconds: float = 10.0) -> None:
    """Let everything that moves by itself (deal, sparks, a message) come to rest."""
    for _ in range(round(seconds / 0.05)):
        app.frame(0.05)


def idle_draws(app: App) -> int:
    """Frames drawn while nobody touches anything."""
    before = app.draws
    for _ in range(IDLE_FRAMES):
        app.frame(0.05)
    return app.draws - before


def pointer_draws(app: App) -> int:
    """Frames drawn for one pointer move (hover feedback must show at once)."""
    before = app.draws
    post(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    app.frame(0.02)
    return app.draws - before


def table_for(app: App, seats: list[SeatSpec]) -> TableScene:
    session = Session(Setup(seats, seed="idle"))
    session.bot_pace = app.settings.bot_pace
    table = open_scene(app, "table", session)
    settle(app, 3.0)
    if isinstance(app.stack.top, CurtainScene):
        post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        app.frame(0.02)
        settle(app, 3.0)
    assert app.stack.top is table
    return table


def test_the_title_rests_once_its_sparks_are_done(app: App) -> None:
    open_scene(app, "title")
    assert app.stack.draw_wanted()  # the sparks go up at first
    settle(app)
    assert idle_draws(app) == 0
    assert app.stack.wake_after() is None  # nothing to wait for: the loop sleeps until input
    assert pointer_draws(app) == 1


def test_a_table_waiting_for_a_person_draws_nothing(app: App) -> None:
    table = table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    assert table.my_turn
    assert idle_draws(app) == 0
    assert pointer_draws(app) == 1


def test_the_clue_chooser_rests_over_the_table(app: App) -> None:
    table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")  # C: clue
    app.frame(0.02)
    assert isinstance(app.stack.top, ClueChooser)
    assert idle_draws(app) == 0
    assert pointer_draws(app) == 1


def test_a_chooser_opened_while_cards_fly_rests_too(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bot", "conventions")], seed="idle"))
    table = open_scene(app, "table", session)
    app.frame(0.02)
    assert table.anim.busy  # the deal is still in the air
    post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")
    app.frame(0.02)
    assert isinstance(app.stack.top, ClueChooser)
    app.frame(0.02)
    assert idle_draws(app) == 0  # the table below is paused: nothing of it moves
    assert not table.anim.busy and not table.anim.in_flight()  # the deal landed: no card hangs mid-air under it
    assert all(o in table.renderer.rects for hand in session.game.hands for o in hand)


def test_the_curtain_rests(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="idle"))
    open_scene(app, "table", session)
    settle(app, 3.0)
    assert isinstance(app.stack.top, CurtainScene)
    assert idle_draws(app) == 0
    assert pointer_draws(app) == 1


def test_results_and_rules_rest(app: App) -> None:
    session = Session(Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="idle"))
    session.run_bots()
    open_scene(app, "results", session)
    assert isinstance(app.stack.top, ResultsScene)
    settle(app)
    assert idle_draws(app) == 0
    open_scene(app, "rules")
    settle(app, 1.0)
    assert idle_draws(app) == 0
    assert pointer_draws(app) == 1


def test_a_bots_move_is_drawn_when_it_lands_and_the_table_rests_between(app: App) -> None:
    table = table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    s = table.session
    hand = list(s.game.hands[0])
    assert table.act(s.game.legal_actions()[-1])  # Ann's move: now the bot's turn
    assert app.stack.wake_after() is not None and app.stack.wake_after() <= 0.05  # the loop keeps looking
    before = app.draws
    deadline = time.monotonic() + 20  # the bot thinks on its own thread: give a loaded machine time
    while time.monotonic() < deadline:
        app.frame(0.02)
        if s.current == 0 and not table.anim.busy:
            break
        time.sleep(0.002)
    assert s.current == 0 and len(s.log) == 2  # the bot moved
    assert app.draws - before >= 5  # its move was animated, frame by frame
    assert app.partial_draws >= 3  # and most of those frames sent only the moving parts to the screen
    settle(app, 2.0)
    assert idle_draws(app) == 0
    assert list(s.game.hands[0]) != hand or s.game.clue_tokens != 8  # Ann's move is on the table


def test_a_message_disappears_on_time_without_input(app: App) -> None:
    table = table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    before = app.draws
    table.say("hello", ttl=1.0)
    app.frame(0.02)
    assert app.stack.wake_after() is not None and app.stack.wake_after() <= 1.0
    settle(app, 1.5)
    assert app.draws - before == 2  # shown once, and once more when it went away
    assert table._message_text()[0] != "hello"


def test_a_frame_that_only_moves_things_covers_where_they_are_and_were(app: App) -> None:
    table = table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    w, h = app.size
    table.anim.burst((w / 2, h / 2), [(255, 0, 0)])
    app.frame(0.02)  # the first frame of a move is drawn whole
    sent: list = []
    real = pygame.display.update
    pygame.display.update = lambda rects=None: sent.append(rects) or real(rects)
    try:
        app.frame(0.05)
        area = table.anim.area()
        app.frame(0.05)
    finally:
        pygame.display.update = real
    assert len(sent) == 2 and all(isinstance(r, list) for r in sent)
    covered = sent[1]
    assert all(any(r.contains(a.clip(app.window.get_rect())) for r in covered) for a in area)  # where it was
    assert sum(r.w * r.h for r in covered) < w * h / 2  # not the whole window
    settle(app, 3.0)
    assert not table.anim.busy and idle_draws(app) == 0


def test_a_tooltip_that_changes_under_a_still_pointer_is_drawn_whole(app: App) -> None:
    """The pointer rests on a card while the hand slides under it: the tooltip changes with no input, and the
    frame that shows the new one sends the whole window, not only the moving cards (else pieces of the old
    tooltip stay on screen until the pointer moves)."""
    from hanabi_desktop.engine.actions import Play

    table = table_for(app, [SeatSpec("Ann"), SeatSpec("Bot", "conventions")])
    s = table.session
    assert table.act(s.game.legal_actions()[-1])
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (s.current == 0 and not table.anim.busy):
        app.frame(0.02)
        time.sleep(0.002)
    assert s.log[-1].text == "Bot clues Ann 1: slots 1, 3"  # (the seeded deal's clue)
    settle(app, 1.0)
    post(pygame.MOUSEMOTION, pos=table.renderer.rects[s.hand_order(0)[1]].center, rel=(1, 1), buttons=(0, 0, 0))
    app.frame(0.02)
    sent: list = []
    real_update, real_flip = pygame.display.update, pygame.display.flip
    pygame.display.update = lambda rects=None: sent.append(rects) or real_update(rects)
    pygame.display.flip = lambda: sent.append("whole") or real_flip()
    shown, changes = table.tooltip(), []
    try:
        assert table.act(Play(s.hand_order(0)[2]))  # slot 1's clued card slides into slot 2, under the pointer
        for _ in range(60):
            drawn = len(sent)
            app.frame(0.02)
            if len(sent) > drawn and table.tooltip() != shown:
                shown = table.tooltip()
                changes.append(sent[-1])
    finally:
        pygame.display.update, pygame.display.flip = real_update, real_flip
    assert shown and "is 1" in shown[0][1][0]  # the clued 1 is under the pointer now
    assert changes and all(how == "whole" for how in changes)


def test_a_window_opens_no_audio_device_when_sdl_is_asked_for_none() -> None:
    """Under SDL_AUDIODRIVER=dummy (the tests, the smoke test) the window and its sound board stay silent without
    opening the device (pygame.init() opened it: SDL's audio thread takes Python's lock whenever a sound ends)."""
    assert os.environ["SDL_AUDIODRIVER"] == "dummy"
    app = App((320, 240), settings=Settings(language="en"))
    try:
        app.sound.play("click")
        assert not app.sound.available and pygame.mixer.get_init() is None
        assert app.sound.played == ["click"]  # what would have been heard is still known
    finally:
        app.close()
