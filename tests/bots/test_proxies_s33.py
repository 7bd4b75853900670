"""The clue a careful level-3 stand-in gives when it has to clue (8 tokens or a locked hand) with 2 players and no
play or save clue to give, checked against the H-group pages (hanabi.github.io): the beginner's guide's Good Touch
Principle (every touched card is kept as useful, and a clue's focus is read as a play or a save) and the Stalling
page's table (a re-clue that touches no new card, Fill-In first, is a stall for a locked hand and at 8 clues)."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, ColourClue, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import B, R, W, Y, replay

# deal t40/310, the level-3 stand-in first and the level-3 bot second, to turn 44
T40_310 = ("clue 1 rank 1", "play 6", "clue 1 colour 4", "clue 0 colour 2", "clue 1 rank 2", "play 10", "play 0",
           "clue 0 colour 3", "play 12", "clue 0 rank 5", "clue 1 colour 1", "play 11", "discard 1", "clue 0 colour 1",
           "play 15", "play 5", "discard 13", "clue 0 rank 5", "clue 1 rank 4", "play 7", "discard 4", "discard 9",
           "discard 20", "discard 14", "discard 22", "clue 0 rank 5", "clue 1 rank 4", "discard 17", "clue 1 rank 4",
           "discard 19", "clue 1 rank 3", "discard 23", "clue 1 rank 4", "discard 25", "clue 1 colour 2", "play 28",
           "clue 1 rank 4", "play 21", "clue 1 colour 3", "discard 26", "clue 1 rank 4", "discard 27", "clue 1 rank 3",
           "discard 31")
# deal t40/46, the same seats, to turn 32
T40_46 = ("clue 1 rank 1", "play 8", "clue 1 rank 1", "play 10", "discard 0", "clue 0 colour 3", "play 12",
          "clue 0 rank 5", "clue 1 colour 3", "discard 9", "clue 1 colour 0", "play 14", "discard 4", "discard 5",
          "clue 1 rank 1", "play 17", "clue 1 rank 2", "play 15", "clue 1 rank 3", "play 18", "discard 13", "discard 7",
          "clue 1 colour 1", "play 22", "discard 16", "play 6", "discard 21", "clue 0 colour 1", "play 26", "discard 11",
          "discard 24", "discard 19")


def test_a_locked_stall_re_clues_a_known_card_rather_than_touch_new_cards_read_as_others() -> None:
    # Deal t40/310, turn 45: my hand is locked (every card clued) and Bob's hand is white 4, yellow 4 (his chop),
    # then his clued white 3, blue 4 and red 4; white is at 1. Number 4 touches his new white 4 and yellow 4 with
    # the chop as its focus, a 4 he reads by good touch as one that plays after cards clued (his 3 as the white 3):
    # he took the yellow 4 for the white 4 and misplayed it once the white 3 was down. Red (his known red 4) or blue
    # (his known blue 4) touches no new card and shows nothing playable: the Stalling page's re-clue.
    game, team = replay("t40/310", Level3Proxy, T40_310, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert [game.deck[o] for o in view.hands[BOB][:2]] == [Card(W, 4), Card(Y, 4)]
    d = team[ALICE].decide(view)
    assert d.action in (ColourClue(BOB, R), ColourClue(BOB, B)), d.explanation
    assert not any(o in view.touched(d.action) for o in view.hands[BOB][:2])


def test_an_8_clue_stall_touches_only_cards_its_receiver_can_tell_are_trash_over_a_4_read_as_another() -> None:
    # Deal t40/46, turn 33: 8 clue tokens, Bob holds white 1, red 1, blue 3, green 1 and red 4 (his chop), none
    # clued; red, yellow, green, blue and white are at 2, 4, 1, 1, 2, so every 1 is trash. Number 4 on his chop red 4 (red 3 not played) is read as a play or a save: he took it for
    # the white 4 and misplayed it once the white 3 was down. Number 1 touches only his 1s, which the clue shows him
    # are trash: he discards them, and nothing is read as a card it is not.
    # Since session 36 I read Bob's Sarcastic Discard of his blue 2 at turn 10 (level 3), so my clued blue card (slot
    # 4) is the blue 2, and this turn I play it first; the clue I would stall with is still the 1.
    game, team = replay("t40/46", Level3Proxy, T40_46, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert game.clue_tokens == 8
    assert game.deck[view.hands[BOB][4]] == Card(R, 4)
    assert game.deck[view.hands[ALICE][3]] == Card(B, 2)
    assert team[ALICE].decide(view).action == Play(view.hands[ALICE][3])
    d = team[ALICE].stall(view, set(view.legal))
    assert d is not None and d.action == RankClue(BOB, 1), d


# deal t40/518, the level-3 stand-in first and the level-3 bot second, to turn 38
T40_518 = ("clue 1 rank 1", "clue 0 rank 2", "play 4", "play 6", "play 2", "play 7", "clue 1 rank 1", "play 11",
           "clue 1 rank 2", "clue 0 rank 1", "play 3", "play 9", "clue 1 colour 0", "play 13", "discard 0", "discard 5",
           "discard 1", "discard 14", "clue 1 rank 3", "play 21", "discard 10", "clue 0 colour 3", "play 23",
           "clue 0 rank 4", "play 15", "clue 0 rank 5", "discard 18", "play 8", "discard 20", "discard 16",
           "clue 1 rank 3", "play 29", "discard 24", "discard 17", "discard 25", "clue 0 rank 5", "discard 26",
           "clue 0 colour 2")


def test_a_5_stall_leaves_no_focus_for_a_later_fill_in_to_find() -> None:
    # Level 2, The 5 Stall: "Doing this is just interpreted as a "stall" clue", from a giver "not allowed to
    # discard". Deal t40/518, turn 36: at 8 tokens Bob clued 5 on my yellow 5 and green 5 (slots 1 and 2, my white 5
    # clued before), red at 4. At turn 38, again at 8 tokens, green touched my green 5 alone, a Fill-In. Neither
    # clue asks me to play a 5: I took the 5 left beside the green 5 for the 5 Stall's 'focus', the red 5, and
    # misplayed my yellow 5.
    game, team = replay("t40/518", Level3Proxy, T40_518, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot2 = view.hands[ALICE][1]
    assert game.deck[slot2] == Card(Y, 5)
    d = team[ALICE].decide(view)
    assert d.action != Play(slot2), d.explanation
