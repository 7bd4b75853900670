"""`serve --workers N`: several server processes behind one address, each holding its own tables.

Tables are independent, so they are spread over processes by their code: worker i gives out codes that start
with its shard letter (`CODE_ALPHABET[i]`). The front process accepts every connection, reads its HTTP request
line without taking it off the socket (MSG_PEEK), and hands the socket itself to a worker (SCM_RIGHTS over a
Unix socket): the worker whose letter starts the code in the path (`/t/CODE`), or, for a path without a code (the
lobby, a new table), the next worker in turn. The worker does the WebSocket handshake and everything after it;
the front never reads a message, so it costs one accept and one peek per connection, and each worker uses a core
of its own. The welcome of a worker says `"routed": true`, and `NetClient` then connects to `/t/CODE` for
anything it does at a table (PROTOCOL.md, "Several processes behind one address").
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hanabi_desktop import __version__
from hanabi_desktop.net.protocol import CODE_ALPHABET, PROTOCOL_VERSION, normal_code

if TYPE_CHECKING:
    from hanabi_desktop.net.server import Server

log = logging.getLogger(__name__)

MAX_WORKERS = 16
REQUEST_LINE = 2048  # bytes of the request line the front reads at most ("GET /t/CODE HTTP/1.1")
REQUEST_SECONDS = 10.0  # time a new connection has to send its request line
RESTART_FIRST = 1.0  # seconds before a worker that stopped is started again; doubled for each quick stop in a row
RESTART_MOST = 60.0  # ... up to this
STEADY_SECONDS = 60.0  # a worker that ran this long before stopping was not a quick stop
STOP_SECONDS = 30.0  # a stopping worker has this long to save its tables and end before it is asked harder
NEWS_LINE = 1 << 24  # bytes of one news line at most (every worker's public tables)
LOBBY_SECONDS = 1.0  # a worker tells the front its public tables at most this often
_TEXT = b"The server process holding this table is starting again; try again in a moment.\n"
RESTARTING = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Type: text/plain\r\n"
              b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(_TEXT)) + _TEXT


def table_path(code: str) -> str:
    """The path that reaches table `code` behind a front: `/t/` and the code."""
    return f"/t/{normal_code(code)}"


def shard_of(request: bytes) -> str:
    """The shard letter named by a request line's path (`GET /t/CODE ...`), or '' if it names no table."""
    parts = request.split(b"\r\n", 1)[0].split(b" ")
    if len(parts) < 2 or not parts[1].startswith(b"/t/"):
        return ""
    code = normal_code(parts[1][3:].split(b"?", 1)[0].split(b"/", 1)[0].decode("ascii", "replace"))
    return code[:1] if code[:1] in CODE_ALPHABET else ""


async def _request_line(sock: socket.socket) -> bytes:
    """The start of what the client sent (at least its first line, if it sends one in time), left on the socket."""
    loop = asyncio.get_running_loop()
    async with asyncio.timeout(REQUEST_SECONDS):
        while True:
            ready = loop.create_future()
            loop.add_reader(sock.fileno(), lambda r=ready: r.done() or r.set_result(None))
            try:
                await ready
            finally:
                loop.remove_reader(sock.fileno())
            data = sock.recv(REQUEST_LINE, socket.MSG_PEEK)
            if not data or b"\r\n" in data or len(data) >= REQUEST_LINE:
                return data
            await asyncio.sleep(0.01)  # half a line so far: the socket stays readable, so wait a little


@dataclass(eq=False)
class Worker:
    """One table process of the front: its command, process, control socket (connections handed over) and news
    stream (its public tables out, the other processes' in), and its public tables as it last told them."""

    index: int
    command: list[str]
    proc: subprocess.Popen | None = None
    control: socket.socket | None = None  # None while the process is down
    news: asyncio.StreamWriter | None = None
    started: float = 0.0
    quick_stops: int = 0  # stops in a row, each less than STEADY_SECONDS after its start
    tables: list[Any] = field(default_factory=list)

    @property
    def letter(self) -> str:
        return CODE_ALPHABET[self.index]


class Front:
    """The listening process: hands each connection to the worker holding its table, starts again a worker that
    stopped, and passes each worker's public tables on to the others (one lobby for the whole server)."""

    def __init__(self, commands: Sequence[list[str]], saves: str = "") -> None:
        self.workers = [Worker(i, list(command)) for i, command in enumerate(commands)]  # in shard-letter order
        self.turn = itertools.cycle(range(len(commands)))
        self.saves = saves
        self.stopping = False
        self._tasks: set[asyncio.Task] = set()

    # -- the workers' lives ----------------------------------------------------------------------------------
    async def start(self, worker: Worker) -> None:
        """Start `worker`'s process, with a control socket and a news stream of its own."""
        control, control_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        news, news_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        fds = [control_end.fileno(), news_end.fileno()]
        try:
            worker.proc = subprocess.Popen(worker.command + ["--worker-fd", str(fds[0]), "--news-fd", str(fds[1])],
                                           pass_fds=fds, stdout=subprocess.DEVNULL)
        finally:
            control_end.close()
            news_end.close()
        control.setblocking(False)
        reader, worker.news = await asyncio.open_unix_connection(sock=news, limit=NEWS_LINE)
        worker.control, worker.started = control, time.monotonic()
        self._spawn(self._listen(worker, reader))
        self._tell(worker)  # the others' tables, at once

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _listen(self, worker: Worker, reader: asyncio.StreamReader) -> None:
        """Read `worker`'s news until its process ends (the stream closes with it), then start it again."""
        try:
            while line := await reader.readline():
                worker.tables = _tables(line)
                for other in self.workers:
                    if other is not worker:
                        self._tell(other)
        except (OSError, ValueError) as exc:  # a line too long or not JSON: the worker is not itself
            log.error("worker %s sent news the front cannot read: %s", worker.letter, exc)
        await self._stopped(worker)

    def _tell(self, worker: Worker) -> None:
        """Send `worker` the public tables of the other workers."""
        if worker.news is not None and not worker.news.is_closing():
            others = [t for other in self.workers if other is not worker for t in other.tables]
            worker.news.write(json.dumps({"elsewhere": others}).encode() + b"\n")

    async def _stopped(self, worker: Worker) -> None:
        """`worker`'s process ended (or is ending): forget its sockets, wait for it, start it again after a pause
        that doubles with each quick stop in a row."""
        assert worker.proc is not None and worker.control is not None and worker.news is not None
        worker.control.close()
        worker.news.close()
        worker.control = worker.news = None
        worker.tables = []
        for other in self.workers:
            self._tell(other)
        try:
            code = await asyncio.to_thread(worker.proc.wait, 10)
        except subprocess.TimeoutExpired:  # its streams closed but it lives on: it is not a worker any more
            worker.proc.kill()
            code = await asyncio.to_thread(worker.proc.wait)
        if self.stopping:
            return
        ran = time.monotonic() - worker.started
        worker.quick_stops = worker.quick_stops + 1 if ran < STEADY_SECONDS else 0
        pause = min(RESTART_MOST, RESTART_FIRST * 2 ** max(0, worker.quick_stops - 1))
        log.warning("worker %s (process %d) stopped after %.0f s (exit code %s); its tables %s; starting it again "
                    "in %.0f s", worker.letter, worker.proc.pid, ran, code,
                    "come back from their saves" if self.saves else "are lost (serve has no --saves)", pause)
        await asyncio.sleep(pause)
        if not self.stopping:
            await self.start(worker)
            log.warning("worker %s started again (process %d)", worker.letter, worker.proc.pid)

    async def stop(self) -> None:
        """Close every worker's sockets (a worker stops when its control socket closes, its tables saved first) and
        wait until every worker has ended: one still running after `STOP_SECONDS` is sent SIGTERM, and killed after
        as long again."""
        self.stopping = True
        for worker in self.workers:
            if worker.control is not None:
                worker.control.close()
            if worker.news is not None:
                worker.news.close()
        for worker in self.workers:
            if worker.proc is not None:
                await self._ended(worker)

    @staticmethod
    async def _ended(worker: Worker) -> None:
        """Wait for `worker`'s process to end, asking it harder each `STOP_SECONDS`."""
        assert worker.proc is not None
        for ask in (None, signal.SIGTERM, signal.SIGKILL):
            if ask is not None:
                log.warning("worker %s (process %d) has not stopped after %.0f s: sending it %s", worker.letter,
                            worker.proc.pid, STOP_SECONDS, ask.name)
                worker.proc.send_signal(ask)
            try:
                await asyncio.to_thread(worker.proc.wait, STOP_SECONDS)
                return
            except subprocess.TimeoutExpired:
                pass

    # -- connections -----------------------------------------------------------------------------------------
    def worker_for(self, request: bytes) -> Worker | None:
        """The worker that holds the table the request names, else the next running one in turn; None if that
        worker (or every one) is down."""
        index = CODE_ALPHABET.find(shard_of(request)) if shard_of(request) else -1
        if 0 <= index < len(self.workers):
            worker = self.workers[index]
            return worker if worker.control is not None else None
        for _ in self.workers:
            worker = self.workers[next(self.turn)]
            if worker.control is not None:
                return worker
        return None

    async def hand_over(self, sock: socket.socket) -> None:
        """Peek at the request, give the socket to its worker (or answer 503 while it is down), forget it here."""
        try:
            request = await _request_line(sock)
            if request:
                worker = self.worker_for(request)
                if worker is None or worker.control is None:
                    sock.send(RESTARTING)  # a few hundred bytes into an empty socket: sent at once
                else:
                    socket.send_fds(worker.control, [b"c"], [sock.fileno()])
        except (TimeoutError, OSError) as exc:
            log.info("a connection was dropped before reaching a worker: %s", exc)
        finally:
            sock.close()

    async def serve(self, listener: socket.socket) -> None:
        """Start the workers, then accept connections for ever."""
        for worker in self.workers:
            await self.start(worker)
        loop = asyncio.get_running_loop()
        while True:
            try:
                sock, _ = await loop.sock_accept(listener)
            except OSError as exc:  # out of file descriptors, say: the front waits and goes on
                log.warning("cannot accept a connection: %s", exc)
                await asyncio.sleep(0.1)
                continue
            sock.setblocking(False)
            self._spawn(self.hand_over(sock))


def _tables(line: bytes) -> list[Any]:
    """The public tables in a worker's news line (`{"tables": [...]}`); ValueError if it is not that."""
    tables = json.loads(line).get("tables")
    if not isinstance(tables, list):
        raise ValueError("no list of tables")
    return tables


def worker_command(index: int, argv: Sequence[str], saves: str) -> list[str]:
    """The `serve` command line of worker `index`: the front's own options and its shard letter (the front adds
    its sockets)."""
    command = [sys.executable, "-m", "hanabi_desktop", "serve", *argv, "--shard", CODE_ALPHABET[index]]
    if saves:
        command += ["--saves", str(Path(saves) / CODE_ALPHABET[index])]  # each worker resumes its own tables
    return command


async def run_front(host: str, port: int, workers: int, argv: Sequence[str], saves: str) -> None:
    """`serve --workers N`: start the workers, then hand them the connections until interrupted."""
    if not 2 <= workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be from 2 to {MAX_WORKERS}")
    listener = socket.create_server((host, port), backlog=1024, reuse_port=False)
    listener.setblocking(False)
    front = Front([worker_command(i, argv, saves) for i in range(workers)], saves)
    loop = asyncio.get_running_loop()
    stopped = loop.create_future()  # SIGTERM (`systemctl stop`, `kill`): stop as Ctrl-C does, the workers saving first
    with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers on the loop: Ctrl-C only
        loop.add_signal_handler(signal.SIGTERM, lambda: stopped.done() or stopped.set_result(None))
    serving = asyncio.create_task(front.serve(listener))
    try:
        while any(w.control is None for w in front.workers) and not serving.done() and not stopped.done():
            await asyncio.sleep(0.01)
        if not stopped.done():
            bound = listener.getsockname()[1]
            print(f"Hanabi Desktop {__version__} serving on ws://{host}:{bound} (protocol {PROTOCOL_VERSION}), "
                  f"{workers} workers (shards {CODE_ALPHABET[:workers]})", flush=True)
        await asyncio.wait([serving, stopped], return_when=asyncio.FIRST_COMPLETED)
        if serving.done():
            serving.result()  # its error, if it ended with one
    finally:
        serving.cancel()
        listener.close()
        await front.stop()


def receive_connections(control: socket.socket) -> list[socket.socket] | None:
    """The sockets the front handed over on `control` (non-blocking); None once the front is gone."""
    sockets = []
    while True:
        try:
            message, fds, _flags, _address = socket.recv_fds(control, 1, 4)  # one byte per socket
        except BlockingIOError:
            return sockets
        for fd in fds:
            sock = socket.socket(fileno=fd)
            sock.setblocking(False)
            sockets.append(sock)
        if not message:
            for sock in sockets:
                sock.close()
            return None


async def exchange_news(server: Server, news_fd: int) -> None:
    """A worker's side of its news stream (`news_fd`): its public tables out, when they changed and at most every
    `LOBBY_SECONDS`; the other workers' tables in, which its lobby lists with its own. Ends with the stream."""
    news = socket.socket(fileno=news_fd)
    os.set_inheritable(news_fd, False)
    reader, writer = await asyncio.open_unix_connection(sock=news, limit=NEWS_LINE)
    changed = asyncio.Event()
    changed.set()
    server.listeners.append(lambda _server: changed.set())

    async def tell() -> None:
        told = b""
        while True:
            await changed.wait()
            changed.clear()
            line = json.dumps({"tables": server.own_lobby()}).encode() + b"\n"
            if line != told:  # a move changes no table's summary: nothing to tell
                writer.write(line)
                await writer.drain()
                told = line
            await asyncio.sleep(LOBBY_SECONDS)

    telling = asyncio.create_task(tell())
    try:
        while line := await reader.readline():
            elsewhere = json.loads(line).get("elsewhere")
            server.elsewhere = elsewhere if isinstance(elsewhere, list) else []
    except (OSError, ValueError) as exc:
        log.error("the front's news cannot be read: %s", exc)
    finally:
        telling.cancel()
        writer.close()
        server.elsewhere = []


def control_socket(fd: int) -> socket.socket:
    """The worker's end of its control socket, inherited as file descriptor `fd`."""
    control = socket.socket(fileno=fd)
    control.setblocking(False)
    os.set_inheritable(fd, False)
    return control
