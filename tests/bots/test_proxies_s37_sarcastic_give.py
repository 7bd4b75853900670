"""The careful level-3 stand-in gives a Sarcastic Discard (level 3, The Sarcastic Discard: "the first player who
fully realizes that they have the duplicate card should discard it (as opposed to playing it or holding on to it)").
"""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Discard, PlayerView
from hanabi_desktop.engine.cards import bit
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import Y, apply, replay

# deal h31/172, level-3 stand-ins, to turn 25
H31_172 = ('clue 1 rank 4', 'clue 0 rank 1', 'clue 1 rank 2', 'discard 8', 'clue 1 rank 2', 'clue 0 rank 2', 'play 3',
           'clue 0 colour 4', 'play 11', 'clue 0 rank 3', 'clue 1 colour 4', 'play 9', 'clue 1 colour 3', 'play 13',
           'discard 0', 'clue 0 rank 2', 'discard 4', 'discard 14', 'clue 1 colour 4', 'play 17', 'discard 16',
           'clue 0 rank 4', 'clue 1 colour 1', 'play 6', 'discard 1')


def test_i_discard_my_known_card_that_a_partners_clued_card_duplicates() -> None:
    # Deal h31/172, turn 26, yellow at 0: Alice 2-saved my yellow 2 at turn 3; I 2-saved hers at turn 16 (I could
    # not see mine), and her yellow stall at turn 23 touched mine again: I know it is the yellow 2, she knows hers
    # only as a 2. I discard mine, and her one clued 2 is the yellow 2. I discarded my chop, the green 3, and kept
    # the copy.
    game, team = replay("h31/172", Level3Proxy, H31_172, players=2, deciding=BOB)
    view = PlayerView.of(game, BOB)
    mine, hers = view.my_hand[3], view.hands[ALICE][2]
    assert game.deck[mine] == game.deck[hers] == Card(Y, 2) and game.fireworks[Y] == 0
    d = team[BOB].decide(view)
    assert d.action == Discard(mine), d.explanation
    apply(game, team, d.action)
    assert team[ALICE].mask(PlayerView.of(game, ALICE), hers) == bit(Card(Y, 2).identity)


def test_the_level_2_player_gives_none() -> None:
    # the same position: the Sarcastic Discard is level 3's; the level-2 stand-in discards its chop
    game, team = replay("h31/172", Level2Proxy, H31_172, players=2, deciding=BOB)
    view = PlayerView.of(game, BOB)
    d = team[BOB].decide(view)
    assert d.action == Discard(view.my_hand[1]), d.explanation
