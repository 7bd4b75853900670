"""Leaving a network table is a deliberate act (posted keys and clicks through `App.frame`, real hosts on
127.0.0.1): Esc goes between the table and its room and never ends the table nor leaves a seat, however often
pressed; the owner ends it with its button and a dialog naming the people it concerns (Esc cancels, Enter does
it); a guest leaves their seat in a game the same way."""

from __future__ import annotations

import pygame

from hanabi_desktop.net import hometable
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.widgets.controls import Button
from tests.net.conftest import Watcher
from tests.ui.gestures import key
from tests.ui.test_net_comeback import ann_opens_a_table, bob_in_anns_room, buttons, new_app
from tests.ui.test_net_screens import press, top
from tests.waiting import run_until, wait_until


def tooltip(app: App, label: str) -> str:
    """The tooltip of the button `label` on the top page."""
    return next(w.tooltip for w in app.stack.top.widgets.widgets if isinstance(w, Button) and w.text == label)


def closed(watcher: Watcher) -> bool:
    return any(m.type == "connection" and m.data.get("state") == "closed" for m in watcher.seen)


def settle(watcher: Watcher) -> None:
    """Every message the host sent `watcher` until now is in `watcher.seen`: the answer to a sync comes after them on
    the same connection (ten frames and a look at the inbox missed a message still on its way)."""
    before, watcher.seen = watcher.seen, []
    watcher.client.sync()
    watcher.wait_type("state")
    watcher.seen = before + watcher.seen


def test_esc_never_ends_a_table_others_play_at_its_owner_ends_it_with_a_dialog(monkeypatch) -> None:
    app = ann_opens_a_table(monkeypatch, people=3, players=3)  # seats 2 and 3: people on other computers
    ann = app.stack.top.table
    zoe, bob = Watcher(app.stack.top.addresses[0]), Watcher(app.stack.top.addresses[0])
    try:
        zoe.client.join(ann.code, 1, "Zoe")
        bob.client.join(ann.code, 2, "Bob")
        run_until(app, lambda: all(info.taken for info in ann.seat_info))
        press(app, "Start the game")
        run_until(app, lambda: top(app) == "NetTableScene")
        # Esc, again and again: the table, its room, the table... the game goes on for everyone
        for _ in range(3):
            key(app, pygame.K_ESCAPE)
            assert top(app) == "NetLobbyScene"
            key(app, pygame.K_ESCAPE)
            assert top(app) == "NetTableScene"
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_ESCAPE)  # (the old room: the second Esc within 8 s ended the table)
        settle(zoe)
        settle(bob)
        assert top(app) == "NetTableScene" and not closed(zoe) and not closed(bob)
        wait_until(lambda: hometable.saved_host() is not None, what="the table saved")  # by the host's save thread
        # the owner's button says what it does; its dialog names who it concerns; Esc cancels it
        key(app, pygame.K_ESCAPE)
        assert "Leave the table" not in buttons(app)
        press(app, "End the game")
        dialog = app.stack.top
        assert top(app) == "ConfirmScene" and dialog.question == "End the game for Zoe and Bob?"
        key(app, pygame.K_ESCAPE)
        assert top(app) == "NetLobbyScene"
        press(app, "End the game")
        press(app, "Cancel")
        settle(zoe)
        assert top(app) == "NetLobbyScene" and not closed(zoe)
        # Enter on the dialog ends it: the title, and both are told the host ended the table
        press(app, "End the game")
        key(app, pygame.K_RETURN)
        assert top(app) == "TitleScene"
        for guest in (zoe, bob):
            assert guest.wait(lambda m: m.type == "connection" and m.data.get("state") == "closed").data["reason"] \
                == "ended"
        assert hometable.saved_host() is None
    finally:
        zoe.close()
        bob.close()
        app.stack.clear()
        app.close()


def test_a_guest_leaves_their_seat_in_a_game_only_through_the_dialog() -> None:
    with bob_in_anns_room() as (app, ann, _client, bob):
        assert tooltip(app, "Leave the table") == "Back to the title"  # before the game: nothing else concerned
        ann.ask_owner("start")
        run_until(app, lambda: top(app) == "NetTableScene")
        for _ in range(3):
            key(app, pygame.K_ESCAPE)
            key(app, pygame.K_ESCAPE)
        assert top(app) == "NetTableScene" and bob.connection == "connected"
        key(app, pygame.K_ESCAPE)
        assert tooltip(app, "Leave the table").startswith("Your seat waits for you")  # not 'Back to the title'
        press(app, "Leave the table")
        assert top(app) == "ConfirmScene" and app.stack.top.question == "Leave the game?"
        assert "Your seat waits for you" in app.stack.top.detail
        key(app, pygame.K_ESCAPE)
        assert top(app) == "NetLobbyScene" and bob.connection == "connected"
        press(app, "Leave the table")
        key(app, pygame.K_RETURN)
        assert top(app) == "TitleScene"
        run_until(app, lambda: ann.pump() is not None and not ann.seat_info[1].connected)
        assert ann.seat_info[1].taken  # his seat waits for him (or for a bot the host seats)


def test_once_the_host_ended_the_table_a_guests_room_offers_no_table_and_leaving_asks_nothing() -> None:
    """Seen playing it: after the host ended the table mid-game, the guest's room still offered To the table (a game
    that cannot go on) and Leave asked 'Leave the game? Your seat waits for you', where no seat waits."""
    from hanabi_desktop.net.client import Incoming
    from tests.ui.test_net_screens import offline_table

    table = offline_table(away=None, owner=False)
    app = new_app()
    try:
        open_scene(app, "net_lobby", table, lambda ending: None)
        app.frame(0.02)  # the room opens the table by itself; Esc comes back to the room
        key(app, pygame.K_ESCAPE)
        assert top(app) == "NetLobbyScene" and "To the table" in buttons(app) and tooltip(app, "Leave the table").startswith("Your seat waits")
        table.channels[0].inbox.put(Incoming("connection", {"state": "closed", "reason": "ended"}))
        app.frame(0.02)
        assert "To the table" not in buttons(app) and tooltip(app, "Leave the table") == "Back to the title"
        key(app, pygame.K_ESCAPE)  # Esc does not go to the ended game; it asks to leave, as before the game
        assert top(app) == "ConfirmScene" and app.stack.top.question == "Leave the table?"
        key(app, pygame.K_ESCAPE)
        press(app, "Leave the table")  # nobody is concerned: no question, the title
        assert top(app) == "TitleScene"
    finally:
        app.stack.clear()
        app.close()



def test_a_guest_who_leaves_the_room_before_the_game_frees_the_seat() -> None:
    """Seen playing it (two windows): Bob left Ann's room before the game with Leave the table; Ann's room went on
    showing him 'reconnecting' with Start the game lit (his seat still taken, nobody else could take it), and his
    title offered Return to your seat at a table he had left. Before the game, leaving says so to the host."""
    from hanabi_desktop.net import kept

    with bob_in_anns_room() as (app, ann, _client, bob):
        kept.flush()
        assert [s.code for s in kept.load_seats()[0]] == [kept.table_code(bob.code)]  # kept from the join on, for a restart
        press(app, "Leave the table")  # before the game: nobody else concerned, no question
        assert top(app) == "TitleScene"
        run_until(app, lambda: ann.pump() is not None and not ann.seat_info[1].taken,
                  what=lambda: f"Ann's room still shows Bob's seat as {ann.seat_info[1]}")
        kept.flush()
        assert kept.load_seats()[0] == []  # no Return to your seat at a table left


def test_typing_in_the_room_talks_and_never_presses_a_button() -> None:
    """Seen playing two windows: in the room, Bob typed a line without clicking the chat field first. Each letter
    moved the focus between the buttons (l: Leave the table) and Enter pressed it: he left the table. Typing in the
    room now goes to its chat line; Enter sends it; the key caps say what Enter and Esc do at that moment."""
    from tests.ui.gestures import post

    with bob_in_anns_room() as (app, ann, _client, bob):
        room = app.stack.top
        caps = {w.text: w.hint for w in room.widgets.widgets if isinstance(w, Button)}
        assert caps == {"Leave the table": "Esc", "Send": ""}  # Esc asks to leave; Enter has no chat line to send
        for letter in "hello all":
            post(pygame.KEYDOWN, key=pygame.key.key_code(letter) if letter != " " else pygame.K_SPACE, mod=0,
                 unicode=letter)
            post(pygame.TEXTINPUT, text=letter)
        app.frame(0.02)
        assert top(app) == "NetLobbyScene" and room.chat_input.text == "hello all"
        assert {w.text: w.hint for w in room.widgets.widgets if isinstance(w, Button)}["Send"] == "Enter"
        key(app, pygame.K_RETURN)
        assert top(app) == "NetLobbyScene" and bob.connection == "connected"
        run_until(app, lambda: ann.pump() is not None and [str(line) for line in ann.chat_lines] == ["Bob: hello all"])
