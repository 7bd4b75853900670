"""Shipped assets and the code that finds them (hanabi_desktop.program.resources)."""

from __future__ import annotations

import array
import importlib.util
import os
import shutil
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from hanabi_desktop.program import resources
from hanabi_desktop.program.resources import (
    ASSETS_ENV_VAR,
    SOUND_NAMES,
    asset_path,
    assets_root,
    font_path,
    icon_path,
    sound_path,
)

REPO_ASSETS = Path(__file__).resolve().parents[1] / "assets"

EXPECTED = [
    "fonts/OpenSans-Regular.ttf",
    "fonts/OpenSans-Bold.ttf",
    "fonts/CherryBomb-Regular.otf",
    "fonts/LICENSE-OpenSans.txt",
    "fonts/LICENSE-CherryBomb-OFL.txt",
    "fonts/NotoSansJP-Regular-subset.otf",
    "fonts/NotoSansJP-Bold-subset.otf",
    "fonts/LICENSE-NotoSansCJK-OFL.txt",
    *(f"locale/{code}/LC_MESSAGES/hanabi.mo" for code in ("fr", "de", "es", "ja")),
    "icons/hanabi.png",
    "icons/hanabi.ico",
    "icons/hanabi.icns",
    *(f"sounds/{name}.wav" for name in SOUND_NAMES),
]


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch):
    """Each test starts as a plain source checkout: no override, not frozen."""
    monkeypatch.delenv(ASSETS_ENV_VAR, raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)


def load_module_copy(package_dir: Path):
    """Import a copy of resources.py placed in ``package_dir``/program (as if installed there)."""
    (package_dir / "program").mkdir(parents=True, exist_ok=True)
    target = package_dir / "program" / "resources.py"
    shutil.copy(resources.__file__, target)
    spec = importlib.util.spec_from_file_location("hanabi_resources_copy", target)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- #
# The files themselves
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize("rel", EXPECTED)
def test_expected_asset_exists_and_is_not_empty(rel):
    path = asset_path(*rel.split("/"))
    assert path.is_file()
    assert path.stat().st_size > 0


def test_fonts_are_small():
    total = sum(p.stat().st_size for p in (REPO_ASSETS / "fonts").iterdir() if p.suffix in {".ttf", ".otf"})
    assert total < 2 * 1024 * 1024


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_format_length_and_level(name):
    with wave.open(str(sound_path(name)), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getframerate() == 22050
        assert w.getsampwidth() == 2
        frames = w.readframes(w.getnframes())
        seconds = w.getnframes() / w.getframerate()
    assert 0.01 < seconds <= 2.0
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    peak = max(abs(s) for s in samples) / 32768
    assert 0.1 < peak < 0.9, f"{name}: peak {peak:.2f} (silent or too hot)"


# --------------------------------------------------------------------------- #
# Lookup
# --------------------------------------------------------------------------- #


def test_source_checkout_resolves_to_repo_assets():
    assert assets_root() == REPO_ASSETS
    assert font_path() == REPO_ASSETS / "fonts" / "OpenSans-Regular.ttf"
    assert font_path(bold=True) == REPO_ASSETS / "fonts" / "OpenSans-Bold.ttf"
    assert font_path(display=True) == REPO_ASSETS / "fonts" / "CherryBomb-Regular.otf"
    assert font_path(bold=True, display=True) == font_path(display=True)
    assert sound_path("clue") == REPO_ASSETS / "sounds" / "clue.wav"
    assert sound_path("clue.wav") == REPO_ASSETS / "sounds" / "clue.wav"
    assert icon_path() == REPO_ASSETS / "icons" / "hanabi.png"
    assert icon_path(".ICO") == REPO_ASSETS / "icons" / "hanabi.ico"
    assert icon_path("icns") == REPO_ASSETS / "icons" / "hanabi.icns"


def test_frozen_bundle_is_preferred(tmp_path, monkeypatch):
    shutil.copytree(REPO_ASSETS, tmp_path / "assets")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_root() == tmp_path / "assets"
    assert font_path(bold=True) == tmp_path / "assets" / "fonts" / "OpenSans-Bold.ttf"
    assert sound_path("firework") == tmp_path / "assets" / "sounds" / "firework.wav"
    assert icon_path("ico") == tmp_path / "assets" / "icons" / "hanabi.ico"


def test_frozen_bundle_without_assets_falls_back(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_root() == REPO_ASSETS


def test_environment_override_wins(tmp_path, monkeypatch):
    shutil.copytree(REPO_ASSETS, tmp_path / "mine")
    monkeypatch.setenv(ASSETS_ENV_VAR, str(tmp_path / "mine"))
    assert assets_root() == tmp_path / "mine"


def test_installed_wheel_layout_uses_package_assets(tmp_path):
    site = tmp_path / "site-packages"
    (site / "assets").mkdir(parents=True)  # a stray, unrelated assets folder must be ignored
    module = load_module_copy(site / "hanabi_desktop")
    shutil.copytree(REPO_ASSETS, site / "hanabi_desktop" / "_assets")
    assert module.assets_root() == site / "hanabi_desktop" / "_assets"
    assert module.sound_path("click") == site / "hanabi_desktop" / "_assets" / "sounds" / "click.wav"


def test_no_assets_anywhere_gives_a_clear_error(tmp_path):
    module = load_module_copy(tmp_path / "site-packages" / "hanabi_desktop")
    with pytest.raises(FileNotFoundError) as excinfo:
        module.assets_root()
    message = str(excinfo.value)
    assert "assets" in message and "_assets" in message and ASSETS_ENV_VAR in message


def test_missing_asset_gives_a_clear_error():
    with pytest.raises(FileNotFoundError, match="nope.ttf"):
        asset_path("fonts", "nope.ttf")
    with pytest.raises(FileNotFoundError, match="no_such_sound"):
        sound_path("no_such_sound")
    with pytest.raises(FileNotFoundError, match="hanabi.bmp"):
        icon_path("bmp")


def test_paths_cannot_escape_the_assets_folder():
    with pytest.raises(ValueError):
        asset_path("..", "pyproject.toml")
    with pytest.raises(ValueError):
        asset_path()


def test_resources_does_not_import_pygame():
    code = "import sys, hanabi_desktop.program.resources as r; r.font_path(); assert 'pygame' not in sys.modules"
    env = {k: v for k, v in os.environ.items() if k != ASSETS_ENV_VAR}
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO_ASSETS.parent, env=env)


# --------------------------------------------------------------------------- #
# The files load in pygame
# --------------------------------------------------------------------------- #


@pytest.fixture(scope="module")
def pygame_mod():
    pygame = pytest.importorskip("pygame")
    return pygame


@pytest.mark.parametrize("kwargs", [{}, {"bold": True}, {"display": True}])
def test_fonts_load_and_render(pygame_mod, kwargs):
    pygame_mod.font.init()
    font = pygame_mod.font.Font(str(font_path(**kwargs)), 24)
    surface = font.render("Hanabi 12345", True, (255, 255, 255))
    assert surface.get_width() > 50 and surface.get_height() > 10


def test_icon_loads(pygame_mod):
    image = pygame_mod.image.load(str(icon_path()))
    assert image.get_size() == (256, 256)
    assert image.get_at((0, 0)).a == 0  # transparent corner
    assert image.get_at((128, 128)).a == 255


def test_sounds_load_in_mixer(pygame_mod):
    try:
        pygame_mod.mixer.init(frequency=22050, size=-16, channels=1)
    except pygame_mod.error as exc:
        pytest.skip(f"no audio mixer here: {exc}")
    try:
        for name in SOUND_NAMES:
            sound = pygame_mod.mixer.Sound(str(sound_path(name)))
            assert 0.01 < sound.get_length() <= 2.0, name
    finally:
        pygame_mod.mixer.quit()

