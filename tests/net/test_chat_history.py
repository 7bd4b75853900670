"""The table's chat comes back with a seat: to a restarted program, to a window whose connection dropped (each line
once), after the host restarted from its save; bounded; never a line refused during play; hostile lines still
answered with an error. Real sockets on 127.0.0.1."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from hanabi_desktop.net import kept
from hanabi_desktop.net.hometable import join_table, rejoin_table
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.hosted import Table
from hanabi_desktop.net.protocol import CHAT_HISTORY, MAX_CHAT, RATE_BURST, CreateTable, Limits, shown_code
from hanabi_desktop.net.remote import MAX_CHAT_LINES, NetTable
from hanabi_desktop.net.saving import table_from_save, table_save
from tests.net.conftest import LOOPBACK, Watcher, url
from tests.net.test_connections import _raw
from tests.waiting import LIMIT, wait_until


def _seated(host: HostThread, **spec) -> tuple[Table, Watcher, Watcher]:
    table = host.create_table(CreateTable("t", ("open", "open", "conventions"), **spec))
    ann, bob = Watcher(url(host)), Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    bob.client.join(table.code, 1, "Bob")
    assert ann.wait_type("joined").data["chat"] == []  # nothing said yet
    bob.wait_type("joined")
    return table, ann, bob


def _say(watcher: Watcher, *texts: str) -> list[dict]:
    """`texts` said by `watcher`'s seat: the table's chat messages as they came back to it."""
    for text in texts:
        watcher.client.chat(text)
    return [watcher.wait(lambda m, t=text: m.type == "chat" and m.data["text"] == t).data for text in texts]


def _pumped(window: NetTable, condition, timeout: float = LIMIT) -> None:
    """Pump `window` as the screen does once a frame until `condition` holds."""
    def ready() -> bool:
        window.pump()
        return condition()
    wait_until(ready, timeout)


def _shown(window: NetTable) -> list[str]:
    return [str(line) for line in window.chat_lines]


def test_a_restarted_program_gets_the_earlier_lines_once(host: HostThread) -> None:
    table, ann, bob = _seated(host)
    lines = _say(ann, "hello", "ready?") + _say(bob, "yes")
    assert [(line["n"], line["seat"], line["name"], line["text"]) for line in lines] == [
        (0, 0, "Ann", "hello"), (1, 0, "Ann", "ready?"), (2, 1, "Bob", "yes")]
    seat = kept.KeptSeat(url(host), table.code, bob.client.token, 1, "Bob", "t")
    bob.close()  # Bob's program ends; started again, it takes its kept seat back
    client, window = rejoin_table(seat)
    try:
        _pumped(window, lambda: bool(window.chat_lines))
        assert _shown(window) == ["Ann: hello", "Ann: ready?", "Bob: yes"]
        assert window.chat_heard == 0  # brought back, not said now: the table does not toast them again
        _say(ann, "welcome back")
        _pumped(window, lambda: window.chat_heard == 1)
        assert _shown(window) == ["Ann: hello", "Ann: ready?", "Bob: yes", "Ann: welcome back"]
    finally:
        client.close()
        ann.close()


def test_a_window_that_kept_its_lines_shows_each_once_after_a_drop(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "open")))
    ann = Watcher(url(host))
    ann.client.join(table.code, 0, "Ann")
    ann.wait_type("joined")
    client, window = join_table(url(host), shown_code(table.code), 1, "Bob")
    try:
        _say(ann, "one", "two")
        _pumped(window, lambda: window.chat_heard == 2)
        client.drop()  # the connection dies; the client comes back by itself and the host sends the chat again
        _pumped(window, lambda: window.connection == "reconnecting")
        _pumped(window, lambda: window.connection == "connected")
        _say(ann, "three")
        _pumped(window, lambda: window.chat_heard == 3)
        assert _shown(window) == ["Ann: one", "Ann: two", "Ann: three"]  # the two again in its `joined`, kept once
        assert [line.n for line in window.chat_lines] == [0, 1, 2]
    finally:
        client.close()
        ann.close()


def test_the_history_is_bounded(host: HostThread) -> None:
    table, ann, bob = _seated(host)
    for i in range(CHAT_HISTORY + 5):  # said at the table directly: the connection's rate limit is not the point
        host.call(table.chat, i % 2, f"line {i}")
    seat = kept.KeptSeat(url(host), table.code, bob.client.token, 1, "Bob", "t")
    bob.close()
    again = Watcher(url(host))
    again.client.rejoin(table.code, seat.token)
    back = again.wait_type("joined").data["chat"]
    assert len(back) == CHAT_HISTORY and back[0]["n"] == 5 and back[-1]["text"] == f"line {CHAT_HISTORY + 4}"
    assert len(table_save(table)["chat"]["lines"]) == CHAT_HISTORY
    again.close()
    client, window = rejoin_table(seat)
    try:
        _pumped(window, lambda: bool(window.chat_lines))
        assert len(window.chat_lines) == MAX_CHAT_LINES and _shown(window)[-1] == f"Ann: line {CHAT_HISTORY + 4}"
    finally:
        client.close()
        ann.close()


def test_a_line_refused_during_play_is_in_no_history(host: HostThread) -> None:
    table, ann, bob = _seated(host)
    _say(ann, "good luck")
    host.start_game(table)
    ann.client.chat("I have the red 5")
    assert ann.wait_type("error").data["code"] == "no_chat"
    bob.close()
    again = Watcher(url(host))
    again.client.rejoin(table.code, bob.client.token)
    assert [line["text"] for line in again.wait_type("joined").data["chat"]] == ["good luck"]
    assert [line["text"] for line in table_save(table)["chat"]["lines"]] == ["good luck"]
    again.close()
    ann.close()


def test_a_host_restarted_from_its_save_still_has_the_chat(tmp_path: Path) -> None:
    first = HostThread(Limits(), pace="instant", saves=tmp_path)
    first.start(LOOPBACK, 0)
    table, ann, bob = _seated(first, chat_in_play=True)
    lines = _say(ann, "before the game") + _say(bob, "hi Ann")
    first.start_game(table)
    saved = tmp_path / f"{table.code}.json"
    wait_until(lambda: saved.exists() and "hi Ann" in saved.read_text(encoding="utf-8"))
    tokens = (ann.client.token, bob.client.token)
    ann.close()
    bob.close()
    first.stop()  # the host's program ends

    again = HostThread(Limits(), pace="instant", saves=tmp_path)
    again.start(LOOPBACK, 0)
    try:
        bob2 = Watcher(url(again))
        bob2.client.rejoin(table.code, tokens[1])
        assert bob2.wait_type("joined").data["chat"] == lines
        # the numbers go on from the save: a window that kept lines 0 and 1 takes the next one as a new line
        assert _say(bob2, "after the restart")[0]["n"] == 2
        bob2.close()
    finally:
        again.stop()


def test_a_saved_chat_is_read_back_and_a_damaged_one_refused() -> None:
    table = Table("ABCD2345WXYZ", CreateTable("t", ("open", "open")))
    table.seats[0].name, table.seats[0].token = "Ann", "a" * 43
    table.chat(0, "hello")
    table.chat(0, "again")
    data = table_save(table)
    back = table_from_save(copy.deepcopy(data), pace="instant")
    assert list(back.chat_lines) == list(table.chat_lines) and back.chat_next == 2
    older = copy.deepcopy(data)
    del older["chat"]  # a table saved before its chat was: no lines
    assert list(table_from_save(older, pace="instant").chat_lines) == []
    for damage in ({"next": 2, "lines": "hello"}, {"next": 1, "lines": data["chat"]["lines"]},
                   {"next": 2, "lines": [{"n": 0, "seat": 7, "name": "Ann", "text": "x"}]},
                   {"next": 2, "lines": data["chat"]["lines"][::-1]},
                   {"next": 2, "lines": [{"n": 0, "seat": 0, "name": "Ann", "text": ""}]},
                   {"next": 200, "lines": [{"n": i, "seat": 0, "name": "A", "text": "x"} for i in range(CHAT_HISTORY + 1)]}):
        broken = copy.deepcopy(data)
        broken["chat"] = damage
        with pytest.raises(ValueError, match="chat"):
            table_from_save(broken, pace="instant")


def test_hostile_chat_is_answered_with_an_error(host: HostThread) -> None:
    table, ann, bob = _seated(host)
    rejoin = {"type": "rejoin", "code": table.code, "token": bob.client.token}
    answers = _raw(host, [rejoin, {"type": "chat", "text": "x" * (4 * MAX_CHAT + 1)}, {"type": "chat", "text": "\x00\x07\x1b"},
                          {"type": "chat", "text": "a\x00b" + "y" * (2 * MAX_CHAT)}, {"type": "chat", "text": 5}])
    errors = [a for a in answers if a["type"] == "error"]
    assert [e["code"] for e in errors] == ["invalid", "invalid", "invalid"]
    assert "at most 200 characters" in errors[0]["message"] and "must not be empty" in errors[1]["message"]
    said = [a for a in answers if a["type"] == "chat"]
    assert [(line["name"], line["text"]) for line in said] == [("Bob", "ab" + "y" * (MAX_CHAT - 2))]  # cleaned, cut
    flood = _raw(host, [rejoin] + [{"type": "chat", "text": f"spam {i}"} for i in range(RATE_BURST + 20)])
    assert any(a["type"] == "error" and a["code"] == "rate" for a in flood)
    assert len(host.call(lambda: list(table.chat_lines))) <= CHAT_HISTORY
    ann.close()
    bob.close()
