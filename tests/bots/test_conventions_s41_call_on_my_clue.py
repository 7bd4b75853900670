"""A blind play called by a clue on my own card counts for the other players' good touch (issue 31, level 3).

When a clue to me calls a blind play on another player (a Finesse whose focus is my card), I cannot see my card,
so I do not count on that blind play when I give clues (it may never come). But the other players see my card
and the called card: to them the call is as sure as anything, so a later clue touching a copy of the called
card is not that copy ("a Bad Touch if someone touched a card that ... was already clued in someone else's
hand", hanabi.github.io/beginner/good-touch-principle, counts the cards a Finesse has called too).
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot

# deal h31/158 (4 players, level 3): at turn 3 Cathy's 2 on Bob's yellow 2 called Alice's yellow 1 (a Finesse); at
# turn 4 Donald's yellow on Cathy's yellow 4 needs the yellow 1 (Alice, called), the yellow 2 (Bob's, prompted) and
# the yellow 3, on Bob's finesse position
MOVES = "clue 1 colour 3, play 4, clue 1 rank 2, clue 2 colour 1"
LATER = "play 3, play 7, clue 3 colour 3, play 15, clue 3 rank 4"


def test_the_receiver_counts_the_blind_play_my_card_called() -> None:
    # before: Bob took Cathy to read her yellow card as maybe the yellow 1 (Alice's call came from his own card, so
    # he left it out of what Cathy sees), so nobody was to blind-play; he discarded, and Cathy played her yellow 4
    # as the yellow 3
    game, bots = replayed("h31/158", MOVES, level=3, players=4)
    bob = bots[BOB]
    y1, y3, y4 = (game.variant.parse_card(t).identity for t in ("y1", "y3", "y4"))
    assert bob.notes.finessed.get(slot(game, ALICE, 1), 0) == 1 << y1
    assert slot(game, ALICE, 1) in bob.notes.tentative  # he cannot see the 2 that called it
    focus = slot(game, CATHY, 3)
    assert game.deck[focus] == game.variant.parse_card("y4")
    assert not bob.notes.private[focus] & (1 << y1)  # what he takes Cathy, who sees his 2, to read
    fp = slot(game, BOB, 1)
    assert game.deck[fp] == game.variant.parse_card("y3")
    assert bob.notes.finessed.get(fp, 0) == 1 << y3
    assert bob.notes.private[focus] & (1 << y4)


def test_he_blind_plays_the_yellow_3_after_his_prompted_yellow_2() -> None:
    game, bots = replayed("h31/158", MOVES + ", " + LATER, level=3, players=4)
    assert game.current == BOB
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 2)), d.explanation  # his finesse position then, after one draw
