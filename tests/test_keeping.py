"""A game that must be kept (finished, abandoned, replaced) is never lost to a full or read-only disk: it stays
in the autosave file until its replay is on disk, the keep is retried, and nothing says 'saved' before it is."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Game, GameRecord, get_variant
from tests.disk import Disk

pytestmark = pytest.mark.parametrize("refusal", ["full", "read-only"])


def game(seed: str, actions: int = 4, names: tuple[str, ...] = ("Ann", "Bob")) -> tuple[dict, GameRecord]:
    """A game's autosave data (only the record matters to the writer) and its record."""
    g = Game.new(get_variant("classic"), len(names), seed=seed, names=list(names))
    for _ in range(actions):
        g.apply(g.legal_actions()[-1])
    record = GameRecord.of(g)
    return {"record": record.to_json(), "seed": seed}, record


def writer_said(retry: float = 0.05) -> tuple[storage.AutosaveWriter, list[tuple[str, str]]]:
    writer = storage.AutosaveWriter(retry_seconds=retry)
    said: list[tuple[str, str]] = []
    writer.report = lambda text, kind, *key: said.append((text, kind))
    return writer, said


def refuse(disk: Disk, refusal: str) -> None:
    disk.full() if refusal == "full" else disk.read_only()


def until(condition, seconds: float = 5.0) -> bool:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return condition()


def replays() -> list[GameRecord]:
    return [storage.load_replay(p) for p in storage.list_replays()]


def test_a_game_finished_on_a_refusing_disk_stays_in_the_autosave_and_is_kept_once_it_works(
        disk: Disk, refusal: str) -> None:
    writer, said = writer_said()
    data, record = game("finish")
    writer.put(data)
    assert writer.flush(5) and storage.load_autosave() == data
    refuse(disk, refusal)
    writer.keep(record)  # the game ends: keep it, then no game in progress
    writer.put(None)
    assert writer.flush(5)
    assert storage.load_autosave() == data  # still on disk: the autosave was not cleared on a full disk
    assert writer.waiting(record) and replays() == []
    assert said and all("saved" not in text and "now kept" not in text for text, _ in said)
    assert "The Classic game of Ann, Bob is not kept yet" in said[-1][0] and said[-1][1] == "error"
    disk.works()  # space returns: the retry keeps it, with nobody doing anything
    assert until(lambda: said[-1][0].startswith("Saving works again"))
    assert not writer.waiting(record) and storage.load_autosave() is None
    assert replays() == [record]
    texts = [text for text, _ in said]
    assert "The Classic game of Ann, Bob is now kept in Replays." in texts
    assert texts[-1] == "Saving works again: the game is saved."


def test_a_replaced_game_stays_on_disk_while_the_next_one_is_played_and_is_kept_later(
        disk: Disk, refusal: str) -> None:
    writer, said = writer_said()
    old, old_record = game("old")
    writer.put(old)
    assert writer.flush(5)
    refuse(disk, refusal)
    writer.keep(old_record)  # New game > Start the new game: the old one is kept, the new one saved
    new, _ = game("new", 1, ("Cat", "Dan"))
    writer.put(new)
    assert writer.flush(5)
    assert storage.load_autosave() == old and writer.waiting(old_record)
    assert not any("works again" in text for text, _ in said)
    for n in range(2, 5):  # the new game goes on: still nothing written, still said
        writer.put(game("new", n, ("Cat", "Dan"))[0])
        assert writer.flush(5) and storage.load_autosave() == old
    assert "is not kept yet" in said[-1][0]
    disk.works()
    assert until(lambda: not writer.waiting(old_record))
    assert until(lambda: storage.load_autosave() == game("new", 4, ("Cat", "Dan"))[0])
    assert replays() == [old_record] and storage.load_unkept()[1] == []


def test_a_keep_that_fails_while_the_autosave_works_is_carried_in_the_autosave_and_adopted_at_the_next_start(
        disk: Disk, refusal: str, own_patch: pytest.MonkeyPatch) -> None:
    writer, said = writer_said(retry=600)  # this program ends before it would retry
    old, old_record = game("old")
    writer.put(old)
    assert writer.flush(5)

    def no_replays(record: GameRecord, name: str | None = None, base: Path | None = None) -> None:
        raise OSError(28 if refusal == "full" else 30, "refused")

    replays_folder = own_patch  # its own: undoing it must not undo the private home of conftest
    replays_folder.setattr(storage, "save_replay", no_replays)  # the replays folder alone refuses
    writer.keep(old_record)
    new, _ = game("new", 2, ("Cat", "Dan"))
    writer.put(new)
    assert writer.flush(5) and writer.waiting(old_record)
    assert storage.load_autosave() == new and storage.load_unkept() == (new, [old_record])
    # the program ends here; the next one takes over what the file holds
    replays_folder.undo()
    after, said_after = writer_said()
    after.adopt(*storage.load_unkept())
    assert until(lambda: not after.waiting(old_record))
    assert after.flush(5) and replays() == [old_record]
    assert storage.load_autosave() == new and storage.load_unkept() == (new, [])
