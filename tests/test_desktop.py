"""The desktop preparation that runs before pygame: window identity, the no-display message, quiet audio."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hanabi_desktop.program import desktop


def test_no_display_on_linux_is_a_message_not_an_invisible_window() -> None:
    env: dict[str, str] = {}
    assert desktop.prepare(env, "linux") == desktop.NO_DISPLAY
    assert env == {}  # nothing set when it refuses
    assert desktop.prepare({"DISPLAY": ":0"}, "linux") is None
    assert desktop.prepare({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert desktop.prepare({"SDL_VIDEODRIVER": "dummy"}, "linux") is None  # an explicit driver is respected
    assert desktop.prepare({}, "win32") is None and desktop.prepare({}, "darwin") is None


def test_the_window_is_named_hanabi_unless_the_player_chose_otherwise(tmp_path: Path) -> None:
    env = {"DISPLAY": ":0", "PULSE_SERVER": "x"}
    desktop.prepare(env, "linux")
    assert env["SDL_VIDEO_X11_WMCLASS"] == "Hanabi" and env["SDL_VIDEO_WAYLAND_WMCLASS"] == desktop.APP_ID
    env = {"DISPLAY": ":0", "SDL_VIDEO_X11_WMCLASS": "mine", "PULSE_SERVER": "x"}
    desktop.prepare(env, "linux")
    assert env["SDL_VIDEO_X11_WMCLASS"] == "mine"


def test_audio_is_silent_only_without_card_and_without_server(tmp_path: Path) -> None:
    none = tmp_path / "cards-none"
    none.write_text("--- no soundcards ---\n")
    one = tmp_path / "cards-one"
    one.write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n")
    missing = tmp_path / "absent"
    for cards in (none, missing):
        env = {"DISPLAY": ":0"}
        desktop.prepare(env, "linux", cards)
        assert env["SDL_AUDIODRIVER"] == "dummy"
    env = {"DISPLAY": ":0"}
    desktop.prepare(env, "linux", one)
    assert "SDL_AUDIODRIVER" not in env
    (tmp_path / "run" / "pulse").mkdir(parents=True)
    (tmp_path / "run" / "pulse" / "native").touch()
    env = {"DISPLAY": ":0", "XDG_RUNTIME_DIR": str(tmp_path / "run")}
    desktop.prepare(env, "linux", missing)
    assert "SDL_AUDIODRIVER" not in env  # a sound server without a card (remote, Bluetooth) still plays
    env = {"DISPLAY": ":0", "SDL_AUDIODRIVER": "alsa"}
    desktop.prepare(env, "linux", missing)
    assert env["SDL_AUDIODRIVER"] == "alsa"
    env = {}
    desktop.prepare(env, "win32", missing)
    assert "SDL_AUDIODRIVER" not in env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Windows and macOS always have a display")
def test_the_game_command_without_display_says_so_and_exits() -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"}
    proc = subprocess.run([sys.executable, "-m", "hanabi_desktop"], env=env, capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert proc.returncode == 2
    assert "needs a graphical desktop" in proc.stderr and "Traceback" not in proc.stderr


def test_linux_windows_present_their_pixels_without_opengl_and_the_player_may_override() -> None:
    env = {"DISPLAY": ":0"}
    assert desktop.prepare(env, "linux") is None and env["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    env = {"DISPLAY": ":0", "SDL_FRAMEBUFFER_ACCELERATION": "1"}
    desktop.prepare(env, "linux")
    assert env["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    env = {}
    desktop.prepare(env, "win32")
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in env  # Windows and macOS keep SDL's own choice
