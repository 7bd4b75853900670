"""LAN discovery: a host announces its public tables and a browser finds them. Announced and browsed on the
loopback interface only (127.0.0.1): nothing goes out of this machine."""

from __future__ import annotations

import asyncio
import gc
import logging
import socket
import struct

import pytest

from hanabi_desktop.net.discovery import _found, browse, table_info
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, shown_code
from tests.net.conftest import LOOPBACK
from tests.waiting import LIMIT

ONLY_LOOPBACK = [LOOPBACK]
GROUP = "224.0.0.251"  # mDNS's group, joined and sent to on the loopback interface only


def loopback_multicast() -> str | None:
    """Why multicast on the loopback interface does not work here, or None if a datagram goes round."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as rx, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as tx:
            rx.bind((GROUP, 0))
            rx.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                          struct.pack("4s4s", socket.inet_aton(GROUP), socket.inet_aton(LOOPBACK)))
            rx.settimeout(1.0)
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton(LOOPBACK))
            tx.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 0)  # never past this machine
            tx.sendto(b"probe", (GROUP, rx.getsockname()[1]))
            rx.recv(16)
    except OSError as exc:
        return str(exc)
    return None


def test_a_public_table_is_found_on_the_local_network_and_a_private_one_is_not(host: HostThread) -> None:
    why = loopback_multicast()
    if why is not None:
        pytest.skip(f"multicast is not available on the loopback interface here: {why}")
    public = host.create_table(CreateTable("Friday", ("open", "open", "conventions"), "deluxe", public=True))
    host.create_table(CreateTable("Secret", ("open", "open")))
    host.advertise("Ann's computer", [LOOPBACK], interfaces=ONLY_LOOPBACK)
    found = browse(1.5, interfaces=ONLY_LOOPBACK)
    mine = [f for f in found if f.url == f"ws://{LOOPBACK}:{host.port}"]
    assert [(f.table, f.host, f.variant, f.free, f.code) for f in mine] == [
        ("Friday", "Ann's computer", "deluxe", 2, shown_code(public.code))]  # as people read it


def test_a_table_is_announced_with_the_name_of_the_person_who_opened_it(host: HostThread) -> None:
    table = host.create_table(CreateTable("Table de Zoé", ("local", "open"), public=True), "Zoé")
    host.seat_local(table, 0, "Zoé")
    found = _found(table_info(table, "zoe-pc", [LOOPBACK], 8765))
    assert found is not None and (found.player, found.host, found.table) == ("Zoé", "zoe-pc", "Table de Zoé")
    served = _found(table_info(host.create_table(CreateTable("Friday", ("open", "open"), public=True)), "box",
                               [LOOPBACK], 8765))
    assert served is not None and served.player == ""  # a server's table: no person at the host opened it


def test_stopping_a_host_while_it_announces_a_table_leaves_no_task_pending(
        host: HostThread, caplog: pytest.LogCaptureFixture) -> None:
    why = loopback_multicast()
    if why is not None:
        pytest.skip(f"multicast is not available on the loopback interface here: {why}")
    host.create_table(CreateTable("Friday", ("open", "open"), public=True))
    host.advertise("Ann's computer", [LOOPBACK], interfaces=ONLY_LOOPBACK)  # its announcement takes about a second
    advertiser = host.advertiser
    asyncio.run_coroutine_threadsafe(advertiser.close(), host.loop).result(LIMIT)  # at once, as the game at exit
    assert host.call(lambda: [t for t in asyncio.all_tasks() if "Advertiser" in repr(t)]) == []
    host.advertiser = None
    host.stop()
    assert asyncio.all_tasks(host.loop) == set()
    assert host.loop.is_closed()
    gc.collect()  # where a pending task would say "Task was destroyed but it is pending!"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
