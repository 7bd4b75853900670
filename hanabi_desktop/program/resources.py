"""Find the game's shipped assets (fonts, sounds, icons, translations).

The assets live in the top-level ``assets/`` folder of the repository. Where
that folder is depends on how the game runs; :func:`assets_root` tries, in order:

1. ``$HANABI_ASSETS_DIR``, if set (an override for development and tests);
2. a PyInstaller bundle: ``sys._MEIPASS/assets`` when ``sys.frozen`` is set
   (the spec file must collect ``("assets", "assets")`` as data);
3. a source checkout (or editable install): ``<repo>/assets`` beside the package;
4. an installed wheel: ``hanabi_desktop/_assets`` (``setup.py`` copies
   ``assets/`` there at build time).

A candidate only counts if it really is our assets folder (it holds
``icons/hanabi.png``), so a stray ``assets`` folder elsewhere in
site-packages is never picked up by mistake.

This module does not import pygame: it only hands out paths.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = [
    "ASSETS_ENV_VAR",
    "FONT_FILES",
    "ICON_EXTENSIONS",
    "SOUND_EXTENSIONS",
    "SOUND_NAMES",
    "asset_path",
    "assets_root",
    "candidate_roots",
    "font_path",
    "icon_path",
    "locale_dir",
    "sound_path",
]

ASSETS_ENV_VAR = "HANABI_ASSETS_DIR"

#: A file every genuine assets folder contains; used to recognise one.
_MARKER = ("icons", "hanabi.png")

#: Font files by role: UI regular, UI bold, display (titles).
FONT_FILES = {
    "regular": "OpenSans-Regular.ttf",
    "bold": "OpenSans-Bold.ttf",
    "display": "CherryBomb-Regular.otf",
    # Japanese (every role; titles use the bold): Noto Sans CJK JP subset to the characters of the Japanese
    # catalog by build_scripts/translations.py --font
    "cjk-regular": "NotoSansJP-Regular-subset.otf",
    "cjk-bold": "NotoSansJP-Bold-subset.otf",
}

#: The sound effects shipped in assets/sounds/ (built by build_scripts/make_sounds.py).
SOUND_NAMES = (
    "play",
    "misplay",
    "clue",
    "your_turn",
    "game_end_win",
    "game_end_loss",
    "firework",
    "card_slide",
    "click",
)

#: Extensions tried, in order, when a sound is asked for by bare name.
SOUND_EXTENSIONS = (".ogg", ".wav")

#: Icon formats shipped in assets/icons/.
ICON_EXTENSIONS = ("png", "ico", "icns")


def candidate_roots() -> list[Path]:
    """Every place an assets folder may be, in the order they are tried."""
    candidates: list[Path] = []
    override = os.environ.get(ASSETS_ENV_VAR)
    if override:
        candidates.append(Path(override))
    if getattr(sys, "frozen", False):
        bundle = getattr(sys, "_MEIPASS", None)
        base = Path(bundle) if bundle else Path(sys.executable).resolve().parent
        candidates.append(base / "assets")
    package_dir = Path(__file__).resolve().parents[1]  # hanabi_desktop/ (this module is in program/)
    candidates.append(package_dir.parent / "assets")
    candidates.append(package_dir / "_assets")
    return candidates


def _is_assets_dir(path: Path) -> bool:
    return path.joinpath(*_MARKER).is_file()


def assets_root() -> Path:
    """The assets folder in use (see the module docstring for the search order).

    Raises FileNotFoundError, listing every place tried, if there is none.
    """
    tried = candidate_roots()
    for root in tried:
        if _is_assets_dir(root):
            return root
    listing = "\n".join(f"  - {p}" for p in tried)
    raise FileNotFoundError(
        "Hanabi Desktop could not find its assets folder (one holding "
        f"{'/'.join(_MARKER)}). Looked in:\n{listing}\n"
        f"Reinstall the game, or set {ASSETS_ENV_VAR} to the folder."
    )


def asset_path(*parts: str) -> Path:
    """Path of an asset, e.g. ``asset_path("sounds", "clue.wav")``.

    Raises FileNotFoundError naming the missing file and the assets folder searched.
    """
    if not parts:
        raise ValueError("asset_path() needs at least one path component")
    root = assets_root()
    path = root.joinpath(*parts)
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        raise ValueError(f"asset path {'/'.join(parts)!r} points outside the assets folder") from None
    if not path.exists():
        raise FileNotFoundError(
            f"Missing asset {'/'.join(parts)!r}: {path} does not exist (assets folder: {root})"
        )
    return path


def font_path(bold: bool = False, display: bool = False, cjk: bool = False) -> Path:
    """The UI font (regular or bold), or with ``display=True`` the title font; ``cjk=True``: the Japanese font.

    The display font has a single weight, so ``bold`` is ignored when ``display`` is set (in Japanese the
    titles use the bold).
    """
    if cjk:
        return asset_path("fonts", FONT_FILES["cjk-bold" if bold or display else "cjk-regular"])
    role = "display" if display else "bold" if bold else "regular"
    return asset_path("fonts", FONT_FILES[role])


def sound_path(name: str) -> Path:
    """A sound effect by name (``"clue"``) or file name (``"clue.wav"``)."""
    if Path(name).suffix:
        return asset_path("sounds", name)
    root = assets_root()
    for ext in SOUND_EXTENSIONS:
        path = root / "sounds" / f"{name}{ext}"
        if path.is_file():
            return path
    known = ", ".join(SOUND_NAMES)
    raise FileNotFoundError(
        f"Missing sound {name!r}: no {name}{'/'.join(SOUND_EXTENSIONS)} in {root / 'sounds'} (shipped sounds: {known})"
    )


def locale_dir() -> Path:
    """The folder of the translations: ``<code>/LC_MESSAGES/hanabi.mo`` for each language (see i18n)."""
    return asset_path("locale")


def icon_path(ext: str = "png") -> Path:
    """The app icon as ``png`` (256x256), ``ico`` (Windows, multi-size) or ``icns`` (macOS)."""
    return asset_path("icons", f"hanabi.{ext.lstrip('.').lower()}")
