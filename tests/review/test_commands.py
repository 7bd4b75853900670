"""`hanabi-desktop advise` and `review`: documented keys, readable lines, and damaged files said, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hanabi_desktop.cli import main

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"


def test_advise_json_has_the_documented_keys(capsys):
    assert main(["advise", str(GAMES / "no_variant_5p.json"), "--turn", "40", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"turn", "seat", "action", "text", "explanation"}
    assert out["turn"] == 40 and out["seat"] == 0
    assert set(out["action"]) == {"type", "target", "value"}
    assert out["text"].startswith("Alice ") and out["explanation"]


def test_advise_text_names_the_player_and_the_reason(capsys):
    assert main(["advise", str(GAMES / "example_game_3p.json"), "--turn", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "seat 0" in out[0] and out[1].startswith("Why: ")


def test_advise_says_what_is_wrong(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["advise", str(bad), "--turn", "0"]) == 1
    assert main(["advise", str(GAMES / "example_game_3p.json"), "--turn", "999"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all("cannot review" in line for line in out)
    assert "no turn 999" in out[1]


def test_review_json_per_file_and_damaged_files_get_a_line(tmp_path, capsys):
    bad = tmp_path / "damaged.json"
    bad.write_bytes(b"\x00\xff garbage")
    files = [GAMES / "example_game_3p.json", bad, GAMES / "up_or_down_unsupported.json", tmp_path / "missing.json"]
    assert main(["review", "--json", "--budget", "2", *map(str, files)]) == 1
    a, b, c, d = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert {"file", "ok", "score", "max_score", "exact", "bounds", "max_by_turn", "drops", "suggestions"} <= set(a)
    assert a["ok"] and a["exact"] and a["max_score"] == 25 and a["bounds"] == [25, 25] and a["score"] == 25
    assert len(a["max_by_turn"]) == 56 and a["drops"] == []
    assert a["suggestions"] and {"turn", "seat", "action", "suggestion", "text", "explanation"} <= set(a["suggestions"][0])
    assert [x["ok"] for x in (b, c, d)] == [False, False, False]
    assert "not supported" in c["error"] and d["error"] == "no such file"


def test_review_text_shows_the_drops(capsys):
    assert main(["review", str(GAMES / "no_variant_5p.json")]) == 0
    out = capsys.readouterr().out
    assert "best score this deal allowed: 25 (exact); score reached: 23" in out
    assert "-> 23: discarded" in out


def test_review_never_imports_pygame():
    code = ("import sys; from hanabi_desktop.cli import main; "
            f"main(['review', '--budget', '1', {str(GAMES / 'example_game_3p.json')!r}]); "
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, timeout=120)
