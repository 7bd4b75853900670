"""The table of a game over the network: the very table scene, over a `NetTable`, with what a network adds.

A strip at the top says every connection trouble while it lasts ("Ann is reconnecting, 0:12", this window's own
line to the host, a bot standing in), and gives the table's owner the buttons to seat a bot for a person who is
away and to hand the seat back. Moves arrive through the table's inbox, pumped once a frame (also while a dialog
covers the table), and animate as the game's own moves do. Menu goes back to the table's room (chat, seats).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.words import clock
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Intent, PointerDown
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.widgets.wrap import wrap_lines

POLL = 0.05  # seconds between looks at the inbox while the table rests
AWAY_BEFORE_BOT = 5.0  # seconds a person is away before the owner is offered a bot for their seat


class NetTableScene(TableScene):
    """See the module docstring."""

    always_update = True  # the connection's news keep coming while a dialog covers the table

    def __init__(self, app, table: NetTable) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app, table)
        self.net = table
        self.coach.offered = table.aids  # hints if the owner allows them; no undo, no bots' readings (at the host)
        self.chat_seen = table.chat_heard
        self.strip_buttons: list[tuple[pygame.Rect, str, int]] = []  # (rect, "seat_bot" | "hand_back", seat)
        if table.games > 1 and not table.log:  # the owner dealt the next game: said on the table's own line (a
            # notice at the top of the window covered a player's name there)
            self.say(_("A new game at {table}: the last one is kept in Replays.").format(
                table=str(table.summary.get("name", ""))[:40]), theme.GOOD, 6.0)

    # -- time -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        t = self.net
        if t.over:
            t.pump()  # the game's own update stops at its end; chat and seats still come
        super().update(dt)
        if t.problems:
            self.say(t.problems.pop(0), theme.ERROR, 6.0)
            t.problems.clear()
        if t.chat_heard > self.chat_seen and t.chat_lines:  # a line said now (not the history a rejoin brings)
            self.chat_seen = t.chat_heard
            self.say(str(t.chat_lines[-1]), theme.TEXT, 6.0)

    def wake_after(self) -> float | None:
        waits = [w for w in (super().wake_after(), POLL) if w is not None]
        return min(waits)

    def look(self) -> Hashable:
        return super().look(), self.strip_lines()

    def _message_text(self) -> tuple[str, theme.Colour]:
        text, colour = super()._message_text()
        s = self.net
        if not s.over and s.connection != "connected":  # no one's move comes while the line is down: say why
            return s.connection_text() or text, theme.ERROR
        if not s.over and s.current not in s.channels and not s.is_bot(s.current) and text == _(
                "{player} is next: pass them the computer.").format(player=s.names[s.current]):
            away = dict(s.away())
            if s.current in away and s.seat_info[s.current].stand_in is None:  # not playing: their line is down
                return _("{player} is reconnecting, {time}").format(player=s.names[s.current],
                                                                     time=clock(away[s.current])), theme.ERROR
            return _("{player} is playing at their computer…").format(player=s.names[s.current]), colour
        return text, colour

    @property
    def my_turn(self) -> bool:
        """The seat at the screen may move: its turn, and the line to the host up (else its Play and Discard buttons
        would offer a move that cannot be sent)."""
        return super().my_turn and self.net.connection == "connected"

    def act(self, action) -> bool:  # noqa: ANN001 - engine Action
        said = self.net.connection_text()
        if said is not None and not self.net.over:
            self.say(said, theme.ERROR)
            return False
        return super().act(action)

    def leave(self) -> None:
        """Menu: back to the table's room (the game goes on; To the table comes back)."""
        self.app.stack.pop(self)

    # -- the strip ---------------------------------------------------------------------------------------------
    def strip_lines(self) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        """Each trouble to say now, with the owner's buttons for it: ((text, ((action, seat), ...)), ...)."""
        t = self.net
        out: list[tuple[str, tuple[tuple[str, int], ...]]] = []
        said = t.connection_text()
        if said is not None:
            out.append((said, ()))
        owner = t.owner is not None and not t.over
        for seat, seconds in t.away():
            info = t.seat_info[seat]
            if info.stand_in is not None:
                continue
            offer = (("seat_bot", seat),) if owner and seconds >= AWAY_BEFORE_BOT else ()
            out.append((_("{player} is reconnecting, {time}").format(player=info.name, time=clock(seconds)), offer))
        for seat, info in enumerate(t.seat_info):
            if info.stand_in is None:
                continue
            if seat in t.channels:
                out.append((_("A bot plays your seat until the host hands it back."), ()))
            else:
                offer = (("hand_back", seat),) if owner else ()
                out.append((_("A bot plays for {player}.").format(player=info.name), offer))
        return tuple(out)

    def may_close(self) -> bool:
        """Closing the window while others play here is asked first, in a notice over whatever covers the table (the
        clue chooser, a note, the curtain), and on the table's own line."""
        if self.net.confirmed("close"):
            return True
        question = self.net.leaving_question("close")
        self.say(question, theme.ERROR, 8.0)
        if self.app.stack.top is not self:  # covered: the table's line is hidden or dimmed
            self.app.notices.post(question, "error", key="network-close")
        return False

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerDown) and intent.button == 1:
            for rect, what, seat in self.strip_buttons:
                if rect.collidepoint(intent.pos):
                    self.net.ask_owner(what, seat)
                    return True
        return super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_strip(surface)  # over the first-time tips too: a trouble is said whatever else is shown

    def strip(self) -> tuple[pygame.Rect, list[tuple[list[str], tuple[tuple[str, int], ...]]]] | None:
        """The strip's panel over the top of the log's panel and its troubles, each in up to two lines with the
        owner's buttons; None when nothing is wrong."""
        troubles = self.strip_lines()
        lay = self.renderer.lay
        if not troubles or lay is None:
            return None
        fs = lay.font
        room = lay.log.w - 2 * lay.gap
        wrapped = [(wrap_lines(text, fs, room)[:2], offers) for text, offers in troubles]
        height = sum(len(lines) * round(fs * 1.45) + len(offers) * round(fs * 2.0) for lines, offers in wrapped)
        return pygame.Rect(lay.log.x, lay.log.y, lay.log.w, min(lay.log.h, height + lay.gap * 2)), wrapped

    def log_cover(self) -> int:
        """The strip hides the top of the log's panel while it shows: the log's lines start below it."""
        strip = self.strip()
        return strip[0].h if strip is not None else 0

    def dock(self) -> pygame.Rect | None:
        """Under the strip while it shows: a first-time tip never hides a trouble, nor a trouble the tip."""
        area = super().dock()
        strip = self.strip()
        if area is None or strip is None:
            return area
        below = strip[0].bottom + (self.renderer.lay.gap if self.renderer.lay is not None else 0)
        return pygame.Rect(area.x, below, area.w, max(0, area.bottom - below))

    def draw_strip(self, surface: pygame.Surface) -> None:
        """The troubles (each in up to two lines, the owner's button under it), over the top of the log's panel."""
        self.strip_buttons = []
        strip = self.strip()
        lay = self.renderer.lay
        if strip is None or lay is None:
            return
        panel, wrapped = strip
        fs = lay.font
        line_h = round(fs * 1.45)
        button_h = round(fs * 2.0)
        room = panel.w - 2 * lay.gap
        theme.draw_panel(surface, panel, radius=max(6, fs // 2), alpha=245, border=theme.ERROR)
        x, y = panel.x + lay.gap, panel.y + lay.gap
        for lines, offers in wrapped:
            for line in lines:
                theme.blit_text(surface, theme.fit_text(line.strip(), fs, room), fs, (x, y + line_h // 2), theme.TEXT,
                                anchor="midleft")
                y += line_h
            for what, seat in offers:
                label = _("Let a bot play") if what == "seat_bot" else _("Hand the seat back")
                r = pygame.Rect(x, y, room, button_h - 4)
                pygame.draw.rect(surface, theme.BUTTON_HOVER if r.collidepoint(self.hover) else theme.BUTTON, r,
                                 border_radius=r.h // 3)
                theme.blit_text(surface, theme.fit_text(label, fs - 1, room - 8, bold=True), fs - 1, r.center, theme.TEXT,
                                bold=True, anchor="center")
                self.strip_buttons.append((r, what, seat))
                y += button_h
