"""Good touch against a copy of a card played: a partner's clue promises no copy of their own clued card that they
knew by the conventions when they gave it (the Delayed Play Clue page: "Bob knows that he has the red 1"), as a
clue promises none of a card they could see (`BeginnerProxy.played_apart`, as `clued_apart`)."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Play, PlayerView
from tests.bots.positions import ALICE
from tests.bots.test_proxies import B, replay

# deal t40/572, the level-3 stand-in first and the level-3 bot second, to turn 12
T40_572 = ('clue 1 rank 1', 'play 5', 'clue 1 colour 0', 'clue 0 rank 1', 'play 2', 'clue 0 colour 4', 'play 3',
           'clue 0 rank 1', 'play 11', 'play 10', 'discard 0', 'clue 0 rank 2')


def test_a_partners_clue_after_they_knew_their_card_promises_no_copy_of_it() -> None:
    # Deal t40/572, turn 13: I clued red on Bob's red 1 at turn 3 (red at 0: he knew it as the red 1); at turn 8 he
    # clued 1 on my green 1 and blue 1; I played the green 1, he played the red 1. My other 1 is then the blue 1,
    # not a copy of his red 1 (he knew his, so good touch promised no copy). His 2 on my blue 2 (slot 4) is a
    # Delayed Play Clue through it: I play the blue 1 first. I took my 1 for "red 1 or blue 1", read the 2 as a
    # playable red, yellow or green 2 and misplayed it.
    game, team = replay("t40/572", Level3Proxy, T40_572, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert [game.deck[o] for o in view.my_hand[2:4]] == [Card(B, 1), Card(B, 2)]
    d = team[ALICE].decide(view)
    assert d.action == Play(view.my_hand[2]), d.explanation
