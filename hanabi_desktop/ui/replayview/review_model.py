"""What the Review screen shows, as plain values, and the worker that computes it. No pygame.

`ReviewJob` runs `review.report.review_game` on a thread of its own (the solver and the bots' suggestions take
seconds; the frame thread only reads the job's progress and, once done, its result). `ReviewText` turns a
`Review` into the texts and points the screen draws: the deal's best score (exact, or between two proven
bounds, said as such), the best reachable score before every move (the curve under the replay slider), the
moves where it dropped with what happened, and for each move what the conventions bot would have done instead
from that seat's view, with its explanation. The job also lists the moves that broke the conventions
(`review.conventions.broken_conventions`: the people's seats, every seat for a record that does not say), which `flags`
turns into rows: the guide's rule, what went wrong and the partner's move there.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from hanabi_desktop.engine import Action, Discard, Game, GameRecord, HanabiError, Play
from hanabi_desktop.i18n import _
from hanabi_desktop.review.conventions import Broken, broken_conventions
from hanabi_desktop.review.report import Bound, Review, TurnReview, review_game
from hanabi_desktop.review.solver import solve
from hanabi_desktop.table.narrate import describe

log = logging.getLogger(__name__)


class Cancelled(Exception):
    """Raised inside the worker (from its progress hook) when the review is no longer wanted."""


class ReviewJob:
    """`review_game(record)` on a daemon thread; `progress`, `result` and `error` are read from the frame.

    `cancel()` stops it at its next progress report (one position's solve at most), so a viewer closed
    mid-review does not leave a core busy for the rest of the budget.
    """

    def __init__(self, record: GameRecord, *, budget_s: float = 5.0, bot: str = "conventions") -> None:
        self.record = record
        self.progress: tuple[int, int] = (0, 1)  # steps done, steps in all
        self.result: Review | None = None
        self.broken: tuple[Broken, ...] = ()  # set before `result`: a finished review always has its list
        self.error = ""
        self._done = threading.Event()
        self._cancelled = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(budget_s, bot), name="review", daemon=True)
        self._thread.start()

    def _run(self, budget_s: float, bot: str) -> None:
        try:
            review = review_game(self.record, budget_s=budget_s, bot=bot, progress=self._progress)
            self.broken = broken_conventions(self.record, bot=bot)
            self.result = review
        except Cancelled:
            pass
        except HanabiError as exc:  # RecordError included: a record that does not replay
            self.error = _("The review could not be made: {reason}").format(reason=str(exc))
        except Exception as exc:  # noqa: BLE001 - a solver or bot bug must not end the replay; the log says it
            log.exception("review failed")
            self.error = _("The review failed ({error}); the replay still works.").format(error=type(exc).__name__)
        finally:
            self._done.set()

    def _progress(self, done: int, total: int) -> None:
        if self._cancelled.is_set():
            raise Cancelled
        self.progress = (done, max(1, total))

    def cancel(self) -> None:
        """Stop working as soon as the review reports progress next; `result` stays None."""
        self._cancelled.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the result (tests, headless); True once done."""
        return self._done.wait(timeout)

    @property
    def fraction(self) -> float:
        done, total = self.progress
        return min(1.0, done / total)


@dataclass(frozen=True)
class Drop:
    """A move after which the best reachable score fell: where to jump (`turn`, the position before it) and why."""

    turn: int
    before: Bound
    after: Bound
    text: str  # "Move 12 (25 to 24): discarded the last red 4" (the font has no arrow)
    action: str  # the move in the log's words: "Bob discards red 4 from slot 5"


@dataclass(frozen=True)
class Flag:
    """A move that broke a convention of the level: where to jump (`turn`, the position before it), the row's
    text and the partner's move there."""

    turn: int
    text: str  # "Move 7, Ann: Good Touch Principle - It touches red 1, which is no longer needed (Good Touch)."
    action: str  # "The partner would have made this move instead: Ann clues Bob red." and its reason


def flags(broken: Sequence[Broken], states: Sequence[Game], hidden: int | None = None) -> list[Flag]:
    """The rows of the broken-conventions list, in game order. `hidden`: the seat whose eyes the replay shows
    (its own cards are not named; see `move_text`)."""
    out = []
    for b in broken:
        if b.turn >= len(states):
            continue
        partner = move_text(states[b.turn], b.instead, hidden)
        action = _("The partner would have made this move instead: {action}.").format(action=partner)
        if b.why:
            action += " " + _("Its reason: {why}").format(why=b.why)
        out.append(Flag(b.turn, _("Move {move}, {player}: {rule} - {what}").format(
            move=b.turn + 1, player=states[b.turn].names[b.seat], rule=b.rule_text, what=b.what), action))
    return out


def bound_text(bound: Bound) -> str:
    """A score as proven: "24", or "between 22 and 24"."""
    if bound.low == bound.high:
        return str(bound.low)
    return _("between {low} and {high}").format(low=bound.low, high=bound.high)


def best_score_line(review: Review) -> str:
    """The headline: the deal's best score with every card known, exact or as bounds said as such."""
    b = review.max_score
    if b.low == b.high:
        return _("Best score this deal allowed, with every card known: {score}").format(score=b.low)
    return _("Best score this deal allowed, with every card known: between {low} and {high} "
             "(not proven exactly in the time allowed)").format(low=b.low, high=b.high)


def curve(review: Review) -> tuple[Bound, ...]:
    """The best reachable score before each move and after the last: one point per slider position."""
    return review.max_by_turn


def move_text(before: Game, action: Action, hidden: int | None = None) -> str:
    """`action`, taken by the seat to act in `before`, in the log's words (`before` is not changed).

    `hidden`: a seat whose own cards are not named (the replay is shown through that seat's eyes, and a card
    it plays or discards is still face down to it at that moment): the slot only.
    """
    if hidden is not None and isinstance(action, Play | Discard) and action.card in before.hands[hidden]:
        slot = before.hands[hidden].index(action.card) + 1
        text = _("{player} plays slot {slot}") if isinstance(action, Play) else _("{player} discards slot {slot}")
        return text.format(player=before.names[before.current], slot=slot)
    game = before.clone()
    seat, hands = game.current, [list(h) for h in game.hands]
    try:
        events = game.apply(action)
    except HanabiError:
        return str(action)
    return describe(game, seat, hands, action, events)


def drops(review: Review, states: Sequence[Game]) -> list[Drop]:
    """The moves where the best reachable score provably fell, in game order, each with what happened."""
    out = []
    for t in review.turns:
        if not t.dropped or t.turn >= len(states):
            continue
        text = _("Move {move} ({before} to {after}): {what}").format(
            move=t.turn + 1, what=t.lost or _("the best score fell"), before=bound_text(t.best_before),
            after=bound_text(t.best_after))
        out.append(Drop(t.turn, t.best_before, t.best_after, text, move_text(states[t.turn], t.action)))
    return out


def turn_lines(review: Review | None, states: Sequence[Game], actions: Sequence[Action], index: int,
               hidden: int | None = None, broken: Sequence[Broken] = ()) -> list[str]:
    """What the review says about the move made from position `index` (after `index` actions): the move, and,
    where the conventions bot would have done otherwise from that seat's view, its move and its reason, and
    the conventions the move broke (`broken`, the whole game's list).
    `hidden`: the seat whose eyes the replay shows (its own cards are not named; see `move_text`)."""
    if index >= len(actions) or index >= len(states) - 1:
        return [_("The game is over: nothing more was played.")]
    made = move_text(states[index], actions[index], hidden)
    lines = [_("Move {move}: {action}.").format(move=index + 1, action=made)]
    if review is None or index >= len(review.turns):
        return lines
    t: TurnReview = review.turns[index]
    if t.suggestion is None:
        lines.append(_("The conventions bot would have made the same move."))
    else:
        bot_move = move_text(states[index], t.suggestion, hidden)
        lines.append(_("The conventions bot, seeing what {player} saw, would have made this move instead: "
                       "{action}.").format(player=states[index].names[t.seat], action=bot_move))
        if t.explanation:
            lines.append(_("Its reason: {why}").format(why=t.explanation))
    for b in broken:
        if b.turn == index:
            lines.append(_("Convention broken ({rule}): {what}").format(rule=b.rule_text, what=b.what))
    if t.dropped:
        lines.append(_("Points lost here: {what} (the best score fell from {before} to {after}).").format(
            what=t.lost or _("the best score fell"), before=bound_text(t.best_before),
            after=bound_text(t.best_after)))
    return lines


class BestScores:
    """The best score reachable from positions of a hypothetical, each worked out off the frame thread.

    `ask(key, game)` queues `game` (copied) under `key`; one daemon thread solves one position at a time, the
    latest asked first (a player making moves quickly only needs the newest), within `budget_s` seconds each.
    `get(key)` is the proven `Bound` once known, else None.
    """

    def __init__(self, budget_s: float = 2.0) -> None:
        self.budget_s = budget_s
        self._known: dict[object, Bound] = {}
        self._queue: list[tuple[object, Game]] = []
        self._lock = threading.Lock()
        self._running = False

    def ask(self, key: object, game: Game) -> None:
        with self._lock:
            if key in self._known or any(k == key for k, _g in self._queue):
                return
            self._queue.append((key, game.clone()))
            if self._running:
                return
            self._running = True
        threading.Thread(target=self._work, name="best-score", daemon=True).start()

    def get(self, key: object) -> Bound | None:
        with self._lock:
            return self._known.get(key)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._running = False
                    return
                key, game = self._queue.pop()  # the newest first
            try:
                bound = solve(game, self.budget_s).bound
            except Exception:  # noqa: BLE001 - a solver bug must not end the hypothetical; the log says it
                log.exception("best score of a hypothetical position failed")
                continue
            with self._lock:
                self._known[key] = bound
