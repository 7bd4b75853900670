"""A finessed player who spends a turn on something more urgent keeps its own blind call for one more turn.

The Finesse (beginner's guide): the finessed player blind-plays the card the clue calls. A partner who sees the
called card held waits a turn before reading the finesse as not taken (`Notes.unfinessed`); the holder, who was
called for it, keeps the call too: its own turn spent on a Fix Clue refused nothing."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import CATHY, decide, replayed

# deal s24x/121, three players, level 3 (the level-3 stand-in as Alice, the bot as Bob and Cathy): turns 1-20.
# Bob's green (turn 17) on Alice's green 2 finesses Cathy's slot 1, the green 1; Cathy gives a Fix Clue first
# (turn 18), and at turn 20 Bob's yellow on her yellow 3 makes it playable too
MOVES = ("clue 1 rank 5, clue 2 colour 4, play 11, clue 1 colour 4, play 9, clue 1 rank 2, clue 2 rank 1, discard 7, "
         "play 15, clue 1 colour 0, play 8, clue 0 colour 0, play 3, clue 0 colour 1, discard 10, play 20, "
         "clue 0 colour 2, clue 1 colour 1, discard 0, clue 2 colour 1")


def test_cathy_blind_plays_her_green_1_after_a_fix_clue_turn_rather_than_her_yellow_3() -> None:
    game, bots = replayed("s24x/121", MOVES, level=3, players=3)
    assert game.current == CATHY
    green1 = game.hands[CATHY][0]
    assert game.variant.card_text(game.deck[green1]) == "g1"
    d = decide(game, bots)
    assert d.action == Play(green1), d.explanation
