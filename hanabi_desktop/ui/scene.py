"""Scenes and the scene stack (the Tuxemon pattern).

A `Scene` is one screen or overlay. The `SceneStack` holds them; only the top scene receives input, and
drawing starts from the highest opaque scene so that a `transparent` scene (dialog, chooser) is drawn over
the ones below it. Every scene gets ``update(dt)`` while it is on top; scenes below it are paused.

Scenes are built with the app context (see `AppContext`: settings, notices, sound, the stack)::

    class Hello(Scene):
        def draw(self, surface):
            surface.fill(theme.FELT)

    app.stack.push(Hello(app))
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from hanabi_desktop.storage import Settings
    from hanabi_desktop.ui.intents import Intent


class AppContext(Protocol):
    """What a scene may use of the app (`hanabi_desktop.ui.app.App` implements it; tests may fake it)."""

    stack: SceneStack
    size: tuple[int, int]  # current window size in pixels
    settings: Settings  # the player's settings (storage.Settings)
    fullscreen: bool
    sound: Any  # ui.art.sound.SoundBoard
    notices: Any  # hanabi_desktop.program.notices.Notices: messages shown over every screen

    def quit(self) -> None:
        """Ask the app to close after this frame."""

    def toggle_fullscreen(self) -> None:
        """Switch between windowed and full screen."""

    def set_language(self, language: str) -> None:
        """Play in `language` (an i18n.LANGUAGES code) from now on; every scene is laid out again."""


@dataclass(frozen=True)
class NoticeRoom:
    """Where a screen lets the app's notices go: inside `rect`, stacked from its top edge (`from_bottom`: up from
    its bottom edge, the newest lowest either way)."""

    rect: pygame.Rect
    from_bottom: bool = False

    def __str__(self) -> str:
        r = self.rect
        return f"notices in {r.w}x{r.h}+{r.x}+{r.y} from the {'bottom' if self.from_bottom else 'top'}"


class Scene:
    """Base class of every screen. Override the hooks you need; all default to doing nothing.

    - ``enter()``: pushed onto the stack (after ``resize`` has been called with the window size)
    - ``exit()``: popped or replaced
    - ``pause()`` / ``resume()``: another scene was pushed over this one / the scene above was popped
    - ``handle(intent) -> bool``: an input intent (only the top scene gets them); return True if used
    - ``update(dt)``: advance by ``dt`` seconds (only the top scene, and any scene with ``always_update``)
    - ``draw(surface)``: paint the whole scene (or, if ``transparent``, only what it adds)
    - ``resize(size)``: the window size changed; recompute layout here
    - ``may_close() -> bool``: the window is being closed; False keeps it open (the scene said why). Every scene
      on the stack is asked, not only the top one: a dialog over a network table must not let the window close
      without the table's question

    The app draws only when the picture can have changed (issue: a card game mostly waits for a person), so a
    scene also says what makes it change without input:

    - ``animating()``: True while something moves (draw every frame until it stops)
    - ``look()``: a cheap value of the state, other than input, that the picture shows (a new log entry, a
      message that expired); when it differs from the one last drawn, the app draws once
    - ``wake_after()``: the longest the app may sleep before calling ``update`` again (a bot's pace, a timer)
    - ``moving_area()``: where the moving things are, so a frame that only moves them updates that part of the
      window (sending a whole 1600x900 window to the screen costs more than drawing it)
    Input always leads to a draw, so a scene that changes only on input needs none of them.
    """

    transparent = False  # True: the scene below stays visible (and is drawn first)
    always_update = False  # True: keep getting update(dt) while another scene is on top

    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.size: tuple[int, int] = tuple(app.size) if app is not None else (1280, 800)  # type: ignore[assignment]

    def enter(self) -> None:
        """Called once when the scene is pushed (its `size` is already set)."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above this one was popped; this one is on top again."""

    def handle(self, intent: Intent) -> bool:
        """React to one input intent; return True if it was consumed."""
        return False

    def may_close(self) -> bool:
        """The window is being closed: True lets it close; False keeps it open (after saying why)."""
        return True

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene onto `surface`."""

    def animating(self) -> bool:
        """Is something on this scene moving, so that every frame must be drawn?"""
        return False

    def look(self) -> Hashable:
        """What the picture shows that can change without input (compared with the last drawn value)."""
        return None

    def wake_after(self) -> float | None:
        """Seconds the app may wait for input before this scene needs an update (None: no timer)."""
        return None

    def moving_area(self) -> list[pygame.Rect] | None:
        """Where what moves is painted now, if the scene can tell (None: anywhere); the rest of the picture is
        what the last frame showed. The app then sends only those parts of the window to the screen."""
        return None

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now `size`; recompute layout. The base class only records it."""
        self.size = (int(size[0]), int(size[1]))

    def notice_room(self) -> NoticeRoom | None:
        """Where the app's notices may go on this screen without covering a player's name or a card (None: this
        scene does not say; the scene under a dialog does, else the top of the window)."""
        return None


class SceneStack:
    """A stack of scenes: `push`, `pop`, `replace`; `top` receives input; `draw` paints visible ones."""

    def __init__(self, size: tuple[int, int] = (1280, 800)) -> None:
        self.scenes: list[Scene] = []
        self.size = size
        self._drawn: tuple | None = None  # the visible scenes and their looks when last drawn
        self._drawn_moving = False  # was something moving in the last frame drawn?

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    @property
    def top(self) -> Scene | None:
        """The scene that receives input, or None when the stack is empty."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put `scene` on top (the previous top is paused)."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or `scene`, wherever it is); the new top is resumed."""
        if not self.scenes:
            return None
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return None
        was_top = scene is self.scenes[-1]
        self.scenes.remove(scene)
        scene.exit()
        if was_top and self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for `scene` (the old one exits; the one below is not resumed)."""
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        return scene

    def clear(self) -> None:
        """Pop every scene, top first."""
        while self.scenes:
            self.scenes.pop().exit()

    def handle(self, intent: Intent) -> bool:
        """Give `intent` to the top scene only."""
        top = self.top
        return top.handle(intent) if top is not None else False

    def may_close(self) -> bool:
        """May the window close? Each scene is asked, top first, until one says no."""
        return all(scene.may_close() for scene in reversed(self.scenes))

    def update(self, dt: float) -> None:
        """Update the top scene and any scene that asks to be updated while covered."""
        for scene in self.updated():
            scene.update(dt)

    def updated(self) -> list[Scene]:
        """The scenes that get ``update``: the top one and any that asks to be updated while covered."""
        if not self.scenes:
            return []
        top = self.scenes[-1]
        return [scene for scene in self.scenes if scene is top or scene.always_update]

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque scene up to the top."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible scenes, bottom first."""
        visible = self.visible()
        for scene in visible:
            scene.draw(surface)
        self._drawn = self._picture(visible)
        self._drawn_moving = self._moving(visible)

    def _moving(self, visible: list[Scene]) -> bool:
        updated = self.updated()  # a paused scene is frozen: its moves wait until it is on top again
        return any(scene.animating() for scene in visible if scene in updated)

    def _picture(self, visible: list[Scene]) -> tuple:
        return tuple((id(scene), scene.look()) for scene in visible)

    def notice_room(self) -> NoticeRoom:
        """Where the notices go over the visible scenes: the room the highest of them gives, else the top of the
        window."""
        for scene in reversed(self.visible()):
            room = scene.notice_room()
            if room is not None:
                return room
        return NoticeRoom(pygame.Rect((0, 0), self.size))

    def draw_wanted(self) -> bool:
        """Can the picture differ from the last one drawn (a scene came or went, moves, or shows news)?"""
        visible = self.visible()
        if self._drawn_moving:  # the frame after the last step of a move shows where it came to rest
            return True
        return self._moving(visible) or self._picture(visible) != self._drawn

    def moving_area(self) -> list[pygame.Rect] | None:
        """Where this frame's picture can differ from the last one drawn, when only moving things changed
        (None: a scene came or went, showed news, or cannot tell: the whole window)."""
        visible = self.visible()
        if self._picture(visible) != self._drawn:
            return None
        updated = self.updated()
        rects: list[pygame.Rect] = []
        for scene in visible:
            if scene in updated and (scene.animating() or self._drawn_moving):
                area = scene.moving_area()
                if area is None:
                    return None
                rects += area
        return rects

    def wake_after(self) -> float | None:
        """The longest the app may wait for input before the scenes that are updated need time to pass."""
        waits = [w for scene in self.updated() if (w := scene.wake_after()) is not None]
        return min(waits) if waits else None

    def resize(self, size: tuple[int, int]) -> None:
        """Tell every scene the new window size."""
        self.size = size
        self._drawn = None
        for scene in self.scenes:
            scene.resize(size)
