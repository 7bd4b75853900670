"""Building games with a chosen deck order for rule tests."""

from __future__ import annotations

from collections import Counter

from hanabi_desktop.engine import Card, Game, Variant, get_variant


def stacked_deck(variant: Variant, top: str) -> list[Card]:
    """A deck whose first cards are `top` (card texts, e.g. 'r1 r2 y5'), the rest in sorted order."""
    first = [variant.parse_card(t) for t in top.split()]
    rest = Counter(variant.sorted_deck())
    rest.subtract(first)
    assert all(n >= 0 for n in rest.values()), "more copies asked for than the deck holds"
    deck = list(first)
    for card in variant.sorted_deck():
        if rest[card] > 0:
            deck.append(card)
            rest[card] -= 1
    return deck


def stacked_game(top: str, players: int = 2, variant: str | Variant = "classic", tiles=None, **options: bool) -> Game:
    """A game dealt from `stacked_deck`; options are passed to get_variant; `tiles` orders 5 Flamboyants."""
    v = get_variant(variant, **options) if isinstance(variant, str) else variant
    return Game(v, players, stacked_deck(v, top), tiles=tiles, names=[f"P{i}" for i in range(players)])


def texts(game: Game, orders) -> list[str]:
    """Card texts of some card orders."""
    return [game.variant.card_text(game.deck[o]) for o in orders]
