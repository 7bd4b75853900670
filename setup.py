"""Build hook: ship the top-level assets/ folder inside the wheel.

All project metadata lives in pyproject.toml; this file only adds one build
step. The game's assets stay in the repository's top-level ``assets/`` folder
(fonts, sounds, icons). When a wheel is built, ``build_py`` copies that folder
to ``hanabi_desktop/_assets/`` in the build tree, so an installed copy finds
it there (see ``hanabi_desktop/resources.py``). Editable installs and source
checkouts read ``assets/`` in place and need no copy. MANIFEST.in grafts
``assets/`` into the sdist so a wheel built from the sdist has it too.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
ASSETS = ROOT / "assets"
PACKAGE = "hanabi_desktop"
TARGET = "_assets"


class BuildPyWithAssets(build_py):
    """``build_py`` that also copies ``assets/`` into ``<build_lib>/hanabi_desktop/_assets``."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads assets/ from the checkout
        if not (ASSETS / "icons" / "hanabi.png").is_file():
            raise RuntimeError(f"assets folder missing or incomplete: {ASSETS}")
        dest = Path(self.build_lib) / PACKAGE / TARGET
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(ASSETS, dest, ignore=shutil.ignore_patterns(".*", "__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithAssets})
