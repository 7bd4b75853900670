"""Drawing the app's notices (`hanabi_desktop.program.notices`): panels over every screen, in the room the screen
keeps for them (the top centre of the window unless it says otherwise)."""

from __future__ import annotations

import pygame

from hanabi_desktop.program.notices import Notice
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scene import NoticeRoom
from hanabi_desktop.ui.widgets.wrap import wrapped_text

COLOURS = {"error": theme.ERROR, "warning": theme.ACCENT, "info": theme.GOOD}


def draw_notices(surface: pygame.Surface, notices: list[Notice], room: NoticeRoom | None = None) -> list[pygame.Rect]:
    """Draw `notices` stacked inside `room` (by default from the top of `surface`), the newest lowest; the panels'
    rects. Where they do not all fit, the oldest are left out: a notice never spills over what the room keeps
    clear (a player's name, a card)."""
    w, h = surface.get_size()
    room = room or NoticeRoom(surface.get_rect())
    area = room.rect
    scale = theme.ui_scale((w, h))
    size, pad, gap = theme.px(19, scale), theme.px(12, scale), theme.px(8, scale)
    margin = theme.px(10, scale)  # from the room's edges
    width = min(area.w - 2 * margin, theme.px(800, scale))
    panels = [(notice, wrapped_text(notice.text, size, theme.TEXT, width - 2 * pad - theme.px(10, scale)))
              for notice in notices]
    while panels and sum(lines.get_height() + 2 * pad + gap for _n, lines in panels) - gap + 2 * margin > area.h:
        panels.pop(0)
    heights = [lines.get_height() + 2 * pad for _n, lines in panels]
    y = area.bottom - margin - sum(hh + gap for hh in heights) + gap if room.from_bottom else area.y + margin
    rects = []
    for (notice, lines), height in zip(panels, heights, strict=True):
        rect = pygame.Rect(0, y, width, height)
        rect.centerx = area.centerx
        theme.draw_panel(surface, rect, radius=theme.px(10, scale), colour=theme.ERROR_DARK if notice.kind == "error"
                         else theme.PANEL, alpha=235, border=COLOURS.get(notice.kind, theme.TEXT_DIM))
        pygame.draw.rect(surface, COLOURS.get(notice.kind, theme.TEXT_DIM),
                         (rect.x + theme.px(4, scale), rect.y + pad // 2, theme.px(5, scale), rect.h - pad), 0,
                         theme.px(3, scale))
        surface.blit(lines, (rect.x + pad + theme.px(10, scale), rect.y + pad))
        rects.append(rect)
        y = rect.bottom + gap
    return rects
