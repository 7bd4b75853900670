"""Level 2, finesse and delayed play clue: a missing card the clue itself touches in the receiver's hand plays
first, and the focus after it ("all of the in-between cards ... present and accounted for", level 1, Delayed Play
Clue). The receiver cannot see that card, so the clue reads so only where everyone can tell the touched card is
the missing one; then the receiver reads it as its giver does.

Deal h31/182 (level 3, 5 players): at t15 Emily clues yellow to Cathy, touching her new yellow 3 (slot 2) and her 2
Save (slot 4), now known as the yellow 2; the yellow 1 is on Donald's finesse position. Emily meant the yellow 3
(Donald's yellow 1, then Cathy's own yellow 2). Cathy, whose reading missed her own yellow 2, took the focus for
the yellow 1 and misplayed it at t18 (branch bread10); she waits for Donald's blind play instead."""

from __future__ import annotations

from hanabi_desktop.engine import Play, get_variant
from tests.bots.positions import decide, reading, replayed

MOVES = ("clue 1 colour 0, clue 2 rank 2, clue 3 rank 1, play 14, clue 3 rank 2, clue 1 rank 5, play 6, "
         "clue 1 colour 3, play 20, clue 0 colour 2, play 3, play 4, clue 0 colour 3, discard 12, clue 2 colour 1, "
         "discard 2, discard 21")
CATHY = 2
CATHY_YELLOW_3 = 10  # slot 2, the focus


def test_the_receiver_reads_the_touched_yellow_2_as_a_link_and_waits() -> None:
    game, bots = replayed("h31/182", MOVES, level=3, players=5)
    classic = get_variant("classic")
    assert game.current == CATHY
    assert game.deck[CATHY_YELLOW_3] == classic.parse_card("y3")
    assert game.deck[game.hands[3][0]] == classic.parse_card("y1")
    assert "y1" not in reading(game, bots[CATHY], CATHY_YELLOW_3)
    assert decide(game, bots).action != Play(CATHY_YELLOW_3)
