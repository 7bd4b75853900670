"""The stand-ins as givers: a clue they must give (8 tokens) is one an H-group reader at their level reads as they
mean it, and no play clue of theirs has a Prompt land on a clued card that is not the card it waits for. The deals
are the ones where a bot partner misplayed for such a clue (the s24x partner table, 3 players). And with 2 strikes
they still play a direct play clue given once the strikes were made."""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.bots.proxies import BeginnerProxy
from hanabi_desktop.engine import (
    Card,
    ColourClue,
    Play,
    PlayerView,
    RankClue,
)
from tests.bots.positions import ALICE, BOB, CATHY
from tests.bots.test_proxies import B, R, W, Y, replay


def test_a_forced_clue_does_not_re_touch_a_known_5_that_does_not_play_deal_s24x_257() -> None:
    # Minimum Clue Value Principle: "A Tempo Clue is defined as a Play Clue that does not "get" any brand new
    # cards"; the 5 Stall (level 2) is a 5 clue on a new 5 off the chop. Deal s24x/257 (the level-2 stand-in, then
    # two level-2 bots), turn 13, 8 tokens: Bob's white 5, known (5 Stall, then white), white at 1. The stand-in
    # re-touched it with 5, a play clue on the white 5 to Cathy, who blind-played a blue 3 for it; Cathy's two
    # white 2s (her chop) take a play clue.
    game, team = replay("s24x/257", Level2Proxy, (
        "clue 1 colour 4", "play 8", "clue 1 rank 5", "discard 0", "discard 5", "clue 1 colour 4", "discard 1",
        "clue 2 colour 2", "play 10", "discard 2", "clue 2 rank 1", "discard 12"))
    w5 = game.hands[BOB][1]
    assert (game.deck[w5], game.fireworks[W], game.clue_tokens) == (Card(W, 5), 1, 8)
    view = PlayerView.of(game, ALICE)
    assert team[ALICE].misleads(view, RankClue(BOB, 5))
    d = team[ALICE].decide(view)
    assert d.action != RankClue(BOB, 5), d.explanation
    assert not team[ALICE].misleads(view, d.action), d.explanation


def test_a_forced_clue_prefers_a_bad_touch_to_one_a_partner_blind_plays_for_deal_s24x_237() -> None:
    # Deal s24x/237, turn 1 (the level-2 stand-in first): no play or save clue touches no duplicate; the stand-in
    # gave 4 to Cathy (green 4 off her chop, green 1 to 3 nowhere), and Bob blind-played a blue 2 for it (level 2,
    # The Double Finesse). A clue with a duplicate in it (Bob's two blue 2s beside his yellow 2 on the chop, a
    # 2 Save) asks nobody for a card.
    game, team = replay("s24x/237", Level2Proxy, ())
    view = PlayerView.of(game, ALICE)
    assert team[ALICE].misleads(view, RankClue(CATHY, 4))
    d = team[ALICE].decide(view)
    assert isinstance(d.action, ColourClue | RankClue), d.explanation
    assert not team[ALICE].misleads(view, d.action), d.explanation


def test_a_play_clue_whose_prompt_takes_a_wrong_clued_card_is_not_given_deal_s24x_217() -> None:
    # The Prompt: "It is the responsibility of the player giving the clue to ensure that all those previous cards
    # will play successfully"; level 2, The Double Prompt. Deal s24x/217 (two level-2 bots, then the level-2
    # stand-in as Cathy), turn 18: red at 1; Bob holds a clued red 2 (2 Save) and two clued 3s, the blue 3 left of
    # the red 3. Cathy clued 4 on Alice's red 4: Bob played his red 2, then his left 3 as the red 3 (the blue 3).
    game, team = replay("s24x/217", Level2Proxy, (
        "clue 2 rank 2", "clue 0 rank 1", "clue 0 rank 5", "play 2", "clue 2 rank 5", "clue 1 colour 2", "play 3",
        "play 5", "clue 1 rank 2", "discard 1", "discard 7", "discard 11", "discard 4", "discard 8",
        "clue 1 colour 2", "clue 1 rank 3", "play 22"))
    b3, r3, r2 = game.hands[BOB][2:5]
    assert [game.deck[o] for o in (b3, r3, r2)] == [Card(B, 3), Card(R, 3), Card(R, 2)]
    view = PlayerView.of(game, CATHY)
    assert team[CATHY].misleads(view, RankClue(ALICE, 4))
    d = team[CATHY].decide(view)
    assert d.action != RankClue(ALICE, 4), d.explanation


def test_level3_proxy_gives_no_play_clue_whose_prompt_takes_a_wrong_clued_card_deal_s24x_192() -> None:
    # The same at level 3. Deal s24x/192 (two level-3 bots, then the level-3 stand-in as Cathy), turn 24: Cathy
    # clued red on Bob's red 4, and Alice played her clued blue 3 as the red 3.
    game, team = replay("s24x/192", Level3Proxy, (
        "clue 1 rank 2", "clue 2 rank 5", "clue 1 colour 4", "clue 1 rank 5", "play 8", "clue 0 rank 1", "play 0",
        "discard 15", "clue 1 colour 1", "clue 2 rank 4", "play 17", "discard 13", "discard 1", "discard 18",
        "discard 14", "clue 2 colour 3", "clue 2 rank 5", "play 22", "clue 2 rank 5", "discard 21", "clue 0 rank 3",
        "discard 4", "clue 0 rank 2"))
    assert game.deck[game.hands[BOB][0]] == Card(R, 4)
    view = PlayerView.of(game, CATHY)
    assert team[CATHY].misleads(view, ColourClue(BOB, R))
    d = team[CATHY].decide(view)
    assert d.action != ColourClue(BOB, R), d.explanation


def test_level2_proxy_plays_a_direct_play_clue_given_with_two_strikes_deal_h31_209() -> None:
    # With 2 strikes the stand-in plays only what clues and counting prove, but a direct play clue given once the
    # strikes were made is a clue from a careful giver: the beginner's guide's Play Clue ("Alice clues red to Bob,
    # touching a red 1 ... Bob plays it"). Deal h31/209, 2 players (a level-2 bot, then the level-2 stand-in with
    # all habits as Bob), turn 37: 2 strikes, yellow at 2, Alice clued yellow on Bob's new yellow 3 (slot 1). He
    # gave a clue instead, and never played it.
    game, team = replay("h31/209", Level2Proxy, ("clue 1 rank 1", "play 6", "clue 1 rank 3", "play 8", "clue 1 rank 2",
                                                 "play 10", "discard 0", "clue 0 colour 0", "discard 1",
                                                 "clue 0 rank 1", "play 4", "clue 0 colour 3", "play 13", "discard 5",
                                                 "discard 3", "clue 0 colour 4", "clue 1 colour 0", "play 7", "play 2",
                                                 "clue 0 rank 1", "play 20", "discard 11", "discard 15", "discard 12",
                                                 "clue 1 colour 1", "play 24", "clue 1 colour 4", "discard 19",
                                                 "discard 16", "clue 0 rank 2", "play 18", "discard 25", "discard 21",
                                                 "discard 26", "clue 1 colour 3", "discard 9",
                                                 "clue 1 colour 1"), players=2)
    y3 = game.hands[BOB][0]
    assert (game.deck[y3], game.fireworks[Y], game.strikes) == (Card(Y, 3), 2, 2)
    d = team[BOB].decide(PlayerView.of(game, BOB))
    assert d.action == Play(y3), d.explanation


def test_no_play_clue_on_a_card_my_own_clued_card_may_be_deal_s24x_100() -> None:
    # Good Touch Principle. Deal s24x/100 (two level-2 bots, then the level-2 stand-in as Cathy), turn 27: Cathy's
    # chop 3 was saved with a 3 (a Critical Save: her red 3 or green 3 by her clues and counting). She clued 3 on
    # Bob's red 3 as a play clue; Bob saw her red 3, took his 3 for another one and blind-played for it.
    game, team = replay("s24x/100", Level2Proxy, (
        "clue 1 rank 1", "clue 2 rank 2", "clue 0 rank 1", "play 1", "play 7", "clue 0 colour 1", "play 2",
        "clue 2 colour 3", "clue 0 rank 5", "play 0", "clue 2 colour 1", "play 12", "clue 2 rank 3", "discard 5",
        "play 14", "clue 2 rank 1", "discard 6", "play 21", "clue 1 colour 4", "play 8", "play 10", "discard 4",
        "clue 0 colour 3", "play 13", "play 26", "discard 9"), deciding=CATHY)
    r3 = game.hands[CATHY][4]
    assert game.deck[r3] == Card(R, 3) and game.deck[game.hands[BOB][3]] == Card(R, 3)
    view = PlayerView.of(game, CATHY)
    assert team[CATHY].may_hold(view, Card(R, 3).identity)
    d = team[CATHY].decide(view)
    assert d.action != RankClue(BOB, 3), d.explanation


def test_level3_proxy_no_play_clue_on_a_card_my_own_clued_card_may_be_deal_s24x_96() -> None:
    # Deal s24x/96 (the level-3 stand-in as Alice, then two level-3 bots), turn 28: Alice's 3 (from a 3 on her chop)
    # may be the blue 3 by her clues; she clued 3 on Cathy's blue 3 as a play clue, and Cathy, who saw Alice's blue 3,
    # read hers as the white 3 and misplayed it.
    game, team = replay("s24x/96", Level3Proxy, (
        "clue 1 rank 1", "clue 2 rank 2", "clue 1 colour 0", "clue 2 colour 3", "discard 8", "play 13", "discard 0",
        "play 9", "discard 12", "clue 2 rank 5", "play 5", "discard 16", "clue 2 rank 1", "clue 0 colour 2",
        "play 21", "play 3", "discard 6", "clue 1 colour 2", "clue 1 rank 5", "play 15", "discard 19",
        "clue 2 colour 3", "discard 18", "play 26", "discard 1", "clue 0 rank 3", "discard 22"), deciding=ALICE)
    b3 = game.hands[ALICE][3]
    assert game.deck[b3] == Card(B, 3) and game.deck[game.hands[CATHY][0]] == Card(B, 3)
    view = PlayerView.of(game, ALICE)
    assert team[ALICE].may_hold(view, Card(B, 3).identity)
    d = team[ALICE].decide(view)
    assert d.action != RankClue(CATHY, 3), d.explanation


def test_no_play_clue_by_colour_on_a_card_my_own_clued_card_may_be_deal_h31_132() -> None:
    # Beginner's guide, Good Touch Principle, question 3: Alice's 2 Saved 2 may be the yellow 2, so she clues
    # neither yellow nor 2 on Bob's yellow 2 ("it is not Alice's responsibility ... Someone else on the team will
    # take care of that"). Deal h31/132 (two beginner bots, then the beginner stand-in as Cathy), turn 12, yellow
    # at 3: Cathy's yellow card (touched by Alice's yellow on her yellow 2) is the yellow 4 or 5, and is the
    # yellow 4; she clued yellow on Alice's yellow 4, a duplicate of her own.
    game, team = replay("h31/132", BeginnerProxy, (
        "clue 1 rank 2", "clue 0 rank 1", "clue 1 rank 1", "play 2", "play 6", "clue 0 rank 3", "clue 2 colour 1",
        "play 9", "play 13", "clue 1 rank 3", "play 7"), deciding=CATHY)
    y4 = game.hands[CATHY][3]
    assert (game.deck[y4], game.deck[game.hands[ALICE][4]], game.fireworks[Y]) == (Card(Y, 4), Card(Y, 4), 3)
    view = PlayerView.of(game, CATHY)
    assert team[CATHY].may_hold(view, Card(Y, 4).identity)
    d = team[CATHY].decide(view)
    assert d.action != ColourClue(ALICE, Y), d.explanation
