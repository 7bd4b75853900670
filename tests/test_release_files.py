"""What the release build writes besides the program: desktop entry, metainfo, version resource, licences,
the AppImage's AppDir. Tested without PyInstaller (the helpers are standard library)."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hanabi_desktop import __version__
from hanabi_desktop.program import desktop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts"))
import app_metadata  # noqa: E402
import appimage  # noqa: E402
import notices  # noqa: E402


def test_desktop_entry_matches_the_window_class_the_game_sets() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read_string(app_metadata.desktop_entry())
    section = entry["Desktop Entry"]
    assert section["StartupWMClass"] == desktop.WINDOW_CLASS == "Hanabi"
    assert section["Type"] == "Application" and section["Exec"] and section["Icon"] == desktop.APP_ID
    assert section["Categories"].endswith(";") and "Game" in section["Categories"].split(";")


def test_metainfo_is_valid_xml_naming_the_desktop_file_and_the_version() -> None:
    root = ET.fromstring(app_metadata.metainfo_xml())
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == desktop.APP_ID
    assert root.findtext("launchable") == f"{desktop.APP_ID}.desktop"
    assert root.find("releases/release").get("version") == __version__
    assert root.findtext("project_license") == "MIT"


def test_version_numbers_for_windows_and_macos_come_from_the_package() -> None:
    assert app_metadata.version_tuple("1.2.3") == (1, 2, 3, 0)
    assert app_metadata.version_tuple("2.0.0rc1") == (2, 0, 0, 0)
    assert app_metadata.version_tuple("0.10") == (0, 10, 0, 0)
    plist = app_metadata.info_plist()
    assert plist["CFBundleVersion"] == plist["CFBundleShortVersionString"] == __version__
    assert plist["LSMinimumSystemVersion"] and "Copyright" in plist["NSHumanReadableCopyright"]
    assert plist["LSApplicationCategoryType"].startswith("public.app-category.")
    strings = app_metadata.windows_version_strings()
    assert strings["ProductName"] == "Hanabi" and strings["ProductVersion"] == __version__
    assert strings["LegalCopyright"] == app_metadata.COPYRIGHT


@pytest.mark.skipif(sys.platform != "win32", reason="PyInstaller's version-resource code runs on Windows only")
def test_windows_version_resource_builds_with_pyinstaller() -> None:
    pytest.importorskip("PyInstaller")  # the build extra (CI's Windows build runs the same code in the spec)
    info = app_metadata.windows_version_info()
    raw = info.toRaw()
    assert "Hanabi".encode("utf-16-le") in raw and __version__.encode("utf-16-le") in raw


def test_licences_written_for_the_archive(tmp_path: Path) -> None:
    written = {p.name for p in notices.write_licences(tmp_path)}
    assert {"LICENSE", "THIRD-PARTY-NOTICES.txt", "LGPL-2.1.txt", "Python-LICENSE.txt",
            "bundled-libraries-copyright.txt"} <= written
    assert (tmp_path / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
    text = (tmp_path / "THIRD-PARTY-NOTICES.txt").read_text()
    for component in ("pygame-ce", "SDL2", "FreeType", "libmpg123", "Open Sans", "Cherry Bomb", "Python"):
        assert component in text
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in (tmp_path / "Python-LICENSE.txt").read_text()
    assert "LESSER GENERAL PUBLIC LICENSE" in (tmp_path / "LGPL-2.1.txt").read_text()
    libraries = (tmp_path / "bundled-libraries-copyright.txt").read_text(encoding="utf-8")
    for library in ("libsdl2-2.0-0", "libfreetype6", "libjpeg62-turbo", "libogg0", "libmpg123-0", "libffi8"):
        assert f"\n{library} " in libraries  # a section per bundled library


def test_appimage_runtime_is_checked(tmp_path: Path) -> None:
    text = tmp_path / "runtime.sh"
    text.write_bytes(b"#!/bin/sh\necho not a runtime\n")
    assert "not an ELF" in appimage.check_runtime(text)
    assert "AppImage type 2 magic" in appimage.check_runtime(Path(sys.executable).resolve())
    assert "cannot read" in appimage.check_runtime(tmp_path / "absent")
    fake = tmp_path / "runtime"
    fake.write_bytes(b"\x7fELF\x02\x01\x01\x00AI\x02" + bytes(100))
    assert appimage.check_runtime(fake) is None
    with pytest.raises(ValueError, match="not an ELF"):
        appimage.make_appimage(tmp_path / "x.squashfs", text, tmp_path / "out.AppImage")


def _fake_onedir(tmp_path: Path) -> Path:
    onedir = tmp_path / "Hanabi"
    (onedir / "_internal").mkdir(parents=True)
    program = onedir / "Hanabi"
    program.write_text("#!/bin/sh\necho started \"$@\"\n")
    program.chmod(0o755)
    icons = onedir / "share" / "icons" / "hicolor" / "256x256" / "apps"
    icons.mkdir(parents=True)
    shutil.copyfile(ROOT / "assets" / "icons" / "hanabi.png", icons / f"{desktop.APP_ID}.png")
    return onedir


@pytest.mark.skipif(sys.platform == "win32", reason="AppImages are Linux; symlinks need privileges on Windows")
def test_appdir_layout_starts_the_program_through_apprun(tmp_path: Path) -> None:
    appdir = appimage.make_appdir(_fake_onedir(tmp_path), tmp_path / "Hanabi.AppDir")
    assert (appdir / "AppRun").resolve() == (appdir / "Hanabi" / "Hanabi").resolve()
    assert (appdir / ".DirIcon").resolve() == (appdir / f"{desktop.APP_ID}.png").resolve()
    assert (appdir / f"{desktop.APP_ID}.desktop").read_text() == \
        (appdir / "usr/share/applications" / f"{desktop.APP_ID}.desktop").read_text()
    assert ET.parse(appdir / "usr/share/metainfo" / f"{desktop.APP_ID}.appdata.xml").getroot().findtext("id")
    out = subprocess.run([str(appdir / "AppRun"), "--smoke-test"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "started --smoke-test"


@pytest.mark.skipif(shutil.which("mksquashfs") is None or shutil.which("unsquashfs") is None,
                    reason="squashfs-tools is not installed")
def test_squashed_appdir_unpacks_to_the_same_tree_and_runtime_goes_in_front(tmp_path: Path) -> None:
    appdir = appimage.make_appdir(_fake_onedir(tmp_path), tmp_path / "Hanabi.AppDir")
    image = appimage.squash(appdir, tmp_path / "Hanabi.squashfs")
    unpacked = appimage.unsquash(image, tmp_path / "squashfs-root")
    assert sorted(p.relative_to(unpacked) for p in unpacked.rglob("*")) == \
        sorted(p.relative_to(appdir) for p in appdir.rglob("*"))
    assert (unpacked / "AppRun").is_symlink()
    runtime = tmp_path / "runtime"
    runtime.write_bytes(b"\x7fELF\x02\x01\x01\x00AI\x02" + bytes(1000))
    out = appimage.make_appimage(image, runtime, tmp_path / "Hanabi.AppImage")
    data = out.read_bytes()
    assert data[:1011] == runtime.read_bytes() and data[1011:1015] == b"hsqs"  # squashfs magic right after
    assert out.stat().st_mode & 0o111
