"""A hint at the table: the move the conventions bot would make in the player's seat, and why. No pygame.

The hint is worked out from the player's own views only: `hint_for` takes the `PlayerView`s of one seat (one per
action so far) and shows them to a fresh conventions bot for that seat, as the game's bots were shown theirs;
a view holds no identity of its seat's own cards, so neither can the hint. `Hinter` does this on a thread of
its own (replaying a game and a bot's reading of it takes longer than a frame).

>>> from hanabi_desktop.bots.advice import views_of
>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
>>> hint = hint_for(views_of(GameRecord.of(game), 0), "conventions")
>>> hint.seat, hint.turn, bool(hint.text)
(0, 0, True)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from hanabi_desktop.bots.advice import advice
from hanabi_desktop.engine import (
    Action,
    ColourClue,
    Discard,
    Play,
    PlayerView,
    RankClue,
    Recover,
    Replay,
)
from hanabi_desktop.i18n import _, ngettext

log = logging.getLogger(__name__)

ADVISOR = "conventions"


@dataclass(frozen=True)
class Hint:
    """The advised move for `seat` after `turn` actions: the action, in words, why, and what to highlight."""

    turn: int
    seat: int
    action: Action
    text: str
    explanation: str
    cards: frozenset[int]  # the card to play or discard, or the cards the clue touches
    target: int | None = None  # a clue's receiver


def advisor_for(bots: Sequence[str | None]) -> str:
    """The conventions bot at the game's level: that of the first conventions bot seated, else the default."""
    for name in bots:
        if name is not None and name.partition("@")[0] == ADVISOR:
            return name
    return ADVISOR


def hint_for(views: Sequence[PlayerView], bot: str = ADVISOR) -> Hint:
    """The move bot `bot` would make at the seat of `views` (that seat's views, one per action so far)."""
    now = views[-1]
    decision = advice(views, bot, f"hint/{now.seat}")
    return describe_hint(now, decision.action, str(decision.explanation or "").splitlines()[0:1])


def describe_hint(view: PlayerView, action: Action, why: Sequence[str] = ()) -> Hint:
    """The hint of `action` at `view`: the move in words (game slots) and the cards it concerns."""
    seat = view.seat
    assert seat is not None
    explanation = why[0] if why else ""
    target = None
    if isinstance(action, (Play, Discard)):
        slot = view.hands[seat].index(action.card) + 1
        text = (_("Play slot {slot}.") if isinstance(action, Play) else _("Discard slot {slot}.")).format(slot=slot)
        cards = frozenset({action.card})
    elif isinstance(action, (ColourClue, RankClue)):
        target = action.target
        touched = view.touched(action)
        slots = ", ".join(str(view.hands[target].index(o) + 1) for o in touched)
        what = (_(view.variant.colour_names[action.colour]) if isinstance(action, ColourClue) else str(action.rank))
        text = ngettext("Clue {player} {clue} (touches slot {slots}).", "Clue {player} {clue} (touches slots {slots}).",
                        len(touched)).format(player=view.names[target], clue=what, slots=slots)
        cards = frozenset(touched)
    elif isinstance(action, (Recover, Replay)):
        text = _("Take {card} from the discard pile.").format(card=view.variant.card_name(view.visible[action.card]))
        cards = frozenset({action.card})
    else:
        text, cards = str(action), frozenset()
    return Hint(len(view.history), seat, action, text, explanation, cards, target)


def _advise_safely(views: Callable[[], Sequence[PlayerView]], bot: str) -> Hint | str:
    """`hint_for` on the seat's views `views()` gives, or a sentence if the bot failed (a bug must not end the game)."""
    try:
        return hint_for(views(), bot)
    except Exception:  # noqa: BLE001 - any bot bug: logged, and the player told there is no hint
        log.exception("the hint bot %s failed", bot)
        return _("No hint this time: the bot could not work one out (the log says why).")


class Hinter:
    """Works hints out off the frame thread; the table asks, then looks each frame whether one is ready."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self.future: Future | None = None
        self.key: tuple | None = None  # (undos, actions, seat) the hint asked for is about

    def ask(self, views: Callable[[], Sequence[PlayerView]], bot: str, key: tuple) -> None:
        """Start working out the hint for the seat whose views `views()` gives, since the deal (`Table.seat_views`:
        called on the hint's thread, it may replay a game)."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hint")
        self.key = key
        self.future = self._executor.submit(_advise_safely, views, bot)

    def ready(self, key: tuple) -> Hint | str | None:
        """The hint asked for `key` once worked out, or why there is none (a sentence); None while working, or if
        it was for another position."""
        f = self.future
        if f is None or self.key != key or not f.done():
            return None
        return f.result()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
