"""The replay viewer's bottom panel: where its rectangles go (a pure function of the window size) and the
drawing of the review in it: the best-score curve under the slider, the turn's review text and the list of
moves where points were lost. The texts and points come from `ui.replayview.review_model`; this module only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.review.report import Bound
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.replayview.review_model import Drop, Flag
from hanabi_desktop.ui.widgets.controls import Slider
from hanabi_desktop.ui.widgets.wrap import wrapped_text


class TurnSlider(Slider):
    """The replay's turn slider: the track takes all the width its label and value leave, so the curve drawn
    under it (which shares its x range) is as wide as it can be."""

    def track_rect(self) -> pygame.Rect:
        size = self.size or max(10, round(self.rect.h * 0.45))
        f = theme.font(size)
        label_w = f.size(self.label)[0] + 14
        value_w = f.size(self.fmt(self.hi) + "0")[0] + 14
        return pygame.Rect(self.rect.x + label_w, self.rect.centery - 3, self.rect.w - label_w - value_w, 6)


@dataclass(frozen=True)
class PanelLayout:
    """The panel's parts: the whole panel, the control row, the curve, the turn text and the drop list."""

    rect: pygame.Rect
    controls: pygame.Rect
    curve: pygame.Rect
    text: pygame.Rect
    drops: pygame.Rect
    font: int
    row: int  # height of one row of the drop list


def panel_layout(size: tuple[int, int]) -> PanelLayout:
    """The panel at the bottom of a window of `size` (the table is laid out in the rest)."""
    w, h = size
    scale = theme.ui_scale(size)
    pad = max(4, round(8 * scale))
    font = max(12, round(17 * scale))
    ph = max(180, round(h * 0.31))
    rect = pygame.Rect(0, h - ph, w, ph)
    bh = max(26, round(40 * scale))
    controls = pygame.Rect(pad, rect.y + pad, w - 2 * pad, bh)
    curve_h = max(44, round(ph * 0.30))
    curve = pygame.Rect(pad, controls.bottom + pad, w - 2 * pad, curve_h)
    y = curve.bottom + pad
    split = round(w * 0.52)
    text = pygame.Rect(pad, y, split - 2 * pad, rect.bottom - y - pad)
    drops = pygame.Rect(split, y, w - split - pad, rect.bottom - y - pad)
    return PanelLayout(rect, controls, curve, text, drops, font, round(font * 1.45))


def curve_x(index: int, last: int, x0: int, x1: int) -> int:
    """The x of slider position `index` (0..`last`) on a track from `x0` to `x1`."""
    return round(x0 + (x1 - x0) * index / max(1, last))


def curve_y(score: float, lo: int, hi: int, rect: pygame.Rect) -> int:
    """The y of `score` in `rect` where `lo` is the bottom and `hi` the top."""
    inner = rect.inflate(0, -8)
    return round(inner.bottom - (inner.h * (score - lo) / max(1, hi - lo)))


def draw_curve(surface: pygame.Surface, frame: pygame.Rect, track: tuple[int, int], points: Sequence[Bound],
               index: int, drop_turns: Sequence[int], max_score: int, font: int) -> None:
    """The best reachable score at every position as a line (a band where only bounds are proven), drops
    marked in red at the position after the move, and the position shown marked in gold."""
    theme.draw_panel(surface, frame, radius=6, shadow=False)
    x0, x1 = track
    last = len(points) - 1
    lo = max(0, min(p.low for p in points) - 1)
    hi = max(max_score, max(p.high for p in points))
    fs = max(10, font - 3)
    rect = plot_rect(frame, fs)  # the scores' labels sit on the top and bottom lines: whole, inside the frame
    theme.blit_text(surface, str(hi), fs, (x0 - 6, curve_y(hi, lo, hi, rect)), theme.TEXT_DIM, anchor="midright")
    theme.blit_text(surface, str(lo), fs, (x0 - 6, curve_y(lo, lo, hi, rect)), theme.TEXT_DIM, anchor="midright")
    theme.blit_text(surface, _("Best score still reachable"), fs, (frame.x + 6, frame.y + 4), theme.TEXT_DIM)
    for t in drop_turns:
        x = curve_x(t + 1, last, x0, x1)
        pygame.draw.line(surface, theme.ERROR_DARK, (x, rect.y + 2), (x, rect.bottom - 3), 3)
    highs = [(curve_x(i, last, x0, x1), curve_y(p.high, lo, hi, rect)) for i, p in enumerate(points)]
    lows = [(curve_x(i, last, x0, x1), curve_y(p.low, lo, hi, rect)) for i, p in enumerate(points)]
    if any(p.low != p.high for p in points):
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        poly = [(x - rect.x, y - rect.y) for x, y in highs + lows[::-1]]
        if len(poly) >= 3:
            pygame.draw.polygon(band, (*theme.CLUE, 70), poly)
        surface.blit(band, rect)
        pygame.draw.lines(surface, theme.CLUE, False, _steps(highs), 1)
    if len(lows) >= 2:
        pygame.draw.lines(surface, theme.CLUE, False, _steps(lows), 3)
    for t in drop_turns:
        x = curve_x(t + 1, last, x0, x1)
        y = curve_y(points[min(t + 1, last)].low, lo, hi, rect)
        pygame.draw.circle(surface, theme.ERROR, (x, y), 5)
    x = curve_x(index, last, x0, x1)
    pygame.draw.line(surface, theme.ACCENT, (x, rect.y + 2), (x, rect.bottom - 3), 2)
    here = points[min(index, last)]
    label = str(here.low) if here.low == here.high else f"{here.low}-{here.high}"
    anchor = "midleft" if x < x1 - 40 else "midright"
    theme.blit_text(surface, label, fs, (x + (6 if anchor == "midleft" else -6), rect.y + 10), theme.ACCENT,
                    bold=True, anchor=anchor)


def plot_rect(frame: pygame.Rect, fs: int) -> pygame.Rect:
    """Where the curve is drawn in its `frame`: far enough from its top and bottom edges that a score label
    of size `fs` centred on the top or bottom line stays whole inside the frame."""
    half = max(0, (theme.font(fs).get_height() + 1) // 2 - 2)  # curve_y keeps 4 px of its own
    return pygame.Rect(frame.x, frame.y + half, frame.w, max(8, frame.h - 2 * half))


def _steps(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A step line through `points`: the score holds until the move that changes it."""
    out = [points[0]]
    for x, y in points[1:]:
        out.append((x, out[-1][1]))
        out.append((x, y))
    return out


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, fraction: float, font: int) -> None:
    """The review still being worked out: a bar and what it is doing; the replay is usable meanwhile."""
    theme.draw_panel(surface, rect, radius=6, shadow=False)
    bar = pygame.Rect(rect.x + 12, rect.centery + 4, rect.w - 24, max(6, rect.h // 6))
    pygame.draw.rect(surface, theme.BUTTON, bar, border_radius=bar.h // 2)
    done = bar.copy()
    done.w = max(bar.h, round(bar.w * fraction))
    pygame.draw.rect(surface, theme.CLUE, done, border_radius=bar.h // 2)
    text = _("Working out the best score of every turn (every card known)… {percent}% - the replay works "
             "meanwhile").format(percent=round(fraction * 100))
    theme.blit_text(surface, theme.fit_text(text, font, rect.w - 24), font, (rect.x + 12, bar.y - 4),
                    theme.TEXT_DIM, anchor="bottomleft")


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], font: int,
               colours: Sequence[theme.Colour] = ()) -> None:
    """`lines` wrapped to `rect`'s width, top to bottom, as many as fit."""
    y = rect.y
    for i, line in enumerate(lines):
        colour = colours[i] if i < len(colours) else theme.TEXT
        surf = wrapped_text(line, font, colour, rect.w)
        if y + surf.get_height() > rect.bottom and i:
            break
        surface.blit(surf, (rect.x, y), area=pygame.Rect(0, 0, rect.w, rect.bottom - y))
        y += surf.get_height() + 2


def drop_rows(rect: pygame.Rect, row: int, count: int, first: int) -> list[tuple[int, pygame.Rect]]:
    """The rows of the drop list that fit under its heading: (drop index, rect), from drop `first` on."""
    out = []
    y = rect.y + row
    for i in range(first, count):
        if y + row > rect.bottom:
            break
        out.append((i, pygame.Rect(rect.x, y, rect.w, row - 2)))
        y += row
    return out


def no_drop_line(exact: bool) -> str:
    """What the drop list says when it is empty: nothing lost, or nothing proven lost where only bounds are known."""
    if exact:
        return _("No move lowered the best score: no points were lost to a move.")
    return _("No single move provably lowered the best score (the shaded band: turns known only within bounds).")


def split_lists(rect: pygame.Rect, row: int, above: int, below: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The drop list's place shared with the broken-conventions list (`above` and `below` rows long): the drops
    above, the conventions below. Each list has its heading and at least one row; a list that needs fewer rows
    than half the place leaves the rest to the other, so a large window shows every row it can."""
    rows = max(2, rect.h // max(1, row))
    need_above, need_below = 1 + max(1, above), 1 + max(1, below)
    below_rows = min(need_below, max(rows - need_above, rows // 2))
    top = pygame.Rect(rect.x, rect.y, rect.w, rect.h - below_rows * row)
    return top, pygame.Rect(rect.x, top.bottom, rect.w, rect.bottom - top.bottom)


def no_flag_line() -> str:
    """What the broken-conventions list says when it is empty."""
    return _("No move broke the conventions the partner plays by.")


def draw_drops(surface: pygame.Surface, rect: pygame.Rect, heading: str, found: Sequence[Drop | Flag],
               rows: Sequence[tuple[int, pygame.Rect]], current: int, hover: tuple[int, int], font: int,
               exact: bool = True, empty: str | None = None) -> pygame.Rect | None:
    """The headline (the deal's best score) and one clickable row per move where points were lost (or, with
    `empty` saying what no row means, any such list: the moves that broke the conventions). Returns where it
    said that more rows are hidden (None when every row is shown)."""
    more, ms = "", max(10, font - 4)
    if found and len(rows) < len(found):
        more = _("{shown} of {count} shown: scroll for more").format(shown=len(rows), count=len(found))
    more_w, more_h = theme.font(ms).size(more)
    below = bool(more) and (rows[-1][1].bottom if rows else rect.y + round(font * 1.45)) + more_h <= rect.bottom
    room = rect.w if below or not more else rect.w - more_w - 12
    hs = theme.fit_size(heading, font, room, bold=True, smallest=0.75)  # a long heading (de, es) shrinks
    theme.blit_text(surface, theme.fit_text(heading, hs, room, bold=True), hs, rect.topleft, theme.ACCENT,
                    bold=True)
    said = None
    if more:  # under the rows where they leave room, else at the heading's end: never over a row
        spot = rect.bottomright if below else (rect.right, rect.y + hs // 2 + 1)
        said = theme.blit_text(surface, more, ms, spot, theme.TEXT_FAINT, anchor="bottomright" if below else "midright")
    if not found:
        fs = max(11, font - 2)
        theme.blit_text(surface, theme.fit_text(empty or no_drop_line(exact), fs, rect.w), fs,
                        (rect.x, rect.y + round(font * 1.45)), theme.GOOD if exact else theme.TEXT_DIM)
        return None
    fs = max(11, font - 2)
    for i, r in rows:
        drop = found[i]
        active = drop.turn == current
        if active or r.collidepoint(hover):
            pygame.draw.rect(surface, theme.ERROR_DARK if active else theme.BUTTON_HOVER, r, border_radius=4)
        theme.blit_text(surface, theme.fit_text(drop.text, fs, r.w - 8), fs, (r.x + 4, r.centery),
                        theme.TEXT if active else theme.TEXT_DIM, anchor="midleft")
    return said
