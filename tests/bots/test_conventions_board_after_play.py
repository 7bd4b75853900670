"""`ConventionsBot.board_after_play`: the board the bot imagines once its playable card is played, which
`fix_before_play` reads a partner's clued cards against. A descending suit (Black Powder's black, 5 down to 1)
continues with the rank below, not the rank above."""

from __future__ import annotations

from hanabi_desktop.bots.registry import create
from hanabi_desktop.bots.simulate import make_variant
from hanabi_desktop.engine import Game, PlayerView
from hanabi_desktop.engine.cards import identity_of


def test_the_board_after_a_play_continues_each_suit_in_its_own_direction() -> None:
    variant = make_variant("black-powder")
    black = next(s for s, suit in enumerate(variant.suits) if suit.descending)
    game = Game.new(variant, 2, seed="board-after-play")
    bot = create("conventions@3", 0, 2, variant, "board-after-play")
    view = PlayerView.of(game, 0)
    b = bot.notes.board(view)
    after = bot.board_after_play(view, identity_of(black, 5), b)
    assert after.playable & 1 << identity_of(black, 4)  # black 5 played: the black 4 is next
    assert not after.playable & 1 << identity_of(black, 5) and after.trash & 1 << identity_of(black, 5)
    assert not after.playable & ~b.playable & ~(1 << identity_of(black, 4))  # nothing else became playable
    after = bot.board_after_play(view, identity_of(0, 1), b)
    assert after.playable & 1 << identity_of(0, 2) and after.trash & 1 << identity_of(0, 1)
