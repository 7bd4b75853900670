"""The typed door: the local game answers everything the screens may ask (`Table`), and a plugin bot that does
not subclass `Bot` sits at the table like any other."""

from __future__ import annotations

import inspect

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import PlayerView
from hanabi_desktop.table.door import Table
from hanabi_desktop.table.seats import observe_all, seat_bot, snapshot_beliefs
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup


def _members(protocol: type) -> set[str]:
    names = {n for n in vars(protocol) if not n.startswith("_")}
    return names | set(inspect.get_annotations(protocol))


def test_a_session_has_every_member_of_the_door() -> None:
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bot", bot="conventions")], seed="door"), threaded=False)
    missing = sorted(n for n in _members(Table) if not hasattr(s, n))
    assert missing == []
    assert s.hand(0) == tuple(s.game.hands[0]) and s.bot_seats == [1] and s.advisor == "conventions"
    s.close()


class _OnlyDecides:  # a plugin: the Bot protocol's one required method, no base class
    def __init__(self, seat: int, players: int, variant: object, seed: object) -> None:
        self.seat = seat

    def decide(self, view: PlayerView) -> Decision:
        return Decision(view.legal[-1], "the last legal move")


def test_a_plugin_bot_without_observe_or_beliefs_is_a_seat_bot() -> None:
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="plugin"), threaded=False)
    plugin = seat_bot(_OnlyDecides(1, 2, s.variant, 0))
    assert not isinstance(plugin, Bot) and plugin.beliefs(s.view(1)) == {}
    observe_all({1: plugin}, s.game)  # nothing to observe with: no error logged, nothing done
    assert snapshot_beliefs({1: plugin}, s.game) == (0, {1: {}})
    s.play_card(s.hand_order(0)[0])  # Bob's turn now
    assert plugin.decide(s.view(1)).action == s.view(1).legal[-1]
    s.close()
