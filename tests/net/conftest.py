"""Fixtures of the network tests: a host on 127.0.0.1 (never any other address) and clients that wait for things."""

from __future__ import annotations

import json
import queue
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from hanabi_desktop.engine import Game, GameRecord, PlayerView
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import Limits
from hanabi_desktop.net.remote import NetTable
from tests.waiting import LIMIT

LOOPBACK = "127.0.0.1"


@pytest.fixture
def host() -> Iterator[HostThread]:
    """A host with instant bots listening on a free port of 127.0.0.1."""
    h = HostThread(Limits(connections_per_address=64), pace="instant")
    h.start(LOOPBACK, 0)
    yield h
    h.stop()


def url(host: HostThread) -> str:
    return f"ws://{LOOPBACK}:{host.port}"


class Watcher:
    """A client whose messages are kept, with a way to wait for one of them."""

    def __init__(self, address: str, **kwargs: Any) -> None:
        self.client = NetClient(address, **kwargs).start()
        self.seen: list[Incoming] = []

    def wait(self, match: Callable[[Incoming], bool], timeout: float = LIMIT) -> Incoming:
        """The first message (kept or new) that `match` accepts."""
        for message in self.seen:
            if match(message):
                self.seen.remove(message)
                return message
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = self.client.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no such message within {timeout} s; got {[m.type for m in self.seen]}") from None
            if match(message):
                return message
            self.seen.append(message)

    def wait_type(self, kind: str, timeout: float = LIMIT) -> Incoming:
        return self.wait(lambda m: m.type == kind, timeout)

    def close(self) -> None:
        self.client.close()


def after(view: dict[str, Any], *updates: dict[str, Any], variant: str = "classic") -> dict[str, Any]:
    """A seat's view (as JSON) after `updates`, rebuilt from their deltas as a client does."""
    from hanabi_desktop.engine import get_variant
    from hanabi_desktop.net.seatview import apply_delta, view_from_json, view_json

    rebuilt = view_from_json(view, get_variant(variant))
    for update in updates:
        rebuilt = apply_delta(rebuilt, update["action"], update["delta"])
    return view_json(rebuilt)


def to_move(table: NetTable, seat: int) -> PlayerView | None:
    """`seat`'s view at `table` when that seat is to move and the window has every move so far; None when it is not
    its turn, when a message is still on its way, or when the game is over (its last view came before the record,
    with nothing legal left)."""
    view = table.views[seat][-1] if table.views[seat] else None
    if view is None or view.over or table.over or view.current != seat or len(view.history) != len(table.log):
        return None
    return view


def replay_locally(record: dict[str, Any], bots: dict[int, tuple[str, str]], seed: str) -> Game:
    """The deal of `record` played at one computer by `bots` (seat -> (bot name, bot seed)), as `Session` plays."""
    from hanabi_desktop.bots.registry import create

    rec = GameRecord.from_json(record)
    game = Game(rec.variant, len(rec.players), rec.deck, tiles=rec.tiles, seed=seed, names=rec.players)
    team = {s: create(name, s, game.players, rec.variant, bot_seed) for s, (name, bot_seed) in bots.items()}
    while not game.over:
        game.apply(team[game.current].decide(PlayerView.of(game, game.current)).action)
        for s, bot in team.items():
            bot.observe(PlayerView.of(game, s))
    return game


def saved_moves(path: Path) -> int:
    """How many moves the table's save at `path` holds (-1: its game has not started)."""
    session = json.loads(path.read_text())["session"]
    return -1 if session is None else len(session["record"]["actions"])
