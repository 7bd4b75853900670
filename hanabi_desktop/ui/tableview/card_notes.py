"""Drawing a card's note, its note marks and a bot's reading of it, over the card (table and replays alike).

hanab.live's look: a finesse note rings the card in purple, a chop move in orange, a fix in red; known trash
greys the card and says so; the note's text and a bot's reading sit on small tags across the card's lower
middle (the reading above, in the clue colour, the note below), clear of the clue chips and the Play and
Discard buttons.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.tableview.model import CardModel
from hanabi_desktop.ui.widgets.wrap import fit_lines

RINGS = {"f": (190, 90, 230), "cm": (240, 140, 40), "fix": theme.ERROR}
NOTE_BG = (250, 246, 225)
NOTE_INK = (40, 34, 20)
BELIEF_BG = (24, 52, 88)


def _tag(surface: pygame.Surface, rect: pygame.Rect, text: str, bottom: int, bg: tuple, ink: tuple) -> int:
    """A tag of `text` across `rect`, its bottom at `bottom`; returns its top. One line, smaller if need be;
    two lines when even that is too wide ('ausspielen: m2' on a card at 800x600)."""
    size = max(9, rect.w // 7)
    width = rect.w - 8
    size = theme.fit_size(text, size, width, smallest=0.7)
    lines, step = [text], size
    if theme.font_for(text, size).size(text)[0] > width:
        lines, size, step = fit_lines(text, size, width, 2 * round(size * 1.15))
    h = step * (len(lines) - 1) + size + 6
    tag = pygame.Rect(rect.x + 2, bottom - h, rect.w - 4, h)
    pygame.draw.rect(surface, bg, tag, border_radius=max(2, size // 3))
    pygame.draw.rect(surface, theme.PANEL, tag, width=1, border_radius=max(2, size // 3))
    y = tag.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, size, (tag.centerx, y + i * step), ink, anchor="center")
    return tag.y


def draw_card_extras(surface: pygame.Surface, card: CardModel, rect: pygame.Rect) -> None:
    """The note marks, the note and the bot's reading of card `card`, drawn at `rect`."""
    if "kt" in card.marks:
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, rect)
        theme.blit_text(surface, _("trash"), max(10, rect.w // 5), rect.center, theme.TEXT, bold=True,
                        anchor="center", shadow=True)
    for mark, colour in RINGS.items():
        if mark in card.marks:
            pygame.draw.rect(surface, colour, rect.inflate(6, 6), width=3, border_radius=rect.w // 7)
    bottom = rect.y + round(rect.h * 0.74)  # above the clue chips of a face and the Play/Disc. buttons of one's own
    if card.note:
        bottom = _tag(surface, rect, card.note, bottom, NOTE_BG, NOTE_INK) - 2
    if card.belief:
        _tag(surface, rect, card.belief, bottom, BELIEF_BG, theme.TEXT)
