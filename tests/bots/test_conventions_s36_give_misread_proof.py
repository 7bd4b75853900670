"""Of two clues about as good, the bot gives the one a misread of its focus cannot turn into a strike (issue 31:
partners with human habits; the misread habit takes another newly touched card for the focus)."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, RankClue
from tests.bots.positions import ALICE, BOB, decide, replayed

# deal h31/161 (level 3, 2 players), the first 16 turns as a run played them
MOVES = ("clue 1 rank 1,play 6,clue 1 rank 2,clue 0 rank 1,play 3,clue 0 rank 1,clue 1 rank 2,play 10,play 11,"
         "clue 0 colour 4,play 4,clue 0 colour 2,clue 1 rank 4,play 7,play 14,discard 8")


def test_a_save_that_a_misread_cannot_make_strike_is_the_one_given() -> None:
    # Turn 17, one clue token: Bob's chop is a y3 (his hand w1 y4 b3 y3 y3, y1 played). Yellow saves it and touches
    # his y4 as well, which to him may be the y2 (playable): taken for the focus, it strikes (he did so in the run,
    # with the misread habit). 3 saves it too, and the b3 it also touches cannot be playable (b1 played).
    game, bots = replayed("h31/161", MOVES, level=3, players=2)
    assert game.current == ALICE and game.clue_tokens == 1
    action = decide(game, bots).action
    assert action == RankClue(BOB, 3)
    assert action != ColourClue(BOB, game.variant.colour_names.index("yellow"))
