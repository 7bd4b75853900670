"""The table's tips on screen: the first time a player meets a part of the table, a small panel beside it says
what it is; a click on it (or Got it, or Enter) dismisses it for good. F1 shows every tip that applies again.

The table scene owns one `TipLayer` and gives it the intents first; what to say is ui.tableview.tips (pygame-free).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.lessons import learning
from hanabi_desktop.ui.intents import Command, Intent, KeyPress, PointerDown, PointerUp
from hanabi_desktop.ui.tableview.tips import Anchor, TipShown, next_tip, tips_for
from hanabi_desktop.ui.widgets.callout import Callout, draw_callout, draw_highlight, layout_callout

HELP_KEY = pygame.K_F1  # H stays the rules of this game; F1 is the usual key for help on what is on screen


class TipLayer:
    """Which tip the table shows, its panel, and the help key. `enabled` False: no tip appears by itself (a
    lesson's guide already explains the table), though F1 still works."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.again: list[str] | None = None  # F1: the tips still to show again, in order
        self.callout: Callout | None = None
        self.shown: TipShown | None = None

    def current(self, scene) -> TipShown | None:  # noqa: ANN001 - TableScene
        """The tip to show now on `scene`'s table, if any."""
        applying = tips_for(scene.model(), scene.session.variant.final_flourish)
        if self.again is not None:
            keys = [t.key for t in applying]
            while self.again and self.again[0] not in keys:
                self.again.pop(0)
            if not self.again:
                self.again = None
                return None
            return next(t for t in applying if t.key == self.again[0])
        if not self.enabled:
            return None
        return next_tip(applying, learning.current().tips)

    def look(self) -> Hashable:
        return tuple(self.again or ()), len(learning.current().tips), self.enabled

    def handle(self, intent: Intent, scene) -> bool:  # noqa: ANN001 - TableScene
        """F1, Enter (Got it) and clicks on the tip's panel. True if the intent was for the tips."""
        if isinstance(intent, KeyPress) and intent.key == HELP_KEY:
            applying = tips_for(scene.model(), scene.session.variant.final_flourish)
            self.again = [t.key for t in applying] or None
            return True
        if isinstance(intent, Command) and intent.name == "confirm" and self.shown is not None \
                and scene.picked is None:  # Enter takes the discarded card a bonus tile's pick has ringed first
            self.dismiss()
            return True
        c = self.callout
        if c is None or not isinstance(intent, (PointerDown, PointerUp)) or not c.rect.collidepoint(intent.pos):
            return False
        if isinstance(intent, PointerUp) and intent.button == 1 and self.shown is not None:
            self.dismiss()
        return True

    def dismiss(self) -> None:
        """The tip shown is read: remember it (or, going through them all again, go to the next)."""
        tip = self.shown
        if tip is None:
            return
        if self.again is not None:
            self.again = self.again[1:] or None
        learning.current().seen(tip.key)
        self.shown, self.callout = None, None

    def draw(self, surface: pygame.Surface, scene) -> None:  # noqa: ANN001 - TableScene
        """Draw the tip due now beside what it is about (nothing while a card is dragged, nor while the app shows a
        notice: the notices take the log's panel the tips dock in, and a tip waits a few seconds)."""
        self.callout = None
        self.shown = None
        lay = scene.renderer.lay
        if (lay is None or (scene.drag is not None and scene.drag.moved) or scene.app.stack.top is not scene
                or scene.app.notices.visible()):
            return
        tip = self.current(scene)
        if tip is None:
            return
        anchor = anchor_rect(tip.anchor, scene)
        if anchor is None:
            return
        fs = max(12, lay.font - 1)
        more = len(self.again) - 1 if self.again else 0
        note = _("F1 shows these tips again.") if self.again is None else \
            _("{count} more after this one.").format(count=more) if more else ""
        # beside the table, at the top of the log, with a ring on what it is about: the hands, the fireworks and
        # the message line stay clear, so a tip never hides what it explains nor gets in the way of a move
        dock = scene.dock() or lay.log
        self.callout = layout_callout(lay.size, anchor, _(tip.title), _(tip.text), fs, [(_("Got it"), True)],
                                      dock.w, note=note, avoid=[dock], prefer="dock", keys=["Enter"])
        draw_highlight(surface, anchor)
        draw_callout(surface, self.callout, scene.hover)
        self.shown = tip


def anchor_rect(anchor: Anchor, scene) -> pygame.Rect | None:  # noqa: ANN001 - TableScene
    """Where `anchor` is on `scene`'s table now."""
    lay = scene.renderer.lay
    if anchor.what == "card":
        return scene.renderer.rects.get(anchor.index)
    if anchor.what == "hand":
        return scene.renderer.hand_layout(anchor.index, scene.session.players).area
    if anchor.what == "firework" and 0 <= anchor.index < len(lay.fireworks):
        return lay.fireworks[anchor.index]
    return {"status": lay.status, "bonus": lay.bonus, "deck": lay.deck}.get(anchor.what)


__all__ = ["HELP_KEY", "TipLayer", "anchor_rect"]
