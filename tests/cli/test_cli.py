"""The headless command line: `variants`, `replay`, and that none of it imports pygame."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hanabi_desktop.cli import main
from hanabi_desktop.engine import PRESETS, ColourClue, Game, GameRecord, Play, RankClue, Tile, get_variant
from tests.engine.helpers import stacked_game

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"  # real hanab.live exports, vendored


def run_json(capsys, *files):
    code = main(["replay", "--json", *map(str, files)])
    lines = capsys.readouterr().out.splitlines()
    return code, [json.loads(line) for line in lines]


def test_replay_reports_the_real_hanablive_exports_as_expected(capsys):
    code, (a, b, c) = run_json(capsys, *(GAMES / f for f in (
        "example_game_3p.json", "no_variant_5p.json", "up_or_down_unsupported.json")))
    assert code == 1  # the unsupported variant is rejected
    assert (a["ok"], a["score"], a["turns"], a["strikes"], a["clue_tokens"], a["end"]) == (True, 25, 55, 0, 3, "perfect")
    assert (b["ok"], b["score"], b["turns"], b["strikes"], b["clue_tokens"]) == (True, 23, 53, 0, 4)
    assert b["fireworks"] == {"red": 3, "yellow": 5, "green": 5, "blue": 5, "white": 5}
    assert c["ok"] is False and "Up or Down (5 Suits)" in c["error"] and "not supported" in c["error"]
    assert set(a) == {"file", "ok", "score", "turns", "strikes", "clue_tokens", "fireworks", "end"}


def test_replay_accepts_the_older_suit_key(tmp_path, capsys):
    data = json.loads((GAMES / "no_variant_5p.json").read_text())
    data["deck"] = [{"suit": c["suitIndex"], "rank": c["rank"]} for c in data["deck"]]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    code, (report,) = run_json(capsys, path)
    assert code == 0 and report["score"] == 23


def _record(tmp_path, mutate=None, name="game.json"):
    game = Game.new(get_variant("classic"), 3, seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    data = GameRecord.of(game).to_json()
    if mutate:
        mutate(data)
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path, game


def test_replay_of_our_own_export_matches_the_game(tmp_path, capsys):
    path, game = _record(tmp_path)
    code, (report,) = run_json(capsys, path)
    assert code == 0
    assert (report["score"], report["turns"], report["clue_tokens"], report["end"]) == (
        game.score, 6, game.clue_tokens, "in_progress")


def test_a_trailing_game_over_action_is_not_a_turn(tmp_path, capsys):
    path, _ = _record(tmp_path, lambda d: d["actions"].append({"type": 4, "target": 0, "value": 4}))
    code, (report,) = run_json(capsys, path)
    assert code == 0 and report["turns"] == 6 and report["end"] == "terminated"


def test_replay_turns_count_plays_discards_and_clues_and_a_bonus_tile_choice_belongs_to_its_turn(tmp_path, capsys):
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5", variant="flamboyants", tiles=list(map(Tile, (3, 1, 2, 4, 5, 6))))
    for card in range(4):  # P0 plays r1..r4, P1 clues ones in between
        game.apply(Play(card))
        game.apply(RankClue(0, 1))
    game.apply(Play(4))  # r5 completes red: tile 3, a free colour clue, chosen in the same turn
    game.apply(ColourClue(1, 1))
    path = tmp_path / "tile.json"
    path.write_text(GameRecord.of(game).dumps())
    code, (report,) = run_json(capsys, path)
    assert code == 0 and len(game.actions) == 10 and report["turns"] == game.turn == 9


def test_an_illegal_action_is_named_by_its_index(tmp_path, capsys):
    def bad(d):
        d["actions"].insert(3, {"type": 0, "target": 49, "value": 0})  # the bottom card of the deck

    path, _ = _record(tmp_path, bad)
    code, (report,) = run_json(capsys, path)
    assert code == 1 and report["ok"] is False and report["error"].startswith("action 3:")
    assert "not in" in report["error"] and "hand" in report["error"]


def test_actions_after_the_end_of_the_game_are_an_error(tmp_path, capsys):
    game = Game.new(get_variant("classic"), 2, seed=1)
    while not game.over:  # strike out fast
        game.apply(Play(game.hands[game.current][0]))
        if not game.over and game.strikes < 3:
            continue
    data = GameRecord.of(game).to_json()
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    path = tmp_path / "late.json"
    path.write_text(json.dumps(data))
    code, (report,) = run_json(capsys, path)
    assert code == 1 and report["error"].startswith(f"action {len(game.actions)}:") and "over" in report["error"]


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: "not json {", "not JSON"),
    (lambda d: d.pop("deck"), "'deck' is missing"),
    (lambda d: d["deck"].pop(), "the deck has 49 cards"),
    (lambda d: d["deck"].__setitem__(0, {"suitIndex": 0, "rank": 5}), "copies of red"),
    (lambda d: d["deck"].__setitem__(0, {"suitIndex": 9, "rank": 1}), "has suit 9"),
    (lambda d: d["actions"].append({"type": 0, "target": 77, "value": 0}), "there is no card 77"),
    (lambda d: d["actions"].append({"type": 9, "target": 0, "value": 0}), "unknown action type 9"),
    (lambda d: d.__setitem__("options", {"variant": "Omni (5 Suits)"}), "not supported"),
    (lambda d: d.__setitem__("players", ["solo"]), "games of 1 players are not supported"),
    (lambda d: d.__setitem__("options", {"cardCycle": True}), "card cycling"),
])
def test_malformed_input_is_a_clear_per_file_error(tmp_path, capsys, mutate, message):
    def apply(d):
        result = mutate(d)
        if isinstance(result, str):
            d.clear()
            d["__text__"] = result

    path, _ = _record(tmp_path, apply, name="bad.json")
    data = json.loads(path.read_text())
    if "__text__" in data:
        path.write_text(data["__text__"])
    good, _ = _record(tmp_path, name="good.json")
    code, (report, other) = run_json(capsys, path, good)
    assert code == 1 and report["ok"] is False and message in report["error"]
    assert other["ok"] is True  # one bad file does not stop the others


def test_a_missing_file_is_reported(capsys):
    code, (report,) = run_json(capsys, "/no/such/file.json")
    assert code == 1 and report == {"file": "/no/such/file.json", "ok": False, "error": "no such file"}


def test_text_output_is_one_line_per_file(tmp_path, capsys):
    path, _ = _record(tmp_path)
    assert main(["replay", str(path), str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "ok, score" in lines[0]


def test_variants_lists_every_preset_with_a_description(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for key, variant in PRESETS.items():
        assert f"{key}" in out and variant.description in out


def test_headless_commands_do_not_import_pygame(tmp_path):
    path, _ = _record(tmp_path)
    code = (
        "import sys\n"
        "from hanabi_desktop.cli import main\n"
        f"main(['variants']); main(['replay', {str(path)!r}])\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
