"""What every menu screen shares: the felt, a title, widgets laid out per window size, a message line.

A `MenuScene` subclass implements `build(scale)` to (re)create its widgets for the current size; the base
rebuilds them on resize, routes intents to them, draws them, and maps Esc to `back()`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent
from hanabi_desktop.ui.scene import Scene
from hanabi_desktop.ui.widgets.group import WidgetGroup
from hanabi_desktop.ui.widgets.wrap import wrap_lines


class MenuScene(Scene):
    """A full-screen menu page with a title."""

    title = ""
    subtitle = ""

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.message = ""
        self.message_colour: theme.Colour = theme.TEXT_DIM
        self.scale = theme.ui_scale(self.size)

    # -- to override ---------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        """Create `self.widgets` for the window size `self.size` at `scale` (design pixels -> pixels)."""

    def back(self) -> None:
        """Esc: leave this page."""
        self.app.stack.pop(self)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw anything beyond the widgets (after the background and title, before the widgets)."""

    # -- plumbing ------------------------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return theme.px(value, self.scale)

    def rebuild(self) -> None:
        """Recreate the widgets for the current size (keeps nothing but what `build` restores)."""
        self.scale = theme.ui_scale(self.size)
        focused = self.widgets.focus_index()  # a key that changed the page leaves the focus where it was
        self.widgets = WidgetGroup()
        self.build(self.scale)
        self.widgets.restore_focus(focused)

    def enter(self) -> None:
        self.rebuild()

    def resume(self) -> None:
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.rebuild()

    def say(self, text: str, colour: theme.Colour = theme.TEXT_DIM) -> None:
        """Show a line of feedback at the bottom of the page."""
        self.message, self.message_colour = text, colour

    def handle(self, intent: Intent) -> bool:
        if self.widgets.handle(intent):
            return True
        if isinstance(intent, Command) and intent.name == "back":
            self.back()
            return True
        return self.widgets.navigate(intent)

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def animating(self) -> bool:
        return self.widgets.animating()

    def look(self) -> Hashable:
        return self.message, self.widgets.look()

    def wake_after(self) -> float | None:
        return self.widgets.wake_after()

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(self.size), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w = self.size[0]
        if self.title:
            theme.blit_text(surface, _(self.title), self.px(54), (w // 2, self.px(34)), theme.ACCENT,
                            anchor="midtop", display=True, shadow=True)
        if self.subtitle:
            theme.blit_text(surface, _(self.subtitle), self.px(20), (w // 2, self.px(112)), theme.TEXT_DIM,
                            anchor="midtop")
        self.draw_content(surface)
        self.widgets.draw(surface)
        bottom = self.size[1] - self.px(22)
        size, width = self.px(20), w - self.px(40)
        for line in reversed(self.message_lines(self.message)):
            rect = theme.blit_text(surface, theme.fit_text(line.strip(), size, width), size, (w // 2, bottom),
                                   self.message_colour, anchor="midbottom")
            bottom = rect.top
        tip = self.widgets.hovered_tooltip()
        for line, pos in self.tooltip_lines(tip) if tip else []:
            theme.blit_text(surface, line, self.px(17), pos, theme.TEXT_DIM, anchor="midtop")

    def message_lines(self, message: str) -> list[str]:
        """The message line as drawn at the bottom: up to two lines (a message about a game not kept must be
        read whole)."""
        if not message:
            return []
        size, width = self.px(20), self.size[0] - self.px(40)
        lines = wrap_lines(message, size, width) if theme.font(size).size(message)[0] > width else [message]
        return [lines[0], " ".join(line.strip() for line in lines[1:])] if len(lines) > 2 else lines

    def tooltip_top(self, message: str) -> int:
        """The top of the hovered widget's tooltip line, above the message's lines: a page's widgets end above it
        so that the tooltip never covers one."""
        lines = self.message_lines(message)
        above = self.px(8) if lines else self.px(30)
        bottom = self.size[1] - self.px(22) - len(lines) * theme.font(self.px(20)).get_linesize() - above
        return bottom - theme.font(self.px(17)).get_linesize()

    def tooltip_lines(self, tip: str) -> list[tuple[str, tuple[int, int]]]:
        """The tooltip's lines and where each goes (its midtop), never over a widget where there is room: one line
        just above the message line, in the widest stretch no widget crosses there (a page's buttons may reach
        the bottom); if it needs more, one line just above the lowest widgets instead; else wrapped in that
        first stretch, stacked upwards."""
        size, h = self.px(17), self.size[1]
        step = theme.font(size).get_linesize()
        bottom = self.tooltip_top(self.message) + step
        for _move in range(3):
            left, right, crossing = self._free_stretch(bottom - step, bottom)
            if theme.font_for(tip, size).size(tip)[0] <= right - left:
                return [(tip, ((left + right) // 2, bottom - step))]
            if not crossing or min(crossing) - self.px(8) < h // 2:
                break
            bottom = min(crossing) - self.px(8)
        bottom = self.tooltip_top(self.message) + step
        for n in (2, 3):
            left, right, _crossing = self._free_stretch(bottom - n * step, bottom)
            lines = wrap_lines(tip, size, right - left) if right > left else []
            if lines and len(lines) <= n:
                first = bottom - len(lines) * step
                return [(line.strip(), ((left + right) // 2, first + i * step)) for i, line in enumerate(lines)]
        return [(tip, (self.size[0] // 2, bottom - step))]  # no room anywhere: over the page, as a last resort

    def _free_stretch(self, top: int, bottom: int) -> tuple[int, int, list[int]]:
        """The widest stretch (left, right) of the band from `top` to `bottom` that no widget crosses, and the tops
        of the widgets that cross it."""
        margin, gap = self.px(20), self.px(8)
        spans, crossing = [(margin, self.size[0] - margin)], []
        for widget in self.widgets.widgets:
            r = widget.rect
            if widget.visible and r.top < bottom and r.bottom > top:
                crossing.append(r.top)
                spans = [part for a, b in spans
                         for part in ((a, min(b, r.left - gap)), (max(a, r.right + gap), b)) if part[1] > part[0]]
        left, right = max(spans, key=lambda span: span[1] - span[0]) if spans else (margin, margin)
        return left, right, crossing

class Sparks:
    """A few slow firework bursts drawn behind the title screen (decoration, seeded, cheap).

    They go up for the first `SHOW` seconds only: after that the screen rests (no frame is drawn while nothing
    moves), which a laptop's battery notices."""

    SHOW = 6.0

    COLOURS = [(214, 52, 56), (238, 190, 40), (58, 160, 84), (48, 114, 220), (226, 228, 236), (168, 92, 210)]

    def __init__(self, seed: int = 5) -> None:
        self.rng = random.Random(seed)
        self.bursts: list[list[float]] = []  # x, y (fractions), age, colour index, rays
        self.clock = 0.0

    def update(self, dt: float) -> None:
        self.clock += dt
        for b in self.bursts:
            b[2] += dt
        self.bursts = [b for b in self.bursts if b[2] < 2.2]
        if self.clock < self.SHOW and len(self.bursts) < 4 and self.rng.random() < dt * 1.6:
            self.bursts.append([self.rng.uniform(0.08, 0.92), self.rng.uniform(0.1, 0.55), 0.0,
                                self.rng.randrange(len(self.COLOURS)), self.rng.choice((10, 12, 14))])

    @property
    def active(self) -> bool:
        """Is a burst in the air (or may one still go up)?"""
        return bool(self.bursts) or self.clock < self.SHOW

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        w, h = surface.get_size()
        for x, y, age, ci, rays in self.bursts:
            t = age / 2.2
            radius = (1 - (1 - t) ** 3) * 110 * scale
            fade = max(0.0, 1 - t)
            colour = theme.lerp_colour(theme.FELT, self.COLOURS[int(ci)], fade)
            cx, cy = x * w, y * h + t * t * 30 * scale
            for k in range(int(rays)):
                a = k * 2 * math.pi / rays
                px_, py_ = cx + math.cos(a) * radius, cy + math.sin(a) * radius
                pygame.draw.circle(surface, colour, (round(px_), round(py_)), max(1, round(3.2 * scale * fade + 1)))
                inner = 0.6 * radius
                pygame.draw.line(surface, theme.lerp_colour(theme.FELT, colour, 0.5),
                                 (round(cx + math.cos(a) * inner), round(cy + math.sin(a) * inner)),
                                 (round(px_), round(py_)), 1)
