"""`hanabi-desktop net-bench`: measures the host over real sockets on 127.0.0.1, and reports; it asserts nothing.

- cost: in one process, no sockets: `Table.act` on tables of 5 seats playing random legal moves; the server's
  time per move (wall clock and the thread's CPU time, median and p99) and the size of one seat's `update`
  (median, and in the last quarter of a game);
- latency: 5 clients at one table of a `serve` process, each rebuilding its seat's `PlayerView` from the
  messages (`seatview.apply_delta`), as the game does; for each move, the time from the intent leaving the acting
  client to the last of the 5 models holding the move (p50, p99);
- load: `--tables` tables of 5 clients each, run by `--processes` client processes (asyncio, many connections
  each, no model: they read the fields they need), every seat acting `--think` seconds after its turn comes
  (discard when it may, else a clue: games run to the end of the deck), against `--workers` server processes
  behind one port (`--saves`: each saving every table after every move, as `serve --saves` does);
  move-to-broadcast p50/p99 over every move and over the moves made while every table was
  playing (after the last one started, before the first one ended), the servers' and the clients' CPU time per
  move, the servers' memory per table (their resident memory's growth, each table's 5 connections included), and
  the garbage collections the servers logged (collector.py: the full ones, the ones of 50 ms or more);
- reconnect: a seat's connection is cut (`--reconnects` times) and its client comes back by itself; and as many
  times its client process is killed (SIGKILL) and a new process takes the seat back with its token. Each is
  timed from the new connection to the seat (and to its view), and the view is checked to be the very one the
  seat had. Between two tries the seat plays a move and its table's bots answer, so every cut is mid-game.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import queue
import random
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from websockets.asyncio.client import connect

from hanabi_desktop.net.protocol import PROTOCOL_VERSION
from hanabi_desktop.net.workers import table_path

LOOPBACK = "127.0.0.1"
START_SECONDS = 60.0  # a server that has not said where it listens by then is not starting
ANSWER_SECONDS = 120.0  # the longest a client waits for the answer to its hello or its new table


def start_server(max_tables: int = 1000, workers: int = 1, log: IO[bytes] | None = None,
                 saves: str = "") -> tuple[subprocess.Popen, str]:
    """A `serve` process (with `workers` table processes) on a free port of 127.0.0.1, and its address; its log
    goes to `log` (else nowhere); `saves`: the folder where it saves every table after each move (else none)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    command = [sys.executable, "-m", "hanabi_desktop", "serve", "--host", LOOPBACK, "--port", "0", "--pace", "instant",
               "--max-per-address", "100000", "--max-tables", str(max_tables), "--max-tables-per-address",
               str(max_tables)]
    if workers > 1:
        command += ["--workers", str(workers)]
    if saves:
        command += ["--saves", saves]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log or subprocess.DEVNULL, text=True,
                            env=env)
    line = first_line(proc)
    if "serving on" not in line:
        proc.kill()
        proc.wait(10)
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, line.split("serving on ")[1].split()[0]


def first_line(proc: subprocess.Popen, timeout: float = START_SECONDS) -> str:
    """The first line `proc` writes on its stdout (a pipe), or '' if none comes within `timeout` s."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    return proc.stdout.readline() if ready else ""  # `serve` writes its line whole, then flushes


def family(pid: int) -> list[int]:
    """`pid` and its child processes (a server's workers), Linux."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return [pid] + [int(c) for c in children.read_text().split()] if children.exists() else [pid]


def rss_mib(pids: list[int]) -> float:
    """Resident memory of processes `pids` together, in MiB (Linux)."""
    total = 0.0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
    return total


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time of processes `pids` together, in seconds (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


PAUSE = re.compile(r"garbage collection of generation (\d) held every table for ([\d.]+) ms \(([\d.]+) ms of CPU")


def gc_pauses(log: str) -> dict[str, Any]:
    """The garbage collections a server logged (collector.py: the full ones, and any of 50 ms or more)."""
    pauses = [(int(g), float(ms), float(cpu)) for g, ms, cpu in PAUSE.findall(log)]
    return {"server_full_collections": sum(1 for g, _, _ in pauses if g == 2),
            "server_gc_pauses_50ms": sum(1 for _, ms, _ in pauses if ms >= 50),
            "server_gc_longest_ms": max((ms for _, ms, _ in pauses), default=0.0),
            "server_gc_longest_cpu_ms": max((cpu for _, _, cpu in pauses), default=0.0)}


def percentile(values: list[float], p: float) -> float:
    """The `p`th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))] if ordered else float("nan")


# -- the server's own cost per move ------------------------------------------------------------------------------
class _Counter:
    """A seat's connection that only keeps the size of each message."""

    def __init__(self) -> None:
        self.updates: list[int] = []

    def deliver(self, text: str) -> None:
        if text.startswith('{"type":"update"'):
            self.updates.append(len(text.encode()))

    def close(self, code: int, reason: str) -> None:
        pass


def run_cost(games: int) -> dict[str, Any]:
    """`games` random games of 5 seats through `Table.act`, timed move by move."""
    from hanabi_desktop.engine import Play
    from hanabi_desktop.net.hosted import Table
    from hanabi_desktop.net.protocol import CreateTable

    times: list[float] = []
    cpu_times: list[float] = []
    sizes: list[int] = []
    late: list[int] = []
    for g in range(games):
        table = Table("BENCHBENCH00", CreateTable("bench", ("open",) * 5), pace="instant")
        seats = [_Counter() for _ in range(5)]
        for i, seat in enumerate(seats):
            table.join(seat, i, f"p{i}")
        table.start()
        rng = random.Random(g)
        session = table.session
        assert session is not None
        while not session.over:
            legal = session.game.legal_actions()
            calm = [a for a in legal if not isinstance(a, Play)]  # few misplays: long games, as people play them
            action = rng.choice(calm if calm and rng.random() < 0.9 else legal)
            start, cpu = time.perf_counter(), time.thread_time()
            table.act(session.current, action)
            times.append(time.perf_counter() - start)
            cpu_times.append(time.thread_time() - cpu)  # without the time other processes had the core
        moves = len(seats[0].updates)
        for seat in seats:
            sizes += seat.updates
            late += seat.updates[3 * moves // 4:]
        table.close()
    return {"games": games, "moves": len(times), "table_kib": table_memory(), "move_p50_ms": round(percentile(times, 50) * 1000, 3),
            "move_p99_ms": round(percentile(times, 99) * 1000, 3),
            "move_cpu_p50_ms": round(percentile(cpu_times, 50) * 1000, 3),
            "move_cpu_p99_ms": round(percentile(cpu_times, 99) * 1000, 3),
            "update_bytes_p50": statistics.median(sizes), "update_bytes_late_p50": statistics.median(late)}


def table_memory(tables: int = 100, moves: int = 10) -> float:
    """KiB of Python objects one started table of 5 people holds, `moves` moves in (tracemalloc; no sockets)."""
    import tracemalloc

    from hanabi_desktop.net.hosted import Table
    from hanabi_desktop.net.protocol import CreateTable

    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    held = []
    for t in range(tables):
        table = Table(f"MEM{t:09d}", CreateTable("bench", ("open",) * 5), pace="instant")
        for i in range(5):
            table.join(_Counter(), i, f"p{i}")
        table.start()
        rng = random.Random(t)
        session = table.session
        assert session is not None
        for _ in range(moves):
            legal = [a for a in session.game.legal_actions() if a.__class__.__name__ != "Play"]
            table.act(session.current, rng.choice(legal))
        held.append(table)
    grown = sum(stat.size_diff for stat in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    for table in held:
        table.close()
    return round(grown / tables / 1024, 1)


# -- one table of 5 clients (asyncio, no threads) ----------------------------------------------------------------
async def _open(url: str) -> Any:
    ws = await connect(url, compression=None, max_size=None, open_timeout=120, ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), ANSWER_SECONDS))
    if welcome["type"] != "welcome":
        raise RuntimeError(f"not welcomed: {welcome}")
    return ws


def _choice(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """Discard when allowed, else a clue, else a play: a long game with no thinking."""
    for kind in ("discard", "colour_clue", "rank_clue"):
        options = [a for a in legal if a["type"] == kind]
        if options:
            return rng.choice(options)
    return legal[0]


async def play_table(url: str, think: float, players: int = 5, seed: int = 0, model: bool = False,
                     timeout: float = 900.0) -> dict[str, Any]:
    """Open a table of `players` open seats, fill it with clients, play one game; the latencies of its moves.
    `model`: each client rebuilds its seat's `PlayerView` from every message before the move counts as arrived;
    `timeout`: the seconds the seats may take to sit, and the game to end (else `TimeoutError`)."""
    from hanabi_desktop.engine import get_variant
    from hanabi_desktop.net.seatview import apply_delta, view_from_json

    variant = get_variant("classic")
    rng = random.Random(seed)
    conns = [await _open(url)]
    await conns[0].send(json.dumps({"type": "create_table", "name": f"bench {seed}", "seats": ["open"] * players}))
    created = json.loads(await asyncio.wait_for(conns[0].recv(), ANSWER_SECONDS))
    code, owner = created["code"], created["owner"]
    conns += [await _open(url + table_path(code)) for _ in range(players - 1)]  # its process, behind a front
    for seat, ws in enumerate(conns):
        await ws.send(json.dumps({"type": "join", "code": code, "seat": seat, "name": f"p{seat}"}))
    sent: dict[int, float] = {}
    arrived: dict[int, list[float]] = {}
    joined = [asyncio.Event() for _ in conns]

    async def seat_loop(seat: int, ws: Any) -> None:
        view = None
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "joined":
                joined[seat].set()
            elif msg["type"] == "state":
                now, moves = msg["view"], msg["moves"]
                if model:
                    view = view_from_json(now, variant)
            elif msg["type"] == "update":
                now, moves = msg["delta"], msg["index"] + 1
                if model:
                    view = apply_delta(view, msg["action"], now)
                arrived.setdefault(msg["index"], []).append(time.perf_counter())
            elif msg["type"] == "over":
                return
            if msg["type"] in ("state", "update") and not now["over"] and now["current"] == seat:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                sent[moves] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": _choice(now["legal"], rng)}))

    tasks = [asyncio.create_task(seat_loop(s, ws)) for s, ws in enumerate(conns)]
    for event in joined:
        await asyncio.wait_for(event.wait(), min(300.0, timeout))
    started = time.perf_counter()
    await conns[0].send(json.dumps({"type": "start", "code": code, "owner": owner}))
    finished, _ = await asyncio.wait(tasks, timeout=timeout, return_when=asyncio.FIRST_EXCEPTION)
    ended = time.perf_counter()
    for task in finished:
        task.result()  # a seat that failed (a message it could not read) fails the table
    if len(finished) < len(tasks):
        raise TimeoutError(f"table {code}: the game did not end")
    for ws in conns:
        await ws.close()
    return {"latencies": [max(arrived[i]) - sent[i] for i in sent if len(arrived.get(i, ())) == players],
            "sent": [sent[i] for i in sent if len(arrived.get(i, ())) == players],
            "moves": len(sent), "started": started, "ended": ended}


def _tables_worker(url: str, tables: int, think: float, first: int, spread: float, out: Any) -> None:
    async def run() -> list[Any]:
        async def staggered(i: int) -> dict[str, Any]:
            await asyncio.sleep(spread * i / max(1, tables))  # tables open over a while, as people arrive
            return await play_table(url, think, seed=first + i)
        return await asyncio.gather(*(staggered(i) for i in range(tables)), return_exceptions=True)
    results = asyncio.run(run())
    ok = [r for r in results if isinstance(r, dict)]
    out.put({"latencies": [x for r in ok for x in r["latencies"]], "sent": [x for r in ok for x in r["sent"]],
             "moves": sum(r["moves"] for r in ok), "cpu": time.process_time(),
             "last_start": max((r["started"] for r in ok), default=0.0),
             "first_end": min((r["ended"] for r in ok), default=0.0),
             "failed": [repr(r) for r in results if not isinstance(r, dict)][:3], "tables": len(ok)})


def run_load(tables: int, processes: int, think: float, workers: int = 1, saves: bool = False) -> dict[str, Any]:
    """`tables` tables of 5 clients in `processes` client processes against one server of `workers` processes
    (`saves`: saving every table after each move, in a temporary folder)."""
    log = tempfile.TemporaryFile()
    folder = tempfile.TemporaryDirectory(prefix="net-bench-saves-") if saves else None
    proc, url = start_server(max(tables, 10), workers, log, folder.name if folder else "")
    try:
        time.sleep(0.5)  # the workers' own start
        pids = family(proc.pid)
        before, cpu_before = rss_mib(pids), cpu_seconds(pids)
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        share = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
        spread = max(5.0, tables * 0.02)  # seconds over which the tables open
        clients = [ctx.Process(target=_tables_worker, args=(url, n, think, sum(share[:i]) * 1000, spread, out))
                   for i, n in enumerate(share)]
        start = time.perf_counter()
        for c in clients:
            c.start()
        peak = before
        results = []
        while len(results) < processes:
            try:
                results.append(out.get(timeout=1.0))
            except queue.Empty:
                peak = max(peak, rss_mib(pids))  # sampled while the games go on
        cpu = cpu_seconds(pids) - cpu_before
        for c in clients:
            c.join(30)
        seconds = time.perf_counter() - start
        proc.terminate()
        proc.wait(10)
        log.seek(0)
        collections = gc_pauses(log.read().decode(errors="replace"))
        latencies = [x for r in results for x in r["latencies"]]
        moves = sum(r["moves"] for r in results)
        # while every table is playing: after the last one started, before the first one ended
        low, high = max(r["last_start"] for r in results), min(r["first_end"] for r in results)
        steady = [x for r in results for x, t in zip(r["latencies"], r["sent"], strict=True) if low <= t <= high]
        return {"tables": tables, "tables_finished": sum(r["tables"] for r in results), "workers": workers,
                "saves": saves,
                "client_processes": processes, "think_s": think, "moves": moves, "seconds": round(seconds, 1),
                "p50_ms": round(percentile(latencies, 50) * 1000, 1),
                "p99_ms": round(percentile(latencies, 99) * 1000, 1),
                "all_playing_s": round(max(0.0, high - low), 1), "all_playing_moves": len(steady),
                "all_playing_p50_ms": round(percentile(steady, 50) * 1000, 1),
                "all_playing_p99_ms": round(percentile(steady, 99) * 1000, 1),
                "server_cpu_ms_per_move": round(cpu / max(1, moves) * 1000, 3),
                "server_cores_used": round(cpu / seconds, 2),
                "clients_cpu_ms_per_move": round(sum(r["cpu"] for r in results) / max(1, moves) * 1000, 3),
                "clients_cores_used": round(sum(r["cpu"] for r in results) / seconds, 2),
                "server_mib_idle": round(before, 1), "server_mib_peak": round(peak, 1),
                "kib_per_table": round((peak - before) * 1024 / max(1, tables), 1), **collections,
                "failed": [f for r in results for f in r["failed"]][:3]}
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
        if folder is not None:
            folder.cleanup()


def run_latency(moves: int) -> dict[str, Any]:
    """5 model-building clients at one table, games played back to back until `moves` moves were timed."""
    proc, url = start_server()
    try:
        latencies: list[float] = []
        seed = 0
        while len(latencies) < moves:
            result = asyncio.run(play_table(url, 0.0, seed=seed, model=True))
            latencies += result["latencies"]
            seed += 1
        return {"clients": 5, "moves": len(latencies), "p50_ms": round(percentile(latencies, 50) * 1000, 2),
                "p99_ms": round(percentile(latencies, 99) * 1000, 2),
                "max_ms": round(max(latencies) * 1000, 2)}
    finally:
        proc.terminate()
        proc.wait(10)


# -- reconnects -----------------------------------------------------------------------------------------------
class _Seat:
    """A seat's model as a client keeps it, from the messages of a `NetClient`."""

    def __init__(self, client: Any) -> None:
        from hanabi_desktop.engine import get_variant

        self.client = client
        self.variant = get_variant("classic")
        self.view: Any = None

    def wait(self, kind: str, timeout: float = 10.0) -> Any:
        """Follow the messages until one of type `kind`; its data."""
        from hanabi_desktop.net.seatview import apply_delta, view_from_json

        deadline = time.monotonic() + timeout
        while True:
            message = self.client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            if message.type == "state":
                self.view = view_from_json(message.data["view"], self.variant)
            elif message.type == "update":
                self.view = apply_delta(self.view, message.data["action"], message.data["delta"])
            if message.type == kind:
                return message.data

    def play_round(self) -> bool:
        """Make one move (a discard or a clue), then follow the bots' answers until this seat's turn comes back;
        False if the game is over."""
        from hanabi_desktop.engine import ColourClue, Discard, RankClue

        view = self.view
        legal = [a for a in view.legal if isinstance(a, Discard)] or [
            a for a in view.legal if isinstance(a, (ColourClue, RankClue))] or list(view.legal)
        self.client.act(legal[0])
        while True:
            self.wait("update")
            if self.view.over:
                return False
            if self.view.current == self.client.seat:
                return True


def _table(url: str) -> tuple[Any, dict[str, Any]]:
    """A new table of one person (seat 0) and 4 bots at `url`, started; the owner's client and the table."""
    from hanabi_desktop.net.client import NetClient
    from hanabi_desktop.net.protocol import CreateTable, Start

    owner = NetClient(url).start()
    owner.send(CreateTable("bench", ("open", "conventions", "conventions", "conventions", "conventions")))
    created = _wait(owner, "created").data
    return owner, created | {"start": Start(created["code"], created["owner"])}


def _comeback(url: str, code: str, token: str, out: Any) -> None:
    """A restarted program: takes the seat back with its token, says how long that took and what it sees, plays
    one round, says what it sees then, and waits to be killed."""
    from hanabi_desktop.net.client import NetClient
    from hanabi_desktop.net.seatview import view_json

    start = time.perf_counter()
    client = NetClient(url).start()
    client.rejoin(code, token)
    seat = _Seat(client)
    back = seat.wait("joined")
    seated = time.perf_counter() - start
    seat.wait("state")
    out.put({"seat": back["seat"], "seated": seated, "viewed": time.perf_counter() - start,
             "view": view_json(seat.view)})
    going = seat.play_round()
    out.put({"view": view_json(seat.view), "going": going})
    time.sleep(600)


def run_reconnects(tries: int) -> dict[str, Any]:
    """Cut a seat's connection `tries` times, then kill and restart its client process as many times."""
    from hanabi_desktop.net.client import NetClient
    from hanabi_desktop.net.protocol import Sync
    from hanabi_desktop.net.seatview import view_json

    proc, url = start_server()
    clients: list[Any] = []
    try:
        cut_seated, cut_viewed, same = [], [], 0
        seat = None
        while len(cut_seated) < tries:
            if seat is None or seat.view.over:
                owner, table = _table(url)
                seat = _Seat(NetClient(url).start())
                clients += [owner, seat.client]
                seat.client.join(table["code"], 0, "Ann")
                seat.wait("joined")
                owner.send(table["start"])
                seat.wait("state")
            if not seat.play_round():
                continue
            before = view_json(seat.view)
            start = time.perf_counter()
            seat.client.drop()  # timed from the cut: the client's wait before reconnecting (0.05 s) counts
            back = seat.wait("joined")
            cut_seated.append(time.perf_counter() - start)
            seat.client.send(Sync())  # the host's view of the seat, to compare with the one the client kept
            again = seat.wait("state")["view"]
            cut_viewed.append(time.perf_counter() - start)
            same += back["seat"] == 0 and again == before == view_json(seat.view)
        ctx = multiprocessing.get_context("spawn")
        restart_seated, restart_viewed, restart_total, restarted_same = [], [], [], 0
        kept: dict[str, Any] | None = None
        table: dict[str, Any] = {}
        token = ""
        while len(restart_seated) < tries:
            if kept is None or not kept["going"]:
                owner, table = _table(url)
                first = NetClient(url).start()
                clients += [owner, first]
                first.join(table["code"], 0, "Ann")
                _wait(first, "joined")
                owner.send(table["start"])
                kept = {"view": _wait(first, "state").data["view"], "going": True}  # the deal, as the seat saw it
                token = first.token
                first.close()
            out = ctx.Queue()  # one per process: a queue a killed process wrote to may be left locked
            begin = time.perf_counter()
            child = ctx.Process(target=_comeback, args=(url, table["code"], token, out), daemon=True)
            child.start()
            back = out.get(timeout=60)
            restart_total.append(time.perf_counter() - begin)
            restart_seated.append(back["seated"])
            restart_viewed.append(back["viewed"])
            restarted_same += back["seat"] == 0 and back["view"] == kept["view"]
            kept = out.get(timeout=60)
            child.kill()  # SIGKILL: no goodbye to the host
            child.join(10)
        return {"cuts": len(cut_seated), "cuts_back_same_view": same,
                "cuts_within_2s": sum(t < 2.0 for t in cut_viewed),
                "cut_seated_p50_ms": round(percentile(cut_seated, 50) * 1000, 1),
                "cut_view_p50_ms": round(percentile(cut_viewed, 50) * 1000, 1),
                "cut_view_max_ms": round(max(cut_viewed) * 1000, 1),
                "restarts": len(restart_seated), "restarts_back_same_view": restarted_same,
                "restarts_within_2s": sum(t < 2.0 for t in restart_viewed),
                "restart_seated_p50_ms": round(percentile(restart_seated, 50) * 1000, 1),
                "restart_view_p50_ms": round(percentile(restart_viewed, 50) * 1000, 1),
                "restart_view_max_ms": round(max(restart_viewed) * 1000, 1),
                "restart_with_process_start_p50_ms": round(percentile(restart_total, 50) * 1000, 1)}
    finally:
        for c in clients:
            c.close()
        proc.terminate()
        proc.wait(10)


def _wait(client: Any, kind: str, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        message = client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        if message.type == kind:
            return message


def run(what: list[str], tables: int, processes: int, think: float, moves: int, reconnects: int, workers: int,
        games: int, as_json: bool, saves: bool = False) -> int:
    """Run the chosen measures and print them."""
    report: dict[str, Any] = {}
    if "cost" in what:
        report["cost"] = run_cost(games)
    if "latency" in what:
        report["latency"] = run_latency(moves)
    if "load" in what:
        report["load"] = run_load(tables, processes, think, workers, saves)
    if "reconnect" in what:
        report["reconnect"] = run_reconnects(reconnects)
    if as_json:
        print(json.dumps(report))
    else:
        for name, figures in report.items():
            print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()), flush=True)
    return 0
