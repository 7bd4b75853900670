"""Keyboard focus: which widget Tab, the arrows and a letter move to, the ring that shows it, key hints.

Pure helpers used by `controls.WidgetGroup`: the order is the order widgets were added (the reading order of
every page), arrows go to the nearest widget in that direction, a letter to the next widget whose label starts
with it (accents ignored: 'É' finds 'Échanger')."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pygame

from hanabi_desktop.ui.art import theme

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
RING = (255, 236, 150)  # the focus ring: brighter than the accent, so a selected (gold) button still shows it


def _plain(text: str) -> str:
    """`text` in lower case without accents ('Échap' -> 'echap')."""
    return "".join(ch for ch in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(ch))


def starts_with(label: str, letter: str) -> bool:
    """Does `label` start with `letter` (case and accents ignored)?"""
    return bool(letter) and _plain(label.strip()).startswith(_plain(letter))


def step(count: int, current: int | None, by: int) -> int:
    """The index `by` places from `current` in a ring of `count` (from nothing: the first, or the last)."""
    if current is None:
        return 0 if by > 0 else count - 1
    return (current + by) % count


def towards(rects: Sequence[pygame.Rect], current: int, direction: tuple[int, int]) -> int | None:
    """The index of the rect nearest to `rects[current]` in `direction` ((dx, dy), one of them 0), or None.

    Nearest by the distance along the direction plus twice the distance across it, so that Down in a column of
    buttons goes to the one below rather than to a nearer one off to the side."""
    here = rects[current]
    dx, dy = direction
    best: tuple[float, int] | None = None
    for i, r in enumerate(rects):
        if i == current:
            continue
        if dx:
            along = (r.centerx - here.centerx) * dx
            across = abs(r.centery - here.centery)
            if along <= 0 or (r.right <= here.right if dx > 0 else r.left >= here.left):
                continue
        else:
            along = (r.centery - here.centery) * dy
            across = abs(r.centerx - here.centerx)
            if along <= 0 or (r.bottom <= here.bottom if dy > 0 else r.top >= here.top):
                continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, i)
    return best[1] if best is not None else None


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring around `rect`: a bright outline with a dark edge, readable on felt and on gold."""
    radius = max(6, min(14, rect.h // 4 + 3))
    outer = rect.inflate(10, 10)
    pygame.draw.rect(surface, (20, 16, 8), outer.inflate(2, 2), width=2, border_radius=radius + 1)
    pygame.draw.rect(surface, RING, outer, width=3, border_radius=radius)


_KEY_NAMES = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_SPACE: "Space", pygame.K_TAB: "Tab"}


def key_label(key: int) -> str:
    """How key `key` is written on a key hint: 'N', '3', 'F1', 'Esc' (the UI font has no arrow glyphs)."""
    if key in _KEY_NAMES:
        return _KEY_NAMES[key]
    return pygame.key.name(key).upper()


def draw_key_hint(surface: pygame.Surface, text: str, right: int, centery: int, size: int,
                  colour: theme.Colour = theme.TEXT_DIM) -> pygame.Rect:
    """A key cap showing `text`, its right edge at `right`; returns its rect."""
    label = theme.text(text, size, colour, bold=True)
    cap = pygame.Rect(0, 0, max(label.get_width() + 8, round(size * 1.5)), round(size * 1.45))
    cap.midright = (right, centery)
    pygame.draw.rect(surface, colour, cap, width=1, border_radius=max(3, cap.h // 4))
    surface.blit(label, label.get_rect(center=cap.center))
    return cap


def hint_width(text: str, size: int) -> int:
    """The width of a key cap showing `text` at `size` (see `draw_key_hint`)."""
    return max(theme.text(text, size, bold=True).get_width() + 8, round(size * 1.5))
