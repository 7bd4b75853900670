"""Lessons at the real table: the practice bot that follows a lesson's script, the lesson's session, and the
short game that ends every lesson. No pygame.

The lesson's bot seats are ordinary bot seats of a `Session`, seated by import path (the bot registry's plugin
door), so the session, its bot thread and the table work exactly as in a game. The bot plays the lesson's
scripted moves and, past the script, the practice (conventions) bot's own moves.
"""

from __future__ import annotations

import secrets

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import Game, PlayerView, Variant
from hanabi_desktop.i18n import _
from hanabi_desktop.lessons.catalogue import lesson
from hanabi_desktop.lessons.model import BotMove, Lesson, new_game
from hanabi_desktop.table.seats import decide, observe_all
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup

LESSON_BOT = "hanabi_desktop.lessons.play:LessonBot"
SEED_PREFIX = "lesson-"
PRACTICE_BOT = "conventions"
PRACTICE_DECK_LEFT = 12  # cards left in the deck when the player takes over the short game (see practice_setup)


class LessonBot(Bot):
    """The practice bot of a lesson: the script's move where the lesson has one, else the conventions bot's."""

    name = "lesson"
    description = "The practice bot, following a lesson's script"
    offered = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        key = str(seed).partition("/")[0].removeprefix(SEED_PREFIX)
        self.lesson = lesson(key)  # KeyError: the seed names no lesson (only a lesson session seats this bot)
        self.inner = create(PRACTICE_BOT, seat, players, variant, seed)

    def decide(self, view: PlayerView) -> Decision:
        move = self.lesson.bot_move(len(view.history))
        if move is None:
            return self.inner.decide(view)
        why = next((item.why for item in self.lesson.script if isinstance(item, BotMove) and item.move is move), "")
        return Decision(move.resolve(view), _(why))

    def observe(self, view: PlayerView) -> None:
        self.inner.observe(view)


class LessonSession(Session):
    """A lesson's game: its fixed deal and 'game so far', no autosave, and bots that wait while `hold` is set
    (the player is reading the guide)."""

    def __init__(self, item: Lesson, *, threaded: bool = True) -> None:
        seats = [SeatSpec(name, None if seat == item.you else LESSON_BOT) for seat, name in enumerate(item.names)]
        setup = Setup(seats, item.variant, seed=f"{SEED_PREFIX}{item.key}")
        played = new_game(item)
        super().__init__(setup, played.actions, threaded=threaded, deck=played.deck,
                         tiles=played.initial_tiles or None)
        self.lesson = item
        self.hold = True

    def update(self, dt: float):  # noqa: ANN201 - list[LogEntry]
        if self.hold:
            return []
        return super().update(dt)

    def rematch(self) -> Setup:
        return practice_setup(self.lesson)


def practice_setup(item: Lesson, seed: str | None = None) -> Setup:
    """The seats and variant of the short game after `item`: the player and the practice bot, a new deal."""
    mate = "Bob" if item.names[item.you] != "Bob" else "Ann"
    return Setup([SeatSpec(item.names[item.you]), SeatSpec(mate, PRACTICE_BOT)], item.practice or item.variant,
                 seed=seed or secrets.token_hex(4))


def practice_opening(setup: Setup) -> tuple[Game, list[str]]:
    """The practice bot plays both seats of `setup`'s deal until `PRACTICE_DECK_LEFT` cards are left: the game
    and the bots' explanations."""
    game = Game.new(setup.make_variant(), len(setup.seats), setup.seed or "", names=[s.name for s in setup.seats])
    bots = {s: create(PRACTICE_BOT, s, game.players, game.variant, f"{setup.seed}/opening/{s}")
            for s in range(game.players)}
    explanations = []
    while game.deck_count > PRACTICE_DECK_LEFT and not game.over:
        decision = decide(bots[game.current], PlayerView.of(game, game.current))
        action = getattr(decision, "action", None)
        if action is None or not game.can(action):  # a bot fault: stop the opening here, the game is fine
            break
        game.apply(action)
        explanations.append(str(decision.explanation or "").split("\n")[0])
        observe_all(bots, game)
    return game, explanations


def fair(game: Game) -> bool:
    """Is this a fair place to hand a learner the game: no error tile, every firework can still be finished,
    and the opening scored at least a third of the maximum?"""
    return (not game.over and game.strikes == 0 and game.max_reachable_score() == game.variant.max_score
            and sum(game.fireworks) >= game.variant.max_score // 3)


def practice_session(item: Lesson, *, threaded: bool = True, tries: int = 40, seed: str | None = None) -> Session:
    """The short real game that ends a lesson.

    'Short' is the last stretch of a real game: a new deal of the lesson's variant against the practice bot,
    whose first part the practice bot plays for both seats (it follows the conventions of lesson 5, so the
    clues on the player's cards mean what the lessons said), until `PRACTICE_DECK_LEFT` cards are left. The
    player then plays about six turns, the last round and the score, all of a real game, in a few minutes: a
    whole game (40 draws for two players) is half an hour for a beginner, and a smaller deck would be a
    variant of our own that no rulebook rates. Of up to `tries` new deals the first whose opening went well
    (`fair`) is kept, so that a learner is not handed a game already lost. An opening takes about 50 ms; it
    runs on a thread while the player reads the end of the lesson. (With the practice bot in Black Powder
    only about 1 opening in 15 is fair: `tries` is set for that.) `seed` makes the deals repeatable.
    """
    base = seed or secrets.token_hex(4)
    for n in range(tries):
        setup = practice_setup(item, seed=f"{base}-{n}")
        game, explanations = practice_opening(setup)
        if fair(game):
            break
    return Session(setup, game.actions, threaded=threaded, explanations=explanations)

