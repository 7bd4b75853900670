"""`serve --saves`: the tables are written by a thread of their own. A disk that refuses the writes is said in the
log and tried again, the games play on meanwhile, and once the disk takes them the latest state of each table is
written; a host that stops writes what is waiting first. Real sockets on 127.0.0.1, a real folder."""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
import threading
import time
from pathlib import Path

import pytest

from hanabi_desktop.engine import Discard, Play, RankClue
from hanabi_desktop.measure.net_bench import start_server
from hanabi_desktop.net import saving
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits, Start
from hanabi_desktop.net.saving import TableSaver
from tests.net.conftest import LOOPBACK, Watcher, saved_moves, url
from tests.waiting import wait_until


def _game(host: HostThread) -> tuple:
    """A started table of Ann and two bots; Ann's client and the table."""
    table = host.create_table(CreateTable("t", ("open", "conventions", "conventions")))
    ann = Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    ann.wait_type("joined")
    host.start_game(table)
    ann.wait_type("state")
    return table, ann


def _round(host: HostThread, table, ann: Watcher) -> int:
    """Ann makes a move and the bots answer; the number of moves then. Ann never plays, and her clues are 5s where
    she can: the first legal move was often a play of an unknown card, then a clue the bots read as a play clue,
    and a random deal could end the game by strikes before the test's ninth move ("over" after five or six)."""
    done, move = host.call(lambda: (len(table.session.log) + 3, _harmless(table.session.game.legal_actions())))
    ann.client.act(move)
    ann.wait(lambda m: m.type == "update" and m.data["index"] == done - 1)
    return done


def _harmless(legal: list) -> object:
    """A discard, else a 5 clue (a save: nothing plays on it at the start), else any clue; never a play."""
    return (next((a for a in legal if isinstance(a, Discard)), None)
            or next((a for a in legal if isinstance(a, RankClue) and a.rank == 5), None)
            or next(a for a in legal if not isinstance(a, Play)))


def _moves(host: HostThread, table) -> int:
    return host.call(lambda: len(table.session.log))


def test_a_refusing_disk_is_said_retried_and_the_games_play_on(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "saves"
    folder.write_text("a file where the folder should be: every write fails, even for root")
    host = HostThread(Limits(), pace="instant")
    host.server.saver = TableSaver(folder, retry_first=0.05)
    host.start(LOOPBACK, 0)
    try:
        with caplog.at_level(logging.INFO, logger="hanabi_desktop.net.saving"):
            table, ann = _game(host)
            assert _round(host, table, ann) == 3
            wait_until(lambda: "could not be saved" in caplog.text)
            assert str(folder) in caplog.text and "tried again" in caplog.text
            said = caplog.text.count("could not be saved")
            # retries after 0.05, 0.1, 0.2 s ...: each said, none stopping the writer or the host (0.4 s of sleep
            # assumed the writer's thread had its turn meanwhile)
            wait_until(lambda: caplog.text.count("could not be saved") > said, what="a retry said in the log")
            assert _round(host, table, ann) == 6  # the game plays on meanwhile
            folder.unlink()  # the operator makes room
            folder.mkdir()
            saved = folder / f"{table.code}.json"
            wait_until(lambda: saved.exists() and saved_moves(saved) == 6)
            assert "tables are saved again" in caplog.text
        ann.close()
    finally:
        host.stop()


def test_a_stopping_host_writes_every_move_first(tmp_path: Path) -> None:
    host = HostThread(Limits(), pace="instant", saves=tmp_path)
    host.start(LOOPBACK, 0)
    try:
        table, ann = _game(host)
        moves = _round(host, table, ann)
        ann.close()
    finally:
        host.stop()  # at once: the save after the moves had no time of its own
    assert saved_moves(tmp_path / f"{table.code}.json") == moves == 3


def test_a_slow_disk_holds_one_state_per_table_and_writes_the_latest(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    stuck, written = threading.Event(), []
    real_write = saving.write_atomic

    def slow_write(path: Path, text: str, fsync: bool = True) -> None:
        stuck.wait(10)  # the disk takes its time with the first write
        session = json.loads(text)["session"]
        written.append(-1 if session is None else len(session["record"]["actions"]))
        real_write(path, text, fsync)

    monkeypatch.setattr(saving, "write_atomic", slow_write)
    host = HostThread(Limits(), pace="instant", saves=tmp_path)
    host.start(LOOPBACK, 0)
    try:
        table, ann = _game(host)
        for done in (3, 6, 9):  # three rounds while the first write (the new table) is stuck
            assert _round(host, table, ann) == done
        assert not written
        stuck.set()
        assert asyncio.run_coroutine_threadsafe(host.server.saver.flush(), host.loop).result(15)
        assert written[-1] == _moves(host, table) == 9  # the latest state, written last
        assert len(written) <= 3  # not one write a move: the states waiting for the disk were one a table
        assert saved_moves(tmp_path / f"{table.code}.json") == 9
        ann.close()
    finally:
        stuck.set()
        host.stop()


def test_a_closed_tables_file_goes_even_after_a_write_waiting(tmp_path: Path) -> None:
    async def run() -> list[str]:
        from hanabi_desktop.net.hosted import Table

        saver = TableSaver(tmp_path, delay=0.0)
        table = Table("ABCDEFGHJKMN", CreateTable("t", ("open", "open")), pace="instant")
        saver.save(table)
        assert await saver.flush()
        assert (tmp_path / "ABCDEFGHJKMN.json").exists()
        saver.save(table)
        saver.forget(table.code)  # closed before its last save was written: the file goes all the same
        await saver.close()
        return [p.name for p in tmp_path.iterdir()]
    assert asyncio.run(run()) == []


def test_stopping_on_a_refusing_disk_says_what_is_lost_and_does_not_wait_for_ever(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = tmp_path / "saves"
    folder.write_text("not a folder")
    host = HostThread(Limits(), pace="instant", saves=folder)
    host.start(LOOPBACK, 0)
    with caplog.at_level(logging.INFO, logger="hanabi_desktop.net.saving"):
        host.create_table(CreateTable("t", ("open", "open")))
        wait_until(lambda: "could not be saved" in caplog.text)
        began = time.monotonic()
        host.stop()
    assert time.monotonic() - began < 10
    assert "stopping with 1 tables not saved" in caplog.text
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_serve_stopped_by_sigterm_writes_every_move_first(tmp_path: Path) -> None:
    proc, address = start_server(saves=str(tmp_path))  # `systemctl stop` sends SIGTERM
    try:
        owner, ann = Watcher(address), Watcher(address)
        owner.client.create(CreateTable("t", ("open", "conventions")))
        created = owner.wait_type("created").data
        ann.client.join(created["code"], 0, "Ann")
        ann.wait_type("joined")
        owner.client.send(Start(created["code"], created["owner"]))
        view = ann.wait_type("state").data["view"]
        ann.client.act(Play(view["hands"][0][0]))
        ann.wait(lambda m: m.type == "update" and m.data["index"] == 1)  # Ann's move and the bot's answer
        proc.terminate()  # at once: the saves after the moves had no time of their own
        assert proc.wait(10) == 0
        owner.close()
        ann.close()
    finally:
        proc.kill()
        proc.wait(10)
    saved = tmp_path / f"{created['code'].replace('-', '')}.json"
    assert saved_moves(saved) >= 2
