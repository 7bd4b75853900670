"""Play over the network: the seats of New game, each one you, an open seat (a person on another computer), a
bot or a hot seat (a person at this computer), then the table is opened at this computer (players nearby find
it by themselves) or on a server (`hanabi-desktop serve`) whose address is typed.

Opening waits for the network (a port to bind, a server's answer), so it runs on a worker thread; the screen
looks for the outcome once a frame and then opens the table's room.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

import pygame

from hanabi_desktop.engine import PRESETS
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.net.places import saved_tables_dir
from hanabi_desktop.net.words import address_problem, name_problem
from hanabi_desktop.table.setup import Setup
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, TextInput, Toggle

YOU, OPEN, HERE = "you", "open", "local"
KINDS = {YOU: N_("You"), OPEN: N_("Open seat"), HERE: N_("Hot seat")}
KIND_TIPS = {YOU: N_("You play this seat at this computer"),
             OPEN: N_("A person on another computer takes this seat"),
             HERE: N_("Another person at this computer (a curtain hides the table between you)")}
POLL = 0.05


class NetHostScene(MenuScene):
    """See the module docstring. `setup`: the seats, variant and options chosen on New game."""

    title = N_("Play over the network")

    def __init__(self, app, setup: Setup) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.setup = setup
        people = [i for i, s in enumerate(setup.seats) if s.bot is None]
        self.kinds: dict[int, str] = {i: (YOU if i == people[0] else OPEN) for i in people} if people else {}
        self.names = [s.name for s in setup.seats]
        self.public = True
        self.chat_in_play = False
        self.aids = False
        self.server = ""
        tables = saved_tables_dir()  # a table hosted here before, kept to resume: opening this one ends it
        self.replaces = tables.is_dir() and any(tables.glob("*.json"))
        self.opening: Future | None = None
        self._pool: ThreadPoolExecutor | None = None

    # -- layout ---------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        margin, gap = self.px(60), self.px(12)
        row_h = self.px(46)
        y = self.px(150)
        name_w = self.px(220)
        kind_w = self.px(170)
        self.rows_y = []
        for seat, spec in enumerate(self.setup.seats):
            self.rows_y.append(y)
            x = margin + self.px(50)
            if spec.bot is None:
                if self.kinds[seat] in (YOU, HERE):
                    self.widgets.add(TextInput((x, y, name_w, row_h), self.names[seat], max_length=16,
                                               placeholder=_("Player {number}").format(number=seat + 1),
                                               on_change=lambda t, s=seat: self._name(s, t)))
                for k, kind in enumerate(KINDS):
                    self.widgets.add(Button((x + name_w + gap + k * (kind_w + gap), y, kind_w, row_h), _(KINDS[kind]),
                                            lambda s=seat, kind=kind: self.set_kind(s, kind),
                                            selected=self.kinds[seat] == kind, size=self.px(17), tooltip=_(KIND_TIPS[kind])))
            y += row_h + gap
        oy = y + self.px(24)
        tw = min(self.px(620), w - 2 * margin)
        self.widgets.add(Toggle((margin, oy, tw, row_h - self.px(8)), _("Show the table to players on this network"),
                                self.public, lambda v: setattr(self, "public", v)))
        self.widgets.add(Toggle((margin, oy + row_h, tw, row_h - self.px(8)), _("Chat during play (off: table talk breaks the rules)"),
                                self.chat_in_play, lambda v: setattr(self, "chat_in_play", v)))
        self.widgets.add(Toggle((margin, oy + 2 * row_h, tw, row_h - self.px(8)), _("Learning aids: hints on one's own turn and the clue preview"),
                                self.aids, lambda v: setattr(self, "aids", v)))
        self.server_y = oy + 3 * row_h + self.px(30)
        self.widgets.add(TextInput((margin + self.px(330), self.server_y, min(self.px(480), w - margin * 2 - self.px(330)), row_h),
                                   self.server, max_length=120, placeholder=_("empty: this computer"),
                                   on_change=lambda t: setattr(self, "server", t.strip())))
        bw, bh = self.px(260), self.px(58)
        self.widgets.add(Button((w - margin - bw, h - self.px(100), bw, bh), _("Open the table"), self.open_table,
                                primary=True, enabled=self.opening is None,
                                tooltip=_("Players can join once it is open; you start the game"), hint="Enter"))
        self.widgets.add(Button((w - margin - 2 * bw - gap, h - self.px(100), bw, bh), _("Back"), self.back,
                                tooltip=_("Back to New game (Esc)"), hint="Esc"))

    def _name(self, seat: int, text: str) -> None:
        self.names[seat] = text

    def set_kind(self, seat: int, kind: str) -> None:
        if kind == YOU:  # one "you": whoever was it becomes a hot seat
            for s, k in self.kinds.items():
                if k == YOU:
                    self.kinds[s] = HERE
        self.kinds[seat] = kind
        self.rebuild()

    # -- opening ------------------------------------------------------------------------------------------------
    def spec_seats(self) -> tuple[list[str], dict[int, str]]:
        """The table's seats ("local", "open" or a bot's name) and the people at this computer (seat -> name),
        you first."""
        seats: list[str] = []
        local: dict[int, str] = {}
        for seat, spec in enumerate(self.setup.seats):
            if spec.bot is not None:
                seats.append(spec.bot)
            elif self.kinds[seat] == OPEN:
                seats.append("open")
            else:
                seats.append("local")
                local[seat] = self.names[seat].strip()
        you = [s for s, k in self.kinds.items() if k == YOU]
        if you:
            local = {you[0]: local[you[0]], **{s: n for s, n in local.items() if s != you[0]}}
        return seats, local

    def problem(self) -> str | None:
        """Why the table cannot be opened as chosen, or None."""
        seats, local = self.spec_seats()
        if "open" not in seats:
            return _("Make at least one seat an open seat for a person on another computer.")
        if YOU not in self.kinds.values() and not self.server:
            return _("Choose the seat you play (You).")
        for name in local.values():
            said = name_problem(name)
            if said is not None:
                return said
        if len({n.lower() for n in local.values()}) < len(local):
            return _("Two people here have the same name.")
        if self.server:
            if address_problem(self.server) is not None:
                return address_problem(self.server)
            if len(local) > 1:
                return _("Hot seats need the table at this computer: leave the server's address empty.")
        return None

    def open_table(self) -> None:
        if self.opening is not None:
            return
        said = self.problem()
        if said is not None:
            self.say(said, theme.ERROR)
            return
        from hanabi_desktop.net import hometable
        from hanabi_desktop.net.protocol import CreateTable

        seats, local = self.spec_seats()
        s = self.setup
        you = next(iter(local.values()), "")
        spec = CreateTable(_("{player}'s table").format(player=you)[:40], tuple(seats), s.variant, s.empty_clues,
                           s.final_flourish, s.flamboyants, self.public, self.chat_in_play, self.aids)
        if self.server:
            me = next(iter(local))
            seats[me] = "open"
            names = tuple(seat.name.strip() if seat.bot is not None else "" for seat in s.seats)
            spec = replace(spec, seats=tuple(seats), names=names)  # the bots as named here, not "conventions 3"
            job: Callable = lambda: hometable.create_on_server(self.server, spec, you)  # noqa: E731
        else:
            bots = {i: seat.name for i, seat in enumerate(s.seats) if seat.bot is not None}
            job = lambda: hometable.host_table(spec, local, hometable.this_computer(),  # noqa: E731
                                               pace=self.app.settings.bot_pace, bot_names=bots, saved=True)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="open-table")
        self.opening = self._pool.submit(job)
        self.say(_("Opening the table…"), theme.TEXT_DIM)
        self.rebuild()

    def handle(self, intent: Intent) -> bool:
        # Enter opens the table, as its key cap says, unless it presses the focused control or ends typing in a
        # field (as at New game); before, no key opened it
        if (isinstance(intent, Command) and intent.name == "confirm" and self.widgets.focused() is None
                and not any(w.focused for w in self.widgets.widgets if isinstance(w, TextInput))):
            self.open_table()
            return True
        return super().handle(intent)

    def back(self) -> None:
        """Back to New game, with these seats."""
        open_scene(self.app, "new_game", how="replace")

    def update(self, dt: float) -> None:
        super().update(dt)
        f = self.opening
        if f is None or not f.done():
            return
        self.opening = None
        if self._pool is not None:
            self._pool.shutdown(wait=False)
        from hanabi_desktop.net.hometable import OpenError, room_args

        try:
            result = f.result()
        except OpenError as exc:
            self.say(str(exc), theme.ERROR)
            self.rebuild()
            return
        open_scene(self.app, "net_lobby", *room_args(result), how="replace")

    def wake_after(self) -> float | None:
        return POLL if self.opening is not None else super().wake_after()

    # -- drawing --------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        margin = self.px(60)
        size = self.px(21)
        row_h = self.px(46)
        for seat, (y, spec) in enumerate(zip(self.rows_y, self.setup.seats, strict=True)):
            cy = y + row_h // 2
            theme.blit_text(surface, str(seat + 1), size, (margin, cy), theme.TEXT_FAINT, bold=True, anchor="midleft")
            if spec.bot is not None:
                kind, _at, level = spec.bot.partition("@")
                bot = kind.title() + (f" {level}" if level else "")
                theme.blit_text(surface, _("{name}: a bot ({bot})").format(name=spec.name, bot=bot), size,
                                (margin + self.px(50), cy), theme.TEXT_DIM, anchor="midleft")
            elif self.kinds[seat] == OPEN:
                theme.blit_text(surface, _("a player who joins"), size, (margin + self.px(50), cy), theme.TEXT_DIM,
                                anchor="midleft")
        theme.blit_text(surface, _("Server (optional)"), size, (margin, self.server_y + row_h // 2), theme.TEXT,
                        bold=True, anchor="midleft")
        variant = _(PRESETS[self.setup.variant].name) if self.setup.variant in PRESETS else self.setup.variant
        theme.blit_text(surface, _("Variant: {variant}").format(variant=variant), size,
                        (margin, self.server_y + row_h + self.px(30)), theme.TEXT_DIM)
        if self.replaces and not self.server:
            theme.blit_text(surface, _("Opening this table ends the one you saved before."), size,
                            (margin, self.server_y + row_h + self.px(64)), theme.ERROR)
