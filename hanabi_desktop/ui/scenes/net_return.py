"""Back to a network table after this program stopped: the table this computer hosts, from its save (the same
code, seats and tokens: the others' programs reconnect by themselves), or this player's seat at another computer's
table, from the token kept on disk. The title offers both; a player with seats kept at several tables (several
games at once) picks one in a list here first.

Opening waits for the network (a port to bind, a host's answer), so it runs on a worker thread; the screen says
what it is doing, then opens the table's room, or says why it could not and offers to go back.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pygame

from hanabi_desktop.i18n import N_, _
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, ListView

POLL = 0.05


class NetReturnScene(MenuScene):
    """See the module docstring. `seat`: the kept seat to take back (`net.kept.KeptSeat`), a list of them to choose
    from, or None for the table this computer hosted."""

    title = N_("Back to the table")

    def __init__(self, app, seat: Any = None) -> None:  # noqa: ANN001, ANN401 - AppContext, a KeptSeat or a list
        super().__init__(app)
        self.choices: list[Any] = list(seat) if isinstance(seat, (list, tuple)) else []
        self.seat = None if self.choices else seat
        self.picked: int | None = None
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-return")
        self.job: Future | None = None
        self.problem = ""

    def enter(self) -> None:
        super().enter()
        if not self.choices:
            self.start()

    def choosing(self) -> bool:
        """The list of kept seats is shown (nothing is being opened, no seat taken yet)."""
        return bool(self.choices) and self.seat is None

    def pick(self, index: int) -> None:
        self.picked = index
        self.rebuild()

    def take(self, index: int | None = None) -> None:
        """Take back the seat chosen in the list."""
        index = self.picked if index is None else index
        if index is not None and 0 <= index < len(self.choices):
            self.seat = self.choices[index]
            self.start()

    def start(self) -> None:
        from hanabi_desktop.net import hometable

        self.problem = ""
        if self.seat is not None:
            self.job = self.pool.submit(hometable.rejoin_table, self.seat)
        else:
            self.job = self.pool.submit(hometable.resume_hosted, hometable.this_computer(),
                                        pace=self.app.settings.bot_pace)
        self.rebuild()

    def doing(self) -> str:
        if self.seat is not None:
            return _("Taking your seat back at {table}…").format(table=self.seat.table or self.seat.code)
        return _("Opening your table again: the others' programs find it by themselves…")

    # -- layout -------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        margin, gap = self.px(60), self.px(14)
        bw, bh = self.px(240), self.px(58)
        y = h - self.px(100)
        self.widgets.add(Button((w - margin - bw, y, bw, bh), _("Back"), self.back, tooltip=_("Back to the title (Esc)"),
                                hint="Esc"))
        if self.choosing():
            rows = [_("{table}  -  {player}, seat {seat}, at {address}").format(
                table=seat.table or seat.code, player=seat.name, seat=seat.seat + 1, address=seat.address)
                for seat in self.choices]
            self.list_rect = pygame.Rect(margin, self.px(170), w - 2 * margin, min(len(rows), 6) * self.px(44) + self.px(8))
            self.widgets.add(ListView(self.list_rect, rows, selected=self.picked, on_select=self.pick,
                                      on_activate=self.take, row_height=self.px(44)))
            self.widgets.add(Button((w - margin - 2 * bw - gap, y, bw, bh), _("Take the seat"), self.take, primary=True,
                                    enabled=self.picked is not None, tooltip=_("Back to the table chosen in the list")))
            return
        if self.job is None and self.problem:
            self.widgets.add(Button((w - margin - 2 * bw - gap, y, bw, bh), _("Try again"), self.start, primary=True,
                                    tooltip=_("Ask the table again")))

    # -- time -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        from hanabi_desktop.net.hometable import OpenError, room_args

        try:
            result = job.result()
        except OpenError as exc:
            self.problem = str(exc)
            self.rebuild()
            return
        open_scene(self.app, "net_lobby", *room_args(result), how="replace")

    def wake_after(self) -> float | None:
        return POLL if self.job is not None else super().wake_after()

    def back(self) -> None:
        if self.choices and self.seat is not None and self.job is None:  # from a table that would not answer: the list
            self.seat, self.problem = None, ""
            self.rebuild()
            return
        self.app.stack.pop(self)

    def exit(self) -> None:
        job = self.job
        if job is not None:  # left while opening: what was opened is closed once it is
            job.add_done_callback(_close_late)
        self.pool.shutdown(wait=False)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        if self.choosing():
            theme.blit_text(surface, _("Your seats at tables that are still playing: pick one."), self.px(22),
                            (self.list_rect.x, self.list_rect.y - self.px(40)), theme.TEXT_DIM)
            return
        text = self.problem or self.doing()
        theme.blit_text(surface, theme.fit_text(text, self.px(24), w - self.px(120)), self.px(24), (w // 2, h // 2 - self.px(40)),
                        theme.ERROR if self.problem else theme.TEXT, anchor="center")


def _close_late(job: Future) -> None:
    from hanabi_desktop.net.hometable import Hosted

    try:
        result = job.result()
    except Exception:  # noqa: BLE001 - it failed: nothing was opened
        return
    if isinstance(result, Hosted):
        result.stop()
    else:
        result[0].close()
