"""Every message the host sends a seat, over whole games in every variant, never carries that seat's own cards
(nor any card of the deck) until the game is over; the view the seat rebuilds from the moves' deltas is, after
every move, exactly the engine's view of that seat."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from hanabi_desktop.engine import PRESETS, Game, GameRecord, PlayerView
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.net.scripted import SeatPlayer
from hanabi_desktop.net.seatview import apply_delta, view_from_json
from tests.net.conftest import url
from tests.waiting import wait_until


def identities(data: Any) -> list[tuple[int, list[int]]]:
    """Every (card order, identity) pair anywhere in a message: the protocol writes identities one way only."""
    found = []
    if isinstance(data, dict):
        if "identity" in data:
            found.append((data["card"], data["identity"]))
        for value in data.values():
            found += identities(value)
    elif isinstance(data, list):
        for value in data:
            found += identities(value)
    return found


def keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | set().union(*map(keys, data.values()))
    if isinstance(data, list):
        return set().union(*map(keys, data)) if data else set()
    return set()


def _play(client: NetClient, player: SeatPlayer, log: list[Incoming]) -> None:
    while player.over is None:
        message = client.inbox.get(timeout=60)
        log.append(message)
        action = player.handle(message)
        if action is not None:
            client.act(action)


@pytest.mark.parametrize("index,variant", list(enumerate(PRESETS)))
def test_no_message_to_a_seat_carries_its_own_cards(host: HostThread, index: int, variant: str) -> None:
    players = 2 + index % 4
    table = host.create_table(CreateTable(variant, ("open",) * players, variant=variant))
    clients, players_, logs, threads = [], [], [], []
    for s in range(players):
        client = NetClient(url(host)).start()
        client.join(table.code, s, f"P{s}")
        player, log = SeatPlayer("conventions", f"x/{s}"), []
        clients.append(client)
        players_.append(player)
        logs.append(log)
        threads.append(threading.Thread(target=_play, args=(client, player, log), daemon=True))
        threads[-1].start()
    wait_until(lambda: not host.call(lambda: table.free_seats))
    host.start_game(table)
    for t in threads:
        t.join(60)
    for c in clients:
        c.close()
    record = GameRecord.from_json(players_[0].over["record"])
    deck = record.deck
    for seat, log in enumerate(logs):
        game = record.new_game()
        checked = deltas = 0
        for message in log:
            if message.type == "over":
                break
            assert not {"deck", "seed", "explanations", "token"} & keys(message.data) or message.type == "joined"
            if message.type == "state":
                view = view_from_json(message.data["view"], game.variant)
            if message.type == "update":
                assert message.data["index"] == len(game.actions)
                game.apply(record.actions[message.data["index"]])
                # the seat's view rebuilt from the deltas is the engine's view of that seat: no more, no less
                view = apply_delta(view, message.data["action"], message.data["delta"])
                assert view == PlayerView.of(game, seat)
                deltas += 1
            hidden = set(game.hands[seat]) | set(game.draw_pile)
            for order, (suit, rank) in identities(message.data):
                assert order not in hidden, f"{message.type} shows seat {seat} card {order}"
                assert (deck[order].suit, deck[order].rank) == (suit, rank)
                checked += 1
        assert game.over and checked > 0 and deltas == len(record.actions)
    assert isinstance(game, Game)
