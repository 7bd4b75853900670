"""A clue the bot must give (8 tokens, no play or save clue) is not one a person reads as a play clue on a card
that waits (issue 31). At levels 2-3 the only stall at 8 tokens is the 5 Stall (hanabi.github.io level 2,
"5 Stall"), so a clue touching a new card reads to a person as a play or save clue."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, RankClue
from tests.bots.positions import ALICE, BOB, decide, replayed

# deal h31/192 (level 3, 2 players), the first 4 turns as a run played them
MOVES = "clue 1 rank 1,play 5,discard 0,play 9"


def test_a_forced_clue_is_not_read_as_a_play_of_a_card_that_waits() -> None:
    # Turn 5, 8 tokens, nothing to play: Bob holds r2 r3 r2 b3 b3 (y1 and b1 played). Blue touches both b3s, on
    # his chop: to a person the b2, played (he struck so in the run). 3 touches them too, but no 3 can be
    # playable and no 2 sits on Alice's finesse position, so nobody reads it as a play.
    game, bots = replayed("h31/192", MOVES, level=3, players=2)
    assert game.current == ALICE and game.clue_tokens == 8
    action = decide(game, bots).action
    assert action != ColourClue(BOB, game.variant.colour_names.index("blue"))
    assert action == RankClue(BOB, 3)
