"""A bot's advice on a position: a fresh bot for one seat follows the game as it would have at the table (it
observes that seat's view after every action) and decides on the seat's view now. It never sees the seat's own
cards. The table's hints and the review's `advise` both ask here."""

from __future__ import annotations

from collections.abc import Sequence

from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import GameRecord, PlayerView


def views_of(record: GameRecord, seat: int, turn: int | None = None) -> list[PlayerView]:
    """`seat`'s view at the deal and after each of the first `turn` actions of `record` (all if None)."""
    game = record.new_game()
    views = [PlayerView.of(game, seat)]
    for action in record.actions[:turn]:
        game.apply(action)
        views.append(PlayerView.of(game, seat))
    return views


def advice(views: Sequence[PlayerView], bot: str, seed: int | str) -> Decision:
    """What a new bot `bot` (made with `seed`) decides at the seat of `views`, that seat's views at the deal and
    after each action so far, having observed every one after the deal."""
    now = views[-1]
    assert now.seat is not None
    player = create(bot, now.seat, now.players, now.variant, seed)
    for view in views[1:]:
        player.observe(view)
    return player.decide(now)
