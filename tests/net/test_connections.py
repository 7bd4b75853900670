"""Connections as they really go: drops and returns, another version, wrong codes, bad and hostile messages,
the owner's stand-in bots, chat. Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json

import pytest
from websockets.asyncio.client import connect

from hanabi_desktop.engine import Play, PlayerView
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import MAX_MESSAGE_BYTES, MAX_STRIKES, PROTOCOL_VERSION, CreateTable, Limits
from hanabi_desktop.net.seatview import view_json
from hanabi_desktop.net.server import version_message
from tests.net.conftest import LOOPBACK, Watcher, after, url
from tests.waiting import wait_until


def _two_seated(host: HostThread, seats=("open", "open"), **spec) -> tuple:
    table = host.create_table(CreateTable("t", seats, **spec))
    ann, bob = Watcher(url(host)), Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    bob.client.join(table.code, 1, "Bob")
    ann.wait_type("joined")
    bob.wait_type("joined")
    return table, ann, bob


def _started(host: HostThread, table, *watchers) -> list:
    host.start_game(table)
    return [w.wait_type("state").data["view"] for w in watchers]


def test_a_dropped_client_is_back_in_its_seat_with_the_same_view(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    view, _ = _started(host, table, ann, bob)
    token = ann.client.token
    ann.client.drop()  # the socket dies as on a network failure
    ann.wait(lambda m: m.type == "connection" and m.data["state"] == "reconnecting")
    ann.wait(lambda m: m.type == "connection" and m.data["state"] == "connected", timeout=5)
    back = ann.wait_type("joined")
    assert back.data["seat"] == 0 and back.data["token"] == token
    # it had seen every move (none yet): nothing to catch up; the seat is still its own and it plays on
    ann.client.act(Play(view["hands"][0][0]))
    moved = ann.wait_type("update").data
    assert moved["seat"] == 0 and after(view, moved)["current"] == 1
    assert bob.wait_type("update").data["index"] == 0
    ann.close()
    bob.close()


def test_a_restarted_program_takes_its_seat_back_with_its_token_and_catches_up(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    view, _ = _started(host, table, ann, bob)
    code, token = ann.client.code, ann.client.token
    ann.client.act(Play(view["hands"][0][0]))
    before = after(view, ann.wait_type("update").data)
    ann.close()  # the program ends
    wait_until(lambda: not host.call(lambda: bool(table.seats[0].peers)))
    assert bob.wait(lambda m: m.type == "table" and not m.data["table"]["seats"][0]["connected"])
    again = Watcher(url(host))
    again.client.rejoin(code, token)
    assert again.wait_type("joined").data["seat"] == 0
    assert again.wait_type("state").data["view"] == before  # the same view as before it went
    again.close()
    bob.close()


def test_a_rejoin_after_missed_moves_gets_each_of_them(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "conventions", "conventions")))
    ann = Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    ann.wait_type("joined")
    host.start_game(table)
    view = ann.wait_type("state").data["view"]
    code, token = ann.client.code, ann.client.token
    ann.client.act(Play(view["hands"][0][0]))
    assert ann.wait_type("update").data["index"] == 0
    ann.close()
    wait_until(lambda: host.call(lambda: len(table.session.log)) == 3)  # both bots moved while she was away
    again = Watcher(url(host))
    again.client.rejoin(code, token, seen=1)
    assert again.wait_type("joined").data["seat"] == 0
    missed = [again.wait_type("update").data for _ in range(2)]
    assert [m["index"] for m in missed] == [1, 2] and [m["seat"] for m in missed] == [1, 2]
    assert missed[-1]["delta"]["current"] == 0 and missed[-1]["delta"]["legal"]  # her turn: her legal moves
    assert again.client.seen == 3
    again.close()


def test_a_client_of_another_version_is_told_which_version_the_host_runs(host: HostThread) -> None:
    old = Watcher(url(host), version=PROTOCOL_VERSION + 1)
    error = old.wait_type("error")
    assert error.data["code"] == "version" and error.data["message"] == version_message()
    assert f"protocol version {PROTOCOL_VERSION}" in error.data["message"] and "please install" in error.data["message"]
    closed = old.wait_type("connection")
    assert closed.data["state"] == "closed"  # no endless retries against a host that cannot understand it
    old.close()


def test_a_wrong_code_is_refused_without_saying_whether_a_table_exists(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "open")))
    w = Watcher(url(host))
    w.client.join("ZZZZ-ZZZZ-ZZZZ", 0, "Ann")
    missing = w.wait_type("error").data
    w.client.rejoin(table.code, "not-a-token")
    wrong_token = w.wait_type("error").data
    assert missing["code"] == wrong_token["code"] == "no_table"
    assert missing["message"] == wrong_token["message"]  # the same words whether a table has that code or not
    assert len(table.code) == 12 and set(table.code) <= set("ABCDEFGHJKMNPQRSTVWXYZ0123456789")
    w.close()


def _raw(host: HostThread, messages: list, *, hello: bool = True) -> list[dict]:
    """Send raw texts on a fresh connection; every answer until the host closes it or goes quiet."""
    async def go() -> list[dict]:
        out = []
        async with connect(url(host), max_size=None, open_timeout=10, close_timeout=2) as ws:
            if hello:
                await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
                out.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            for m in messages:
                await ws.send(m if isinstance(m, (str, bytes)) else json.dumps(m))
            try:
                while True:
                    out.append(json.loads(await asyncio.wait_for(ws.recv(), 1.0)))
            except Exception:  # noqa: BLE001 - closed or quiet: the answers are complete
                pass
        return out
    return asyncio.run(go())


def test_bad_messages_get_an_error_each_and_a_close_if_they_persist(host: HostThread) -> None:
    bad = ["not json", {"type": "hello", "version": 1}, b"\x00binary", "[1,2]", {"type": "nope"}, {"type": "join", "code": 5},
           {"type": "act", "action": {"type": "play", "card": True}},
           {"type": "join", "code": "A", "seat": 0, "name": "Ann", "extra": 1}, "[" * 2000 + "]" * 2000,
           {"type": "chat", "text": "hi"}, {"type": "list_tables"}]  # the 11th, after the close, is never read
    answers = _raw(host, bad)
    assert answers[0]["type"] == "welcome"
    errors = [a for a in answers[1:] if a["type"] == "error"]
    assert len(errors) == MAX_STRIKES  # one per message until the tenth in a row closes the connection
    assert [a["type"] for a in answers[1:]] == ["error"] * MAX_STRIKES  # closed: the good 11th is never answered
    assert {e["code"] for e in errors} >= {"invalid", "binary", "unknown", "not_seated", "hello_again"}


def test_a_message_too_big_closes_the_connection(host: HostThread) -> None:
    answers = _raw(host, ["x" * (MAX_MESSAGE_BYTES + 1), {"type": "list_tables"}])
    assert [a["type"] for a in answers] == ["welcome"]  # websockets closes it at the frame (1009), unread


def test_hello_must_come_first(host: HostThread) -> None:
    answers = _raw(host, [{"type": "list_tables"}], hello=False)
    assert answers and answers[0]["type"] == "error" and answers[0]["code"] == "hello_first"


def test_too_fast_is_refused_and_the_others_play_on(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    view, _ = _started(host, table, ann, bob)
    answers = _raw(host, [{"type": "list_tables"}] * 80)
    assert any(a["type"] == "error" and a["code"] == "rate" for a in answers)
    ann.client.act(Play(view["hands"][0][0]))
    assert bob.wait_type("update").data["seat"] == 0
    assert not [m for w in (ann, bob) for m in w.seen if m.type == "error"]
    ann.close()
    bob.close()


def test_out_of_turn_and_illegal_intents_get_the_engines_reason(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    view, _ = _started(host, table, ann, bob)
    bob.client.act(Play(view["hands"][1][0]))
    refused = bob.wait_type("error").data
    assert refused["code"] == "refused" and refused["message"] == "it is Ann's turn"
    ann.client.act(Play(view["hands"][1][0]))  # Bob's card, from Ann: the engine says why not
    assert ann.wait_type("error").data["message"] == f"card {view['hands'][1][0]} is not in Ann's hand"
    assert host.call(lambda: len(table.session.log)) == 0
    ann.close()
    bob.close()


def test_connections_per_address_are_limited() -> None:
    h = HostThread(Limits(connections_per_address=2), pace="instant")
    h.start(LOOPBACK, 0)
    try:
        first, second = Watcher(url(h)), Watcher(url(h))
        first.wait_type("welcome")
        second.wait_type("welcome")
        third = Watcher(url(h), reconnect=False)
        assert third.wait_type("connection").data["state"] == "closed"
        for w in (first, second, third):
            w.close()
    finally:
        h.stop()


def test_the_owner_seats_a_bot_for_a_person_away_and_hands_the_seat_back(host: HostThread) -> None:
    lobby = Watcher(url(host))
    lobby.client.create(CreateTable("t", ("open", "open"), public=True))
    created = lobby.wait_type("created").data
    ann, bob = Watcher(url(host)), Watcher(url(host))
    ann.client.join(created["code"], 0, "Ann")
    bob.client.join(created["code"], 1, "Bob")
    ann.wait_type("joined")
    bob.wait_type("joined")
    from hanabi_desktop.net.protocol import HandBack, SeatBot, Start
    lobby.client.send(Start(created["code"], "wrong-owner"))
    assert lobby.wait_type("error").data["code"] == "not_owner"
    lobby.client.send(Start(created["code"], created["owner"]))
    view = ann.wait_type("state").data["view"]
    bob_view = bob.wait_type("state").data["view"]
    lobby.client.send(SeatBot(created["code"], created["owner"], 0, "conventions"))
    moved = bob.wait_type("update").data  # the stand-in plays Ann's turn
    assert moved["seat"] == 0
    ann.client.act(Play(view["hands"][0][0]))
    assert ann.wait(lambda m: m.type == "error").data["code"] == "stand_in"
    lobby.client.send(HandBack(created["code"], created["owner"], 0))
    table = host.call(lambda: host.server.table(created["code"].replace("-", "")))
    wait_until(lambda: host.call(lambda: table.seats[0].stand_in is None))
    bob.client.act(Play(after(bob_view, moved)["hands"][1][0]))
    mine = after(view, *(ann.wait(lambda m, i=i: m.type == "update" and m.data["index"] == i).data for i in (0, 1)))
    assert mine["current"] == 0 and mine["legal"]  # no bot plays for her any more: her turn waits for her
    ann.client.act(Play(mine["hands"][0][0]))
    assert ann.wait(lambda m: m.type == "update" and m.data["index"] == 2).data["seat"] == 0
    for w in (lobby, ann, bob):
        w.close()


def test_chat_before_the_game_and_during_it_only_if_allowed(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    ann.client.chat("hello")
    line = bob.wait_type("chat").data
    assert line == {"n": 0, "seat": 0, "name": "Ann", "text": "hello"}
    _started(host, table, ann, bob)
    ann.client.chat("I have the red 5")
    assert ann.wait_type("error").data["code"] == "no_chat"
    ann.close()
    bob.close()


def test_lobby_lists_public_tables_only(host: HostThread) -> None:
    host.create_table(CreateTable("secret", ("open", "open")))
    public = host.create_table(CreateTable("open one", ("open", "conventions"), public=True))
    w = Watcher(url(host))
    w.client.list_tables()
    tables = w.wait_type("lobby").data["tables"]
    assert [t["name"] for t in tables] == ["open one"]
    assert tables[0]["code"].replace("-", "") == public.code
    w.close()


@pytest.mark.parametrize("seats", [("open", "os.path:join"), ("open", "nobody"), ("conventions", "random")])
def test_a_table_of_unknown_or_importable_bots_is_refused(host: HostThread, seats) -> None:
    w = Watcher(url(host))
    w.client.create(CreateTable("t", seats))
    assert w.wait_type("error").data["code"] == "bad_seat"
    w.close()


def test_a_client_that_missed_a_move_asks_for_its_whole_view(host: HostThread) -> None:
    table, ann, bob = _two_seated(host)
    ann.client.sync()
    assert ann.wait_type("error").data["code"] == "not_started"  # no view to send before the deal
    view, bob_view = _started(host, table, ann, bob)
    ann.client.seen = -5  # as if moves had not reached it: the next change is to a view it does not have
    ann.client.act(Play(view["hands"][0][0]))
    whole = ann.wait_type("state").data  # it asked by itself, and got the whole view instead of the change
    assert whole["moves"] == 1 and ann.client.seen == 1
    assert whole["view"] == host.call(lambda: view_json(PlayerView.of(table.mirror, 0)))
    assert not [m for m in ann.seen if m.type == "update"]  # the change it could not apply was not posted
    bob.client.act(Play(after(bob_view, bob.wait_type("update").data)["hands"][1][0]))
    assert ann.wait_type("update").data["index"] == 1  # and it follows the changes again
    ann.close()
    bob.close()
