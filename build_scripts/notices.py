"""The licence files that ship inside every built program: ours, and notices for what the build bundles.

`write_licences(dest)` fills `dest` with
- LICENSE (the game's MIT licence),
- THIRD-PARTY-NOTICES.txt: each bundled component, its licence, and where its full text is,
- Python-LICENSE.txt (the interpreter's own licence file, copied from the Python that builds),
- LGPL-2.1.txt (pygame-ce and SDL_mixer's LGPL codec libraries: libmpg123, FluidSynth, libsndfile),
- bundled-libraries-copyright.txt (SDL and every library it bundles, and Python's libffi, liblzma, libbz2,
  zlib: their Debian copyright files, vendored in build_scripts/licenses/),
- platformdirs-LICENSE.txt (from its installed distribution),
and the fonts' licences travel with the fonts (assets/fonts/LICENSE-*.txt).

The LGPL libraries are separate shared libraries in the program's folder (onedir build), so a user can replace
them with their own builds, as the LGPL asks. Standard library only.
"""

from __future__ import annotations

import importlib.metadata
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent

LIBS = "bundled-libraries-copyright.txt"  # the Debian copyright files of the same libraries, one after another

# (component, licence, where its full text is: a file in this folder)
COMPONENTS = [
    ("Hanabi Desktop", "MIT", "LICENSE"),
    ("Python 3 (interpreter and standard library)", "PSF License Version 2", "Python-LICENSE.txt"),
    ("libffi, liblzma, libbz2, zlib (linked by Python)", "MIT, 0BSD / public domain, BSD-style, zlib", LIBS),
    ("pygame-ce (https://pyga.me)", "GNU LGPL 2.1", "LGPL-2.1.txt"),
    ("SDL2, SDL2_image, SDL2_mixer, SDL2_ttf (https://libsdl.org)", "zlib licence", LIBS),
    ("libmpg123, FluidSynth, libsndfile (SDL2_mixer's MP3, MIDI and sound-file codecs)", "GNU LGPL 2.1 or later",
     f"LGPL-2.1.txt, {LIBS}"),
    ("FreeType", "FreeType Project License: portions of this software are copyright (c) The FreeType Project "
     "(www.freetype.org). All rights reserved.", LIBS),
    ("HarfBuzz, Brotli, libxmp", "MIT", LIBS),
    ("libpng, zlib", "libpng licence, zlib licence", LIBS),
    ("libjpeg-turbo", "IJG licence and BSD-3-Clause: this software is based in part on the work of the "
     "Independent JPEG Group", LIBS),
    ("libtiff, libwebp", "libtiff licence (BSD-style), BSD-3-Clause", LIBS),
    ("libogg, libvorbis, libopus, opusfile, libFLAC, WavPack", "BSD-3-Clause", LIBS),
    ("libstdc++, libgcc (Linux build)", "GPL 3 with the GCC Runtime Library Exception (no obligations for the "
     "program that uses them)", "https://gcc.gnu.org/onlinedocs/libstdc++/manual/license.html"),
    ("platformdirs", "MIT", "platformdirs-LICENSE.txt"),
    ("websockets (network play)", "BSD-3-Clause", "websockets-LICENSE.txt"),
    ("python-zeroconf (network play: tables on the local network)", "GNU LGPL 2.1 or later: it ships as Python "
     "source files in _internal/zeroconf, which you may replace with your own version", "LGPL-2.1.txt"),
    ("ifaddr (network play)", "MIT", "ifaddr-LICENSE.txt"),
    ("OpenSSL (Python's ssl module: wss:// connections)", "Apache 2.0",
     "https://www.openssl.org/source/license.html"),
    ("PyInstaller bootloader", "GPL 2 with the PyInstaller bootloader exception (any licence for the bundled "
     "program)", "https://pyinstaller.org/en/stable/license.html"),
    ("Open Sans (fonts)", "Apache 2.0", "assets/fonts/LICENSE-OpenSans.txt"),
    ("Cherry Bomb (font)", "SIL Open Font License 1.1", "assets/fonts/LICENSE-CherryBomb-OFL.txt"),
    ("Noto Sans CJK JP (font, subset to the game's Japanese texts)", "SIL Open Font License 1.1",
     "assets/fonts/LICENSE-NotoSansCJK-OFL.txt"),
]


def python_licence() -> Path | None:
    """The LICENSE.txt of the Python that runs the build (its place differs per system)."""
    base = Path(sys.base_prefix)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (base / "LICENSE.txt", base / "lib" / version / "LICENSE.txt",
                      base / "Lib" / "LICENSE.txt", base / "share" / "doc" / version / "LICENSE.txt"):
        if candidate.is_file():
            return candidate
    return None


def distribution_licence(name: str) -> str | None:
    """The licence file text of an installed distribution, if it ships one."""
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return None
    for entry in dist.files or []:
        if entry.name.upper().startswith(("LICENSE", "COPYING")) and "dist-info" in str(entry):
            return entry.read_text(encoding="utf-8")
    return None


def notices_text() -> str:
    lines = ["Hanabi Desktop: third-party notices", "",
             "This program bundles the components below. Each is distributed under its own licence; the",
             "full texts are in this folder (the fonts' beside the fonts, in assets/fonts) or at the address given.",
             ""]
    for name, licence, where in COMPONENTS:
        lines += [name, f"    licence: {licence}", f"    text:    {where}", ""]
    lines += ["The LGPL libraries are separate shared libraries in the program's folder (_internal/, or",
              "Contents/Frameworks in Hanabi.app): you may replace them with your own builds of the same",
              "interfaces. Their source is at https://github.com/pygame-community/pygame-ce and the projects'",
              "own sites; ask the Hanabi Desktop developers for the exact versions used in a release.", ""]
    return "\n".join(lines)


def write_licences(dest: Path) -> list[Path]:
    """Write the licence files into `dest` (created); returns the files written."""
    dest.mkdir(parents=True, exist_ok=True)
    written = [dest / "LICENSE", dest / "THIRD-PARTY-NOTICES.txt", dest / "LGPL-2.1.txt", dest / LIBS]
    shutil.copyfile(ROOT / "LICENSE", written[0])
    written[1].write_text(notices_text(), encoding="utf-8")
    shutil.copyfile(HERE / "licenses" / "LGPL-2.1.txt", written[2])
    shutil.copyfile(HERE / "licenses" / LIBS, written[3])
    python = python_licence()
    if python is None:
        raise FileNotFoundError(f"the licence file of the building Python is not under {sys.base_prefix}")
    shutil.copyfile(python, dest / "Python-LICENSE.txt")
    written.append(dest / "Python-LICENSE.txt")
    for name in ("platformdirs", "websockets", "ifaddr"):
        text = distribution_licence(name)
        if text is not None:
            (dest / f"{name}-LICENSE.txt").write_text(text, encoding="utf-8")
            written.append(dest / f"{name}-LICENSE.txt")
    return written
