"""A finesse taken a turn late (issue 31): the clued card waits one more turn of the finessed player's before it
falls back to its direct reading, where its receiver sees that player hold the very card called.

The guide (beginner's Finesse page, Finesse Urgency) has a finessed player blind-play at once; a player who does
not has no finesse, and the clue's receiver reads its card as the direct one (level 2, Two Possibilities). People
take a finesse a turn late now and then (the late-prompt stand-in): read at once, the receiver misplays its card
as the card the late player still holds.
"""

from __future__ import annotations

from hanabi_desktop.engine import Discard, Play, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, reading, slot
from tests.bots.test_conventions import pretend_clued


def late_finesse_table():
    # Deal s24x/129 t8-10 (level 3, 3 players, the stand-in in Cathy's seat): white 1 played; Cathy holds the
    # white 2 on her finesse position and clued playable 1s; Bob clues white to Alice, touching her white 3:
    # the white 2 now, or the white 3 through Cathy's white 2 (Alice sees it there). Cathy plays a clued 1
    # first, a turn late; Alice read her white card as the white 2 at once and misplayed the white 3
    game = position(["w3 b5 r5 g3 g2", "y4 r4 y3 b1 g4", "w2 y1 b1 r1 g4"], stacks="w1", current=BOB, clue_tokens=5)
    pretend_clued(game, RankClue(CATHY, 1), [slot(game, CATHY, n) for n in (2, 3, 4)])
    bots = bots_for(game, 3)
    white, w2, ones = slot(game, ALICE, 1), slot(game, CATHY, 1), [slot(game, CATHY, n) for n in (2, 3)]
    act(game, bots, clue(game, "Alice white"))
    assert reading(game, bots[ALICE], white) == {"w3"}  # she waits for Cathy's blind play
    act(game, bots, Play(ones[0]))  # the yellow 1: no blind play yet
    return game, bots, white, w2, ones[1]


def test_a_finesse_whose_holder_plays_another_card_first_is_waited_for_one_more_turn() -> None:
    game, bots, white, w2, _ = late_finesse_table()
    assert reading(game, bots[ALICE], white) == {"w3"}
    d = decide(game, bots)
    assert d.action != Play(white), d.explanation
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, Play(w2))  # the white 2, a turn late
    assert reading(game, bots[ALICE], white) == {"w3"}
    d = decide(game, bots)
    assert d.action == Play(white), d.explanation


def test_a_finesse_whose_holder_lets_two_turns_pass_falls_back_to_the_direct_reading() -> None:
    game, bots, white, _, blue1 = late_finesse_table()
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, Play(blue1))  # another clued 1, and still no white 2: no finesse
    assert reading(game, bots[ALICE], white) == {"w2"}


def test_a_finesse_whose_holder_clues_a_card_that_may_be_the_card_called_falls_back_at_once() -> None:
    # Deal s24x/239 t31-34 (level 2, 3 players): Cathy, called for her white 3, clued Alice's white 3 with 3
    # instead of blind-playing: she looks for the card elsewhere, so no turn more is waited (Alice, still
    # counting on Cathy's white 3, read her 3 as the yellow 3 and misplayed). Here Cathy clues Bob's blue 2
    game = position(["w3 b5 r5 g3 g2", "y4 r4 y3 b2 g4", "w2 y1 b1 r1 g4"], stacks="w1", current=BOB, clue_tokens=5)
    bots = bots_for(game, 3)
    white = slot(game, ALICE, 1)
    act(game, bots, clue(game, "Alice white"))
    assert reading(game, bots[ALICE], white) == {"w3"}
    act(game, bots, clue(game, "Bob 2"))  # a 2 that may be the white 2 Cathy was called for
    assert reading(game, bots[ALICE], white) == {"w2"}
