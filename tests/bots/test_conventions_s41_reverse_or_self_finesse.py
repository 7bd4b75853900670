"""A Finesse that may be on the receiver's finesse position or on mine, when I play after it (issue 31, level 2).

The level-2 page: "If the clue looks like it could be a Reverse Finesse, then the clue receiver will not play
anything and assume that it is a Reverse Finesse (at least, until the other player has had a chance to
blind-play the card)". So when I see the missing card on the receiver's own finesse position and my finesse
position, after the receiver in turn order, may hold it too, the receiver (who sees mine) tells me by its turn:
a blind play was a Self-Finesse; a turn without one means the card is mine.
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, BOB, CATHY, act, decide, replayed, slot

# deal h31/21 (5 players, level 3) to turn 5: Emily gives 3 to Bob on his red 3 (red 1 played). The red 2 is on
# Bob's finesse position and on Cathy's; Cathy plays after Bob
MOVES = "clue 3 rank 1, clue 2 colour 4, play 9, play 13, clue 1 rank 3"
LATER = "clue 2 rank 2, clue 4 colour 2, clue 3 colour 0, play 15, play 16, clue 4 rank 5, clue 4 colour 3"


def test_i_wait_for_the_receivers_turn_before_taking_the_finesse() -> None:
    game, bots = replayed("h31/21", MOVES, level=3, players=5)
    bobs, cathys = slot(game, BOB, 1), slot(game, CATHY, 1)
    red2 = 1 << game.variant.parse_card("r2").identity
    assert game.deck[bobs] == game.deck[cathys] == game.variant.parse_card("r2")
    cathy = bots[CATHY]
    assert cathy.notes.finessed.get(bobs, 0) == red2  # a Self-Finesse on Bob, as far as Cathy knows yet
    assert cathy.notes.hand_over == {bobs: cathys}
    # Bob and Alice, who see Cathy's red 2, read a Reverse Finesse on her
    assert bots[BOB].notes.finessed.get(cathys, 0) == red2
    assert bots[ALICE].notes.finessed.get(cathys, 0) == red2


def test_the_call_is_mine_once_the_receiver_has_passed_it_by() -> None:
    # before: Cathy kept Bob's red 2 called for good; her own red 2 stayed uncalled to her, and her later clues
    # counted on Bob's slot 1 being spent (a blind play for a red 4 "from Bob's slot 4" that Alice took for hers)
    game, bots = replayed("h31/21", MOVES + ", " + LATER, level=3, players=5)
    bobs, cathys = slot(game, BOB, 1), slot(game, CATHY, 1)
    cathy = bots[CATHY]
    assert bobs not in cathy.notes.finessed
    assert cathy.notes.finessed.get(cathys, 0) == 1 << game.variant.parse_card("r2").identity
    assert game.current == CATHY
    d = decide(game, bots)
    assert d.action == Play(cathys), d.explanation


def test_a_blind_play_by_the_receiver_settles_it_as_a_self_finesse() -> None:
    # the same clue, and Bob (against his own reading) blind-plays his red 2 at once: Cathy's card is not called
    game, bots = replayed("h31/21", MOVES, level=3, players=5)
    act(game, bots, decide(game, bots).action)  # Alice's own turn, as she plays it
    bobs, cathys = slot(game, BOB, 1), slot(game, CATHY, 1)
    act(game, bots, Play(bobs))
    assert cathys not in bots[CATHY].notes.finessed
    assert not bots[CATHY].notes.hand_over
