"""From engine events to motion and sound on the table: which card flies where, what flashes, what plays.

Matched on the event types themselves (engine.events), so a renamed or new event is a type error or a
missing case here, never a silently unmatched string.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from hanabi_desktop.engine.events import (
    CardDiscarded,
    CardDrawn,
    CardMisplayed,
    CardPlayed,
    CardRecovered,
    CardReplayed,
    ClueGiven,
    ErrorTokenReturned,
    Event,
    FireworkCompleted,
    TileRevealed,
)
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.art.anim import Animator
from hanabi_desktop.ui.tableview.model import TableModel
from hanabi_desktop.ui.tableview.render import TableRenderer

SOUND_OF: dict[type, str] = {
    CardPlayed: "play", CardMisplayed: "misplay", ClueGiven: "clue", CardDiscarded: "card_slide",
    FireworkCompleted: "firework", CardReplayed: "play", CardRecovered: "card_slide",
}
MOVES: tuple[type, ...] = (CardPlayed, CardMisplayed, CardDiscarded, CardRecovered, CardReplayed)


def touched_by_last(batches: Sequence[Sequence[Event]]) -> frozenset[int]:
    """Cards touched by a clue in the last batch of events (the last action), else nothing."""
    if not batches:
        return frozenset()
    return frozenset(o for ev in batches[-1] if isinstance(ev, ClueGiven) for o in ev.touched)


def animate(renderer: TableRenderer, anim: Animator, model: TableModel, size: tuple[int, int],
            old: dict[int, pygame.Rect], batches: Sequence[Sequence[Event]]) -> list[str]:
    """Start the animations of `batches` of events (one per action) that led to `model`; return sound names.

    `old` holds where each card rested before: every card an event names flies from there to its new place.
    When the table turned (hot seat: another seat is now at the bottom) only the cards events name move.
    """
    bottom = renderer.bottom
    lay = renderer.place(model, size)
    turned = renderer.bottom != bottom
    deck = lay.deck
    moved: set[int] = set()
    delay = 0.0
    sounds: list[str] = []
    for events in batches:
        for ev in events:
            sound = SOUND_OF.get(type(ev))
            if sound is not None:
                sounds.append(sound)
            if isinstance(ev, CardDrawn):
                end = renderer.rects.get(ev.card)
                if end is not None:
                    anim.fly(ev.card, deck, end, 0.4, delay=delay + 0.2)
                    moved.add(ev.card)
            elif isinstance(ev, MOVES):
                card = ev.card  # type: ignore[attr-defined]
                start, end = old.get(card, deck), renderer.rects.get(card, deck)
                anim.fly(card, start, end, 0.5, delay=delay, lift=0.5 if isinstance(ev, CardPlayed) else 0.15)
                moved.add(card)
            if isinstance(ev, CardMisplayed) and 0 < ev.strikes <= len(lay.errors):
                anim.flash(lay.errors[ev.strikes - 1], theme.ERROR, 0.9, delay + 0.3)
            elif isinstance(ev, ErrorTokenReturned):
                anim.flash(lay.errors[min(2, ev.strikes)], theme.GOOD, 0.8, delay)
            elif isinstance(ev, ClueGiven):
                for o in ev.touched:
                    if o in renderer.rects:
                        anim.flash(renderer.rects[o], theme.CLUE, 0.8, delay)
            elif isinstance(ev, FireworkCompleted):
                st = cards.style_of(model.suits[ev.suit].letter)
                colours = theme.RAINBOW if st.symbol == "rainbow" else [st.colour, st.light, theme.ACCENT]
                anim.burst(lay.fireworks[ev.suit].center, colours, lay.scale)
            elif isinstance(ev, TileRevealed):
                i = len(model.revealed_tiles) - 1
                if 0 <= i < len(lay.bonus_revealed):
                    anim.flash(lay.bonus_revealed[i], theme.ACCENT, 0.9, delay)
        delay += 0.15
    # cards that merely shifted within a hand slide to their new slot
    for o, r in renderer.rects.items():
        if not turned and o not in moved and o in old and old[o] != r and o in renderer.hand_of:
            anim.fly(o, old[o], r, 0.3)
    return sounds
