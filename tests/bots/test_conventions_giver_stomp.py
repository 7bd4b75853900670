"""No stall that re-touches a card I wait to see blind-played (issue 31, the bot as giver).

When a clue on my card may connect through a partner's finesse position, the blind play is what tells me which
card mine is (level 2, The Reverse Finesse: "If a blind-play does happen, then it means that the clued card is the
next card in the chain"); cluing that card myself is "Stomping on a Finesse" (level 2), and its play then tells me
nothing.
"""

from __future__ import annotations

from hanabi_desktop.engine import RankClue
from tests.bots.positions import BOB, CATHY, decide, replayed, slot

T40_140 = ("clue 2 rank 1, clue 0 rank 1, play 11, play 0, clue 2 colour 2, play 13, play 1, clue 2 rank 5, play 10, "
           "clue 1 colour 4")


def test_no_clue_on_the_card_my_clued_card_may_connect_through() -> None:
    # deal t40/140, turn 11 (level 3, 3 players, the careful stand-in as Alice): no white played. Alice's white on
    # Bob's white 1 (slot 5) reads to him as the white 1, or the white 2 through Cathy's white 1 on her finesse
    # position (slot 1). His moved-chop stall clued 1 on it (a card he counted as called), she played it, and he
    # played his white card as the white 2
    game, bots = replayed("t40/140", T40_140, level=3)
    assert game.current == BOB and game.fireworks[4] == 0
    assert game.variant.card_text(game.deck[slot(game, BOB, 5)]) == "w1"
    assert game.variant.card_text(game.deck[slot(game, CATHY, 1)]) == "w1"
    assert decide(game, bots).action != RankClue(CATHY, 1)
