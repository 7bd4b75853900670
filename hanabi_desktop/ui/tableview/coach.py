"""The table's learning aids: the Hint, Undo, Notes and Beliefs buttons, the hint being worked out or shown, and
a warned move waiting for its confirmation.

Against bots (one person at the table) hint and undo are always offered; in hot seat only if the player turned
them on in Settings. The table scene asks this object what to show and hands it the player's presses.
"""

from __future__ import annotations

import time

import pygame

from hanabi_desktop.engine import Action
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.door import Table
from hanabi_desktop.table.hint import Hint, Hinter
from hanabi_desktop.table.previewer import Previewer, TablePreview, preview_bot
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.tableview.layout import TableLayout
from hanabi_desktop.ui.tableview.model import TableModel
from hanabi_desktop.ui.widgets.focus import draw_key_hint, hint_width

CONFIRM_SECONDS = 8.0  # a warned move is made if asked for again within this time

KEYS = {"hint": "?", "undo": "U", "beliefs": "B"}  # the key of each aid (TableScene._key), shown on its button


class Coach:
    """See the module docstring. `session` is the table's `Session`, `settings` the player's `Settings`."""

    def __init__(self, session: Table, settings: Settings) -> None:
        self.session = session
        self.settings = settings
        self.hinter = Hinter()
        self.previewer = Previewer()
        self.hint: Hint | None = None
        self.hint_key: tuple | None = None  # the position the shown hint is for
        self.counted: set[tuple] = set()  # positions whose hint was counted
        self.confirm: tuple[Action, float] | None = None  # a warned move and when it was first asked for
        self.failure = ""  # why the last hint asked for could not be worked out
        # False in a lesson: the guide teaches one move at a time, and a hint, an undo or a warning would put
        # it out of step (lesson 3 even asks for a misplay)
        self.enabled = True
        # at a network table, the aids its host offers (None: the rules of a game at this computer)
        self.offered: frozenset[str] | None = None

    # -- what is offered ---------------------------------------------------------------------------------
    def hot_seat(self) -> bool:
        return len(self.session.human_seats) >= 2

    def allowed(self, what: str) -> bool:
        """Is `what` ('hint' or 'undo') offered in this game (always against bots; in hot seat if chosen)?"""
        s = self.session
        if not self.enabled or not s.human_seats:
            return False
        if self.offered is not None:
            return what in self.offered
        if not self.hot_seat():
            return bool(s.bot_seats)
        return bool(self.settings.hints_in_hot_seat if what == "hint" else self.settings.undo_in_hot_seat)

    def buttons(self, lay: TableLayout) -> list[tuple[str, str, pygame.Rect]]:
        """(name, label, rect) of the aids offered."""
        wanted = []
        if self.allowed("hint"):
            wanted.append(("hint", _("Hint")))
        if self.allowed("undo"):
            wanted.append(("undo", _("Undo")))
        if self.session.bot_seats and self.enabled and (self.offered is None or "beliefs" in self.offered):  # spectators of an all-bot game may watch the bots' readings too
            wanted.append(("beliefs", _("Beliefs")))
        # stacked beside the viewer's hand, where the table leaves room (the status panel's top row holds the
        # score); in a window too narrow for that, in a row beside the Menu button
        m = lay.menu
        own = lay.hands[0].area
        gap = max(4, lay.gap)
        h = round(m.h * 1.15)
        w = min(round(m.w * 1.6), lay.status.x - own.right - 3 * gap)
        out = []
        if w >= m.w:
            y = own.bottom - len(wanted) * (h + gap)
            for name, label in wanted:
                out.append((name, label, pygame.Rect(own.right + 2 * gap, y, w, h)))
                y += h + gap
            return out
        x = m.x
        for name, label in wanted:
            x -= m.w + max(4, m.h // 4)
            out.append((name, label, pygame.Rect(x, m.y, m.w, m.h)))
        return out

    def draw(self, surface: pygame.Surface, lay: TableLayout, hover: tuple[int, int]) -> None:
        """The aids' buttons (Beliefs lit while shown)."""
        for name, label, r in self.buttons(lay):
            on = name == "beliefs" and self.settings.show_beliefs
            ready = self.ready(name)
            colour = theme.BUTTON_HOVER if r.collidepoint(hover) and ready else theme.BUTTON if ready else theme.DISABLED
            pygame.draw.rect(surface, theme.ACCENT if on else colour, r, border_radius=r.h // 3)
            size = max(10, lay.font - 3)
            ink = theme.PANEL if on else theme.TEXT if ready else theme.TEXT_FAINT
            body = r
            key, cap = KEYS[name], max(9, size - 2)
            if theme.text(label, size, bold=True).get_width() + hint_width(key, cap) + 14 <= r.w:  # its key, where it fits
                hint = draw_key_hint(surface, key, r.right - 4, r.centery, cap, theme.lerp_colour(ink, colour, 0.3))
                body = pygame.Rect(r.x, r.y, hint.x - r.x, r.h)
            text = theme.fit_text(label, size, body.w - 6, bold=True)
            theme.blit_text(surface, text, size, body.center, ink, bold=True, anchor="center")

    def ready(self, name: str) -> bool:
        """Would pressing `name` do something now (a hint on one's own turn, a move to take back)? Greyed if not;
        a press still says why not."""
        s = self.session
        if name == "hint":
            return not s.over and s.viewer is not None and s.current == s.viewer and not s.is_bot(s.current)
        if name == "undo":
            return s.undo_refusal(s.viewer) is None
        return True

    def explain(self, name: str) -> str:
        """What a button does and its key, said while the pointer is over it."""
        return {
            "hint": _("Hint (? key): the move the conventions bot would make in your seat, and why."),
            "undo": _("Undo (U key): take back your last move and the bots' moves after it."),
            "beliefs": _("Beliefs (B key): show what each bot reads its own cards as. Right-click or N: a note."),
        }[name]

    def button_at(self, lay: TableLayout, pos: tuple[int, int]) -> str | None:
        for name, _label, r in self.buttons(lay):
            if r.collidepoint(pos):
                return name
        return None

    # -- the presses -------------------------------------------------------------------------------------
    def use(self, name: str) -> tuple[str, theme.Colour]:
        """Press aid `name` ('hint', 'undo', 'beliefs'): what to say on the table, and in which colour."""
        if name == "hint":
            said = self.ask_hint()
            return said, theme.TEXT_DIM if self.working() else theme.ERROR
        if name == "undo":
            return self.undo()
        st = self.settings
        st.show_beliefs = not st.show_beliefs
        return (_("The bots' readings of their own cards are shown on their cards.") if st.show_beliefs
                else _("The bots' readings are hidden."), theme.TEXT_DIM)

    def undo(self) -> tuple[str, theme.Colour]:
        """Take back the viewer's last move (and the bots' after it), if this game allows it."""
        s = self.session
        if not self.enabled:
            return _("No undo in a lesson: the guide says what to do."), theme.ERROR
        if not self.allowed("undo"):
            if self.offered is not None:
                return _("No take-backs at a table over the network."), theme.ERROR
            return _("Undo is off in hot seat (turn it on in Settings)."), theme.ERROR
        reason = s.undo_refusal(s.viewer)
        if reason is not None:
            return reason, theme.ERROR
        s.undo(s.viewer)
        return self.taken_back(), theme.GOOD

    def taken_back(self) -> str:
        """What the table says after a take-back (from its Undo, or from the hot-seat curtain)."""
        n = self.session.undos
        return ngettext("Your last move was taken back ({n} undo this game).",
                        "Your last move was taken back ({n} undos this game).", n).format(n=n)

    def note_title(self, model: TableModel, order: int) -> str:
        """The note editor's title for card `order`: whose card and which slot."""
        card, holder = model.cards.get(order), model.hand_of(order)
        if card is not None and card.slot is not None and holder is not None:
            return _("Note on {player}'s slot {slot}").format(player=self.session.names[holder], slot=card.slot)
        return _("Note on this card")

    # -- the hint ----------------------------------------------------------------------------------------
    def position(self) -> tuple:
        s = self.session
        return (s.undos, len(s.log), s.viewer)

    def ask_hint(self) -> str:
        """Start working out a hint for the person at the screen; what to say meanwhile (or why not)."""
        s = self.session
        if not self.enabled:
            return _("No hints in a lesson: the guide says what to do.")
        if not self.allowed("hint"):
            if self.offered is not None:
                return _("Hints are off at this table.")
            return _("Hints are off in hot seat (turn them on in Settings).")
        if not self.ready("hint"):
            return _("A hint is for your own turn.")
        key = self.position()
        if self.hint_key == key and self.hint is not None:
            return ""
        if self.hinter.key != key:
            self.hinter.ask(s.seat_views(s.viewer), s.advisor, key)
        return _("Working out a hint…")

    def poll(self) -> Hint | None:
        """The hint for the position now, if it has just been worked out (it is counted then, once per position);
        if the bot failed, `failure` says so."""
        key = self.position()
        if self.hint_key == key:
            return None
        hint = self.hinter.ready(key)
        if hint is None:
            return None
        if isinstance(hint, str):  # the bot failed: nothing to show, nothing counted
            self.hint, self.hint_key, self.failure = None, key, hint
            return None
        self.hint, self.hint_key = hint, key
        if key not in self.counted:
            self.counted.add(key)
            self.session.hint_used()
        return hint

    def shown_hint(self) -> Hint | None:
        """The hint to show now: the one for this very position, if any."""
        return self.hint if self.hint is not None and self.hint_key == self.position() else None

    def working(self) -> bool:
        return self.hinter.key == self.position() and self.hint_key != self.position()

    def hint_line(self, hint: Hint) -> str:
        if hint.explanation:
            return _("Hint: {move} The bot's reason: {why}").format(move=hint.text, why=hint.explanation)
        return _("Hint: {move}").format(move=hint.text)

    # -- the clue preview ------------------------------------------------------------------------------------
    def preview_on(self) -> bool:
        """Is the clue preview shown in this game: on in Settings, against bots, or in hot seat with hints on
        (the learning aids); never in a lesson, where the guide teaches one move at a time; where the table offers
        only some aids (a network table), only if they include it."""
        s = self.session
        if not self.enabled or not self.settings.clue_preview or not s.human_seats:
            return False
        if self.offered is not None:
            return "preview" in self.offered
        if self.hot_seat():
            return bool(self.settings.hints_in_hot_seat)
        return bool(s.bot_seats)

    def preview(self) -> TablePreview | None:
        """The preview of the position now for the person at the screen (how the partner reads each clue on
        their turn, the team's reading of their cards), asked for if it was not (it is worked out off the frame
        thread): None while it is worked out, or when it is off. Shown: the results say so."""
        s = self.session
        if not self.preview_on() or s.over or s.viewer is None:
            return None
        key = self.position()
        if self.previewer.key != key:
            self.previewer.ask(s.seat_views(s.viewer), preview_bot(s.advisor), key)
        shown = self.previewer.ready(key)
        if shown is not None and (shown.own or any(shown.clues.values())):
            s.preview_used()
        return shown

    def previewing(self) -> bool:
        """Is a preview being worked out for the position now?"""
        return self.preview_on() and self.previewer.working(self.position())

    # -- a warned move --------------------------------------------------------------------------------------
    def confirmed(self, action: Action) -> bool:
        """Was `action` warned about moments ago (asking again makes it)? Forgets the warning either way."""
        pending, self.confirm = self.confirm, None
        return pending is not None and pending[0] == action and time.monotonic() - pending[1] < CONFIRM_SECONDS

    def warned(self, action: Action) -> None:
        self.confirm = (action, time.monotonic())

    def close(self) -> None:
        self.hinter.close()
        self.previewer.close()
