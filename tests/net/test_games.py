"""Whole games over real sockets on 127.0.0.1: scripted clients in separate processes, bots at the host and a
person at the host's computer; each game's result equals the same deal played at one computer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from hanabi_desktop.engine import GameRecord
from hanabi_desktop.net.host import HostThread, LocalSeat
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.net.scripted import SeatPlayer
from tests.net.conftest import replay_locally, url
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]

# (variant, seats): "open" is a scripted client in its own process, "local" a person at the host (a bot here)
GAMES = [
    ("classic", ("open", "open")),
    ("classic", ("open", "conventions", "local")),
    ("deluxe", ("conventions", "open", "conventions", "open")),
    ("black-powder", ("open", "conventions", "local", "open", "conventions")),
    ("flamboyants", ("open", "open", "conventions")),
    ("deluxe", ("local", "open", "conventions", "local")),  # a hot seat: two people at the host's computer
    ("classic", ("local", "local", "open")),
]


def _play_local(local: LocalSeat, player: SeatPlayer) -> None:
    """Drive a local seat from its inbox as the game window would, with a bot's decisions."""
    while player.over is None:
        action = player.handle(local.inbox.get(timeout=60))
        if action is not None:
            local.act(action)


def test_whole_games_between_processes_equal_the_same_deals_played_locally(host: HostThread) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    tables, procs, locals_ = [], [], []
    for variant, seats in GAMES:
        table = host.create_table(CreateTable(f"{variant} {len(seats)}", seats, variant=variant), local_name="Host")
        tables.append(table)
        for s, kind in enumerate(seats):
            if kind == "open":
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "hanabi_desktop.net.scripted", url(host), table.code, str(s), f"P{s}",
                     "--seed", "net", "--timeout", "90"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                    text=True, cwd=ROOT))
            elif kind == "local":
                local = host.seat_local(table, s, f"Host {s}")  # a hot seat: each person by name
                player = SeatPlayer("conventions", f"net/{s}")
                thread = threading.Thread(target=_play_local, args=(local, player), daemon=True)
                locals_.append((thread, player))
    wait_until(lambda: all(not host.call(lambda t=t: t.free_seats) for t in tables), 60)
    for table in tables:
        host.start_game(table)
    for thread, _player in locals_:
        thread.start()
    results: dict[str, list[dict]] = {}
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err[-2000:]
        result = json.loads(out.splitlines()[-1])
        assert result["refused"] == []  # every intent the bots sent was legal
        results.setdefault(result["record"]["players"][result["seat"]], []).append(result)
    for thread, player in locals_:
        thread.join(60)
        assert player.over is not None
    for table, (variant, seats) in zip(tables, GAMES, strict=True):
        session = table.session
        assert session is not None and session.over
        record = session.record().to_json()
        bots = {s: (kind, f"{session.seed}/{s}") if kind not in ("open", "local") else ("conventions", f"net/{s}")
                for s, kind in enumerate(seats)}
        local = replay_locally(record, bots, session.seed)
        assert GameRecord.from_json(record).actions == local.actions, variant
        assert session.game.score == local.score
    # each process was told the same end as the host recorded
    by_code = {t.code: t for t in tables}
    assert len(by_code) == len(GAMES)
    for outcome in [r for rs in results.values() for r in rs]:
        matching = [t for t in tables if t.session.record().to_json()["deck"] == outcome["record"]["deck"]]
        assert len(matching) == 1 and matching[0].session.game.score == outcome["score"]
