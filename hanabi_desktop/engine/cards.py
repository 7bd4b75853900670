"""Suits, cards and card identities: small immutable values.

A card identity is packed into one integer, ``suit * 5 + (rank - 1)``, so that knowledge about a card
(which identities it can still be) is a bit mask and every clue is a single AND.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

RANKS = (1, 2, 3, 4, 5)
NORMAL_COPIES = (3, 2, 2, 2, 1)  # copies of ranks 1..5 in an ordinary suit
SHORT_COPIES = (1, 1, 1, 1, 1)
REVERSED_COPIES = (1, 2, 2, 2, 3)  # Black Powder: one 1, three 5s


class ColourClues(Enum):
    """How colour clues treat a suit."""

    NAMED = "named"  # an ordinary colour: it can be named and a clue of it touches only it
    ALL = "all"  # rainbow / multicolour in Colour Avalanche: touched by every colour clue, never named
    NONE = "none"  # black powder: never touched by a colour clue, never named


@dataclass(frozen=True, slots=True)
class Suit:
    """One suit of a variant: its letter, name, copies per rank and how it is built and scored."""

    letter: str
    name: str
    copies: tuple[int, int, int, int, int] = NORMAL_COPIES
    colour_clues: ColourClues = ColourClues.NAMED
    descending: bool = False
    penalty_scoring: bool = False  # Black Powder: -1 for every card missing from the firework

    @property
    def size(self) -> int:
        """Number of cards of this suit in the deck."""
        return sum(self.copies)

    def rank_at(self, played: int) -> int | None:
        """The rank that must be played next when `played` cards are on this firework (None: complete)."""
        if played >= 5:
            return None
        return 5 - played if self.descending else played + 1


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card identity: suit index into the variant's suits, and rank 1..5."""

    suit: int
    rank: int

    @property
    def identity(self) -> int:
        """The packed identity index, `suit * 5 + rank - 1`."""
        return self.suit * 5 + self.rank - 1

    @staticmethod
    def from_identity(identity: int) -> Card:
        """Inverse of `identity`."""
        return Card(identity // 5, identity % 5 + 1)


def identity_of(suit: int, rank: int) -> int:
    """Packed identity of (suit, rank)."""
    return suit * 5 + rank - 1


def bit(identity: int) -> int:
    """The knowledge bit of one identity."""
    return 1 << identity


def identities_in(mask: int) -> list[int]:
    """Identities whose bits are set in `mask`, in increasing order."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out
