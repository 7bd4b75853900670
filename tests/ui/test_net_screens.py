"""The network screens driven as a player drives them (posted clicks and typing through `App.frame`), against real
hosts on 127.0.0.1: hosting from New game and playing a whole game with the mouse while another program plays the
other seat, and joining a table found on the network, watching another player drop and come back."""

from __future__ import annotations

import queue
import threading
import time

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.engine import Discard, Game, Play, PlayerView, get_variant
from hanabi_desktop.net import discovery, hometable, scripted
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.seatview import view_json
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.title import TitleScene
from hanabi_desktop.ui.tableview.render import own_buttons
from hanabi_desktop.ui.widgets.controls import Button, ListView, TextInput
from tests.ui.gestures import click, key, post
from tests.waiting import run_until

LOOPBACK = "127.0.0.1"


@pytest.fixture()
def app():
    a = App((1280, 800), settings=storage.load_settings())
    a.stack.push(TitleScene(a))
    a.frame(0.02)
    yield a
    a.stack.clear()
    a.close()


def button(app: App, text: str) -> Button:
    found = [w for w in app.stack.top.widgets.widgets if isinstance(w, Button) and w.text == text]
    assert found, f"no button {text!r} on {type(app.stack.top).__name__}"
    return found[0]


def press(app: App, text: str, index: int = 0) -> None:
    found = [w for w in app.stack.top.widgets.widgets if isinstance(w, Button) and w.text == text]
    assert len(found) > index, f"no button {text!r} on {type(app.stack.top).__name__}"
    click(app, found[index].rect.center)


def type_into(app: App, field: TextInput, text: str) -> None:
    click(app, field.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="")
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
    post(pygame.TEXTINPUT, text=text)
    app.frame(0.02)


def top(app: App) -> str:
    return type(app.stack.top).__name__


def test_enter_opens_the_table_from_the_network_page_as_its_key_cap_says(app: App, monkeypatch) -> None:  # noqa: ANN001
    """Seen under Xvfb: "Open the table" showed no key and no key opened it (New game's Start has Enter)."""
    monkeypatch.setattr(hometable, "BIND", LOOPBACK)
    monkeypatch.setattr(hometable, "DEFAULT_PORT", 0)
    press(app, "New game")
    press(app, "2")
    press(app, "Person", 1)
    press(app, "Play over the network")
    assert button(app, "Open the table").hint == "Enter"
    key(app, pygame.K_RETURN)
    run_until(app, lambda: top(app) == "NetLobbyScene")


def test_a_whole_game_hosted_from_new_game_and_played_with_the_mouse(app: App, monkeypatch) -> None:
    monkeypatch.setattr(hometable, "BIND", LOOPBACK)
    monkeypatch.setattr(hometable, "DEFAULT_PORT", 0)
    app.settings.bot_pace = "instant"
    press(app, "New game")
    press(app, "2")
    press(app, "Person", 1)  # the second seat is a person too
    press(app, "Play over the network")
    assert top(app) == "NetHostScene"
    host_scene = app.stack.top
    assert host_scene.kinds == {0: "you", 1: "open"}
    press(app, "Open the table")
    run_until(app, lambda: top(app) == "NetLobbyScene")
    lobby = app.stack.top
    table = lobby.table
    assert lobby.addresses == (f"ws://{LOOPBACK}:{lobby.addresses[0].rsplit(':', 1)[1]}",)
    assert not button(app, "Start the game").enabled  # seat 2 is still open
    guest: dict = {}
    player = threading.Thread(target=lambda: guest.update(scripted.play(lobby.addresses[0], table.code, 1, "Bob")),
                              daemon=True)
    player.start()
    run_until(app, lambda: all(info.taken for info in table.seat_info))
    assert [i.name for i in table.seat_info] == ["Ann", "Bob"]
    press(app, "Start the game")
    run_until(app, lambda: top(app) == "NetTableScene")
    scene = app.stack.top
    moves = 0
    deadline = time.monotonic() + 60
    while top(app) != "ResultsScene":
        assert time.monotonic() < deadline, "the game did not end"
        if top(app) == "NetTableScene" and scene.my_turn and not scene.anim.busy and len(table.log) == len(
                table.views[0][-1].history):
            own = scene._own()
            before = len(table.log)
            play_button = own_buttons(scene.renderer.rects[own[0]])[0]  # Play on slot 1, as a person clicks it
            post(pygame.MOUSEMOTION, pos=play_button.center, rel=(0, 0), buttons=(0, 0, 0))
            post(pygame.MOUSEBUTTONDOWN, pos=play_button.center, button=1)
            post(pygame.MOUSEBUTTONUP, pos=play_button.center, button=1)
            app.frame(0.02)
            run_until(app, lambda before=before: len(table.log) > before or top(app) != "NetTableScene")
            moves += 1
        app.frame(0.05)
        time.sleep(0.005)
    player.join(20)
    record = table.record()
    assert moves >= 1 and guest["score"] == app.stack.top.result.score
    assert [e.seat for e in table.log] == [i % 2 for i in range(len(record.actions))]
    assert table.log[0].text.startswith("Ann plays") or table.log[0].text.startswith("Ann misplays")
    run_until(app, lambda: storage.list_replays() != [])  # kept in this player's own Replays
    shown = [w.text for w in app.stack.top.widgets.widgets if isinstance(w, Button)]
    assert "Play again" not in shown and "Title" not in shown  # the next game starts in the room
    press(app, "Back to the room")  # the results give way to the table's room, with its chat
    assert top(app) == "NetLobbyScene"
    assert "The game is over" in app.stack.top.subtitle_text()
    assert app.stack.top.message == ""  # "Dealing…", said when the game started, was still there
    press(app, "Close the table")  # the other player is still in the room: asked first
    assert top(app) == "ConfirmScene" and app.stack.top.question.startswith("Close the table for ")
    press(app, "Close the table")
    assert top(app) == "TitleScene"


def test_joining_a_table_found_on_the_network_and_seeing_a_player_drop(app: App, monkeypatch) -> None:
    host = HostThread(Limits(connections_per_address=64), pace="instant")
    port = host.start(LOOPBACK, 0)
    url = f"ws://{LOOPBACK}:{port}"
    table = host.create_table(CreateTable("Ann's table", ("open", "open"), "classic", public=True))
    code = table.summary(True)["code"]
    found = discovery.FoundTable(url, code, "Ann's table", "ann-laptop", "classic", 2, 1, "Ann")
    monkeypatch.setattr(discovery, "browse", lambda seconds, interfaces=None: [found])
    ann = NetClient(url).start()
    try:
        ann.join(code, 0, "Ann")
        press(app, "Join a table")
        assert top(app) == "NetJoinScene"
        join = app.stack.top
        run_until(app, lambda: join.found == [found])
        rows = [w for w in join.widgets.widgets if isinstance(w, ListView)][0]
        assert rows.items[0] == "Ann's table  -  Classic, 2 free seats"  # one table: no need to name the computer
        click(app, (rows.rect.x + 20, rows.rect.y + rows.row_h // 2))  # the table found nearby
        run_until(app, lambda: join.table is not None)
        assert (join.address, join.seat) == (url, 1)  # seat 1 is Ann's: the free one is chosen
        name = [w for w in join.widgets.widgets if isinstance(w, TextInput)][2]
        type_into(app, name, "Bob")
        press(app, "Join")
        run_until(app, lambda: top(app) == "NetLobbyScene")
        net = app.stack.top.table
        assert net.own_seats == [1] and net.owner is None
        assert "Waiting for the host" in app.stack.top.subtitle_text()
        host.call(table.start)
        run_until(app, lambda: top(app) == "NetTableScene")
        scene = app.stack.top
        model = scene.model()
        assert all(model.cards[o].face is None for o in net.hand(1))  # Bob's own cards: backs only
        assert all(model.cards[o].face is not None for o in net.hand(0))
        ann.reconnect = False
        ann.drop()  # Ann's Wi-Fi goes: her seat is said to be reconnecting on Bob's table
        run_until(app, lambda: any("Ann is reconnecting" in text for text, _ in scene.strip_lines()))
        assert all(not offers for _, offers in scene.strip_lines())  # only the owner may seat a bot
    finally:
        ann.close()
        app.stack.clear()
        host.stop()


class Inbox:
    """A seat's channel with no network behind it: messages are put in its inbox by hand; intents are kept."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Incoming] = queue.Queue()
        self.sent: list = []

    def act(self, action, hints: int = 0) -> None:  # noqa: ANN001
        self.sent.append(action)
        self.hints = hints

    def chat(self, text: str) -> None:
        self.sent.append(text)


def offline_table(names: tuple[str, ...] = ("Annabelle", "Bartholomew", "Cassandra"), *, started: bool = True,
                  away: int | None = 1, owner: bool = True, aids: bool = False) -> NetTable:
    """A network table as seat 0 of `names` sees it, fed by hand the messages a host would send (no socket):
    seat `away` is a person whose connection dropped 12 s ago, the last seat a bot."""
    seats = [{"name": n, "kind": "bot" if i == len(names) - 1 else "person", "taken": True,
              "connected": i != away, "stand_in": None, "remote": i not in (0, len(names) - 1)} for i, n in enumerate(names)]
    summary = {"name": f"{names[0]}'s table", "variant": {"preset": "classic", "empty_clues": False,
               "final_flourish": False, "flamboyants": False}, "seats": seats, "started": started, "over": False,
               "chat_in_play": False, "aids": aids, "code": "K3T9-Q8XW-MA2B"}
    channel = Inbox()
    table = NetTable({0: channel}, summary, "K3T9-Q8XW-MA2B", owner=(lambda what, seat: None) if owner else None,
                     address="ws://192.168.1.20:8765")
    game = Game.new(get_variant("classic"), len(names), seed="offline", names=list(names))
    for n, line in enumerate(("hello!", "ready when you are")):
        channel.inbox.put(Incoming("chat", {"n": n, "seat": 1, "name": names[1], "text": line}))
    if started:
        channel.inbox.put(Incoming("state", {"moves": 0, "view": view_json(PlayerView.of(game, 0))}))
    table.pump()
    if away is not None:
        table.lost_at[away] -= 12
    return table


def test_a_seat_s_table_is_built_from_its_messages_only() -> None:
    table = offline_table()
    view = table.view(0)
    assert not set(view.hands[0]) & set(view.visible)  # the message had no identity of seat 0's cards
    assert [str(line) for line in table.chat_lines] == ["Bartholomew: hello!", "Bartholomew: ready when you are"]
    assert [s for s, _ in table.away()] == [1] and table.is_bot(2) and table.human_seats == [0]
    assert table.refusal(Discard(view.hands[0][0])) == "discarding is not allowed with 8 clue tokens"
    table.submit(Play(view.hands[0][0]))
    assert table.channels[0].sent == [Play(view.hands[0][0])] and table.log == []  # the move comes back as an update


@pytest.mark.parametrize("aids", [True, False])
def test_a_hint_at_a_network_table_only_where_the_host_allows_it(app: App, aids: bool) -> None:
    from hanabi_desktop.ui.scenes.net_table import NetTableScene

    table = offline_table(away=None, aids=aids)
    scene = NetTableScene(app, table)
    app.stack.push(scene)
    app.frame(0.02)
    assert scene.my_turn
    scene.use_aid("hint")
    if not aids:
        assert scene.message == "Hints are off at this table."
        assert [name for name, _label, _r in scene.coach.buttons(scene.renderer.lay)] == []
        return
    run_until(app, lambda: scene.coach.shown_hint() is not None, 30)
    hint = scene.coach.shown_hint()
    assert hint.seat == 0 and hint.action in table.view(0).legal  # from this seat's own view: a move it may make


def test_a_table_opened_on_a_server_names_its_bots_as_named_here(app: App, monkeypatch) -> None:  # noqa: ANN001
    """The server called the bot 'conventions 3' (New game had called it Cat)."""
    asked: list[CreateTable] = []

    def create(address: str, spec: CreateTable, name: str):  # noqa: ANN202 - the server is not there
        asked.append(spec)
        raise hometable.OpenError("no server in this test")

    monkeypatch.setattr(hometable, "create_on_server", create)
    press(app, "New game")
    press(app, "3")
    press(app, "Person", 1)
    press(app, "Play over the network")
    type_into(app, next(w for w in app.stack.top.widgets.widgets if isinstance(w, TextInput) and w.text == ""),
              "ws://127.0.0.1:1")
    press(app, "Open the table")
    run_until(app, lambda: bool(asked) and "no server in this test" in app.stack.top.message)
    assert asked[0].seats == ("open", "open", "conventions@beginner") and asked[0].names == ("", "", "Cat")


def test_no_log_line_is_drawn_half_under_the_reconnecting_strip() -> None:
    """Seen playing two windows at 1024x640: while 'Bob is reconnecting' (with Let a bot play) showed over the top
    of the log's panel, the log's lines ran on under it, the one at its edge cut in half. They now start below it."""
    from hanabi_desktop.ui.scenes.net_table import NetTableScene

    table = offline_table()  # Bartholomew (seat 1) away for 12 s; this window is the owner's: Let a bot play
    game = Game.new(get_variant("classic"), 3, seed="offline", names=["Annabelle", "Bartholomew", "Cassandra"])
    while len(game.actions) < 24:  # moves enough to fill the log's panel
        legal = game.legal_actions()
        game.apply(next((a for a in legal if isinstance(a, Discard)), legal[-1]))
    table.channels[0].inbox.put(Incoming("state", {"moves": 24, "view": view_json(PlayerView.of(game, 0))}))
    table.pump()
    app = App((1024, 640), settings=storage.load_settings())
    try:
        scene = NetTableScene(app, table)
        app.stack.push(scene)
        app.frame(0.02)
        strip = scene.strip()
        assert strip is not None and len(table.log) == 24
        cover = strip[0].h
        log = scene.renderer._log_cache[1]  # the log's panel as drawn: its lines on a clear surface
        heading = max(11, scene.renderer.lay.font - 2) + 8
        under = log.subsurface((0, heading, log.get_width(), cover - heading))
        below = log.subsurface((0, cover, log.get_width(), log.get_height() - cover))
        assert pygame.mask.from_surface(under, 1).count() == 0  # nothing under the strip, not even half a line
        assert pygame.mask.from_surface(below, 1).count() > 0  # the latest lines, below it
    finally:
        app.stack.clear()
        app.close()
