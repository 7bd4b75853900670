"""A panel of text pointing at a part of the table, with buttons: the lesson guide and the table tips use it.

`layout_callout` decides where the panel goes (beside what it points at, never over it, inside the window) and
where its buttons are; `draw_callout` draws it. Both are plain functions of sizes and rectangles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.widgets.focus import draw_key_hint, hint_width
from hanabi_desktop.ui.widgets.wrap import wrap_lines


@dataclass
class Callout:
    """A laid-out panel: its rect, its text lines, and one rect per button."""

    rect: pygame.Rect
    title: list[str]  # its lines
    lines: list[str]
    fs: int
    buttons: list[tuple[str, bool, pygame.Rect]]  # (label, primary, rect)
    note: list[str] = field(default_factory=list)  # dim lines under the text
    alert: list[str] = field(default_factory=list)  # red lines under the text (a refusal)
    keys: list[str] = field(default_factory=list)  # the key of each button ('' for none), drawn on it as a cap

    def button_at(self, pos: tuple[int, int]) -> int | None:
        for i, (_label, _primary, r) in enumerate(self.buttons):
            if r.collidepoint(pos):
                return i
        return None


def layout_callout(size: tuple[int, int], anchor: pygame.Rect | None, title: str, body: str, fs: int,
                   buttons: list[tuple[str, bool]], width: int, note: str = "", alert: str = "",
                   avoid: list[pygame.Rect] | tuple = (), prefer: str = "above", keys: Sequence[str] = ()) -> Callout:
    """Lay the panel out `width` wide, beside `anchor` (above or below it as `prefer` says, where it fits) and
    off the rects in `avoid` if it can be; `prefer` 'dock': at the top of `avoid[0]` (the lesson guide
    over the log's oldest lines). `keys`: the key that presses each button ('Enter'), shown on it."""
    W, H = size
    keys = [(list(keys)[i] if i < len(keys) else "") for i in range(len(buttons))]
    pad = max(6, fs // 2)
    inner = width - 2 * pad
    lines = wrap_lines(body, fs, inner)
    title_lines = wrap_lines(title, fs, inner, bold=True) if title else []
    alert_lines = wrap_lines(alert, fs, inner) if alert else []
    note_lines = wrap_lines(note, max(11, fs - 2), inner) if note else []
    line_h = theme.font(fs).get_linesize()
    bh = round(fs * 1.9) if buttons else 0
    widths = [_button_width(b[0], k, fs, pad) for b, k in zip(buttons, keys, strict=True)]
    rows = _button_rows(widths, inner, pad)
    h = pad + round(line_h * 1.15) * len(title_lines) + line_h * (len(lines) + len(alert_lines)) \
        + theme.font(max(11, fs - 2)).get_linesize() * len(note_lines) + len(rows) * (pad + bh) + pad
    h = min(h, H - 8)
    screen = pygame.Rect(0, 0, W, H).inflate(-8, -8)
    candidates = []
    if anchor is not None:
        above = pygame.Rect(anchor.centerx - width // 2, anchor.top - h - 12, width, h)
        below = pygame.Rect(anchor.centerx - width // 2, anchor.bottom + 12, width, h)
        left = pygame.Rect(anchor.left - width - 12, anchor.centery - h // 2, width, h)
        right = pygame.Rect(anchor.right + 12, anchor.centery - h // 2, width, h)
        candidates = [above, below, left, right] if prefer == "above" else [below, above, right, left]
    candidates.append(pygame.Rect((W - width) // 2, (H - h) // 2, width, h))
    best = None
    for c in candidates:
        fits = screen.contains(c)
        c = c.clamp(screen)
        if anchor is not None and c.colliderect(anchor):
            continue
        if any(c.colliderect(a) for a in avoid):
            if best is None:
                best = c
            continue
        if fits:
            best = c
            break
        if best is None:
            best = c
    rect = best if best is not None else candidates[-1].clamp(screen)
    if prefer == "dock" and avoid:  # the top of the first rect of `avoid` (its newest lines stay in view below)
        dock = avoid[0]
        rect = pygame.Rect(dock.x, dock.y, dock.w, h).clamp(screen)
    # buttons along the bottom, right-aligned, in as many rows as the width needs (the first row on top)
    out: list[tuple[str, bool, pygame.Rect]] = []
    for r, row in enumerate(rows):
        y = rect.bottom - (len(rows) - r) * (pad + bh)
        x = rect.right - pad
        for i in reversed(row):
            label, primary = buttons[i]
            bw = min(inner, widths[i])
            x -= bw
            out.append((label, primary, pygame.Rect(x, y, bw, bh)))
            x -= pad
    out.sort(key=lambda b: [x[0] for x in buttons].index(b[0]))
    return Callout(rect, title_lines, lines, fs, out, note_lines, alert_lines, keys)


def _key_size(fs: int) -> int:
    """The text size of a button's key cap."""
    return max(9, fs - 5)


def _button_width(label: str, key: str, fs: int, pad: int) -> int:
    """A button's width: its label, and its key cap beside it."""
    width = theme.text(label, fs, bold=True).get_width() + 2 * pad + 8
    return width + (hint_width(key, _key_size(fs)) + pad if key else 0)


def _button_rows(widths: list[int], inner: int, gap: int) -> list[list[int]]:
    """The buttons (by index) on each row, filling a row up to `inner` pixels before starting the next."""
    rows: list[list[int]] = []
    used = 0
    for i, w in enumerate(widths):
        if rows and used + gap + w <= inner:
            rows[-1].append(i)
            used += gap + w
        else:
            rows.append([i])
            used = w
    return rows


def draw_callout(surface: pygame.Surface, c: Callout, hover: tuple[int, int] = (-1, -1)) -> None:
    """Draw a laid-out callout (its alert lines in red)."""
    pad = max(6, c.fs // 2)
    theme.draw_shadow(surface, c.rect, 10, blur=10, offset=(0, 4))
    theme.draw_panel(surface, c.rect, radius=10, alpha=255, border=theme.ACCENT)  # opaque: log lines under it
    # showed through as ghosts
    y = c.rect.y + pad
    line_h = theme.font(c.fs).get_linesize()
    for line in c.title:
        theme.blit_text(surface, line, c.fs, (c.rect.x + pad, y), theme.ACCENT, bold=True)
        y += round(line_h * 1.15)
    for line, colour in [(t, theme.TEXT) for t in c.lines] + [(t, theme.ERROR) for t in c.alert]:
        theme.blit_text(surface, line, c.fs, (c.rect.x + pad, y), colour)
        y += line_h
    small = max(11, c.fs - 2)
    for line in c.note:
        theme.blit_text(surface, line, small, (c.rect.x + pad, y), theme.TEXT_DIM)
        y += theme.font(small).get_linesize()
    for (label, primary, r), key in zip(c.buttons, c.keys or [""] * len(c.buttons), strict=True):
        hot = r.collidepoint(hover)
        colour = (theme.BUTTON_PRIMARY_HOVER if hot else theme.BUTTON_PRIMARY) if primary else \
            (theme.BUTTON_HOVER if hot else theme.BUTTON)
        pygame.draw.rect(surface, colour, r, border_radius=r.h // 3)
        ink = (20, 20, 20) if primary else theme.TEXT
        centre = r.center
        if key:
            cap = draw_key_hint(surface, key, r.right - pad // 2, r.centery, _key_size(c.fs), ink)
            centre = ((r.x + cap.x) // 2, r.centery)
        theme.blit_text(surface, label, c.fs, centre, ink, bold=True, anchor="center")


def draw_highlight(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A gold ring around `rect`: look here."""
    ring = rect.inflate(10, 10)
    pygame.draw.rect(surface, theme.ACCENT_DARK, ring.inflate(6, 6), width=3, border_radius=10)
    pygame.draw.rect(surface, theme.ACCENT, ring, width=3, border_radius=8)
