"""`hanabi-desktop net-bench`: measures the host over real sockets on 127.0.0.1, and reports; it asserts nothing.

Three measures, each against a `serve` process of its own:

- latency: 5 clients at one table; for each move, the time from the intent leaving the acting client to the
  update reaching the last of the 5 (p50, p99);
- load: `--tables` tables of 5 clients each, run by `--processes` client processes, every seat acting
  `--think` seconds after its turn comes (discard when it may, else a clue: games run to the end of the deck);
  move-to-broadcast p50/p99 over every move, and the server's memory per table;
- reconnect: a seated client's connection is cut (`--reconnects` times), and a new client comes back with the
  seat's token (as a restarted program does) as many times; each is timed from the new connection to the seat's
  view, and the view is checked to be the same as before the cut.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from hanabi_desktop.net.protocol import PROTOCOL_VERSION

LOOPBACK = "127.0.0.1"


def start_server(max_tables: int = 1000) -> tuple[subprocess.Popen, str]:
    """A `serve` process on a free port of 127.0.0.1, and its address."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hanabi_desktop", "serve", "--host", LOOPBACK, "--port", "0", "--pace", "instant",
         "--max-per-address", "100000", "--max-tables", str(max_tables), "--max-tables-per-address",
         str(max_tables)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    line = proc.stdout.readline() if proc.stdout else ""
    if "serving on" not in line:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, line.split("serving on ")[1].split()[0]


def rss_mib(pid: int) -> float:
    """Resident memory of process `pid` in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def percentile(values: list[float], p: float) -> float:
    """The `p`th percentile (nearest rank) of `values`."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))] if ordered else float("nan")


# -- one table of 5 light clients (asyncio, no threads) ---------------------------------------------------------
async def _open(url: str) -> Any:
    ws = await connect(url, compression=None, max_size=None, open_timeout=60, ping_interval=None)
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


def _choice(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Discard when allowed, else a clue, else a play: a long game with no thinking."""
    legal = view["legal"]
    for kind in ("discard", "colour_clue", "rank_clue"):
        options = [a for a in legal if a["type"] == kind]
        if options:
            return rng.choice(options)
    return legal[0]


async def play_table(url: str, think: float, players: int = 5, seed: int = 0) -> dict[str, Any]:
    """Open a table of `players` open seats, fill it with clients, play one game; the latencies of its moves."""
    rng = random.Random(seed)
    conns = [await _open(url) for _ in range(players)]
    await conns[0].send(json.dumps({"type": "create_table", "name": f"bench {seed}", "seats": ["open"] * players}))
    created = json.loads(await conns[0].recv())
    code, owner = created["code"], created["owner"]
    for seat, ws in enumerate(conns):
        await ws.send(json.dumps({"type": "join", "code": code, "seat": seat, "name": f"p{seat}"}))
    sent: dict[int, float] = {}
    arrived: dict[int, list[float]] = {}
    done = asyncio.Event()
    joined = [asyncio.Event() for _ in conns]

    async def seat_loop(seat: int, ws: Any) -> None:
        async for raw in ws:
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg["type"] == "joined":
                joined[seat].set()
            elif msg["type"] == "update":
                arrived.setdefault(msg["index"], []).append(now)
            if msg["type"] in ("state", "update"):
                view = msg["view"]
                if not view["over"] and view["current"] == seat:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    sent[len(view["history"])] = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "action": _choice(view, rng)}))
            elif msg["type"] == "over":
                done.set()
                return

    tasks = [asyncio.create_task(seat_loop(s, ws)) for s, ws in enumerate(conns)]
    for event in joined:
        await asyncio.wait_for(event.wait(), 120)
    await conns[0].send(json.dumps({"type": "start", "code": code, "owner": owner}))
    await asyncio.wait_for(done.wait(), 600)
    await asyncio.wait(tasks, timeout=5)
    for ws in conns:
        await ws.close()
    return {"latencies": [max(arrived[i]) - sent[i] for i in sent if len(arrived.get(i, ())) == players],
            "moves": len(sent)}


def _tables_worker(url: str, tables: int, think: float, first: int, out: Any) -> None:
    async def run() -> list[dict[str, Any]]:
        async def staggered(i: int) -> dict[str, Any]:
            await asyncio.sleep(i * 0.02)  # tables open over a moment, as people arrive
            return await play_table(url, think, seed=first + i)
        return await asyncio.gather(*(staggered(i) for i in range(tables)), return_exceptions=True)
    results = asyncio.run(run())
    ok = [r for r in results if isinstance(r, dict)]
    out.put({"latencies": [x for r in ok for x in r["latencies"]], "moves": sum(r["moves"] for r in ok),
             "failed": [repr(r) for r in results if not isinstance(r, dict)][:3], "tables": len(ok)})


def run_load(tables: int, processes: int, think: float) -> dict[str, Any]:
    """`tables` tables of 5 clients in `processes` client processes against one server."""
    proc, url = start_server(max(tables, 10))
    try:
        before = rss_mib(proc.pid)
        ctx = multiprocessing.get_context("spawn")
        out = ctx.Queue()
        share = [tables // processes + (1 if i < tables % processes else 0) for i in range(processes)]
        workers = [ctx.Process(target=_tables_worker, args=(url, n, think, sum(share[:i]) * 1000, out))
                   for i, n in enumerate(share)]
        start = time.perf_counter()
        for w in workers:
            w.start()
        peak = before
        results = []
        while len(results) < processes:
            try:
                results.append(out.get(timeout=1.0))
            except Exception:  # noqa: BLE001 - queue.Empty: sample the memory meanwhile
                peak = max(peak, rss_mib(proc.pid))
        for w in workers:
            w.join(30)
        seconds = time.perf_counter() - start
        latencies = [x for r in results for x in r["latencies"]]
        played = sum(r["tables"] for r in results)
        return {"tables": tables, "tables_finished": played, "processes": processes, "think": think,
                "moves": sum(r["moves"] for r in results), "seconds": round(seconds, 1),
                "p50_ms": round(percentile(latencies, 50) * 1000, 1),
                "p99_ms": round(percentile(latencies, 99) * 1000, 1),
                "server_mib_idle": round(before, 1), "server_mib_peak": round(peak, 1),
                "mib_per_table": round((peak - before) / max(1, tables), 3),
                "failed": [f for r in results for f in r["failed"]][:3]}
    finally:
        proc.terminate()
        proc.wait(10)


def run_latency(moves: int) -> dict[str, Any]:
    """5 clients at one table, games played back to back until `moves` moves were timed."""
    proc, url = start_server()
    try:
        latencies: list[float] = []
        seed = 0
        while len(latencies) < moves:
            result = asyncio.run(play_table(url, 0.0, seed=seed))
            latencies += result["latencies"]
            seed += 1
        return {"clients": 5, "moves": len(latencies), "p50_ms": round(percentile(latencies, 50) * 1000, 2),
                "p99_ms": round(percentile(latencies, 99) * 1000, 2),
                "max_ms": round(max(latencies) * 1000, 2)}
    finally:
        proc.terminate()
        proc.wait(10)


def run_reconnects(tries: int) -> dict[str, Any]:
    """Cut a seated client's connection `tries` times, and come back with a new client as many times."""
    from hanabi_desktop.net.client import NetClient

    proc, url = start_server()
    clients: list[NetClient] = []
    try:
        owner = NetClient(url).start()
        owner.send(_create(["open", "conventions"]))
        created = _wait(owner, "created").data
        ann = NetClient(url).start()
        clients += [owner, ann]
        ann.join(created["code"], 0, "Ann")
        _wait(ann, "joined")
        owner.send(_start(created))
        view = _wait(ann, "state").data["view"]
        cut_times, restart_times, same = [], [], 0
        for _ in range(tries):
            start = time.perf_counter()
            ann.drop()  # timed from the cut: the client's wait before reconnecting (0.05 s) counts
            same += _wait(ann, "joined").data["seat"] == 0
            cut_times.append(time.perf_counter() - start)
        for _ in range(tries):
            code, token = ann.code, ann.token
            ann.close()
            start = time.perf_counter()
            ann = NetClient(url).start()
            clients.append(ann)
            ann.rejoin(code, token)
            _wait(ann, "joined")
            again = _wait(ann, "state").data["view"]
            restart_times.append(time.perf_counter() - start)
            same += again == view
        both = cut_times + restart_times
        return {"tries": 2 * tries, "within_2s": sum(t < 2.0 for t in both), "same_seat_and_view": same,
                "cut_p50_ms": round(percentile(cut_times, 50) * 1000, 1),
                "cut_max_ms": round(max(cut_times) * 1000, 1),
                "restart_p50_ms": round(percentile(restart_times, 50) * 1000, 1),
                "restart_max_ms": round(max(restart_times) * 1000, 1)}
    finally:
        for c in clients:
            c.close()
        proc.terminate()
        proc.wait(10)


def _create(seats: list[str]) -> Any:
    from hanabi_desktop.net.protocol import CreateTable

    return CreateTable("bench", tuple(seats))


def _start(created: dict[str, Any]) -> Any:
    from hanabi_desktop.net.protocol import Start

    return Start(created["code"], created["owner"])


def _wait(client: Any, kind: str, match: Any = None, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        message = client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        if message.type == kind and (match is None or match(message)):
            return message


def run(what: list[str], tables: int, processes: int, think: float, moves: int, reconnects: int,
        as_json: bool) -> int:
    """Run the chosen measures and print them."""
    report: dict[str, Any] = {}
    if "latency" in what:
        report["latency"] = run_latency(moves)
    if "load" in what:
        report["load"] = run_load(tables, processes, think)
    if "reconnect" in what:
        report["reconnect"] = run_reconnects(reconnects)
    if as_json:
        print(json.dumps(report))
    else:
        for name, figures in report.items():
            print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    return 0

