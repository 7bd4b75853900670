"""The bot as giver of Good Touch (hanabi.github.io/beginner/good-touch-principle: a Bad Touch is a clue on a card
"already clued in someone else's hand"): a card the giver itself holds clued, and reads exactly, is such a card
though the giver cannot see it. Deal s24x/102, level 3, 3 players, the careful level-3 stand-in first: its moves
replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.engine import RankClue
from tests.bots.positions import BOB, CATHY, decide, reading, replayed, slot


def test_no_clue_on_a_copy_of_the_card_the_giver_holds_clued() -> None:
    # t8: Bob clued 3 on Cathy's green 3 through Alice's clued green 1 (a Prompt) and the green 2 on her finesse
    # position; Cathy reads hers as the green 3. At t9 she clued 3 on Bob's green 3 (and yellow 3) as a play
    # clue; Bob, who sees her green 3 clued, read his as another 3 and blind-played for it (t11, strike)
    game, bots = replayed("s24x/102", """clue 1 colour 3, play 9, clue 0 rank 1, play 0, clue 0 colour 2,
        clue 0 rank 2, play 3, clue 2 rank 3""", level=3)
    assert game.current == CATHY
    assert reading(game, bots[CATHY], slot(game, CATHY, 1)) == {"g3"}
    assert game.variant.card_text(game.deck[slot(game, BOB, 2)]) == "g3"
    d = decide(game, bots)
    assert not (isinstance(d.action, RankClue) and d.action.target == BOB and d.action.rank == 3), d.explanation
