"""Build the standalone game: PyInstaller onedir app 'Hanabi' + an archive ready to publish.

    python -m pip install -e ".[build]"
    python build_scripts/build.py            # dist/Hanabi/ (dist/Hanabi.app on macOS) and the archive
    python build_scripts/build.py --smoke    # ... then run the built program's --smoke-test
    python build_scripts/build.py --measure  # ... then report sizes and start-to-first-frame times

The archive is dist/Hanabi-<version>-<os>-<arch>.zip on Windows and macOS, .tar.gz on Linux.
`--no-build` reuses an existing dist/ (to smoke-test or measure it again).
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
from hanabi_desktop import __version__  # noqa: E402


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


def make_archive() -> Path:
    """Pack the app into the archive (top-level folder 'Hanabi', or 'Hanabi.app')."""
    src, out = app_dir(), archive_path()
    out.unlink(missing_ok=True)
    if out.suffix == ".zip":
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path in sorted(src.rglob("*")):
                rel = path.relative_to(src.parent)
                if path.is_symlink():  # macOS frameworks use symlinks: keep them as links
                    info = zipfile.ZipInfo(str(rel))
                    info.external_attr = 0o120777 << 16
                    z.writestr(info, os.readlink(path))
                elif path.is_file():
                    z.write(path, rel)
    else:
        with tarfile.open(out, "w:gz", compresslevel=9) as t:
            t.add(src, arcname=src.name)
    return out


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["HANABI_DESKTOP_HOME"] = home  # never touch the builder's own settings or saves
    return env


def smoke() -> int:
    """Run the built program's --smoke-test; 0 if it exits 0 and reports a score."""
    exe = executable()
    if not exe.exists():
        print(f"smoke: no built program at {exe}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as home:
        start = time.perf_counter()
        proc = subprocess.run([str(exe), "--smoke-test"], env=_env(home), capture_output=True, text=True,
                              timeout=300)
        took = time.perf_counter() - start
        out = proc.stdout
        log = Path(home) / "logs" / "hanabi-desktop.out"  # windowed builds print here
        if log.exists():
            out += log.read_text(encoding="utf-8", errors="replace")
    ok = proc.returncode == 0 and "smoke test: score" in out
    line = next((x for x in out.splitlines() if x.startswith("smoke test:")), "(no smoke-test line)")
    print(f"smoke: exit {proc.returncode} in {took:.1f} s: {line}")
    if not ok:
        print(proc.stderr[-3000:], file=sys.stderr)
    return 0 if ok else 1


def first_frame_times(cmd: list[str], runs: int) -> list[float]:
    """Seconds from launching `cmd` until it says it has drawn its first frame (it exits right after)."""
    times = []
    with tempfile.TemporaryDirectory() as home:
        env = _env(home)
        env["HANABI_DESKTOP_FIRST_FRAME"] = "1"
        for _ in range(runs):
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
            times.append(seen)
    return times


def measure(runs: int) -> None:
    archive = archive_path()
    print(f"archive: {archive.name} {archive.stat().st_size / 1e6:.1f} MB" if archive.exists() else "no archive")
    print(f"unpacked: {app_dir().name} {tree_size(app_dir()) / 1e6:.1f} MB")
    bundle = first_frame_times([str(executable())], runs)
    source = first_frame_times([sys.executable, "-m", "hanabi_desktop"], runs)
    print(f"first frame, built program: median {statistics.median(bundle):.3f} s "
          f"(runs: {', '.join(f'{t:.3f}' for t in bundle)})")
    print(f"first frame, from source:   median {statistics.median(source):.3f} s "
          f"(runs: {', '.join(f'{t:.3f}' for t in source)})")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--no-build", action="store_true", help="reuse dist/ instead of building")
    p.add_argument("--smoke", action="store_true", help="run the built program's --smoke-test")
    p.add_argument("--measure", action="store_true", help="report sizes and first-frame times")
    p.add_argument("--runs", type=int, default=7, help="runs per first-frame measurement (median reported)")
    args = p.parse_args()
    if not args.no_build:
        start = time.perf_counter()
        if app_dir().exists():
            shutil.rmtree(app_dir())
        run_pyinstaller()
        out = make_archive()
        print(f"built {app_dir().relative_to(ROOT)} and {out.relative_to(ROOT)} "
              f"({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - start:.0f} s")
    rc = smoke() if args.smoke else 0
    if args.measure:
        measure(args.runs)
    return rc


if __name__ == "__main__":
    sys.exit(main())
