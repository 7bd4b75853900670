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
    # release[i]: the earliest drawing turn (1-based, from now) after which identity i can be played
    held = {ident[o] for h in s.hands for o in h}
    release: dict[int, int] = dict.fromkeys(held, 1)
    revivals = 0
    discarded: set[int] = set()
    if d.flamboyants:  # a recovered card may have changed the pile; a discarded card may come back
        for j, o in enumerate(s.pile):
            release.setdefault(ident[o], j + 2)
        revivals = sum(t in _REVIVE for t in s.tiles) + (s.pending in _REVIVE)
        discarded = {ident[o] for o in s.discard}
        first = None
    else:  # the pile is the deck's tail: the next copy of an identity is looked up
        base = len(ident) - len(s.pile)
        first = d.first_pos[base]
        offset = 2 - base
    chains: list[int] = []  # release times of every card a firework can still get, chained
    complete = True
    for suit in range(d.n_suits):
        n = s.fw[suit]
        t = 0
        nxt = d.next_ident[suit]
        while n < 5:
            i = nxt[n]
            r = release.get(i)
            if r is None and first is not None:
                pos = first[i]
                if pos >= 0:
                    r = release[i] = pos + offset
            if revivals and i in discarded:
                if r is None:
                    revivals -= 1
                r = release[i] = 1  # a tile may bring a discarded copy back before the next one is drawn
            if r is None:
                complete = False
                break
            t = r if r > t else t + 1
            chains.append(t)
            n += 1
    now = s.firework_score
    if d.final_flourish:
        return d.max_score if complete else 0
    bonus = sum(t in _REVIVE for t in s.tiles) + (s.pending in _REVIVE) if d.flamboyants else 0
    if s.final_left is not None:
        turns = s.final_left
        last_round = sum(1 for k in range(turns) if _holds_needed(s, (s.cur + k) % d.players, release))
        return now + min(len(chains), last_round + bonus)
    deck = len(s.pile)
    if s.pending is not None:
        deck += 1  # the player who revealed the tile still draws: count that turn's play as made
    total = deck + d.players
    best = min(len(chains), total)
    # min over t of #{r' <= t} + (total - t); t at each release time minus one suffices
    chains.sort()
    for k, r in enumerate(chains):
        if r > total:  # this card and the later ones come too late to be played at all
            best = min(best, k)
            break
        if r > 1:
            best = min(best, k + total - r + 1)
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
