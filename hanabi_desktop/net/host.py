"""The host inside the game: the `Server` on an event loop of its own thread, never the frame thread.

The game window creates its table and sits its own people (`LOCAL` seats) through this object's methods,
which hand the work to the host's loop and wait for the answer (a few microseconds of table bookkeeping, not
the network). A local seat receives the same messages as a remote one, as `Incoming` values in its `inbox`.
"""

from __future__ import annotations

import asyncio
import queue
import ssl
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hanabi_desktop.engine import Action
from hanabi_desktop.net.client import Incoming, parse_server
from hanabi_desktop.net.hosted import LOCAL, Refusal, Table
from hanabi_desktop.net.loopend import end_loop
from hanabi_desktop.net.protocol import CreateTable, Limits, encode
from hanabi_desktop.net.saving import TableSaver
from hanabi_desktop.net.server import Server

T = TypeVar("T")


class LocalSeat:
    """A person at the host's computer: the table's messages for their seat, and their intents."""

    def __init__(self, host: HostThread, table: Table, seat: int) -> None:
        self.host = host
        self.table = table
        self.seat = seat
        self.inbox: queue.Queue[Incoming] = queue.Queue()

    def deliver(self, text: str) -> None:
        """A message from the table (on the host's thread)."""
        self.inbox.put(parse_server(text))

    def close(self, code: int, reason: str) -> None:
        self.inbox.put(Incoming("connection", {"state": "closed", "reason": reason}))

    def act(self, action: Action, hints: int = 0) -> None:
        """This seat's intent; a refusal arrives in the inbox as an `error`, as it would over the network."""
        self.host.call(self._act, action, hints)

    def _act(self, action: Action, hints: int) -> None:
        try:
            self.table.act(self.seat, action, hints)
        except Refusal as exc:
            self.deliver(encode({"type": "error", "code": exc.code, "message": str(exc)}))

    def chat(self, text: str) -> None:
        self.host.call(self._chat, text)

    def sync(self) -> None:
        """Ask for the seat's whole view again (a `state` arrives in the inbox)."""
        self.host.call(lambda: self.deliver(self.table.sync(self.seat)) if self.table.session is not None else None)

    def _chat(self, text: str) -> None:
        try:
            self.table.chat(self.seat, text)
        except Refusal as exc:
            self.deliver(encode({"type": "error", "code": exc.code, "message": str(exc)}))


class HostThread:
    """A `Server` running on its own thread, with thread-safe calls for the game window."""

    def __init__(self, limits: Limits | None = None, *, pace: str = "normal", name: str = "",
                 saves: Path | None = None) -> None:
        """`saves`: a folder where every table is saved after each change and resumed from at the next start."""
        self.server = Server(limits, pace=pace, name=name, saver=TableSaver(saves) if saves is not None else None)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="net-host", daemon=True)
        self.port = 0
        self.advertiser: Any = None

    def start(self, host: str = "0.0.0.0", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Start listening (0.0.0.0: every network of this computer; `tls`: wss:// with that certificate); the port."""
        if not self.thread.is_alive():  # a second try (another port) runs on the same loop
            self.thread.start()
        self.port = asyncio.run_coroutine_threadsafe(self.server.start(host, port, tls), self.loop).result(10)
        return self.port

    def stop(self) -> None:
        """Close every connection, end the tasks left on the loop, stop the thread and close the loop."""
        if self.thread.is_alive():
            if self.advertiser is not None:
                asyncio.run_coroutine_threadsafe(self.advertiser.close(), self.loop).result(10)
                self.advertiser = None
            asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(10)
        end_loop(self.loop, self.thread)

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` on the host's loop and return its result (its exception is raised here)."""
        async def run() -> T:
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def advertise(self, host_name: str, addresses: Sequence[str] | None = None,
                  interfaces: Sequence[str] | None = None) -> None:
        """Announce the public tables on the local network (`addresses`: where to reach this host, by default
        every address of this computer but the loopback; `interfaces`: where to announce, by default all)."""
        from hanabi_desktop.net.discovery import Advertiser, lan_addresses

        reach = list(addresses) if addresses is not None else lan_addresses()

        async def make() -> Advertiser:
            return Advertiser(self.server, reach, host_name, interfaces)
        self.advertiser = asyncio.run_coroutine_threadsafe(make(), self.loop).result(10)

    # -- the host's own table ----------------------------------------------------------------------------------
    def create_table(self, spec: CreateTable, local_name: str = "") -> Table:
        """Open a table (seats "open", "local" or a bot's name); `Refusal` saying why it cannot."""
        return self.call(lambda: self.server.create(spec, LOCAL, local_name=local_name))

    def seat_local(self, table: Table, seat: int, name: str) -> LocalSeat:
        """Sit a person at this computer in `seat` (a "local" seat of `table`)."""
        local = LocalSeat(self, table, seat)
        self.call(lambda: table.join(local, seat, name, local=True))
        return local

    def start_game(self, table: Table) -> None:
        self.call(table.start)
