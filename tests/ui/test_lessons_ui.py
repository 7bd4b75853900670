"""Lessons and tips driven like a player would: posted clicks, drags and keys through `App.frame`, on the real
table scene. No step is forced: when the UI fails to do something, the test fails."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop.engine import ColourClue, Discard, Play, RankClue
from hanabi_desktop.lessons import learning
from hanabi_desktop.lessons.model import Info, Turn
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.lesson import LessonScene
from hanabi_desktop.ui.scenes.lessons import LessonsScene
from hanabi_desktop.ui.scenes.table import TableScene, mate_spots, own_buttons
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets.controls import Button
from tests.ui.gestures import click, drag, key, post
from tests.waiting import run_until, wait_until


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings(bot_pace="fast"))
    yield a
    a.close()






def button(scene, label: str) -> Button:  # noqa: ANN001
    found = [w for w in scene.widgets.widgets if isinstance(w, Button) and w.text == label]
    assert found, f"no button {label!r} on {type(scene).__name__}"
    return found[0]


def settle(app: App, scene: TableScene, frames: int = 40) -> None:
    for _ in range(frames):
        app.frame(0.05)
        if not scene.anim.busy:
            break


def wait_for_step(app: App, scene: LessonScene, index: int) -> None:
    """Run frames (the bot thinks on its thread, at the 'fast' pace) until the guide reaches item `index`."""
    run_until(app, lambda: scene.run.index >= index, what=lambda: f"the lesson stayed at step {scene.run.index + 1}")
    settle(app, scene)


def guide_button(app: App, scene: LessonScene, label: str) -> None:
    app.frame(0.02)
    assert scene.guide is not None
    rects = [r for text, _p, r in scene.guide.buttons if text == label]
    assert rects, f"the guide has no {label!r} button: {[b[0] for b in scene.guide.buttons]}"
    click(app, rects[0].center)


def bob_card(scene: LessonScene, seat: int, slot: int) -> pygame.Rect:
    return scene.renderer.rects[scene.session.game.hands[seat][slot - 1]]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_lesson_2_from_the_title_screen_to_the_short_game(size: tuple[int, int]) -> None:
    app = App(size, settings=Settings(bot_pace="fast"))
    try:
        _lesson_2(app)
    finally:
        app.close()


def _lesson_2(app: App) -> None:
    title = TitleScene(app)
    app.stack.push(title)
    app.frame(0.02)
    learn = button(title, "Learn to play")
    assert learn.primary and title.widgets.widgets.index(learn) == 0  # first, highlighted: a first-time player
    click(app, learn.rect.center)
    lessons = app.stack.top
    assert isinstance(lessons, LessonsScene)
    click(app, button(lessons, "2.  Giving a clue").rect.center)
    scene = app.stack.top
    assert isinstance(scene, LessonScene) and scene.lesson.key == "clues"
    settle(app, scene)
    _colour, rank = mate_spots(bob_card(scene, 1, 1))
    click(app, rank.center)  # a clue while the guide still talks: refused, nothing played
    assert scene.alert == "Read the guide first, then press Next." and not scene.session.log
    key(app, pygame.K_RETURN)  # Next
    assert scene.run.index == 1 and not scene.alert
    colour, rank = mate_spots(bob_card(scene, 1, 1))
    click(app, colour.center)  # red: touches only red 1 -> the lesson's own reason
    assert scene.alert.startswith("Red touches only red 1") and not scene.session.log
    click(app, rank.center)  # the number 1
    assert [e.text for e in scene.session.log] == ["Ann clues Bob 1: slots 1, 4"]
    wait_for_step(app, scene, 3)  # Bob plays his red 1
    assert scene.session.log[-1].text == "Bob plays red 1 from slot 1"
    colour, rank = mate_spots(bob_card(scene, 1, 1))
    click(app, rank.center)  # a 2 works, but this step teaches a colour clue
    assert scene.alert.startswith("The number 2 would work too") and len(scene.session.log) == 2
    click(app, colour.center)
    assert scene.session.log[-1].text == "Ann clues Bob red: slot 1"
    wait_for_step(app, scene, 5)
    key(app, pygame.K_SPACE)  # the last Info
    assert scene.run.done and learning.current().lessons == {"clues": learning.DONE}
    guide_button(app, scene, "Play a short game")
    table = app.stack.top
    assert type(table) is TableScene and table.session is not scene.session
    assert table.session.game.deck_count <= 12 and table.session.is_bot(1)
    assert table.message.startswith("A short game") and table.session.log  # the opening is in the log


def test_lesson_1_plays_by_dragging_and_snaps_a_wrong_card_back(app: App) -> None:
    scene = LessonScene(app, "goal")
    app.stack.push(scene)
    settle(app, scene)
    for _ in range(4):
        guide_button(app, scene, "Next")
    wait_for_step(app, scene, 5)  # Bob's clue, at his pace
    assert scene.session.log[-1].text == "Bob clues Ann 1: slot 2"
    fireworks = scene.renderer.lay.fireworks[2].center
    wrong = bob_card(scene, 1, 1)
    drag(app, wrong.center, fireworks)
    assert scene.alert.startswith("Play the card Bob told you about") and len(scene.session.log) == 1
    assert scene.session.game.hands[1][0] in scene.anim.in_flight() or scene.anim.busy  # it flies back
    settle(app, scene)
    drag(app, bob_card(scene, 1, 2).center, fireworks)
    assert scene.session.log[-1].text == "Ann plays red 1 from slot 2"
    assert scene.run.after.startswith("It was red 1")
    guide_button(app, scene, "Next")
    assert scene.run.done
    guide_button(app, scene, "Lessons")
    assert not isinstance(app.stack.top, LessonScene)


def test_a_lesson_can_be_skipped_and_the_list_moves_on(app: App) -> None:
    lessons = LessonsScene(app)
    app.stack.push(lessons)
    app.frame(0.02)
    assert button(lessons, "1.  The goal and your hand").primary
    skips = [w for w in lessons.widgets.widgets if isinstance(w, Button) and w.text == "Skip"]
    click(app, skips[0].rect.center)
    assert learning.current().lessons == {"goal": learning.SKIPPED}
    assert button(lessons, "2.  Giving a clue").primary and not button(lessons, "1.  The goal and your hand").primary
    click(app, button(lessons, "Unskip").rect.center)
    assert learning.current().lessons == {}
    click(app, skips[0].rect.center)
    lessons.back()
    title = TitleScene(app)
    app.stack.push(title)
    app.frame(0.02)
    assert button(title, "New game").primary and not button(title, "Learn to play").primary  # not a first time


def test_progress_survives_and_a_damaged_file_is_set_aside(app: App) -> None:
    progress = learning.current()
    progress.mark("goal", learning.DONE)
    progress.save(wait=True)
    assert learning.load_learning().lessons == {"goal": learning.DONE}
    path = learning.learning_path()
    path.write_text("{ not json", encoding="utf-8")
    again = learning.load_learning()
    assert again.lessons == {} and "damaged" in again.problem
    assert not path.exists() and list(path.parent.glob("learning.json.damaged-*"))


def _table(app: App) -> TableScene:
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions")], seed="tips-test")
    table = TableScene(app, Session(setup, threaded=False))
    app.stack.push(table)
    settle(app, table)
    app.frame(0.02)
    return table


def test_tips_show_once_each_and_again_on_f1(app: App) -> None:
    table = _table(app)
    assert table.tips.shown is not None and table.tips.shown.key == "pips"
    seen = []
    for _ in range(10):
        tip = table.tips.shown
        if tip is None:
            break
        seen.append(tip.key)
        click(app, table.tips.callout.buttons[0][2].center)  # Got it
        app.frame(0.02)
    assert seen[:2] == ["pips", "pace"] and table.tips.shown is None
    assert learning.current().tips == set(seen)
    app.stack.pop(table)
    table = _table(app)  # a new table: nothing already seen comes back by itself
    assert table.tips.shown is None
    key(app, pygame.K_F1)  # the help key shows them all again
    app.frame(0.02)
    assert table.tips.shown is not None and table.tips.shown.key == "pips"
    again = []
    while table.tips.shown is not None and len(again) < 10:
        again.append(table.tips.shown.key)
        click(app, table.tips.callout.rect.center)
        app.frame(0.02)
    assert again == seen and app.stack.top is table  # F1 no longer opens the rules; H still does
    key(app, pygame.K_h)
    assert type(app.stack.top).__name__ == "RulesScene"


def test_a_tip_does_not_block_the_table(app: App) -> None:
    table = _table(app)
    assert table.tips.shown is not None
    before = len(table.session.log)
    own = table.session.game.hands[0][0]
    r = table.renderer.rects[own]
    drag(app, r.center, table.renderer.lay.fireworks[0].center)
    assert len(table.session.log) == before + 1  # the play went through with the tip on screen


def test_lessons_show_no_tips_of_their_own(app: App) -> None:
    scene = LessonScene(app, "black")
    app.stack.push(scene)
    settle(app, scene)
    app.frame(0.02)
    assert scene.tips.shown is None and scene.guide is not None


def _gesture(app: App, scene: LessonScene, action) -> None:  # noqa: ANN001 - engine Action
    """Make `action` the way a player does: drag a card to the fireworks, press a card's Disc. button, click a
    teammate's colour or number spot, or (no spot for it) the clue chooser: click the card, type, Enter."""
    g = scene.session.game
    you = scene.lesson.you
    if isinstance(action, (Play, Discard)):
        r = scene.renderer.rects[action.card]
        if isinstance(action, Play):
            drag(app, r.center, scene.renderer.lay.play_zone.center)
        else:
            click(app, own_buttons(r)[1].center)
        return
    for o in g.hands[action.target]:
        card = g.card(o)
        colour, rank = mate_spots(scene.renderer.rects[o])
        if isinstance(action, RankClue) and card.rank == action.rank:
            return click(app, rank.center)
        if isinstance(action, ColourClue) and g.variant.clue_colours[action.colour] == card.suit:
            return click(app, colour.center)
    touched = g.touched_by(action.target, action)
    click(app, scene.renderer.rects[touched[0]].center)
    letter = g.variant.suits[g.variant.clue_colours[action.colour]].letter
    post(pygame.KEYDOWN, key=pygame.key.key_code(letter), mod=0, unicode=letter)
    app.frame(0.02)
    key(app, pygame.K_RETURN)
    assert you == g.current or scene.session.log  # the clue went through the chooser


@pytest.mark.parametrize("lesson_key", ["goal", "clues", "tokens", "end-3", "conventions", "rainbow", "black",
                                        "flamboyants", "flourish-56"])
def test_every_lesson_can_be_played_through_at_the_table(app: App, lesson_key: str) -> None:
    _play_through(app, lesson_key)


def test_a_lesson_offers_no_hint_undo_or_warning(app: App) -> None:
    """The guide allows one move at a time: a hint or an undo would put it out of step, and lesson 3's misplay
    and lesson 5's discards must not stop at a warning even when the player turned every warning on."""
    app.settings = Settings(bot_pace="fast", warn_third_error=True, warn_critical_chop=True,
                            warn_double_discard=True)
    scene = LessonScene(app, "tokens")
    app.stack.push(scene)
    settle(app, scene)
    assert scene.coach.buttons(scene.renderer.lay) == []
    post(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")
    app.frame(0.02)
    assert not scene.coach.working() and scene.coach.shown_hint() is None
    app.stack.pop(scene)
    scene.session.close()
    for lesson_key in ("tokens", "conventions"):
        _play_through(app, lesson_key)


def _play_through(app: App, lesson_key: str) -> None:
    scene = LessonScene(app, lesson_key)
    app.stack.push(scene)
    settle(app, scene)
    for _ in range(40):
        if scene.run.done:
            break
        item = scene.run.item
        index = scene.run.index
        if isinstance(item, Info):
            key(app, pygame.K_RETURN)
        elif isinstance(item, Turn):
            moves = len(scene.session.log)
            _gesture(app, scene, item.allow[0].resolve(scene.session.game))
            assert len(scene.session.log) == moves + 1, f"step {index + 1}: {scene.alert or scene.message}"
            settle(app, scene)
        else:
            wait_for_step(app, scene, index + 1)
        assert scene.run.index > index or scene.run.done
    assert scene.run.done and learning.current().lessons.get(lesson_key) == learning.DONE
    assert scene.session.game.strikes == (1 if lesson_key == "tokens" else 0)


def test_a_full_disk_is_said_on_the_lesson_list_and_progress_is_kept_in_memory(app: App, monkeypatch) -> None:  # noqa: ANN001
    import errno

    from hanabi_desktop import storage

    def full(*_a, **_k) -> None:  # noqa: ANN002, ANN003
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage, "write_atomic", full)
    lessons = LessonsScene(app)
    app.stack.push(lessons)
    app.frame(0.02)
    skips = [w for w in lessons.widgets.widgets if isinstance(w, Button) and w.text == "Skip"]
    click(app, skips[1].rect.center)
    wait_until(lambda: learning.current().problem, what="the disk's refusal")  # the write happens on its own thread
    lessons.rebuild()
    assert "the disk is full" in lessons.message and learning.current().lessons == {"clues": learning.SKIPPED}


def test_the_keys_go_through_the_lesson_gate_too(app: App) -> None:
    scene = LessonScene(app, "tokens")
    app.stack.push(scene)
    settle(app, scene)
    key(app, pygame.K_RETURN)  # to the first Turn: a clue is taught, not a play
    post(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    post(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
    app.frame(0.02)
    assert scene.alert == "Give Bob a clue that touches his red 1: red or 1." and not scene.session.log


def test_enter_opens_the_highlighted_lesson(app: App) -> None:
    learning.current().mark("goal", learning.DONE)
    lessons = LessonsScene(app)
    app.stack.push(lessons)
    app.frame(0.02)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.lesson.key == "clues"
    app.stack.top.session.close()


def test_a_bot_waiting_for_the_reader_does_not_keep_the_loop_awake(app: App) -> None:
    scene = LessonScene(app, "goal")  # Bob is to act, held while the first steps are read
    app.stack.push(scene)
    settle(app, scene)
    assert scene.session.is_bot(scene.session.current) and scene.session.hold
    assert scene.wake_after() is None
    for _ in range(4):
        key(app, pygame.K_RETURN)
    assert not scene.session.hold  # now the bot's move is awaited (polled), or already made
    assert scene.session.log or scene.wake_after() is not None


def test_the_lessons_count_agrees_with_its_number_in_french(app: App) -> None:
    """The list said "1 leçons faites sur 9": the count takes a plural form (French: singular for 0 and 1)."""
    from hanabi_desktop.lessons.catalogue import lessons as all_lessons

    app.set_language("fr")
    total = len(all_lessons())
    seen = []
    for lesson_key in ("goal", "clues"):
        learning.current().mark(lesson_key, learning.DONE)
        scene = LessonsScene(app)
        app.stack.push(scene)
        app.frame(0.02)
        seen.append(scene.message.split("  ·  ")[0])
        app.stack.pop(scene)
    assert seen == [f"1 leçon faite sur {total}", f"2 leçons faites sur {total}"]
