"""The card-note editor: a small panel over the table to write (or clear) a short note on one card.

Enter keeps the note, Esc leaves it as it was, an empty note erases it. The keywords hanab.live players know
work (see `engine.notes`): 'r1', 'r2, r3', f, cm, kt, ?, !.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.table.session import MAX_NOTE
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent
from hanabi_desktop.ui.scenes.dialog import DialogScene
from hanabi_desktop.ui.widgets.controls import Button, TextInput
from hanabi_desktop.ui.widgets.group import WidgetGroup


class NoteEditor(DialogScene):
    """See the module docstring. `on_done(text)` is called with the note when it is kept."""

    transparent = True

    def __init__(self, app, title: str, text: str, on_done: Callable[[str], None]) -> None:  # noqa: ANN001
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.text = text
        self.field: TextInput | None = None

    def enter(self) -> None:
        self.build()
        pygame.key.start_text_input()

    # no stop_text_input() on exit: the whole game reads typed text (a key's character: '?' for the hint, letters
    # that move the focus, names and seeds typed), and after a note was kept '?' arrived as '/' and fields took
    # no typing (found playing under Xvfb)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.build()

    def build(self) -> None:
        w, h = self.size
        unit = max(0.6, min(w / 1280, h / 800))
        pw, ph = min(w - 40, round(560 * unit)), round(210 * unit)
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        pad = round(18 * unit)
        row = round(48 * unit)
        keep = self.field.text if self.field is not None else self.text
        self.field = TextInput((self.panel.x + pad, self.panel.y + round(64 * unit), pw - 2 * pad, row), keep,
                               placeholder=_("r1, r2 / f / cm / kt / ? / ! or any words"), max_length=MAX_NOTE,
                               on_submit=self.keep, size=round(20 * unit), focused=True)
        bw = round(200 * unit)  # room for the words and the key cap (Enter, Esc) in every language
        y = self.panel.bottom - pad - round(44 * unit)
        self.widgets = WidgetGroup([
            self.field,
            Button((self.panel.right - pad - bw, y, bw, round(44 * unit)), _("Keep"), lambda: self.keep(self.field.text),
                   primary=True, tooltip=_("Enter"), hint="Enter"),
            Button((self.panel.right - 2 * (pad + bw) + pad // 2, y, bw, round(44 * unit)), _("Cancel"), self.close,
                   tooltip=_("Esc"), hint="Esc"),
        ])
        self.unit = unit

    def keep(self, text: str) -> None:
        self.close()
        self.on_done(text)

    def close(self) -> None:
        self.app.stack.pop(self)

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Command) and intent.name == "back":
            self.close()
            return True
        if isinstance(intent, Command) and intent.name == "confirm":
            self.keep(self.field.text)
            return True
        self.widgets.handle(intent)
        return True  # the table below takes no input while a note is being written

    def draw(self, surface: pygame.Surface) -> None:
        self.shade(surface, 110)
        theme.draw_panel(surface, self.panel, radius=10, alpha=245, border=theme.ACCENT)
        fs = round(22 * self.unit)
        theme.blit_text(surface, theme.fit_text(self.title, fs, self.panel.w - 30), fs,
                        (self.panel.x + round(18 * self.unit), self.panel.y + round(20 * self.unit)), theme.TEXT,
                        bold=True)
        self.widgets.draw(surface)
