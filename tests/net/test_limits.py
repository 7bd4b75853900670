"""The limits PROTOCOL.md documents, each held by a running host: tables per server, open tables per address, a
table nobody is connected to, and a connection that does not read its messages."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits
from hanabi_desktop.net.server import IDLE_CHECK, OUTBOX, Connection
from tests.net.conftest import LOOPBACK, Watcher, url
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def small() -> Iterator[HostThread]:
    """A host that holds 3 tables, 2 opened from one address, and closes a table nobody sits at after 0.2 s."""
    h = HostThread(Limits(tables=3, tables_per_address=2, idle_table_seconds=0.2), pace="instant")
    h.start(LOOPBACK, 0)
    yield h
    h.stop()


def _create(w: Watcher, name: str) -> str:
    w.client.create(CreateTable(name, ("open", "open")))
    answer = w.wait(lambda m: m.type in ("created", "error"))
    return answer.data["code"] if answer.type == "created" else answer.data["code"] + " error"


def test_tables_per_address_and_per_server_are_limited(small: HostThread) -> None:
    ann, bob = Watcher(url(small)), Watcher(url(small))
    first, second = _create(ann, "a"), _create(ann, "b")
    assert _create(ann, "c") == "too_many_tables error"  # two open tables from this address already
    ann.client.join(first, 0, "Ann")  # someone sits at the first: the idle rule leaves it alone
    ann.wait_type("joined")
    wait_until(lambda: second.replace("-", "") not in small.call(lambda: set(small.server.tables)),
               5 * IDLE_CHECK)  # the second had nobody: closed, and its address may open another
    third = _create(ann, "c")
    bob.client.join(third, 0, "Bob")
    bob.wait_type("joined")
    own = small.create_table(CreateTable("the host's own", ("local", "open")))  # the host's window: no address
    small.seat_local(own, 0, "Host")
    assert _create(bob, "d") == "full error"  # 3 tables: the server is full, whoever asks
    time.sleep(3 * IDLE_CHECK)
    assert len(small.call(lambda: small.server.tables)) == 3  # each has someone connected: none closed
    ann.close()
    bob.close()


def test_a_connection_that_does_not_read_is_closed_not_waited_for() -> None:
    async def fill() -> tuple:
        conn = Connection(None, "10.0.0.1")
        for i in range(OUTBOX):
            conn.deliver(f"message {i}")
        before = conn.closing
        conn.deliver("one too many")
        return before, conn.closing, conn.outbox.qsize()
    before, after, waiting = asyncio.run(fill())
    assert before is None and after is not None and after[0] == 1008
    assert waiting <= OUTBOX  # what it did not read is dropped, not kept


@pytest.mark.skipif(sys.platform == "win32", reason="Windows has no limit of open files to raise")
def test_serve_raises_its_limit_of_open_files_or_says_it_is_too_low() -> None:
    code = ("import logging, resource\n"
            "logging.basicConfig(level=logging.INFO)\n"
            "from hanabi_desktop.net.server import open_files\n"
            "hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))\n"
            "print(open_files(200), hard)\n"  # 200 tables of 5 and the spare: 1100 files
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 600))  # the hard limit is the most it may have\n"
            "print(open_files(200), resource.getrlimit(resource.RLIMIT_NOFILE)[0])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])})
    assert done.returncode == 0, done.stderr
    (raised, hard), (capped, soft) = (map(int, line.split()) for line in done.stdout.split("\n")[:2])
    assert raised == (1100 if hard == -1 else min(1100, hard))  # 256 were too few: raised, not left
    assert capped == soft == 600
    assert "may open 600 files, about 100 tables of 5 people (--max-tables 200)" in done.stderr
    assert ("cannot raise" not in done.stderr) and done.stderr.count("may open") == (1 if raised == 1100 else 2)
