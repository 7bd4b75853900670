"""Lessons as data: a fixed deal, the seats, and a script of what happens, step by step. No pygame.

A `Lesson` is played on the real table with the real engine. Its script is a list of items, in order:

- `Info`: something to read (and where to look); the player goes on with Next.
- `Turn`: the player's move. Only the moves in `allow` pass the lesson's gate (the engine itself refuses
  nothing extra); any other move is refused with `wrong` (or a reason of its own from `others`), and once the
  move is made `after` explains what happened.
- `BotMove`: the practice bot's move, scripted (the lesson's deal was built for it); `why` is its explanation
  in the log and what the guide says while it acts.

Moves are written in the player's terms, not card ids: `Move("play", slot=2)`, `Move("clue", target=1,
colour="red")`, `Move("clue", target=1, rank=5)`; `resolve` turns one into the engine action on a game.

Every text is marked with `N_` where the lesson is defined and translated where it is shown.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from hanabi_desktop.engine import (
    Action,
    Card,
    ColourClue,
    Discard,
    Game,
    Play,
    RankClue,
    Variant,
    get_variant,
)
from hanabi_desktop.i18n import N_


@dataclass(frozen=True)
class Look:
    """What the guide points at: 'hand' (a seat), 'card' (a seat's slot), or a part of the table:
    'fireworks', 'deck', 'tokens', 'errors', 'discard', 'status', 'log', 'bonus', 'firework' (a suit index)."""

    what: str
    seat: int | None = None
    slot: int | None = None
    suit: int | None = None


@dataclass(frozen=True)
class Move:
    """A move in the player's terms: play / discard a slot of the acting hand, or a clue to a seat."""

    kind: str  # 'play' | 'discard' | 'clue'
    slot: int | None = None
    target: int | None = None
    colour: str | None = None  # a clue colour's name ('red'), for a colour clue
    rank: int | None = None  # for a rank clue

    def resolve(self, game: Game) -> Action:
        """The engine action this move is on `game` now (for the seat to act)."""
        if self.kind in ("play", "discard"):
            if self.slot is None:
                raise ValueError("a play or a discard needs a slot")
            card = game.hands[game.current][self.slot - 1]
            return Play(card) if self.kind == "play" else Discard(card)
        if self.target is None:
            raise ValueError("a clue needs a target")
        if self.colour is not None:
            return ColourClue(self.target, game.variant.colour_index(self.colour))
        if self.rank is None:
            raise ValueError("a clue needs a colour or a rank")
        return RankClue(self.target, self.rank)

    def matches(self, game: Game, action: Action) -> bool:
        """Is `action` (by the seat to act on `game`) this move? A move with no slot/colour/rank is any such."""
        hand = game.hands[game.current]
        match action:
            case Play(card) | Discard(card):
                kind = "play" if isinstance(action, Play) else "discard"
                return (self.kind == kind and card in hand
                        and (self.slot is None or hand.index(card) + 1 == self.slot))
            case ColourClue(target, colour):
                if self.kind != "clue" or self.rank is not None or (self.target not in (None, target)):
                    return False
                return self.colour is None or game.variant.colour_index(self.colour) == colour
            case RankClue(target, rank):
                if self.kind != "clue" or self.colour is not None or (self.target not in (None, target)):
                    return False
                return self.rank is None or self.rank == rank
        return False


@dataclass(frozen=True)
class Info:
    """Something to read before going on."""

    text: str
    look: Look | None = None


@dataclass(frozen=True)
class Turn:
    """The player's move: what to do, which moves pass, why another does not, and what happened after."""

    text: str
    allow: tuple[Move, ...]
    wrong: str
    after: str
    look: Look | None = None
    others: tuple[tuple[Move, str], ...] = ()  # a reason of its own for a tempting wrong move


@dataclass(frozen=True)
class BotMove:
    """The practice bot's scripted move and its explanation (shown while it acts and in the log)."""

    move: Move
    why: str
    look: Look | None = None


Item = Info | Turn | BotMove


@dataclass(frozen=True)
class Lesson:
    """One lesson: its deal, its seats and its script. See the module docstring."""

    key: str
    number: str  # as the lesson list shows it: '1', '6a'
    title: str
    summary: str
    variant: str  # a preset key
    hands: tuple[tuple[str, ...], ...]  # each seat's opening hand, slot 1 first, as card texts ('r1')
    script: tuple[Item, ...]
    you: int = 0  # the seat the player takes; the others are practice bots
    names: tuple[str, ...] = ("Ann", "Bob")
    draws: tuple[str, ...] = ()  # the first cards of the draw pile, in the order they are drawn
    prefix: tuple[Move, ...] = ()  # moves already made when the lesson starts ('the game so far')
    tiles: tuple[int, ...] = ()  # 5 Flamboyants: the bonus tiles' order
    practice: str = ""  # the preset of the short game after it ('' = the lesson's own)

    @property
    def players(self) -> int:
        return len(self.hands)

    def make_variant(self) -> Variant:
        return get_variant(self.variant)

    def deck(self) -> list[Card]:
        """The whole deck in draw order: the hands as dealt (one whole hand at a time, seat 0 first, the card
        dealt last in slot 1), then `draws`, then every other card of the variant in a fixed order."""
        v = self.make_variant()
        top: list[Card] = []
        for hand in self.hands:
            top += [v.parse_card(t) for t in reversed(hand)]
        top += [v.parse_card(t) for t in self.draws]
        rest = v.sorted_deck()
        for c in top:
            rest.remove(c)  # ValueError if the lesson names more copies than the deck has
        random.Random(f"lesson-{self.key}").shuffle(rest)  # the same order on every machine and every run
        return top + rest

    def moves(self) -> list[Move]:
        """The scripted path's moves in turn order, after the prefix (each Turn's first allowed move)."""
        return [item.allow[0] if isinstance(item, Turn) else item.move
                for item in self.script if isinstance(item, (Turn, BotMove))]

    def bot_move(self, turn: int) -> Move | None:
        """The scripted bot move of game turn `turn` (counted from the start, prefix included), if any."""
        k = turn - len(self.prefix)
        if k < 0:
            return self.prefix[turn]
        moves = [item for item in self.script if isinstance(item, (Turn, BotMove))]
        if k < len(moves) and isinstance(moves[k], BotMove):
            return moves[k].move
        return None


@dataclass
class LessonRun:
    """Where a player is in a lesson: the item shown, given the moves made so far. Pure; no pygame.

    The table tells it each move as it happens (`moved`) and each Next pressed (`next`); the gate asks
    `refusal(game, action)` before the player's move reaches the engine.
    """

    lesson: Lesson
    index: int = 0  # the item shown now
    after: str = ""  # what happened after the player's last move (shown above the next item until it is done)
    done: bool = False

    @property
    def item(self) -> Item | None:
        return self.lesson.script[self.index] if self.index < len(self.lesson.script) else None

    @property
    def holds_bots(self) -> bool:
        """Should the bots wait (the player is reading, or the lesson's script is over)?"""
        return not isinstance(self.item, BotMove)

    def next(self) -> bool:
        """The player pressed Next: go past an Info. False if nothing was waiting for it."""
        if isinstance(self.item, Info):
            self.after = ""
            self._advance()
            return True
        return False

    def refusal(self, game: Game, action: Action) -> str | None:
        """Why the lesson does not let the player make `action` now (None: it may). Texts are English keys,
        translated where shown."""
        item = self.item
        if not isinstance(item, Turn):
            if isinstance(item, Info):
                return NOT_YET
            return LESSON_OVER if item is None else WAIT_BOT
        if any(m.matches(game, action) for m in item.allow):
            return None
        for move, reason in item.others:
            if move.matches(game, action):
                return reason
        return item.wrong

    def moved(self, seat: int) -> None:
        """A move was made by `seat`: go past the Turn (the player's) or BotMove (a bot's) it was."""
        item = self.item
        if isinstance(item, Turn) and seat == self.lesson.you:
            self.after = item.after
            self._advance()
        elif isinstance(item, BotMove) and seat != self.lesson.you:
            self.after = ""
            self._advance()

    def _advance(self) -> None:
        self.index += 1
        if self.index >= len(self.lesson.script):
            self.done = True


# the gate's own refusals (English keys; the scene translates them)
NOT_YET = N_("Read the guide first, then press Next.")
WAIT_BOT = N_("Wait: it is the practice bot's turn.")
LESSON_OVER = N_("The lesson is over: choose what to do next in the guide.")


def play_through(lesson: Lesson, moves: Sequence[Move] | None = None) -> Game:
    """Play the lesson's prefix and script (or `moves` after the prefix) on a fresh game; the game after it.
    `IllegalAction` if a move is illegal in the engine."""
    game = new_game(lesson)
    for move in moves if moves is not None else lesson.moves():
        game.apply(move.resolve(game))
    return game


def new_game(lesson: Lesson) -> Game:
    """The lesson's game after its prefix."""
    from hanabi_desktop.engine.events import Tile

    v = lesson.make_variant()
    tiles = [Tile(t) for t in lesson.tiles] if v.flamboyants and lesson.tiles else None
    game = Game(v, lesson.players, lesson.deck(), tiles=tiles, seed=f"lesson-{lesson.key}", names=lesson.names)
    for move in lesson.prefix:
        game.apply(move.resolve(game))
    return game
