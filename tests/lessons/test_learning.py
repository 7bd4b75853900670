"""The lesson progress file is written by one writer, in order: an older snapshot never lands after a newer."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from hanabi_desktop import storage
from hanabi_desktop.lessons import learning


def test_saves_land_in_order_and_the_newest_stays(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    written: list[list[str]] = []
    threads: set[str] = set()
    real = storage.write_atomic

    def slow_write(path: Path, text: str, *args: object) -> None:
        threads.add(threading.current_thread().name)
        time.sleep(0.01)  # a slow disk: many saves are in flight at once
        real(path, text, *args)
        written.append(json.loads(text)["tips"])

    monkeypatch.setattr(storage, "write_atomic", slow_write)
    progress = learning.Learning()
    for i in range(8):
        progress.seen(f"tip{i}")  # each saves on the writer's thread
    progress.tips.add("last")
    progress.save(wait=True)  # the newest, written at once
    learning.WRITER.flush()
    on_disk = json.loads(learning.learning_path().read_text())["tips"]
    assert "last" in on_disk and len(on_disk) == 9
    assert [len(w) for w in written] == sorted(len(w) for w in written)  # never an older one after a newer
    assert len({t for t in threads if t != threading.current_thread().name}) <= 1  # one writer thread, not one each


def test_a_save_lands_in_the_folder_it_was_asked_for_even_when_written_later(monkeypatch: pytest.MonkeyPatch,
                                                                            tmp_path: Path) -> None:
    # the writer's thread may get to a save after the settings folder changed (between two tests, under load, it
    # wrote one test's progress into the next test's home): it writes where the save was asked for
    first, second = tmp_path / "first", tmp_path / "second"
    monkeypatch.setenv(storage.HOME_ENV, str(first))
    real = storage.write_atomic
    gate = threading.Event()

    def held_write(path: Path, text: str, *args: object) -> None:
        gate.wait(10)  # the disk is slow: the folder changes before this write happens
        real(path, text, *args)

    monkeypatch.setattr(storage, "write_atomic", held_write)
    progress = learning.Learning()
    progress.mark("tokens", learning.DONE)  # on the writer's thread, held
    progress.mark("clues", learning.SKIPPED)  # queued behind it
    monkeypatch.setenv(storage.HOME_ENV, str(second))
    gate.set()
    learning.WRITER.flush()
    assert not learning.learning_path().exists()  # nothing in the second folder
    monkeypatch.setenv(storage.HOME_ENV, str(first))
    assert json.loads(learning.learning_path().read_text())["lessons"] == {"tokens": "done", "clues": "skipped"}
