"""The clue preview on screen: its lines and the mark (outline and '!') a clue's button gets for its worst warning.

The preview itself (`bots.clue_preview`) is worked out off the frame thread (`table.previewer`); this module only
turns it into lines and draws a small mark.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.bots.clue_preview import Preview
from hanabi_desktop.i18n import _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.widgets.wrap import wrap_lines

# the mark of a clue's worst warning: a strike, a finesse left waiting or a lost card in red, a bad touch in
# orange, a clue that means nothing in grey; a clue with no warning gets none
MARKS: dict[str, theme.Colour] = {"misplay": theme.ERROR, "finesse": theme.ERROR, "lost": theme.ERROR,
                                  "trash": (240, 150, 50), "nothing": (150, 150, 150)}


def preview_lines(preview: Preview) -> list[str]:
    """The reading, then each warning ('Careful: red 3 is not playable: Bob would strike.')."""
    return [preview.line] + [_("Careful: {warning}").format(warning=w.text) for w in preview.warnings]


def mark_disc(rect: pygame.Rect, clear_of: pygame.Rect | None = None) -> pygame.Rect:
    """Where the '!' disc of a clue's button `rect` goes: on its top edge, left of `clear_of` (the key cap at the
    button's right) and right of the suit chip at its left."""
    r = max(4, rect.h // 5)
    x = rect.right - rect.h
    if clear_of is not None:
        x = min(x, clear_of.left - r - 2)
    disc = pygame.Rect(0, 0, 2 * r, 2 * r)
    disc.center = (x, rect.y + 1)
    return disc


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, preview: Preview | None,
              clear_of: pygame.Rect | None = None) -> None:
    """A clue's button `rect` outlined in the colour of its worst warning, with a small '!' disc on its top edge
    (see `mark_disc`)."""
    worst = preview.worst if preview is not None else None
    if worst is None:
        return
    colour = MARKS[worst.kind]
    pygame.draw.rect(surface, colour, rect, width=2, border_radius=rect.h // 3)
    disc = mark_disc(rect, clear_of)
    r, centre = disc.w // 2, disc.center
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, theme.PANEL, centre, r, width=1)
    theme.blit_text(surface, "!", max(9, round(r * 1.6)), centre, theme.TEXT, bold=True, anchor="center")


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, lines: list[tuple[str, theme.Colour]], size: int) -> None:
    """`lines` (text, colour) wrapped into `rect`, at the largest size down to 70% of `size` at which they all fit;
    a warning is never left out (at the smallest size, the last row that fits is shortened)."""
    floor = max(8, round(size * 0.7))
    for s in range(size, floor - 1, -1):
        rows = [(row, colour) for text, colour in lines for row in wrap_lines(text, s, rect.w)]
        step = round(s * 1.2)
        if len(rows) * step <= rect.h or s == floor:
            break
    fit = max(1, rect.h // step)
    if len(rows) > fit:
        rows = rows[:fit - 1] + [(" ".join(r for r, _c in rows[fit - 1:]), rows[fit - 1][1])]
    for i, (row, colour) in enumerate(rows):
        theme.blit_text(surface, theme.fit_text(row, s, rect.w), s, (rect.x, rect.y + i * step), colour)
