"""The room of a network table: its seats (who sits where, who is connected), the table's address and code to
pass on, the chat, and for its owner the Start button. Host and guests both wait here before the game, come
back here from the table's Menu, and talk here after the game.

The table (`net.remote.NetTable`) is pumped once a frame, here and on the table: the connection runs on its
own thread, so a frame never waits for the network.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.words import clock
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent, KeyPress
from hanabi_desktop.ui.scenes import open_scene, scene_class
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button, TextInput, button_width
from hanabi_desktop.ui.widgets.wrap import wrap_lines

POLL = 0.05  # seconds between looks at the inbox while the room rests
NEXT_GAME_NOTICE = "network-next-game"


def seat_state(table: NetTable, seat: int) -> tuple[str, theme.Colour]:
    """What a seat's row says of it, and in which colour."""
    info = table.seat_info[seat]
    if info.bot:
        return _("bot"), theme.TEXT_DIM
    if not info.taken:
        return _("open: waiting for a player"), theme.ACCENT
    if info.stand_in is not None:
        return _("a bot plays for them"), theme.TEXT_DIM
    if seat in table.channels:
        return (_("you") if len(table.channels) == 1 or seat == table.lead else _("here (hot seat)")), theme.GOOD
    if table.connection != "connected":  # this window hears nothing of the others meanwhile
        return _("not known: your connection is down"), theme.TEXT_FAINT
    for away, seconds in table.away():
        if away == seat:
            return _("reconnecting, {time}").format(time=clock(seconds)), theme.ERROR
    return _("connected"), theme.GOOD


class NetLobbyScene(MenuScene):
    """See the module docstring. `close` ends this window's part in the table (stops the host, or the client)."""

    always_update = True  # seats and chat keep coming while the table or the results cover the room

    def __init__(self, app, table: NetTable, close: Callable[[bool], None], addresses: tuple[str, ...] = ()) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.table = table
        self.close = close
        self.addresses = addresses  # where players nearby reach this host (the host's own window only)
        self.opened = 0  # the game (`NetTable.games`) whose table scene was opened once (later: by "To the table")
        self.game = table.games  # the game this room last saw: a next one takes the window to it
        self.chat_text = ""
        self.chat_input: TextInput | None = None
        self.send_button: Button | None = None
        self.main_button: Button | None = None  # Start the game, To the table or Next game (Enter, or Esc in a game)
        self.leave_button: Button | None = None
        self.leaving = False
        self.closed = False

    # -- layout -------------------------------------------------------------------------------------------
    def build(self, scale: float) -> None:
        w, h = self.size
        t = self.table
        margin, gap = self.px(60), self.px(14)
        bw, bh = self.px(240), self.px(56)
        y = h - self.px(100)
        buttons: list[tuple[str, Callable[[], None], bool, bool, str]] = []
        if not t.started:
            if t.owner is not None:
                ready = all(info.taken for info in t.seat_info)
                buttons.append((_("Start the game"), self.start, ready, True,
                                _("Deal the cards: every seat is taken") if ready else _("Every seat must be taken first")))
        elif not t.over and t.connection != "closed":  # (once the host ended the table there is no game to go to)
            buttons.append((_("To the table"), self.to_table, True, True, _("Back to the game")))
        elif t.owner is not None:
            buttons.append((_("Next game"), self.next_game, True, True,
                            _("A new deal at the same seats and variant (the last game is in Replays)")))
        ask = t.leaving()
        if t.hosted_here and t.others():  # the owner's leaving ends the table for the others: said on the button
            label = _("End the game") if t.started and not t.over else _("Close the table")
            buttons.append((label, self.leave, True, False, ask[0] if ask else ""))
        else:  # a guest: during the game, what leaving does to their seat (the dialog's words); else, where it goes
            buttons.append((_("Leave the table"), self.leave, True, False, ask[1] if ask else _("Back to the title")))
        # wide enough for the key cap each may show (Enter or Esc, see `show_keys`), as far as the window allows
        widths = [max(bw, button_width(label, bh, pygame.K_RETURN)) for label, *_rest in buttons]
        spare = w - 2 * margin - (len(buttons) - 1) * gap
        widths = [min(width, spare // len(buttons)) if sum(widths) > spare else width for width in widths]
        x = w - margin - sum(widths) - (len(buttons) - 1) * gap
        made = []
        for width, (label, action, enabled, primary, tip) in zip(widths, buttons, strict=True):
            made.append(Button((x, y, width, bh), label, action, enabled=enabled, primary=primary, tooltip=tip))
            x += width + gap
        for button in made:
            self.widgets.add(button)
        self.main_button = made[0] if len(made) > 1 else None
        self.leave_button = made[-1]
        # the chat: a line to type and Send (before and after the game; during it if the owner allowed it)
        self.chat_rect = pygame.Rect(w // 2 + gap, self.px(150), w // 2 - gap - margin, y - self.px(150) - self.px(90))
        if t.chat_open:
            iy = self.chat_rect.bottom + gap
            sw = max(self.px(120), button_width(_("Send"), bh, pygame.K_RETURN))
            self.chat_input = TextInput((self.chat_rect.x, iy, self.chat_rect.w - sw - gap, bh), self.chat_text,
                                        placeholder=_("Say something to the table"), max_length=200,
                                        on_submit=self.send_chat, on_change=self._typed)
            self.widgets.add(self.chat_input)
            self.send_button = Button((self.chat_rect.right - sw, iy, sw, bh), _("Send"),
                                      lambda: self.send_chat(self.chat_text), tooltip=_("Send the line (Enter)"))
            self.widgets.add(self.send_button)
        else:
            self.chat_input = self.send_button = None
        self.show_keys()

    def show_keys(self) -> None:
        """The key caps say what Enter and Esc do now: Enter sends the chat line while it is typed in, else presses
        the room's main button; Esc goes back to the game in progress, else asks to leave (as Leave does)."""
        talking = self.chat_input is not None and self.chat_input.focused
        playing = self.playing()
        if self.send_button is not None:
            self.send_button.hint = "Enter" if talking else ""
        if self.main_button is not None:
            self.main_button.hint = "Esc" if playing else "" if talking else "Enter"
        self.leave_button.hint = "" if playing else "Esc"

    def playing(self) -> bool:
        """Is this window's game in progress (the room's Esc and main button then go back to its table)?"""
        t = self.table
        return bool(t.started and not t.over and t.views[t.lead] and t.connection != "closed")

    def handle(self, intent: Intent) -> bool:
        """Typing in the room is talking: a printable key with no text field focused goes to the chat line (a letter
        would move the focus to the button it starts, and Enter press it: a line typed before clicking the chat
        line left the table). Enter that nothing else takes presses the room's main button."""
        field = self.chat_input
        if (field is not None and not field.focused and isinstance(intent, KeyPress) and intent.text.strip()
                and intent.text.isprintable() and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT)):
            self.widgets.set_focus(field, ring=False)
            self.show_keys()
            return True  # the letter itself comes as the TextTyped that follows this key
        used = super().handle(intent)
        if not used and isinstance(intent, Command) and intent.name == "confirm" and self.main_button is not None \
                and self.main_button.enabled:
            self.main_button.click()
            used = True
        self.show_keys()
        return used

    def _typed(self, text: str) -> None:
        self.chat_text = text

    # -- actions --------------------------------------------------------------------------------------------
    def start(self) -> None:
        self.table.ask_owner("start")
        self.say(_("Dealing…"), theme.TEXT_DIM)

    def next_game(self) -> None:
        self.table.ask_owner("next_game")
        self.say(_("Dealing…"), theme.TEXT_DIM)

    def to_table(self) -> None:
        self.say("")  # "Dealing…" is done with: it was still said in the room after the game
        self.app.notices.dismiss(NEXT_GAME_NOTICE)  # the table says it on its own line, clear of the names
        open_scene(self.app, "net_table", self.table)

    def send_chat(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        self.table.chat(text)
        self.chat_text = ""
        if self.chat_input is not None:
            self.chat_input.text = ""

    def leave(self) -> None:
        """Leave the table: asked first in a dialog when that concerns someone else (the owner's leaving ends the
        table for the people at it; a guest's leaves their seat in the game waiting)."""
        ask = self.table.leaving()
        if ask is None:
            self.gone()
        else:
            self.ask(ask)

    def ask(self, ask: tuple[str, str, str]) -> None:
        question, detail, yes = ask
        open_scene(self.app, "confirm", question, detail, yes, self.gone)

    def gone(self) -> None:
        """Leave now (the dialog was answered, or nobody else is concerned)."""
        if self.closed or self not in self.app.stack.scenes:
            return
        self.shut(ending=True)
        self.app.stack.pop(self)
        if not len(self.app.stack):
            open_scene(self.app, "title")

    def back(self) -> None:
        """Esc never leaves the table by itself: during the game it goes back to the table (Menu comes here), else it
        asks as Leave does (a question even when nobody else is concerned: one key must not close a table)."""
        t = self.table
        if self.playing():
            self.to_table()
            return
        ask = t.leaving() or (_("Leave the table?"), _("You go back to the title."), _("Leave the table"))
        self.ask(ask)

    def shut(self, ending: bool = False) -> None:
        """End this window's part in the table, once (`ending`: a table hosted here ends; else it waits in its
        save for this computer to resume it)."""
        if not self.closed:
            self.closed = True
            self.close(ending)

    def exit(self) -> None:
        self.shut()

    def may_close(self) -> bool:
        """Closing the window while others are at the table is asked first (see `NetTableScene.may_close`)."""
        if self.table.confirmed("close"):
            return True
        question = self.table.leaving_question("close")
        self.say(question, theme.ERROR)
        if self.app.stack.top is not self:  # covered: the room's line is hidden
            self.app.notices.post(question, "error", key="network-close")
        return False

    # -- time -------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        t = self.table
        was = (t.started, t.over, t.chat_open, tuple(t.seat_info), t.connection == "closed")
        t.pump()
        if t.problems:
            self.say(t.problems.pop(0), theme.ERROR)
            t.problems.clear()
        if (t.started, t.over, t.chat_open, tuple(t.seat_info), t.connection == "closed") != was:
            self.rebuild()
        if t.games != self.game and self in self.app.stack:  # the owner dealt the next game: this window goes to it
            self.game = t.games
            self.close_last_game()
        if t.started and t.views[t.lead] and self.opened != t.games and self.app.stack.top is self and not t.over:
            self.opened = t.games
            self.to_table()

    def close_last_game(self) -> None:
        """The owner dealt the next game: the last game's table and results close (the game is kept in Replays), and
        the room opens the new table. A screen the person opened over them (the review, a replay, a dialog) stays
        open: a notice says the next game has begun, and closing that screen comes back here, to the new table."""
        stack = self.app.stack
        last_game = (scene_class("net_table"), scene_class("results"))
        for scene in stack.scenes[stack.scenes.index(self) + 1:]:
            if isinstance(scene, last_game):
                stack.pop(scene)
        if stack.top is not self:
            self.app.notices.post(_("The next game has begun at {table}: close this screen to join it. The last one "
                                    "is kept in Replays.").format(table=str(self.table.summary.get("name", ""))[:40]),
                                  key=NEXT_GAME_NOTICE)

    def wake_after(self) -> float | None:
        waits = [w for w in (super().wake_after(), POLL) if w is not None]
        return min(waits)

    def look(self) -> Hashable:
        t = self.table
        away = tuple((s, int(sec)) for s, sec in t.away())
        return (super().look(), tuple(t.seat_info), tuple(t.chat_lines), t.connection, away, t.started, t.over,
                int(t.offline_for()) if t.connection != "connected" else -1)

    # -- drawing ---------------------------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        t = self.table
        w = self.size[0]
        margin = self.px(60)
        theme.blit_text(surface, theme.fit_text(str(t.summary.get("name", "")), self.px(44), w - 2 * margin),
                        self.px(44), (w // 2, self.px(30)), theme.ACCENT, anchor="midtop", display=True, shadow=True)
        theme.blit_text(surface, self.subtitle_text(), self.px(20), (w // 2, self.px(92)), theme.TEXT_DIM,
                        anchor="midtop")
        left = pygame.Rect(margin, self.px(150), w // 2 - margin - self.px(14), self.chat_rect.h)
        theme.draw_panel(surface, left, radius=self.px(12))
        size = self.px(21)
        y = left.y + self.px(18)
        x = left.x + self.px(20)
        theme.blit_text(surface, _("Seats"), self.px(24), (x, y), theme.TEXT, bold=True)
        y += self.px(44)
        for seat, info in enumerate(t.seat_info):
            state, colour = seat_state(t, seat)
            name = info.name or "-"
            theme.blit_text(surface, f"{seat + 1}", size, (x, y), theme.TEXT_FAINT, bold=True)
            theme.blit_text(surface, theme.fit_text(name, size, self.px(200)), size, (x + self.px(36), y), theme.TEXT,
                            bold=seat in t.channels)
            theme.blit_text(surface, theme.fit_text(state, self.px(19), left.right - x - self.px(270)), self.px(19),
                            (x + self.px(250), y + self.px(2)), colour)
            y += self.px(40)
        y += self.px(14)
        for para in self.where_lines():  # a line too long for a narrow window wraps (never cut)
            for line in wrap_lines(para, self.px(19), left.w - self.px(40)):
                theme.blit_text(surface, theme.fit_text(line.strip(), self.px(19), left.w - self.px(40)), self.px(19),
                                (x, y), theme.TEXT_DIM)
                y += self.px(24)
            y += self.px(4)
        self.draw_chat(surface)

    def subtitle_text(self) -> str:
        t = self.table
        said = t.connection_text()
        if said is not None:
            return said
        if t.over:
            result = t.result()
            return _("The game is over: {score} of {max} points.").format(score=result.score, max=result.max_score)
        if t.started:
            return _("The game is on.")
        if t.owner is not None:
            return _("Pass on the address and the code; start once every seat is taken.")
        return _("Waiting for the host to start the game.")

    def where_lines(self) -> list[str]:
        t = self.table
        out = [_("Code: {code}").format(code=t.code)]
        if self.addresses:
            out.append(_("Address: {address}").format(address="  ".join(self.addresses[:2])))
            if t.summary.get("code"):
                out.append(_("Players on this network see the table in Join a table."))
        elif t.address:
            out.append(_("Address: {address}").format(address=t.address))
        return out

    def draw_chat(self, surface: pygame.Surface) -> None:
        r = self.chat_rect
        theme.draw_panel(surface, r, radius=self.px(12))
        x = r.x + self.px(18)
        theme.blit_text(surface, _("Chat"), self.px(24), (x, r.y + self.px(18)), theme.TEXT, bold=True)
        size = self.px(19)
        line_h = self.px(27)
        top = r.y + self.px(62)
        lines = self.table.chat_lines[-max(1, (r.bottom - top - self.px(10)) // line_h):]
        if not self.table.chat_open:
            lines = lines[-3:]
            theme.blit_text(surface, _("Chat is off during play at this table."), size, (x, r.bottom - line_h - self.px(8)),
                            theme.TEXT_FAINT)
        if not lines and self.table.chat_open:
            theme.blit_text(surface, _("Nothing said yet."), size, (x, top), theme.TEXT_FAINT)
        for i, line in enumerate(lines):
            theme.blit_text(surface, theme.fit_text(str(line), size, r.w - self.px(36)), size, (x, top + i * line_h),
                            theme.TEXT)
