"""A forced clue from the careful level-3 stand-in: its partner reads a clue that re-touches their clued card and
leaves them knowing it exactly as connecting through that card (the beginner's guide, Delayed Play Clue: a play clue
may focus a card that plays once cards already clued have played), and by good touch the new card is not that one."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, ColourClue, PlayerView
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import R, W, Y, replay

# deal t40/503, the level-3 bot first and the level-3 stand-in second, to turn 30
T40_503 = ('clue 1 rank 1', 'play 6', 'clue 1 colour 3', 'play 10', 'clue 1 colour 1', 'play 11', 'clue 1 rank 1', 'play 12', 'clue 1 rank 5', 'clue 0 rank 2', 'play 4', 'discard 5', 'clue 1 colour 2', 'play 9', 'discard 0', 'discard 15', 'clue 1 rank 4', 'discard 18', 'discard 14', 'discard 19', 'discard 17', 'discard 21', 'clue 1 colour 0', 'discard 23', 'clue 1 colour 0', 'discard 24', 'clue 1 colour 0', 'clue 0 colour 3', 'play 2')


def test_a_forced_clue_through_the_partners_clued_card_is_read_as_the_next_card() -> None:
    # Deal t40/503, turn 30, 6 clues, my hand locked (red 3, red 4, yellow 5, yellow 3, yellow 4, all clued): Alice
    # holds white 3, yellow 3, red 1 (her chop), white 2 and yellow 2, the two 2s clued with 2; yellow is at 1, red
    # at 1. Yellow touches her yellow 3 and her clued 2, which she then knows is the yellow 2, so she reads the
    # yellow 3 (she did: no misplay). Red on her chop was read as the red 2 and misplayed.
    game, team = replay("t40/503", Level3Proxy, T40_503, players=2, deciding=BOB)
    view = PlayerView.of(game, BOB)
    assert [game.deck[o] for o in view.hands[ALICE]][1:] == [Card(Y, 3), Card(R, 1), Card(W, 2), Card(Y, 2)]
    d = team[BOB].decide(view)
    assert d.action == ColourClue(ALICE, Y), d.explanation
