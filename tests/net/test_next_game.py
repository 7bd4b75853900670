"""The next game at the same table (protocol 5, real sockets on 127.0.0.1): only its owner deals it, only once the
game is over; the people keep their seats and tokens, the bot stays, a new deal comes to every seat after the last
game's `over`; a seat whose person left opens again and the game waits for it; a program of protocol 4 is told to
update."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from hanabi_desktop.net.client import Incoming
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import PROTOCOL_VERSION, CreateTable, NextGame, Start
from tests.net.conftest import Watcher, url


def own_first_card(state: Incoming) -> Play:
    view = state.data["view"]
    return Play(view["hands"][view["seat"]][0])


def play_to_the_end(host: HostThread, table, people: dict[int, Watcher]) -> dict:
    """Every person plays their newest card each turn (three misplays end the game soon); the `over` Ann got."""
    for _ in range(200):
        over = host.call(lambda: table.session.over)
        if over:
            break
        seat = host.call(lambda: table.session.current)
        if seat in people:
            view, moves = host.call(lambda s=seat: (table.session.view(s), len(table.session.log)))
            people[seat].client.act(Play(view.hands[seat][0]))
            people[seat].wait(lambda m, n=moves: m.type == "update" and m.data["index"] == n, 10)
        else:
            people[0].wait(lambda m: m.type in ("update", "over"), 10)
    return people[0].wait_type("over").data


def test_the_owner_deals_the_next_game_at_the_same_seats(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "open", "conventions"), public=False))
    ann, bob = Watcher(url(host)), Watcher(url(host))
    try:
        ann.client.join(table.code, 0, "Ann")
        bob.client.join(table.code, 1, "Bob")
        tokens = [ann.wait_type("joined").data["token"], bob.wait_type("joined").data["token"]]
        ann.client.send(NextGame(table.code, table.owner))
        assert ann.wait_type("error").data["code"] == "not_over"  # no game yet
        ann.client.send(Start(table.code, table.owner))
        ann.wait_type("state")
        bob.wait_type("state")
        ann.client.send(NextGame(table.code, table.owner))
        assert ann.wait_type("error").data["code"] == "not_over"  # during the game
        first = play_to_the_end(host, table, {0: ann, 1: bob})
        bob.wait_type("over")
        bob.client.send(NextGame(table.code, "x" * 43))
        assert bob.wait_type("error").data["code"] == "not_owner"
        ann.client.send(NextGame(table.code, table.owner))
        for person in (ann, bob):  # the new deal, from its first move
            state = person.wait_type("state")
            assert state.data["moves"] == 0 and not state.data["view"]["over"]
        seats = host.call(lambda: [(s.name, s.kind, s.token) for s in table.seats])
        assert seats == [("Ann", "open", tokens[0]), ("Bob", "open", tokens[1]), ("conventions 3", "conventions", None)]
        assert host.call(lambda: (len(table.session.log), table.session.over)) == (0, False)
        second = play_to_the_end(host, table, {0: ann, 1: bob})
        assert second["record"]["deck"] != first["record"]["deck"]  # a new deal
    finally:
        ann.close()
        bob.close()


def test_a_seat_left_for_good_opens_again_and_the_next_game_waits_for_it(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "open"), public=False))
    ann, bob, cat = Watcher(url(host)), Watcher(url(host)), Watcher(url(host))
    try:
        ann.client.join(table.code, 0, "Ann")
        bob.client.join(table.code, 1, "Bob")
        ann.wait_type("joined")
        bob.wait_type("joined")
        ann.client.send(Start(table.code, table.owner))
        ann.wait_type("state")
        bob.wait_type("state")
        play_to_the_end(host, table, {0: ann, 1: bob})
        ann.seen.clear()  # what the table said before (seat 2 was free before Bob came)
        bob.client.leave()  # Bob goes for good after the game
        ann.wait(lambda m: m.type == "table" and m.data["table"]["over"] and not m.data["table"]["seats"][1]["taken"])
        ann.client.send(NextGame(table.code, table.owner))
        summary = ann.wait(lambda m: m.type == "table" and not m.data["table"]["over"]).data["table"]
        assert not summary["started"] and summary["seats"][1] == {"name": "", "kind": "person", "taken": False,
                                                                  "connected": False, "stand_in": None, "remote": True}
        cat.client.join(table.code, 1, "Cat")  # someone takes it; the owner starts as for the first game
        cat.wait_type("joined")
        ann.client.send(Start(table.code, table.owner))
        assert cat.wait_type("state").data["moves"] == 0 and ann.wait_type("state").data["moves"] == 0
    finally:
        for w in (ann, bob, cat):
            w.close()


def test_a_program_of_protocol_4_is_told_to_update(host: HostThread) -> None:
    old = Watcher(url(host), version=4)
    try:
        error = old.wait_type("error").data
        assert error["code"] == "version" and error["version"] == PROTOCOL_VERSION == 5
        assert "please install" in error["message"]
    finally:
        old.close()
