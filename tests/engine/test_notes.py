"""Card notes read with hanab.live's keywords (engine.notes): which cards a note names, and its marks."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import get_variant
from hanabi_desktop.engine.cards import Card
from hanabi_desktop.engine.notes import read_note

V = get_variant("classic")


def names(text: str) -> list[str]:
    return [V.card_text(c) for c in read_note(text, V).cards()]


@pytest.mark.parametrize(("text", "cards"), [
    ("r1", ["r1"]),
    ("R1", ["r1"]),
    ("red 1", ["r1"]),
    ("r2, r3", ["r2", "r3"]),
    ("r2 r3", ["r2", "r3"]),
    ("b", ["b1", "b2", "b3", "b4", "b5"]),
    ("5", ["r5", "y5", "g5", "b5", "w5"]),
    ("r, !r1", ["r2", "r3", "r4", "r5"]),
    ("[g4] from turn 3", ["g4"]),
    ("[r1] [f]", ["r1"]),
])
def test_a_card_or_a_list_narrows(text: str, cards: list[str]) -> None:
    assert names(text) == cards


@pytest.mark.parametrize(("text", "marks"), [
    ("f", {"f"}), ("cm", {"cm"}), ("kt", {"kt"}), ("trash", {"kt"}), ("fix", {"fix"}), ("?", {"?"}),
    ("!", {"!"}), ("r1?", {"?"}), ("[cm] moved by Bob", {"cm"}), ("r2, f", {"f"}),
])
def test_keywords_mark_the_card(text: str, marks: set[str]) -> None:
    assert read_note(text, V).marks == marks


@pytest.mark.parametrize("text", ["", "finesse on me maybe", "r6", "x1", "bob said so", "r1 is my guess"])
def test_free_text_says_nothing(text: str) -> None:
    r = read_note(text, V)
    assert r.identities is None and r.marks == frozenset()


def test_a_guess_does_not_narrow_and_a_note_against_the_clues_is_set_aside() -> None:
    assert read_note("r1?", V).identities is None
    reds = sum(1 << Card(0, r).identity for r in range(1, 6))
    blue1 = 1 << Card(3, 1).identity
    r = read_note("b1", V)
    assert r.narrow(reds) == reds  # the clues say red: the note is not applied
    assert r.narrow(reds | blue1) == blue1


def test_other_variants_letters_and_names() -> None:
    v = get_variant("rainbow")
    last = v.suits[-1]
    assert read_note(f"{last.letter}3", v).cards() == [Card(len(v.suits) - 1, 3)]
    assert read_note(f"{last.name} 3", v).cards() == [Card(len(v.suits) - 1, 3)]
