"""The full-information solver: the best score a deal allows from a position, every card and the deck order known.

Deciding whether a deal allows a perfect score is NP-complete, so the solver answers with a `Bound`: `low` is the
score of a real line of play it found (replayed through the engine, so it is a proof), `high` a proven upper
bound (counting bounds, `bounds.upper_bound`, and every target the search refuted). They meet when the search
finishes within its time budget: the answer is then exact.

The search asks 'can the team still reach `target`?', in three phases sharing one memo: a limited-discrepancy
search for the counting bound (lines that leave the move ordering at few places; a quarter of the budget), a
complete search for the highest target still open (another quarter: the bound prunes hard when the deal allows
it), then one point above the best line found at a time, so the lower bound climbs to the answer and only the
target just above it needs a whole refutation. The complete searches are depth-first over `state.State` with:
- move ordering (plays first, then a useless card's discard, a clue, other discards, critical discards last);
- pruning by the counting bound at every node, and a memo of refuted (state, target) pairs shared across
  targets and across the positions of one game (`Solver` keeps it);
- dominance: clues are one move (with every card known a clue only spends a token); of two cards of one
  identity in a hand only one is tried; useless cards are interchangeable; a misplay is tried only where a
  discard is illegal (8 clue tokens) since a discard of the same card is otherwise never worse; while a hand
  holds a useless card, no useful card of it is discarded; in the last round (nothing left to draw) only plays
  are tried when there are any, and otherwise one move that does nothing.
tests/review/test_solver.py checks the answers against `reference.exhaustive_best` (every engine action, no
pruning) on endgames of seven variants, and `solverbench reference` on a few hundred more.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from hanabi_desktop.engine import Action, Game
from hanabi_desktop.engine.game import MAX_CLUE_TOKENS, MAX_STRIKES
from hanabi_desktop.review.bounds import upper_bound
from hanabi_desktop.review.state import CLUE, DISCARD, PLAY, RECOVER, REPLAY, Deal, Move, State, line_actions

MEMO_LIMIT = 500_000  # refuted states kept, about 1 KB each (measured); the memo is cleared when full


@dataclass(frozen=True)
class Bound:
    """A score known to lie between `low` and `high` (both proven); `exact` when they meet."""

    low: int
    high: int

    @property
    def exact(self) -> bool:
        """Is the score known exactly?"""
        return self.low == self.high

    def __str__(self) -> str:
        return str(self.low) if self.exact else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position: the bound, a line reaching `bound.low`, and the work done."""

    bound: Bound
    line: tuple[Action, ...]  # engine actions from the position to the game's end scoring bound.low (empty when
    # bound.low is the one the caller passed in: the caller holds that line)
    nodes: int
    seconds: float


class _OutOfTime(Exception):
    pass


class Solver:
    """Solves positions of one deal; keeps what it refuted, so later positions of the same game cost less."""

    def __init__(self, game: Game, clock: Callable[[], float] = time.perf_counter) -> None:
        self.deal = Deal(game)
        self._clock = clock  # wall-clock by default (what a player waits); a benchmark may count CPU time
        self.refuted: dict[tuple, int] = {}  # state key -> lowest target proven out of reach
        self.nodes = 0
        self._deadline = 0.0
        self._best = -1_000
        self._best_line: list[Move] = []
        self._path: list[Move] = []
        self._cut = False  # did the limited-discrepancy search leave a move out?

    def solve(self, game: Game, budget_s: float = 5.0, *, low: int | None = None, high: int | None = None,
              ) -> Solution:
        """The best score reachable from `game` (a position of this solver's deal), within `budget_s` seconds.

        `low`/`high` are bounds already proven by the caller (e.g. from a neighbouring position); they narrow
        the search. The line returned reaches the returned low bound from `game`, unless that bound is `low`.
        """
        start = self._clock()
        self._deadline = start + budget_s
        nodes0 = self.nodes
        root = State.of_deal(self.deal, game)
        ub = upper_bound(root)
        if high is not None:
            ub = min(ub, high)
        self._best, self._best_line = -1_000, []
        self._greedy(root)
        lb = self._best
        line = list(self._best_line)
        if low is not None and low > lb:
            lb, line = low, []  # the caller's line; ours does not reach it
        final = self._deadline
        # 1. (a quarter of the budget) lines reaching the bound that leave the move ordering at few places,
        # anywhere in the game: a perfect line is usually among them
        try:
            self._deadline = start + budget_s / 4
            k = 1
            while lb < ub:
                self._path = []
                self._cut = False
                if self._departing(root, ub, k):
                    lb, line = self._best, list(self._best_line)
                elif not self._cut:  # no move was left out: the search was complete, the target refuted
                    ub -= 1
                    k = 0
                k += 1
        except _OutOfTime:
            pass
        # 2. (until half the budget) a complete search for the highest target still open: the bound prunes hard
        try:
            self._deadline = start + budget_s / 2
            while lb < ub:
                if self._search(root, ub):
                    lb, line = self._best, list(self._best_line)
                else:
                    ub -= 1
        except _OutOfTime:
            pass
        # 3. one point above the best line at a time: the lower bound climbs to the answer and only the target
        # just above it needs a whole refutation
        self._deadline = final
        try:
            while lb < ub:
                if self._best > lb:
                    lb, line = self._best, list(self._best_line)
                    continue
                if not self._search(root, lb + 1):
                    ub = lb
        except _OutOfTime:
            pass
        if self._best > lb:
            lb, line = self._best, list(self._best_line)
        actions = tuple(line_actions(game, line)) if line else ()
        return Solution(Bound(lb, ub), actions, self.nodes - nodes0, self._clock() - start)

    # -- search ------------------------------------------------------------------------------------
    def _greedy(self, s: State) -> None:
        """One quick line (the first move of each ordered list): a first lower bound."""
        path = []
        while s.end is None:
            moves = ordered_moves(s)
            if not moves:
                break
            path.append(moves[0])
            s = s.apply(moves[0])
        self._record(s, path)

    def _record(self, s: State, path: list[Move]) -> None:
        if s.end is not None and s.score > self._best:
            self._best = s.score
            self._best_line = list(path)

    def _departing(self, s: State, target: int, k: int) -> bool:
        """Limited discrepancy search: is there a line reaching `target` that takes a move other than the first
        of the ordered list at most `k` times? (Refutes nothing: the memo is only read.)"""
        self.nodes += 1
        if not self.nodes & 1023 and self._clock() > self._deadline:
            raise _OutOfTime
        if s.end is not None:
            self._record(s, self._path)
            return s.score >= target
        if upper_bound(s) < target:
            return False
        known = self.refuted.get(s.key())
        if known is not None and known <= target:
            return False
        for idx, m in enumerate(ordered_moves(s)):
            if idx and not k:
                self._cut = True
                break
            self._path.append(m)
            ok = self._departing(s.apply(m), target, k - (idx > 0))
            self._path.pop()
            if ok:
                return True
        return False

    def _search(self, root: State, target: int) -> bool:
        self._path = []  # a search cut short by the clock leaves its path behind
        return self._reach(root, target)

    def _reach(self, s: State, target: int) -> bool:
        """Can the team reach `target` from `s`? Every game end reached is recorded (`_best`, `_best_line`)."""
        self.nodes += 1
        if not self.nodes & 1023 and self._clock() > self._deadline:
            raise _OutOfTime
        if s.end is not None:
            self._record(s, self._path)
            if s.score >= target:
                return True
            return False
        if upper_bound(s) < target:
            return False
        key = s.key()
        known = self.refuted.get(key)
        if known is not None and known <= target:
            return False
        for m in ordered_moves(s):
            self._path.append(m)
            ok = self._reach(s.apply(m), target)
            self._path.pop()
            if ok:
                return True
        if len(self.refuted) >= MEMO_LIMIT:
            self.refuted.clear()
        self.refuted[key] = target if known is None else min(known, target)
        return False


def _useless(s: State, o: int, live: set[int]) -> bool:
    """Can card `o` never be played: already played, or a card below it has no copy left?"""
    d = s.deal
    suit = d.suit_of[o]
    n = s.fw[suit]
    i = d.ident[o]
    while n < 5:
        nxt = d.next_ident[suit][n]
        if nxt == i:
            return False
        if nxt not in live:
            return True
        n += 1
    return True


def ordered_moves(s: State) -> list[Move]:
    """The moves worth trying from `s`, most promising first (see the module's dominance rules)."""
    if s.end is not None:
        return []
    if s.pending is not None:
        return _tile_moves(s)
    d = s.deal
    ident = d.ident
    hand = s.hands[s.cur]
    live = {ident[o] for h in s.hands for o in h}
    live.update(map(ident.__getitem__, s.pile))
    if d.flamboyants:
        live.update(map(ident.__getitem__, s.discard))  # may come back by a tile: never called useless
    plays: list[Move] = []
    useless: list[int] = []
    useful: dict[int, int] = {}  # identity -> a card of it
    for o in hand:
        if d.playable(s.fw, o):
            if ident[o] not in useful:
                useful[ident[o]] = o
                plays.append((PLAY, o))
        elif _useless(s, o, live):
            useless.append(o)
        elif ident[o] not in useful:
            useful[ident[o]] = o
    can_discard = s.tokens < MAX_CLUE_TOKENS
    if s.final_left is not None and not d.flamboyants:
        # the last round: nothing is drawn any more and this is the player's last turn, so a play is never
        # worse than anything else, and without one every move but a misplay does the same (nothing)
        if plays:
            return plays
        if s.tokens > 0 and s.clue_possible():
            return [(CLUE,)]
        if can_discard and hand:
            return [(DISCARD, (useless or hand)[0])]
    moves = plays
    if can_discard and useless:
        moves.append((DISCARD, useless[0]))
    clue = [(CLUE,)] if s.tokens > 0 and s.clue_possible() else []
    others = [o for i, o in useful.items() if not d.playable(s.fw, o)]
    # with 5 Flamboyants a discarded card may be put into play by tile 6 without a turn: discarding a useful card
    # can beat discarding a useless one, so the dominance does not hold there
    if can_discard and (not useless or d.flamboyants):
        in_hands = [ident[o] for p, h in enumerate(s.hands) for o in h]
        copies_left = {i: in_hands.count(i) + sum(ident[o] == i for o in s.pile) for i in {ident[o] for o in others}}
        spare = [o for o in others if copies_left[ident[o]] > 1]
        last = [o for o in others if copies_left[ident[o]] <= 1]
        spare.sort(key=lambda o: -in_hands.count(ident[o]))  # a copy held by someone else first
        # with turns to spare, a duplicate's discard before a clue: clue tokens are kept for the stalls to come
        needed = 0
        for suit, n in enumerate(s.fw):
            nxt = d.next_ident[suit]
            while n < 5 and nxt[n] in live:
                needed += 1
                n += 1
        if spare and len(s.pile) - needed >= 2 * d.players:
            moves.append((DISCARD, spare[0]))
            spare = spare[1:]
        moves += clue
        moves += [(DISCARD, o) for o in spare]
        if not d.final_flourish:  # in Final flourish losing a last copy ends the game at 0
            moves += [(DISCARD, o) for o in last]
    else:
        moves += clue
    if not can_discard and s.strikes < MAX_STRIKES - 1:  # a misplay is the only way to draw without a play
        if useless:
            moves.append((PLAY, useless[0]))
        if not useless or d.flamboyants:
            if d.final_flourish:  # a spare copy only: losing a last copy ends the game at 0
                held = [ident[o] for h in s.hands for o in h] + [ident[o] for o in s.pile]
                moves += [(PLAY, o) for o in others if held.count(ident[o]) > 1]
            else:
                moves += [(PLAY, o) for o in others]
    if d.final_flourish and not moves and hand:
        moves = [(PLAY, hand[0])]  # only losing moves are left: one of them ends the game
    return moves


def _tile_moves(s: State) -> list[Move]:
    moves = s.legal()
    if len(moves) <= 1:
        return moves
    d = s.deal
    seen: set[tuple[int, int]] = set()
    out = []
    # replays of a playable card first, then recoveries of a card still needed, one per identity
    for m in sorted(moves, key=lambda m: (m[0] != REPLAY or not d.playable(s.fw, m[1]), m[0] != RECOVER)):
        k = (m[0], d.ident[m[1]])
        if k not in seen:
            seen.add(k)
            out.append(m)
    return out


def solve(game: Game, budget_s: float = 5.0, clock: Callable[[], float] = time.perf_counter) -> Solution:
    """The best score reachable from `game` with every card known (exact if proven within `budget_s` seconds
    of `clock`)."""
    return Solver(game, clock).solve(game, budget_s)


__all__ = ["Bound", "Solution", "Solver", "solve", "ordered_moves", "CLUE", "DISCARD", "PLAY"]
