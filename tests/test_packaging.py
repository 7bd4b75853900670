"""Packaging checks that need no PyInstaller: every package ships, the spec and the build script agree."""

from __future__ import annotations

import ast
import importlib.util
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_in_the_source_tree_is_listed_for_the_wheel() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "hanabi_desktop").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject's packages: {sorted(found - listed)}"
    assert "hanabi_desktop._assets" in listed


def test_top_level_holds_only_the_agreed_entries() -> None:
    allowed = {"pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "hanabi_desktop", "assets", "tests",
               "build_scripts", ".ci", ".github", ".gitignore", ".git"}
    import subprocess

    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    if not tracked:  # not a git checkout (an sdist): nothing to check
        return
    assert {t.split("/")[0] for t in tracked} <= allowed


def _build_module():  # noqa: ANN202
    spec = importlib.util.spec_from_file_location("hanabi_build", ROOT / "build_scripts" / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_archive_name_carries_version_os_and_the_right_format() -> None:
    from hanabi_desktop import __version__

    build = _build_module()
    name = build.archive_path().name
    assert name.startswith(f"Hanabi-{__version__}-{build.os_name()}-")
    assert name.endswith(".tar.gz" if sys.platform.startswith("linux") else ".zip")


def test_spec_is_windowed_on_windows_and_macos_and_bundles_assets() -> None:
    text = (ROOT / "build_scripts" / "hanabi.spec").read_text()
    ast.parse(text)
    assert 'WINDOWED = sys.platform in ("win32", "darwin")' in text and "console=not WINDOWED" in text
    assert "datas=ASSETS" in text and 'name="Hanabi"' in text and "strip=STRIP" in text
    assert 'collect_submodules("hanabi_desktop", filter=' in text  # bots are imported by name at run time
    assert '"hanabi_desktop.measure"]' in text  # the measuring tools stay out of the game


def test_the_bundle_layout_finds_the_assets(monkeypatch, tmp_path) -> None:  # noqa: ANN001
    import shutil

    from hanabi_desktop.program import resources

    bundle = tmp_path / "_internal"
    shutil.copytree(ROOT / "assets", bundle / "assets")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.delenv(resources.ASSETS_ENV_VAR, raising=False)
    assert resources.assets_root() == bundle / "assets"
    assert resources.font_path().is_file()


def test_a_windowed_program_without_console_logs_to_a_file(monkeypatch) -> None:  # noqa: ANN001
    from hanabi_desktop.program import crashlog

    monkeypatch.setattr(crashlog, "_configured", None)
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    import logging

    before = list(logging.getLogger().handlers)
    try:
        path = crashlog.setup_logging()
        assert path is not None and path.exists()
        print("hello from a windowed build")
        sys.stdout.flush()
        assert "hello from a windowed build" in path.with_suffix(".out").read_text()
        try:
            raise RuntimeError("boom")
        except RuntimeError as exc:
            crashlog.report_fatal(exc)  # dummy video driver: no message box, the text goes to the log
        assert "RuntimeError: boom" in path.read_text()
    finally:
        for h in logging.getLogger().handlers:
            if h not in before:
                logging.getLogger().removeHandler(h)
                h.close()


def test_the_build_refuses_an_archive_without_licences_or_with_unwanted_files(tmp_path) -> None:  # noqa: ANN001
    import tarfile
    import zipfile

    build = _build_module()
    top = build.app_dir().name
    inside = f"{top}/Contents/Resources/licenses" if sys.platform == "darwin" else f"{top}/licenses"
    names = [f"{inside}/{n}" for n in ("LICENSE", "THIRD-PARTY-NOTICES.txt", "LGPL-2.1.txt", "Python-LICENSE.txt",
                                        "bundled-libraries-copyright.txt")]
    if build.os_name() == "linux":
        names += [f"{top}/share/applications/{build.app_metadata.APP_ID}.desktop",
                  f"{top}/share/metainfo/{build.app_metadata.APP_ID}.metainfo.xml"]

    def archive(entries: list[str]) -> Path:
        out = tmp_path / f"a{len(list(tmp_path.iterdir()))}.zip"
        with zipfile.ZipFile(out, "w") as z:
            for entry in entries:
                z.writestr(entry, "x")
        return out

    assert build.check_archive(archive(names)) == []
    assert build.check_archive(archive(names[1:])) == [names[0]]
    shot = f"{top}/_internal/assets/screenshots/table.png"
    assert build.check_archive(archive([*names, shot])) == [shot]
    tar = tmp_path / "a.tar.gz"
    with tarfile.open(tar, "w:gz") as t:
        for entry in names[:-1]:
            t.addfile(tarfile.TarInfo(entry))
    assert build.check_archive(tar) == [names[-1]]


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("objdump") is None,
                    reason="glibc symbol versions are a Linux matter (objdump from binutils)")
def test_glibc_needed_is_read_from_the_binaries(tmp_path) -> None:  # noqa: ANN001
    build = _build_module()
    shutil.copy(Path(sys.executable).resolve(), tmp_path / "python")
    (tmp_path / "notes.txt").write_text("GLIBC_9.99 in a text file does not count")
    version, where = build.glibc_required(tmp_path)
    assert where == "python" and (2, 2) <= version < (3,)
