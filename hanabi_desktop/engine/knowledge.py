"""Card knowledge ('empathy'): what each card in a hand can still be, as its holder sees it.

Clue knowledge (every positive and negative clue a card received) is kept by `Game.knowledge` as a bit
mask of identities. Here it is combined with card counting: an identity is ruled out for a card when every
copy of it is already visible elsewhere (played, discarded, or in a hand the holder can see).
"""

from __future__ import annotations

from collections.abc import Iterable

from hanabi_desktop.engine.cards import Card, identities_in


def remaining_copies(copies: tuple[int, ...], visible: Iterable[int]) -> list[int]:
    """Copies of each identity not accounted for by the `visible` identities."""
    left = list(copies)
    for ident in visible:
        left[ident] -= 1
    return left


def narrowed(mask: int, remaining: list[int]) -> int:
    """`mask` without the identities of which no copy is left unaccounted for."""
    out = mask
    m = mask
    while m:  # visit the set bits only (bots call this hundreds of thousands of times a run)
        low = m & -m
        if remaining[low.bit_length() - 1] <= 0:
            out ^= low
        m ^= low
    return out


def mask_cards(mask: int) -> list[Card]:
    """The identities in a knowledge mask, as cards."""
    return [Card.from_identity(i) for i in identities_in(mask)]
