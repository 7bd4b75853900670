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
        if self.message:  # up to two lines: a message about a game not kept must be read whole
            size, width = self.px(20), w - self.px(40)
            lines = wrap_lines(self.message, size, width) if theme.font(size).size(self.message)[0] > width else [self.message]
            if len(lines) > 2:
                lines = [lines[0], " ".join(line.strip() for line in lines[1:])]
            for line in reversed(lines):
                rect = theme.blit_text(surface, theme.fit_text(line.strip(), size, width), size, (w // 2, bottom),
                                       self.message_colour, anchor="midbottom")
                bottom = rect.top
            bottom -= self.px(8)
        else:
            bottom -= self.px(30)
        tip = self.widgets.hovered_tooltip()
        if tip:
            theme.blit_text(surface, tip, self.px(17), (w // 2, bottom), theme.TEXT_DIM, anchor="midbottom")


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
