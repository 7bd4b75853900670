"""The careful level-3 stand-in gives no Fix Clue for a partner's clued card whose suit died after it was clued: Good
Touch promises a card useful when it is clued (the beginner's guide, Good Touch Principle: "we only touch cards that
will eventually be played"), so its holder keeps the dead card among what it may be and does not play it as another.
Such a "fix" (level 3, The Fix Clue) touched a new trash card that the partner, by Good Touch, read as a play; with the
deck empty it still gives one: the partner's last turns may be a guess."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, ColourClue, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import G, R, replay

# deal t40/471, the level-3 stand-in first and the level-3 bot second, to turn 41
T40_471 = ('clue 1 rank 4', 'clue 0 rank 1', 'play 0', 'clue 0 rank 2', 'play 2', 'clue 0 rank 5', 'play 4', 'discard 7', 'discard 3', 'clue 0 colour 0', 'play 14', 'discard 8', 'discard 11', 'clue 0 colour 2', 'play 17', 'discard 9', 'play 1', 'discard 13', 'clue 1 rank 2', 'play 21', 'discard 15', 'clue 0 rank 3', 'play 20', 'clue 0 colour 1', 'play 18', 'clue 0 colour 3', 'play 25', 'clue 0 rank 2', 'play 12', 'clue 0 colour 4', 'play 26', 'discard 16', 'clue 1 colour 0', 'play 29', 'play 27', 'play 5', 'clue 1 rank 5', 'discard 22', 'clue 1 rank 4', 'discard 32')
# deal t40/529, the same seats, to turn 53
T40_529 = ('clue 1 rank 1', 'play 5', 'clue 1 rank 2', 'play 7', 'discard 0', 'clue 0 colour 1', 'play 12', 'clue 0 rank 5', 'discard 2', 'clue 0 rank 2', 'discard 4', 'discard 8', 'clue 1 rank 5', 'discard 10', 'clue 1 rank 2', 'discard 17', 'clue 1 colour 1', 'play 18', 'discard 13', 'clue 0 rank 3', 'play 20', 'clue 0 rank 5', 'clue 1 colour 1', 'play 19', 'discard 21', 'discard 22', 'discard 23', 'clue 0 rank 5', 'play 14', 'discard 24', 'clue 1 colour 3', 'play 6', 'discard 25', 'clue 0 colour 0', 'play 29', 'discard 27', 'play 3', 'clue 0 rank 4', 'clue 1 colour 4', 'play 31', 'clue 1 colour 3', 'play 11', 'discard 26', 'play 33', 'discard 30', 'clue 0 colour 2', 'play 37', 'clue 0 rank 5', 'play 15', 'clue 0 rank 4', 'play 32', 'clue 0 colour 4')


def test_no_fix_for_a_saved_four_whose_suit_died_after_the_save() -> None:
    # Deal t40/471, turn 41, 3 clues: I saved Bob's green 4 with 4 on turn 39 (Critical Save: the other green 4 was
    # discarded); he then discarded the last green 3. Blue and white are at 3, so by Good Touch alone his 4 would be
    # the blue 4 or white 4; but it was useful when I clued it, so it may be the now-dead green 4 and he waits (he
    # did: he discarded on turns 42 and 44 when no fix came). Green "fixed" it and touched his new green 1, which he
    # played as the green 2.
    game, team = replay("t40/471", Level3Proxy, T40_471, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    four, one = view.hands[BOB][2], view.hands[BOB][1]
    assert (game.deck[four], game.deck[one]) == (Card(G, 4), Card(G, 1))
    d = team[ALICE].decide(view)
    assert not (isinstance(d.action, ColourClue | RankClue) and four in view.touched(d.action)), d.explanation


def test_no_fix_for_a_saved_five_whose_suit_died_after_the_save() -> None:
    # Deal t40/529, turn 53: Bob's red 5, touched by my 5 Save on turn 13, before red died (the second red 4 was
    # discarded on turn 27). Only the green 5 plays among 5s and his 5 may be the dead red 5, so he waits.
    # Red "fixed" it and touched his new red 1, which he played as the red 3.
    game, team = replay("t40/529", Level3Proxy, T40_529, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    five = view.hands[BOB][3]
    assert game.deck[five] == Card(R, 5)
    d = team[ALICE].decide(view)
    assert not (isinstance(d.action, ColourClue | RankClue) and five in view.touched(d.action)), d.explanation


# deal t40/93, the level-3 bot first and the level-3 stand-in second, to turn 66
T40_93 = ('clue 1 rank 1', 'play 7', 'clue 1 colour 2', 'play 10', 'clue 1 rank 2', 'play 6', 'discard 0', 'discard 8', 'discard 1', 'clue 0 rank 5', 'discard 13', 'clue 0 colour 4', 'discard 15', 'clue 0 rank 2', 'clue 1 rank 5', 'discard 11', 'clue 1 rank 5', 'discard 12', 'clue 1 colour 4', 'play 5', 'clue 1 colour 4', 'play 20', 'clue 1 colour 1', 'play 21', 'clue 1 colour 2', 'discard 19', 'clue 1 colour 1', 'discard 23', 'clue 1 colour 4', 'play 24', 'clue 1 rank 1', 'play 25', 'clue 1 rank 2', 'play 9', 'play 4', 'discard 26', 'discard 28', 'clue 0 rank 1', 'play 30', 'clue 0 colour 2', 'play 31', 'clue 0 colour 2', 'play 32', 'play 18', 'discard 33', 'discard 27', 'discard 35', 'clue 0 rank 3', 'clue 1 rank 3', 'discard 29', 'clue 1 rank 5', 'discard 34', 'clue 1 rank 4', 'discard 38', 'play 16', 'discard 39', 'play 17', 'play 22', 'play 37', 'play 36', 'clue 1 colour 3', 'play 14', 'clue 1 rank 4', 'play 44', 'discard 41')


def test_with_the_deck_empty_a_dead_saved_five_gets_its_fix() -> None:
    # Deal t40/93, turn 66, deck empty, 5 clues: Alice's slots 4 and 5, the red 5 and the blue 5, are each the red 5
    # or the blue 5 by her clues; red died since (both red 4s discarded). Red also touches her new red 1, but her next
    # turn is her last: without the fix she played the red 5 as the blue 5 (50%) rather than the blue 5.
    game, team = replay("t40/93", Level3Proxy, T40_93, players=2, deciding=BOB)
    view = PlayerView.of(game, BOB)
    assert view.deck_count == 0
    five = view.hands[ALICE][3]
    assert game.deck[five] == Card(R, 5)
    d = team[BOB].decide(view)
    assert isinstance(d.action, ColourClue | RankClue) and five in view.touched(d.action), d.explanation
