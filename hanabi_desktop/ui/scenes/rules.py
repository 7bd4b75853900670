"""Rules: the rules of any variant (built from the engine's data) with the rating scale, the conventions the
bots follow, and the table's controls. Scroll with the wheel, arrows or Page Up/Down."""

from __future__ import annotations

import pygame

from hanabi_desktop.engine import PRESETS, Variant
from hanabi_desktop.i18n import N_, _
from hanabi_desktop.lessons.rules_text import rules_text
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Intent, KeyPress, Scroll
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button
from hanabi_desktop.ui.widgets.wrap import wrap_lines

CONTROLS = N_("""Playing a card:
Drag one of your cards onto the fireworks to play it, or onto the discard pile to discard it. Or click the small play (green) or discard (red) button on the card. A refused move snaps back and says why.

Giving a clue:
Click a teammate's card or name. The clue chooser lists the colours and ranks you may give; point at one to see exactly which cards it touches, then Give clue. The small colour and number spots on teammates' cards give that clue directly.

Your hand:
Slot 1 is your newest card (left), as the log, the bots and the keys count. Drag a card sideways within your hand to rearrange it: only you see that order, and each card then shows its slot number. Hover any card to see the clues it got and what its holder knows. The pips on your cards show what each can still be.

Keyboard:
1-5 select the card in that slot of your hand, P plays it, D discards it, C opens the clue chooser, Esc cancels, H shows the rules of the game in progress, F1 the table's tips again, F11 full screen.

Hot seat:
When the computer passes to another person, a curtain hides the table until they confirm it is them.

Bots:
The log on the right shows every move; bots add their reason in convention terms.""")


KEYS = N_("""Keys on every screen:
Tab and Shift+Tab move the focus (a bright ring) from control to control, the arrows to the nearest one, a letter to the next control whose name starts with it; Enter or Space uses it; Esc goes back. A key written on a button (N, 1, Esc...) presses it. At the table, Esc with nothing to cancel does what Menu does: back to the title, the game kept. In the clue chooser, the letter on a colour (R, Y, G, B, W, M) or a number chooses that clue, Tab goes to the next teammate, Enter gives the clue, Esc closes. In the rules, 1, 2 and 3 open the pages, Left and Right change the variant, Up, Down, Page Up and Page Down scroll.""")


FIELD_KEYS = N_("""Other screens:
In a text field (a name, the seed, a note) letters are typed; Tab, Up and Down leave it. A note is kept with Enter; Esc leaves it as it was. At the table, Enter closes a tip (Got it). On the hot-seat curtain, Enter or Space lifts it. In a lesson, Enter or Space goes on; at its end Enter plays the short game, N opens the next lesson and Esc goes back to the list. On the results, W watches the game again, R reviews it, P plays again and T goes to the title (after a lesson: N the next lesson, L the list). In your history, Up and Down choose a player, V the variant and P the number of players.""")


TILE_KEYS = N_("""Bonus tiles (5 Flamboyants):
A tile that takes a card from the discard pile: click the card, or ring one with Left and Right and press Enter. A tile that gives a free clue: click a teammate or press C, and choose the clue as usual.""")


LEARNING = N_("""Learning aids:
? or Hint: the move the conventions bot would make in your seat, worked out from what you can see, with its reason; the cards it concerns are ringed. U or Undo: take back your last move and the bots' moves after it. Both are counted in the results. Right-click a card (or N over it): write a note; hanab.live's keywords work: a card like r1 or a list r2, r3 narrows its pips, f finesse, cm chop moved, kt or trash, fix, ? and !. B or Beliefs: each bot's reading of its own cards, on its cards. Settings: warnings before a possible third error, a discard while a teammate's chop holds a critical card, and a double discard; hints and undo in hot seat.""")


REVIEW = N_("""Replays and Review:
Replays (or the results screen) opens a game to step through: arrows, Home and End, or type a turn number and Enter. V shows it face up or through one player's eyes (their own cards only as the clues told them). R or Review works out the best score the deal allowed with every card known, draws the best score still reachable at every turn under the slider, and lists the moves where it dropped; click one (or N) to go there. Each move shows what the conventions bot would have done from that seat's view, and why. B or What if: play on from the turn shown, making every seat's moves yourself, to see what would have happened, with the best score the position still allows; Backspace takes a move back; Esc returns to the real game.""")


NETWORK_KEYS = N_("""Network tables:
On the title, B takes you back to your seat at a table on another computer or a server that your program left (with seats at several tables, it lists them), and T resumes the table this computer was hosting. At a network table, Esc and Menu go to the table's room, and Esc in the room back to the table. Ending a table others sit at, or leaving your seat in a game, is a button in the room that asks first: Enter does it, Esc cancels. Closing the window while others play at your table is asked first, whatever is open over the table.""")


def conventions_text() -> str:
    """The conventions bot's guide as paragraphs that wrap to the page (the source is wrapped for reading)."""
    from hanabi_desktop.bots.conventions_guide import guide_text

    out: list[str] = []
    headings: set[int] = set()  # the lines of `out` that are headings
    for line in guide_text().strip().splitlines():
        text = line.strip()
        if not text:
            out.append("")
        elif text.isupper() or text.startswith("【"):  # a heading (in Japanese: 【...】)
            heading = text.strip("【】").capitalize() + ("：" if text.startswith("【") else ":")
            out += (["", heading] if out and out[-1] else [heading])
            headings.add(len(out) - 1)
        elif out and out[-1] and len(out) - 1 not in headings and not text.startswith(("- ", "* ")) \
                and not text[:2].rstrip(".").isdigit() \
                and not (out[-1].startswith(("- ", "* ")) and out[-1].endswith((".", ";", "。", "；"))):
            out[-1] += " " + text  # the same paragraph (or list item) goes on
        else:
            out.append(text)
    return "\n".join(out)


class RulesScene(MenuScene):
    """Three pages: the rules of a chosen variant, the bots' conventions, the controls."""

    title = N_("Rules")
    PAGES = (N_("Rules"), N_("Conventions"), N_("Controls"))

    def __init__(self, app, variant: Variant | None = None) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        keys = list(PRESETS)
        self.variant_index = 0
        self.variant_override = variant
        if variant is not None:
            for i, k in enumerate(keys):
                if PRESETS[k].suits == variant.suits:
                    self.variant_index = i
        self.page = 0
        self.scroll = 0
        self.lines: list[str] = []

    def text(self) -> str:
        """The text of the page shown now."""
        if self.page == 1:
            return conventions_text()
        if self.page == 2:
            return "\n\n".join(_(text) for text in (CONTROLS, KEYS, FIELD_KEYS, TILE_KEYS, NETWORK_KEYS, LEARNING,
                                                      REVIEW))
        variant = self.variant_override or PRESETS[list(PRESETS)[self.variant_index]]
        return rules_text(variant)

    def build(self, scale: float) -> None:
        w, h = self.size
        bw, bh, gap = self.px(190), self.px(46), self.px(10)
        x0 = (w - (3 * bw + 2 * gap)) // 2
        for i, name in enumerate(self.PAGES):
            self.widgets.add(Button((x0 + i * (bw + gap), self.px(110), bw, bh), _(name),
                                    lambda i=i: self.set_page(i), selected=i == self.page, key=pygame.K_1 + i))
        self.text_rect = pygame.Rect(self.px(80), self.px(176), w - self.px(160), h - self.px(176) - self.px(90))
        if self.page == 0:
            self.widgets.add(Button((self.px(80), h - self.px(74), self.px(60), bh), "<", lambda: self.cycle(-1),
                                    tooltip=_("Previous variant"), key=pygame.K_LEFT, hint=""))
            self.widgets.add(Button((self.px(150), h - self.px(74), self.px(60), bh), ">", lambda: self.cycle(1),
                                    tooltip=_("Next variant"), key=pygame.K_RIGHT, hint=""))
        self.widgets.add(Button((w - self.px(80) - self.px(160), h - self.px(74), self.px(160), bh), _("Back"),
                                self.back, tooltip="Esc", hint="Esc"))
        self.size_px = self.px(19)
        self.lines = wrap_lines(self.text(), self.size_px, self.text_rect.w - self.px(40))
        self.scroll = min(self.scroll, self.max_scroll())

    def set_page(self, page: int) -> None:
        self.page, self.scroll = page, 0
        self.rebuild()

    def cycle(self, step: int) -> None:
        self.variant_override = None
        self.variant_index = (self.variant_index + step) % len(PRESETS)
        self.scroll = 0
        self.rebuild()

    @property
    def line_h(self) -> int:
        return round(self.size_px * 1.35)

    def footer_y(self) -> int:
        """The top of the band at the text panel's bottom where 'scroll for more' is written, under the text."""
        return self.text_rect.bottom - self.px(8) - theme.font(self.px(15)).get_height()

    def visible_lines(self) -> int:
        """How many whole lines of text the panel shows above its footer band."""
        return max(1, (self.footer_y() - self.text_rect.y - self.px(16)) // self.line_h)

    def max_scroll(self) -> int:
        return max(0, len(self.lines) - self.visible_lines())

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Scroll):
            self.scroll = max(0, min(self.max_scroll(), self.scroll - 3 * intent.dy))
            return True
        if isinstance(intent, KeyPress):
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 10, pygame.K_PAGEUP: -10}.get(intent.key)
            if step is not None:
                self.scroll = max(0, min(self.max_scroll(), self.scroll + step))
                return True
        return super().handle(intent)

    def draw_content(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        theme.draw_panel(surface, r, radius=self.px(12))
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-self.px(8), -self.px(8)))
        y = r.y + self.px(16)
        for line in self.lines[self.scroll:self.scroll + self.visible_lines()]:  # whole lines, clear of the footer
            heading = line.endswith((":", "：")) and not line.startswith(" ") and len(line) < 60
            theme.blit_text(surface, line, self.size_px, (r.x + self.px(20), y),
                            theme.ACCENT if heading else theme.TEXT, bold=heading)
            y += self.line_h
        surface.set_clip(clip)
        if self.max_scroll():
            frac = self.scroll / self.max_scroll()
            theme.blit_text(surface, _("scroll for more") if frac < 1 else _("end"), self.px(15),
                            (r.right - self.px(16), self.footer_y()), theme.TEXT_FAINT, anchor="topright")
        if self.page == 0:
            v = self.variant_override or PRESETS[list(PRESETS)[self.variant_index]]
            theme.blit_text(surface, _(v.name), self.px(20), (self.px(226), self.size[1] - self.px(51)), theme.TEXT,
                            anchor="midleft", bold=True)
