"""The table layout: nothing overlaps, everything is inside the window, cards stay legible, at every size."""

from __future__ import annotations

import itertools

import pygame
import pytest

from hanabi_desktop.engine import PRESETS
from hanabi_desktop.ui.art import cards
from hanabi_desktop.ui.tableview.layout import DECK_STACK, down_arrow, layout

SIZES = [(800, 600), (1008, 568), (1024, 640), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440), (1024, 1000), (2000, 640)]
SHAPES = [(2, 5, 5, False), (3, 6, 5, True), (4, 7, 4, True), (5, 5, 4, False), (5, 7, 4, True)]


def _all_rects(t) -> list[pygame.Rect]:
    out = list(t.regions().values())
    for h in t.hands:
        out += [h.plate, *h.cards]
    out += t.fireworks + t.token_slots + t.errors + t.discard_rows + [t.menu]
    if t.bonus is not None:
        out += [t.bonus_pile, *t.bonus_revealed]
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("shape", SHAPES)
def test_regions_do_not_overlap_and_stay_inside(size, shape) -> None:
    players, n_suits, hand_size, flamboyants = shape
    t = layout(size, players, n_suits, hand_size, flamboyants)
    window = pygame.Rect(0, 0, *size)
    for r in _all_rects(t):
        assert window.contains(r), (r, size, shape)
    for (na, a), (nb, b) in itertools.combinations(t.regions().items(), 2):
        assert not a.colliderect(b), (na, a, nb, b, size, shape)
    assert len(t.hands) == players
    assert all(len(h.cards) == hand_size for h in t.hands)
    assert len(t.fireworks) == n_suits and len(t.discard_rows) == n_suits
    assert (t.bonus is not None) == flamboyants


@pytest.mark.parametrize("shape", SHAPES)
def test_cards_within_a_panel_do_not_overlap(shape) -> None:
    t = layout((1024, 640), *shape)
    groups = [t.fireworks + [t.deck], t.token_slots, t.errors, t.discard_rows] + [h.cards for h in t.hands]
    for group in groups:
        for a, b in itertools.combinations(group, 2):
            assert not a.colliderect(b)
    for h in t.hands:
        assert not h.plate.collidelistall(h.cards)
    assert t.status.contains(t.menu)
    assert all(t.tokens.contains(r) for r in t.token_slots + t.errors)


@pytest.mark.parametrize("shape", SHAPES)
def test_cards_are_legible_at_the_smallest_window(shape) -> None:
    t = layout((1024, 640), *shape)
    assert t.card[1] >= 80 and t.own_card[1] > t.card[1]
    assert t.discard_rows[0].h >= 15
    assert t.log.h >= 110


def test_cards_grow_with_the_window_and_the_card_scale_setting() -> None:
    small = layout((1024, 640), 3, 5, 5)
    big = layout((2560, 1440), 3, 5, 5)
    assert big.card[0] > small.card[0] * 1.8
    shrunk = layout((1600, 900), 3, 5, 5, card_scale=0.7)
    normal = layout((1600, 900), 3, 5, 5)
    assert shrunk.card[0] < normal.card[0]
    grown = layout((1600, 900), 3, 5, 5, card_scale=1.5)  # never so big that it would overlap
    assert grown.card[0] >= normal.card[0]
    for (_, a), (_, b) in itertools.combinations(grown.regions().items(), 2):
        assert not a.colliderect(b)


def test_card_art_is_drawn_at_the_requested_size_and_cached() -> None:
    pygame.init()
    face = cards.card_face("r", 3, 60, 84)
    assert face.get_size() == (60, 84)
    assert cards.card_face("r", 3, 60, 84) is face
    assert cards.card_face("r", 3, 120, 168).get_size() == (120, 168)
    centre = face.get_at((30, 70))
    assert centre.r > centre.g  # red card
    rainbow = cards.card_face("m", 2, 60, 84)
    colours = {tuple(rainbow.get_at((x, 40)))[:3] for x in range(6, 54, 6)}
    assert len(colours) >= 4  # a gradient, unmistakable from a plain suit
    black = cards.card_face("k", 5, 60, 84)
    assert sum(tuple(black.get_at((30, 60)))[:3]) < 150
    hidden = cards.hidden_card(60, 84, ("r", "y", "g", "b", "w"), 0b11111, ("r",), ())
    assert hidden.get_size() == (60, 84)
    assert cards.hidden_card(60, 84, ("r", "y", "g", "b", "w"), 0b11111, ("r",), ()) is hidden
    for v in (None, 1, 6):
        assert cards.bonus_tile(40, 44, v).get_size() == (40, 44)


def test_the_window_opens_at_a_size_that_fits_the_screen_and_remembers_the_last_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from hanabi_desktop import storage
    from hanabi_desktop.ui.app import App

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 640)])
    app = App(settings=storage.Settings())
    try:
        w, h = app.size
        assert w <= 1024 and h <= 640 - 40  # room for the title bar: the window's title stays on screen
    finally:
        app.close()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    settings = storage.Settings(window_size=(1100, 700))
    app = App(settings=settings)
    try:
        assert app.size == (1100, 700)
        app.resize((1300, 760))
        app.remember_size()
    finally:
        app.close()
    assert storage.load_settings().window_size == (1300, 760)


def _hand_size(players: int) -> int:
    return 5 if players <= 3 else 4


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("variant", list(PRESETS))
def test_every_variant_lays_out_whole_at_every_window_size(size, variant) -> None:
    """The deck's stacked backs, every firework and a descending firework's arrow stay inside the table's area
    (at 800x600 with seven fireworks the deck was cut at the window's left edge and the black firework sat half
    under the side panel, its arrow hidden)."""
    preset = PRESETS[variant]
    for players in range(2, 6):
        t = layout(size, players, len(preset.suits), _hand_size(players), preset.flamboyants)
        assert t.main.right < t.status.x and t.main.left >= 0
        assert t.deck.x - DECK_STACK >= t.main.x, (variant, players, t.deck)
        x, _top, a = down_arrow(t.fireworks[-1])
        assert x + a <= t.main.right, (variant, players, t.fireworks[-1], x + a, t.main.right)
        for r in [t.deck, *t.fireworks, t.message, *(c for h in t.hands for c in h.cards)]:
            assert t.main.contains(r), (variant, players, r, t.main)
        assert t.card[0] >= 50 and t.card[1] >= 70  # still a card you can read


def test_the_message_strip_holds_two_lines() -> None:
    """A prompt too long for one line at 800x600 wraps to two (the French short game's line ended in '...')."""
    t = layout((800, 600), 2, 7, 5, True)
    assert t.message.h >= 2 * round(0.8 * t.font * 1.15) + 2
