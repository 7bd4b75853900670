"""Level 3, the Fix Clue on a clued copy of a card played: the last player to pass on it, when passing tells its
holder it is the card that plays now, fixes it even with a clue that also touches a new useless card; a strike
for sure costs more than a clue's good touch."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Play, RankClue
from tests.bots.positions import ALICE, DONALD, act, decide, replayed, slot

# deal final7/127, 4 players, level 3 self-play, up to turn 39
F127 = ("clue 1 rank 2, clue 0 colour 0, clue 3 rank 1, play 15, play 1, clue 3 colour 4, play 11, play 13, "
        "clue 3 colour 1, clue 2 rank 3, play 8, play 16, clue 2 colour 2, clue 2 colour 4, play 18, discard 12, "
        "discard 0, clue 0 rank 2, play 20, clue 0 colour 2, discard 3, discard 5, play 25, clue 1 rank 5, play 17, "
        "clue 0 colour 0, play 28, discard 19, play 26, clue 3 colour 2, discard 9, play 31, clue 2 rank 1, "
        "clue 0 colour 4, play 30, discard 21, play 29, play 4, clue 0 colour 0")
BLUE = 3


def test_the_last_to_pass_fixes_the_copy() -> None:
    # Turn 40, Donald, one clue token. Alice's slot 4 is the blue 2 Bob 2 Saved on turn 18 (the yellow or the blue
    # 2 to her); Bob has just played his own 2, the other blue 2. Cathy passed on it; Donald is the last third
    # player to: once his turn passes without a fix, Alice reads her 2 as the yellow 2, which plays. His 3 on her
    # blue 3 was given, and she played the blue 2 (a strike), then Bob his red 2 as the yellow 2 (a second). No
    # clue fixes it cleanly: 2 again is a Tempo Clue to her, blue also touches her blue 1. Blue it is: the 2 is
    # shown to be the blue 2, and she discards it.
    game, bots = replayed("final7/127", F127, level=3, players=4)
    assert game.current == DONALD and game.clue_tokens == 1
    d = decide(game, bots)
    assert d.action == ColourClue(ALICE, BLUE), d
    assert "fix clue" in d.explanation
    act(game, bots, d.action)
    assert decide(game, bots).action != Play(slot(game, ALICE, 4))


def test_passing_on_it_sends_alice_into_the_misplay() -> None:
    # why: after the 3 (Donald's turn passing on the fix), Alice plays her blue 2 as the yellow 2
    game, bots = replayed("final7/127", F127, level=3, players=4)
    act(game, bots, RankClue(ALICE, 3))
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 4)) and "yellow 2" in d.explanation, d
