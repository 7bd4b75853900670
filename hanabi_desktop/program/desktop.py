"""What the game asks of the desktop before it opens a window: an identity, a display, and quiet audio probing.

`prepare(environ, platform)` is called by the `hanabi-desktop` command before pygame is imported. It returns
a message for the player when the game cannot show a window (no display on Linux: SDL would otherwise pick its
invisible "offscreen" driver and the game would run unseen), else None after it has

- named the window: class "Hanabi" on X11 (the .desktop file's StartupWMClass) and the app id on Wayland,
  whether the game runs built or from source (pygame would otherwise use the script name, "__main__.py");
- chosen silent audio when Linux has neither a sound card nor a sound server, so ALSA prints no lines of
  errors while SDL probes for one (the game is simply mute then, as it is without any device);
- on Linux, asked SDL to put the window's pixels on screen itself (X11 shared memory) rather than through an
  OpenGL texture: where OpenGL is Mesa's software renderer (no GPU driver, remote desktops, Xvfb) each frame
  then costs about a tenth of the CPU (a bots-only game at normal pace: 66% of a core -> 14%, measured with
  `python -m hanabi_desktop.measure.idlebench bots` under Xvfb), and a 2D card table gains nothing from the GPU.

Every variable is only set when the player has not set it. No pygame here: this runs first and is tested bare.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping
from pathlib import Path

WINDOW_CLASS = "Hanabi"
APP_ID = "io.github.hanabi_desktop.Hanabi"  # the .desktop file's name and the AppStream id

NO_DISPLAY = (
    "Hanabi Desktop needs a graphical desktop to open its window, and there is none here "
    "(neither DISPLAY nor WAYLAND_DISPLAY is set).\n"
    "Start it from a desktop session, or with ssh -X. The commands that need no window work anywhere: "
    "hanabi-desktop --help."
)


def _linux_like(platform: str) -> bool:
    return not platform.startswith(("win", "darwin", "cygwin", "msys"))


def display_missing(environ: MutableMapping[str, str], platform: str) -> bool:
    """True when a window could not be shown: Linux/BSD with no X11 or Wayland display and no chosen driver."""
    if not _linux_like(platform) or environ.get("SDL_VIDEODRIVER"):
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def sound_output_present(environ: MutableMapping[str, str], proc_cards: Path = Path("/proc/asound/cards")) -> bool:
    """Whether Linux has a sound card (ALSA lists one) or a sound server socket (PulseAudio, PipeWire)."""
    if environ.get("PULSE_SERVER"):
        return True
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime and any((Path(runtime) / name).exists() for name in ("pulse/native", "pipewire-0")):
        return True
    try:
        cards = proc_cards.read_text(encoding="ascii", errors="replace")
    except OSError:
        return False
    return any(line.strip() and "no soundcards" not in line for line in cards.splitlines())


def prepare(environ: MutableMapping[str, str] | None = None, platform: str | None = None,
            proc_cards: Path = Path("/proc/asound/cards")) -> str | None:
    """Set the window identity and audio defaults in `environ`; a message instead when there is no display."""
    import sys

    environ = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    if display_missing(environ, platform):
        return NO_DISPLAY
    environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)
    environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    environ.setdefault("SDL_APP_NAME", "Hanabi Desktop")
    if _linux_like(platform) and "SDL_AUDIODRIVER" not in environ and not sound_output_present(environ, proc_cards):
        environ["SDL_AUDIODRIVER"] = "dummy"
    if _linux_like(platform):
        environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    return None
