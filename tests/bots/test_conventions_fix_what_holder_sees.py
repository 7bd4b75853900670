"""A Fix Clue for a card its holder reads as playable by what they see (issue 31, the bot as giver, level 3).

A clued card whose holder can tell it apart from the other cards the clues allow only by the copies they see in
the other hands (hanabi.github.io/beginner/clue-interpretation: "record all of the possibilities as a card note",
less the cards they can see) is one they play when what is left plays. The Fix Clue (hanabi.github.io/level-3):
"violations of Good Touch Principle should be fixed as soon as possible". The fix given is one that leaves the
card read as no playable card.
"""

from __future__ import annotations

from hanabi_desktop.engine import RankClue
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot

S24X_220 = ("clue 2 rank 1, clue 0 colour 2, play 11, play 2, discard 5, play 12, clue 1 rank 2, discard 7, "
            "clue 1 colour 2, clue 1 rank 5, play 19, discard 10, clue 2 colour 4, discard 17, play 21, "
            "clue 1 rank 5, discard 22, clue 1 colour 1, discard 0, play 24, clue 0 rank 1, play 1, play 6, "
            "clue 1 colour 2, discard 3, play 9, discard 13, clue 2 rank 2, clue 0 rank 3, play 31, play 16, "
            "discard 28, clue 1 colour 3, clue 1 rank 5, play 34, discard 14, play 29, clue 0 colour 0")


def test_fix_the_card_its_holder_reads_as_playable_by_the_copies_they_see() -> None:
    # deal s24x/220, turn 39 (level 3, 3 players, the careful level-3 stand-in as Alice): red 2 played. Bob's red
    # Critical Save on Alice's chop red 4 also touched her red 1 (slot 2), trash. By the clues it is the red 3 or
    # the red 5, but Alice sees Bob's red 5: she read it as the red 3 and played it at once (turn 40). Cathy, who
    # sees all that, fixes it first, with the clue that shows it is a 1 (every 1 is played)
    game, bots = replayed("s24x/220", S24X_220, level=3)
    assert game.current == CATHY and game.fireworks[0] == 2
    assert game.variant.card_text(game.deck[slot(game, ALICE, 2)]) == "r1"
    assert "r5" in [game.variant.card_text(game.deck[o]) for o in game.hands[BOB]]
    assert decide(game, bots).action == RankClue(ALICE, 1)
