"""The replay viewer, driven by posted key events and clicks: stepping, jumping, typed turns, face-up hands."""

from __future__ import annotations

import random

import pygame
import pytest

from hanabi_desktop.engine import ColourClue, Game, GameRecord, Play, RankClue, get_variant
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.narrate import describe
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene


def _record(seed: int = 5, players: int = 3, turns: int = 30) -> GameRecord:
    """A game played by a simple policy: play a playable card, else clue, else discard."""
    game = Game.new(get_variant("classic"), players, seed, names=["Ann", "Bob", "Cat"][:players])
    rng = random.Random(seed)
    while not game.over and len(game.actions) < turns:
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, Play) and game.is_playable(game.card(a.card))]
        others = [a for a in legal if not isinstance(a, Play)]
        game.apply(plays[0] if plays else rng.choice(others))
    return GameRecord.of(game)


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings())
    yield a
    a.close()


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text))
    app.frame(0.05)


def test_step_jump_and_type_a_turn(app: App) -> None:
    record = _record()
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    app.frame(0.05)
    assert scene.index == 0 and scene.last == len(record.actions)
    for _ in range(3):
        _key(app, pygame.K_RIGHT)
    assert scene.index == 3
    assert scene.model().fireworks == tuple(record.replay(3).fireworks)
    assert [list(h.cards) for h in scene.model().hands] == record.replay(3).hands
    assert len(scene.model().log) == 3
    _key(app, pygame.K_LEFT)
    assert scene.index == 2
    _key(app, pygame.K_END)
    assert scene.index == scene.last
    assert scene.model().score == record.replay().score
    _key(app, pygame.K_HOME)
    assert scene.index == 0
    _key(app, pygame.K_1, "1")
    _key(app, pygame.K_2, "2")
    _key(app, pygame.K_RETURN)
    assert scene.index == 12
    # the '<' button (second in the control row) steps back
    back = next(w for w in scene.widgets.widgets if getattr(w, "text", None) == "<")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back.rect.center, button=1))
    app.frame(0.05)
    assert scene.index == 11
    # every hand is face up
    scene.renderer.place(scene.model(), app.size)
    g = record.replay(11)
    assert scene.renderer.hand_of and all(scene.model().cards[o].face == (g.deck[o].suit, g.deck[o].rank)
                                          for o in scene.renderer.hand_of)
    _key(app, pygame.K_ESCAPE)
    assert scene not in app.stack


def test_step_forward_animates_and_log_lines_are_readable(app: App) -> None:
    record = _record(seed=9)
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    app.frame(0.05)
    _key(app, pygame.K_RIGHT)
    first = record.actions[0]
    if hasattr(first, "card"):
        assert first.card in scene.anim.in_flight()
    for _ in range(40):
        app.frame(0.05)
    assert not scene.anim.busy
    game = record.new_game()
    hands = [list(h) for h in game.hands]
    line = describe(game, game.current, hands, record.actions[0], game.apply(record.actions[0]))
    assert line.startswith("Ann ") and scene.lines[0].text == line


def test_hovering_a_card_shows_its_clues_and_the_players_notes(app: App) -> None:
    record = _record(seed=3)
    first_clue = next(i for i, a in enumerate(record.actions) if isinstance(a, (ColourClue, RankClue)))
    clued = record.replay(first_clue + 1)
    touched = next(o for o, history in enumerate(clued.clue_history) if any(t for _, _, t in history))
    notes = [[""] * len(record.deck) for _ in record.players]
    notes[1][touched] = "r3  or\nr4?"
    record.notes = notes
    scene = ReplayScene(app, record)
    app.stack.push(scene)
    scene.go(first_clue + 1)
    for _ in range(30):
        app.frame(0.05)
    pos = scene.renderer.rects[touched].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.05)
    assert scene.renderer.card_at(scene.hover, list(scene.renderer.hand_of)) == touched
    (heading, clues), (_, shown_notes) = scene.tooltip(touched)
    assert clues and clues[0].startswith(f"turn {first_clue + 1}: is ")
    assert shown_notes == ["Bob: r3 or r4?"]
    # a card nobody wrote about has no notes section
    other = next(o for o in scene.renderer.hand_of if o != touched)
    assert scene.tooltip(other)[1][1] == []
