"""Level 3, the Fix Clue on a clued card that may be the copy of a card played (issue 31).

Good Touch Principle, question 3: a clue given by the holder of another clued card, who cannot see it, promises
nothing about that card ("it is possible that Alice's clued 2 is a yellow 2"), so once the clued card plays the
other one may be its copy, now trash (`policy.promised_apart`). The level 3 page: "violations of Good Touch
Principle should be fixed as soon as possible, regardless of whether the misplay happens immediately or not",
and "we assume by default that all of our cards are good unless it is explicitly demonstrated otherwise". A
player who sees such a card is the copy fixes it; once every player who saw both cards had a turn with a clue
token and gave no clue on it, the card is read as not the copy. The shape of deal h31/57 (3 players, level 3):
Alice's 2 Save on Bob's chop, then Bob's green clue on Cathy's green 2, which she plays.
"""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Discard, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, reading, slot


def saved_2_then_green_2_played(bobs_2: str, bobs_slot_1: str = "x"):
    """Alice 2 Saves Bob's chop (`bobs_2`; his slot 1 is `bobs_slot_1`); Bob, who cannot see it, clues green on
    Cathy's green 2; she plays it. Returns the game, the bots and Bob's 2."""
    game = position(["x x x x x", f"{bobs_slot_1} x x x {bobs_2}", "g2 x x x x"], stacks="r1 y1 g1 b1 w1", current=ALICE,
                    clue_tokens=6, avoid="g2")
    bots = bots_for(game, 3)
    two = slot(game, BOB, 5)
    act(game, bots, clue(game, "Bob 2"))
    act(game, bots, clue(game, "Cathy green"))
    act(game, bots, Play(slot(game, CATHY, 1)))
    assert game.fireworks[2] == 2 and game.strikes == 0
    return game, bots, two


def test_a_clued_2_nobody_fixed_is_not_the_copy_of_the_green_2_its_holder_clued() -> None:
    # Bob's 2 is the yellow 2. His green clue promised nothing about it: it may be the other green 2, now trash,
    # and he does not play it yet. Alice, who sees both, has a turn with clue tokens and fixes nothing: his 2 is
    # good (any 2 but the green one, all playable), and he plays it
    game, bots, two = saved_2_then_green_2_played("y2")
    assert "g2" in reading(game, bots[BOB], two)
    alice = PlayerView.of(game, ALICE)
    assert bots[ALICE].notes.holder_reads(alice, two, alice.trash_mask()) & ~alice.playable_mask()
    act(game, bots, Discard(slot(game, ALICE, 5)))
    assert "g2" not in reading(game, bots[BOB], two)
    d = decide(game, bots)
    assert d.action == Play(two), d.explanation


def test_a_partner_who_sees_the_clued_2_is_the_copy_fixes_it_and_its_holder_discards_it() -> None:
    # Bob's 2 is the other green 2. Alice sees it is trash while Bob cannot tell it from a playable 2: she gives
    # the Fix Clue, green (it touches no other card), and Bob knows it is the green 2, trash
    game, bots, two = saved_2_then_green_2_played("g2")
    d = decide(game, bots)
    assert d.action == ColourClue(BOB, 2), d.explanation
    act(game, bots, d.action)
    assert reading(game, bots[BOB], two) == {"g2"}
    d = decide(game, bots)
    assert d.action != Play(two), d.explanation


def test_with_no_clean_fix_the_clue_on_the_copy_again_stops_it() -> None:
    # The shape of deals h31/10 and h31/38 (3 players, level 3): Bob's 2 is the other green 2, and every 2 it
    # may be but the green one is playable. Green would also touch his green 1, trash that good touch would
    # have him keep as a good green card, to play later (deal h31/38: blue on a blue 3 and a blue 1, played
    # as "blue 4"). The Fix Clue That Gives No Additional Information (level 3): the 2 on it again, touching
    # nothing else, stops the card he reads as playable, and he does not play it.
    game, bots, two = saved_2_then_green_2_played("g2", bobs_slot_1="g1")
    d = decide(game, bots)
    assert d.action == RankClue(BOB, 2), d.explanation
    act(game, bots, d.action)
    d = decide(game, bots)
    assert d.action != Play(two), d.explanation


def test_a_1_played_later_does_not_make_a_clued_2_wait_for_another_pass() -> None:
    # Bob's 2 (the yellow 2) may be the copy of the green 2 his green clue got Cathy to play; Alice, who sees
    # both, is the one to fix it. Cathy's yellow 1, also from Bob's clue, plays before Alice has a turn with a
    # clue token: no 2 is the copy of a 1, so it does not replace the green 2 as the copy Alice's pass is
    # waited for (before, it did, and Bob's 2 stayed "maybe the green 2" after Alice passed).
    game = position(["x x x x x", "x x x x y2", "g2 y1 x x x"], stacks="r1 g1 b1 w1", current=ALICE,
                    clue_tokens=2, avoid="gy12")
    bots = bots_for(game, 3)
    two, g2, y1 = slot(game, BOB, 5), slot(game, CATHY, 1), slot(game, CATHY, 2)
    act(game, bots, clue(game, "Bob 2"))  # Alice
    act(game, bots, clue(game, "Cathy green"))  # Bob, who cannot see his own 2
    act(game, bots, Play(g2))
    act(game, bots, Discard(slot(game, ALICE, 5)))  # no clue token: no pass
    act(game, bots, clue(game, "Cathy yellow"))  # Bob
    act(game, bots, Play(y1))
    assert game.fireworks[1] == 1 and game.fireworks[2] == 2 and game.strikes == 0
    assert "g2" in reading(game, bots[BOB], two)
    for seat in (ALICE, BOB, CATHY):  # Alice has no clue token yet
        act(game, bots, Discard(slot(game, seat, 4)))
    assert game.clue_tokens == 3 and "g2" in reading(game, bots[BOB], two)
    act(game, bots, Discard(slot(game, ALICE, 5)))  # a turn with clue tokens and no Fix Clue
    assert "g2" not in reading(game, bots[BOB], two)
