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
import itertools
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from hanabi_desktop import __version__
from hanabi_desktop.net.protocol import CODE_ALPHABET, PROTOCOL_VERSION, normal_code

log = logging.getLogger(__name__)

MAX_WORKERS = 16
REQUEST_LINE = 2048  # bytes of the request line the front reads at most ("GET /t/CODE HTTP/1.1")
REQUEST_SECONDS = 10.0  # time a new connection has to send its request line


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


class Front:
    """The listening process: hands each connection to the worker holding its table."""

    def __init__(self, controls: Sequence[socket.socket]) -> None:
        self.controls = list(controls)  # one Unix socket per worker, in shard-letter order
        self.turn = itertools.cycle(range(len(controls)))

    def worker_for(self, request: bytes) -> int:
        """The worker that holds the table the request names, else the next in turn."""
        index = CODE_ALPHABET.find(shard_of(request)) if shard_of(request) else -1
        return index if 0 <= index < len(self.controls) else next(self.turn)

    async def hand_over(self, sock: socket.socket) -> None:
        """Peek at the request, give the socket to its worker, forget it here."""
        try:
            request = await _request_line(sock)
            if request:
                socket.send_fds(self.controls[self.worker_for(request)], [b"c"], [sock.fileno()])
        except (TimeoutError, OSError) as exc:
            log.info("a connection was dropped before reaching a worker: %s", exc)
        finally:
            sock.close()

    async def serve(self, listener: socket.socket) -> None:
        """Accept connections for ever."""
        loop = asyncio.get_running_loop()
        tasks: set[asyncio.Task] = set()
        while True:
            try:
                sock, _ = await loop.sock_accept(listener)
            except OSError as exc:  # out of file descriptors, say: the front waits and goes on
                log.warning("cannot accept a connection: %s", exc)
                await asyncio.sleep(0.1)
                continue
            sock.setblocking(False)
            task = asyncio.create_task(self.hand_over(sock))
            tasks.add(task)
            task.add_done_callback(tasks.discard)


def worker_command(index: int, fd: int, argv: Sequence[str], saves: str) -> list[str]:
    """The `serve` command line of worker `index`: the front's own options, its shard letter, its control socket."""
    command = [sys.executable, "-m", "hanabi_desktop", "serve", *argv, "--shard", CODE_ALPHABET[index],
               "--worker-fd", str(fd)]
    if saves:
        command += ["--saves", str(Path(saves) / CODE_ALPHABET[index])]  # each worker resumes its own tables
    return command


async def run_front(host: str, port: int, workers: int, argv: Sequence[str], saves: str) -> None:
    """`serve --workers N`: start the workers, then hand them the connections until interrupted."""
    if not 2 <= workers <= MAX_WORKERS:
        raise ValueError(f"--workers must be from 2 to {MAX_WORKERS}")
    listener = socket.create_server((host, port), backlog=1024, reuse_port=False)
    listener.setblocking(False)
    controls, procs = [], []
    try:
        for i in range(workers):
            mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            procs.append(subprocess.Popen(worker_command(i, theirs.fileno(), argv, saves), pass_fds=[theirs.fileno()],
                                          stdout=subprocess.DEVNULL, start_new_session=False))
            theirs.close()
            controls.append(mine)
        bound = listener.getsockname()[1]
        print(f"Hanabi Desktop {__version__} serving on ws://{host}:{bound} (protocol {PROTOCOL_VERSION}), "
              f"{workers} workers (shards {CODE_ALPHABET[:workers]})", flush=True)
        await Front(controls).serve(listener)
    finally:
        listener.close()
        for control in controls:
            control.close()  # a worker stops when its control socket closes
        for proc in procs:
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGTERM)


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


def control_socket(fd: int) -> socket.socket:
    """The worker's end of its control socket, inherited as file descriptor `fd`."""
    control = socket.socket(fileno=fd)
    control.setblocking(False)
    os.set_inheritable(fd, False)
    return control
