"""The app: one window, one clock, one event loop, one scene stack.

``run()`` is what ``hanabi-desktop`` calls. Each frame: events become intents (`ui.intents`) and go to the
top scene; every scene that should be updated gets ``update(dt)`` with dt clamped to 0.1 s; the visible scenes
draw; the display flips. Nothing in the loop sleeps except ``clock.tick``.
"""

from __future__ import annotations

import os
import sys

import pygame

from hanabi_desktop import i18n, storage
from hanabi_desktop.i18n import _
from hanabi_desktop.program.notices import Notices
from hanabi_desktop.program.resources import icon_path, locale_dir
from hanabi_desktop.storage import Settings, save_settings
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.art.sound import SoundBoard
from hanabi_desktop.ui.intents import Command, IntentReader, KeyPress, QuitRequested, Resized, TextTyped
from hanabi_desktop.ui.scene import Scene, SceneStack
from hanabi_desktop.ui.widgets.notice_view import draw_notices

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 600)  # the smallest window every screen is laid out for (tests draw them all at it)
FPS = 60
MAX_DT = 0.1
MAX_REST = 0.5  # the longest the loop sleeps with nothing to do (it then updates, draws nothing, sleeps again)
_REPAINT_EVENTS = (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                   pygame.WINDOWFOCUSGAINED)  # the window system may have lost what was on screen


def fit_window(screen: tuple[int, int] | None, wanted: tuple[int, int] | None) -> tuple[int, int]:
    """The size to open the window at: the last size (else the default) shrunk to fit `screen`.

    Room is left for the window's title bar and the desktop's panels, so the title stays on screen.
    """
    w, h = wanted or DEFAULT_SIZE
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        w = min(w, screen[0] - 16)
        h = min(h, screen[1] - 72)
    return (max(MIN_SIZE[0], w), max(MIN_SIZE[1], h))


def load_settings(notices: Notices) -> Settings:
    """The player's saved settings; what was wrong with the file (keys reset, file set aside) is posted."""
    settings, problem = storage.load_settings_checked()
    if problem:
        notices.post(problem, "warning", key="settings")
    return settings


def apply_language(language: str) -> None:
    """Make `language` the game's language (its catalog missing: English texts, the game still runs)."""
    try:
        i18n.use_language(language, locale_dir())
    except FileNotFoundError:
        i18n.use_language("en", ".")
    theme.clear_caches()  # the fonts depend on the language (Japanese has its own)


def check_folders(notices: Notices) -> None:
    """At start: remove what crashed writes left behind, keep the games a previous run could not (they wait
    in the autosave), and say at once if games cannot be saved."""
    storage.clean_orphans()
    game, unkept = storage.load_unkept()
    if unkept:
        from hanabi_desktop.table import autosave  # the table's writer: imported only when it has work

        autosave.take_over(game, unkept, notices)
    problem = storage.writable_problem()
    if problem:
        notices.post(_("Saving is off: {problem}. You can play, but games will not be kept until this is fixed.").format(problem=problem),
                     "error", key="autosave")


class App:
    """The window, the clock and the scene stack (implements `ui.scene.AppContext`)."""

    def __init__(self, size: tuple[int, int] | None = None, *, fullscreen: bool = False,
                 settings: Settings | None = None, title: str = "Hanabi Desktop") -> None:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # only what the game uses: pygame.init() would also open the audio device, which the sound board opens
        # itself unless SDL was asked for none (SoundBoard._init_mixer)
        pygame.display.init()
        pygame.font.init()
        self.notices = Notices()
        self.settings: Settings = settings if settings is not None else load_settings(self.notices)
        apply_language(self.settings.language)
        self.fullscreen = fullscreen or self.settings.fullscreen
        if size is None:  # the player's last size, as far as this screen allows
            screens = pygame.display.get_desktop_sizes()
            size = fit_window(screens[0] if screens else None, self.settings.window_size)
        self.windowed_size = size
        pygame.display.set_caption(title)
        self._set_icon()
        self.window = self._open_window(size)
        self.size: tuple[int, int] = self.window.get_size()
        self.stack = SceneStack(self.size)
        self.sound = SoundBoard(self.settings.volume, self.settings.muted)
        self.clock = pygame.time.Clock()
        self.reader = IntentReader()
        self.running = True
        self.frames = 0
        self.draws = 0  # frames that were drawn (idle frames draw nothing)
        self._notices_drawn: tuple = ()
        self._moved: list[pygame.Rect] | None = None  # where moving things were painted in the last frame drawn
        self.partial_draws = 0  # frames that sent only the moving parts of the window to the screen
        self._waited: list[pygame.event.Event] = []  # the event that ended a rest: read before the queue
        self._opened_by: str | None = None  # what the last key typed, if it opened or closed a page

    # -- window ------------------------------------------------------------------------------------
    @staticmethod
    def _set_icon() -> None:
        try:
            pygame.display.set_icon(pygame.image.load(str(icon_path("png"))))
        except (FileNotFoundError, pygame.error, OSError):
            pass  # a missing icon file must not keep the game from starting

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
        self.settings.fullscreen = self.fullscreen
        self.resize(self.window.get_size())

    def set_language(self, language: str) -> None:
        """Play in `language` from now on: every scene is laid out again with its texts in it."""
        self.settings.language = language
        apply_language(language)
        self.stack.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now `size`: tell every scene. A window made smaller than `MIN_SIZE` is given that size
        back (every screen is laid out for it, none for less).

        pygame-ce's own minimum (`Window.minimum_size`) belongs to its Window API: reaching the display module's
        window through `Window.from_display_module()` is deprecated since 2.4, and the Window API's `flip()` has
        no partial update (`display.update(rects)`, see `frame`). It is only a hint to the window manager anyway:
        without one (Xvfb) a resize to 500x400 went through with it set. So the game sets the size back itself.
        """
        size = (max(1, int(size[0])), max(1, int(size[1])))
        if not self.fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
            self.window = self._open_window(size)
        if size == self.size:
            return
        self.size = size
        self.window = pygame.display.get_surface() or self.window
        if not self.fullscreen:
            self.windowed_size = size
        self.stack.resize(size)

    def quit(self) -> None:
        """Stop the loop after this frame."""
        self.running = False

    # -- loop ----------------------------------------------------------------------------------------
    def process_events(self) -> bool:
        """Read pending pygame events and hand their intents to the stack; True if there was any input."""
        had_input = False
        events, self._waited = self._waited + pygame.event.get(), []
        for event in events:
            intent = self.reader.translate(event)
            if intent is None:
                if event.type in _REPAINT_EVENTS:
                    had_input = True
                continue
            had_input = True
            opened_by, self._opened_by = self._opened_by, None
            if isinstance(intent, TextTyped) and intent.text == opened_by:
                continue  # the text of the key that opened this page (N for a note): a command there, not typing here
            if isinstance(intent, KeyPress) and intent.text:
                top = self.stack.top
                self.stack.handle(intent)
                if self.stack.top is not top:
                    self._opened_by = intent.text
            elif isinstance(intent, QuitRequested):
                if self.stack.may_close():
                    self.quit()
            elif isinstance(intent, Resized):
                self.resize(intent.size)
            elif isinstance(intent, Command) and intent.name == "fullscreen":
                self.toggle_fullscreen()
            else:
                self.stack.handle(intent)
        return had_input

    def frame(self, dt: float, max_dt: float = MAX_DT) -> bool:
        """One frame: input, update by `dt` seconds, and draw and flip if the picture can have changed.

        True if it drew. Nothing is drawn while nothing moves: no input, no scene animating, no scene showing
        news (see `Scene.look`)."""
        had_input = self.process_events()
        self.stack.update(min(max_dt, max(0.0, dt)))
        surface = pygame.display.get_surface() or self.window
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        self.frames += 1
        notices = self.notices.visible()
        shown = tuple((n.key, n.text) for n in notices)
        if not (had_input or self.stack.draw_wanted() or shown != self._notices_drawn) or not len(self.stack):
            return False
        area = self.stack.moving_area()  # before drawing: it compares with what the last frame showed
        partial = not had_input and shown == self._notices_drawn and area is not None and self._moved is not None
        self.stack.draw(surface)
        if notices:  # (the room is worked out only when there is something to put in it)
            draw_notices(surface, notices, self.stack.notice_room())
        self._notices_drawn = shown
        if partial:  # only moving things changed: send where they are and where they were
            bounds = surface.get_rect()
            pygame.display.update([r.clip(bounds) for r in self._moved + area])
            self.partial_draws += 1
        else:
            pygame.display.flip()
        self._moved = area
        self.draws += 1
        return True

    def run(self, max_frames: int | None = None, fixed_dt: float | None = None, fps: int = FPS) -> int:
        """Loop until `quit()`, an empty stack or `max_frames`; `fixed_dt` replaces real time (tests, smoke).

        After a frame that drew nothing the loop sleeps until the next input, or until the soonest scene timer
        (`Scene.wake_after`), instead of ticking at `fps`."""
        rested = False
        while self.running and len(self.stack):
            limit = fps if self.frames else 0  # the first frame at once, not at the clock's next 1/fps slot
            dt = self.clock.tick(limit) / 1000 if fixed_dt is None else fixed_dt
            if fixed_dt is not None:
                self.clock.tick()
            # after a rest nothing was moving, so the whole rest counts for timers (a message's time on screen)
            drew = self.frame(dt, MAX_DT + MAX_REST if rested else MAX_DT)
            if max_frames is not None and self.frames >= max_frames:
                break
            rested = not drew and fixed_dt is None and self.running
            if rested:
                waits = [w for w in (self.stack.wake_after(), self.notices.next_change()) if w is not None]
                self.rest(min(waits) if waits else None)
        return 0

    def rest(self, seconds: float | None) -> None:
        """Sleep until an event arrives or `seconds` pass (at most `MAX_REST`), without taking the event."""
        wait_ms = round(1000 * min(MAX_REST, MAX_REST if seconds is None else max(0.0, seconds)))
        if wait_ms <= 0:
            return
        event = pygame.event.wait(wait_ms)
        if event.type != pygame.NOEVENT:
            # kept for the next frame, first: posted back, it would queue behind what came with it (a tap on a
            # touchpad sends the button's press and release at once: the release would come first, and the
            # button would stay pressed)
            self._waited.append(event)

    def remember_size(self) -> None:
        """Store the windowed size in the settings, for the next start (only when it changed)."""
        size = tuple(self.windowed_size)
        if size != self.settings.window_size:
            self.settings.window_size = size  # type: ignore[assignment]
            try:
                save_settings(self.settings)
            except OSError:
                pass  # the size is a convenience; never stop closing for it

    def close(self) -> None:
        """Leave every scene, finish writing the saves and shut pygame down."""
        self.stack.clear()
        autosave = sys.modules.get("hanabi_desktop.table.autosave")  # only a program that played has saves to finish
        if autosave is not None:
            autosave.flush()
        theme.clear_caches()
        pygame.quit()


def _first_scene(app: App) -> Scene:
    """The title screen (it offers Continue when a game was interrupted)."""
    from hanabi_desktop.ui.scenes import scene_class

    return scene_class("title")(app)


def run(fullscreen: bool = False) -> int:
    """Open the game window and play until it closes."""
    app = App(fullscreen=fullscreen)
    try:
        check_folders(app.notices)
        app.stack.push(_first_scene(app))
        if os.environ.get("HANABI_DESKTOP_FIRST_FRAME"):  # start-up timing (build_scripts/build.py --measure)
            app.run(max_frames=1)
            print("first frame", flush=True)
            return 0
        code = app.run()
        app.remember_size()
        return code
    finally:
        app.close()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run())
