"""The protocol's messages: what is accepted, what is refused and why, and that PROTOCOL.md documents it all."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanabi_desktop.engine import (
    ColourClue,
    Discard,
    Game,
    Play,
    PlayerView,
    RankClue,
    Recover,
    Replay,
    get_variant,
)
from hanabi_desktop.net import protocol
from hanabi_desktop.net.protocol import (
    Act,
    Chat,
    CreateTable,
    Hello,
    Join,
    ListTables,
    ProtocolError,
    Rejoin,
    encode,
    parse_client,
    shown_code,
)
from hanabi_desktop.net.seatview import view_json
from tests.net.test_secrecy import identities

NET = Path(protocol.__file__).parent
DOC = (NET / "PROTOCOL.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("message", [
    Hello(1, "x"), ListTables(), CreateTable("t", ("open", "conventions@2"), "deluxe", public=True),
    Join("ABCD2345WXYZ", 4, "Ann"), Rejoin("ABCD2345WXYZ", "tok", 3), Chat("hi"),
    Act(Play(3)), Act(Discard(0)), Act(ColourClue(1, 2)), Act(RankClue(2, 5)), Act(Recover(7)), Act(Replay(9)),
])
def test_every_message_reads_back_as_itself(message) -> None:
    assert parse_client(encode(message)) == message


@pytest.mark.parametrize("raw,code,words", [
    ('{"type":"join","code":"A","seat":5,"name":"Ann"}', "invalid", "seat must be a whole number from 0 to 4"),
    ('{"type":"join","code":"A","seat":true,"name":"Ann"}', "invalid", "seat"),
    ('{"type":"join","code":"A","seat":0,"name":"   "}', "invalid", "name must not be empty"),
    ('{"type":"join","code":"A","seat":0}', "invalid", "missing field 'name'"),
    ('{"type":"act","action":{"type":"recover","card":3,"position":0}}', "invalid", "unexpected field 'position'"),
    ('{"type":"act","action":"play 3"}', "invalid", "action must be an object"),
    ('{"type":"hello","version":1,"__class__":"x"}', "invalid", "unexpected field"),
    ('{"type":"chat","text":NaN}', "invalid", "not JSON"),
    ('{"type":"rm -rf"}', "unknown", "no message of type"),
    ('"hello"', "invalid", "a message is a JSON object"),
])
def test_a_bad_message_is_refused_saying_why(raw: str, code: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(words)) as info:
        parse_client(raw)
    assert info.value.code == code


def test_text_is_cleaned_and_codes_read_as_typed() -> None:
    assert parse_client('{"type":"chat","text":"a\\u0000b\\ud800"}') == Chat("ab\ufffd")
    assert parse_client('{"type":"join","code":" k3t9-q8xw ma2b","seat":0,"name":"Ann"}').code == "K3T9Q8XWMA2B"
    assert shown_code("K3T9Q8XWMA2B") == "K3T9-Q8XW-MA2B"


@given(st.text(max_size=300) | st.binary(max_size=50) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["type", "code", "seat", "name", "action", "card", "text", "seats", "version"]) | st.text(max_size=5),
        inner, max_size=5), max_leaves=15).map(json.dumps))
def test_nothing_from_the_network_raises_anything_but_a_protocol_error(raw) -> None:
    try:
        parse_client(raw)
    except ProtocolError:
        pass


def test_protocol_md_documents_every_message_limit_and_error_code() -> None:
    for name in protocol._TYPES:
        assert f"`{name}`" in DOC, name
    for name in ("MAX_MESSAGE_BYTES", "MAX_SERVER_MESSAGE_BYTES", "RATE_PER_SECOND", "RATE_BURST", "MAX_STRIKES",
                 "HELLO_SECONDS", "MAX_NAME", "MAX_TABLE_NAME", "MAX_CHAT", "CHAT_HISTORY", "CODE_LENGTH",
                 "TOKEN_LENGTH"):
        assert f"`{name}` = {getattr(protocol, name):g}" in DOC.replace("4096 bytes", "4096") or name in (
            "MAX_SERVER_MESSAGE_BYTES",), name
    for field in ("connections_per_address", "tables", "tables_per_address", "idle_table_seconds"):
        assert f"`Limits.{field}` = {getattr(protocol.Limits(), field):g}" in DOC, field
    source = "".join(p.read_text(encoding="utf-8") for p in NET.glob("*.py"))
    used = set(re.findall(r'(?:Refusal|ProtocolError|error)\("([a-z_]+)"', source))
    for code in used:
        assert f"`{code}`" in DOC, code
    for server_type in ("welcome", "lobby", "created", "joined", "table", "state", "update", "over", "chat", "error"):
        assert f"| `{server_type}` |" in DOC, server_type


def test_the_secrecy_check_finds_a_card_a_seat_must_not_see() -> None:
    """The detector of test_secrecy sees every identity a view writes: a spectator's view shows every hand."""
    game = Game.new(get_variant("classic"), 3, seed=1)
    mine = set(game.hands[0])
    assert not mine & {o for o, _ in identities(view_json(PlayerView.of(game, 0)))}
    assert mine <= {o for o, _ in identities(view_json(PlayerView.spectator(game)))}
