"""Game records from anywhere: whatever a file holds, each gets a clear answer, never a traceback or a hang.

The real hanab.live exports used here are vendored in tests/data/hanablive/.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord, RecordError
from hanabi_desktop.review.replaying import replay_file

DATA = Path(__file__).parent / "data" / "hanablive"
GOOD = DATA / "no_variant_5p.json"


def good() -> dict:
    return json.loads(GOOD.read_text(encoding="utf-8"))


def flamboyant() -> dict:
    from hanabi_desktop.engine import Game, get_variant

    game = Game.new(get_variant("flamboyants"), 3, seed="tiles", names=["Ann", "Bob", "Cat"])
    return GameRecord.of(game).to_json()


def refused(text: str) -> str:
    """The RecordError message for `text` (the test fails on any other exception)."""
    with pytest.raises(RecordError) as info:
        GameRecord.loads(text)
    return str(info.value)


def test_a_number_of_thousands_of_digits_is_refused_not_a_traceback() -> None:
    data = good()
    text = json.dumps(data).replace('"type": 2', '"type": ' + "7" * 5000, 1)
    message = refused(text)
    assert "number too long" in message and len(message) < 200


def test_nesting_far_deeper_than_python_recurses_is_refused() -> None:
    assert "nested too deeply" in refused("[" * 100_000 + "]" * 100_000)
    data = good()
    data["options"] = {"variant": "No Variant", "x": "PLACEHOLDER"}
    text = json.dumps(data).replace('"PLACEHOLDER"', "{\"a\":" * 50_000 + "1" + "}" * 50_000)
    assert "nested too deeply" in refused(text)


@pytest.mark.parametrize("extra", [None, "7", 2.5, [1], True])
def test_flamboyant_tiles_must_all_be_tile_numbers(extra: object) -> None:
    data = flamboyant()
    GameRecord.from_json(data)  # the real thing reads
    data["options"]["flamboyantTiles"].append(extra)
    with pytest.raises(RecordError, match="flamboyantTiles"):
        GameRecord.from_json(data)


@pytest.mark.parametrize("value", ["0", "false", 1, 0, "", []])
def test_option_flags_are_json_booleans_only(value: object) -> None:
    data = good()
    data["options"] = {"allOrNothing": value}
    with pytest.raises(RecordError, match="'allOrNothing' must be true or false"):
        GameRecord.from_json(data)
    data["options"] = {"allOrNothing": True, "emptyClues": False, "cardCycle": False}
    record = GameRecord.from_json(data)
    assert record.variant.final_flourish and not record.variant.empty_clues


@pytest.mark.parametrize("where", ["variant", "rank", "target", "player", "long rank", "long suit", "long target",
                                   "long value", "long type"])
def test_error_texts_quote_a_huge_value_in_a_few_dozen_characters(where: str) -> None:
    huge = "x" * 100_000
    data = good()
    if where == "variant":
        data["options"] = {"variant": huge}
    elif where == "rank":
        data["deck"][3]["rank"] = huge
    elif where == "target":
        data["actions"][0]["target"] = [huge] * 3
    elif where == "player":
        data["players"] = [huge] * 6
    else:  # a number of 4,000 digits: under Python's parsing limit, far over anything a game holds
        part, key = where.split()[1], int("7" * 4000)
        if part in ("rank", "suit"):
            data["deck"][3]["suitIndex" if part == "suit" else "rank"] = key
        else:
            data["actions"][0][part] = key
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data).replay()
    assert len(str(info.value)) < 400, str(info.value)[:500]


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert replay_file(str(path)).ok and replay_file(str(path)).score == 23
    assert storage.load_replay(path).players[0] == "Alice"


def test_names_that_no_screen_can_draw_are_cleaned_where_the_record_is_read() -> None:
    data = good()
    data["players"][0] = "Al\x00ice\ud800"
    data["players"][1] = "\x00\x01"
    record = GameRecord.from_json(data)
    assert record.players[:2] == ("Alice\ufffd", "Player 2")
    record.players[0].encode("utf-8")  # drawable text: encodes
    data["notes"][0][3] = "r\x00\ud83d3"
    assert GameRecord.from_json(data).notes[0][3] == "r\ufffd3"


def _cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hanabi_desktop", "replay", "--json", *args], capture_output=True,
                          text=True, timeout=timeout, cwd=Path(__file__).parents[1])


def test_every_file_gets_its_line_even_after_a_hostile_one(tmp_path: Path) -> None:
    hostile = {
        "digits.json": '{"players": ' + "9" * 5000 + "}",
        "deep.json": "[" * 100_000,
        "tiles.json": json.dumps({**flamboyant(), "options": {**flamboyant()["options"],
                                                               "flamboyantTiles": [1, 2, 3, 4, 5, 6, None]}}),
        "bytes.json": b"\xff\xfe\x00garbage",
    }
    files = []
    for name, content in hostile.items():
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        files += [str(path), str(GOOD)]
    proc = _cli(*files)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [line["file"] for line in lines] == files
    assert [line["ok"] for line in lines] == [False, True] * len(hostile)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    proc = _cli(str(fifo), str(GOOD), timeout=30)  # before the fix this hung until the timeout
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert lines[0]["ok"] is False and "not a regular file" in lines[0]["error"] and lines[1]["ok"] is True
    with pytest.raises(storage.SaveError, match="not a regular file"):
        storage.load_replay(fifo)


def test_a_folder_or_a_missing_file_is_a_line_too(tmp_path: Path) -> None:
    assert replay_file(str(tmp_path)).error.endswith("is a folder, not a game file.")
    assert replay_file(str(tmp_path / "absent.json")).error == "no such file"
