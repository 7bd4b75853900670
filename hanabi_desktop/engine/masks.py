"""Card masks every bot needs: what a clue touches, and which identities are playable, trash or critical now.

A mask is an int with bit `identity` set for each identity in it (`cards.identity_of(suit, rank)`), the same
form as clue knowledge (`Game.knowledge`, `PlayerView.knowledge`), so questions are single ANDs:

>>> from hanabi_desktop.engine import RankClue, get_variant
>>> v = get_variant("classic")
>>> play = playable_mask(v, (0, 0, 0, 0, 0))          # every 1 on an empty board
>>> play == clue_mask(v, RankClue(target=1, rank=1))
True
>>> knowledge = clue_mask(v, RankClue(target=1, rank=1))  # a card that received '1' and nothing else
>>> not knowledge & ~play                                # every identity it can be is playable
True

`PlayerView` offers the same masks for its own moment (`view.playable_mask()`, `view.touched(clue)` ...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hanabi_desktop.engine import board
from hanabi_desktop.engine.actions import ColourClue, RankClue
from hanabi_desktop.engine.cards import Card, bit, identity_of
from hanabi_desktop.engine.variants import Variant


def clue_mask(variant: Variant, clue: ColourClue | RankClue) -> int:
    """Identities a clue touches (rainbow suits under every colour, black powder under none, ...)."""
    if isinstance(clue, ColourClue):
        return variant.colour_masks[clue.colour]
    return variant.rank_masks[clue.rank]


def touches(variant: Variant, clue: ColourClue | RankClue, card: Card) -> bool:
    """Does `clue` touch `card`?"""
    return bool(clue_mask(variant, clue) & bit(card.identity))


def playable_mask(variant: Variant, fireworks: Sequence[int]) -> int:
    """Identities that would continue their firework now (at most one per suit)."""
    mask = 0
    for s, suit in enumerate(variant.suits):
        rank = suit.rank_at(fireworks[s])
        if rank is not None:
            mask |= bit(identity_of(s, rank))
    return mask


def trash_mask(variant: Variant, fireworks: Sequence[int], discarded: Sequence[int]) -> int:
    """Identities that can never score: already played, or a card their firework needs first is all gone.

    `discarded` counts copies in the discard pile by identity (`board.discard_counts`).
    """
    return _mask_where(variant, lambda c: board.is_trash(variant, fireworks, discarded, c))


def critical_mask(variant: Variant, fireworks: Sequence[int], discarded: Sequence[int]) -> int:
    """Identities of which one copy is left and the display still needs it."""
    return _mask_where(variant, lambda c: board.is_critical(variant, fireworks, discarded, c))


def _mask_where(variant: Variant, test: Callable[[Card], bool]) -> int:
    mask = 0
    for i in range(len(variant.copies)):
        if test(Card.from_identity(i)):
            mask |= bit(i)
    return mask
