"""Facts about a card identity given the fireworks and the discard pile, shared by the game and the views.

`discarded` is a list indexed by packed identity: copies of that identity in the discard pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hanabi_desktop.engine.cards import Card, identity_of
from hanabi_desktop.engine.events import EndReason
from hanabi_desktop.engine.variants import Variant


def discard_counts(variant: Variant, identities: Iterable[int]) -> list[int]:
    """Copies of each identity among `identities` (e.g. the discard pile's)."""
    counts = [0] * len(variant.copies)
    for i in identities:
        counts[i] += 1
    return counts


def is_playable(variant: Variant, fireworks: Sequence[int], card: Card) -> bool:
    """Would `card` continue its firework?"""
    return variant.suits[card.suit].rank_at(fireworks[card.suit]) == card.rank


def is_played(variant: Variant, fireworks: Sequence[int], card: Card) -> bool:
    """Is this identity already on its firework?"""
    n = fireworks[card.suit]
    return card.rank > 5 - n if variant.suits[card.suit].descending else card.rank <= n


def is_trash(variant: Variant, fireworks: Sequence[int], discarded: Sequence[int], card: Card) -> bool:
    """Can this card never score: already played, or a card its firework needs first is all gone?"""
    if is_played(variant, fireworks, card):
        return True
    suit = variant.suits[card.suit]
    nxt = suit.rank_at(fireworks[card.suit])
    assert nxt is not None
    between = range(card.rank + 1, nxt + 1) if suit.descending else range(nxt, card.rank)
    base = card.suit * 5 - 1
    return any(discarded[base + r] >= suit.copies[r - 1] for r in between)


def is_critical(variant: Variant, fireworks: Sequence[int], discarded: Sequence[int], card: Card) -> bool:
    """Is this the last copy of a card the display still needs?"""
    if is_trash(variant, fireworks, discarded, card):
        return False
    return discarded[card.identity] >= variant.copies[card.identity] - 1


def max_reachable(variant: Variant, fireworks: Sequence[int], discarded: Sequence[int]) -> int:
    """The best score the cards not yet lost still allow (ignoring how many turns are left)."""
    total = 0
    for s, suit in enumerate(variant.suits):
        n = fireworks[s]
        while n < 5:
            rank = suit.rank_at(n)
            assert rank is not None
            if discarded[identity_of(s, rank)] >= suit.copies[rank - 1]:
                break
            n += 1
        total += n - 5 if suit.penalty_scoring else n
    return total


def rule_score(variant: Variant, firework_score: int, end_reason: EndReason | None) -> int:
    """The score by the rules from the points on the fireworks: 0 after a strikeout; in Final flourish, once the
    game is over, the maximum for a win and 0 for a loss."""
    if end_reason is EndReason.STRIKEOUT:
        return 0
    if end_reason is not None and variant.final_flourish:
        return variant.max_score if end_reason is EndReason.PERFECT else 0
    return firework_score


def pace(variant: Variant, fireworks: Sequence[int], deck_count: int, players: int, best: int | None = None) -> int:
    """Cards played + cards in the deck + players - `best` (default: every firework complete): the turns the
    team may still spend without playing a card and keep `best` within reach."""
    return sum(fireworks) + deck_count + players - (5 * len(variant.suits) if best is None else best)
