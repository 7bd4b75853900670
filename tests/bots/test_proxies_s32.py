"""The stand-ins' reading in deals where they broke the guide beside the bots (session 32), checked against the
H-group pages (hanabi.github.io)."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, ColourClue, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import B, G, R, W, replay

T40_404 = ("clue 2 rank 1", "clue 0 colour 1", "play 10", "play 1", "clue 2 colour 3", "play 14", "clue 2 rank 1",
           "clue 2 rank 5", "play 17", "clue 2 rank 2", "discard 5", "play 11", "clue 1 colour 3", "play 6",
           "clue 1 colour 1", "discard 0", "play 21", "clue 0 rank 2", "discard 4", "discard 7", "clue 1 colour 3",
           "discard 16", "play 25", "clue 1 colour 2")
T40_22 = ("clue 2 rank 1", "clue 0 rank 1", "play 10", "play 0", "clue 0 rank 5", "play 13", "play 2", "clue 2 rank 2",
          "play 17", "discard 1", "clue 0 colour 4", "clue 0 rank 2", "play 20", "clue 0 rank 1", "clue 1 colour 0",
          "play 21", "clue 0 colour 3", "play 14")
T40_505 = ("clue 1 rank 1", "play 6", "clue 0 colour 2", "clue 2 colour 0", "play 8", "play 14", "play 4",
           "clue 2 colour 0", "play 17", "discard 0", "discard 5", "discard 10", "clue 2 rank 1", "discard 7", "play 22",
           "clue 1 colour 0", "play 23", "discard 11", "clue 1 rank 2", "clue 2 rank 5", "play 13", "clue 2 colour 3",
           "clue 0 colour 3", "play 27", "play 18", "clue 2 rank 3", "clue 1 rank 2")


def test_a_prompt_and_finesse_count_no_clued_card_of_the_giver_they_cannot_know() -> None:
    # Level 2, The Prompt + Finesse: "this must be both a Prompt on him and a Finesse on him at the same time". Deal
    # t40/404, level-3 bots after me, turn 24: Cathy clued green on Bob's green 3, green at 0. My clued 2 (slot 4) is
    # a green 2 and my finesse position the green 1. Cathy's own 2, clued by number only, is the other green 2: she
    # cannot know it, so the clue cannot count on it. I took her 2 as the green 2, played neither card, and Bob
    # later played his green 3 as the green 1.
    game, team = replay("t40/404", Level3Proxy, T40_404, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot1 = view.hands[ALICE][0]
    assert game.deck[slot1] == Card(G, 1)
    d = team[ALICE].decide(view)
    assert d.action == Play(slot1), d.explanation


def test_a_finesse_after_a_prompt_plays_once_any_copy_of_the_prompted_card_played() -> None:
    # Level 2, The Prompt + Finesse; the beginner's guide, The Finesse: "he is promised that his left-most unclued card
    # is the red 3". Deal t40/22, level-3 bots after me, turn 15: Cathy clued red on Bob's red 4 with my red 1 clued,
    # asking me for the red 2 (my 2-saved 2) and then the red 3 on my finesse position (slot 4). At turn 18 Cathy
    # played her own clued 2, the red 2. My red 3 plays now; I waited on my 2, a copy of the red 2, for good, and Bob
    # misplayed his red card.
    game, team = replay("t40/22", Level3Proxy, T40_22, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot4 = view.hands[ALICE][3]
    assert game.deck[slot4] == Card(R, 3)
    d = team[ALICE].decide(view)
    assert d.action == Play(slot4), d.explanation


def test_a_fix_clue_that_gives_no_additional_information_to_a_partner_needs_no_second_fix() -> None:
    # Level 3, The Fix Clue That Gives No Additional Information: "Since Bob was going to play the 1 already without
    # Alice doing anything, the clue must have some other meaning ... the 1 that Bob was about to play is bad". Deal
    # t40/505, level-3 bots after me, turn 27: Bob's 2-saved 2 (slot 5) is the blue 2 I just played, and he read it
    # as the yellow or white 2, both playable. Cathy re-clued 2 on it, touching nothing new: a Fix Clue. I gave a
    # second one, blue, which touched his new blue 5 and blue 4, and he played the 5 as the blue 3.
    game, team = replay("t40/505", Level3Proxy, T40_505, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert game.deck[view.hands[BOB][4]] == Card(B, 2)
    d = team[ALICE].decide(view)
    assert not (isinstance(d.action, ColourClue | RankClue) and d.action.target == BOB), d.explanation


S24X_20 = ("clue 2 rank 1", "clue 2 rank 5", "clue 0 rank 5", "clue 1 colour 3", "play 5", "play 12", "clue 1 colour 0",
           "play 9", "clue 1 colour 0", "clue 1 colour 2", "play 15", "clue 1 rank 2", "discard 1", "clue 2 rank 3",
           "discard 14", "discard 2", "play 17", "discard 20", "discard 3", "discard 8", "discard 23", "discard 19",
           "discard 18", "clue 1 rank 5", "discard 21", "clue 0 rank 3", "discard 26", "clue 1 colour 3",
           "clue 2 rank 4", "clue 1 rank 1")


def test_a_locked_givers_clue_that_their_own_clued_card_explains_asks_no_double_finesse() -> None:
    # Level 2, The Double Finesse asks for blind plays only when "they see that the blind cards are not in anyone
    # else's hands". Deal s24x/20, level-3 stand-ins, turn 29: Bob, every card of his clued, had to clue, and gave
    # 4 on Cathy's yellow 4, yellow at 0. My clued 3 is the yellow 3, and his 2-saved 2 is the yellow 2. A locked
    # giver gives the least misleading clue they have: I take no blind play for the yellow 1 and 2 (my slot 1 is a
    # white 2).
    game, team = replay("s24x/20", Level3Proxy, S24X_20, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot1 = view.hands[ALICE][0]
    assert game.deck[slot1] == Card(W, 2)
    d = team[ALICE].decide(view)
    assert d.action != Play(slot1), d.explanation
