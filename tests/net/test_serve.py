"""`hanabi-desktop serve`: the headless host in its own process (no pygame, no display), with its lobby."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hanabi_desktop.engine import Play
from hanabi_desktop.measure.net_bench import first_line
from hanabi_desktop.net.protocol import CreateTable, HandBack, Start
from tests.net.conftest import LOOPBACK, Watcher

ROOT = Path(__file__).resolve().parents[2]


def test_serve_holds_tables_with_a_lobby_and_never_imports_pygame() -> None:
    code = ("import sys, runpy\n"
            "sys.modules['pygame'] = None  # importing pygame would fail here\n"
            "sys.argv = ['hanabi-desktop', 'serve', '--host', '127.0.0.1', '--port', '0', '--pace', 'instant',"
            " '--name', 'Test server']\n"
            "from hanabi_desktop.cli import main\n"
            "sys.exit(main())\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    env.pop("DISPLAY", None)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)
    try:
        line = first_line(proc)
        assert "serving on ws://127.0.0.1:" in line, proc.stderr.read() if proc.poll() is not None else line
        port = int(line.split("ws://127.0.0.1:")[1].split()[0])
        address = f"ws://{LOOPBACK}:{port}"
        owner = Watcher(address)
        assert owner.wait_type("welcome").data["server"] == "Test server"
        owner.client.create(CreateTable("Friday", ("open", "conventions"), public=True))
        created = owner.wait_type("created").data
        owner.client.list_tables()
        lobby = owner.wait_type("lobby").data["tables"]
        assert [(t["name"], t["code"]) for t in lobby] == [("Friday", created["code"])]
        ann = Watcher(address)
        ann.client.join(created["code"], 0, "Ann")
        ann.wait_type("joined")
        owner.client.send(Start(created["code"], created["owner"]))
        view = ann.wait_type("state").data["view"]
        ann.client.act(Play(view["hands"][0][0]))
        assert ann.wait_type("update").data["seat"] == 0
        assert ann.wait_type("update").data["seat"] == 1  # the server's bot answered
        owner.client.send(HandBack(created["code"], created["owner"], 1))  # a bot's seat is not a person's
        assert owner.wait_type("error").data["code"] == "no_seat"
        owner.close()
        ann.close()
        assert proc.poll() is None  # still serving
    finally:
        proc.terminate()
        proc.wait(10)
