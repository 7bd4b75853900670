"""A Tempo Clue on a card already read as a delayed play asks for no new blind play (issue 31, levels 2-3).

"A Tempo Clue ... re-touches a card that is already clued" to say it plays (hanabi.github.io, level 2). When
everyone already reads the card as a delayed play, waiting on cards already called (a clued card of the
receiver's and a finesse on a third hand), the re-touch changes nothing: the card plays once those cards have.
Reading it as a new Finesse on the receiver's own hand sends a blind play into a strike.
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, CATHY, act, decide, reading, replayed, slot

# deal h31/173 (3 players, level 3) to turn 42: Bob's 4 on Alice's yellow 4 at turn 38 is a Finesse on Cathy's
# yellow 3 behind Alice's clued yellow 2; at turn 42 Cathy, stalling at the end of the deck, re-touches it with 4
MOVES = """clue 1 rank 2, clue 0 rank 1, clue 1 rank 5, play 1, clue 0 rank 1, clue 0 rank 5, play 15, clue 2 rank 2,
           discard 10, play 2, clue 0 colour 0, play 12, play 18, clue 0 colour 3, discard 11, play 0, discard 9,
           discard 13, clue 2 rank 5, discard 23, discard 17, discard 4, clue 0 rank 2, discard 19, play 16,
           clue 2 rank 4, clue 1 colour 0, discard 22, clue 2 rank 5, play 26, clue 1 colour 2, discard 6, play 14,
           clue 2 colour 4, play 5, play 33, play 20, clue 0 rank 4, clue 1 colour 4, play 30, play 32,
           clue 0 rank 4"""


def test_a_retouch_of_a_delayed_play_calls_no_self_finesse() -> None:
    # before: Alice read the re-touch as a Self-Finesse (her slot 1 the red 3 or the green 3, her 4 the red 4 or
    # the green 4), blind-played her red 1 and struck, and did it again two turns later
    game, bots = replayed("h31/173", MOVES, level=3, players=3)
    four, first = slot(game, ALICE, 2), slot(game, ALICE, 1)
    assert game.deck[four] == game.variant.parse_card("y4")
    assert game.deck[slot(game, CATHY, 1)] == game.variant.parse_card("y3")  # the finessed card, still waiting
    assert reading(game, bots[ALICE], four) == {"y4"}
    assert first not in bots[ALICE].notes.finessed
    d = decide(game, bots)
    assert d.action != Play(first), d.explanation
    assert d.action == Play(slot(game, ALICE, 4)), d.explanation  # her clued yellow 2 plays first
    assert game.deck[slot(game, ALICE, 4)] == game.variant.parse_card("y2")
    act(game, bots, d.action)
    assert reading(game, bots[ALICE], four) == {"y4"}  # and the 4 still waits for Cathy's yellow 3
