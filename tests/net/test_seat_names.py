"""Two seats at a table never share a name: a person joining under a bot's name (in any case, with an invisible
character, in full-width letters) is refused with the reason, and a table whose bots would share one is refused
when it is opened, not when its game cannot start."""

from __future__ import annotations

import pytest

from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.hosted import Refusal
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.net.words import error_text
from hanabi_desktop.table.setup import name_key
from tests.net.conftest import Watcher, url


class Peer:
    def deliver(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def test_names_that_read_the_same_have_one_key() -> None:
    assert len({name_key(n) for n in ("Bob", "bob", "BOB", "Bob\u200b", "\uff22\uff4f\uff42", " Bob ", "B\u00adob")}) == 1
    assert name_key("Bo b") != name_key("Bob") and name_key("Zoë") == name_key("Zoe\u0308")


@pytest.mark.parametrize("name", ["Bob", "bob", "Bob\u200b", "\uff22\uff4f\uff42"])
def test_a_person_cannot_join_under_a_bot_s_name(host: HostThread, name: str) -> None:
    table = host.create_table(CreateTable("t", ("open", "conventions", "open"), names=("", "Bob", "")))
    with pytest.raises(Refusal) as refused:
        host.call(table.join, Peer(), 0, name)
    assert refused.value.code == "name_taken" and "Bob" in str(refused.value)
    assert host.call(table.join, Peer(), 0, "Bobby")  # another name is welcome
    assert [s.name for s in table.seats] == ["Bobby", "Bob", ""]


def test_the_refusal_reaches_the_joining_player_in_words(host: HostThread) -> None:
    table = host.create_table(CreateTable("t", ("open", "conventions@2"), names=("", "Bob")))
    w = Watcher(url(host))
    w.client.join(table.code, 0, "bob")
    error = w.wait_type("error").data
    assert error["code"] == "name_taken"
    assert error_text(error) == "Someone at this table, a person or a bot, already has that name: choose another."
    w.close()


@pytest.mark.parametrize("seats,names", [
    (("open", "conventions", "conventions"), ("", "Bob", "bob")),
    (("open", "conventions", "conventions"), ("", "conventions 3", "")),  # seat 3's own name, given to seat 2
])
def test_a_table_whose_seats_would_share_a_name_is_refused_when_opened(host: HostThread, seats, names) -> None:
    with pytest.raises(Refusal) as refused:
        host.create_table(CreateTable("t", seats, names=names))
    assert refused.value.code == "name_taken"
