"""A finesse whose clue waits first for my own clued card keeps me blind-playing (the Finesse and the
Prompt + Finesse, level 2): the giver sees my clued card and gives no clue its receiver would misplay on, and my
card played first refuses no blind call (the called card could not play before it)."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import BOB, decide, replayed

# deal t40/204, three players, level 3 (the level-3 stand-in as Alice, the bot as Bob and Cathy): turns 1-40.
# Cathy's blue (turn 36) on Alice's blue 5 goes through Bob's clued 3 (a red or blue 3 to him, the blue 3 to
# everyone else) and the blue 4 on his finesse position. He plays his 3 at turn 38; at turn 40 Alice's white clue
# on his new white 4 gives him a second play
MOVES = ("clue 1 rank 2, clue 2 rank 5, clue 0 colour 3, clue 1 rank 5, clue 2 colour 1, play 13, play 3, clue 0 "
         "rank 2, discard 11, play 16, clue 2 rank 1, play 17, discard 0, clue 2 rank 4, clue 0 colour 0, play 20, "
         "discard 9, clue 0 colour 1, discard 4, play 8, clue 0 colour 2, play 18, play 6, play 14, clue 1 colour "
         "4, play 5, discard 15, play 2, play 26, play 12, play 21, discard 22, clue 1 rank 3, play 1, play 24, "
         "clue 0 colour 3, discard 23, play 31, play 10, clue 1 colour 4")


def test_bob_blind_plays_his_blue_4_after_his_blue_3() -> None:
    game, bots = replayed("t40/204", MOVES, level=3, players=3)
    assert game.current == BOB
    blue4 = game.hands[BOB][1]
    assert game.variant.card_text(game.deck[blue4]) == "b4"
    d = decide(game, bots)
    assert d.action == Play(blue4), d.explanation
