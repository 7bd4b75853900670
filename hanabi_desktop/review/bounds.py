"""Proven upper bounds on the score still reachable from a state (every card known), by counting.

Three counts, each a relaxation of the real game, so each is a true upper bound:
1. Cards: each firework can climb only while a copy of its next card is left (in a hand or the draw pile;
   Black Powder counts down from 5). With 5 Flamboyants a discarded copy may come back by tile 5 or 6.
2. Turns: a play or a discard draws a card, a clue draws none; once the deck is empty every player has one
   more turn. So at most (cards in the pile + players) plays remain, or `final_turns_left` once it is set.
3. Timing: the card at depth j of the pile can be played at the earliest on the (j+2)th drawing turn from now,
   and a firework's cards go in order; plays are one per turn. With the chain of release times r'
   (r'_k = max(r_k, r'_{k-1} + 1)), the plays by the last turn T are at most min over t of
   #{r' <= t} + (T - t). In the last round each player plays at most one card: only players holding a card
   the fireworks still need can add a point.
Final flourish has no turn limit: it is all or nothing, so the bound is the maximum or 0.
"""

from __future__ import annotations

from hanabi_desktop.engine.events import Tile
from hanabi_desktop.review.state import State

_REVIVE = (Tile.RECOVER, Tile.REPLAY)


def upper_bound(s: State) -> int:
    """A proven upper bound on the final score reachable from `s`."""
    if s.end is not None:
        return s.score
    d = s.deal
    ident = d.ident
    # earliest drawing turn (1-based, counted from now) after which each identity can be played
    release: dict[int, int] = {}
    for h in s.hands:
        for o in h:
            release[ident[o]] = 1
    for j, o in enumerate(s.pile):
        i = ident[o]
        if i not in release:
            release[i] = j + 2
    revivals = 0
    discarded: set[int] = set()
    if d.flamboyants:
        revivals = sum(t in _REVIVE for t in s.tiles) + (s.pending in _REVIVE)
        discarded = {ident[o] for o in s.discard}
    chains: list[int] = []  # release times of every card a firework can still get, chained
    complete = True
    for suit in range(d.n_suits):
        n = s.fw[suit]
        t = 0
        while n < 5:
            i = d.next_ident[suit][n]
            r = release.get(i)
            if r is None:
                if revivals and i in discarded:
                    revivals -= 1
                    r = 1
                else:
                    complete = False
                    break
            t = max(r, t + 1)
            chains.append(t)
            n += 1
    now = s.firework_score
    if d.final_flourish:
        return d.max_score if complete else 0
    bonus = sum(t in _REVIVE for t in s.tiles) + (s.pending in _REVIVE) if d.flamboyants else 0
    if s.final_left is not None:
        turns = s.final_left
        last_round = sum(1 for k in range(turns) if _holds_needed(s, (s.cur + k) % d.players, release))
        plays = min(len(chains), last_round + bonus)
        return now + plays
    deck = len(s.pile)
    if s.pending is not None:
        deck += 1  # the player who revealed the tile still draws: count that turn's play as made
    total = deck + d.players
    chains.sort()
    best = min(len(chains), total)
    # min over t of #{r' <= t} + (total - t); t at each release time minus one suffices
    k = 0
    for idx, r in enumerate(chains):
        t = r - 1
        if t >= total:
            break
        k = idx  # releases before this one are <= t
        best = min(best, k + (total - t))
    return now + min(best + bonus, len(chains))


def _holds_needed(s: State, player: int, release: dict[int, int]) -> bool:
    """Does `player` hold a card some firework still needs (not yet played, not trash)?"""
    d = s.deal
    for o in s.hands[player]:
        suit = d.suit_of[o]
        n = s.fw[suit]
        if n < 5:
            # a card is needed if it lies on its firework's remaining path and every card below it is still there
            m = n
            while m < 5:
                i = d.next_ident[suit][m]
                if i == d.ident[o]:
                    return True
                if i not in release:
                    break
                m += 1
    return False
