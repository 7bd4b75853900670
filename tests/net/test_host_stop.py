"""A host stops at once and leaves nothing behind, whatever its connections are doing: one whose peer never
finishes its opening request held the stop for the whole opening timeout (10 s, so that the window's stop ran out of
time and a handshake was left on a stopped loop, collected later as an unraisable error). A closed client leaves
nothing behind either."""

from __future__ import annotations

import asyncio
import gc
import logging
import socket
import time

import pytest

from hanabi_desktop.net.client import NetClient
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import Limits
from tests.net.conftest import LOOPBACK, url
from tests.waiting import LIMIT

HALF_REQUEST = b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"  # no blank line: not done


@pytest.mark.parametrize("sent", [b"", HALF_REQUEST], ids=["nothing", "half a request"])
def test_a_host_stops_at_once_with_a_connection_still_opening(sent: bytes, caplog: pytest.LogCaptureFixture) -> None:
    host = HostThread(Limits(), pace="instant")
    port = host.start(LOOPBACK, 0)
    opening = host.server._ws_options()["open_timeout"]
    with socket.create_connection((LOOPBACK, port), timeout=5) as peer:
        peer.sendall(sent)
        deadline = time.monotonic() + 5  # until the host has the connection (its handler is running)
        while not host.call(lambda: len(host.server._server.handler_tasks)) and time.monotonic() < deadline:
            time.sleep(0.01)
        began = time.monotonic()
        host.stop()
        took = time.monotonic() - began
        assert took < opening / 2, f"the stop waited {took:.1f} s for a handshake that never comes"
        assert peer.recv(16) == b""  # cut, not left open
    assert asyncio.all_tasks(host.loop) == set() and host.loop.is_closed()
    gc.collect()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


def test_a_closed_client_leaves_no_task_and_its_loop_closed(host: HostThread, caplog: pytest.LogCaptureFixture) -> None:
    client = NetClient(url(host)).start()
    assert client.connected.wait(LIMIT)
    client.list_tables()
    client.close()
    loop = client._loop
    assert asyncio.all_tasks(loop) == set() and loop.is_closed()  # it was only stopped: "unclosed event loop"
    client.chat("still there?")  # what is sent after close goes nowhere, without an error
    gc.collect()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
