"""Programs killed mid-game and started again, over real sockets on 127.0.0.1 between separate processes: a host
whose window dies resumes its table from its save (the same code, seats and tokens) and the other player's
program, still running, is back in its seat by itself; a player whose program dies takes their seat back from the
token kept on disk, with the same view and log. Each process has a home folder of its own, as two computers do."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hanabi_desktop.engine import ColourClue, Discard, PlayerView, RankClue
from hanabi_desktop.net.hometable import host_table
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.net.scripted import table_variant
from hanabi_desktop.net.seatview import apply_delta, view_from_json, view_json
from tests.net.conftest import LOOPBACK, Watcher, saved_moves
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


class Player:
    """A `restart_player` process and the JSON lines it prints."""

    def __init__(self, home: Path, *args: str) -> None:
        env = {**os.environ, "HANABI_DESKTOP_HOME": str(home), "PYTHONPATH": str(ROOT)}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.net.restart_player", *args], cwd=ROOT, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def wait(self, key: str, timeout: float = 30.0) -> dict:
        """The next line that has `key`."""
        while True:
            try:
                news = self.lines.get(timeout=timeout)
            except queue.Empty:
                err = self.proc.stderr.read() if self.proc.poll() is not None and self.proc.stderr else ""
                raise AssertionError(f"no {key!r} from the player process; {err[-2000:]}") from None
            if key in news:
                return news

    def kill(self) -> None:
        self.proc.kill()  # SIGKILL: no goodbye, no last save
        self.proc.wait(10)


@pytest.fixture
def players() -> Iterator[list[Player]]:
    started: list[Player] = []
    yield started
    for p in started:
        if p.proc.poll() is None:
            p.kill()


def move_for(view: PlayerView):  # noqa: ANN201 - an Action
    return next((a for a in view.legal if isinstance(a, (ColourClue, RankClue))), None) or next(
        a for a in view.legal if isinstance(a, Discard))


def test_the_hosts_program_killed_mid_game_resumes_its_table_and_the_guest_is_back_in_its_seat(
        tmp_path: Path, players: list[Player]) -> None:
    home = tmp_path / "ann"
    host = Player(home, "host")
    players.append(host)
    where = host.wait("port")
    bob = Watcher(f"ws://{LOOPBACK}:{where['port']}")
    try:
        bob.client.join(where["code"], 1, "Bob")
        variant = table_variant(bob.wait_type("joined").data["table"])
        dealt = bob.wait_type("state").data  # Ann's program starts once every seat is taken
        assert dealt["moves"] == 0
        mine = view_from_json(dealt["view"], variant)
        first = bob.wait(lambda m: m.type == "update" and m.data["index"] == 0).data  # and makes the first move
        mine = apply_delta(mine, first["action"], first["delta"])
        bob.client.act(move_for(mine))  # Bob: move 1; the bot 2, Ann 3
        for index in (1, 2, 3):
            moved = bob.wait(lambda m, i=index: m.type == "update" and m.data["index"] == i).data
            mine = apply_delta(mine, moved["action"], moved["delta"])
        save = next((home / "data" / "hosted" / "tables").glob("*.json"))
        wait_until(lambda: saved_moves(save) == 4)  # written ~50 ms after the move: until then, an earlier state
        host.kill()  # Ann's program dies mid-game
        wait_until(lambda: not bob.client.connected.is_set())
        again = Player(home, "resume", "4")
        players.append(again)
        resumed = again.wait("resumed")
        assert resumed["resumed"] == 4 and resumed["seats"] == [0, 1, 2, 0]  # Ann's window: her log, from the deal
        assert again.wait("port") == where  # the same table code at the same address
        # Bob's program, which never stopped, reconnects by itself and is back in his seat with the same view
        assert bob.wait_type("joined").data["seat"] == 1
        wait_until(lambda: bob.client.connected.is_set())
        bob.client.sync()  # his whole view, as the resumed host has it: the one he had
        assert view_from_json(bob.wait_type("state").data["view"], variant) == mine
        assert mine.current == 1
        bob.client.act(move_for(mine))
        moved = bob.wait(lambda m: m.type == "update" and m.data["index"] == 4).data
        assert moved["seat"] == 1  # the resumed table took Bob's move, and the game goes on
        assert bob.wait(lambda m: m.type == "update" and m.data["index"] == 5).data["seat"] == 2
    finally:
        bob.close()


def test_a_players_program_killed_mid_game_takes_its_seat_back_with_the_same_view(
        tmp_path: Path, players: list[Player]) -> None:
    spec = CreateTable("Ann's table", ("local", "open"), "classic", public=False)
    hosted = host_table(spec, {0: "Ann"}, "test", port=0, bind=LOOPBACK, advertise=False, pace="instant")
    ann = hosted.table
    try:
        bob_home = tmp_path / "bob"
        bob = Player(bob_home, "join", hosted.addresses[0], ann.code, "2")
        players.append(bob)
        bob.wait("port")
        wait_until(lambda: ann.pump() is not None and all(s.taken for s in ann.seat_info))
        ann.ask_owner("start")
        wait_until(lambda: ann.pump() is not None and bool(ann.views[0]))
        ann.submit(move_for(ann.view(0)))  # move 0
        assert bob.wait("moved")["moved"] == 2  # Bob's program made move 1
        noted = bob.wait("noted")["noted"]
        wait_until(lambda: ann.pump() is not None and len(ann.log) == 2)
        bob.kill()  # Bob's program dies mid-game
        wait_until(lambda: ann.pump() is not None and [s for s, _ in ann.away()] == [1])
        ann.submit(move_for(ann.view(0)))  # move 2, while Bob is away
        wait_until(lambda: ann.pump() is not None and len(ann.log) == 3)
        expected = hosted.host.call(lambda: view_json(PlayerView.of(hosted.home.mirror, 1)))  # his turn: it waits
        back = Player(bob_home, "return", "3", "4")  # Bob starts his program again: his kept seat
        players.append(back)
        returned = back.wait("returned")
        assert returned["view"] == expected  # the same view as the host's for his seat
        assert returned["returned"] == 3 and returned["seats"] == [0, 1, 0]  # and the whole log
        assert returned["notes"] == {str(noted): "kept across a restart"}  # his notes, kept on his computer
        assert back.wait("moved")["seat"] == 1  # back in his seat: his move is the table's move 3
        wait_until(lambda: ann.pump() is not None and len(ann.log) == 4 and ann.away() == [])
        assert ann.log[3].seat == 1
    finally:
        hosted.stop()
