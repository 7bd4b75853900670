"""The giver's Fix Clues (level 3) as a partner who reads no card of theirs as playable takes them (issue 31).

A Fix Clue is one to a player who reads a clued card as playable that is not (level 3). To a player who does not
read it so, a clue that also touches a new card off the chop is a play clue on that card; a 5 on an off-chop 5
outside the Early Game "will typically look like a Play Clue on that 5" (level 2, the 5 Stall).
"""

from __future__ import annotations

import pytest

from hanabi_desktop.bots.conventions.evaluation import clue_effect, fix_reads_as_play
from hanabi_desktop.bots.conventions.reading import read_clue
from hanabi_desktop.engine import ColourClue, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, bots_for, decide, position, slot
from tests.bots.test_conventions import pretend_clued


def yellow_5_read_as_yellow_3():
    # Deal s24x/89, turn 42 (level 3, 2 players, the all-habits level-3 stand-in as Alice): red 5, yellow 2,
    # green 3, blue 2 and white 1 played, both yellow 4s gone, 2 strikes, 5 clue tokens. Alice's yellow card
    # (slot 4, a yellow clue that also touched a yellow 4 since gone) is the yellow 5, dead now: by good touch
    # the clues read it as the yellow 3, but Alice does not. Her slot 2 is the green 5, no green 4 in sight
    game = position(["r1 g5 g3 y5 b4", "r4 r1 y1 b5 w5"], stacks="r5 y2 g3 b2 w1",
                    discarded="y3 w2 w4 r3 y1 y4 r2 w3 b2 y4 b4 b1 g1", current=BOB, clue_tokens=5, strikes=2)
    pretend_clued(game, ColourClue(ALICE, 1), [slot(game, ALICE, 4)])  # yellow
    pretend_clued(game, ColourClue(ALICE, 3), [slot(game, ALICE, 5)])  # blue
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 4), slot(game, BOB, 5)])
    pretend_clued(game, ColourClue(BOB, 4), [slot(game, BOB, 5)])  # white
    return game, bots_for(game, 3)


@pytest.mark.parametrize("alice_reads_it_playable", [False, True])
def test_a_fix_clue_that_touches_a_new_5_is_a_play_clue_to_a_player_who_reads_nothing_as_playable(
        alice_reads_it_playable) -> None:
    # Bob gave 5 to Alice: to him a Fix Clue (her yellow card is a 5, not the yellow 3), and the green 5 kept. To
    # Alice, who read no card as playable, a 5 on a new 5 off her chop in the Mid-Game: a play clue on the green
    # 5, with no green 4 anywhere a Self-Finesse; she blind-played slot 1 (a red 1), the third strike. Where she
    # does read her yellow card as the yellow 3, the clue is the fix it is to Bob
    game, bots = yellow_5_read_as_yellow_3()
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    if alice_reads_it_playable:
        notes.private[slot(game, ALICE, 4)] = 1 << game.variant.parse_card("y3").identity
    five = RankClue(ALICE, 5)
    b = notes.board(view)
    hit, knowledge, before = clue_effect(view, notes, five)
    assert read_clue(view, notes, BOB, five, knowledge, hit, before).understood  # a fix, as Bob reads it
    assert fix_reads_as_play(view, notes, five, b, read_clue(view, notes, BOB, five, knowledge, hit, before)) \
        == (not alice_reads_it_playable)
    if not alice_reads_it_playable:
        d = decide(game, bots)
        assert d.action != five, d.explanation
