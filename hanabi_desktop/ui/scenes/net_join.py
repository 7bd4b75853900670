"""Join a table: the tables announced on this network appear by themselves (the host's name, the variant, the
free seats); any other table is reached by its address (ws:// or wss://) and code. The player looks at the
table's seats, picks a free one, types a name and joins; the table's room follows.

Listening for tables and every round trip to a host run on a worker thread; the screen looks for their outcome
once a frame, so it never waits for the network.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from hanabi_desktop import storage
from hanabi_desktop.engine import PRESETS
from hanabi_desktop.i18n import N_, _, ngettext
from hanabi_desktop.net.comeback import Comeback
from hanabi_desktop.net.protocol import MAX_NAME
from hanabi_desktop.net.words import address_problem, name_problem
from hanabi_desktop.table.setup import name_key
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, ListView, TextInput

if TYPE_CHECKING:  # zeroconf is imported where the screen first listens, off the frame
    from hanabi_desktop.net.discovery import FoundTable

POLL = 0.05
LISTEN_SECONDS = 1.5  # one look for the tables announced nearby (repeated while the screen is open)


def _setup_name(last: dict | None) -> str:
    """The first seat's name of the last new game (offered until a name is typed here)."""
    seats = last.get("seats") if isinstance(last, dict) else None
    first = seats[0] if isinstance(seats, list) and seats and isinstance(seats[0], dict) else {}
    name = first.get("name", "")
    return name[:MAX_NAME] if isinstance(name, str) else ""


def found_rows(found: list[FoundTable]) -> list[str]:
    """The rows of the tables found nearby: each by its host player ("Ann's table", in this player's language; a
    table without one, a server's, by its name), its variant and free seats; the host's computer is named only
    where two rows would read the same."""
    def title(t: FoundTable) -> str:
        return _("{player}'s table").format(player=t.player) if t.player else t.table

    def tail(t: FoundTable) -> str:
        free = ngettext("{n} free seat", "{n} free seats", t.free).format(n=t.free)
        return f"{variant_name(t.variant)}, {free}"

    def told_apart(t: FoundTable) -> str:
        return _("{table} on {computer}").format(table=title(t), computer=t.host)

    plain = [f"{title(t)}  -  {tail(t)}" for t in found]
    return [text if plain.count(text) == 1 else f"{told_apart(t)}  -  {tail(t)}"
            for t, text in zip(found, plain, strict=True)]


def variant_name(preset: str) -> str:
    return _(PRESETS[preset].name) if preset in PRESETS else preset


class NetJoinScene(MenuScene):
    """See the module docstring."""

    title = N_("Join a table")

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.found: list[Any] = []  # discovery.FoundTable, the latest look
        self.address = ""
        self.code = ""
        self.name = app.settings.join_name or _setup_name(app.settings.last_setup)
        self.table: dict | None = None  # the seats of the table looked at
        self.client: Any = None  # the connection that looked (kept to join)
        self.seat: int | None = None
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="join")
        self.listening: Future | None = None
        self.since_listen = 0.0
        self.job: Future | None = None  # a look or a join under way
        self.job_kind = ""
        self.lan_problem = ""
        self.comeback = Comeback()  # the seats this player holds at tables, kept from an earlier run
        self.comeback.check()

    # -- layout ---------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        margin, gap = self.px(60), self.px(12)
        row_h = self.px(46)
        self.list_rect = pygame.Rect(margin, self.px(160), w - 2 * margin, 4 * self.px(40))
        rows = found_rows(self.found)
        picked = next((i for i, t in enumerate(self.found) if (t.url, t.code) == (self.address, self.code)), None)
        self.widgets.add(ListView(self.list_rect, rows, selected=picked, on_select=self.pick_found,
                                  on_activate=self.pick_found, row_height=self.px(40)))  # the pick stays marked
        top = self.list_rect.bottom + self.px(76)
        half = (w - 3 * margin) // 2
        label_w = self.px(130)
        self.fields_y = [top, top + row_h + gap, top + 2 * (row_h + gap)]
        for y, value, hint, setter, limit in (
                (self.fields_y[0], self.address, "ws://192.168.1.20:8765", self._address, 200),
                (self.fields_y[1], self.code, "K3T9-Q8XW-MA2B", self._code, 20),
                (self.fields_y[2], self.name, _("your name"), self._name, MAX_NAME)):
            self.widgets.add(TextInput((margin + label_w, y, half - label_w, row_h), value, placeholder=hint,
                                       max_length=limit, on_change=setter))
        x = 2 * margin + half
        self.widgets.add(Button((x, top, min(half, self.px(300)), row_h), _("See the seats"), self.see_seats,
                                enabled=self.job is None, tooltip=_("Ask the table at this address which seats are free")))
        self.seat_buttons_y = self.fields_y[2]
        if self.table is not None:
            n = max(1, len(self.table["seats"]))
            sw = min(self.px(200), (half - (n - 1) * gap) // n)
            for i, seat in enumerate(self.table["seats"]):
                free = bool(seat.get("remote")) and not seat.get("taken")
                label = str(seat.get("name") or "") if not free else _("Seat {number}").format(number=i + 1)
                self.widgets.add(Button((x + i * (sw + gap), self.seat_buttons_y, sw, row_h),
                                        theme.fit_text(label, self.px(17), sw - 8), lambda i=i: self.pick_seat(i),
                                        enabled=free, selected=self.seat == i, size=self.px(17),
                                        tooltip=_("A free seat") if free else _("Taken")))
        bw, bh = self.px(240), self.px(58)
        self.widgets.add(Button((w - margin - bw, h - self.px(100), bw, bh), _("Join"), self.join, primary=True,
                                enabled=self.table is not None and self.seat is not None and self.job is None,
                                tooltip=_("Take the seat; the host starts the game")))
        self.widgets.add(Button((w - margin - 2 * bw - gap, h - self.px(100), bw, bh), _("Back"), self.back,
                                tooltip=_("Back to the title (Esc)"), hint="Esc"))
        for label, tip, what in self.comeback.offers(named=True):
            if what == "seat":  # a row of its own above Back and Join: a table's name is up to 40 letters
                self.widgets.add(Button((margin, h - self.px(100) - bh - gap, w - 2 * margin, bh), label,
                                        self.come_back,
                                        primary=True, size=self.px(19), tooltip=tip))

    def come_back(self) -> None:
        """Back to the kept seat whose table plays on (several: they are listed to choose from)."""
        alive = self.comeback.seats_alive()
        if alive:
            open_scene(self.app, "net_return", alive[0] if len(alive) == 1 else alive, how="replace")

    def _address(self, text: str) -> None:
        self.address = text.strip()
        self.forget()

    def _code(self, text: str) -> None:
        self.code = text.strip()
        self.forget()

    def _name(self, text: str) -> None:
        self.name = text

    def forget(self) -> None:
        """The address or code changed: the seats looked at are another table's."""
        if self.table is not None or self.client is not None:
            self.drop_client()
            self.table, self.seat = None, None
            self.rebuild()

    def drop_client(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            self.pool.submit(client.close)  # closing waits for the socket: not on the frame

    # -- actions ----------------------------------------------------------------------------------------------
    def pick_found(self, index: int) -> None:
        if 0 <= index < len(self.found):
            t = self.found[index]
            self.drop_client()
            self.address, self.code, self.table, self.seat = t.url, t.code, None, None
            self.rebuild()
            self.see_seats()

    def pick_seat(self, seat: int) -> None:
        self.seat = seat
        self.rebuild()

    def see_seats(self) -> None:
        if self.job is not None:
            return
        said = address_problem(self.address) if self.address else _("Type the table's address, or pick a table in the list.")
        if said is None and not self.code:
            said = _("Type the table's code.")
        if said is not None:
            self.say(said, theme.ERROR)
            return
        from hanabi_desktop.net.hometable import look_table

        self.drop_client()
        self.start_job("look", look_table, self.address, self.code)
        self.say(_("Asking the table…"), theme.TEXT_DIM)

    def join(self) -> None:
        if self.job is not None or self.table is None or self.seat is None:
            return
        said = name_problem(self.name) or self.name_taken(self.name.strip())
        if said is not None:
            self.say(said, theme.ERROR)
            return
        from hanabi_desktop.net.hometable import join_table

        client, self.client = self.client, None
        name, address, code, seat = self.name.strip(), self.address, self.code, self.seat
        remembered = self.remember(name)
        self.start_job("join", lambda: (remembered(), join_table(address, code, seat, name, client=client)))
        self.say(_("Taking the seat…"), theme.TEXT_DIM)

    def name_taken(self, name: str) -> str | None:
        """Who at the table looked at already has a name that reads as `name` (the host checks it again)."""
        key = name_key(name)
        for i, seat in enumerate(self.table["seats"] if self.table is not None else ()):
            held = str(seat.get("name") or "")
            if i != self.seat and held and (seat.get("taken") or seat.get("kind") == "bot") and name_key(held) == key:
                return _("{name} already sits at this table: choose another name.").format(name=held)
        return None

    def remember(self, name: str) -> Callable[[], str]:
        """Keep `name` in the settings, so that the Join screen offers it next time: a function that writes them
        (on the join's worker thread, before it joins) and says what went wrong ("" if nothing)."""
        settings = self.app.settings
        if name == settings.join_name:
            return lambda: ""
        settings.join_name = name
        kept = replace(settings)  # a copy: the frame may change the settings while they are written

        def write() -> str:
            try:
                storage.save_settings(kept)
            except OSError as exc:
                return storage.disk_problem(exc)
            return ""
        return write

    def start_job(self, kind: str, fn, *args) -> None:  # noqa: ANN001 - a callable
        self.job_kind = kind
        self.job = self.pool.submit(fn, *args)
        self.rebuild()

    def back(self) -> None:
        self.drop_client()
        self.app.stack.pop(self)

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        client, self.client = self.client, None
        if client is not None:  # seats looked at, never joined: its connection would keep coming back for ever
            threading.Thread(target=client.close, name="join-close", daemon=True).start()  # waits for the socket
        self.comeback.close()

    # -- time -----------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.comeback.poll(dt):
            self.rebuild()
        self.since_listen += dt
        if self.listening is None and (self.since_listen > 3.0 or not self.found and self.since_listen > 0.2):
            from hanabi_desktop.net.discovery import browse

            self.listening = self.pool.submit(browse, LISTEN_SECONDS)
        elif self.listening is not None and self.listening.done():
            try:
                found = [t for t in self.listening.result() if t.free > 0]
                self.lan_problem = ""
            except Exception as exc:  # noqa: BLE001 - whatever this network does to zeroconf, typing the address works
                found, self.lan_problem = [], str(exc)[:80] or type(exc).__name__
            self.listening, self.since_listen = None, 0.0
            if found != self.found:
                self.found = found
                self.rebuild()
        if self.job is not None and self.job.done():
            self.finish_job()

    def finish_job(self) -> None:
        from hanabi_desktop.net.hometable import OpenError, free_seats, room_args

        job, self.job = self.job, None
        assert job is not None
        try:
            result = job.result()
        except OpenError as exc:
            self.say(str(exc), theme.ERROR)
            self.rebuild()
            return
        if self.job_kind == "look":
            self.client, self.table = result
            free = free_seats(self.table)
            self.seat = free[0] if free else None
            self.say(_("Pick a free seat, type your name, then Join.") if free else _("Every seat at this table is taken."),
                     theme.TEXT_DIM if free else theme.ERROR)
            self.rebuild()
            return
        problem, (client, table) = result
        if problem:  # the seat matters more than remembering the name; the player is told
            self.app.notices.post(_("Your name could not be remembered: {problem}.").format(problem=problem), "warning",
                                  key="settings-save")
        self.say("")
        open_scene(self.app, "net_lobby", *room_args((client, table)), how="replace")

    def wake_after(self) -> float | None:
        return POLL

    def look(self) -> Hashable:
        return super().look(), self.lan_problem, tuple(self.found), self.table is not None

    # -- drawing ---------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        size = self.px(21)
        r = self.list_rect
        theme.blit_text(surface, _("Tables on this network"), self.px(24), (r.x, r.y - self.px(38)), theme.TEXT, bold=True)
        if not self.found:
            text = (_("Listening for tables nearby… (none yet)") if not self.lan_problem
                    else _("Cannot listen on this network ({problem}): type the address.").format(problem=self.lan_problem))
            theme.blit_text(surface, theme.fit_text(text, self.px(18), r.w - self.px(20)), self.px(18),
                            (r.x + self.px(12), r.y + self.px(14)), theme.TEXT_FAINT)
        x = r.x
        theme.blit_text(surface, _("Or any table by its address"), self.px(24), (x, self.fields_y[0] - self.px(44)),
                        theme.TEXT, bold=True)
        row_h = self.px(46)
        for y, label in zip(self.fields_y, (_("Address"), _("Code"), _("Name")), strict=True):
            theme.blit_text(surface, label, size, (x, y + row_h // 2), theme.TEXT, bold=True, anchor="midleft")
        if self.table is not None:
            v = self.table.get("variant", {})
            sx = (self.size[0] + self.px(60)) // 2
            theme.blit_text(surface, theme.fit_text(f"{self.table.get('name', '')}  -  {variant_name(str(v.get('preset', '')))}",
                                                    size, self.size[0] - sx - self.px(60)), size,
                            (sx, self.fields_y[1] + row_h // 2), theme.ACCENT, anchor="midleft")
