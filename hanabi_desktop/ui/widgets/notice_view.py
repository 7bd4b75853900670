"""Drawing the app's notices (`hanabi_desktop.program.notices`): panels at the top centre, over every screen."""

from __future__ import annotations

import pygame

from hanabi_desktop.program.notices import Notice
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.widgets.wrap import wrapped_text

COLOURS = {"error": theme.ERROR, "warning": theme.ACCENT, "info": theme.GOOD}


def draw_notices(surface: pygame.Surface, notices: list[Notice]) -> list[pygame.Rect]:
    """Draw `notices` stacked from the top of `surface`; the panels' rects (newest lowest)."""
    w, h = surface.get_size()
    scale = theme.ui_scale((w, h))
    size, pad = theme.px(19, scale), theme.px(12, scale)
    width = min(w - 2 * pad, theme.px(800, scale))  # clear of the score panel on the table
    y = theme.px(10, scale)
    rects = []
    for notice in notices:
        lines = wrapped_text(notice.text, size, theme.TEXT, width - 2 * pad - theme.px(10, scale))
        rect = pygame.Rect(0, y, width, lines.get_height() + 2 * pad)
        rect.centerx = w // 2
        theme.draw_panel(surface, rect, radius=theme.px(10, scale), colour=theme.ERROR_DARK if notice.kind == "error"
                         else theme.PANEL, alpha=235, border=COLOURS.get(notice.kind, theme.TEXT_DIM))
        pygame.draw.rect(surface, COLOURS.get(notice.kind, theme.TEXT_DIM),
                         (rect.x + theme.px(4, scale), rect.y + pad // 2, theme.px(5, scale), rect.h - pad), 0,
                         theme.px(3, scale))
        surface.blit(lines, (rect.x + pad + theme.px(10, scale), rect.y + pad))
        rects.append(rect)
        y = rect.bottom + theme.px(8, scale)
    return rects
