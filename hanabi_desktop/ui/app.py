"""The app: one window, one clock, one event loop, one scene stack.

``run()`` is what ``hanabi-desktop`` calls. Each frame: events become intents (`ui.intents`) and go to the
top scene; every scene that should be updated gets ``update(dt)`` with dt clamped to 0.1 s; the visible scenes
draw; the display flips. Nothing in the loop sleeps except ``clock.tick``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any

import pygame

from hanabi_desktop.notices import Notices
from hanabi_desktop.ui import theme
from hanabi_desktop.ui.intents import Command, IntentReader, QuitRequested, Resized
from hanabi_desktop.ui.notice_view import draw_notices
from hanabi_desktop.ui.scene import Scene, SceneStack
from hanabi_desktop.ui.sound import SoundBoard

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
FPS = 60
MAX_DT = 0.1


@dataclass
class DefaultSettings:
    """Stand-in for `storage.Settings` when it cannot be loaded (same attribute names)."""

    colour_blind_symbols: bool = True
    card_scale: float = 1.0
    animation_speed: float = 1.0
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    bot_pace: str = "normal"
    last_setup: Any = None
    extra: dict = field(default_factory=dict)


def load_settings(notices: Notices) -> Any:
    """The player's saved settings; what was wrong with the file (keys reset, file set aside) is posted."""
    from hanabi_desktop import storage

    settings, problem = storage.load_settings_checked()
    if problem:
        notices.post(problem, "warning", key="settings")
    return settings


def check_folders(notices: Notices) -> None:
    """At start: remove what crashed writes left behind, and say at once if games cannot be saved."""
    from hanabi_desktop import storage

    storage.clean_orphans()
    problem = storage.writable_problem()
    if problem:
        notices.post(f"Saving is off: {problem}. You can play, but games will not be kept until this is fixed.",
                     "error", key="autosave")


class App:
    """The window, the clock and the scene stack (implements `ui.scene.AppContext`)."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, fullscreen: bool = False,
                 settings: Any = None, title: str = "Hanabi Desktop") -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.init()
        self.notices = Notices()
        self.settings = settings if settings is not None else load_settings(self.notices)
        self.fullscreen = fullscreen or bool(getattr(self.settings, "fullscreen", False))
        self.windowed_size = size
        pygame.display.set_caption(title)
        self._set_icon()
        self.window = self._open_window(size)
        self.size: tuple[int, int] = self.window.get_size()
        self.stack = SceneStack(self.size)
        self.sound = SoundBoard(float(getattr(self.settings, "volume", 0.8)),
                                bool(getattr(self.settings, "muted", False)))
        self.clock = pygame.time.Clock()
        self.reader = IntentReader()
        self.running = True
        self.frames = 0

    # -- window ------------------------------------------------------------------------------------
    @staticmethod
    def _set_icon() -> None:
        try:
            from hanabi_desktop.resources import icon_path

            pygame.display.set_icon(pygame.image.load(str(icon_path("png"))))
        except (ImportError, FileNotFoundError, pygame.error, OSError):
            pass

    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        """Switch between a window and full screen, keeping the scenes (they get `resize`)."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        try:
            self.window = self._open_window(self.windowed_size)
        except pygame.error:
            self.fullscreen = False
            self.window = self._open_window(self.windowed_size)
        if hasattr(self.settings, "fullscreen"):
            self.settings.fullscreen = self.fullscreen
        self.resize(self.window.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now `size`: tell every scene."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if size == self.size:
            return
        self.size = size
        self.window = pygame.display.get_surface() or self.window
        self.stack.resize(size)

    def quit(self) -> None:
        """Stop the loop after this frame."""
        self.running = False

    # -- loop ----------------------------------------------------------------------------------------
    def process_events(self) -> None:
        """Read pending pygame events and hand their intents to the stack."""
        for event in pygame.event.get():
            intent = self.reader.translate(event)
            if intent is None:
                continue
            if isinstance(intent, QuitRequested):
                if not self.stack.handle(intent):
                    self.quit()
            elif isinstance(intent, Resized):
                self.resize(intent.size)
            elif isinstance(intent, Command) and intent.name == "fullscreen":
                self.toggle_fullscreen()
            else:
                self.stack.handle(intent)

    def frame(self, dt: float) -> None:
        """One frame: input, update by `dt` seconds, draw, flip."""
        self.process_events()
        self.stack.update(min(MAX_DT, max(0.0, dt)))
        surface = pygame.display.get_surface() or self.window
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.stack.draw(surface)
        draw_notices(surface, self.notices.visible())
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None, fixed_dt: float | None = None, fps: int = FPS) -> int:
        """Loop until `quit()`, an empty stack or `max_frames`; `fixed_dt` replaces real time (tests, smoke)."""
        while self.running and len(self.stack):
            dt = self.clock.tick(fps) / 1000 if fixed_dt is None else fixed_dt
            if fixed_dt is not None:
                self.clock.tick()
            self.frame(dt)
            if max_frames is not None and self.frames >= max_frames:
                break
        return 0

    def close(self) -> None:
        """Leave every scene and shut pygame down."""
        self.stack.clear()
        theme.clear_caches()
        pygame.quit()


def _first_scene(app: App) -> Scene:
    """The title screen (it offers Continue when a game was interrupted)."""
    from hanabi_desktop.ui.scenes.title import TitleScene

    return TitleScene(app)


def run(smoke_test: bool = False, fullscreen: bool = False) -> int:
    """Open the game window and play until it closes (``--smoke-test``: one all-bot game, headless-safe)."""
    if smoke_test:
        from hanabi_desktop.ui.smoke import smoke_test as run_smoke

        return run_smoke()
    app = App(fullscreen=fullscreen)
    try:
        check_folders(app.notices)
        app.stack.push(_first_scene(app))
        if os.environ.get("HANABI_DESKTOP_FIRST_FRAME"):  # start-up timing (build_scripts/build.py --measure)
            app.run(max_frames=1)
            print("first frame", flush=True)
            return 0
        return app.run()
    finally:
        app.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
