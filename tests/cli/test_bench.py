"""`bench`: the engine's speed, and whole processes of `simulate --bot random` side by side with HLE."""

from __future__ import annotations

import pytest

from hanabi_desktop.cli import main


def test_engine_bench_prints_a_row_per_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "2", "3", "--games", "3", "--repeats", "1", "--no-hle"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.strip()[:1].isdigit()]
    assert [r[0] for r in rows] == ["2", "3"] and all(float(r[1]) > 0 and r[2] == "n/a" for r in rows)


def test_process_bench_times_the_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--processes", "--players", "2", "--games", "2", "--repeats", "1", "--no-hle"]) == 0
    out = capsys.readouterr().out
    assert "whole processes" in out
    row = next(line.split() for line in out.splitlines() if line.strip().startswith("2 "))
    assert float(row[1]) > 0 and row[2] == "n/a"
