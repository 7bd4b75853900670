"""Settings, autosave and replays live in the player's directories; damaged files are reported, never fatal."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    return tmp_path


def _record(actions: int = 6) -> GameRecord:
    game = Game.new(get_variant("classic"), 3, seed="store", names=["Ann", "Bob", "Cat"])
    for _ in range(actions):
        game.apply(game.legal_actions()[-1])
    return GameRecord.of(game)


def test_directories_are_under_the_home_override_and_created(home: Path) -> None:
    for d in (storage.config_dir(), storage.data_dir(), storage.log_dir(), storage.replays_dir()):
        assert d.is_dir() and home in d.parents


def test_without_override_platform_user_dirs_are_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    monkeypatch.delenv(storage.HOME_ENV)
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda app, appauthor: str(tmp_path / "cfg" / app))
    assert storage.config_dir() == tmp_path / "cfg" / storage.APP_NAME


def test_settings_round_trip_and_defaults() -> None:
    assert storage.load_settings() == storage.Settings()
    s = storage.Settings(colour_blind_symbols=False, card_scale=1.2, bot_pace="fast", last_setup={"seats": []})
    storage.save_settings(s)
    assert storage.load_settings() == s


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '{"card_scale": "huge"}', ""])
def test_a_corrupt_settings_file_gives_defaults(text: str) -> None:
    (storage.config_dir() / storage.SETTINGS_FILE).write_text(text)
    assert storage.load_settings() == storage.Settings()


def test_out_of_range_settings_are_clamped_and_unknown_keys_ignored() -> None:
    (storage.config_dir() / storage.SETTINGS_FILE).write_text(
        json.dumps({"card_scale": 9, "volume": -1, "bot_pace": "warp", "colour": 3}))
    s = storage.load_settings()
    assert (s.card_scale, s.volume, s.bot_pace) == (1.3, 0.0, "normal")


def test_autosave_round_trip_and_clear() -> None:
    assert storage.load_autosave() is None
    storage.save_autosave({"turn": 3})
    assert storage.load_autosave() == {"turn": 3}
    storage.clear_autosave()
    assert storage.load_autosave() is None


@pytest.mark.parametrize("text,words", [("{\"format\": ", "damaged"), ('{"players": []}', "not written by")])
def test_a_damaged_or_foreign_autosave_is_a_save_error(text: str, words: str) -> None:
    storage.autosave_path().write_text(text)
    with pytest.raises(storage.SaveError, match=words):
        storage.load_autosave()


def test_writes_are_atomic_a_failed_write_keeps_the_old_file(monkeypatch: pytest.MonkeyPatch) -> None:
    storage.save_autosave({"turn": 1})

    def broken(*_a: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage.os, "replace", broken)
    with pytest.raises(OSError):
        storage.save_autosave({"turn": 2})
    assert storage.load_autosave() == {"turn": 1}
    assert [p.name for p in storage.data_dir().iterdir()] == [storage.AUTOSAVE_FILE]  # no temp file left


def test_replays_save_list_newest_first_and_load() -> None:
    first = storage.save_replay(_record(4), "first game")
    second = storage.save_replay(_record(8))
    import os

    os.utime(first, (1, 1))
    assert storage.list_replays() == [second, first]
    loaded = storage.load_replay(second)
    assert loaded.actions == _record(8).actions and loaded.players == ("Ann", "Bob", "Cat")
    assert storage.save_replay(_record(4), "first game") != first  # never overwrites


def test_bad_replay_files_are_save_errors_naming_the_problem(home: Path) -> None:
    (home / "notjson.json").write_text("hello")
    (home / "foreign.json").write_text('{"hello": 1}')
    data = _record(6).to_json()
    data["actions"][2] = {"type": 0, "target": 9999, "value": 0}
    (home / "illegal.json").write_text(json.dumps(data))
    with pytest.raises(storage.SaveError, match="not JSON"):
        storage.load_replay(home / "notjson.json")
    with pytest.raises(storage.SaveError, match="'players' is missing"):
        storage.load_replay(home / "foreign.json")
    with pytest.raises(storage.SaveError, match="action 2"):
        storage.load_replay(home / "illegal.json")
    with pytest.raises(storage.SaveError, match="no file"):
        storage.load_replay(home / "absent.json")


def test_hanablive_exports_load_as_replays() -> None:
    files = sorted((Path(__file__).resolve().parent / "data" / "hanablive").glob("*.json"))
    assert len(files) == 3  # the vendored hanab.live exports
    loaded, refused = [], {}
    for f in files:
        try:
            storage.load_replay(f)
            loaded.append(f.name)
        except storage.SaveError as exc:
            refused[f.name] = str(exc)
    assert loaded == ["example_game_3p.json", "no_variant_5p.json"]
    assert list(refused) == ["up_or_down_unsupported.json"]
    assert "not supported" in refused["up_or_down_unsupported.json"]  # rejected with the reason


def test_the_autosave_writer_keeps_the_latest_state_and_flushes_it() -> None:
    import threading

    writer = storage.AutosaveWriter()
    gate = threading.Event()
    real = storage.save_autosave
    written: list[tuple[dict, bool]] = []

    def slow_save(data: dict, fsync: bool = True, unkept: list | None = None, base: Path | None = None) -> None:
        gate.wait(5)
        written.append((data, fsync))
        real(data, fsync, unkept, base)

    storage.save_autosave = slow_save
    try:
        for i in range(5):  # the frame hands over five states while the disk is busy with the first
            writer.put({"n": i})
        gate.set()
        assert writer.flush(5)
    finally:
        storage.save_autosave = real
    assert written[-1] == ({"n": 4}, True)
    assert len(written) <= 3  # states handed over while the disk was busy were skipped: the latest wins
    assert storage.load_autosave() == {"n": 4}
    writer.put(None)
    assert writer.flush(5) and storage.load_autosave() is None


def test_a_replay_is_deleted_only_from_the_replays_folder(tmp_path) -> None:  # noqa: ANN001
    from hanabi_desktop.engine import Game, GameRecord, get_variant

    record = GameRecord.of(Game.new(get_variant("classic"), 2, 5, names=["A", "B"]))
    path = storage.save_replay(record, "keep")
    outside = tmp_path / "x.json"
    outside.write_text("{}")
    with pytest.raises(storage.SaveError):
        storage.delete_replay(outside)
    assert outside.exists()
    storage.delete_replay(path)
    assert storage.list_replays() == []


HUGE = [10**400, -(10**400), "9" * 5000, "-" + "9" * 5000, 1e400, 2**64]


@pytest.mark.parametrize("huge", HUGE, ids=["10^400", "-10^400", "5000-digits", "-5000-digits", "1e400", "2^64"])
def test_integers_of_any_size_in_every_setting_reset_that_setting_alone_and_never_stop_the_start(huge: object) -> None:
    from dataclasses import fields

    names = [f.name for f in fields(storage.Settings)]
    number = huge if isinstance(huge, str) else json.dumps(huge)  # 1e400 is written as Infinity
    path = storage.config_dir() / storage.SETTINGS_FILE
    for name in names:  # one field at a time: the others keep their (non-default) values
        path.write_text("{" + f'"{name}": {number}, "bot_pace": "fast", "muted": true' + "}"
                        if name not in ("bot_pace", "muted") else "{" + f'"{name}": {number}, "volume": 0.25' + "}")
        settings, problem = storage.load_settings_checked()
        assert path.exists(), "a file with a bad value is read, not set aside"
        assert name in problem and len(problem) < 300, (name, problem)
        if name not in ("bot_pace", "muted"):
            assert settings.bot_pace == "fast" and settings.muted is True
        else:
            assert settings.volume == 0.25
        default = getattr(storage.Settings(), name)
        value = getattr(settings, name)
        low_high = {"card_scale": (0.8, 1.3), "animation_speed": (0.0, 3.0), "volume": (0.0, 1.0)}.get(name)
        if low_high and isinstance(huge, int) and abs(huge) < 10**4000:
            assert value == (low_high[1] if huge > 0 else low_high[0])  # clamped exactly, no float overflow
        else:
            assert value == default


def test_every_setting_huge_at_once_starts_the_game_with_a_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import fields

    from hanabi_desktop.program.notices import Notices
    from hanabi_desktop.ui.app import load_settings

    path = storage.config_dir() / storage.SETTINGS_FILE
    path.write_text("{" + ", ".join(f'"{f.name}": {10**400}' for f in fields(storage.Settings)) + "}")
    notices = Notices()
    settings = load_settings(notices)
    assert settings.cleaned() == settings and settings.card_scale == 1.3
    (notice,) = notices.history
    assert notice.kind == "warning" and "card_scale was a 401-digit number, now 1.3" in notice.text
    assert "language was reset" in notice.text


def test_a_retry_writes_in_the_home_the_game_was_handed_over_in(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A pass that runs after the home changed (each test has its own: a refusing disk's retry landed in the next
    test's home and showed a game in progress there) writes where the state was handed over."""
    first, second = tmp_path / "first", tmp_path / "second"
    monkeypatch.setenv(storage.HOME_ENV, str(first))
    writer = storage.AutosaveWriter(retry_seconds=0.05)
    refusing = True
    real = storage.write_atomic

    def write(path: Path, text: str, fsync: bool = True) -> None:
        if refusing:
            raise OSError(28, "No space left on device")
        real(path, text, fsync)

    monkeypatch.setattr(storage, "write_atomic", write)
    writer.put({"n": 1})
    assert writer.flush(5) and writer.error  # tried and refused: retried every 0.05 s
    monkeypatch.setenv(storage.HOME_ENV, str(second))  # the next test's home, say
    refusing = False
    deadline = time.monotonic() + 10
    while storage.autosave_path(first).exists() is False and time.monotonic() < deadline:
        time.sleep(0.02)
    assert json.loads(storage.autosave_path(first).read_text())["game"] == {"n": 1}
    assert not storage.autosave_path(second).exists()
