"""The bot as giver, forced to clue (8 tokens, nothing to play or save), level 3, 2 players: a colour clue on a new card
that cannot play is a play clue to its receiver (level 2's only stall is the 5 Stall), who plays it as the 1 of that
colour; a number clue whose focus waits for two or more cards has no play or Self-Finesse reading to a person, and
is the clue to give."""

from __future__ import annotations

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import ColourClue, Game, Play, PlayerView, get_variant
from tests.bots.positions import ALICE, BOB, decide


def test_a_forced_clue_on_turn_one_is_no_colour_clue_read_as_a_1() -> None:
    # Deal s24x/2 turn 1: Bob holds r4 w3 y2 g2 r3, nothing played; the bot gave yellow on his yellow 2 alone ("the
    # clue least likely to be read as a play") and the careful level-3 stand-in played it as the yellow 1
    game = Game.new(get_variant("classic"), 2, seed="s24x/2")
    bots = [ConventionsBot(s, 2, game.variant, level=3) for s in range(2)]
    for s, bot in enumerate(bots):
        bot.observe(PlayerView.of(game, s))
    assert game.current == ALICE and game.clue_tokens == 8
    assert " ".join(game.variant.card_text(game.deck[o]) for o in game.hands[BOB]) == "r4 w3 y2 g2 r3"
    d = decide(game, bots)
    assert not isinstance(d.action, ColourClue), d.explanation
    stand_in = Level3Proxy(BOB, 2, game.variant)
    stand_in.observe(PlayerView.of(game, BOB))
    game.apply(d.action)
    stand_in.observe(PlayerView.of(game, BOB))
    assert not isinstance(stand_in.decide(PlayerView.of(game, BOB)).action, Play), d.explanation
