"""The Join screen: it offers the name typed there last (kept in the settings; a damaged one is reported and reset),
says before joining when a seat at the table already has the name, and lists the tables found nearby by their host
player's name, with the computer only where two would read the same."""

from __future__ import annotations

import errno
import json

import pytest

from hanabi_desktop import storage
from hanabi_desktop.net import discovery
from hanabi_desktop.net.discovery import FoundTable
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits, shown_code
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.net_join import found_rows
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.widgets.controls import TextInput
from tests.ui.test_net_screens import LOOPBACK, press, top, type_into
from tests.waiting import run_until, wait_until


def _app() -> App:
    app = App((1280, 800), settings=storage.load_settings())
    app.stack.push(TitleScene(app))
    app.frame(0.02)
    return app


def _fields(app: App) -> list[TextInput]:
    return [w for w in app.stack.top.widgets.widgets if isinstance(w, TextInput)]


@pytest.fixture()
def host():
    h = HostThread(Limits(connections_per_address=64), pace="instant")
    h.start(LOOPBACK, 0)
    yield h
    h.stop()


def _to_seats(app: App, host: HostThread, table) -> None:  # noqa: ANN001 - a hosted Table
    press(app, "Join a table")
    assert top(app) == "NetJoinScene"
    address, code, _ = _fields(app)
    type_into(app, address, f"ws://{LOOPBACK}:{host.port}")
    type_into(app, code, shown_code(table.code))
    press(app, "See the seats")
    run_until(app, lambda: app.stack.top.table is not None)


def test_the_join_screen_offers_the_name_typed_last(host: HostThread, monkeypatch) -> None:
    monkeypatch.setattr(discovery, "browse", lambda seconds, interfaces=None: [])
    table = host.create_table(CreateTable("t", ("open", "open")))
    app = _app()
    try:
        press(app, "Join a table")
        assert _fields(app)[2].text == ""  # nothing typed yet, no game set up
        press(app, "Back")
        _to_seats(app, host, table)
        type_into(app, _fields(app)[2], "Zoë")
        press(app, "Join")
        run_until(app, lambda: top(app) == "NetLobbyScene")
        run_until(app, lambda: storage.load_settings().join_name == "Zoë")  # written off the frame
    finally:
        app.stack.clear()
        app.close()
    again = _app()  # the program started again
    try:
        press(again, "Join a table")
        assert _fields(again)[2].text == "Zoë"
    finally:
        again.stack.clear()
        again.close()


@pytest.mark.parametrize("damaged", [5, "x" * 17, "Zo\x00ë", None])
def test_a_damaged_join_name_is_reported_and_reset(damaged) -> None:  # noqa: ANN001
    path = storage.config_dir() / storage.SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"join_name": damaged, "volume": 0.5}), encoding="utf-8")
    settings, problem = storage.load_settings_checked()
    assert settings.join_name == "" and settings.volume == 0.5  # only that key is reset
    assert problem == "Some settings were wrong and were reset: join_name was reset."


def test_a_name_a_bot_has_at_the_table_is_refused_before_joining(host: HostThread, monkeypatch) -> None:
    monkeypatch.setattr(discovery, "browse", lambda seconds, interfaces=None: [])
    table = host.create_table(CreateTable("t", ("open", "conventions"), names=("", "Bob")))
    app = _app()
    try:
        _to_seats(app, host, table)
        type_into(app, _fields(app)[2], "bob")
        press(app, "Join")
        assert app.stack.top.message == "Bob already sits at this table: choose another name."
        assert top(app) == "NetJoinScene" and app.stack.top.job is None  # nothing was sent
        assert host.call(lambda: table.seats[0].token) is None
        assert host.call(lambda: sum(host.server.per_address.values())) == 1  # the look's connection
    finally:
        app.stack.clear()
        app.close()
    # the screen closed without joining: its connection goes with it (it used to reconnect for ever)
    wait_until(lambda: host.call(lambda: sum(host.server.per_address.values())) == 0)


def test_tables_nearby_read_by_their_host_player_and_the_computer_only_where_needed() -> None:
    ann = FoundTable("ws://10.0.0.2:8765", "K3T9-Q8XW-MA2B", "Ann's table", "vm", "classic", 1, 4, "Ann")
    zoe = FoundTable("ws://10.0.0.3:8765", "MA2B-K3T9-Q8XW", "La table de Zoé", "zoe-pc", "classic", 2, 4, "Zoé")
    assert found_rows([ann, zoe]) == ["Ann's table  -  Classic, 1 free seat", "Zoé's table  -  Classic, 2 free seats"]
    twin = FoundTable("ws://10.0.0.4:8765", "Q8XW-MA2B-K3T9", "Ann's table", "ann-laptop", "classic", 1, 4, "Ann")
    assert found_rows([ann, twin, zoe]) == ["Ann's table on vm  -  Classic, 1 free seat",
                                            "Ann's table on ann-laptop  -  Classic, 1 free seat",
                                            "Zoé's table  -  Classic, 2 free seats"]
    served = FoundTable("ws://10.0.0.5:8765", "A2BK-3T9Q-8XWM", "Friday", "box", "classic", 3, 4)  # no host player
    assert found_rows([served]) == ["Friday  -  Classic, 3 free seats"]


def test_a_disk_that_refuses_the_name_does_not_stop_the_join(host: HostThread, monkeypatch) -> None:
    monkeypatch.setattr(discovery, "browse", lambda seconds, interfaces=None: [])

    def full(settings: storage.Settings) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage, "save_settings", full)
    table = host.create_table(CreateTable("t", ("open", "open")))
    app = _app()
    try:
        _to_seats(app, host, table)
        type_into(app, _fields(app)[2], "Zoë")
        press(app, "Join")
        run_until(app, lambda: top(app) == "NetLobbyScene")  # seated all the same
        assert [n.text for n in app.notices.history if n.key == "settings-save"] == [
            "Your name could not be remembered: the disk is full."]
        assert app.settings.join_name == "Zoë"  # offered again until the program closes
    finally:
        app.stack.clear()
        app.close()


def test_the_table_picked_in_the_list_stays_marked() -> None:
    """Seen joining from a second window: a click on 'Ann's table' filled its address and code in, but the list,
    built again, no longer marked the row: with two tables listed nothing said which one the seats were of."""
    from hanabi_desktop.ui.scenes.net_join import NetJoinScene
    from hanabi_desktop.ui.widgets.controls import ListView

    app = _app()
    try:
        join = NetJoinScene(app)
        app.stack.push(join)
        join.found = [FoundTable("ws://127.0.0.1:7398", "K3T9-Q8XW-MA2B", "Ann's table", "vm", "classic", 1, 4, "Ann"),
                      FoundTable("ws://127.0.0.1:7399", "MA2B-K3T9-Q8XW", "Zoé's table", "pc", "classic", 2, 4, "Zoé")]
        join.rebuild()
        app.frame(0.02)
        listed = next(w for w in join.widgets.widgets if isinstance(w, ListView))
        assert listed.selected is None
        join.pick_found(1)  # as a click on the row does (no table answers there: the look fails, said on screen)
        listed = next(w for w in join.widgets.widgets if isinstance(w, ListView))
        assert listed.selected == 1 and (join.address, join.code) == ("ws://127.0.0.1:7399", "MA2B-K3T9-Q8XW")
        run_until(app, lambda: join.job is None)
        listed = next(w for w in join.widgets.widgets if isinstance(w, ListView))
        assert listed.selected == 1  # still marked once the look has failed and the page was built again
    finally:
        app.stack.clear()
        app.close()
