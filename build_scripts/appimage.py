"""Turn the Linux onedir build into an AppImage: an AppDir, squashed, behind the AppImage type 2 runtime.

    AppDir/AppRun -> Hanabi/Hanabi           (the entry the runtime starts; a relative link)
    AppDir/Hanabi/                           (the PyInstaller onedir program, as in the archive)
    AppDir/<app id>.desktop, <app id>.png, .DirIcon
    AppDir/usr/share/applications/<app id>.desktop, usr/share/metainfo/<app id>.appdata.xml

The AppImage is the runtime's bytes followed by `mksquashfs AppDir` (squashfs-tools, a Debian and Ubuntu
package). The runtime is the one thing not made here: it is the upstream ELF stub (AppImage/type2-runtime),
passed in by the caller; `check_runtime` refuses a file that is not one. Standard library only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import app_metadata

APPIMAGE_MAGIC = b"AI\x02"  # bytes 8-10 of every type 2 AppImage (and of its runtime)


def check_runtime(runtime: Path) -> str | None:
    """None if `runtime` looks like an AppImage type 2 runtime, else what is wrong with it."""
    try:
        head = runtime.read_bytes()[:16]
    except OSError as exc:
        return f"cannot read the AppImage runtime {runtime}: {exc.strerror or exc}"
    if head[:4] != b"\x7fELF":
        return f"{runtime} is not an ELF executable, so not an AppImage runtime"
    if head[8:11] != APPIMAGE_MAGIC:
        return f"{runtime} is an ELF file without the AppImage type 2 magic (AI\\x02 at byte 8)"
    return None


def make_appdir(onedir: Path, appdir: Path) -> Path:
    """Build `appdir` around a copy of the onedir program folder `onedir` (named Hanabi)."""
    if appdir.exists():
        shutil.rmtree(appdir)
    appdir.mkdir(parents=True)
    shutil.copytree(onedir, appdir / onedir.name, symlinks=True)
    app_id = app_metadata.APP_ID
    (appdir / "AppRun").symlink_to(Path(onedir.name) / onedir.name)
    desktop = app_metadata.desktop_entry(exec_line=onedir.name)
    (appdir / f"{app_id}.desktop").write_text(desktop, encoding="utf-8")
    icon = onedir / "share" / "icons" / "hicolor" / "256x256" / "apps" / f"{app_id}.png"
    shutil.copyfile(icon, appdir / f"{app_id}.png")
    (appdir / ".DirIcon").symlink_to(f"{app_id}.png")
    share = appdir / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    (share / "metainfo").mkdir(parents=True)
    (share / "applications" / f"{app_id}.desktop").write_text(desktop, encoding="utf-8")
    (share / "metainfo" / f"{app_id}.appdata.xml").write_text(app_metadata.metainfo_xml(), encoding="utf-8")
    return appdir


def squash(appdir: Path, image: Path) -> Path:
    """`mksquashfs appdir image` with the settings the type 2 runtime reads (zstd)."""
    mksquashfs = shutil.which("mksquashfs")
    if mksquashfs is None:
        raise FileNotFoundError("mksquashfs is missing: install squashfs-tools (apt-get install squashfs-tools)")
    image.unlink(missing_ok=True)
    subprocess.run([mksquashfs, str(appdir), str(image), "-root-owned", "-noappend", "-no-progress", "-quiet",
                    "-comp", "zstd", "-Xcompression-level", "19", "-b", "1M"], check=True)
    return image


def unsquash(image: Path, dest: Path) -> Path:
    """Unpack the squashfs `image` into `dest` (to check what the AppImage would hold)."""
    subprocess.run(["unsquashfs", "-quiet", "-no-progress", "-d", str(dest), str(image)], check=True,
                   stdout=subprocess.DEVNULL)
    return dest


def make_appimage(image: Path, runtime: Path, out: Path) -> Path:
    """Put `runtime` in front of the squashfs `image`: the executable AppImage `out`."""
    problem = check_runtime(runtime)
    if problem:
        raise ValueError(problem)
    with out.open("wb") as f:
        f.write(runtime.read_bytes())
        with image.open("rb") as squash_file:
            shutil.copyfileobj(squash_file, f)
    os.chmod(out, 0o755)
    return out
