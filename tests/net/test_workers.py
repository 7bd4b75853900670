"""`serve --workers 2`: two server processes behind one port. Tables are spread over both (each code starts with
its process's letter), and a client that knows only the address and a code reaches its table's process, after a
dropped connection too; stopping the front stops the workers."""

from __future__ import annotations

import os
import signal
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import Play
from hanabi_desktop.measure.net_bench import start_server
from hanabi_desktop.net.protocol import CreateTable, Start
from hanabi_desktop.net.workers import shard_of, table_path
from tests.net.conftest import Watcher, after, saved_moves
from tests.waiting import wait_until


def test_a_request_names_its_shard_by_the_code_in_its_path() -> None:
    assert shard_of(b"GET /t/BK3T-9Q8X-WMA2 HTTP/1.1\r\nHost: x\r\n") == "B"
    assert shard_of(b"GET /t/bk3t9q8xwma2?x=1 HTTP/1.1\r\n") == "B"  # as typed: any case, dashes
    assert shard_of(b"GET / HTTP/1.1\r\n") == shard_of(b"GET /new HTTP/1.1\r\n") == ""
    assert shard_of(b"GET /t/ HTTP/1.1\r\n") == shard_of(b"GET /t/%%% HTTP/1.1\r\n") == shard_of(b"\x16\x03\x01") == ""
    assert table_path("k3t9-q8xw-ma2b") == "/t/K3T9Q8XWMA2B"


def _children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


@contextmanager
def _serving(log: Path | None = None, saves: Path | None = None) -> Iterator[tuple[Any, str, list[Watcher]]]:
    """`serve --workers 2` on a free port of 127.0.0.1 (its log in `log`, its tables saved in `saves`): the
    process, its address, and a list for the test's clients, each closed at the end with the server."""
    with open(log or os.devnull, "wb") as errors:
        proc, address = start_server(workers=2, log=errors, saves=str(saves) if saves else "")
    watchers: list[Watcher] = []
    try:
        yield proc, address, watchers
    finally:
        for w in watchers:
            w.close()
        proc.terminate()
        proc.wait(10)


def _playing(address: str, table: dict[str, Any], names: tuple[str, ...], watchers: list[Watcher]) -> list[Any]:
    """A client for each of `names` seated in turn at `table` (as `created` said it), the game started by its
    owner's token: those clients (kept in `watchers` too), then each one's first view."""
    seated = [Watcher(address) for _ in names]
    watchers += seated
    for seat, (w, name) in enumerate(zip(seated, names, strict=True)):
        w.client.join(table["code"], seat, name)
    for w in seated:
        w.wait_type("joined")
    owner = Watcher(address)
    watchers.append(owner)
    owner.client.send(Start(table["code"], table["owner"]))
    return seated + [w.wait_type("state").data["view"] for w in seated]


def test_tables_spread_over_the_workers_and_each_client_reaches_its_table() -> None:
    with _serving() as (proc, address, watchers):
        workers = _children(proc.pid)
        assert len(workers) == 2
        host, port = address.removeprefix("ws://").split(":")
        for junk in (b"\x16\x03\x01 not http at all\r\n\r\n", b"GET /t/%%%%%% HTTP/1.1\r\n\r\n", b"x" * 5000):
            with socket.create_connection((host, int(port)), timeout=10) as raw:
                raw.sendall(junk)
                raw.shutdown(socket.SHUT_WR)
                while raw.recv(4096):  # answered (an HTTP error) and closed by a worker: nothing else happens
                    pass
        owners = [Watcher(address) for _ in range(4)]
        watchers += owners
        created = []
        for i, owner in enumerate(owners):
            owner.client.create(CreateTable(f"t{i}", ("open", "open")))
            created.append(owner.wait_type("created").data)
        assert {c["code"][0] for c in created} == {"A", "B"}  # the connections went to both processes in turn
        for table in created:
            looker = Watcher(address)
            watchers.append(looker)
            looker.client.look(table["code"])  # from the bare address: the client goes to the table's process
            assert looker.wait_type("table").data["code"] == table["code"]
            ann, bob, view, bob_view = _playing(address, table, ("Ann", "Bob"), watchers)
            ann.client.act(Play(view["hands"][0][0]))
            moved = bob.wait_type("update").data
            assert moved["seat"] == 0
            bob.client.drop()  # back by itself, at the same process
            assert bob.wait_type("joined").data["seat"] == 1
            bob.client.act(Play(after(bob_view, moved)["hands"][1][0]))
            assert ann.wait(lambda m: m.type == "update" and m.data["index"] == 1).data["seat"] == 1
            assert bob.client.address().endswith(table_path(table["code"]))
        assert not [m for w in watchers for m in w.seen if m.type == "error"]
    wait_until(lambda: not any(_alive(pid) for pid in workers), what="the workers going with the front")


def test_sigterm_to_the_front_stops_every_worker_and_their_tables_are_saved_first(tmp_path: Path) -> None:
    """`systemctl stop` or `kill` sends SIGTERM to the front: it stopped at once (killed by the signal), and its
    workers, left running, saved and ended after it, if at all before a new front started."""
    with _serving(saves=tmp_path) as (proc, address, watchers):
        workers = _children(proc.pid)
        owner = Watcher(address)
        watchers.append(owner)
        owner.client.create(CreateTable("t", ("open", "conventions")))
        table = owner.wait_type("created").data
        ann, view = _playing(address, table, ("Ann",), watchers)
        ann.client.act(Play(view["hands"][0][0]))
        ann.wait(lambda m: m.type == "update" and m.data["index"] == 1)  # Ann's move and the bot's answer
        proc.terminate()  # at once: the saves after the moves had no time of their own
        assert proc.wait(120) == 0  # it stopped as Ctrl-C stops it (before: -15, ended by the signal)
        assert not [pid for pid in workers if _alive(pid)]  # every worker ended before the front did
    code = table["code"].replace("-", "")
    assert saved_moves(tmp_path / code[0] / f"{code}.json") >= 2


def _alive(pid: int) -> bool:
    """Is process `pid` running (not ended, nor a zombie)?"""
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False


def test_one_lobby_for_every_worker_and_a_killed_worker_comes_back_with_its_tables(tmp_path: Path) -> None:
    log = tmp_path / "front.log"
    with _serving(log, tmp_path / "saves") as (proc, address, watchers):
        owners = [Watcher(address) for _ in range(2)]
        watchers += owners
        created = []
        for i, owner in enumerate(owners):
            owner.client.create(CreateTable(f"t{i}", ("open", "open"), public=True))
            created.append(owner.wait_type("created").data)
        codes = sorted(c["code"] for c in created)
        assert [c[0] for c in codes] == ["A", "B"]
        for _ in range(2):  # whichever worker a lobby connection reaches, it lists both tables (within a second)
            looker = Watcher(address)
            watchers.append(looker)
            listed: list[str] = []
            deadline = time.monotonic() + 10
            while listed != codes and time.monotonic() < deadline:
                looker.client.list_tables()
                listed = sorted(t["code"] for t in looker.wait_type("lobby").data["tables"])
                time.sleep(0.2)
            assert listed == codes
        table = next(c for c in created if c["code"].startswith("A"))
        ann, bob, view, bob_view = _playing(address, table, ("Ann", "Bob"), watchers)
        ann.client.act(Play(view["hands"][0][0]))
        moved = bob.wait_type("update").data
        saved = tmp_path / "saves" / "A" / f"{table['code'].replace('-', '')}.json"
        wait_until(lambda: saved.exists() and saved_moves(saved) == 1)  # the table's save after the move
        worker_a, = (pid for pid in _children(proc.pid)
                     if b"\0--shard\0A\0" in Path(f"/proc/{pid}/cmdline").read_bytes())
        os.kill(worker_a, signal.SIGKILL)
        assert bob.wait(lambda m: m.type == "connection" and m.data["state"] == "reconnecting").data["reason"] == ""
        assert bob.wait_type("joined", 60).data["seat"] == 1  # the new worker A resumed the table from its save
        bob.client.act(Play(after(bob_view, moved)["hands"][1][0]))
        assert ann.wait(lambda m: m.type == "update" and m.data["index"] == 1, 30).data["seat"] == 1
        assert worker_a not in _children(proc.pid) and len(_children(proc.pid)) == 2
        assert proc.poll() is None
        said = log.read_text()
        assert f"worker A (process {worker_a}) stopped" in said and "come back from their saves" in said
        assert "worker A started again" in said


def test_a_connection_for_a_worker_that_is_down_is_told_to_retry() -> None:
    import asyncio

    from hanabi_desktop.net.workers import Front

    async def ask(front: Front, request: bytes) -> bytes:
        ours, theirs = socket.socketpair()
        ours.settimeout(10)
        theirs.setblocking(False)
        ours.sendall(request)
        await front.hand_over(theirs)
        return ours.recv(4096)

    front = Front([["unused"], ["unused"]])  # never started: both workers are down
    answer = asyncio.run(ask(front, b"GET /t/BK3T-9Q8X-WMA2 HTTP/1.1\r\nHost: x\r\n\r\n"))
    assert answer.startswith(b"HTTP/1.1 503 ") and b"Retry-After: 1" in answer
    assert asyncio.run(ask(front, b"GET / HTTP/1.1\r\n\r\n")).startswith(b"HTTP/1.1 503 ")  # none is up
    up, other_end = socket.socketpair()
    with up, other_end:
        front.workers[0].control = up  # worker A is up: a path without a table goes there, B's table still waits
        assert front.worker_for(b"GET / HTTP/1.1\r\n") is front.workers[0]
        assert front.worker_for(b"GET /t/BK3T9Q8XWMA2 HTTP/1.1\r\n") is None
        assert front.worker_for(b"GET /t/AK3T9Q8XWMA2 HTTP/1.1\r\n") is front.workers[0]


def test_without_saves_a_killed_workers_players_are_told_their_table_ended(tmp_path: Path) -> None:
    log = tmp_path / "front.log"
    with _serving(log) as (proc, address, watchers):
        owner = Watcher(address)
        watchers.append(owner)
        owner.client.create(CreateTable("t", ("open", "conventions")))
        table = owner.wait_type("created").data
        ann, _view = _playing(address, table, ("Ann",), watchers)
        worker, = (pid for pid in _children(proc.pid)
                   if f"\0--shard\0{table['code'][0]}\0".encode() in Path(f"/proc/{pid}/cmdline").read_bytes())
        os.kill(worker, signal.SIGKILL)
        assert ann.wait(lambda m: m.type == "connection" and m.data["state"] == "reconnecting").data["reason"] == ""
        assert ann.wait_type("error", 60).data["code"] == "no_table"  # the new worker has no such table
        closed = ann.wait(lambda m: m.type == "connection" and m.data["state"] == "closed", 10)
        assert closed.data == {"state": "closed", "reason": "ended"}  # the table says it ended; no more retries
        assert "are lost (serve has no --saves)" in log.read_text()
