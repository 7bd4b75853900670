"""The stand-ins' clues and reading in deals where they broke the guide beside the bots (session 31), checked
against the H-group pages (hanabi.github.io)."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Play, PlayerView
from tests.bots.positions import ALICE
from tests.bots.test_proxies import R, replay


def test_a_finesse_connects_through_no_card_its_giver_cannot_see() -> None:
    # The Finesse (beginner's guide): "Cathy sees that a blind-play immediately happened after the red clue, she
    # knows she must have the next card". Nobody sees their own hand, so a clue cannot connect through a clued
    # card its giver does not know they hold. Deal t40/401, level-3 bots after me, turn 5: Bob clued red on my red 2
    # (red at 0) and Cathy blind-played the red 1. Bob's 2 I had saved at turn 4 is the red 2, which he cannot
    # know: my card is the red 2. I read it as the red 2 or 3 and held it; a later red clue made it the 3 in my
    # reading, and I played my red 3 as the red 2.
    game, team = replay("t40/401", Level3Proxy, (
        "clue 1 colour 3", "play 8", "clue 0 rank 5", "clue 1 rank 2", "clue 0 colour 0", "play 14"),
        deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot1 = view.hands[ALICE][0]
    assert game.deck[slot1] == Card(R, 2)
    d = team[ALICE].decide(view)
    assert d.action == Play(slot1), d.explanation
