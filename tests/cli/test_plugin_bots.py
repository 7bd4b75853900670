"""`simulate --bot package.module:Class`: a bot of the user's own, imported from PYTHONPATH, as the README says."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _readme_example() -> tuple[str, list[str]]:
    """The README's example bot (the python block of 'Your own bot') and the command that seats it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### Your own bot", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    command = re.search(r"```\n(PYTHONPATH=.*?)\n```", section, re.S)
    assert code and command, "the README's 'Your own bot' section lost its example"
    return code.group(1), shlex.split(command.group(1))


def _run(args: list[str], pythonpath: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(pythonpath))
    return subprocess.run([sys.executable, "-m", "hanabi_desktop", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_readme_example_bot_plays_through_the_cli(tmp_path: Path) -> None:
    code, command = _readme_example()
    (tmp_path / "mybot.py").write_text(code, encoding="utf-8")
    assert command[0].startswith("PYTHONPATH=") and command[1] == "hanabi-desktop"
    args = command[2:]
    proc = _run([*args, "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["bots"] == ["mybot:CautiousBot", "conventions"]
    assert data["games"] == int(args[args.index("--games") + 1])
    assert data["mean_score"] > 5  # it plays only proven cards and gives true clues: it scores, not strikes out
    assert data["strikeout_rate"] < 0.5


def test_a_whole_team_of_plugins_on_both_processes(tmp_path: Path) -> None:
    code, _ = _readme_example()
    (tmp_path / "mybot.py").write_text(code, encoding="utf-8")
    proc = _run(["simulate", "--bot", "mybot:CautiousBot", "--players", "3", "--games", "4", "--jobs", "2",
                 "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["bots"] == ["mybot:CautiousBot"] * 3


BAD_BOTS = {
    "broken": ("import nonexistent_module_xyz\n", "cannot import 'broken'"),
    "notaclass": ("CautiousBot = 3\n", "is not a class"),
    "nodecide": ("class CautiousBot:\n    def __init__(self, seat, players, variant, seed): pass\n",
                 "no decide(view) method"),
    "abstract": ("from hanabi_desktop.bots.base import Bot\nclass CautiousBot(Bot):\n    pass\n",
                 "does not implement decide"),
    "badinit": ("class CautiousBot:\n    def __init__(self, seat): pass\n    def decide(self, view): pass\n",
                "constructor must accept (seat, players, variant, seed)"),
}


@pytest.mark.parametrize("module", sorted(BAD_BOTS))
def test_a_bot_that_cannot_be_seated_is_refused_with_the_reason(tmp_path: Path, module: str) -> None:
    source, words = BAD_BOTS[module]
    (tmp_path / f"{module}.py").write_text(source, encoding="utf-8")
    proc = _run(["simulate", "--bot", f"{module}:CautiousBot", "--bot", "random", "--players", "2",
                 "--games", "2"], tmp_path)
    assert proc.returncode == 2
    assert words in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.parametrize(("spec", "words"), [("nosuchpackage.mod:Bot", "cannot import 'nosuchpackage.mod'"),
                                             ("hanabi_desktop.bots.base:Nothing", "has no 'Nothing'"),
                                             ("hanabi_desktop.bots.base:", "package.module:Class")])
def test_import_errors_name_the_module(tmp_path: Path, spec: str, words: str) -> None:
    proc = _run(["simulate", "--bot", spec, "--players", "2", "--games", "1"], tmp_path)
    assert proc.returncode == 2 and words in proc.stderr and "Traceback" not in proc.stderr


def test_a_decide_that_returns_no_decision_stops_the_run_naming_the_game(tmp_path: Path) -> None:
    (tmp_path / "bare.py").write_text(
        "from hanabi_desktop.bots.base import Bot\n"
        "class CautiousBot(Bot):\n"
        "    def decide(self, view):\n"
        "        return view.legal[0]\n", encoding="utf-8")
    proc = _run(["simulate", "--bot", "bare:CautiousBot", "--players", "2", "--games", "1", "--seed", "9"], tmp_path)
    assert proc.returncode == 1
    assert "must return a Decision" in proc.stderr and "deck seed '9/0'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_plugin_without_observe_is_seated(tmp_path: Path) -> None:
    (tmp_path / "plain.py").write_text(
        "from hanabi_desktop.bots.base import Decision\n"
        "class Plain:\n"
        "    def __init__(self, seat, players, variant, seed):\n"
        "        self.seat = seat\n"
        "    def decide(self, view):\n"
        "        return Decision(view.legal[-1], 'the last legal move')\n", encoding="utf-8")
    proc = _run(["simulate", "--bot", "plain:Plain", "--bot", "conventions", "--players", "2", "--games", "2",
                 "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["bots"] == ["plain:Plain", "conventions"]
