"""A 5 clue that tells nothing, from a player whose every card is clued, is a stall (issue 31, level 2-3).

The 5 Stall (level 2) is the stall of a player who may not discard, and such a player may give it "in the
Mid-Game"; a player whose hand is locked (every card clued) may not discard either. Re-touching a card already
known a 5 with a 5 clue tells nothing: from such a player it is the same stall, not a Tempo Clue asking for a play.
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, decide, reading, replayed, slot

# deal s24x/86 (2 players, level 3) to turn 34: Bob's 5 Stall on Alice's green 5 at turn 32 (his hand locked),
# then the same 5 clue again at turn 34
MOVES = """clue 1 colour 0, play 8, clue 1 rank 2, clue 0 colour 1, play 0, clue 0 colour 4, play 1, discard 6,
           clue 1 colour 3, play 13, discard 2, play 10, discard 3, clue 0 colour 2, clue 1 colour 4, play 5,
           clue 1 colour 1, play 7, clue 1 rank 3, play 19, play 17, discard 9, clue 1 colour 1, play 22, discard 4,
           discard 14, clue 1 colour 2, discard 20, clue 1 colour 3, discard 26, clue 1 rank 3, clue 0 rank 5,
           discard 11, clue 0 rank 5"""


def test_a_locked_players_repeated_5_clue_is_no_play_clue() -> None:
    # before: Alice read the re-touch as a Tempo Clue, her 5 as the blue 5 through Bob's clued blue 4, and once he
    # played the blue 4 she played the 5 (the green 5) and struck
    game, bots = replayed("s24x/86", MOVES, level=3, players=2)
    five = slot(game, ALICE, 2)
    assert game.deck[five].rank == 5
    assert reading(game, bots[ALICE], five) == {"r5", "y5", "g5", "b5", "w5"}
    d = decide(game, bots)
    assert d.action != Play(five), d.explanation
