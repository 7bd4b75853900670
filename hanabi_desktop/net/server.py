"""The host: a websockets server holding tables, checking every message, answering errors to the sender only.

One `Server` runs on one asyncio event loop: `serve` runs it headless in the main thread, and `HostThread`
(host.py) runs it on a thread of its own inside the game. Each connection says hello with its protocol version
(another version is told which one the host runs and closed), then sends requests; each is checked by
`protocol.parse_client` and the table's rules, and a bad one is answered with an `error` to that connection
only. Consecutive bad messages past `MAX_STRIKES` close it. Nothing a connection sends reaches another seat's
game except through the table's own checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import ssl
import sys
import time
import weakref
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from hanabi_desktop import __version__
from hanabi_desktop.engine.game import MAX_PLAYERS
from hanabi_desktop.net.collector import settle
from hanabi_desktop.net.hosted import LOCAL, NO_TABLE, OPEN, Peer, Refusal, Table
from hanabi_desktop.net.protocol import (
    CLOSE_ENDED,
    CODE_ALPHABET,
    CODE_LENGTH,
    HELLO_SECONDS,
    LOBBY_TABLES,
    MAX_MESSAGE_BYTES,
    MAX_STRIKES,
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
    Limits,
    ListTables,
    Look,
    NextGame,
    ProtocolError,
    Rejoin,
    SeatBot,
    Start,
    Sync,
    encode,
    parse_client,
    shown_code,
)
from hanabi_desktop.net.saving import TableSaver

log = logging.getLogger(__name__)

OUTBOX = 512  # messages waiting for one slow connection before the host gives up on it
TICK = 0.02  # seconds between two looks at the bots' moves
IDLE_CHECK = 1.0  # seconds between two looks for tables nobody is connected to
SPARE_FILES = 100  # files besides the tables' connections: saves, the log, lobby connections, the front's sockets


def version_message() -> str:
    """What a client of another protocol version is told."""
    return (f"The host runs Hanabi Desktop {__version__} (protocol version {PROTOCOL_VERSION}); "
            "please install the same version to play at its tables.")


def new_code(shard: str = "") -> str:
    """A fresh table code: `shard` (the letter naming this server process, if several share one address), then
    random letters (60 random bits without a shard, 55 with one)."""
    return shard + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - len(shard)))


@dataclass(eq=False)
class Connection:
    """One client's connection: its sending queue, rate bucket, strikes and seat."""

    ws: ServerConnection | None  # None for an in-process seat (the host's own window)
    address: str
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    tokens: float = RATE_BURST
    stamp: float = field(default_factory=time.monotonic)
    strikes: int = 0
    table: Table | None = None
    seat: int | None = None
    closing: tuple[int, str] | None = None

    def deliver(self, text: str) -> None:
        """Queue `text` for this connection; a connection that does not read its messages is closed."""
        if self.closing is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close(1008, "too many messages waiting: the connection is too slow")

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already queued."""
        if self.closing is None:
            self.closing = (code, reason)
            while self.outbox.full():  # a connection closed for being slow loses what it did not read
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    def allow(self) -> bool:
        """Take one message from the rate bucket; False if the connection sends too fast."""
        now = time.monotonic()
        self.tokens = min(RATE_BURST, self.tokens + (now - self.stamp) * RATE_PER_SECOND)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def error(self, code: str, message: str) -> None:
        """Answer a bad message; too many in a row close the connection."""
        self.strikes += 1
        self.deliver(encode({"type": "error", "code": code, "message": message}))
        if self.strikes >= MAX_STRIKES:
            self.close(1008, "too many bad messages")


class _Connection(ServerConnection):
    """A websockets connection that joins `opening` once it has its socket, so that the server's stop can cut one
    whose peer never finishes the opening handshake."""

    def __init__(self, opening: weakref.WeakSet[ServerConnection], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._opening = opening

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._opening.add(self)


class Server:
    """Tables, connections and the rules between them. Lives on one event loop."""

    def __init__(self, limits: Limits | None = None, *, pace: str = "normal", name: str = "", shard: str = "",
                 saver: TableSaver | None = None) -> None:
        if len(shard) > 1 or shard not in CODE_ALPHABET:
            raise ValueError(f"a shard is one of the letters {CODE_ALPHABET}")
        self.shard = shard
        self.saver = saver  # None: the tables live in memory only
        self.limits = limits or Limits()
        self.pace = pace
        self.name = name
        self.tables: dict[str, Table] = {}
        self.driven: set[Table] = set()  # the tables with a bot (or a stand-in) to drive: only they need the tick
        self.created_by: dict[str, str] = {}  # table code -> the address that created it
        self.per_address: Counter[str] = Counter()
        self.port = 0
        self.listeners: list[Any] = []  # called with the server after any table change (LAN advertisement)
        self._server: Any = None
        self._ticker: asyncio.Task | None = None
        self._news: asyncio.Task | None = None  # a worker's news to and from its front
        self._opening: weakref.WeakSet[ServerConnection] = weakref.WeakSet()  # every connection, while it lives
        self.routed = bool(shard)  # one of several processes behind one address: a table is at /t/CODE (workers.py)
        self.elsewhere: list[dict[str, Any]] = []  # the public tables of the other processes (workers.py)

    # -- running ------------------------------------------------------------------------------------------------
    def _resume(self) -> None:
        if self.saver is not None:
            for table in self.saver.load_all(self.pace):
                table.on_change = self._changed
                self.tables[table.code] = table
                self.created_by[table.code] = "saved"
                self._drive(table)

    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Resume the saved tables, if any, and listen on `host`:`port` (0: any free port); the port."""
        self._resume()
        self._server = await serve(self._handle, host, port, ssl=tls, create_connection=self._connection,
                                   **self._ws_options())
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = asyncio.create_task(self._tick())
        return self.port

    def _connection(self, *args: Any, **kwargs: Any) -> ServerConnection:
        """A websockets connection (built as `serve` builds one), in view of `stop` once it has its socket."""
        return _Connection(self._opening, *args, **kwargs)

    async def start_worker(self, control_fd: int, news_fd: int | None = None) -> asyncio.Future[None]:
        """Resume the saved tables and take the connections a front process hands over on `control_fd` (a worker
        of `serve --workers`: the front listens; see workers.py), telling it the public tables on `news_fd`; the
        returned future is done once the front is gone."""
        from websockets.server import ServerProtocol

        from hanabi_desktop.net.workers import control_socket, exchange_news, receive_connections

        self._resume()
        # websockets' own server (on a loopback port nobody is told of: websockets answers a handshake only while
        # its server is serving); the connections come from the front, each one set up as `serve` sets up an
        # accepted one (the same limits), then handled by the same `_handle`
        self._server = await serve(self._handle, "127.0.0.1", 0, **self._ws_options())
        options = self._ws_options()
        max_size = options.pop("max_size")
        options.pop("compression")
        options.pop("open_timeout")

        def connection() -> ServerConnection:
            return self._connection(ServerProtocol(max_size=max_size), self._server, **options)

        loop = asyncio.get_running_loop()
        control = control_socket(control_fd)
        gone: asyncio.Future[None] = loop.create_future()

        def take() -> None:
            sockets = receive_connections(control)
            if sockets is None:
                loop.remove_reader(control.fileno())
                control.close()
                gone.done() or gone.set_result(None)
                return
            for sock in sockets:
                loop.create_task(loop.connect_accepted_socket(connection, sock))

        loop.add_reader(control.fileno(), take)
        self._ticker = asyncio.create_task(self._tick())
        if news_fd is not None:
            self._news = asyncio.create_task(exchange_news(self, news_fd))
        return gone

    def _ws_options(self) -> dict[str, Any]:
        return {"max_size": MAX_MESSAGE_BYTES, "compression": None, "max_queue": 4, "ping_interval": 15,
                "ping_timeout": 15, "open_timeout": 10}

    async def stop(self) -> None:
        """Close every connection and table."""
        if self._ticker is not None:
            self._ticker.cancel()
        if self._news is not None:
            self._news.cancel()
        if self._server is not None:
            self._server.close()
            # a connection whose peer has not finished its opening request would hold the close for the whole
            # opening timeout (10 s: a host's stop ran out of time): no player is there to be told, so cut it now
            for connection in list(self._opening):
                if connection.protocol.state is State.CONNECTING:
                    connection.transport.abort()
            await self._server.wait_closed()
        for table in self.tables.values():
            table.close()
        if self.saver is not None:  # after the connections: their goodbyes change the tables too
            await self.saver.close()

    async def _tick(self) -> None:
        last = since_idle = time.monotonic()
        while True:
            await asyncio.sleep(TICK)
            now = time.monotonic()
            dt, last = now - last, now
            for table in list(self.driven):
                table.tick(dt)
            if now - since_idle >= IDLE_CHECK:  # not every tick: with many tables that would be most of the work
                self._close_idle(now - since_idle)
                since_idle = now

    def _close_idle(self, dt: float) -> None:
        for code, table in list(self.tables.items()):
            table.idle = 0.0 if table.connected else table.idle + dt
            if table.idle > self.limits.idle_table_seconds:
                self.remove(code)

    def _drive(self, table: Table) -> None:
        """Tick `table` while it is open and has a bot or a stand-in; a table of people only waits for them."""
        if table.code in self.tables and any(seat.is_bot or seat.stand_in is not None for seat in table.seats):
            self.driven.add(table)
        else:
            self.driven.discard(table)

    def remove(self, code: str) -> None:
        """Close table `code`."""
        table = self.tables.pop(code, None)
        self.created_by.pop(code, None)
        if table is not None:
            table.close()
            self._changed(table)
            if self.saver is not None:
                self.saver.forget(code)

    # -- tables -------------------------------------------------------------------------------------------------
    def create(self, spec: CreateTable, address: str, *, local_name: str = "") -> Table:
        """A new table from `spec`; `Refusal` if the server or the address has too many, or a seat is wrong."""
        if len(self.tables) >= self.limits.tables:
            raise Refusal("full", "this host holds as many tables as it can; try again later")
        if address != LOCAL and sum(1 for a in self.created_by.values() if a == address) >= self.limits.tables_per_address:
            raise Refusal("too_many_tables", "you have opened as many tables as one address may")
        from hanabi_desktop.bots.registry import check_name, is_plugin, offered

        for kind in spec.seats:
            if kind in (OPEN, LOCAL):
                continue
            if is_plugin(kind) or kind.partition("@")[0] not in offered():  # never an import path from outside
                raise Refusal("bad_seat", f"a seat is 'open' or one of the bots: {', '.join(offered())}")
            try:
                check_name(kind)
            except Exception as exc:  # noqa: BLE001 - the registry's HanabiError says which level is wrong
                raise Refusal("bad_seat", str(exc)) from None
        if not any(kind in (OPEN, LOCAL) for kind in spec.seats):
            raise Refusal("bad_seat", "a table needs at least one seat for a person")
        from hanabi_desktop.table.setup import Setup

        try:
            Setup([], spec.variant).make_variant()
        except Exception as exc:  # noqa: BLE001 - the engine's HanabiError names the presets
            raise Refusal("bad_variant", str(exc)) from None
        code = new_code(self.shard)
        while code in self.tables:
            code = new_code(self.shard)
        table = Table(code, spec, pace=self.pace, local_name=local_name, on_change=self._changed)
        self.tables[code] = table
        self.created_by[code] = address
        self._changed(table)
        return table

    def _changed(self, table: Table) -> None:
        self._drive(table)
        if self.saver is not None and table.code in self.tables:
            self.saver.save(table)
        for listener in self.listeners:
            listener(self)

    def own_lobby(self) -> list[dict[str, Any]]:
        """This process's public tables with free seats or a game on, as the lobby lists them."""
        return [t.summary(True) for t in self.tables.values() if t.spec.public and not
                (t.session is not None and t.session.over)]

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby: this process's tables, then those of the other processes behind the same address (as the
        front last passed them on), `LOBBY_TABLES` at most."""
        return (self.own_lobby() + self.elsewhere)[:LOBBY_TABLES]

    def table(self, code: str) -> Table:
        """The table with this code; one refusal for a wrong code and a missing table alike."""
        found = None
        for known, table in self.tables.items():  # every code compared, in constant time: no timing hint
            if secrets.compare_digest(known, code):
                found = table
        if found is None:
            raise Refusal("no_table", NO_TABLE)
        return found

    # -- connections --------------------------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.per_address[address] >= self.limits.connections_per_address:
            await ws.close(1013, "too many connections from your address")
            return
        self.per_address[address] += 1
        conn = Connection(ws, address)
        writer = asyncio.create_task(self._write(conn))
        try:
            if await self._hello(conn):
                async for raw in ws:
                    if conn.closing is None:  # once closing, read on (unread) so the close handshake can finish
                        self.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            self.detach(conn)
            conn.close(1000, "")
            try:
                await asyncio.wait_for(writer, 5.0)
            except TimeoutError:
                writer.cancel()

    async def _hello(self, conn: Connection) -> bool:
        assert conn.ws is not None
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), HELLO_SECONDS)
            message = parse_client(raw)
        except TimeoutError:
            conn.close(1008, "no hello")
            return False
        except ProtocolError as exc:
            conn.error(exc.code, str(exc))
            conn.close(1008, "the first message must be a hello")
            return False
        if not isinstance(message, Hello):
            conn.error("hello_first", "the first message must be a hello")
            conn.close(1008, "the first message must be a hello")
            return False
        if message.version != PROTOCOL_VERSION:
            conn.deliver(encode({"type": "error", "code": "version", "message": version_message(),
                                 "version": PROTOCOL_VERSION, "app": __version__}))
            conn.close(4000, f"protocol version {PROTOCOL_VERSION} only")
            return False
        welcome = {"type": "welcome", "version": PROTOCOL_VERSION, "app": __version__, "server": self.name}
        conn.deliver(encode(welcome | {"routed": True} if self.routed else welcome))
        return True

    async def _write(self, conn: Connection) -> None:
        assert conn.ws is not None
        try:
            while True:
                text = await conn.outbox.get()
                if text is None:
                    break
                await conn.ws.send(text)
        except ConnectionClosed:
            return
        code, reason = conn.closing or (1000, "")
        await conn.ws.close(code, reason)

    def receive(self, conn: Connection, raw: str | bytes) -> None:
        """One message from `conn`: checked, then carried out, or answered with an error to `conn` only."""
        if not conn.allow():
            conn.error("rate", f"slow down: at most {RATE_PER_SECOND:g} messages a second")
            return
        try:
            message = parse_client(raw)
            self.dispatch(conn, message)
        except ProtocolError as exc:
            conn.error(exc.code, str(exc))
            return
        except Refusal as exc:
            conn.error(exc.code, str(exc))
            return
        conn.strikes = 0

    def dispatch(self, conn: Connection, message: ClientMessage) -> None:
        """Carry out a valid message for `conn` (`Refusal` if the table's rules say no)."""
        match message:
            case Hello():
                raise Refusal("hello_again", "this connection has already said hello")
            case ListTables():
                conn.deliver(encode({"type": "lobby", "tables": self.lobby()}))
            case CreateTable():
                if LOCAL in message.seats:
                    raise Refusal("bad_seat", "a local seat belongs to the host's own window")
                table = self.create(message, conn.address)
                conn.deliver(encode({"type": "created", "code": table.summary(True)["code"], "owner": table.owner}))
            case Look(code):
                table = self.table(code)
                conn.deliver(encode({"type": "table", "code": shown_code(table.code), "table": table.summary(True)}))
            case Join(code, seat, name):
                self._leave_table(conn)
                table = self.table(code)
                table.join(conn, seat, name)
                conn.table, conn.seat = table, seat
            case Rejoin(code, token, seen):
                self._leave_table(conn)
                try:
                    table = self.table(code)
                    conn.seat = table.rejoin(conn, token, seen)
                except Refusal as exc:
                    if exc.code == "no_table":  # gone (ended, or lost with a server that kept no saves): the client
                        conn.error(exc.code, str(exc))  # stops coming back and says the table ended
                        conn.close(CLOSE_ENDED, "no table answers to that code and token")
                        return
                    raise
                conn.table = table
            case Start(code, owner):
                table = self.table(code)
                table.check_owner(owner)
                table.start()
            case NextGame(code, owner):
                table = self.table(code)
                table.check_owner(owner)
                table.next_game()
            case SeatBot(code, owner, seat, bot):
                table = self.table(code)
                table.check_owner(owner)
                if bot.partition("@")[0] not in _offered():
                    raise Refusal("bad_seat", f"choose one of the bots: {', '.join(_offered())}")
                table.seat_bot(seat, bot)
            case HandBack(code, owner, seat):
                table = self.table(code)
                table.check_owner(owner)
                table.hand_back(seat)
            case Act(action, hints):
                table, seat = self._seated(conn)
                table.act(seat, action, hints)
            case Sync():
                table, seat = self._seated(conn)
                if table.session is None:
                    raise Refusal("not_started", "the game has not started")
                conn.deliver(table.sync(seat))
            case Chat(text):
                table, seat = self._seated(conn)
                table.chat(seat, text)
            case Leave():
                table, seat = self._seated(conn)
                table.leave(seat)
                conn.table = conn.seat = None

    def _seated(self, conn: Connection) -> tuple[Table, int]:
        if conn.table is None or conn.seat is None or conn.table.code not in self.tables:
            raise Refusal("not_seated", "join a table first")
        if conn not in conn.table.seats[conn.seat].peers:
            conn.table = conn.seat = None
            raise Refusal("not_seated", "this connection no longer holds its seat")
        return conn.table, conn.seat

    def _leave_table(self, conn: Connection) -> None:
        if conn.table is not None:
            conn.table.detach(conn)
            conn.table = conn.seat = None

    def detach(self, conn: Peer) -> None:
        """A connection ended: its seat stays its person's."""
        if isinstance(conn, Connection):
            self._leave_table(conn)


def _offered() -> list[str]:
    from hanabi_desktop.bots.registry import offered

    return offered()


def open_files(tables: int) -> int:
    """Let this process hold `tables` tables of 5 connections: its soft limit of open files is raised towards its
    hard limit, and a limit still too low is said in the log; the limit (0: none, as on Windows)."""
    if sys.platform == "win32":
        return 0
    import resource

    need = tables * MAX_PLAYERS + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < need:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (need if hard == resource.RLIM_INFINITY else min(need, hard),
                                                         hard))
        except (ValueError, OSError) as exc:
            log.warning("cannot raise the limit of open files: %s", exc)
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft != resource.RLIM_INFINITY and soft < need:
        log.warning("this process may open %d files, about %d tables of %d people (--max-tables %d): raise its "
                    "limit (systemd: LimitNOFILE=; a shell: ulimit -n)", soft, max(0, soft - SPARE_FILES) //
                    MAX_PLAYERS, MAX_PLAYERS, tables)
    return 0 if soft == resource.RLIM_INFINITY else soft


async def run_forever(host: str, port: int, limits: Limits, pace: str = "normal", name: str = "",
                      shard: str = "", saver: TableSaver | None = None, tls: ssl.SSLContext | None = None,
                      worker_fd: int | None = None, news_fd: int | None = None) -> None:
    """`serve`: run a server until interrupted (`worker_fd`, `news_fd`: as a worker of a front, until the front is
    gone)."""
    open_files(limits.tables)
    server = Server(limits, pace=pace, name=name, shard=shard, saver=saver)
    loop = asyncio.get_running_loop()
    stopped = loop.create_future()  # SIGTERM (`systemctl stop`, the front stopping): stop as Ctrl-C does, saves first
    with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers on the loop: Ctrl-C only
        loop.add_signal_handler(signal.SIGTERM, lambda: stopped.done() or stopped.set_result(None))
    try:
        if worker_fd is not None:
            gone = await server.start_worker(worker_fd, news_fd)
            settle()
            await asyncio.wait([gone, stopped], return_when=asyncio.FIRST_COMPLETED)
            return
        bound = await server.start(host, port, tls)
        settle()
        resumed = f", {len(server.tables)} saved tables resumed" if server.tables else ""
        print(f"Hanabi Desktop {__version__} serving on {'wss' if tls else 'ws'}://{host}:{bound} "
              f"(protocol {PROTOCOL_VERSION}){resumed}", flush=True)
        await stopped
    finally:
        await server.stop()
