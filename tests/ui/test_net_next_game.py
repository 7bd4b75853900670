"""The next game at a network table through the screens (posted clicks through `App.frame`, real hosts on
127.0.0.1): the owner presses Next game in the room after the game; a guest's window, still on the results, is
taken to the new deal by itself, at the same seat; each window keeps every game in its own Replays."""

from __future__ import annotations

import pygame

from hanabi_desktop.engine import Play
from hanabi_desktop.net import hometable
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.table import autosave
from hanabi_desktop.ui.app import App
from tests.net.conftest import to_move
from tests.ui.gestures import key
from tests.ui.test_net_comeback import ann_opens_a_table, bob_in_anns_room, buttons
from tests.ui.test_net_screens import press, top
from tests.waiting import run_until, wait_until


def newest(table: NetTable, seat: int) -> Play:
    return Play(table.view(seat).hands[seat][0])


def play_out(app: App, mine: NetTable, seat: int, other: NetTable, other_seat: int) -> None:
    """Both people play their newest card each turn (three misplays end the game soon), `mine` in `app`. Bounded
    by real time, not by frames: 400 frames with no pause ran out before the host's messages came on a quiet
    machine (it passed only when the machine was busy)."""
    def step() -> None:
        other.pump()
        if top(app) == "NetTableScene" and not app.stack.top.anim.busy and to_move(mine, seat) is not None:
            app.stack.top.act(newest(mine, seat))
        elif to_move(other, other_seat) is not None:
            other.submit(newest(other, other_seat))
        app.frame(0.05)

    wait_until(lambda: mine.over and top(app) != "NetTableScene", each=step, what="the game's end")


def test_a_guest_on_the_results_is_taken_to_the_next_game_at_the_same_seat() -> None:
    with bob_in_anns_room(("local", "open", "conventions")) as (app, ann, client, bob):
        token = client.token
        run_until(app, lambda: ann.pump() is not None and all(info.taken for info in ann.seat_info))
        ann.ask_owner("start")
        run_until(app, lambda: top(app) == "NetTableScene")
        play_out(app, bob, 1, ann, 0)
        first = bob.record()
        run_until(app, lambda: top(app) == "ResultsScene" and autosave.kept_yet(first))
        ann.ask_owner("next_game")
        run_until(app, lambda: top(app) == "NetTableScene" and bob.games == 2)
        assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "NetLobbyScene", "NetTableScene"]
        assert not bob.over and bob.log == [] and bob.seat_info[2].bot and client.token == token
        assert app.stack.top.session is bob and bob.view(1).seat == 1
        # the news is said on the table's own line, not in a notice at the top, where it covered a name label
        assert app.stack.top._message_text()[0] == "A new game at Ann's table: the last one is kept in Replays."
        assert not app.notices.visible()
        play_out(app, bob, 1, ann, 0)
        second = bob.record()
        run_until(app, lambda: top(app) == "ResultsScene" and autosave.kept_yet(second))
        assert second.deck != first.deck and autosave.kept_yet(first)  # a new deal, kept beside the first


def test_a_guest_reviewing_the_last_game_keeps_reviewing_and_is_told_then_leaves_for_the_next_one() -> None:
    with bob_in_anns_room() as (app, ann, _client, bob):
        run_until(app, lambda: ann.pump() is not None and all(info.taken for info in ann.seat_info))
        ann.ask_owner("start")
        run_until(app, lambda: top(app) == "NetTableScene")
        play_out(app, bob, 1, ann, 0)
        run_until(app, lambda: top(app) == "ResultsScene")
        press(app, "Review")
        review = app.stack.top
        assert top(app) == "ReplayScene"
        review.go(3)
        ann.ask_owner("next_game")
        run_until(app, lambda: bob.games == 2 and bool(bob.views[1]))
        for _ in range(5):  # a few frames more: the review stays open, at the move Bob was looking at
            app.frame(0.05)
        assert app.stack.top is review and review.index == 3
        # the last game's table and results are closed below it; Bob is told, and how to join
        assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene", "NetLobbyScene", "ReplayScene"]
        assert [n.text for n in app.notices.visible()] == [
            "The next game has begun at Ann's table: close this screen to join it. The last one is kept in Replays."]
        key(app, pygame.K_ESCAPE)  # he closes the review: the room takes him to the new table
        run_until(app, lambda: top(app) == "NetTableScene")
        assert app.stack.top.session is bob and not bob.over and bob.log == [] and not app.notices.visible()
        assert app.stack.top._message_text()[0] == "A new game at Ann's table: the last one is kept in Replays."


def test_the_owner_deals_the_next_game_from_the_room(monkeypatch) -> None:
    app = ann_opens_a_table(monkeypatch)
    ann = app.stack.top.table
    bob_client, bob = hometable.join_table(app.stack.top.addresses[0], ann.code, 1, "Bob")
    try:
        run_until(app, lambda: all(info.taken for info in ann.seat_info))
        assert "Next game" not in buttons(app)
        press(app, "Start the game")
        run_until(app, lambda: top(app) == "NetTableScene")
        play_out(app, ann, 0, bob, 1)
        run_until(app, lambda: top(app) == "ResultsScene")
        press(app, "Back to the room")
        assert top(app) == "NetLobbyScene" and "Next game" in buttons(app)
        press(app, "Next game")
        run_until(app, lambda: top(app) == "NetTableScene" and ann.games == 2 and bool(ann.views[0]))
        assert not app.notices.visible()  # the news is on the table's line, clear of the names at the top
        assert app.stack.top._message_text()[0] == "A new game at Ann's table: the last one is kept in Replays."
        run_until(app, lambda: bob.pump() is not None and bob.games == 2 and bool(bob.views[1]))
        assert not ann.over and ann.log == [] and not bob.over and bob.view(1).turn == ann.view(0).turn == 0
    finally:
        bob_client.close()
        app.stack.clear()
        app.close()
