"""The conventions bot's beliefs about its own cards: its reading of the clues, a few words per card."""

from __future__ import annotations

from hanabi_desktop.bots.base import Bot
from hanabi_desktop.bots.random_bot import RandomBot
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import Game, PlayerView, RankClue, get_variant


def _deal(pred, players: int = 2):  # noqa: ANN001, ANN202
    v = get_variant("classic")
    for seed in range(500):
        g = Game.new(v, players, seed=seed, names=["Ann", "Bob", "Cat"][:players])
        if pred(g):
            return g
    raise AssertionError("no deal")


def test_a_play_clue_on_a_1_is_read_as_play_and_the_unclued_oldest_card_is_chop() -> None:
    g = _deal(lambda g: g.deck[g.hands[1][0]].rank == 1 and sum(g.deck[o].rank == 1 for o in g.hands[1]) == 1)
    bot = create("conventions", 1, 2, g.variant, "t")
    g.apply(RankClue(1, 1))
    view = PlayerView.of(g, 1)
    bot.observe(view)
    said = bot.beliefs(view)
    one = g.hands[1][0]
    assert said[one].startswith("play")
    assert said[g.hands[1][-1]] == "chop"
    assert set(said) <= set(g.hands[1])  # its own cards only


def test_a_5_save_on_chop_is_read_as_a_5() -> None:
    g = _deal(lambda g: g.deck[g.hands[1][-1]].rank == 5 and sum(g.deck[o].rank == 5 for o in g.hands[1]) == 1)
    bot = create("conventions", 1, 2, g.variant, "t")
    g.apply(RankClue(1, 5))
    view = PlayerView.of(g, 1)
    bot.observe(view)
    assert bot.beliefs(view)[g.hands[1][-1]] in ("a 5", "save")


def test_a_bot_without_beliefs_says_nothing() -> None:
    g = Game.new(get_variant("classic"), 2, seed=1)
    bot = RandomBot(0, 2, g.variant)
    assert isinstance(bot, Bot) and bot.beliefs(PlayerView.of(g, 0)) == {}
