"""A page's widgets handled together, and the keyboard focus among them (see `WidgetGroup`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent, KeyPress, PointerDown, PointerLeft, PointerMove
from hanabi_desktop.ui.widgets import focus
from hanabi_desktop.ui.widgets.controls import Button, ListView, TextInput, Widget


class WidgetGroup:
    """Widgets handled together: the last added is on top (it gets input first and is drawn last).

    The group holds the keyboard focus: Tab and Shift+Tab go through the focusable widgets in the order they
    were added, the arrows to the nearest one in that direction (a focused list or slider uses them first), a
    letter to the next one whose label starts with it; Enter or Space uses the focused one. The focus ring is
    drawn from the first such key until the pointer is pressed (a mouse player never sees it)."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.ring = False  # is the focus shown (the keyboard moved it)?

    def add(self, widget: Widget) -> Widget:
        """Add `widget` on top and return it."""
        self.widgets.append(widget)
        return widget

    # -- focus ----------------------------------------------------------------------------------------
    def focusable(self) -> list[Widget]:
        """The widgets the focus can reach now, in order."""
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    def focused(self) -> Widget | None:
        """The widget with the keyboard focus, if it is shown."""
        return self.focus if self.ring and self.focus in self.focusable() else None

    def set_focus(self, widget: Widget | None, ring: bool = True) -> None:
        """Give `widget` the keyboard focus (a text field then takes typing)."""
        for w in self.widgets:
            if isinstance(w, TextInput):
                w.focused = w is widget
        self.focus, self.ring = widget, ring and widget is not None

    def default(self) -> Widget | None:
        """Where the focus starts: the page's list, else its main button, else the first widget."""
        items = self.focusable()
        lists = [w for w in items if isinstance(w, ListView)]
        primary = [w for w in items if isinstance(w, Button) and w.primary]
        return (lists or primary or items or [None])[0]

    def focus_index(self) -> int | None:
        """The place of the focused widget among `focusable()` (to restore it after a page is laid out again)."""
        items = self.focusable()
        return items.index(self.focus) if self.ring and self.focus in items else None

    def restore_focus(self, index: int | None) -> None:
        """Focus the widget at `index` of `focusable()` (clamped), as `focus_index` said before a rebuild."""
        items = self.focusable()
        if index is not None and items:
            self.set_focus(items[min(index, len(items) - 1)])

    def _navigate(self, intent: Intent) -> bool:
        """Tab, an arrow or a letter moving the focus; True if it did."""
        items = self.focusable()
        if not items:
            return False
        current = self.focused()
        here = items.index(current) if current is not None else None
        if isinstance(intent, Command) and intent.name in ("next", "prev"):
            if here is None and self.focus is None:
                self.set_focus(self.default() if intent.name == "next" else items[-1])
            else:
                start = here if here is not None else (items.index(self.focus) if self.focus in items else None)
                self.set_focus(items[focus.step(len(items), start, 1 if intent.name == "next" else -1)])
            return True
        if not isinstance(intent, KeyPress):
            return False
        if intent.key in focus.ARROWS:
            if here is None:
                target = self.default()
                self.set_focus(target)
                if isinstance(target, ListView):
                    target.handle_key(intent)
                return True
            i = focus.towards([w.rect for w in items], here, focus.ARROWS[intent.key])
            if i is not None:
                self.set_focus(items[i])
            return True
        letter = intent.text
        if letter.strip() and letter.isprintable() and not intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            order = [items[(k if here is None else here + k) % len(items)] for k in range(0 if here is None else 1,
                                                                                      len(items) + (0 if here is None else 1))]
            found = next((w for w in order if focus.starts_with(w.name(), letter)), None)
            if found is not None:
                self.set_focus(found)
                return True
        return False

    def handle(self, intent: Intent) -> bool:
        """Offer `intent` to the focused widget, then to every widget topmost first (hover updates reach all
        of them); Tab moves the focus (see `navigate` for the arrows and letters)."""
        if isinstance(intent, PointerDown):
            hit = next((w for w in reversed(self.focusable()) if w.contains(intent.pos)), None)
            self.focus, self.ring = hit, False
        current = self.focused()
        typing = isinstance(current, TextInput) or any(isinstance(w, TextInput) and w.focused for w in self.widgets)
        if current is not None and not isinstance(current, TextInput) and current.handle_key(intent):
            return True
        if typing and isinstance(intent, Command) and intent.name in ("next", "prev"):
            return self._navigate(intent)  # Tab leaves a text field for the next widget
        used = False
        for w in reversed(self.widgets):
            if isinstance(intent, (PointerMove, PointerLeft)):
                used = w.handle(intent) or used
            elif not used and w.handle(intent):
                used = True
                if isinstance(intent, KeyPress) and isinstance(w, Button) and w in self.focusable():
                    self.focus, self.ring = w, True  # pressed by its key: the ring is there when the page comes back
        if used:
            if isinstance(intent, PointerDown):  # a text field clicked takes the focus's place
                field = next((w for w in self.widgets if isinstance(w, TextInput) and w.focused), None)
                if field is not None:
                    self.focus = field
            return True
        if isinstance(intent, Command) and intent.name in ("next", "prev"):
            return self._navigate(intent)
        return False

    def navigate(self, intent: Intent) -> bool:
        """An arrow or a letter that nothing else used moves the focus (a page calls this after its own keys:
        the replay viewer's arrows step through the game instead). In a text field a letter is typed, but Up
        and Down leave it: a field of one line has no use for them, and a keyboard player must get out."""
        field = next((w for w in self.widgets if isinstance(w, TextInput) and w.focused), None)
        if field is not None:
            if not (isinstance(intent, KeyPress) and intent.key in (pygame.K_UP, pygame.K_DOWN)):
                return False
            if field in self.focusable():
                self.set_focus(field)  # a field clicked into: the arrow starts from it, not from the page's default
        return self._navigate(intent)

    def update(self, dt: float) -> None:
        """Update every widget."""
        for w in self.widgets:
            w.update(dt)

    def animating(self) -> bool:
        """Is any widget moving?"""
        return any(w.animating() for w in self.widgets)

    def look(self) -> Hashable:
        """The widgets' looks that change with time alone."""
        return tuple(w.look() for w in self.widgets)

    def wake_after(self) -> float | None:
        """The soonest a widget changes by itself."""
        waits = [t for w in self.widgets if (t := w.wake_after()) is not None]
        return min(waits) if waits else None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget, bottom first (reporting any text that does not fit, while that is collected),
        then the focus ring."""
        for w in self.widgets:
            w.draw(surface)
            if theme.collecting():
                for what in w.overflow():
                    theme.overflowed(what)
        shown = self.focused()
        if shown is not None:
            focus.draw_ring(surface, shown.rect)

    def hovered_tooltip(self) -> str:
        """The tooltip of the hovered widget, if any."""
        for w in reversed(self.widgets):
            if w.hovered and w.visible and w.tooltip:
                return w.tooltip
        return ""
