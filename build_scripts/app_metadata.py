"""Who the built program says it is, in every system's own format: one source for the spec and the build script.

- Linux: the .desktop entry (its StartupWMClass matches the window class the game sets, ui/app.py) and the
  AppStream metainfo that software centres read;
- Windows: the version resource of Hanabi.exe (product name, version, copyright);
- macOS: the Info.plist keys of Hanabi.app.

The version is the package's (`hanabi_desktop.__version__`), the one the release workflow checks the tag
against. Standard library only: the spec imports this under PyInstaller, the tests import it bare.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from hanabi_desktop import __version__  # noqa: E402
from hanabi_desktop.program.desktop import APP_ID, WINDOW_CLASS  # noqa: E402  (the window names itself the same)

NAME = "Hanabi"
SUMMARY = "The cooperative fireworks card game, with bots that explain their moves"
DESCRIPTION = (
    "Hanabi Desktop is the cooperative card game Hanabi for 2 to 5 players: hot-seat on one computer, "
    "or practice with bots that play by conventions a person can learn and explain every move. "
    "Every rule and variant of the rulebooks is included, and games import from and export to hanab.live."
)
AUTHOR = "Hanabi Desktop developers"
LICENSE = "MIT"
HOMEPAGE = "https://github.com/hanabi-desktop/hanabi-desktop"
COPYRIGHT = f"Copyright (c) 2026 {AUTHOR}"
MACOS_MINIMUM = "11.0"  # what the Python 3.11 universal2 / arm64 builds from python.org support
CATEGORIES = ("Game", "CardGame")


def version_tuple(version: str = __version__) -> tuple[int, int, int, int]:
    """'1.2.3' -> (1, 2, 3, 0): the four numbers a Windows version resource holds ('0rc1' counts as 0)."""
    parts = []
    for piece in version.split(".")[:4]:
        digits = re.match(r"\d*", piece).group()  # '0rc1' -> '0'
        parts.append(min(int(digits or 0), 65535))
    return tuple(parts + [0] * (4 - len(parts)))  # type: ignore[return-value]


def desktop_entry(exec_line: str = "Hanabi", icon: str = APP_ID) -> str:
    """The freedesktop .desktop entry. `exec_line` is what to run (the AppImage uses the default)."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        f"Name={NAME}",
        "GenericName=Card game",
        f"Comment={SUMMARY}",
        f"Exec={exec_line}",
        f"Icon={icon}",
        "Terminal=false",
        f"Categories={';'.join(CATEGORIES)};",
        "Keywords=hanabi;fireworks;cooperative;cards;",
        f"StartupWMClass={WINDOW_CLASS}",
        "",
    ])


def metainfo_xml() -> str:
    """AppStream metainfo (share/metainfo/<id>.metainfo.xml)."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<component type="desktop-application">
  <id>{APP_ID}</id>
  <name>{NAME}</name>
  <summary>{escape(SUMMARY)}</summary>
  <metadata_license>CC0-1.0</metadata_license>
  <project_license>{LICENSE}</project_license>
  <developer id="io.github.hanabi_desktop">
    <name>{escape(AUTHOR)}</name>
  </developer>
  <description>
    <p>{escape(DESCRIPTION)}</p>
  </description>
  <launchable type="desktop-id">{APP_ID}.desktop</launchable>
  <url type="homepage">{HOMEPAGE}</url>
  <categories>
{chr(10).join(f"    <category>{c}</category>" for c in CATEGORIES)}
  </categories>
  <content_rating type="oars-1.1"/>
  <releases>
    <release version="{__version__}"/>
  </releases>
</component>
"""


def info_plist() -> dict[str, object]:
    """The Info.plist keys of Hanabi.app (PyInstaller adds the executable, icon and bundle id)."""
    return {
        "CFBundleName": NAME,
        "CFBundleDisplayName": NAME,
        "CFBundleShortVersionString": __version__,
        "CFBundleVersion": __version__,
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "LSApplicationCategoryType": "public.app-category.card-games",
        "NSHumanReadableCopyright": COPYRIGHT,
        "NSHighResolutionCapable": True,
    }


def windows_version_strings() -> dict[str, str]:
    """The string table of Hanabi.exe's version resource (shown in Properties > Details)."""
    dotted = ".".join(map(str, version_tuple()))
    return {
        "CompanyName": AUTHOR,
        "FileDescription": NAME,
        "FileVersion": dotted,
        "InternalName": NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{NAME}.exe",
        "ProductName": NAME,
        "ProductVersion": __version__,
    }


def windows_version_info():  # noqa: ANN201 - PyInstaller's VSVersionInfo (imported only when building)
    """Hanabi.exe's version resource as PyInstaller's VSVersionInfo."""
    from PyInstaller.utils.win32 import versioninfo as vi

    numbers = version_tuple()
    strings = [vi.StringStruct(key, value) for key, value in windows_version_strings().items()]
    return vi.VSVersionInfo(
        ffi=vi.FixedFileInfo(filevers=numbers, prodvers=numbers, mask=0x3F, flags=0x0, OS=0x40004,
                             fileType=0x1, subtype=0x0, date=(0, 0)),
        kids=[vi.StringFileInfo([vi.StringTable("040904B0", strings)]),  # US English, Unicode
              vi.VarFileInfo([vi.VarStruct("Translation", [0x0409, 1200])])],
    )
