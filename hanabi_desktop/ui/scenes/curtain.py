"""The hot-seat curtain: an opaque screen between two people's turns, so nobody sees their own hand.

It names who should take the computer and, once they confirm (click the button or press Enter or Space),
it tells them what happened since their last turn before the table shows their view.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.table.door import Table
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.intents import Command, Intent, KeyPress
from hanabi_desktop.ui.scenes import open_scene, scene_class
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, button_width
from hanabi_desktop.ui.widgets.wrap import wrap_lines

MAX_LINES = 6


@lru_cache(maxsize=4)
def curtain_surface(size: tuple[int, int], pelmet: int) -> pygame.Surface:
    """A theatre curtain filling `size`: deep red velvet in soft rounded folds under a gold pelmet."""
    import math

    w, h = max(1, size[0]), max(1, size[1])
    folds = 12
    strip = pygame.Surface((folds * 16, 2))
    for x in range(strip.get_width()):
        t = 0.5 + 0.5 * math.cos(2 * math.pi * x / 16)  # 1 at a fold's crest, 0 in the valley
        colour = theme.lerp_colour((52, 6, 12), (168, 32, 44), t ** 0.8)
        strip.set_at((x, 0), colour)
        strip.set_at((x, 1), theme.lerp_colour(colour, (20, 2, 6), 0.35))  # darker towards the floor
    surf = pygame.transform.smoothscale(strip, (w, h))
    pygame.draw.rect(surf, (196, 150, 60), (0, 0, w, pelmet))
    pygame.draw.rect(surf, (120, 84, 24), (0, pelmet, w, max(1, pelmet // 3)))
    return surf


class CurtainScene(MenuScene):
    """'Pass to Ann': hides every hand until Ann confirms she has the computer."""

    def __init__(self, app, session: Table) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.session = session
        self.seat = session.current
        self.name = session.names[self.seat]

    def build(self, scale: float) -> None:
        w, h = self.size
        bw, bh = self.px(560), self.px(64)
        self.button = Button(((w - bw) // 2, h // 2 + self.px(170), bw, bh), _("I am {player}: show my table").format(player=self.name),
                             self.reveal, primary=True, tooltip=_("Enter or Space"), hint="Enter")
        self.widgets.add(self.button)
        self.widgets.add(Button((self.px(24), self.px(20), self.px(140), self.px(44)), _("Menu"), self.to_menu,
                                tooltip=_("Leave the game (it is saved)")))
        last = self.session.log[-1].seat if self.session.log else None
        if (self.app.settings.undo_in_hot_seat and last is not None and last != self.seat
                and self.session.undo_refusal(last) is None):  # the person who just moved still has the screen
            label = _("{player}: take back my move").format(player=self.session.names[last])
            tw = min(max(self.px(360), button_width(label, self.px(44), pygame.K_u)), w - self.px(200))
            self.widgets.add(Button((w - self.px(24) - tw, self.px(20), tw, self.px(44)), label,
                                    lambda: self.take_back(last), key=pygame.K_u,  # U, as at the table
                                    tooltip=_("Undo in hot seat (Settings)")))

    def take_back(self, seat: int) -> None:
        """The person who just moved takes it back (undo in hot seat): the table is theirs again."""
        self.session.undo(seat)
        self.app.stack.pop(self)

    def reveal(self) -> None:
        """The named person has the computer: lift the curtain."""
        self.session.acknowledge_curtain()
        self.app.stack.pop(self)

    def to_menu(self) -> None:
        """Leave the game for the title screen (the autosave keeps it)."""
        stack = self.app.stack
        title = scene_class("title")
        while len(stack) and not isinstance(stack.top, title):
            stack.pop()
        if not len(stack):
            open_scene(self.app, "title")

    def handle(self, intent: Intent) -> bool:
        if self.widgets.focused() is not None and self.widgets.handle(intent):
            return True  # Enter on Menu (reached by Tab) goes to the menu; it lifted the curtain
        if isinstance(intent, Command) and intent.name == "confirm":
            self.reveal()
            return True
        if isinstance(intent, KeyPress) and intent.key == pygame.K_SPACE:
            self.reveal()
            return True
        if isinstance(intent, Command) and intent.name == "back":
            return True  # Esc must not lift the curtain by accident
        return super().handle(intent)

    def missed(self) -> list[str]:
        """What happened since this person's last turn, oldest first, with bots' reasons."""
        lines = []
        for e in self.session.since_last_turn(self.seat)[-MAX_LINES:]:
            lines.append(e.text + (f"  -  {e.explanation}" if e.explanation else ""))
        return lines

    def missed_rows(self, lines: list[str], width: int, room: int) -> list[str]:
        """`missed()` as rows that fit `width`: a move whose bot's reason is long goes on over a second row (it was
        cut after a few words); the latest moves first to keep when `room` (pixels high) holds fewer."""
        size, step = self.px(17), self.px(22)
        entries = []
        for line in lines:
            rows = wrap_lines(line, size, width)
            if len(rows) > 2:
                rows = [rows[0], theme.fit_text(" ".join(r.strip() for r in rows[1:]), size, width)]
            entries.append([r.strip() for r in rows])
        while entries and sum(len(rows) for rows in entries) * step > room:
            entries.pop(0)
        return [row for rows in entries for row in rows]

    def missed_heading(self) -> str:
        """The heading over `missed()`: a person who has not played yet has no last turn."""
        if any(e.seat == self.seat for e in self.session.log):
            return _("Since your last turn:")
        return _("Since the game began:")

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(curtain_surface(self.size, self.px(10)), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        panel = pygame.Rect(0, 0, min(w - self.px(80), self.px(900)), self.px(520))
        panel.center = (w // 2, h // 2 + self.px(10))
        theme.draw_panel(surface, panel, radius=self.px(18), alpha=235)
        back = cards.card_back(self.px(60), self.px(86))
        for i in range(3):
            surface.blit(pygame.transform.rotozoom(back, (1 - i) * 10, 1),
                         (w // 2 - self.px(80) + i * self.px(40), panel.y + self.px(18)))
        theme.blit_text(surface, _("Pass to {player}").format(player=self.name), self.px(58), (w // 2, panel.y + self.px(150)),
                        theme.ACCENT, anchor="center", display=True, shadow=True)
        theme.blit_text(surface, _("Everyone else: look away. The table stays hidden until they confirm."),
                        self.px(18), (w // 2, panel.y + self.px(200)), theme.TEXT_DIM, anchor="center")
        lines = self.missed()
        y = panel.y + self.px(236)
        if lines:
            theme.blit_text(surface, self.missed_heading(), self.px(19), (panel.x + self.px(40), y), theme.TEXT,
                            bold=True)
            y += self.px(28)
            for row in self.missed_rows(lines, panel.w - self.px(80), self.button.rect.top - self.px(8) - y):
                theme.blit_text(surface, row, self.px(17), (panel.x + self.px(52), y), theme.TEXT_DIM)
                y += self.px(22)
        else:
            theme.blit_text(surface, _("The game begins with you."), self.px(19), (w // 2, y + self.px(20)),
                            theme.TEXT, anchor="center")
