"""Small, generic widgets shared by every scene: Button, Toggle, Slider, TextInput, Label, ListView.

Each widget has a ``rect`` (set it again on resize), ``handle(intent) -> bool`` (True if it used the intent),
``update(dt)`` and ``draw(surface)``. Callbacks are plain callables. `WidgetGroup` (ui.widgets.group)
dispatches to many and holds the keyboard focus::

    group = WidgetGroup([
        Button(pygame.Rect(20, 20, 160, 44), "Play", on_click=start, primary=True),
        Toggle(pygame.Rect(20, 80, 300, 36), "Colour-blind symbols", True, on_change=set_symbols),
    ])
    group.handle(intent); group.update(dt); group.draw(surface)

Text size defaults to a fraction of the widget's height, so widgets scale with the layout.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import (
    Command,
    Intent,
    KeyPress,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
    Scroll,
    TextTyped,
)
from hanabi_desktop.ui.widgets import focus
from hanabi_desktop.ui.widgets.wrap import fit_lines, wrapped_text

CARET_ON = 0.55  # of each second, the part a text field's caret is shown


def _activates(intent: Intent) -> bool:
    """Enter or Space: use the focused widget."""
    return (isinstance(intent, Command) and intent.name == "confirm") or (
        isinstance(intent, KeyPress) and intent.key == pygame.K_SPACE)


class Widget:
    """Base class: a rectangle that may be hovered, pressed and drawn."""

    def __init__(self, rect: pygame.Rect | Sequence[int], *, enabled: bool = True, visible: bool = True,
                 tooltip: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = visible
        self.tooltip = tooltip
        self.hovered = False

    focusable = False  # can the keyboard focus reach it (Tab, the arrows, a letter)?

    def contains(self, pos: tuple[int, int]) -> bool:
        """Is `pos` inside the widget (and is it shown)?"""
        return self.visible and self.rect.collidepoint(pos)

    def name(self) -> str:
        """The text a letter key finds the widget by (its label)."""
        return ""

    def handle_key(self, intent: Intent) -> bool:
        """A key while the widget has the keyboard focus (Enter or Space uses it); True if used."""
        return False

    def handle(self, intent: Intent) -> bool:
        """React to an input intent; the base class only tracks hovering."""
        if isinstance(intent, PointerMove):
            self.hovered = self.contains(intent.pos)
        elif isinstance(intent, PointerLeft):
            self.hovered = False
        return False

    def update(self, dt: float) -> None:
        """Advance animations by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the widget."""

    def animating(self) -> bool:
        """Is the widget moving (every frame must be drawn)?"""
        return False

    def look(self) -> Hashable:
        """What the widget shows that changes with time alone (see `Scene.look`)."""
        return None

    def wake_after(self) -> float | None:
        """Seconds until the widget's look changes by itself (None: never)."""
        return None

    def overflow(self) -> list[str]:
        """The texts of the widget that do not fit their place in it (none for the base class)."""
        return []


def _font_px(rect: pygame.Rect, ratio: float = 0.42) -> int:
    return max(11, round(rect.h * ratio))


def button_width(text: str, height: int, key: int | None = None) -> int:
    """The width a `Button` of `height` needs to show `text` at its full size, centred, with `key`'s cap at its
    right end (see `Button.draw_label`)."""
    want = _font_px(pygame.Rect(0, 0, 1, height))
    width = theme.font_for(text, want, bold=True).size(text)[0] + 12
    return width + (2 * (focus.hint_width(focus.key_label(key), max(10, round(want * 0.72))) + 10) if key is not None else 0)


class Label(Widget):
    """Static text in `rect`, aligned 'left', 'center' or 'right'; wraps to the rect width if `wrap`."""

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str, *, size: int | None = None,
                 colour: theme.Colour = theme.TEXT, bold: bool = False, align: str = "left",
                 wrap: bool = False, display: bool = False) -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.colour = colour
        self.bold = bold
        self.align = align
        self.wrap = wrap
        self.display = display

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        size = self.size or _font_px(self.rect, 0.6)
        surf = self.rendered(size)
        anchor = {"left": "midleft", "center": "center", "right": "midright"}[self.align]
        if self.wrap:
            anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[self.align]
        target = getattr(self.rect, anchor)
        surface.blit(surf, surf.get_rect(**{anchor: target}))

    def rendered(self, size: int) -> pygame.Surface:
        """The label's text at `size`: one line, or wrapped to the rect's width."""
        if self.wrap:
            return wrapped_text(self.text, size, self.colour, self.rect.w, self.bold, self.display)
        return theme.text(self.text, size, self.colour, self.bold, self.display)

    def overflow(self) -> list[str]:
        if not self.visible or not self.text:
            return []
        surf = self.rendered(self.size or _font_px(self.rect, 0.6))
        if surf.get_width() > self.rect.w or (self.wrap and surf.get_height() > self.rect.h):
            return [f"label {self.text!r}: {surf.get_size()} in {self.rect.size}"]
        return []


class Button(Widget):
    """A push button: `on_click()` runs when the left button is pressed and released over it.

    `primary=True` draws it in the accent colour (one per screen: the main action). `key` is an optional
    pygame key code that also clicks it, shown as a key cap at the button's right end where it fits (`hint`
    replaces the cap's text; scenes with keys of their own pass the key's name as `hint` alone).
    """

    focusable = True

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str, on_click: Callable[[], None] | None = None,
                 *, primary: bool = False, enabled: bool = True, size: int | None = None,
                 key: int | None = None, tooltip: str = "", selected: bool = False, hint: str | None = None) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.key = key
        self.pressed = False
        self.selected = selected  # drawn as chosen (for a row of mutually exclusive buttons)
        # the key cap drawn at the button's right end where it fits: `key`'s name unless given ('' for none)
        self.hint = hint if hint is not None else (focus.key_label(key) if key is not None else "")

    def name(self) -> str:
        return self.text

    def handle_key(self, intent: Intent) -> bool:
        if _activates(intent):
            self.click()
            return True
        return False

    def click(self) -> None:
        """Run the callback (as if clicked), if enabled."""
        if self.enabled and self.visible and self.on_click is not None:
            self.on_click()

    def handle(self, intent: Intent) -> bool:
        super().handle(intent)
        if not self.visible or not self.enabled:
            return False
        if isinstance(intent, PointerDown) and intent.button == 1 and self.contains(intent.pos):
            self.pressed = True
            return True
        if isinstance(intent, PointerUp) and intent.button == 1 and self.pressed:
            self.pressed = False
            if self.contains(intent.pos):
                self.click()
            return True
        if isinstance(intent, KeyPress) and self.key is not None and intent.key == self.key:
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.h // 4)
        if not self.enabled:
            fill, ink = theme.DISABLED, theme.TEXT_FAINT
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if self.hovered else theme.BUTTON_PRIMARY
            ink = (30, 20, 6)
        elif self.selected:
            fill, ink = theme.ACCENT, (30, 20, 6)
        else:
            fill = theme.BUTTON_HOVER if self.hovered else theme.BUTTON
            ink = theme.TEXT
        if self.pressed:
            fill = theme.lerp_colour(fill, (0, 0, 0), 0.25)
        body = r.move(0, 1) if self.pressed else r
        if self.enabled:
            theme.draw_shadow(surface, r, radius, blur=max(3, r.h // 6), offset=(0, 2))
        pygame.draw.rect(surface, fill, body, border_radius=radius)
        top = theme.lerp_colour(fill, (255, 255, 255), 0.18)
        pygame.draw.rect(surface, top, body, width=1, border_radius=radius)
        self.draw_label(surface, body, ink)

    def draw_label(self, surface: pygame.Surface, body: pygame.Rect, ink: theme.Colour) -> None:
        """The button's text centred in `body`: smaller if need be, on two lines if one cannot hold it; the key
        hint at the right end when the text leaves room for it."""
        want = self.size or _font_px(body)
        if self.hint:
            cap_size = max(10, round(want * 0.72))
            cap_w = focus.hint_width(self.hint, cap_size)
            width = theme.font_for(self.text, want, bold=True).size(self.text)[0]
            if width + 2 * (cap_w + 10) <= body.w - 8:  # the text stays centred on the whole button
                focus.draw_key_hint(surface, self.hint, body.right - 8, body.centery, cap_size,
                                    theme.lerp_colour(ink, theme.BUTTON, 0.3))
            else:  # centred in what the cap leaves, a little smaller if need be: a cap dropped is a key unsaid
                room = body.w - 26 - cap_w
                beside = theme.fit_size(self.text, want, room, bold=True)
                if theme.font_for(self.text, beside, bold=True).size(self.text)[0] <= room:
                    cap = focus.draw_key_hint(surface, self.hint, body.right - 6, body.centery, cap_size,
                                              theme.lerp_colour(ink, theme.BUTTON, 0.3))
                    body, want = pygame.Rect(body.x, body.y, cap.x - 4 - body.x, body.h), beside
                else:
                    theme.overflowed(f"the key cap {self.hint!r} of {self.text!r} has no room ({body.w} px)")
        if theme.font_for(self.text, want, bold=True).size(self.text)[0] <= body.w - 8 or " " not in self.text.strip():
            size = theme.fit_size(self.text, want, body.w - 8, bold=True)
            label = theme.fit_text(self.text, size, body.w - 8, bold=True)
            theme.blit_text(surface, label, size, body.center, ink, bold=True, anchor="center")
            return
        lines, size, step = fit_lines(self.text, want, body.w - 8, body.h - 2, bold=True)
        y = body.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, size, (body.centerx, y + i * step), ink, bold=True, anchor="center")


class Toggle(Widget):
    """An on/off switch with a label on the left: `on_change(value)` runs when clicked."""

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: bool = False,
                 on_change: Callable[[bool], None] | None = None, *, enabled: bool = True,
                 size: int | None = None) -> None:
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size = size
        self._knob = 1.0 if value else 0.0  # animated knob position 0..1

    focusable = True

    def name(self) -> str:
        return self.label

    def handle_key(self, intent: Intent) -> bool:
        if _activates(intent) and self.enabled:
            self.set(not self.value)
            return True
        return False

    def set(self, value: bool) -> None:
        """Change the value and run the callback."""
        self.value = value
        if self.on_change is not None:
            self.on_change(value)

    def handle(self, intent: Intent) -> bool:
        super().handle(intent)
        if self.enabled and isinstance(intent, PointerUp) and intent.button == 1 and self.contains(intent.pos):
            self.set(not self.value)
            return True
        return isinstance(intent, PointerDown) and self.enabled and self.contains(intent.pos)

    def update(self, dt: float) -> None:
        target = 1.0 if self.value else 0.0
        step = dt * 8
        self._knob = min(target, self._knob + step) if self._knob < target else max(target, self._knob - step)

    def animating(self) -> bool:
        return self._knob != (1.0 if self.value else 0.0)

    def font_size(self) -> int:
        """The size of the label's text (the one asked for, else a share of the row's height)."""
        return self.size or _font_px(self.rect, 0.45)

    def label_lines(self) -> tuple[list[str], int, int]:
        """The label as drawn: one line, else two of a slightly smaller text (lines, size, line step)."""
        room = self.switch_rect().x - self.rect.x - 8
        size = self.font_size()
        if theme.font_for(self.label, size).size(self.label)[0] <= room:
            return [self.label], size, 0
        with theme.collect_overflows():  # measured here; `overflow` says whether it fits
            return fit_lines(self.label, size, room, self.rect.h + 4)

    def overflow(self) -> list[str]:
        room = self.switch_rect().x - self.rect.x - 8
        lines, size, _step = self.label_lines()
        width = max(theme.font_for(line, size).size(line)[0] for line in lines)
        cut = any(line.endswith("…") for line in lines) and not self.label.endswith("…")
        return [f"toggle {self.label!r}: {width} px, room {room}"] if self.visible and (width > room or cut) else []

    def switch_rect(self) -> pygame.Rect:
        """Where the switch itself is drawn (right end of the rect)."""
        h = max(14, round(self.rect.h * 0.62))
        w = round(h * 1.8)
        return pygame.Rect(self.rect.right - w, self.rect.centery - h // 2, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        ink = theme.TEXT if self.enabled else theme.TEXT_FAINT
        lines, size, step = self.label_lines()
        y = self.rect.centery - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, size, (self.rect.x, y + i * step), ink, anchor="midleft")
        sw = self.switch_rect()
        track = theme.lerp_colour(theme.BUTTON, theme.GOOD, self._knob) if self.enabled else theme.DISABLED
        if self.hovered and self.enabled:
            track = theme.lerp_colour(track, (255, 255, 255), 0.12)
        pygame.draw.rect(surface, track, sw, border_radius=sw.h // 2)
        r = sw.h // 2 - 3
        cx = sw.x + sw.h // 2 + round((sw.w - sw.h) * self._knob)
        pygame.draw.circle(surface, (0, 0, 0), (cx, sw.centery + 1), r + 1)
        pygame.draw.circle(surface, theme.TEXT, (cx, sw.centery), r)


class Slider(Widget):
    """A horizontal slider from `lo` to `hi` in steps of `step`; label on the left, value on the right.

    `on_change(value)` runs while dragging; `fmt` turns the value into the text shown.
    """

    def __init__(self, rect: pygame.Rect | Sequence[int], label: str, value: float, lo: float = 0.0,
                 hi: float = 1.0, step: float = 0.0, on_change: Callable[[float], None] | None = None, *,
                 fmt: Callable[[float], str] = lambda v: f"{v:.0%}", enabled: bool = True,
                 size: int | None = None) -> None:
        super().__init__(rect, enabled=enabled)
        self.label = label
        self.lo, self.hi, self.step = lo, hi, step
        self.value = self._clean(value)
        self.on_change = on_change
        self.fmt = fmt
        self.size = size
        self.dragging = False

    focusable = True

    def name(self) -> str:
        return self.label

    def handle_key(self, intent: Intent) -> bool:
        if not isinstance(intent, KeyPress) or not self.enabled:
            return False
        step = self.step or (self.hi - self.lo) / 20
        target = {pygame.K_LEFT: self.value - step, pygame.K_RIGHT: self.value + step, pygame.K_HOME: self.lo,
                  pygame.K_END: self.hi}.get(intent.key)
        if target is None:
            return False
        value = self._clean(target)
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)
        return True

    def _clean(self, v: float) -> float:
        v = max(self.lo, min(self.hi, v))
        if self.step:
            v = self.lo + round((v - self.lo) / self.step) * self.step
            v = max(self.lo, min(self.hi, v))
        return v

    def track_rect(self) -> pygame.Rect:
        """The slider's track (the middle part of the rect)."""
        label_w = round(self.rect.w * 0.42)
        value_w = round(self.rect.w * 0.14)
        return pygame.Rect(self.rect.x + label_w, self.rect.centery - 3, self.rect.w - label_w - value_w, 6)

    def overflow(self) -> list[str]:
        if not self.visible:
            return []
        f = theme.font(self.size or _font_px(self.rect, 0.45))
        t = self.track_rect()
        out = []
        if f.size(self.label)[0] > t.x - self.rect.x - 8:
            out.append(f"slider {self.label!r}: {f.size(self.label)[0]} px, room {t.x - self.rect.x - 8}")
        value = self.fmt(self.value)
        if f.size(value)[0] > self.rect.right - t.right - 12:
            out.append(f"slider value {value!r}: {f.size(value)[0]} px, room {self.rect.right - t.right - 12}")
        return out

    def set_from_x(self, x: int) -> None:
        """Set the value from a pointer x position on the track."""
        t = self.track_rect()
        frac = (x - t.x) / max(1, t.w)
        value = self._clean(self.lo + frac * (self.hi - self.lo))
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle(self, intent: Intent) -> bool:
        super().handle(intent)
        if not self.enabled:
            return False
        if isinstance(intent, PointerDown) and intent.button == 1:
            grab = self.track_rect().inflate(16, max(24, self.rect.h - 6))
            if grab.collidepoint(intent.pos):
                self.dragging = True
                self.set_from_x(intent.pos[0])
                return True
        elif isinstance(intent, PointerMove) and self.dragging:
            self.set_from_x(intent.pos[0])
            return True
        elif isinstance(intent, PointerUp) and self.dragging:
            self.dragging = False
            self.set_from_x(intent.pos[0])
            return True
        elif isinstance(intent, Scroll) and self.contains(intent.pos):
            step = self.step or (self.hi - self.lo) / 20
            value = self._clean(self.value + step * intent.dy)
            if value != self.value:
                self.value = value
                if self.on_change is not None:
                    self.on_change(value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        size = self.size or _font_px(self.rect, 0.45)
        ink = theme.TEXT if self.enabled else theme.TEXT_FAINT
        theme.blit_text(surface, self.label, size, (self.rect.x, self.rect.centery), ink, anchor="midleft")
        t = self.track_rect()
        pygame.draw.rect(surface, theme.BUTTON, t, border_radius=3)
        frac = (self.value - self.lo) / ((self.hi - self.lo) or 1)
        filled = t.copy()
        filled.w = round(t.w * frac)
        pygame.draw.rect(surface, theme.ACCENT if self.enabled else theme.DISABLED, filled, border_radius=3)
        knob = (t.x + filled.w, t.centery)
        r = max(7, self.rect.h // 4)
        pygame.draw.circle(surface, (0, 0, 0), (knob[0], knob[1] + 1), r + 1)
        pygame.draw.circle(surface, theme.TEXT if (self.hovered or self.dragging) else (215, 210, 200), knob, r)
        theme.blit_text(surface, self.fmt(self.value), size, (self.rect.right, self.rect.centery), ink,
                        anchor="midright")


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace deletes, Enter runs `on_submit(text)`.

    Ctrl+A selects the whole text: what is typed next replaces it, Backspace or Delete clears it.

    `on_change(text)` runs after every edit. `max_length` limits the length; `placeholder` shows when empty.
    """

    def __init__(self, rect: pygame.Rect | Sequence[int], text: str = "", *, placeholder: str = "",
                 max_length: int = 24, on_submit: Callable[[str], None] | None = None,
                 on_change: Callable[[str], None] | None = None, size: int | None = None,
                 focused: bool = False) -> None:
        super().__init__(rect)
        self.text = text
        self.placeholder = placeholder
        self.max_length = max_length
        self.on_submit = on_submit
        self.on_change = on_change
        self.size = size
        self.focused = focused
        self.all_selected = False
        self._blink = 0.0

    focusable = True  # found by Tab and the arrows; not by a letter, which may be the start of a name to type

    def _edited(self) -> None:
        self._blink = 0.0
        if self.on_change is not None:
            self.on_change(self.text)

    def handle(self, intent: Intent) -> bool:
        super().handle(intent)
        if isinstance(intent, PointerDown) and intent.button == 1:
            self.focused = self.contains(intent.pos)
            self.all_selected = False
            return self.focused
        if not self.focused:
            return False
        if isinstance(intent, TextTyped):
            if self.all_selected:
                self.text, self.all_selected = "", False
            room = self.max_length - len(self.text)
            if room > 0:
                self.text += "".join(ch for ch in intent.text if ch.isprintable())[:room]
                self._edited()
            return True
        if isinstance(intent, KeyPress):
            if intent.key == pygame.K_a and intent.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.all_selected = bool(self.text)
                return True
            if self.all_selected and intent.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.text, self.all_selected = "", False
                self._edited()
                return True
            if intent.key not in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT):
                self.all_selected = False
            if intent.key == pygame.K_BACKSPACE:
                if self.text:
                    self.text = self.text[:-1]
                    self._edited()
                return True
            return bool(intent.text)  # swallow printable keys: TextTyped delivers them
        if isinstance(intent, Command) and intent.name == "confirm":
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        if isinstance(intent, Command) and intent.name == "back":
            self.focused = False
            return True
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def look(self) -> Hashable:
        return self.focused and self._blink < CARET_ON  # the caret blinks while the field has the focus

    def wake_after(self) -> float | None:
        if not self.focused:
            return None
        return (CARET_ON if self._blink < CARET_ON else 1.0) - self._blink

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.h // 5)
        pygame.draw.rect(surface, (14, 24, 28), r, border_radius=radius)
        border = theme.ACCENT if self.focused else (theme.BUTTON_HOVER if self.hovered else theme.PANEL_BORDER)
        pygame.draw.rect(surface, border, r, width=2 if self.focused else 1, border_radius=radius)
        size = self.size or _font_px(r, 0.45)
        pad = max(6, r.h // 4)
        shown = self.text or self.placeholder
        ink = theme.TEXT if self.text else theme.TEXT_FAINT
        surf = theme.text(shown, size, ink)
        clip = surface.get_clip()
        inner = r.inflate(-pad * 2, 0)
        surface.set_clip(inner.clip(clip) if clip else inner)
        x = inner.x
        if self.text and surf.get_width() > inner.w:  # keep the end (where the caret is) in view
            x = inner.right - surf.get_width() - 2
        if self.all_selected and self.text:
            sel = surf.get_rect(midleft=(x, r.centery)).inflate(4, 2)
            pygame.draw.rect(surface, theme.CLUE_DARK, sel, border_radius=3)
        surface.blit(surf, surf.get_rect(midleft=(x, r.centery)))
        if self.focused and self._blink < CARET_ON:
            cx = x + (theme.font(size).size(self.text)[0] if self.text else 0) + 1
            pygame.draw.line(surface, theme.TEXT, (cx, r.centery - size // 2), (cx, r.centery + size // 2), 2)
        surface.set_clip(clip)


class ListView(Widget):
    """A scrolling list of text rows. Click selects (`on_select(index)`); clicking the selected row again, or
    Enter, activates it (`on_activate(index)`). The wheel scrolls."""

    def __init__(self, rect: pygame.Rect | Sequence[int], items: Sequence[str] = (), *, selected: int | None = None,
                 on_select: Callable[[int], None] | None = None, on_activate: Callable[[int], None] | None = None,
                 row_height: int | None = None, size: int | None = None) -> None:
        super().__init__(rect)
        self.items = list(items)
        self.selected = selected
        self.on_select = on_select
        self.on_activate = on_activate
        self.row_height = row_height
        self.size = size
        self.scroll = 0  # first visible row
        self.hover_index: int | None = None

    focusable = True

    def handle_key(self, intent: Intent) -> bool:
        if not self.items:
            return False
        if isinstance(intent, Command) and intent.name == "confirm" and self.selected is not None:
            if self.on_activate is not None:
                self.on_activate(self.selected)
                return True
            return False
        if not isinstance(intent, KeyPress):
            return False
        last = len(self.items) - 1
        cur = -1 if self.selected is None else self.selected
        target = {pygame.K_DOWN: cur + 1, pygame.K_UP: cur - 1, pygame.K_HOME: 0, pygame.K_END: last,
                  pygame.K_PAGEDOWN: cur + self.rows_visible, pygame.K_PAGEUP: cur - self.rows_visible}.get(intent.key)
        if target is None and intent.text.strip() and intent.text.isprintable():  # the next row starting with it
            order = [(cur + k) % len(self.items) for k in range(1, len(self.items) + 1)]
            target = next((i for i in order if focus.starts_with(self.items[i], intent.text)), None)
            if target is None:
                return False
        if target is None:
            return False
        target = max(0, min(last, target))
        if target != self.selected:
            self.select(target)
        return True

    @property
    def row_h(self) -> int:
        """Height of one row in pixels."""
        return self.row_height or max(22, round(self.rect.h / 10))

    def font_size(self) -> int:
        """The size of the rows' text (the one asked for, else half a row's height)."""
        return self.size or max(12, round(self.row_h * 0.5))

    @property
    def rows_visible(self) -> int:
        """How many rows fit."""
        return max(1, self.rect.h // self.row_h)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The item under `pos`, or None."""
        if not self.contains(pos):
            return None
        i = self.scroll + (pos[1] - self.rect.y) // self.row_h
        return i if 0 <= i < len(self.items) else None

    def select(self, index: int) -> None:
        """Select `index` (scrolling it into view) and run `on_select`."""
        self.selected = index
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + self.rows_visible:
            self.scroll = index - self.rows_visible + 1
        if self.on_select is not None:
            self.on_select(index)

    def handle(self, intent: Intent) -> bool:
        super().handle(intent)
        if isinstance(intent, PointerMove):
            self.hover_index = self.index_at(intent.pos)
            return False
        if isinstance(intent, Scroll) and self.contains(intent.pos):
            top = max(0, len(self.items) - self.rows_visible)
            self.scroll = max(0, min(top, self.scroll - intent.dy))
            return True
        if isinstance(intent, PointerUp) and intent.button == 1:
            i = self.index_at(intent.pos)
            if i is None:
                return False
            if i == self.selected and self.on_activate is not None:
                self.on_activate(i)
            else:
                self.select(i)
            return True
        if isinstance(intent, PointerDown) and intent.button == 1:
            return self.index_at(intent.pos) is not None
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, radius=8, shadow=False)
        size = self.font_size()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for row in range(self.rows_visible + 1):
            i = self.scroll + row
            if i >= len(self.items):
                break
            r = pygame.Rect(self.rect.x, self.rect.y + row * self.row_h, self.rect.w, self.row_h)
            if i == self.selected:
                pygame.draw.rect(surface, theme.ACCENT_DARK, r.inflate(-4, -2), border_radius=5)
            elif i == self.hover_index:
                pygame.draw.rect(surface, theme.BUTTON, r.inflate(-4, -2), border_radius=5)
            fs = theme.fit_size(self.items[i], size, r.w - 20)  # a long name a little smaller before cut
            label = theme.fit_text(self.items[i], fs, r.w - 20)
            theme.blit_text(surface, label, fs, (r.x + 10, r.centery), theme.TEXT, anchor="midleft")
        surface.set_clip(clip)
        if len(self.items) > self.rows_visible:  # scroll bar
            frac = self.rows_visible / len(self.items)
            h = max(16, round(self.rect.h * frac))
            y = self.rect.y + round((self.rect.h - h) * self.scroll / max(1, len(self.items) - self.rows_visible))
            pygame.draw.rect(surface, theme.PANEL_BORDER, (self.rect.right - 6, y, 4, h), border_radius=2)
