"""Your history: each player's kept games in numbers and a chart of scores over time with the level of the bots
beside each game, filtered by variant, number of players and player. Drawn from `historyview.model` only; the
games are read on the history's thread (`history.index`), so the screen opens at once and fills in.

Keys: Up/Down choose the player, V / Shift+V the variant, P / Shift+P the number of players, Esc goes back.
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import lru_cache

import pygame

from hanabi_desktop.history.index import History, read_in_background
from hanabi_desktop.history.stats import PEOPLE_ONLY, UNKNOWN, Roster, Selection
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.historyview.model import MIXED, Choices, HistoryModel, build, cycled
from hanabi_desktop.ui.intents import Intent, KeyPress
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, ListView

# the strip under the chart: each level of the bots in a suit's colour, so the chart speaks the table's language
LEVEL_COLOURS = {"beginner": theme.SUIT_STYLES["g"].colour, "1": theme.SUIT_STYLES["b"].colour,
                 "2": theme.SUIT_STYLES["m"].colour, "3": theme.SUIT_STYLES["y"].colour,
                 "expert": theme.SUIT_STYLES["r"].colour, "random": theme.TEXT_FAINT,
                 MIXED: theme.SUIT_STYLES["w"].dark, PEOPLE_ONLY: theme.SUIT_STYLES["w"].colour,
                 UNKNOWN: theme.DISABLED}
SYMBOLS_UP_TO = 80  # games on the chart drawn as stars, error tiles and tokens; more are drawn as dots


@lru_cache(maxsize=16)
def dot(colour: theme.Colour, radius: int) -> pygame.Surface:
    """A chart's dot of `radius` pixels, drawn once (thousands are blitted)."""
    surface = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    pygame.draw.circle(surface, colour, (radius + 1, radius + 1), radius)
    return surface


class HistoryScene(MenuScene):
    """Your history (see the module docstring)."""

    title = N_("Your history")

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.selection = Selection()
        self.history: History | None = None
        self.roster: Roster | None = None
        self.choices: Choices | None = None
        self.model: HistoryModel | None = None
        self.read = (0, 0)  # games read from their files so far, of how many (the first look after an update)
        self.reading: Future[tuple[History, Roster, Choices, HistoryModel]] | None = read_in_background(
            self._prepare, self._progress)

    def _prepare(self, history: History) -> tuple[History, Roster, Choices, HistoryModel]:
        """On the history's thread: what the first picture needs, worked out there rather than on the frame's."""
        roster = Roster(history.games)
        choices = Choices.of(roster)
        return history, roster, choices, build(history, self.selection, roster, choices)

    def _progress(self, done: int, total: int) -> None:  # on the history's thread: one tuple, set whole
        self.read = (done, total)

    # -- the games and the filters ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.reading is not None and self.reading.done():
            self.history, self.roster, self.choices, self.model = self.reading.result()  # never raises
            self.reading = None
            self.rebuild()

    def refilter(self, selection: Selection) -> None:
        """Show `selection` of the games."""
        self.selection = selection
        if self.history is not None:
            self.model = build(self.history, selection, self.roster, self.choices)
        self.rebuild()

    def step_variant(self, step: int) -> None:
        if self.choices is not None:
            s = self.selection
            self.refilter(Selection(cycled(self.choices.variants, s.variant, step), s.players, s.player))

    def step_count(self, step: int) -> None:
        if self.choices is not None:
            s = self.selection
            self.refilter(Selection(s.variant, cycled(self.choices.counts, s.players, step), s.player))

    def choose_row(self, row: int) -> None:
        if self.model is not None and 0 <= row < len(self.model.row_players):
            self.refilter(Selection(self.selection.variant, self.selection.players, self.model.row_players[row]))

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, KeyPress) and intent.key in (pygame.K_v, pygame.K_p):
            step = -1 if intent.mod & pygame.KMOD_SHIFT else 1
            self.step_variant(step) if intent.key == pygame.K_v else self.step_count(step)
            return True
        return super().handle(intent)

    def look(self):  # noqa: ANN201 - Hashable
        return super().look(), self.read, self.reading is None

    def wake_after(self) -> float | None:
        waits = [w for w in (super().wake_after(), 0.02 if self.reading is not None else None) if w is not None]
        return min(waits) if waits else None

    # -- layout ------------------------------------------------------------------------------------------------------
    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The filters' row, the player list, the totals and the chart, for the window size."""
        w, h = self.size
        margin, gap = self.px(40), self.px(18)
        top = self.px(112)
        filters = pygame.Rect(margin, top, w - 2 * margin, self.px(46))
        body_top = filters.bottom + gap
        bottom = h - self.px(120)  # the Back button and the message line below
        list_w = max(self.px(300), min(self.px(420), (w - 2 * margin) * 3 // 10))
        players = pygame.Rect(margin, body_top, list_w, bottom - body_top)
        right = pygame.Rect(players.right + gap, body_top, w - margin - players.right - gap, bottom - body_top)
        facts = pygame.Rect(right.x, right.y, right.w, self.px(150))
        chart = pygame.Rect(right.x, facts.bottom + gap, right.w, right.bottom - facts.bottom - gap)
        return filters, players, facts, chart

    def build(self, scale: float) -> None:
        w, h = self.size
        filters, players, _facts, _chart = self.areas()
        m = self.model
        bw = (filters.w - self.px(16)) // 2
        self.widgets.add(Button((filters.x, filters.y, bw, filters.h), m.variant if m else _("All variants"),
                                lambda: self.step_variant(1), enabled=m is not None, size=self.px(19),
                                tooltip=_("V: the next variant, Shift+V the one before")))
        self.widgets.add(Button((filters.right - bw, filters.y, bw, filters.h),
                                m.count if m else _("Any number of players"), lambda: self.step_count(1),
                                enabled=m is not None, size=self.px(19),
                                tooltip=_("P: the next number of players, Shift+P the one before")))
        rows = m.rows if m else ()
        self.list = ListView(players, rows, selected=m.row if m else None, on_select=self.choose_row,
                             row_height=self.px(38))
        if m is not None:
            self.list.scroll = max(0, min(m.row - self.list.rows_visible // 2, len(rows) - self.list.rows_visible))
        self.widgets.add(self.list)
        bh = self.px(52)
        self.widgets.add(Button((w - self.px(40) - self.px(200), h - self.px(104), self.px(200), bh), _("Back"),
                                self.back, tooltip=_("Back to the title (Esc)"), hint="Esc"))
        self.say(_("Up/Down: player  ·  V: variant  ·  P: number of players  ·  Esc: back"), theme.TEXT_FAINT)

    # -- drawing ----------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        _filters, _players, facts, chart = self.areas()
        m = self.model
        if m is None:
            done, total = self.read
            text = (_("Reading the kept games: {done} of {total}...").format(done=done, total=total) if total
                    else _("Reading the kept games..."))
            theme.blit_text(surface, text, self.px(24), facts.union(chart).center, theme.TEXT_DIM, anchor="center")
            return
        self.draw_facts(surface, facts, m)
        self.draw_chart(surface, chart, m)

    def draw_facts(self, surface: pygame.Surface, rect: pygame.Rect, m: HistoryModel) -> None:
        """The totals: four to a row, the number big and what it counts under it."""
        theme.draw_panel(surface, rect, radius=self.px(10))
        cols = 4
        inner = rect.inflate(-self.px(8), -self.px(12))
        cell_w, cell_h = inner.w // cols, inner.h // 2
        for i, (label, value) in enumerate(m.facts):
            cell = pygame.Rect(inner.x + (i % cols) * cell_w, inner.y + (i // cols) * cell_h, cell_w, cell_h)
            ls = theme.fit_size(label, self.px(16), cell.w - self.px(8), smallest=0.7)
            label_rect = theme.blit_text(surface, theme.fit_text(label, ls, cell.w - self.px(8)), ls,
                                         (cell.centerx, cell.bottom), theme.TEXT_DIM, anchor="midbottom")
            vs = theme.fit_size(value, min(self.px(32), cell.h - label_rect.h - self.px(4)), cell.w - self.px(12),
                                bold=True)
            theme.blit_text(surface, value, vs, (cell.centerx, label_rect.top), theme.ACCENT, bold=True,
                            anchor="midbottom")

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect, m: HistoryModel) -> None:
        """Scores over time (a token a game, a star for a perfect one, an error tile for a strikeout, a gold line
        for the average of the last ten), the level of the bots in a strip under them, its legend, the notes."""
        theme.draw_panel(surface, rect, radius=self.px(10))
        pad = self.px(14)
        size = self.px(18)
        title = theme.fit_text(m.chart_title, size, rect.w - 2 * pad)
        theme.blit_text(surface, title, size, (rect.x + pad, rect.y + pad), theme.TEXT, anchor="topleft")
        small = self.px(15)
        notes = [theme.fit_text(n, small, rect.w - 2 * pad) for n in m.notes]
        chip_w, chip_gap, item_gap = self.px(14), self.px(6), self.px(16)
        items = [(_("Bots:"), None)] + [(words, level) for level, words in m.levels]
        lines: list[list[tuple[str, str | None, int]]] = [[]]  # the legend, in as many lines as it needs
        x_room = rect.w - 2 * pad - self.px(60)
        used = 0
        for words, level in items:
            width = theme.font(small).size(words)[0] + (0 if level is None else chip_w + chip_gap)
            if lines[-1] and used + width > x_room:
                lines.append([])
                used = 0
            lines[-1].append((words, level, width))
            used += width + item_gap
        legend_h = len(lines) * (small + self.px(6))
        bottom = rect.bottom - pad - len(notes) * (small + self.px(4))
        for i, note in enumerate(notes):
            theme.blit_text(surface, note, small, (rect.x + pad, bottom + i * (small + self.px(4)) + self.px(2)),
                            theme.TEXT_FAINT, anchor="topleft")
        axis_w = theme.font(small).size(str(m.top))[0] + self.px(10)
        strip_h = self.px(10)
        plot = pygame.Rect(rect.x + pad + axis_w, rect.y + pad + size + self.px(14), 0, 0)
        plot.w = rect.right - pad - plot.x
        few = len(m.points) <= SYMBOLS_UP_TO
        mark = max(6, min(self.px(20), plot.w // max(1, len(m.points)))) if few else max(2, self.px(4))
        # room for half a mark above the top line and below the 0: a perfect game's star at the top score sat on
        # the title (found at 800x600 in French under Xvfb), a strikeout's tile at 0 on the bots' strip
        half = (round(mark * 1.3) + 4) // 2 + 1
        plot.y += half
        plot.h = bottom - legend_h - strip_h - self.px(16) - plot.y - half
        if m.empty or plot.h < self.px(30):
            theme.blit_text(surface, m.empty, self.px(20), rect.center, theme.TEXT_DIM, anchor="center")
            return
        for frac in (0.0, 0.5, 1.0):  # the score scale: 0, half, the top
            y = plot.bottom - round(frac * plot.h)
            pygame.draw.line(surface, theme.PANEL_BORDER, (plot.x, y), (plot.right, y), 1)
            theme.blit_text(surface, str(round(frac * m.top)), small, (plot.x - self.px(6), y), theme.TEXT_FAINT,
                            anchor="midright")

        def at(x: float, y: float) -> tuple[int, int]:
            return plot.x + round(x * plot.w), plot.bottom - round(y * plot.h)

        if len(m.average) > 1:
            pygame.draw.lines(surface, theme.ACCENT, False, [at(x, y) for x, y in m.average], max(2, self.px(3)))
        if few:  # a token a game, a star for a perfect one, an error tile for a strikeout
            for p in m.points:
                centre = at(p.x, p.y)
                if p.end == "perfect":
                    r = pygame.Rect(0, 0, mark + 4, mark + 4)
                    r.center = centre
                    cards.draw_symbol(surface, "star", r, theme.ACCENT)
                elif p.end == "strikeout":
                    tile = cards.error_tile(mark, round(mark * 1.3), True)
                    surface.blit(tile, tile.get_rect(center=centre))
                else:
                    pygame.draw.circle(surface, theme.CLUE, centre, mark // 2)
                    pygame.draw.circle(surface, theme.CLUE_DARK, centre, mark // 2, 1)
        else:  # thousands: one dot each, in the same colours, blitted in one call
            dots = {end: dot(colour, mark // 2 + (end != "")) for end, colour in
                    (("perfect", theme.ACCENT), ("strikeout", theme.ERROR), ("", theme.CLUE))}
            half = dots[""].get_width() // 2
            surface.fblits([(dots[p.end if p.end in dots else ""],
                             (plot.x + round(p.x * plot.w) - half, plot.bottom - round(p.y * plot.h) - half))
                            for p in m.points])
        strip = pygame.Rect(plot.x, plot.bottom + half + self.px(8), plot.w, strip_h)
        for run in m.runs:
            x0, x1 = strip.x + round(run.x0 * strip.w), strip.x + round(run.x1 * strip.w)
            pygame.draw.rect(surface, LEVEL_COLOURS.get(run.level, theme.TEXT_DIM), (x0, strip.y, max(1, x1 - x0), strip.h))
        # the legend: what the strip's colours mean
        y = strip.bottom + self.px(8)
        for line in lines:
            x = plot.x
            for words, level, _width in line:
                if level is not None:
                    chip = pygame.Rect(x, y + self.px(2), chip_w, small - self.px(2))
                    pygame.draw.rect(surface, LEVEL_COLOURS.get(level, theme.TEXT_DIM), chip, border_radius=self.px(3))
                    x = chip.right + chip_gap
                text = theme.fit_text(words, small, rect.right - pad - x)
                x = theme.blit_text(surface, text, small, (x, y), theme.TEXT_DIM, anchor="topleft").right + item_gap
            y += small + self.px(6)
