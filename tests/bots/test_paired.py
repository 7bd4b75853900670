"""`simulate --save-games` and `compare`: two runs of the same deals paired game by game."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from hanabi_desktop.bots.paired import GameSet, PlayedGame, compare, load_games, run_file
from hanabi_desktop.bots.simulate import play_games
from hanabi_desktop.cli import main
from hanabi_desktop.engine import HanabiError


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def saved(capsys: pytest.CaptureFixture[str], path: Path, bot: str, players: int = 2, games: int = 6,
          seed: str = "pair") -> None:
    code, _out, err = run_cli(capsys, "simulate", "--bot", bot, "--players", str(players), "--games", str(games),
                              "--seed", seed, "--jobs", "1", "--save-games", str(path))
    assert code == 0, err


def test_the_saved_games_are_the_games_played(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(capsys, tmp_path / "a.json", "conventions@3")
    run = load_games(tmp_path / "a.json")
    played, _ = play_games(["conventions@3"], 2, 6, "pair", jobs=1)
    assert run.bots == ("conventions@3", "conventions@3") and run.players == 2 and run.variant == "classic"
    assert run.games == tuple(PlayedGame.of(g) for g in played)
    assert [g.seed for g in run.games] == [f"pair/{i}" for i in range(6)]


def test_compare_pairs_the_games_deal_by_deal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(capsys, tmp_path / "a.json", "random")
    saved(capsys, tmp_path / "b.json", "conventions")
    a, b = load_games(tmp_path / "a.json"), load_games(tmp_path / "b.json")
    result = compare(a, b)
    d = [gb.score - ga.score for ga, gb in zip(a.games, b.games, strict=True)]
    assert result.diff == pytest.approx(statistics.fmean(d))
    assert result.diff_stderr == pytest.approx(statistics.stdev(d) / math.sqrt(6))
    assert len(result.changed) == 6  # a random bot and the conventions bot play no game alike
    played, _ = play_games(["random"], 2, 6, "pair", jobs=1)
    assert [g.strikeout for g in a.games] == [r.strikes >= 3 for r in played]
    assert any(g.strikeout for g in a.games)  # (the random bot strikes out: the field is not always false)
    code, out, _ = run_cli(capsys, "compare", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert code == 0
    assert f"B - A  {result.diff:+.3f} ± {result.diff_stderr:.3f}" in out
    assert "6 of 6 games played differently" in out


def test_the_same_bot_twice_changes_no_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(capsys, tmp_path / "a.json", "conventions@beginner")
    saved(capsys, tmp_path / "b.json", "conventions@beginner")
    result = compare(load_games(tmp_path / "a.json"), load_games(tmp_path / "b.json"))
    assert result.diff == 0 and result.diff_stderr == 0 and result.changed == ()


def test_runs_of_different_deals_are_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(capsys, tmp_path / "a.json", "random")
    saved(capsys, tmp_path / "three.json", "random", players=3)
    saved(capsys, tmp_path / "other.json", "random", seed="other")
    for name, what in (("three.json", "players"), ("other.json", "decks")):
        code, out, err = run_cli(capsys, "compare", str(tmp_path / "a.json"), str(tmp_path / name))
        assert code == 2 and out == ""
        assert "did not play the same deals" in err and what in err


@pytest.mark.parametrize(("text", "says"), [
    ("not json", "not JSON"),
    ('{"format": "hanabi-desktop-autosave"}', "not a file of games"),
    ('{"format": "hanabi-desktop-games", "version": 9, "games": []}', "version 9"),
    ('{"format": "hanabi-desktop-games", "version": 1, "bots": ["random"], "players": 2, "variant": "classic",'
     ' "options": [], "games": [{"seed": "s/0", "score": "25"}]}', "game 1: its score"),
])
def test_a_damaged_file_is_refused_with_the_reason(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                   text: str, says: str) -> None:
    saved(capsys, tmp_path / "a.json", "random")
    (tmp_path / "bad.json").write_text(text, encoding="utf-8")
    code, out, err = run_cli(capsys, "compare", str(tmp_path / "a.json"), str(tmp_path / "bad.json"))
    assert code == 2 and out == "" and "Traceback" not in err
    assert says in err
    assert (tmp_path / "bad.json").read_text(encoding="utf-8") == text  # read, never changed
    with pytest.raises(HanabiError, match="bad.json"):
        load_games(tmp_path / "bad.json")


def test_a_file_that_cannot_be_written_is_said_and_the_results_still_print(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, out, err = run_cli(capsys, "simulate", "--bot", "random", "--players", "2", "--games", "3",
                             "--seed", "s", "--jobs", "1", "--save-games", str(blocker / "games.json"))
    assert code == 1
    assert "mean score" in out  # the run's results are not lost
    assert "were not saved" in err and "Traceback" not in err
    assert not (blocker / "games.json").exists()


def test_a_game_set_round_trips_through_json() -> None:
    played, _ = play_games(["random"], 3, 2, "rt", jobs=1)
    run = GameSet(("random",) * 3, 3, "classic", (), tuple(PlayedGame.of(g) for g in played))
    assert GameSet.from_json(json.loads(json.dumps(run.to_json()))) == run


def test_saving_and_comparing_never_import_pygame(tmp_path: Path) -> None:
    f = str(tmp_path / "g.json")
    code = ("import sys; from hanabi_desktop.cli import main; "
            f"assert main(['simulate', '--bot', 'random', '--players', '2', '--games', '2', '--save-games', {f!r}]) == 0; "
            f"assert main(['compare', {f!r}, {f!r}]) == 0; "
            "assert 'pygame' not in sys.modules, 'pygame was imported'")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def partners_saved(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    code, out, err = run_cli(capsys, "partners", "--games", "3", "--seed", "pt", "--level", "beginner", "--players",
                             "2", "--stand-in", "careful", "--jobs", "1", "--save-games", str(folder))
    assert code == 0, err
    assert out.count("| beginner | 2 | careful |") == 2


def test_partners_keeps_each_run_of_its_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    partners_saved(capsys, tmp_path / "runs")
    teams = {("beginner-proxy", "conventions@beginner"), ("conventions@beginner", "beginner-proxy"),
             ("conventions@beginner",) * 2, ("beginner-proxy",) * 2}  # both seatings, then the two self-plays
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == sorted(run_file(t, 2) for t in teams)
    for t in teams:
        played, _ = play_games(list(t), 2, 3, "pt", jobs=1)
        assert load_games(tmp_path / "runs" / run_file(t, 2)).games == tuple(PlayedGame.of(g) for g in played)


def test_compare_pairs_two_folders_run_by_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    partners_saved(capsys, tmp_path / "a")
    partners_saved(capsys, tmp_path / "b")
    # one run of B played by other bots on the same decks: only its line shows a change
    name = run_file(("beginner-proxy",) * 2, 2)
    played, _ = play_games(["random"], 2, 3, "pt", jobs=1)
    b = load_games(tmp_path / "b" / name)
    (tmp_path / "b" / name).write_text(json.dumps(GameSet(b.bots, 2, "classic", (), tuple(
        PlayedGame.of(g) for g in played)).to_json()), encoding="utf-8")
    code, out, _ = run_cli(capsys, "compare", str(tmp_path / "a"), str(tmp_path / "b"))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 4
    changed = [line for line in lines if not line.endswith("0 of 3 games played differently")]
    assert changed == [line for line in lines if line.startswith(name.removesuffix(".json"))]
    assert changed[0].endswith("3 of 3 games played differently")


def test_compare_refuses_a_folder_against_a_file_or_folders_with_no_run_in_common(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved(capsys, tmp_path / "a.json", "random")
    (tmp_path / "empty").mkdir()
    code, out, err = run_cli(capsys, "compare", str(tmp_path), str(tmp_path / "a.json"))
    assert code == 2 and out == "" and "not one of each" in err
    code, out, err = run_cli(capsys, "compare", str(tmp_path), str(tmp_path / "empty"))
    assert code == 2 and out == "" and "no run is saved in both" in err
