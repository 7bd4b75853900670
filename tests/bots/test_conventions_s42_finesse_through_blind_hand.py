"""A giver counts on a blind play only where its blind player will make it (issue 31, level 3).

A finessed player blind-plays only when the clue's receiver cannot read the focus as a card it would play
without the blind play (`reading.read_clue`, the `stray` readings; the Finesse page: the receiver waits for the
blind play only if the clue needs it). When the receiver's other reading is a delayed play clue through a clued
card of the blind player's own hand, the blind player cannot see that card, takes the other reading as the
receiver's, and does not blind-play. The giver sees that card and must read the clue as the blind player does.
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import PlayerView, parse_action
from tests.bots.positions import ALICE, BOB, CATHY, DONALD, act, decide, replayed, slot

# deal h31/222 (5 players, level 3): at turn 14 Donald sees Bob's chop yellow 4 (yellow 2 clued on Emily, yellow 3
# on Cathy's finesse position), Alice's clued white 2 and Cathy's clued white 3
MOVES = ("clue 4 rank 1, clue 2 colour 0, play 10, clue 2 rank 5, play 16, clue 4 rank 5, discard 4, discard 8, "
         "clue 0 colour 4, play 18, clue 2 colour 4, clue 4 colour 1, play 23")
FOUR = "clue 1 rank 4"  # 4 on Bob's chop yellow 4: to Bob also the white 4 after the white 2 and 3


def test_the_position() -> None:
    game, _ = replayed("h31/222", MOVES, level=3, players=5)
    card = game.variant.parse_card
    assert game.current == DONALD
    assert game.deck[slot(game, BOB, 4)] == card("y4")
    assert game.deck[slot(game, CATHY, 1)] == card("y3")
    assert game.deck[slot(game, CATHY, 3)] == card("w3")
    assert game.deck[slot(game, ALICE, 2)] == card("w2")


def test_cathy_does_not_blind_play_for_a_4_bob_may_read_through_her_white_3() -> None:
    game, bots = replayed("h31/222", MOVES, level=3, players=5)
    act(game, bots, parse_action(FOUR))
    assert slot(game, CATHY, 1) not in bots[CATHY].notes.finessed


def test_donald_does_not_give_it_as_a_finesse() -> None:
    # before: "finesse: Player 3 should blind-play slot 1 (yellow 3) so Player 2's yellow 4 plays"; Cathy did not,
    # and Bob played the yellow 4 as the white 4 after Cathy's white 3
    game, bots = replayed("h31/222", MOVES, level=3, players=5)
    d = decide(game, bots)
    assert d.action != parse_action(FOUR), d.explanation


def test_the_preview_does_not_promise_the_blind_play() -> None:
    # it used to say "Player 3 will blind-play slot 1 (finesse) so that Player 2's yellow 4 plays"
    game, bots = replayed("h31/222", MOVES, level=3, players=5)
    preview = preview_clue(PlayerView.of(game, DONALD), bots[DONALD].notes, parse_action(FOUR))
    assert "blind-play" not in preview.line, str(preview)
