"""Raw pygame events become intents here, and only here.

Scenes and widgets never look at pygame events: they receive the small frozen values below. Pointer intents
carry the position from the event itself (``event.pos``), never ``pygame.mouse.get_pos()``, so synthetic
events in tests behave exactly like real ones.

Keys with a meaning everywhere become a `Command` ('back', 'confirm', 'next', 'prev', 'fullscreen');
other keys arrive as `KeyPress`, typed text as `TextTyped`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True, slots=True)
class PointerDown:
    """A mouse button (1 left, 2 middle, 3 right) went down at `pos`."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True, slots=True)
class PointerUp:
    """A mouse button was released at `pos`."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True, slots=True)
class PointerMove:
    """The pointer moved to `pos`; `held` is True while the left button is down (a drag)."""

    pos: tuple[int, int]
    held: bool = False


@dataclass(frozen=True, slots=True)
class Scroll:
    """The wheel turned at `pos`: `dy` > 0 scrolls up (towards older content)."""

    pos: tuple[int, int]
    dy: int


@dataclass(frozen=True, slots=True)
class KeyPress:
    """A key without a global meaning: `key` is a pygame key code, `text` what it types ('' if nothing)."""

    key: int
    mod: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class TextTyped:
    """Text typed (after the keyboard layout and input method): feed it to the focused text field."""

    text: str


@dataclass(frozen=True, slots=True)
class Command:
    """A key with a fixed meaning: 'back' (Esc), 'confirm' (Enter), 'next' / 'prev' (Tab / Shift+Tab),
    'fullscreen' (F11)."""

    name: str


@dataclass(frozen=True, slots=True)
class Resized:
    """The window is now `size` pixels."""

    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class QuitRequested:
    """The window's close button was pressed."""


@dataclass(frozen=True, slots=True)
class PointerLeft:
    """The pointer left the window (clear hover states)."""


Intent = (
    PointerDown | PointerUp | PointerMove | Scroll | KeyPress | TextTyped | Command | Resized | QuitRequested
    | PointerLeft
)

_COMMAND_KEYS = {
    pygame.K_ESCAPE: "back",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_F11: "fullscreen",
}


class IntentReader:
    """Turns pygame events into intents. Keeps the last pointer position (wheel events carry none)."""

    def __init__(self) -> None:
        self.pointer: tuple[int, int] = (-1, -1)
        self.held = False

    def translate(self, event: pygame.event.Event) -> Intent | None:
        """The intent of one pygame event, or None if it means nothing to the game."""
        t = event.type
        if t == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # legacy wheel buttons: MOUSEWHEEL reports them too
                return None
            self.pointer = tuple(event.pos)
            if event.button == 1:
                self.held = True
            return PointerDown(self.pointer, event.button)
        if t == pygame.MOUSEBUTTONUP:
            if event.button in (4, 5):
                return None
            self.pointer = tuple(event.pos)
            if event.button == 1:
                self.held = False
            return PointerUp(self.pointer, event.button)
        if t == pygame.MOUSEMOTION:
            self.pointer = tuple(event.pos)
            buttons = getattr(event, "buttons", (0, 0, 0))
            return PointerMove(self.pointer, bool(buttons and buttons[0]) or self.held)
        if t == pygame.MOUSEWHEEL:
            return Scroll(self.pointer, int(getattr(event, "y", 0)))
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                return Command("prev" if event.mod & pygame.KMOD_SHIFT else "next")
            name = _COMMAND_KEYS.get(event.key)
            if name is not None:
                return Command(name)
            return KeyPress(event.key, getattr(event, "mod", 0), getattr(event, "unicode", "") or "")
        if t == pygame.TEXTINPUT:
            return TextTyped(event.text)
        if t == pygame.WINDOWSIZECHANGED:
            return Resized((int(event.x), int(event.y)))
        if t == pygame.VIDEORESIZE:
            return Resized(tuple(event.size))
        if t == pygame.QUIT:
            return QuitRequested()
        if t == pygame.WINDOWLEAVE:
            return PointerLeft()
        return None

