"""The bot as reader of a level 2 Finesse behind a card still to be played (hanabi.github.io/level-2, The Prompt +
Finesse: the finessed player plays the cards in order): the finessed player's turns at which the called card
cannot play yet do not show the finesse declined. Deal s24x/194, level 2, 3 players, the careful level-2
stand-in last: its moves replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, CATHY, decide, replayed, slot


def test_a_finesse_behind_a_card_its_holder_plays_first_is_not_declined_by_that_play() -> None:
    # t20: red played to 1; Bob clued red on Alice's red 4 (and red 5) through Cathy's clued 2s (the red 2 and
    # blue 2, both playable: she plays them anyway) and the red 3 on her finesse position. Cathy played her blue
    # 2 (t21) and her red 2 (t24): the red 3 could not play before. Alice took the finesse as declined and played
    # her red 4 as the red 3 (t25)
    game, bots = replayed("s24x/194", """clue 1 rank 1, clue 2 rank 2, discard 12, clue 1 colour 1, play 6,
        play 14, clue 1 colour 2, play 7, discard 15, clue 2 rank 1, play 16, play 17, discard 0, play 8, play 19,
        clue 1 colour 2, play 23, play 10, clue 2 colour 1, clue 0 colour 0, play 11, discard 1, discard 5,
        play 13""")
    assert game.current == ALICE and game.fireworks[0] == 2
    four = slot(game, ALICE, 2)
    assert game.variant.card_text(game.deck[four]) == "r4"
    assert game.variant.card_text(game.deck[slot(game, CATHY, 3)]) == "r3"  # her finesse position at t20
    d = decide(game, bots)
    assert d.action != Play(four), d.explanation
