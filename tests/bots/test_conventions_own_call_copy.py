"""A card blind-played into a call I gave myself may be a copy of my own clued card: I could not see my card
when I gave the call, so the call promised nothing about it (the Good Touch Principle, question 3: "it is
possible that Alice's clued 2 is a yellow 2", hanabi.github.io/docs/beginner/good-touch-principle)."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, BOB, decide, reading, replayed, slot

# deal t40/51, two players, level 3 (the level-3 stand-in as Alice, the bot as Bob): Alice clues Bob's 1s (his red
# 1 and white 1), Bob clues 2 on Alice's white 2, a self-finesse on her white 1, which she blind-plays
MOVES = "clue 1 rank 1, clue 0 rank 2, play 3"


def test_bob_does_not_play_a_1_that_may_be_the_white_1_played() -> None:
    game, bots = replayed("t40/51", MOVES, level=3, players=2)
    assert game.current == BOB
    white1 = slot(game, BOB, 5)
    assert game.variant.card_text(game.deck[white1]) == "w1"
    assert "w1" in reading(game, bots[BOB], white1)
    d = decide(game, bots)
    assert d.action != Play(white1), d.explanation


# deal t40/171, two players, level 3: Alice clues Bob's 1s (his white 1 and blue 1), Bob clues 2 on Alice's yellow
# 2, a self-finesse on her yellow 1, which she blind-plays; Bob clues her red 1 and she gives a 2 Save on his chop
MOVES_171 = "clue 1 rank 1, clue 0 rank 2, play 4, clue 0 rank 1, clue 1 rank 2"


def test_bob_plays_his_1_once_alice_has_not_fixed_it() -> None:
    """Alice sees Bob's 1s: had one been the other yellow 1, she would have fixed it at her turn ("violations of
    Good Touch Principle should be fixed as soon as possible", hanabi.github.io/docs/level-3, the Fix Clue)."""
    game, bots = replayed("t40/171", MOVES_171, level=3, players=2)
    assert game.current == BOB
    d = decide(game, bots)
    assert d.action in {Play(slot(game, BOB, 2)), Play(slot(game, BOB, 3))}, d.explanation


# deal t40/511, two players, level 3 (the bot as Alice, the level-3 stand-in as Bob): turns 1-62. Alice's red clue at
# turn 38 touched her red 1 and her red 2; Bob's red 2 (clued 2 at turn 59) plays at turn 60, his red 3 at turn 62
MOVES_511 = (
    "clue 1 rank 1, play 8, clue 1 rank 1, play 10, discard 0, clue 0 colour 2, play 2, clue 0 rank 5, "
    "discard 3, discard 5, clue 1 colour 1, play 15, discard 4, clue 0 rank 2, play 17, discard 6, "
    "clue 1 colour 1, play 19, clue 1 colour 3, play 20, discard 12, discard 7, clue 1 rank 3, play 11, "
    "clue 1 colour 4, play 24, discard 13, clue 0 colour 2, clue 1 colour 1, play 9, play 14, discard 21, "
    "discard 18, discard 23, discard 22, clue 0 colour 3, discard 1, clue 0 colour 0, play 33, "
    "clue 0 rank 5, play 34, discard 25, clue 1 colour 3, discard 27, clue 1 colour 3, discard 29, "
    "clue 1 colour 3, discard 31, clue 1 colour 3, play 39, discard 30, play 16, clue 1 colour 2, play 42, "
    "clue 1 colour 1, discard 43, clue 1 colour 3, discard 44, clue 1 rank 2, play 45, clue 1 rank 3, "
    "play 46")


def test_alice_keeps_her_red_card_bob_left_unfixed_while_it_would_not_misplay() -> None:
    """Bob played his red 3 rather than fix Alice's red card, which she read as the red 2, 4 or 5 and would not
    play then: that turn does not show her card is not the red 2 (the copy of his played red 2)."""
    game, bots = replayed("t40/511", MOVES_511, level=3, players=2)
    assert game.current == ALICE
    red2 = slot(game, ALICE, 3)
    assert game.variant.card_text(game.deck[red2]) == "r2"
    assert "r2" in reading(game, bots[ALICE], red2)
    d = decide(game, bots)
    assert d.action != Play(red2), d.explanation
