"""The review of a recorded game: the deal's best score, the best score still reachable before every move, the
moves where it dropped and why, and what the conventions bot would have done instead, from that seat's view.

This is the API the Review screen and the `review` and `advise` commands use. No pygame, no UI.

The curve reuses work between turns: one `Solver` (one memo of refuted positions) serves every position of the
game, solved from the last to the first; the line found after move t, prefixed by move t, is a real line from
before it, so it is a lower bound there; and the best score can only fall as moves are made, so an upper bound
before a move bounds every later position too.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass

from hanabi_desktop.bots.advice import advice, views_of
from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import (
    Action,
    Clue,
    Game,
    GameRecord,
    HanabiError,
    Play,
    PlayerView,
    Recover,
)
from hanabi_desktop.engine.events import CardDiscarded, CardMisplayed, EndReason
from hanabi_desktop.i18n import _
from hanabi_desktop.review.solver import Bound, Solver

__all__ = ["Bound", "Review", "TurnReview", "advise", "review_game"]


@dataclass(frozen=True)
class TurnReview:
    """One move of the game, reviewed."""

    turn: int  # actions made before this one (0-based)
    seat: int
    action: Action  # the move made
    best_before: Bound  # best reachable score before the move
    best_after: Bound
    suggestion: Action | None  # the conventions bot's move from that seat's view only; None when it is the move made
    explanation: str  # the bot's explanation of its suggestion ("" when None)
    lost: str  # "" or why the best score dropped ("misplay of red 3", "discarded the last blue 4" ...)

    @property
    def dropped(self) -> bool:
        """Did this move provably lower the best reachable score?"""
        return self.best_after.high < self.best_before.low


@dataclass(frozen=True)
class Review:
    """A whole game reviewed."""

    max_score: Bound  # the deal's best score
    turns: tuple[TurnReview, ...]

    @property
    def max_by_turn(self) -> tuple[Bound, ...]:
        """The best reachable score before each move, and after the last one."""
        if not self.turns:
            return (self.max_score,)
        return tuple(t.best_before for t in self.turns) + (self.turns[-1].best_after,)


def positions(record: GameRecord) -> list[Game]:
    """The game before each action and after the last (a `RecordError` names an illegal action).

    Each is replayed from the deal by `GameRecord.replay`, the one place that words a bad action (every prefix
    of a whole game replays in milliseconds)."""
    return [record.replay(t) for t in range(len(record.actions) + 1)]


def _bot_seed(record: GameRecord, seat: int) -> str:
    return f"{record.extra.get('seed', 0)}/{seat}"


def _same_move(a: Action, b: Action) -> bool:
    if isinstance(a, Recover) and isinstance(b, Recover):
        return a.card == b.card  # where the card went is the game's draw, not the player's choice
    return a == b


def advise(record: GameRecord, turn: int, *, bot: str = "conventions") -> tuple[int, Decision]:
    """The seat to act after `turn` actions, and `bot`'s decision there from that seat's view only.

    The bot follows the game as it would have at the table: it observes its seat's view after every action
    and decides on its view at `turn`. It never sees its own cards.
    """
    if not 0 <= turn <= len(record.actions):
        raise HanabiError(_("there is no turn {turn}: the game has {count} actions").format(
            turn=turn, count=len(record.actions)))
    game = record.replay(turn)
    if game.over:
        raise HanabiError(_("the game is over after {turn} actions").format(turn=turn))
    seat = game.current
    return seat, advice(views_of(record, seat, turn), bot, _bot_seed(record, seat))


def review_game(record: GameRecord, *, budget_s: float = 5.0, bot: str = "conventions",
                progress: Callable[[int, int], None] | None = None) -> Review:
    """Review a whole game in about 2 x `budget_s` seconds in all: the bot's suggestions (from each seat's own
    view) first, then the best reachable score before every move (`budget_s` seconds shared by the positions
    after the first move), then the deal's best score in what is left, at most `budget_s` seconds."""
    finish = time.perf_counter() + 2 * budget_s * 0.98  # 2% kept for replaying lines and wording the drops
    games = positions(record)
    n = len(record.actions)
    total = n + n + 1  # suggestions, then positions solved
    step = iter(range(1, total + 1))

    def tick() -> None:
        done = next(step)
        if progress is not None:
            progress(done, total)

    suggestions = []
    bots = {s: create(bot, s, len(record.players), record.variant, _bot_seed(record, s))
            for s in range(len(record.players))}
    for t, action in enumerate(record.actions):
        seat = games[t].current
        decision = copy.deepcopy(bots[seat]).decide(PlayerView.of(games[t], seat))  # deciding may touch its notes
        suggestions.append(None if _same_move(decision.action, action) else decision)
        for s, b in bots.items():
            b.observe(PlayerView.of(games[t + 1], s))
        tick()

    solver = Solver(games[0])
    low: list[int] = [0] * (n + 1)
    high: list[int] = [0] * (n + 1)
    # the positions after each move, last first: each one's line, with the move before it, is a line before it
    deadline = min(time.perf_counter() + budget_s, finish)
    known_low: int | None = None
    for t in range(n, 0, -1):
        left = max(deadline - time.perf_counter(), 0.0)
        sol = solver.solve(games[t], left / t, low=known_low)
        low[t], high[t] = sol.bound.low, sol.bound.high
        known_low = low[t]
        tick()
    sol = solver.solve(games[0], max(min(budget_s, finish - time.perf_counter()), 0.0), low=known_low)
    low[0], high[0] = sol.bound.low, sol.bound.high
    tick()
    _tighten(low, high)
    # time left over goes to the positions still open, last first (the memo grows from the end)
    open_ = [t for t in range(n, 0, -1) if low[t] < high[t]]
    for k, t in enumerate(open_):
        left = finish - time.perf_counter()
        if left <= 0.01:
            break
        sol = solver.solve(games[t], left / (len(open_) - k), low=low[t], high=high[t])
        low[t], high[t] = sol.bound.low, sol.bound.high
        _tighten(low, high)
    bounds = [Bound(lo, max(lo, hi)) for lo, hi in zip(low, high, strict=True)]

    turns = []
    for t, action in enumerate(record.actions):
        before, after = bounds[t], bounds[t + 1]
        lost = loss_reason(games[t], action) if after.high < before.low else ""
        decision = suggestions[t]
        turns.append(TurnReview(t, games[t].current, action, before, after,
                                None if decision is None else decision.action,
                                "" if decision is None else decision.explanation, lost))
    return Review(bounds[0], tuple(turns))


def _tighten(low: list[int], high: list[int]) -> None:
    """Share proven bounds along the game: the best score never rises as moves are made."""
    for t in range(1, len(high)):
        high[t] = min(high[t], high[t - 1])
    for t in range(len(low) - 2, -1, -1):
        low[t] = max(low[t], low[t + 1])


def loss_reason(game: Game, action: Action) -> str:
    """Why `action`, made in `game`, lowered the best reachable score, in a player's words."""
    v = game.variant
    after = game.clone()
    events = after.apply(action)
    mine = [o for o in game.hands[game.current] if game.is_playable(game.card(o))]
    playable = v.card_name(game.card(mine[0])) if mine else None
    for e in events:
        if isinstance(e, CardMisplayed):
            card = v.card_name(game.card(e.card))
            if after.end_reason is EndReason.STRIKEOUT:
                return _("misplay of {card}: the third error ends the game").format(card=card)
            if game.is_critical(game.card(e.card)):
                return _("misplay of {card}, its last copy").format(card=card)
            return _("misplay of {card}").format(card=card)
        if isinstance(e, CardDiscarded):
            card = v.card_name(game.card(e.card))
            if game.is_critical(game.card(e.card)):
                last = v.article_card_name(game.card(e.card))
                if not any(hit for _turn, _clue, hit in game.clue_history[e.card]):
                    return _("discarded the last {card}: no clue had saved it").format(card=last)
                return _("discarded the last {card}").format(card=last)
            if game.is_trash(game.card(e.card)):
                if playable is not None:
                    return _("discarded {card} while {playable} was playable").format(card=card, playable=playable)
                return _("discarded {card}, no longer needed, and drew: the deck now runs out too soon").format(
                    card=card)
            return _("discarded {card}: its other copy comes too late").format(card=card)
    if isinstance(action, Clue) and playable is not None:
        return _("a clue while {playable} was playable: too few turns were left for every card").format(
            playable=playable)
    if isinstance(action, Play) and game.deck_count > 0:
        return _("played {card} and drew: the deck now runs out before every card can be played").format(
            card=v.card_name(game.card(action.card)))
    if after.deck_count == 0 and game.deck_count > 0:
        return _("drew the last card: the deck ran out before every card could be played")
    if game.deck_count == 0:
        return _("the final round: too few turns left for the cards still needed")
    return _("a turn spent here left too few turns for every card before the deck ran out")
