"""The Fix Clue on a clued card that is trash before it is about to play (issue 31, level 3).

"In general, violations of Good Touch Principle should be fixed as soon as possible, regardless of whether the
misplay happens immediately or not" (hanabi.github.io/level-3, The Fix Clue). A clued card that is now a copy of a
card played, which its holder still reads as a card that plays once the cards already called play, gets a clue
that shows it is trash, instead of a discard, when that clue makes nobody misplay.
"""

from __future__ import annotations

from hanabi_desktop.engine import Discard, PlayerView
from tests.bots.positions import ALICE, BOB, act, decide, replayed, slot


def test_a_clued_copy_of_a_played_card_is_fixed_before_a_discard() -> None:
    # deal h31/20 (2 players, level 3): Alice's 1 on Bob's yellow 1, then Bob's 1 on hers, and she plays hers: Bob's
    # 1 is the other yellow 1, trash, and he reads it as one of the 1s still to play. At turn 9 Alice has nothing to
    # play or save and discarded her chop; Bob held his 1 for good (17 points). Yellow shows him it is the yellow 1
    # (22 points)
    game, bots = replayed("h31/20", "clue 1 rank 1, clue 0 rank 1, play 1, clue 0 colour 1, play 0, discard 5, "
                                     "clue 1 rank 2, discard 7", level=3, players=2)
    yellow_1 = slot(game, BOB, 4)
    assert game.deck[yellow_1].identity == 5 and game.fireworks[1] == 2  # the yellow 1, trash
    assert game.current == ALICE
    d = decide(game, bots)
    assert not isinstance(d.action, Discard)
    assert yellow_1 in game.hands[BOB] and d.action.target == BOB
    act(game, bots, d.action)
    view = PlayerView.of(game, BOB)
    b = bots[BOB].notes.board(view)
    mask = bots[BOB].notes.my_mask(view, yellow_1, b.trash)
    assert mask and not mask & ~b.trash  # Bob knows it is trash: his next discard
