"""The client: a connection to a host (ws:// or wss://) on a thread of its own, with a thread-safe surface.

The game window (or a script) calls `NetClient`'s methods from any thread; they never block on the network.
Everything the host says arrives as an `Incoming` in `client.inbox` (a `queue.Queue`, read when convenient,
for instance once a frame) and, if given, through `on_message` on the client's thread. The client keeps the
seat's token from `joined`; when the connection drops it reconnects by itself and rejoins the same seat, and
says so with `Incoming("connection", {...})` messages ("connected", "reconnecting", "closed"; a `reason` "paused"
when the host closed its game and keeps the table to resume, "ended" when the host ended the table).
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import ssl
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from hanabi_desktop import __version__
from hanabi_desktop.engine import Action
from hanabi_desktop.net.loopend import end_loop
from hanabi_desktop.net.protocol import (
    CLOSE_ENDED,
    CLOSE_PAUSED,
    MAX_SERVER_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    RATE_BURST,
    RATE_PER_SECOND,
    Act,
    Chat,
    ClientMessage,
    CreateTable,
    HandBack,
    Hello,
    Join,
    Leave,
    ListTables,
    Look,
    NextGame,
    ProtocolError,
    Rejoin,
    SeatBot,
    Start,
    Sync,
    encode,
    normal_code,
)

log = logging.getLogger(__name__)

SERVER_TYPES = frozenset({"welcome", "lobby", "created", "joined", "table", "state", "update", "over", "chat",
                          "error"})
MAX_WAITING = 32  # messages kept while the connection is down
SEND_RATE = 0.8 * RATE_PER_SECOND  # the client keeps under the host's limit on its own
SEND_BURST = RATE_BURST // 2
RETRY_SECONDS = (0.05, 0.1, 0.2, 0.4, 0.8, 1.0)  # waits between reconnection attempts (then 1 s each)
LEAVE_SECONDS = 1.0  # at most this long to tell the host a seat is left, as the window goes
FATAL = {"version"}  # errors after which reconnecting cannot help
AT_A_TABLE = (Join, Rejoin, Look, Start, NextGame, SeatBot, HandBack)  # messages naming their table's code


@dataclass(frozen=True)
class Incoming:
    """A message from the host (`type` is one of PROTOCOL.md's), or the connection's own state ("connection")."""

    type: str
    data: dict[str, Any]


def parse_server(raw: str | bytes) -> Incoming:
    """A host message as JSON data with a known type; `ProtocolError` otherwise."""
    if not isinstance(raw, str):
        raise ProtocolError("binary", "the host sent a binary frame")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("invalid", "the host sent something that is not JSON") from None
    if not isinstance(data, dict) or data.get("type") not in SERVER_TYPES:
        raise ProtocolError("unknown", "the host sent a message of an unknown type")
    return Incoming(data.pop("type"), data)


class NetClient:
    """One connection to one host, kept open (and reopened) on the client's own thread."""

    def __init__(self, url: str, *, on_message: Callable[[Incoming], None] | None = None,
                 reconnect: bool = True, version: int = PROTOCOL_VERSION, tls: ssl.SSLContext | None = None) -> None:
        """`url` is ws://host:port or wss://host[:port]; `tls` replaces the system's certificates for wss://."""
        self.url = url
        self.tls = tls
        self.on_message = on_message
        self.reconnect = reconnect
        self.version = version
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.code: str | None = None  # the table and seat token this client holds, once joined
        self.token: str | None = None
        self.seat: int | None = None
        self.connected = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._ws: ClientConnection | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._loop.run_forever, name="net-client", daemon=True)
        self._task: asyncio.Future | None = None
        self._attempt = 0  # reconnection attempts since the host last welcomed us
        self._queue: deque[ClientMessage] = deque()  # to send, in order (kept while not connected)
        self._wake = asyncio.Event()  # (only touched on the client's thread; 3.10+ events bind no loop at creation)
        self._pumping: asyncio.Future | None = None
        self.seen = -1  # moves this client has been told of (a rejoin asks for the ones after them)
        self._syncing = False  # a `sync` was sent and its `state` has not come yet
        self._routed = False  # the host is a front of several processes (`serve --workers`)
        self._route: str | None = None  # the table whose process this client connects to, behind a front
        self._rerouting = False  # the connection is being moved to the table's process
        self._at: str | None = None  # the table whose path the current connection was opened with

    # -- lifetime ---------------------------------------------------------------------------------------------
    def start(self) -> NetClient:
        """Start connecting (returns at once; `connected` is set once the host has welcomed us)."""
        self._thread.start()
        self._task = asyncio.run_coroutine_threadsafe(self._run(), self._loop)
        return self

    def close(self, leave: bool = False) -> None:
        """Close the connection for good, end the tasks left on the client's loop, stop its thread and close it.
        `leave`: first tell the host this seat is left for good (`leave`), if the connection is up to say it."""
        self._stopping = True
        if self._thread.is_alive():
            asyncio.run_coroutine_threadsafe(self._shutdown(leave), self._loop).result(5)
        end_loop(self._loop, self._thread)

    async def _shutdown(self, leave: bool = False) -> None:
        if self._ws is not None:
            if leave and self.connected.is_set() and self.token is not None:
                try:  # straight on the socket, before its close: the queue's pump is about to stop
                    await asyncio.wait_for(self._ws.send(encode(Leave())), LEAVE_SECONDS)
                except (ConnectionClosed, TimeoutError):
                    pass  # gone already: the host sees the seat away, as after a drop
                self.token = None
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()

    def drop(self) -> None:
        """Cut the connection abruptly, as a network failure would (the client reconnects if it may)."""
        async def cut() -> None:
            if self._ws is not None and self._ws.transport is not None:
                self._ws.transport.abort()
        asyncio.run_coroutine_threadsafe(cut(), self._loop).result(5)

    # -- requests (any thread) ------------------------------------------------------------------------------------
    def send(self, message: ClientMessage) -> None:
        """Send `message` now, or once connected (at most `MAX_WAITING` wait; past that an `error` "offline").
        Messages go in order, paced under the host's rate limit."""
        self._soon(self._enqueue, message)

    def _soon(self, fn: Callable[..., None], *args: Any) -> None:
        """Run `fn(*args)` on the client's thread; nothing once the client is closed (what is sent after `close`
        goes nowhere)."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    def list_tables(self) -> None:
        self.send(ListTables())

    def create(self, spec: CreateTable) -> None:
        self.send(spec)

    def look(self, code: str) -> None:
        """Ask for table `code`'s seats (a `table` message answers)."""
        self.send(Look(code))

    def join(self, code: str, seat: int, name: str) -> None:
        self.send(Join(code, seat, name))

    def rejoin(self, code: str, token: str, seen: int = -1) -> None:
        """Take back a seat whose token was kept (after this program was restarted, say); having seen the first
        `seen` moves, each later one comes as an `update` (-1: the view as it is now)."""
        def back() -> None:
            self.code, self.token, self.seen = code, token, seen
            if self._routed and normal_code(code) != self._at:
                self._reroute(normal_code(code))  # the table's process welcomes us, and the rejoin follows
            elif self.connected.is_set():  # else the host's welcome brings the rejoin
                self._queue.appendleft(Rejoin(code, token, seen))
                self._wake.set()
        self._soon(back)

    def act(self, action: Action, hints: int = 0) -> None:
        """Send this seat's intent, with how many hints its person has been shown so far (the host counts them)."""
        self.send(Act(action, hints))

    def chat(self, text: str) -> None:
        self.send(Chat(text))

    def sync(self) -> None:
        """Ask for the seat's whole view again (a `state` answers)."""
        self.send(Sync())

    def leave(self) -> None:
        self.send(Leave())
        self.token = None

    # -- the connection's own thread -----------------------------------------------------------------------------
    def _enqueue(self, message: ClientMessage) -> None:
        if len(self._queue) >= MAX_WAITING:
            self._post(Incoming("error", {"code": "offline", "message": "not connected to the host"}))
            return
        self._queue.append(message)
        if self._routed and isinstance(message, AT_A_TABLE) and normal_code(message.code) != self._at:
            self._reroute(normal_code(message.code))  # the message goes once connected to the table's process
            return
        self._wake.set()

    def _reroute(self, code: str) -> None:
        """Behind a front (`serve --workers`) a table lives in one process, reached at /t/CODE: connect there."""
        self._route = code
        if self._ws is not None:
            self._rerouting = True
            if self._pumping is not None:
                self._pumping.cancel()  # nothing more goes on this connection
                self._pumping = None
            self._ws.transport.abort()

    def address(self) -> str:
        """Where this client connects: the host's address, or behind a front, the path of its table."""
        if self._route is None:
            return self.url
        from hanabi_desktop.net.workers import table_path

        base = self.url.split("://", 1)
        return f"{base[0]}://{base[1].split('/', 1)[0]}{table_path(self._route)}"

    async def _pump(self, ws: ClientConnection) -> None:
        """Send the queued messages in order, no faster than `SEND_RATE` (the host refuses faster)."""
        tokens, stamp = float(SEND_BURST), time.monotonic()
        while True:
            while not self._queue:
                self._wake.clear()
                await self._wake.wait()
            now = time.monotonic()
            tokens, stamp = min(SEND_BURST, tokens + (now - stamp) * SEND_RATE), now
            if tokens < 1:
                await asyncio.sleep((1 - tokens) / SEND_RATE)
                continue
            try:
                await ws.send(encode(self._queue[0]))
            except ConnectionClosed:
                return  # the message stays first in the queue for the next connection
            self._queue.popleft()
            tokens -= 1

    async def _run(self) -> None:
        while not self._stopping:
            fatal = False
            closed_by: int | None = None  # the host's close code, if it closed the connection
            try:
                tls = {"ssl": self.tls} if self.tls is not None and self.url.startswith("wss:") else {}
                self._at = self._route
                async with connect(self.address(), max_size=MAX_SERVER_MESSAGE_BYTES, compression=None, open_timeout=5,
                                   ping_interval=10, ping_timeout=10, close_timeout=2, **tls) as ws:
                    self._ws = ws
                    await ws.send(encode(Hello(self.version, f"hanabi-desktop {__version__}")))
                    try:
                        async for raw in ws:
                            fatal |= self._receive(ws, raw)
                    finally:
                        closed_by = ws.close_code
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as exc:
                log.info("connection to %s: %s", self.url, exc)
            except InvalidURI as exc:
                self._post(Incoming("connection", {"state": "closed", "reason": str(exc)}))
                return
            self._ws = None
            self.connected.clear()
            if self._pumping is not None:
                self._pumping.cancel()
                self._pumping = None
            if self._rerouting:  # not a drop: on to the table's process at once
                self._rerouting = False
                continue
            ended = closed_by == CLOSE_ENDED
            if self._stopping or fatal or ended or not self.reconnect:
                reason = "ended" if ended else "fatal" if fatal else ""
                self._post(Incoming("connection", {"state": "closed", "reason": reason}))
                return
            self._post(Incoming("connection", {"state": "reconnecting", "reason": "paused" if closed_by == CLOSE_PAUSED
                                               else ""}))
            await asyncio.sleep(RETRY_SECONDS[min(self._attempt, len(RETRY_SECONDS) - 1)])
            self._attempt += 1

    def _receive(self, ws: ClientConnection, raw: str | bytes) -> bool:
        """Handle one host message; True if it was a fatal error (another protocol version)."""
        try:
            message = parse_server(raw)
        except ProtocolError as exc:
            log.warning("ignored a message from the host: %s", exc)
            return False
        if message.type == "welcome":
            self._routed = message.data.get("routed") is True
            if self._routed:  # behind a front: be at the process of the table this client is about to use
                wanted = self._route or next((m.code for m in self._queue if isinstance(m, AT_A_TABLE)), self.code)
                if wanted is not None and normal_code(wanted) != self._at:
                    self._reroute(normal_code(wanted))
                    return False
            if self.token is not None and self.code is not None:  # back after a drop: the same seat
                self._queue.appendleft(Rejoin(self.code, self.token, self.seen))
            self._pumping = asyncio.ensure_future(self._pump(ws))
            self._wake.set()
            self._attempt = 0
            self.connected.set()
            self._post(Incoming("connection", {"state": "connected"}))
        elif message.type == "created" and self._routed and isinstance(message.data.get("code"), str):
            self._route = self._at = normal_code(message.data["code"])  # this process holds it: back here after a drop
        elif message.type == "joined":
            self.code, self.token, self.seat = message.data.get("code"), message.data.get("token"), message.data.get("seat")
        elif message.type == "state" and isinstance(message.data.get("moves"), int):
            self.seen = message.data["moves"]
            self._syncing = False
        elif message.type == "update":
            index = message.data.get("index")
            if index != self.seen:  # its change applies to a view this client does not have: ask for the whole view
                if isinstance(index, int) and index > self.seen and not self._syncing:
                    self._syncing = True  # once, until the whole view comes
                    self._queue.appendleft(Sync())
                    self._wake.set()
                return False
            self.seen += 1
        self._post(message)
        return message.type == "error" and message.data.get("code") in FATAL

    def _post(self, message: Incoming) -> None:
        self.inbox.put(message)
        if self.on_message is not None:
            try:
                self.on_message(message)
            except Exception:  # noqa: BLE001 - the UI's callback must not end the connection
                log.exception("on_message failed")
