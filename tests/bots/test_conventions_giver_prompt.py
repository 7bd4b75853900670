"""A play clue whose Prompt a person takes on the wrong clued card is not given (issue 31, the bot as giver).

The Prompt (hanabi.github.io/level-1, "The Prompt"): "If a player is Prompted and there are multiple cards in their
hand that the Prompt could apply to, they should play the leftmost." A play clue on a card that waits asks for the
cards before it; what a clued card may be, to its holder, is what the clues on it say, whatever the giver reads as
known by a clue's focus. A Delayed Play Clue or a fix that I read with no Prompt or Finesse in it is not given when
such a Prompt lands on a card that does not play.
"""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot

T40_394 = ("clue 1 rank 1, play 6, clue 1 rank 2, clue 2 colour 3, clue 2 colour 2, play 10, clue 1 colour 3, "
           "clue 2 rank 5, play 11, clue 2 colour 1, play 9, play 17, clue 2 colour 4, discard 7, play 19, "
           "clue 1 rank 1, play 20, discard 12, clue 1 rank 3, play 5, discard 16, clue 1 colour 3, play 15, "
           "discard 21, discard 0, play 24, clue 0 rank 5, play 4, discard 18, discard 23, discard 1, "
           "clue 0 colour 1, discard 25, play 33, play 22, clue 0 colour 2, discard 3, discard 26, play 13, "
           "discard 30, play 8")


def test_no_delayed_play_clue_whose_prompt_lands_on_trash() -> None:
    # deal t40/394, turn 42 (level 3, 3 players, the careful stand-in as Alice): green 3 played, Alice's clued
    # green cards are a green 1 (slot 3, trash) and the green 4 (slot 5). 5 on Bob's new green 5 (slot 1) is a
    # play clue that waits for the green 4: Alice took the Prompt on her leftmost green, the green 1
    game, bots = replayed("t40/394", T40_394, level=3)
    assert game.current == CATHY and game.fireworks[2] == 3
    assert [game.variant.card_text(game.deck[slot(game, ALICE, n)]) for n in (3, 5)] == ["g1", "g4"]
    assert game.variant.card_text(game.deck[slot(game, BOB, 1)]) == "g5"
    assert decide(game, bots).action != RankClue(BOB, 5)


T40_107 = ("clue 1 colour 1, play 6, clue 0 rank 5, clue 1 colour 1, play 15, clue 0 colour 1, play 2, "
           "clue 2 colour 4, play 10, discard 1, clue 0 colour 0, discard 11, play 19, discard 5, discard 12, "
           "discard 3, clue 0 rank 2, clue 0 colour 2, play 4, clue 0 rank 5, discard 13, discard 25, discard 7, "
           "discard 18, clue 1 rank 5, discard 8, clue 1 rank 5, discard 27, clue 0 rank 5, discard 20, "
           "clue 1 rank 2, discard 16, clue 1 rank 5, clue 1 colour 4, play 33, play 14, clue 1 colour 4, play 34, "
           "clue 0 colour 4, play 24, clue 2 rank 4, play 35, play 0, discard 28, discard 23, clue 1 rank 1, play 36")


def test_no_fix_whose_new_card_reads_as_a_play_prompting_a_wrong_card() -> None:
    # deal t40/107, turn 48 (level 3, 3 players, the careful stand-in as Alice): no green played. Bob's clued 2
    # (slot 5) is the green 2 Alice holds clued too; green on it would fix it, but also touches his new green 3
    # (slot 1), which a person reads as a play clue waiting for the green 1 and 2: Alice took the Prompt for the
    # green 1 on her leftmost clued green card, the green 4, and struck
    game, bots = replayed("t40/107", T40_107, level=3)
    assert game.current == CATHY and game.fireworks[2] == 0
    assert [game.variant.card_text(game.deck[slot(game, BOB, n)]) for n in (1, 5)] == ["g3", "g2"]
    assert game.variant.card_text(game.deck[slot(game, ALICE, 4)]) == "g4"
    assert decide(game, bots).action != ColourClue(BOB, 2)
