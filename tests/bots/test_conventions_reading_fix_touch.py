"""Level 3, the Fix Clue on a clued copy of a card played: a fix that touches a new useless card is not given.

Good touch has the holder read every card a clue touches for the first time as a useful card; a fix that also
touches a new useless card makes its holder play that card as a useful one later. Deals h31/23, h31/38 and
h31/273 (3 players, level 3, the late-prompt stand-in first): 3 on a white 3 copy and a green 3 already played,
the green 3 played as "blue 3"; blue on a blue 3 copy and a blue 1, the blue 1 played as "blue 4"; yellow on a
yellow 2 copy and a yellow 1, the yellow 1 played as "yellow 3".
"""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Play
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, slot


def test_no_fix_clue_that_touches_a_new_useless_card() -> None:
    # Alice 2 Saves Bob's green 2; Bob, who cannot see it, clues green on Cathy's green 2 and green 3, and she
    # plays the green 2: Bob's 2 may be its copy (`policy.promised_apart`). Green fixes it, but also touches
    # his green 1, which good touch has him read as the green 4 or 5 (the green 3 is clued in Cathy's hand)
    game = position(["x x x x x", "g1 x x x g2", "g2 g3 x x x"], stacks="r1 y1 g1 b1", current=ALICE,
                    clue_tokens=6, avoid="gw")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob 2"))
    act(game, bots, clue(game, "Cathy green"))
    act(game, bots, Play(slot(game, CATHY, 1)))
    assert game.fireworks[2] == 2 and game.current == ALICE
    assert slot(game, BOB, 5) in bots[ALICE].unfixed
    d = decide(game, bots)
    assert d.action != ColourClue(BOB, 2), d.explanation
