"""The title screen: Continue (the autosaved game), New game, Replays, Rules, Settings, Quit."""

from __future__ import annotations

import sys

import pygame

from hanabi_desktop import __version__, history, storage
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.lessons import learning
from hanabi_desktop.net.comeback import Comeback
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.scene import NoticeRoom
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene, Sparks
from hanabi_desktop.ui.widgets.controls import Button

COMEBACK_KEYS = {"host": pygame.K_t, "seat": pygame.K_b}  # Table hosted here; Back to your seat
COMEBACK_WORDS = {"host": N_(", T your network table"), "seat": N_(", B back to your seat")}  # after the key line


class TitleScene(MenuScene):
    """The first screen. Continue is the main action whenever a game was interrupted."""

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.sparks = Sparks()
        self.save_info = ""
        self.save_problem = ""
        self.has_save = False
        self.comeback = Comeback()  # a network table to come back to (hosted here, or a seat kept)

    def enter(self) -> None:
        self.has_save = self.check_save()
        self.check_comeback()
        history.warm_up()  # the kept games read on their thread while the title shows: the history opens at once
        super().enter()

    def resume(self) -> None:  # back from a game or a page: the save may have changed
        self.has_save = self.check_save()
        self.check_comeback()
        history.warm_up()  # and a game may have been kept since
        super().resume()

    # -- the autosave ------------------------------------------------------------------------------------
    def check_save(self) -> bool:
        """Look at the autosave: True if there is one to continue.

        One that can never be resumed (damaged, foreign, an unknown format) is set aside now, not on click, and
        the player is told why and where it was kept; the message stays until a game starts.
        The engine and the game flow are imported only when there is a save: the first screen opens without them.
        """
        self.save_info = ""
        started = sys.modules.get("hanabi_desktop.table.autosave")  # only a program that played has saves in flight
        if started is not None:
            started.flush(2.0)  # a save handed to the writer thread lands first
        try:
            data = storage.load_autosave()
            if data is None:
                return False
            from hanabi_desktop.table.saves import resume

            resume(data, threaded=False)
        except storage.DamagedFile as exc:
            self.save_problem = storage.set_aside_said(storage.autosave_path(), str(exc))
            self.app.notices.post(self.save_problem, "error", key="autosave-damaged")
            return False
        except storage.SaveError as exc:  # the disk would not let it be read: try again next time
            self.save_problem = str(exc)
            return False
        from hanabi_desktop.table import autosave

        self.save_info = autosave.describe(data)
        return True

    def check_comeback(self) -> None:
        """Look at the network tables kept on disk; what could not be read was set aside and is said."""
        self.comeback.check()
        for i, problem in enumerate(self.comeback.problems):  # the seat's and the table's: each its own line
            self.app.notices.post(problem, "error", key=f"network-kept-{i}")
        self.comeback.problems.clear()

    def come_back(self, what: str) -> None:
        """Back to the table hosted here ("host"), or to the kept seat whose table plays on ("seat": one is taken back
        at once; several are listed to choose from)."""
        alive = self.comeback.seats_alive()
        if what == "seat" and not alive:
            return
        open_scene(self.app, "net_return", (alive[0] if len(alive) == 1 else alive) if what == "seat" else None)

    def build(self, scale: float) -> None:
        has_save = self.has_save
        w, h = self.size
        bw, bh, gap = self.px(360), self.px(58), self.px(14)
        x = (w - bw) // 2
        y = max(self.px(250), h // 2 - self.px(60))
        entries = [
            (_("Continue"), self.continue_game, has_save, has_save, pygame.K_c, self.save_info),
            (_("New game"), self.new_game, True, not has_save and not self.first_time(), pygame.K_n, _("Seats, bots, variant and options")),
            (_("Join a table"), self.join, True, False, pygame.K_j, _("Play at a friend's table on another computer")),
            (_("Replays"), self.replays, True, False, pygame.K_r, _("Watch saved games or hanab.live exports")),
            (_("Your history"), lambda: open_scene(self.app, "history"), True, False, pygame.K_y,
             _("Your games in numbers: scores over time, per player, variant and bot level")),
            (_("Rules"), self.rules, True, False, pygame.K_h, _("The rules and the bots' conventions")),
            (_("Settings"), self.settings, True, False, pygame.K_s, _("Symbols, card size, speed, sound")),
            (_("Quit"), self.app.quit, True, False, pygame.K_q, ""),
        ]
        first_time = self.first_time()
        learn = (_("Learn to play"), self.learn, True, first_time and not has_save, pygame.K_l,
                 _("Short lessons on the real table, from the first card to the variants"))
        entries.insert(0 if first_time else 2, learn)
        offers = self.comeback.offers()
        if offers:  # a network game waiting comes first and is the main action
            entries = [(label, action, enabled, False, key, tip) for label, action, enabled, _p, key, tip in entries]
        for i, (label, tip, what) in enumerate(offers):
            entries.insert(i, (label, lambda what=what: self.come_back(what), True, True, COMEBACK_KEYS[what], tip))
        if self.save_problem:
            footer, colour = self.save_problem, theme.ERROR
        else:
            footer, colour = _("Hanabi Desktop {version}  -  keys: C continue, N new game, J join a table, L learn to "
                               "play, R replays, Y history, H rules, S settings, Q quit").format(version=__version__), \
                theme.TEXT_FAINT
            footer += "".join(_(COMEBACK_WORDS[what]) for _label, _tip, what in offers)
        avail = self.tooltip_top(footer) - self.px(4) - y  # the column ends above the tooltip and the key line
        step = min(bh + gap, avail // len(entries))
        bh = min(bh, step - self.px(6))
        for i, (label, action, enabled, primary, key, tip) in enumerate(entries):
            self.widgets.add(Button((x, y + i * step, bw, bh), label, action, enabled=enabled, primary=primary,
                                    key=key, tooltip=tip))
        self.say(footer, colour)

    # -- actions ------------------------------------------------------------------------------------------------
    def continue_game(self) -> None:
        from hanabi_desktop.ui import flow

        try:
            session = flow.resume_session(self.app)
        except storage.SaveError as exc:
            self.save_problem = str(exc)
            self.has_save = False
            self.rebuild()
            return
        if session is None:
            self.has_save = False
            self.rebuild()
            return
        self.save_problem = ""
        flow.open_table(self.app, session)

    def first_time(self) -> bool:
        """A first-time player: no lesson done or skipped, no game to continue, none kept in the replays. Then
        Learn to play comes first and is the main action."""
        return learning.current().first_time and not self.has_save and not storage.list_replays()

    def learn(self) -> None:
        open_scene(self.app, "lessons")

    def new_game(self) -> None:
        self.save_problem = ""
        open_scene(self.app, "new_game")

    def join(self) -> None:
        open_scene(self.app, "net_join")

    def replays(self) -> None:
        open_scene(self.app, "replays")

    def rules(self) -> None:
        open_scene(self.app, "rules")

    def settings(self) -> None:
        open_scene(self.app, "settings")

    def back(self) -> None:
        self.app.quit()

    # -- drawing -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.sparks.update(dt)
        if self.comeback.poll(dt):
            self.rebuild()

    def wake_after(self) -> float | None:
        waits = [w for w in (super().wake_after(), self.comeback.wake_after()) if w is not None]
        return min(waits) if waits else None

    def exit(self) -> None:
        self.comeback.close()

    def animating(self) -> bool:
        return super().animating() or self.sparks.active

    def fan(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The fan of five cards under the title, one of each colour: each card turned, and where it goes."""
        w, cw, ch = self.size[0], self.px(46), self.px(66)
        base_y = self.px(120) + self.px(158)
        fan = []
        for i, letter in enumerate("rygbw"):
            rotated = pygame.transform.rotozoom(cards.card_face(letter, i + 1, cw, ch, True), (2 - i) * 7, 1)
            fan.append((rotated, rotated.get_rect(center=(w // 2 + (i - 2) * self.px(36),
                                                          base_y + abs(i - 2) * self.px(5)))))
        return fan

    def notice_room(self) -> NoticeRoom:
        """The app's notices go over the title, above the fan of cards."""
        top = min(r.y for _card, r in self.fan())
        return NoticeRoom(pygame.Rect(0, 0, self.size[0], top - self.px(6)))

    def draw_content(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        self.sparks.draw(surface, self.scale)
        cy = self.px(120)
        theme.blit_text(surface, _("Hanabi"), self.px(110), (w // 2, cy), theme.ACCENT, anchor="center",
                        display=True, shadow=True)
        theme.blit_text(surface, _("the cooperative fireworks card game"), self.px(22), (w // 2, cy + self.px(78)),
                        theme.TEXT_DIM, anchor="center")
        for rotated, r in self.fan():
            surface.blit(rotated, r)
