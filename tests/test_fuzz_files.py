"""Keep proving it: mutated real records, autosaves and settings files always get a clean answer.

A clean answer is the file read (a record that replays, a game that resumes, settings of the right types) or a
`SaveError` whose message a player can read; anything else (a traceback, a hang) fails. The records are the
real hanab.live exports in tests/data/hanablive/. The examples per test default to a quick run; set
HANABI_FUZZ_EXAMPLES for a campaign (the numbers in the issue's closing note came from that).
"""

from __future__ import annotations

import json
import math
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hanabi_desktop import storage
from hanabi_desktop.review.replaying import replay_file
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup

DATA = Path(__file__).parent / "data" / "hanablive"
RECORDS = sorted(DATA.glob("*.json"))
EXAMPLES = int(os.environ.get("HANABI_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# Values a hostile file may hold where something else was expected.
HOSTILE_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(), st.just(2 ** 80),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["", "0", "false", "off", "\x00", "\ud800", "No Variant", "5 Flamboyants", "x" * 5000]),
)
TALLY: Counter[str] = Counter()  # outcomes per kind of file, printed at the end (pytest -s) for campaign reports


@pytest.fixture(scope="module", autouse=True)
def _report() -> None:
    yield
    print("\nfuzz outcomes:", ", ".join(f"{k} {v}" for k, v in sorted(TALLY.items())))


HOSTILE = st.recursive(HOSTILE_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                                st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=4)), max_leaves=12)


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            found += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += _paths(v, (*path, i))
    return found


def _dump(data: Any) -> str:
    try:
        return json.dumps(data)  # NaN and Infinity are written as Python's JSON does: a reader must cope
    except (ValueError, RecursionError):
        return "{}"


@st.composite
def mutated(draw: st.DrawFn, original: Any) -> bytes:
    """`original` (parsed JSON) with one to three hostile edits, as the bytes of a file."""
    data = json.loads(json.dumps(original))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        edit = draw(st.sampled_from(["replace", "delete", "duplicate", "huge"]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if not path:
            data = draw(HOSTILE) if edit == "replace" else data
            continue
        last = path[-1]
        if edit == "replace":
            parent[last] = draw(HOSTILE)
        elif edit == "delete":
            del parent[last]
        elif edit == "duplicate" and isinstance(parent, list):
            parent.insert(last, parent[last])
        elif edit == "huge":
            parent[last] = draw(st.sampled_from(["[" * 5000 + "]" * 5000, "HUGEINT", "x" * 100_000]))
    text = _dump(data).replace('"HUGEINT"', "9" * 5000).replace('"' + "[" * 5000, "[" * 5000)
    text = text.replace("]" * 5000 + '"', "]" * 5000)
    raw = text.encode("utf-8", "surrogatepass")
    how = draw(st.sampled_from(["as is", "as is", "bom", "truncate", "byte"]))
    if how == "bom":
        raw = b"\xef\xbb\xbf" + raw
    elif how == "truncate":
        raw = raw[: draw(st.integers(0, len(raw)))]
    elif how == "byte" and raw:
        i = draw(st.integers(0, len(raw) - 1))
        raw = raw[:i] + bytes([draw(st.integers(0, 255))]) + raw[i + 1:]
    return raw


def clean_refusal(exc: Exception) -> None:
    message = str(exc)
    assert message and len(message) < 600, message[:700]
    message.encode("utf-8")  # drawable: no lone surrogates


@pytest.mark.parametrize("name", [p.name for p in RECORDS])
def test_mutated_real_records_get_a_clean_answer_per_file(name: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    original = json.loads((DATA / name).read_text(encoding="utf-8"))
    folder = tmp_path_factory.mktemp("fuzz")

    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        path = folder / "game.json"
        path.write_bytes(data.draw(mutated(original)))
        try:
            record = storage.load_replay(path)
        except storage.SaveError as exc:
            clean_refusal(exc)
            record = None
        report = replay_file(str(path))  # the `replay` command's answer agrees
        assert report.ok == (record is not None), report
        TALLY["record read" if record is not None else "record refused"] += 1
        if record is not None:
            assert all(p.encode("utf-8") for p in record.players)
            json.dumps(record.to_json())  # a record that was read can be written back
        else:
            clean_refusal(Exception(report.error))

    check()


@pytest.fixture(scope="module")
def real_save() -> dict:
    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions"), SeatSpec("Cat", "expert")], seed="fuzz")
    session = Session(setup, threaded=False)
    for _ in range(4):  # still going after four rounds (the sixth ends it on strikes)
        session.submit(session.game.legal_actions()[-1])
        session.run_bots()
    session.reorder(0, session.hand_order(0)[0], 3)
    return {"format": storage.AUTOSAVE_FORMAT, "version": storage.AUTOSAVE_VERSION, "game": save_data(session)}


def test_mutated_autosaves_resume_or_are_set_aside(real_save: dict) -> None:
    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        for p in storage.data_dir().glob("autosave.json*"):
            p.unlink()
        raw = data.draw(mutated(real_save))
        storage.autosave_path().write_bytes(raw)
        try:  # what the title screen does (ui/scenes/title.py check_save)
            save = storage.load_autosave()
            if save is not None:
                resume(save, threaded=False)
            TALLY["autosave resumed"] += 1
        except storage.DamagedFile as exc:
            TALLY["autosave set aside"] += 1
            clean_refusal(exc)
            kept = storage.set_aside(storage.autosave_path())
            assert kept.read_bytes() == raw  # nothing lost: the file is kept as it was

    check()


def test_mutated_settings_files_give_settings_of_the_right_types() -> None:
    original = {"colour_blind_symbols": False, "card_scale": 1.1, "animation_speed": 2.0, "volume": 0.3,
                "muted": True, "fullscreen": False, "bot_pace": "fast",
                "last_setup": {"seats": [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": "expert"}]}}
    path = storage.config_dir() / storage.SETTINGS_FILE

    @FUZZ
    @given(st.data())
    def check(data: st.DataObject) -> None:
        raw = data.draw(mutated(original))
        path.write_bytes(raw)
        s, problem = storage.load_settings_checked()
        TALLY["settings " + ("set aside" if "kept as" in problem else "keys reset" if problem else "clean")] += 1
        problem.encode("utf-8")
        for f in ("colour_blind_symbols", "muted", "fullscreen"):
            assert type(getattr(s, f)) is bool
        assert 0.8 <= s.card_scale <= 1.3 and 0 <= s.animation_speed <= 3 and 0 <= s.volume <= 1
        assert all(math.isfinite(x) for x in (s.card_scale, s.animation_speed, s.volume))
        assert s.bot_pace in storage.PACES and (s.last_setup is None or isinstance(s.last_setup, dict))
        if s.last_setup is not None:  # what the New game screen does with it
            try:
                Setup.from_json({**s.last_setup, "seed": None})
            except ValueError as exc:
                clean_refusal(exc)
        if not path.exists():  # set aside, not deleted
            assert [p.read_bytes() for p in storage.config_dir().glob("settings.json.damaged-*")][-1:] == [raw]
            for p in storage.config_dir().glob("settings.json.damaged-*"):
                p.unlink()

    check()
