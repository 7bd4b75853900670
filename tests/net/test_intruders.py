"""Connections that reach for what is not theirs: another person's seat, a bot's seat, the owner's say, a seat
taken back by its own person, a table without a hello. Each is refused to that connection alone, and the game
of the people at the table goes on as it was. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from hanabi_desktop.engine import Play
from hanabi_desktop.net import server
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, HandBack, SeatBot, Start
from tests.net.conftest import Watcher, after, url


def _state(host: HostThread, table) -> tuple:
    """What an intruder must not change: the moves, and who holds each seat."""
    return host.call(lambda: (len(table.session.log) if table.session else -1,
                              [(s.name, s.token, s.stand_in, len(s.peers)) for s in table.seats]))


def test_a_stranger_takes_no_seat_and_no_owners_say(host: HostThread) -> None:
    lobby = Watcher(url(host))
    lobby.client.create(CreateTable("t", ("open", "open", "conventions")))
    created = lobby.wait_type("created").data
    ann, bob, eve = Watcher(url(host)), Watcher(url(host)), Watcher(url(host))
    ann.client.join(created["code"], 0, "Ann")
    ann.wait_type("joined")
    eve.client.join(created["code"], 0, "Eve")  # Ann's seat
    assert eve.wait_type("error").data["code"] == "seat_taken"
    eve.client.join(created["code"], 2, "Eve")  # the bot's seat
    assert eve.wait_type("error").data["code"] == "not_open"
    bob.client.join(created["code"], 1, "Bob")
    bob.wait_type("joined")
    table = host.call(lambda: host.server.table(created["code"].replace("-", "")))
    eve.client.send(Start(created["code"], "not-the-owner"))
    assert eve.wait_type("error").data["code"] == "not_owner"
    lobby.client.send(Start(created["code"], created["owner"]))
    view, bob_view = ann.wait_type("state").data["view"], bob.wait_type("state").data["view"]
    before = _state(host, table)
    eve.client.act(Play(view["hands"][0][0]))  # Ann's move, from someone with no seat
    assert eve.wait_type("error").data["code"] == "not_seated"
    for wrong in (SeatBot(created["code"], ann.client.token, 0, "conventions"),  # a seat's token is not the owner's
                  HandBack(created["code"], "x" * 43, 0)):
        eve.client.send(wrong)
        assert eve.wait_type("error").data["code"] == "not_owner"
    assert _state(host, table) == before
    ann.client.act(Play(view["hands"][0][0]))  # the game goes on, Ann's move hers
    moved = bob.wait_type("update").data
    assert moved["seat"] == 0
    assert after(bob_view, moved)["current"] == 1
    assert not [m for w in (ann, bob) for m in w.seen if m.type == "error"]  # nothing reached the people seated
    for w in (lobby, ann, bob, eve):
        w.close()


def test_a_connection_whose_seat_was_taken_back_with_its_token_acts_no_more(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "conventions")))
    ann = Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    ann.wait_type("joined")
    host.start_game(table)
    view = ann.wait_type("state").data["view"]

    async def old_connection_acts() -> list[str]:
        """A connection that rejoins Ann's seat with her token (stolen, say) holds it until her own program comes
        back with the token; then it is closed, and nothing it sent changed the game."""
        async with connect(url(host), open_timeout=10, close_timeout=2) as ws:
            await ws.send(json.dumps({"type": "hello", "version": server.PROTOCOL_VERSION}))
            await ws.send(json.dumps({"type": "rejoin", "code": table.code, "token": ann.client.token}))
            got = []
            try:
                while True:
                    got.append(await asyncio.wait_for(ws.recv(), 5))
                    if '"type":"joined"' in got[-1]:
                        break
                while True:  # Ann's own program, cut off (4002), comes back with her token and takes it again
                    got.append(await asyncio.wait_for(ws.recv(), 5))
            except ConnectionClosed as exc:
                got.append(f"closed {exc.rcvd.code if exc.rcvd else None}")
            return got

    answers = asyncio.run(old_connection_acts())
    assert answers[-1] == "closed 4002"  # the seat was taken up by the newer connection
    assert ann.wait(lambda m: m.type == "joined").data["seat"] == 0
    assert host.call(lambda: len(table.session.log)) == 0
    ann.client.act(Play(view["hands"][0][0]))
    assert ann.wait(lambda m: m.type == "update" and m.data["index"] == 0).data["seat"] == 0
    ann.close()


def test_a_connection_that_never_says_hello_is_closed(monkeypatch: pytest.MonkeyPatch, host: HostThread) -> None:
    monkeypatch.setattr(server, "HELLO_SECONDS", 0.3)

    async def silent() -> int | None:
        async with connect(url(host), open_timeout=10, close_timeout=2) as ws:
            try:
                await asyncio.wait_for(ws.recv(), 5)
            except ConnectionClosed as exc:
                return exc.rcvd.code if exc.rcvd else None
        return None
    assert asyncio.run(silent()) == 1008
