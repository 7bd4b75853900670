"""Start-up: the window path reaches the title's first frame without what the title does not need.

The times are measured by `build_scripts/build.py --measure` (reported, not asserted); what is pinned here is
what the first frame imports, in a fresh interpreter (`HANABI_DESKTOP_FIRST_FRAME` draws one frame and exits).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Nothing on the title screen uses these: the command-line parser, the bots, the engine's rules, a game session,
# the game flow (autosave writer) and the table; nor logging.handlers (the log is rotated at start by hand).
NOT_AT_START = ("argparse", "logging.handlers", "hanabi_desktop.bots", "hanabi_desktop.engine.game", "hanabi_desktop.engine.records",
                "hanabi_desktop.engine.variants", "hanabi_desktop.table.session", "hanabi_desktop.table.autosave",
                "hanabi_desktop.ui.flow",
                "hanabi_desktop.ui.scenes.table",
                "hanabi_desktop.ui.tableview.render")

_FIRST_FRAME = (
    "import json, sys\n"
    "sys.argv = ['hanabi-desktop']\n"
    "from hanabi_desktop.cli import main\n"
    "code = main()\n"
    "print(json.dumps({'code': code, 'modules': sorted(sys.modules)}))\n"
)


def _first_frame(home: Path) -> tuple[str, dict]:
    env = {**os.environ, "HANABI_DESKTOP_HOME": str(home), "HANABI_DESKTOP_FIRST_FRAME": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "-c", _FIRST_FRAME], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    lines = proc.stdout.splitlines()
    return "\n".join(lines[:-1]), json.loads(lines[-1])


def test_the_first_frame_imports_nothing_the_title_does_not_need(tmp_path: Path) -> None:
    out, report = _first_frame(tmp_path)
    assert "first frame" in out and report["code"] == 0
    loaded = set(report["modules"])
    assert "hanabi_desktop.ui.scenes.title" in loaded and "pygame" in loaded  # it did open the title
    assert sorted(m for m in NOT_AT_START if m in loaded) == []


def test_with_an_interrupted_game_the_title_loads_the_engine_to_offer_continue(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hanabi_desktop import storage
    from hanabi_desktop.table.saves import save_data
    from hanabi_desktop.table.session import Session
    from hanabi_desktop.table.setup import SeatSpec, Setup

    monkeypatch.setenv("HANABI_DESKTOP_HOME", str(tmp_path))
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="3"), threaded=False)
    storage.save_autosave(save_data(session))
    out, report = _first_frame(tmp_path)
    assert "first frame" in out and report["code"] == 0
    assert "hanabi_desktop.table.session" in report["modules"]  # the save was checked before Continue was offered
    assert "argparse" not in report["modules"] and "hanabi_desktop.table.autosave" in report["modules"]


def test_every_name_the_engine_exports_resolves_to_its_definition() -> None:
    import ast

    import hanabi_desktop.engine as engine

    tree = ast.parse(Path(engine.__file__).read_text(encoding="utf-8"))
    typed = {a.name: node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             and (node.module or "").startswith("hanabi_desktop.engine.") for a in node.names}
    assert set(typed) == set(engine.__all__) == set(engine._HOMES)  # what editors see is what the package gives
    for name, module in typed.items():
        assert getattr(engine, name) is getattr(sys.modules.get(module) or __import__(module, fromlist=[name]), name)
    with pytest.raises(AttributeError):
        engine.NoSuchThing  # noqa: B018 - the attribute access is the test


def test_the_command_line_still_parses_options_and_commands(capsys: pytest.CaptureFixture[str]) -> None:
    from hanabi_desktop.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "--smoke-test" in out and "variants" in out and "simulate" in out  # the bots' commands too
    assert main(["variants"]) == 0 and "classic" in capsys.readouterr().out


def test_a_full_log_is_kept_as_dot_one_at_start_and_the_oldest_is_dropped(tmp_path: Path) -> None:
    from hanabi_desktop.program.crashlog import rotate

    log = tmp_path / "game.log"
    rotate(log, max_bytes=10)  # no log yet: nothing to do, no error
    log.write_text("small")
    rotate(log, max_bytes=10)
    assert log.read_text() == "small" and sorted(p.name for p in tmp_path.iterdir()) == ["game.log"]
    for n in range(3):
        log.write_text(f"session {n} " * 5)
        rotate(log, max_bytes=10, backups=2)
        assert not log.exists()
    assert (tmp_path / "game.log.1").read_text().startswith("session 2")
    assert (tmp_path / "game.log.2").read_text().startswith("session 1")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.log.1", "game.log.2"]  # session 0 was dropped
