"""A question over the screen below, for an act that cannot be taken back (ending a network table that others
play at, leaving one's seat in a game): the question, what it does, and two buttons. Enter (or the act's button)
does it; Esc, Cancel or a click outside the panel does nothing. The screen below takes no input meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent, PointerDown
from hanabi_desktop.ui.scenes.dialog import DialogScene
from hanabi_desktop.ui.widgets.controls import Button
from hanabi_desktop.ui.widgets.group import WidgetGroup
from hanabi_desktop.ui.widgets.wrap import wrap_lines


class ConfirmScene(DialogScene):
    """See the module docstring. `on_yes` is called once, after the dialog has closed, if the act is confirmed."""

    transparent = True

    def __init__(self, app, question: str, detail: str, yes: str, on_yes: Callable[[], None]) -> None:  # noqa: ANN001
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.yes_label = yes
        self.on_yes = on_yes
        self.panel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.build()

    def build(self) -> None:
        w, h = self.size
        unit = max(0.6, min(w / 1280, h / 800))
        pad = round(22 * unit)
        pw = min(w - 40, round(640 * unit))
        text_w = pw - 2 * pad
        lines = len(self.lines(text_w, unit))
        bh = round(48 * unit)
        ph = pad * 3 + round(34 * unit) * len(wrap_lines(self.question, round(26 * unit), text_w)) \
            + round(27 * unit) * lines + bh
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        bw = (pw - 3 * pad) // 2
        y = self.panel.bottom - pad - bh
        self.widgets = WidgetGroup([
            Button((self.panel.x + pad, y, bw, bh), _("Cancel"), self.cancel, tooltip=_("Esc"), hint="Esc"),
            Button((self.panel.right - pad - bw, y, bw, bh), self.yes_label, self.confirm, primary=True,
                   tooltip=_("Enter"), hint="Enter"),
        ])
        self.unit = unit

    def lines(self, width: int, unit: float) -> list[str]:
        return wrap_lines(self.detail, round(20 * unit), width) if self.detail else []

    def cancel(self) -> None:
        self.app.stack.pop(self)

    def confirm(self) -> None:
        self.app.stack.pop(self)
        self.on_yes()

    def handle(self, intent: Intent) -> bool:
        if self.widgets.handle(intent):  # a focused button pressed with Enter or Space does what it says
            return True
        if isinstance(intent, Command) and intent.name == "back":
            self.cancel()
        elif isinstance(intent, Command) and intent.name == "confirm":
            self.confirm()
        elif isinstance(intent, PointerDown) and intent.button == 1 and not self.panel.collidepoint(intent.pos):
            self.cancel()
        else:
            self.widgets.navigate(intent)
        return True  # the screen below takes no input while the question is asked

    def draw(self, surface: pygame.Surface) -> None:
        self.shade(surface, 140)
        unit = self.unit
        theme.draw_panel(surface, self.panel, radius=round(12 * unit), alpha=250, border=theme.ERROR)
        pad = round(22 * unit)
        x, y = self.panel.x + pad, self.panel.y + pad
        width = self.panel.w - 2 * pad
        for line in wrap_lines(self.question, round(26 * unit), width):
            theme.blit_text(surface, theme.fit_text(line.strip(), round(26 * unit), width, bold=True), round(26 * unit),
                            (x, y), theme.TEXT, bold=True)
            y += round(34 * unit)
        y += pad // 2
        for line in self.lines(width, unit):
            theme.blit_text(surface, theme.fit_text(line.strip(), round(20 * unit), width), round(20 * unit), (x, y),
                            theme.TEXT_DIM)
            y += round(27 * unit)
        self.widgets.draw(surface)
