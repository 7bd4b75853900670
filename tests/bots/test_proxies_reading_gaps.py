"""The careful stand-ins' reading of their own clued cards against the H-group beginner's guide: a card called by a
Prompt that its clues show is not the card called, two clued cards read as the one copy left of a card, and a
partner's card its holder knew by the conventions only after their clue to me."""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.proxies import BeginnerProxy
from hanabi_desktop.engine import Card, Play, PlayerView
from hanabi_desktop.engine.cards import bit
from tests.bots.positions import ALICE, CATHY
from tests.bots.test_proxies import B, G, R, Y, replay


def test_beginner_proxy_does_not_play_a_prompted_card_its_clues_show_is_another_card() -> None:
    # The Prompt (beginner's guide): the prompted card is the one that "must be" the card asked; a clue that shows it
    # cannot be calls it off. Deal h31/56 (the beginner stand-in as Alice, two beginner bots), turn 15: Cathy's 3 on
    # Bob's green 3 prompted my two 2s (slots 3 and 5) for the green 2; at turn 17 Bob's green clue touched slot 5
    # only, and at turn 19 I played slot 3, a red 2, as the green 2. Slot 5 is the green 2 by its clues.
    game, team = replay("h31/56", BeginnerProxy, (
        "clue 2 rank 1", "clue 2 rank 2", "clue 0 rank 2", "clue 1 rank 1", "play 7", "play 11", "discard 1",
        "play 9", "play 12", "discard 2", "discard 5", "discard 13", "clue 2 rank 4", "discard 6", "clue 1 rank 3",
        "clue 1 rank 5", "clue 0 colour 2", "discard 19"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot3, slot5 = view.hands[ALICE][2], view.hands[ALICE][4]
    assert (game.deck[slot3], game.deck[slot5]) == (Card(R, 2), Card(G, 2))
    assert team[ALICE].decide(view).action == Play(slot5)


def test_level2_proxy_does_not_read_two_clued_cards_as_the_last_copy_of_one_card() -> None:
    # Good Touch Principle (beginner's guide): a clue on two copies of a card "would violate Good Touch Principle,
    # since the red 4's would be duplicated in Bob's hand". Deal s24x/99 (two level-2 bots, the level-2 stand-in as
    # Cathy): Bob's blue clue at turn 23 touched my blue 4 and blue 3 besides the focus, the blue 1 (so they were
    # the blue 2, 3 or 4); Alice's blue clue at turn 28 touched Bob's blue 2 and blue 3, and my other blue 4 was
    # discarded at turn 21, so both my blue cards read as the one blue 4 left. At turn 39 I played the blue 3 as it.
    # Someone broke good touch: each is the blue 4 or trash, and I cannot tell which.
    game, team = replay("s24x/99", Level2Proxy, (
        "clue 1 colour 1", "play 6", "clue 0 rank 1", "play 2", "clue 2 colour 4", "clue 0 rank 2", "play 3",
        "clue 0 colour 2", "clue 0 rank 5", "play 17", "discard 5", "play 12", "clue 1 colour 0", "play 19",
        "clue 0 rank 3", "discard 18", "play 9", "clue 1 colour 1", "play 4", "play 23", "discard 10", "play 0",
        "clue 2 colour 3", "play 26", "clue 2 colour 1", "discard 7", "play 28", "clue 1 colour 3", "play 8",
        "discard 11", "discard 22", "clue 2 colour 2", "discard 30", "clue 1 rank 5", "play 15", "play 34",
        "clue 1 rank 3", "play 29"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    blue4, blue3 = view.hands[CATHY][3], view.hands[CATHY][4]
    assert (game.deck[blue4], game.deck[blue3]) == (Card(B, 4), Card(B, 3))
    for o in (blue4, blue3):
        assert team[CATHY].mask(view, o) != bit(Card(B, 4).identity)
    assert team[CATHY].decide(view).action not in (Play(blue4), Play(blue3))


def test_level2_proxy_counts_a_partners_card_known_by_the_conventions_only_from_when_it_was() -> None:
    # Good Touch Principle: a clue promises no copy of a card clued elsewhere only when its giver could tell what
    # that card was. Deal s24x/52 (two level-2 bots, the level-2 stand-in as Cathy): Alice's blue Critical Save at
    # turn 28 touched my blue 1, blue 2 and blue 3; her own blue card, clued before, she learned was the blue 2 only
    # from Bob's blue clue at turn 38. At turn 39 I read my blue 2 as not the blue 2 (so the blue 1) and played it.
    game, team = replay("s24x/52", Level2Proxy, (
        "clue 1 rank 5", "clue 2 rank 1", "clue 0 colour 4", "play 3", "clue 2 colour 0", "clue 0 rank 2",
        "clue 1 colour 1", "play 7", "play 13", "clue 2 colour 2", "clue 0 rank 5", "play 14", "discard 1",
        "clue 0 colour 0", "discard 10", "play 19", "discard 6", "clue 1 colour 0", "discard 4", "play 9",
        "clue 1 rank 2", "discard 21", "play 24", "clue 1 colour 4", "clue 1 rank 4", "play 8", "discard 11",
        "clue 2 colour 3", "play 16", "discard 17", "clue 2 colour 4", "discard 26", "play 20", "clue 2 colour 1",
        "discard 27", "discard 32", "clue 1 colour 3", "clue 0 colour 3"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    blue1, blue2 = view.hands[CATHY][2], view.hands[CATHY][3]
    assert (game.deck[blue1], game.deck[blue2]) == (Card(B, 1), Card(B, 2))
    assert team[CATHY].mask(view, blue2) & bit(Card(B, 2).identity)
    assert team[CATHY].decide(view).action == Play(blue1)


def test_beginner_proxy_keeps_a_clue_focus_as_the_last_copy_another_card_it_touched_reads_as() -> None:
    # Good Touch Principle: a card "touched by the clue, but ... not the focus" is not the focus's card. Deal h31/84
    # (two beginner bots, the beginner stand-in as Cathy), turn 26: Bob's 2 Save on my chop (slot 5, the blue 2)
    # also touched a yellow 2 (trash) on slot 1; both read as the one blue 2 left once the green 2 was clued in
    # Alice's hand. The chop card was the clue's focus: it is the blue 2, and I play it.
    game, team = replay("h31/84", BeginnerProxy, (
        "clue 2 rank 1", "clue 0 colour 4", "play 11", "play 1", "clue 2 colour 4", "play 12", "discard 0",
        "clue 0 rank 1", "clue 0 rank 5", "play 16", "clue 0 rank 2", "play 10", "clue 1 colour 1",
        "play 9", "discard 13", "clue 2 colour 0", "clue 2 colour 4", "play 22", "discard 4",
        "clue 0 rank 4", "play 20", "discard 19", "clue 0 colour 0", "discard 14", "play 26",
        "clue 2 rank 2"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    slot1, slot5 = view.hands[CATHY][0], view.hands[CATHY][4]
    assert (game.deck[slot1], game.deck[slot5]) == (Card(Y, 2), Card(B, 2))
    assert team[CATHY].decide(view).action == Play(slot5)
