"""The clue chooser: a transparent overlay listing the legal colour and rank clues for one teammate.

It sits over the viewer's own hand (the fireworks and the teammates' hands stay in sight). Opened from a
card, that card's colour (else its rank) is preselected. The teammates' names along its top switch the
teammate (Tab too). Pointing at (or selecting) a clue highlights exactly the cards it would touch on the table
below and dims the others; Enter or the 'Give clue' button gives it; Esc or a click outside closes it.

With the clue preview on (`Coach.preview_on`), the lines at the panel's foot say how the partner at the
table's level will read the clue pointed at (or selected), in the guide's words, and what goes wrong with it;
each clue's button with a warning carries a mark coloured by its worst one.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.engine import ColourClue, RankClue
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.intents import (
    Command,
    Intent,
    KeyPress,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
)
from hanabi_desktop.ui.scene import Scene
from hanabi_desktop.ui.tableview.preview_view import draw_lines, draw_mark, preview_lines
from hanabi_desktop.ui.widgets.focus import draw_key_hint, hint_width

PREVIEW_POLL = 0.02  # seconds between looks at a preview being worked out

Clue = ColourClue | RankClue


class ClueChooser(Scene):
    """Choose a clue for `target`; drawn over `table` (a `TableScene`), which it submits through."""

    transparent = True

    def __init__(self, app, table, target: int, card: int | None = None) -> None:  # noqa: ANN001
        super().__init__(app)
        self.table = table
        self.target = target
        session = table.session
        self.mates = [p for p in range(session.players) if p != session.viewer]
        self.options: list[tuple[Clue, str, str | None]] = self.options_for(target)
        self.choice: Clue | None = None
        self.hover: Clue | None = None
        self.rects: list[pygame.Rect] = []
        self.tabs: list[pygame.Rect] = []
        self.title_x = 0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.reading = pygame.Rect(0, 0, 0, 0)
        self.confirm = pygame.Rect(0, 0, 0, 0)
        self.cancel = pygame.Rect(0, 0, 0, 0)
        if card is not None:
            self.preselect(card)

    def options_for(self, target: int) -> list[tuple[Clue, str, str | None]]:
        """The legal clues for `target`: (clue, label, suit letter for colour chips)."""
        session = self.table.session
        variant = session.variant
        options: list[tuple[Clue, str, str | None]] = []
        for i, name in enumerate(variant.colour_names):
            clue = ColourClue(target, i)
            if session.refusal(clue) is None:
                options.append((clue, _(name), variant.suits[variant.clue_colours[i]].letter))
        for rank in range(1, 6):
            clue = RankClue(target, rank)
            if session.refusal(clue) is None:
                options.append((clue, str(rank), None))
        return options

    def preselect(self, card: int) -> None:
        """Select the clue of card `card`'s colour if it may be given, else of its rank."""
        face = self.table.model().cards[card].face
        if face is None:
            return
        suit, rank = face
        variant = self.table.session.variant
        wanted = [RankClue(self.target, rank)]
        if suit in variant.clue_colours:
            wanted.insert(0, ColourClue(self.target, variant.clue_colours.index(suit)))
        legal = [c for c, _, _ in self.options]
        self.choice = next((c for c in wanted if c in legal), None)

    def switch(self, target: int) -> None:
        """Show the clues for teammate `target` instead."""
        if target == self.target or target not in self.mates:
            return
        self.target = target
        self.options = self.options_for(target)
        self.choice = self.hover = None
        self.resize(self.size)
        self.update(0.0)

    # -- geometry ---------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        lay = self.table.renderer.lay
        if lay is None:
            return
        centre = lay.deck.unionall(lay.fireworks).union(lay.message)
        own = lay.hands[0].plate.union(lay.hands[0].area)  # the viewer's own hand: not needed while cluing
        main_w = lay.status.x - 2 * lay.gap
        w = max(centre.w, min(main_w, round(lay.card[0] * 9)))
        h = max(round(centre.h * 0.9), own.bottom - centre.bottom - lay.gap)  # the whole band of the own hand
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.midbottom = (centre.centerx, own.bottom)
        self.panel.clamp_ip(pygame.Rect(0, centre.bottom, lay.status.x - lay.gap, size[1] - centre.bottom))
        pad = lay.gap
        fs = lay.font
        # the preview's two lines at the foot, when it is on
        self.reading = pygame.Rect(0, 0, 0, 0)
        # three rows of text: the reading and a warning or two fit at full size even in a small window
        lines_h = round((fs - 1) * 1.2) * 3 if self.table.coach.preview_on() else 0
        row_h = (self.panel.h - 2 * pad - lines_h) // 3
        if lines_h:
            self.reading = pygame.Rect(self.panel.x + pad, self.panel.bottom - pad - lines_h,
                                       self.panel.w - 2 * pad, lines_h)
        x = self.panel.x + pad + theme.text(_("Clue for"), fs, bold=True).get_width() + pad
        self.tabs = []
        for seat in self.mates:
            tw = theme.text(self.table.session.names[seat], fs, bold=True).get_width() + 2 * pad
            self.tabs.append(pygame.Rect(x, self.panel.y + pad // 2, tw, row_h - pad // 2))
            x += tw + pad // 2
        self.title_x = x + pad
        colours = [i for i, o in enumerate(self.options) if isinstance(o[0], ColourClue)]
        ranks = [i for i, o in enumerate(self.options) if isinstance(o[0], RankClue)]
        self.rects = [pygame.Rect(0, 0, 0, 0)] * len(self.options)
        cw = min(round(row_h * 4), self.panel.w // 5)
        across = max(5, len(colours), len(ranks))  # the buttons share the row left of Give clue / Cancel
        bw = min(round(row_h * 3.2), (self.panel.w - 3 * pad - cw) // across - pad)
        for row, idxs in ((1, colours), (2, ranks)):
            y = self.panel.y + pad + row * row_h
            for k, i in enumerate(idxs):
                self.rects[i] = pygame.Rect(self.panel.x + pad + k * (bw + pad), y, bw, row_h - pad // 2)
        self.confirm = pygame.Rect(self.panel.right - pad - cw, self.panel.y + pad + 2 * row_h, cw, row_h - pad // 2)
        self.cancel = pygame.Rect(self.panel.right - pad - cw, self.panel.y + pad + row_h, cw, row_h - pad // 2)

    def enter(self) -> None:
        self.resize(self.size)

    # -- behaviour ----------------------------------------------------------------------------------------
    @property
    def shown(self) -> Clue | None:
        """The clue previewed now: the one pointed at, else the one selected."""
        return self.hover or self.choice

    def touched(self, clue: Clue | None = None) -> set[int]:
        """Orders of the teammate's cards that `clue` (default: the one shown) would touch."""
        clue = clue or self.shown
        if clue is None:
            return set()
        return set(self.table.session.touched_by(self.target, clue))

    def select(self, clue: Clue) -> None:
        """Select `clue` (it must be one of the options)."""
        self.choice = clue
        self.update(0.0)

    def give(self) -> bool:
        """Give the selected clue through the table and close; False if nothing is selected."""
        if self.choice is None:
            return False
        self.app.stack.pop(self)
        return self.table.act(self.choice)

    def close(self) -> None:
        """Close without giving a clue."""
        self.app.stack.pop(self)

    def _option_at(self, pos: tuple[int, int]) -> Clue | None:
        for (clue, _label, _letter), r in zip(self.options, self.rects, strict=True):
            if r.collidepoint(pos):
                return clue
        return None

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerLeft):
            self.hover = None
            self.update(0.0)
            return True
        if isinstance(intent, PointerMove):
            self.hover = self._option_at(intent.pos)
            self.table.hover = intent.pos
            self.update(0.0)
            return True
        if isinstance(intent, PointerDown) and intent.button == 1:
            clue = self._option_at(intent.pos)
            tab = next((seat for seat, r in zip(self.mates, self.tabs, strict=False) if r.collidepoint(intent.pos)),
                       None)
            if tab is not None:
                self.switch(tab)
            elif clue is not None:
                self.select(clue)
            elif self.confirm.collidepoint(intent.pos):
                self.give()
            elif self.cancel.collidepoint(intent.pos) or not self.panel.collidepoint(intent.pos):
                self.close()
            return True
        if isinstance(intent, PointerUp):
            return True
        if isinstance(intent, Command):
            if intent.name == "back":
                self.close()
            elif intent.name == "confirm":
                self.give()
            elif intent.name in ("next", "prev") and self.mates:
                step = 1 if intent.name == "next" else -1
                self.switch(self.mates[(self.mates.index(self.target) + step) % len(self.mates)])
            return True
        if isinstance(intent, KeyPress):
            for clue, label, letter in self.options:
                if intent.text and (intent.text == label or (letter is not None and intent.text.lower() == letter)):
                    self.hover = None  # the clue chosen by its key is shown, not one the pointer happens to rest on
                    self.select(clue)
                    return True
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Tell the table below which cards the clue shown would touch (it draws them once, highlighted)."""
        touched = frozenset(self.touched())
        hand = frozenset(self.table.session.hand(self.target))
        self.table.preview = (touched, hand - touched) if self.shown is not None else (frozenset(), frozenset())

    def exit(self) -> None:
        self.table.preview = (frozenset(), frozenset())

    def look(self) -> tuple:
        shown = self.table.coach.preview()
        return (self.target, self.hover, self.choice, shown is not None)

    def wake_after(self) -> float | None:
        return PREVIEW_POLL if self.table.coach.previewing() else None

    def reading_lines(self) -> list[tuple[str, theme.Colour]]:
        """The preview's lines for the clue shown (its reading, then its warnings), or what to do to see one."""
        coach = self.table.coach
        if not coach.preview_on():
            return []
        who = self.table.session.names[self.target]
        shown = coach.preview()
        if shown is None:
            return [(_("Working out how {player} will read each clue…").format(player=who), theme.TEXT_DIM)]
        said = shown.of(self.shown) if self.shown is not None else None
        if said is None:
            return [(_("Point at a clue, or press its key, to see how {player} will read it.").format(player=who), theme.TEXT_DIM)]
        lines = preview_lines(said)
        return [(lines[0], theme.TEXT)] + [(line, theme.ERROR) for line in lines[1:]]

    def draw(self, surface: pygame.Surface) -> None:
        session = self.table.session
        touched = self.touched()
        lay = self.table.renderer.lay
        fs = lay.font if lay is not None else 16
        theme.draw_panel(surface, self.panel, radius=10, alpha=255, border=theme.ACCENT)  # opaque: the hand's
        # buttons under it showed through
        pad = lay.gap if lay is not None else 8
        theme.blit_text(surface, _("Clue for"), fs, (self.panel.x + pad, self.tabs[0].centery if self.tabs else
                        self.panel.y + pad), theme.TEXT, bold=True, anchor="midleft")
        for seat, r in zip(self.mates, self.tabs, strict=False):
            on = seat == self.target
            pygame.draw.rect(surface, theme.ACCENT if on else theme.BUTTON, r, border_radius=r.h // 3)
            theme.blit_text(surface, session.names[seat], fs, r.center, (30, 20, 6) if on else theme.TEXT,
                            bold=True, anchor="center")
        title = ""
        if session.pending_tile is not None:
            title += _("bonus tile: {tile}. ").format(tile=session.pending_tile.text)
        if self.shown is not None:
            slots = sorted(session.slot_of(o) for o in touched)
            label = next(lbl for c, lbl, _ in self.options if c == self.shown)
            title += ngettext("{clue} touches slot {slots}", "{clue} touches slots {slots}", len(slots)).format(clue=label, slots=', '.join(map(str, slots)))
        if title:
            x = self.title_x
            theme.blit_text(surface, theme.fit_text(title, fs, self.panel.right - pad - x), fs,
                            (x, self.tabs[0].centery if self.tabs else self.panel.y + pad), theme.TEXT,
                            anchor="midleft")
        for (clue, label, letter), r in zip(self.options, self.rects, strict=True):
            chosen = clue == self.choice
            hovered = clue == self.hover
            fill = theme.ACCENT if chosen else (theme.BUTTON_HOVER if hovered else theme.BUTTON)
            pygame.draw.rect(surface, fill, r, border_radius=r.h // 3)
            ink = (30, 20, 6) if chosen else theme.TEXT
            cap = self.key_cap(r, label, letter, fs)
            if letter is not None:
                st = cards.style_of(letter)
                chip = self.chip(r, fs)
                pygame.draw.rect(surface, st.colour, chip, border_radius=chip.h // 3)
                cards.draw_symbol(surface, st.symbol, chip.inflate(-chip.w // 3, -chip.h // 3), st.ink)
                room = r.right - chip.right - 6
                if cap is not None:
                    room -= draw_key_hint(surface, letter.upper(), cap.right, cap.centery, max(9, fs - 5), ink).w + 4
                size = theme.fit_size(label, fs - 2, room)  # a long colour name in a small font, not cut
                theme.blit_text(surface, theme.fit_text(label, size, room), size,
                                (chip.right + 4, r.centery), ink, anchor="midleft")
            else:
                theme.blit_text(surface, label, fs, r.center, ink, bold=True, anchor="center")
            shown = self.table.coach.preview()
            draw_mark(surface, r, shown.of(clue) if shown is not None else None, clear_of=cap)
        if self.reading.h:
            draw_lines(surface, self.reading, self.reading_lines(), fs - 1)
        for rect, text, on in ((self.confirm, _("Give clue"), self.choice is not None), (self.cancel, _("Cancel"), True)):
            fill = theme.BUTTON_PRIMARY if (on and rect is self.confirm) else (theme.BUTTON if on else theme.DISABLED)
            pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 3)
            key, cap = ("Enter" if rect is self.confirm else "Esc"), max(9, fs - 5)
            ink = theme.TEXT if on else theme.TEXT_FAINT
            size = self.button_text_size(rect, text, fs)
            if theme.font_for(text, size, bold=True).size(text)[0] + 2 * hint_width(key, cap) + 16 <= rect.w:
                draw_key_hint(surface, key, rect.right - 4, rect.centery, cap, ink)
            clip = surface.get_clip()
            surface.set_clip(rect.clip(clip))  # the words belong to the button: the overflow check measures them there
            theme.blit_text(surface, text, size, rect.center, ink, bold=True, anchor="center")
            surface.set_clip(clip)

    @staticmethod
    def button_text_size(rect: pygame.Rect, text: str, fs: int) -> int:
        """The size of a Give clue / Cancel button's words: the usual one, smaller where a language's words would be
        wider than the button ("Donner l'indice" at 800x600)."""
        return theme.fit_size(text, fs - 1, rect.w - 8, bold=True, smallest=0.6)

    @staticmethod
    def chip(r: pygame.Rect, fs: int) -> pygame.Rect:
        """The colour chip at the left of a colour clue's button `r`."""
        side = min(r.h - 6, round(fs * 1.5))
        return pygame.Rect(r.x + 4, r.centery - side // 2, side, side)

    @staticmethod
    def key_cap(r: pygame.Rect, label: str, letter: str | None, fs: int) -> pygame.Rect | None:
        """Where the key cap of a colour clue's button `r` goes (the engine's suit letter chooses it), or None: a
        number clue (its own digit is its key), or no room beside the colour's name."""
        if letter is None:
            return None
        key, size = letter.upper(), max(9, fs - 5)
        if theme.text(label, fs - 2).get_width() + hint_width(key, size) + 4 > r.right - ClueChooser.chip(r, fs).right - 6:
            return None
        cap = pygame.Rect(0, 0, hint_width(key, size), round(size * 1.45))
        cap.midright = (r.right - 4, r.centery)
        return cap
