"""Build the standalone game: PyInstaller onedir app 'Hanabi' + an archive ready to publish.

    python -m pip install -e ".[build]"
    python build_scripts/build.py            # dist/Hanabi/ (dist/Hanabi.app on macOS) and the archive
    python build_scripts/build.py --smoke    # ... then run the built program's --smoke-test
    python build_scripts/build.py --measure  # ... then report sizes and start-to-first-frame times

The archive is dist/Hanabi-<version>-<os>-<arch>.zip on Windows and macOS, .tar.gz on Linux. Beside the
program it holds licenses/ (ours and the bundled components', see notices.py) and, on Linux, share/ with the
.desktop entry, the AppStream metainfo and the icon (see app_metadata.py).

On Linux the script also builds dist/Hanabi-<version>-<arch>.AppImage when it is given an AppImage runtime
(`--appimage-runtime FILE` or $APPIMAGE_RUNTIME: the type 2 runtime, the ELF stub that mounts the image), with
mksquashfs from squashfs-tools; `--smoke` then runs the AppImage's smoke test too. Without a runtime it
builds and smoke-tests the AppDir (dist/Hanabi.AppDir) and says the AppImage was not made.

`--no-build` reuses an existing dist/ (to smoke-test or measure it again); `--previous DIR` adds an older
build's program to the first-frame measurement, run in turn with the others.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
SPEC = ROOT / "build_scripts" / "hanabi.spec"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "build_scripts"))
import app_metadata  # noqa: E402
import notices  # noqa: E402

from hanabi_desktop import __version__  # noqa: E402

GZIP_LEVEL = 6  # level 9 is within 0.4% of the size and takes 6 s longer


def os_name() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def arch() -> str:
    m = platform.machine().lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(m, m or "unknown")


def app_dir() -> Path:
    """What gets archived: the onedir folder, or the .app bundle on macOS."""
    return DIST / ("Hanabi.app" if sys.platform == "darwin" else "Hanabi")


def executable() -> Path:
    if sys.platform == "win32":
        return DIST / "Hanabi" / "Hanabi.exe"
    if sys.platform == "darwin":
        return DIST / "Hanabi.app" / "Contents" / "MacOS" / "Hanabi"
    return DIST / "Hanabi" / "Hanabi"


def archive_path() -> Path:
    ext = "tar.gz" if os_name() == "linux" else "zip"
    return DIST / f"Hanabi-{__version__}-{os_name()}-{arch()}.{ext}"


def run_pyinstaller() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        sys.exit('PyInstaller is not installed: python -m pip install -e ".[build]"')
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    print("building:", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)


def add_beside_program() -> None:
    """The licences beside the program (inside Hanabi.app on macOS, done by the spec) and, on Linux, the
    desktop entry, AppStream metainfo and icon under share/ (what a packager or the AppImage picks up)."""
    if sys.platform == "darwin":
        return
    folder = app_dir()
    notices.write_licences(folder / "licenses")
    if os_name() == "linux":
        share = folder / "share"
        (share / "applications").mkdir(parents=True, exist_ok=True)
        (share / "metainfo").mkdir(parents=True, exist_ok=True)
        icons = share / "icons" / "hicolor" / "256x256" / "apps"
        icons.mkdir(parents=True, exist_ok=True)
        (share / "applications" / f"{app_metadata.APP_ID}.desktop").write_text(app_metadata.desktop_entry())
        (share / "metainfo" / f"{app_metadata.APP_ID}.metainfo.xml").write_text(app_metadata.metainfo_xml())
        shutil.copyfile(ROOT / "assets" / "icons" / "hanabi.png", icons / f"{app_metadata.APP_ID}.png")


def make_archive() -> Path:
    """Pack the app into the archive (top-level folder 'Hanabi', or 'Hanabi.app')."""
    src, out = app_dir(), archive_path()
    out.unlink(missing_ok=True)
    if out.suffix == ".zip":
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=GZIP_LEVEL) as z:
            for path in sorted(src.rglob("*")):
                rel = path.relative_to(src.parent)
                if path.is_symlink():  # macOS frameworks use symlinks: keep them as links
                    info = zipfile.ZipInfo(str(rel))
                    info.external_attr = 0o120777 << 16
                    z.writestr(info, os.readlink(path))
                elif path.is_file():
                    z.write(path, rel)
    else:
        with tarfile.open(out, "w:gz", compresslevel=GZIP_LEVEL) as t:
            t.add(src, arcname=src.name)
    return out


def archive_names(archive: Path) -> set[str]:
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as z:
            return set(z.namelist())
    with tarfile.open(archive) as t:
        return set(t.getnames())


def check_archive(archive: Path) -> list[str]:
    """What a published archive must hold and does not (the licences; on Linux the desktop integration)."""
    top = app_dir().name
    inside = f"{top}/Contents/Resources/licenses" if sys.platform == "darwin" else f"{top}/licenses"
    wanted = [f"{inside}/{name}" for name in ("LICENSE", "THIRD-PARTY-NOTICES.txt", "LGPL-2.1.txt", notices.LIBS,
                                              "Python-LICENSE.txt")]
    if os_name() == "linux":
        wanted += [f"{top}/share/applications/{app_metadata.APP_ID}.desktop",
                   f"{top}/share/metainfo/{app_metadata.APP_ID}.metainfo.xml"]
    names = archive_names(archive)
    missing = [w for w in wanted if w not in names]
    missing += [n for n in names if "/screenshots/" in n]  # (OpenSSL ships: network play reaches wss:// servers)
    return missing


def glibc_required(folder: Path) -> tuple[tuple[int, ...], str]:
    """The newest GLIBC_x.y symbol version any ELF file in `folder` needs (objdump -T), and that file."""
    import re

    newest: tuple[tuple[int, ...], str] = ((0,), "")
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or path.open("rb").read(4) != b"\x7fELF":
            continue
        out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True).stdout
        for found in set(re.findall(r"GLIBC_(\d+(?:\.\d+)+)", out)):
            version = tuple(int(x) for x in found.split("."))
            if version > newest[0]:
                newest = (version, str(path.relative_to(folder)))
    return newest


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["HANABI_DESKTOP_HOME"] = home  # never touch the builder's own settings or saves
    return env


def smoke(exe: Path | None = None, extra_env: dict[str, str] | None = None) -> int:
    """Run the built program's --smoke-test; 0 if it exits 0 and reports a score."""
    exe = exe or executable()
    if not exe.exists():
        print(f"smoke: no built program at {exe}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as home:
        start = time.perf_counter()
        proc = subprocess.run([str(exe), "--smoke-test"], env={**_env(home), **(extra_env or {})},
                              capture_output=True, text=True, timeout=300)
        took = time.perf_counter() - start
        out = proc.stdout
        log = Path(home) / "logs" / "hanabi-desktop.out"  # windowed builds print here
        if log.exists():
            out += log.read_text(encoding="utf-8", errors="replace")
    ok = proc.returncode == 0 and "smoke test: score" in out
    line = next((x for x in out.splitlines() if x.startswith("smoke test:")), "(no smoke-test line)")
    print(f"smoke ({exe.relative_to(ROOT) if exe.is_relative_to(ROOT) else exe}): exit {proc.returncode} "
          f"in {took:.1f} s: {line}")
    if not ok:
        print(proc.stderr[-3000:], file=sys.stderr)
    return 0 if ok else 1


def appimage_path() -> Path:
    return DIST / f"Hanabi-{__version__}-{arch()}.AppImage"


def build_appimage(runtime: Path | None, check: bool) -> int:
    """AppDir, squashfs and (given a runtime) the AppImage; with `check`, smoke-test what was made. 0 if fine."""
    import appimage

    if shutil.which("mksquashfs") is None:
        print("appimage: not made: mksquashfs is missing (apt-get install squashfs-tools)")
        return 1 if runtime else 0
    start = time.perf_counter()
    appdir = appimage.make_appdir(app_dir(), DIST / "Hanabi.AppDir")
    image = appimage.squash(appdir, DIST / "Hanabi.squashfs")
    out = None
    if runtime is not None:
        out = appimage.make_appimage(image, runtime, appimage_path())
        print(f"built {out.relative_to(ROOT)} ({out.stat().st_size / 1e6:.1f} MB) "
              f"in {time.perf_counter() - start:.0f} s")
    else:
        print(f"appimage: AppDir and squashfs built ({image.stat().st_size / 1e6:.1f} MB); no AppImage made: "
              "no AppImage type 2 runtime given (--appimage-runtime FILE or $APPIMAGE_RUNTIME)")
    rc = 0
    if check:
        with tempfile.TemporaryDirectory() as tmp:  # what the image holds runs: unpack it and start AppRun
            unpacked = appimage.unsquash(image, Path(tmp) / "squashfs-root")
            rc |= smoke(unpacked / "AppRun")
        if out is not None:  # no FUSE (containers, CI): the runtime's own extract-and-run mode
            rc |= smoke(out, None if Path("/dev/fuse").exists() else {"APPIMAGE_EXTRACT_AND_RUN": "1"})
    image.unlink()
    return rc


def first_frame_time(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from launching `cmd` until it says it has drawn its first frame (it exits right after)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = None
    for line in proc.stdout:
        if line.startswith("first frame"):
            seen = time.perf_counter() - start
            break
    proc.communicate(timeout=60)
    if seen is None:
        raise RuntimeError(f"{cmd[0]} did not report a first frame (exit {proc.returncode})")
    return seen


def measure(runs: int, previous: Path | None) -> None:
    """Sizes, then first-frame times of the build, the previous build (if given) and the source, in turns."""
    archive = archive_path()
    print(f"archive: {archive.name} {archive.stat().st_size / 1e6:.1f} MB" if archive.exists() else "no archive")
    print(f"unpacked: {app_dir().name} {tree_size(app_dir()) / 1e6:.1f} MB")
    if appimage_path().exists():
        print(f"appimage: {appimage_path().name} {appimage_path().stat().st_size / 1e6:.1f} MB")
    commands = {"built program": [str(executable())]}
    if previous is not None:
        old = previous / executable().relative_to(DIST)
        commands["previous build"] = [str(old)]
        old_archive = next(iter(sorted(previous.glob("Hanabi-*.*"))), None)
        if old_archive is not None:
            print(f"previous archive: {old_archive.name} {old_archive.stat().st_size / 1e6:.1f} MB")
        print(f"previous unpacked: {tree_size(previous / app_dir().relative_to(DIST)) / 1e6:.1f} MB")
    if appimage_path().exists():
        commands["AppImage"] = [str(appimage_path())]
    commands["from source"] = [sys.executable, "-m", "hanabi_desktop"]
    times: dict[str, list[float]] = {name: [] for name in commands}
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        env["HANABI_DESKTOP_FIRST_FRAME"] = "1"
        for _ in range(runs):  # in turns, so a busy moment of the machine hits every command alike
            for name, cmd in commands.items():
                times[name].append(first_frame_time(cmd, env))
    for name, values in times.items():
        print(f"first frame, {name + ':':<15} median {statistics.median(values):.3f} s "
              f"(runs: {', '.join(f'{t:.3f}' for t in values)})")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--no-build", action="store_true", help="reuse dist/ instead of building")
    p.add_argument("--smoke", action="store_true", help="run the built program's --smoke-test")
    p.add_argument("--measure", action="store_true", help="report sizes and first-frame times")
    p.add_argument("--runs", type=int, default=7, help="runs per first-frame measurement (median reported)")
    p.add_argument("--previous", type=Path, help="an older dist/ folder whose program is measured too")
    p.add_argument("--max-glibc", help="Linux: fail if the program needs a newer glibc than this (e.g. 2.31)")
    p.add_argument("--appimage-runtime", type=Path, default=os.environ.get("APPIMAGE_RUNTIME") or None,
                   help="Linux: the AppImage type 2 runtime to build the AppImage with")
    args = p.parse_args()
    if not args.no_build:
        start = time.perf_counter()
        if app_dir().exists():
            shutil.rmtree(app_dir())
        run_pyinstaller()
        add_beside_program()
        out = make_archive()
        print(f"built {app_dir().relative_to(ROOT)} and {out.relative_to(ROOT)} "
              f"({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - start:.0f} s")
        wrong = check_archive(out)
        if wrong:
            print("the archive is not fit to publish (missing or unwanted):\n  " + "\n  ".join(wrong))
            return 1
    rc = smoke() if args.smoke else 0
    if os_name() == "linux" and shutil.which("objdump"):
        version, where = glibc_required(app_dir())
        print(f"glibc needed: {'.'.join(map(str, version))} (by {where})")
        if args.max_glibc and version > tuple(int(x) for x in args.max_glibc.split(".")):
            print(f"the program needs glibc newer than {args.max_glibc}: build it on an older system")
            rc |= 1
    if os_name() == "linux" and (not args.no_build or args.appimage_runtime):
        rc |= build_appimage(args.appimage_runtime, check=args.smoke)
    if args.measure:
        measure(args.runs, args.previous)
    return rc


if __name__ == "__main__":
    sys.exit(main())
