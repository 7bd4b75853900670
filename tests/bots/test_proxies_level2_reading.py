"""The level-2 stand-in's reading of deals where it misplayed beside two level-2 bots (3 players, seed s24x),
checked against the H-group level-2 page (hanabi.github.io/learning-path, level 2)."""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.engine import Card, Play, PlayerView
from tests.bots.positions import CATHY
from tests.bots.test_proxies import R, replay


def test_level2_proxy_takes_a_self_finesse_nobody_else_can_give_every_card_for() -> None:
    # Level 2, The Self-Finesse: "the player receiving the clue will only consider the possibility of a
    # Self-Finesse if there are no other possibilities for the clue". Deal s24x/155, turn 14: Bob clued number 4 on
    # my red 4 (slot 1), red at 2, my red 3 on my finesse position (slot 2). As a blue 4 it would need the blue 2 and
    # the blue 3: Alice's blue 2 is on her finesse position, but nobody can give the blue 3 (hers is on slot 3, Bob
    # is the giver), so that is no other possibility: I blind-play slot 2 (I played a clued card and later misplayed
    # my 4 as a blue 4).
    game, team = replay("s24x/155", Level2Proxy, (
        "clue 1 rank 1", "clue 2 rank 2", "discard 11", "clue 2 rank 1", "play 8", "play 13", "discard 0", "play 9",
        "clue 0 rank 1", "play 18", "clue 0 rank 2", "clue 0 rank 5", "play 20", "clue 2 rank 4"), deciding=CATHY)
    slot2 = game.hands[CATHY][1]
    assert game.deck[slot2] == Card(R, 3)
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(slot2), d.explanation
