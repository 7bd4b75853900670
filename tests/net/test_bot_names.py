"""A table opened on a server names its bots as the player who opened it named them (protocol 3: `names` in
`create_table`); on the server they were called by their kind and seat, 'conventions 3', which the log then read
as 'Bob clues conventions 3 3' (seen playing the packaged game against `serve`)."""

from __future__ import annotations

import pytest

from hanabi_desktop.net.hometable import create_on_server
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, ProtocolError, encode, parse_client
from tests.net.conftest import url


def test_the_bots_of_a_table_on_a_server_have_the_names_given() -> None:
    spec = CreateTable("Ann's table", ("open", "open", "conventions"), "classic", names=("", "", "Cat"))
    assert parse_client(encode(spec)) == spec
    assert parse_client(encode(CreateTable("t", ("open", "expert")))).names == ()
    with pytest.raises(ProtocolError):
        parse_client('{"type": "create_table", "name": "t", "seats": ["open", "expert"], "names": "Cat"}')


def test_a_server_table_calls_its_bot_by_the_name_given_else_by_its_kind(host: HostThread) -> None:
    named = CreateTable("Ann's table", ("open", "open", "conventions"), "classic", names=("", "", "Cat"))
    client, table = create_on_server(url(host), named, "Ann")
    other, plain = create_on_server(url(host), CreateTable("Dan's table", ("open", "expert"), "classic"), "Dan")
    try:
        assert [info.name for info in table.seat_info] == ["Ann", "", "Cat"]
        assert [info.name for info in plain.seat_info] == ["Dan", "expert 2"]
    finally:
        client.close()
        other.close()
