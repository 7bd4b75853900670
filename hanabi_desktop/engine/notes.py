"""Card notes: what a note a player wrote on a card says, with hanab.live's keywords. Pure: no pygame, no ui.

A note is free text. Its keywords are read from the parts in square brackets (``[r1] [f] from turn 3``), or,
with no brackets, from the whole note when every word of it is a keyword (``r2, r3`` or ``cm``):

- a card (``r1``), a suit (``r``, ``red``), a rank (``3``) or a list of them (``r2, r3``): the card is one of
  those (its pips narrow); ``!r2`` removes one; ``r1?`` is a guess (marked ?, the pips stay);
- ``f`` finesse, ``cm`` chop moved, ``kt`` / ``trash`` known trash, ``fix``, ``?`` and ``!`` as marks.

>>> from hanabi_desktop.engine import get_variant
>>> v = get_variant("classic")
>>> r = read_note("r2, r3", v)
>>> [v.card_name(c) for c in r.cards()], r.marks
(['red 2', 'red 3'], frozenset())
>>> read_note("cm", v).marks, read_note("my chop moved? no", v).marks
(frozenset({'cm'}), frozenset())
>>> read_note("[kt] [f] looks like trash", v).marks == {"kt", "f"}
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hanabi_desktop.engine.cards import Card, identities_in
from hanabi_desktop.engine.variants import Variant

MARKS = {"f": "f", "finesse": "f", "cm": "cm", "kt": "kt", "trash": "kt", "fix": "fix", "?": "?", "!": "!"}


@dataclass(frozen=True)
class NoteReading:
    """What a note's keywords say: the identities the card can be (None: the note names none) and its marks."""

    identities: int | None
    marks: frozenset[str]

    def cards(self) -> list[Card]:
        """The identities as cards, in identity order."""
        return [Card.from_identity(i) for i in identities_in(self.identities or 0)]

    def narrow(self, possible: int) -> int:
        """`possible` narrowed by the note; left whole if the note names nothing or contradicts the clues."""
        if self.identities is None:
            return possible
        return possible & self.identities or possible


def _identities(word: str, variant: Variant) -> int | None:
    """The identities a word names ('r3', 'r', 'red', '3'), or None if it names no card."""
    suits = variant.suits
    rank = None
    head = word
    if word[-1:].isdigit():
        rank, head = int(word[-1]), word[:-1].strip()
        if not 1 <= rank <= 5:
            return None
    found = [i for i, s in enumerate(suits) if head and head in (s.letter.lower(), s.name.lower())]
    if head and not found:
        return None
    mask = 0
    for s in (found if head else range(len(suits))):
        for r in ([rank] if rank is not None else range(1, 6)):
            mask |= 1 << Card(s, r).identity
    return mask


def _keywords(part: str, variant: Variant) -> tuple[int | None, set[str]] | None:
    """The keywords of one part of a note, or None if some word of it is not a keyword."""
    joined = re.sub(r"([a-z]+)\s+([0-9])\b", r"\1\2", part.strip().lower())  # 'red 3' is one card
    words = [w for w in re.split(r"[,\s]+", joined) if w]
    if not words:
        return None
    marks: set[str] = set()
    named, removed = 0, 0
    for word in words:
        if word in MARKS:
            marks.add(MARKS[word])
            continue
        if len(word) > 1 and word.endswith("?") and _identities(word[:-1], variant) is not None:
            marks.add("?")  # 'r1?': a guess, shown but not narrowing the pips
            continue
        negative = word.startswith("!")
        mask = _identities(word.lstrip("!"), variant)
        if mask is None:
            return None
        if negative:
            removed |= mask
        else:
            named |= mask
    if not named and not removed:
        return None, marks
    everything = (1 << (5 * len(variant.suits))) - 1
    return (named or everything) & ~removed, marks


def read_note(text: str, variant: Variant) -> NoteReading:
    """The keywords of note `text` (see the module docstring)."""
    parts = re.findall(r"\[([^\]]*)\]", text)
    if not parts:
        parts = [text]
    identities: int | None = None
    marks: set[str] = set()
    for part in parts:
        found = _keywords(part, variant)
        if found is None:
            continue
        mask, said = found
        marks |= said
        if mask is not None:
            identities = mask if identities is None else identities & mask
    return NoteReading(identities, frozenset(marks))
