"""A play clue whose focus also reads as a card the clued cards already make playable is not given (issue 31).

A receiver reads a Finesse or a Self-Finesse "only if there are no other possibilities" (hanabi.github.io/level-2):
a focus that may be the card right after its own known card is that card to it.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import ColourClue, Game, Play, PlayerView, get_variant, parse_action
from tests.bots.positions import ALICE, CATHY, slot

# deal s24x/36, turns 1-14, the careful level-3 stand-in as Alice, the bot as Bob and Cathy (3 players)
MOVES = ("clue 1 rank 2,clue 2 rank 1,clue 0 rank 2,discard 2,discard 6,play 10,discard 3,clue 0 colour 0,play 12,"
         "play 18,discard 7,clue 1 colour 3,clue 1 rank 4,play 21")
GREEN = 2


def table() -> tuple[Game, list[ConventionsBot], Level3Proxy]:
    game = Game.new(get_variant("classic"), 3, seed="s24x/36")
    bots = [ConventionsBot(s, 3, game.variant, level=3) for s in range(3)]
    stand_in = Level3Proxy(ALICE, 3, game.variant)
    for text in MOVES.split(","):
        game.apply(parse_action(text))
        for s, bot in enumerate(bots):
            bot.observe(PlayerView.of(game, s))
        stand_in.observe(PlayerView.of(game, ALICE))
    return game, bots, stand_in


def test_no_clue_whose_focus_reads_as_the_card_after_the_receivers_own() -> None:
    # Turn 15: green 1 played; Alice's clued 2 (slot 4) is the green 2, her slot 2 the green 4. Green tells her the 2
    # is the green 2 and reads on the 4 as the green 3, to play after it
    game, bots, _stand_in = table()
    assert game.current == CATHY and game.fireworks[GREEN] == 1
    assert [game.variant.card_text(game.deck[slot(game, ALICE, n)]) for n in (2, 4)] == ["g4", "g2"]
    d = bots[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action != ColourClue(ALICE, GREEN), d.explanation


def test_the_receiver_reads_that_clue_as_the_green_3() -> None:
    # the misplay the bot avoids (turns 15-19 as played): given green, the stand-in plays its green 2; Bob plays his
    # red 2, Cathy clues Bob yellow, and the stand-in plays its green 4 as the green 3
    game, _bots, stand_in = table()
    game.apply(ColourClue(ALICE, GREEN))
    stand_in.observe(PlayerView.of(game, ALICE))
    assert stand_in.decide(PlayerView.of(game, ALICE)).action == Play(slot(game, ALICE, 4))
    game.apply(Play(slot(game, ALICE, 4)))
    for text in ("play 5", "clue 1 colour 1"):
        game.apply(parse_action(text))
    stand_in.observe(PlayerView.of(game, ALICE))
    assert game.variant.card_text(game.deck[slot(game, ALICE, 3)]) == "g4"
    assert stand_in.decide(PlayerView.of(game, ALICE)).action == Play(slot(game, ALICE, 3))
