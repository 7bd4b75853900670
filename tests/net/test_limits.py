"""The limits PROTOCOL.md documents, each held by a running host: tables per server, open tables per address, a
table nobody is connected to, and a connection that does not read its messages."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits
from hanabi_desktop.net.server import IDLE_CHECK, OUTBOX, Connection
from tests.net.conftest import LOOPBACK, Watcher, url, wait_until


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
               timeout=5 * IDLE_CHECK)  # the second had nobody: closed, and its address may open another
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
