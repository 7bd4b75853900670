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

from hanabi_desktop.engine import ColourClue, Discard, Play, PlayerView
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, reading, slot


def saved_2_then_green_2_played(bobs_2: str):
    """Alice 2 Saves Bob's chop (`bobs_2`); Bob, who cannot see it, clues green on Cathy's green 2; she plays
    it. Returns the game, the bots and Bob's 2."""
    game = position(["x x x x x", f"x x x x {bobs_2}", "g2 x x x x"], stacks="r1 y1 g1 b1 w1", current=ALICE,
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
