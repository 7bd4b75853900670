"""The stand-ins' reading in deals where they broke the guide beside the bots (session 30), checked against the
H-group pages (hanabi.github.io)."""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.bots.proxies import BeginnerProxy
from hanabi_desktop.engine import Card, ColourClue, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY
from tests.bots.test_proxies import B, G, W, Y, replay


def test_a_re_touched_card_saved_before_its_suit_died_may_still_be_that_trash_card() -> None:
    # Good Touch Principle (beginner's guide): a clue promises that the cards it newly touches are useful; a card
    # it only re-touches keeps what its first clue allowed, a card of a suit that has died since included. Deal
    # s24x/52, 2 players (the level-2 bot first): Alice's 5 Save at turn 5 touched my blue 5; both blue 2s were
    # discarded later. At turn 41 her 5 Save on my new chop (the red 5) re-touched it, and I read it as the only 5
    # still useful, the red 5: at turn 50, red at 4, I played it and struck.
    game, team = replay("s24x/52", Level2Proxy, (
        "clue 1 rank 1", "clue 0 colour 4", "play 3", "clue 0 rank 2", "clue 1 rank 5", "clue 0 colour 2",
        "clue 1 colour 1", "play 7", "play 4", "discard 8", "clue 1 rank 1", "play 13", "play 0", "discard 9",
        "discard 1", "discard 11", "discard 10", "clue 0 colour 0", "play 19", "clue 0 rank 3", "discard 15",
        "discard 14", "discard 17", "clue 0 rank 5", "clue 1 rank 4", "discard 18", "clue 1 rank 2", "play 24",
        "discard 21", "discard 25", "discard 23", "clue 0 colour 3", "play 28", "discard 6", "clue 1 colour 4",
        "discard 27", "clue 1 colour 1", "discard 31", "clue 1 colour 4", "discard 32", "clue 1 rank 5",
        "clue 0 rank 3", "discard 12", "clue 0 colour 0", "play 34", "clue 0 colour 2", "play 35", "clue 0 colour 0",
        "play 36"), players=2, deciding=BOB)
    view = PlayerView.of(game, BOB)
    slot5 = view.hands[BOB][4]
    assert game.deck[slot5] == Card(B, 5)
    assert view.is_trash(game.deck[slot5])
    assert team[BOB].decide(view).action != Play(slot5)


def test_a_finesse_on_me_waits_for_the_clued_card_it_plays_after() -> None:
    # The Finesse (beginner's guide) with a Delayed Play Clue's logic: the clued cards before the called one play
    # first. Deal s24x/111, level-3 bots first (3 players), turn 14: Bob clued blue on Alice's blue 4 with her
    # blue 2 known (blue at 1), my blue 3 on my finesse position: a Finesse on me for the blue 3, which plays once
    # her blue 2 has. I dropped the call at my next turn (the blue 3 could not play yet) and never played it.
    game, team = replay("s24x/111", Level3Proxy, (
        "clue 2 rank 1", "clue 2 rank 5", "clue 0 rank 2", "clue 1 rank 1", "play 9", "play 13", "discard 1",
        "clue 2 colour 1", "play 14", "play 4", "clue 0 colour 1", "play 12", "play 17", "clue 0 colour 3",
        "discard 11", "play 0", "clue 0 rank 2"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    slot2 = view.hands[CATHY][1]
    assert game.deck[slot2] == Card(B, 3)
    d = team[CATHY].decide(view)
    assert d.action == Play(slot2), d.explanation


def test_a_double_finesse_on_me_is_taken_when_the_copy_i_see_is_off_its_holders_finesse_position() -> None:
    # Level 2, The Double Finesse: "since they see that the blind cards are not in anyone else's hands, they will
    # blind-play two turns in a row". A copy nobody can play is in no one's hand for this: Cathy cannot know of the
    # white 2 on her slot 3 (her finesse position is slot 1). Deal s24x/34, level-3 bots after me, turn 11: Bob
    # clued 3 on Cathy's white 3 (white at 0); my white 1 and white 2 are on my slots 1 and 2. I played neither,
    # later discarded the white 2 and blind-played a green 1 as the white 1.
    game, team = replay("s24x/34", Level3Proxy, (
        "clue 2 rank 1", "clue 0 rank 3", "clue 0 rank 5", "clue 1 colour 2", "play 7", "play 10", "clue 2 colour 0",
        "clue 0 colour 1", "play 14", "play 2", "clue 2 rank 3", "play 12"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot1 = view.hands[ALICE][0]
    assert game.deck[slot1] == Card(W, 1)
    d = team[ALICE].decide(view)
    assert d.action == Play(slot1), d.explanation


def test_the_last_round_gives_a_play_clue_that_touches_trash_rather_than_discard() -> None:
    # The deck is gone: nobody draws again, so good touch no longer protects anything (a card touched besides the
    # focus is never kept for later) and a discard gains nothing; only a play scores. Deal h31/3, beginner bots
    # after me (3 players), turn 55: green at 1 and every other suit done, Bob holds the green 2 on slot 1 and has a
    # turn left. 2 touches his trash yellow 2 as well, green his trash green 1: I discarded instead, and Bob
    # misplayed a green 1 on his last turn.
    game, team = replay("h31/3", BeginnerProxy, (
        "clue 1 rank 1", "play 5", "clue 1 colour 4", "clue 1 rank 2", "play 7", "clue 0 colour 1", "play 0", "play 9",
        "clue 1 rank 5", "clue 2 rank 2", "play 6", "play 14", "discard 1", "clue 0 colour 2", "discard 10",
        "play 21", "play 8", "discard 11", "discard 2", "clue 0 rank 2", "discard 12", "play 3", "clue 0 rank 4",
        "play 27", "play 17", "discard 16", "discard 13", "clue 2 rank 3", "discard 19", "play 20", "clue 1 rank 4",
        "discard 31", "clue 1 rank 5", "discard 23", "discard 35", "clue 1 colour 1", "discard 26", "play 18",
        "clue 0 colour 2", "clue 1 colour 0", "play 39", "clue 1 colour 4", "clue 2 rank 4", "play 40", "play 22",
        "clue 1 colour 4", "play 41", "play 25", "discard 30", "play 24", "clue 0 colour 3", "play 38", "play 33",
        "discard 29"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert view.final_turns_left is not None
    green2 = view.hands[BOB][0]
    assert game.deck[green2] == Card(G, 2)
    d = team[ALICE].decide(view)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == BOB, d.explanation
    assert green2 in view.touched(d.action)


def test_a_reverse_finesse_through_several_clued_cards_is_waited_for() -> None:
    # Level 2, The Reverse Finesse: "If a card in someone's Finesse Position is playable and "connects" to the clue,
    # then they should defer playing the clued card for at least one go-around"; here it connects through the
    # cards clued after it (The Prompt + Finesse). Deal s24x/218, level-3 bots after me, turn 24: Cathy clued white
    # on my white 4 (white at 0); Bob, who plays after me, holds the white 1 on his finesse position and the clued
    # white 2 and white 3, and I see the other white 2 and white 3. I played my card as the white 1 at once.
    game, team = replay("s24x/218", Level3Proxy, (
        "clue 1 colour 1", "play 5", "clue 0 colour 2", "clue 1 rank 2", "clue 2 rank 5", "clue 1 rank 5", "play 3",
        "discard 7", "discard 10", "clue 2 colour 2", "play 8", "clue 0 rank 4", "discard 1", "discard 15", "play 18",
        "clue 2 colour 2", "discard 17", "play 22", "clue 1 rank 3", "discard 21", "clue 1 rank 2", "discard 2",
        "discard 25", "clue 0 colour 4"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot2 = view.hands[ALICE][1]
    assert game.deck[slot2] == Card(W, 4)
    assert team[ALICE].decide(view).action != Play(slot2)


def test_the_last_round_gives_a_clue_that_shows_a_partner_a_card_they_then_know_plays() -> None:
    # As above (the last round: only a play scores); a clue whose focus they would not read as the card may still
    # show them, by the clues alone, a card that plays. Deal h31/268, beginner bots after me (3 players), turn 55:
    # green at 2, Bob's clued green card on his slot 5 is the green 3; 3 also touches his trash red 3. I discarded
    # a trash card, and Bob misplayed on his last turn.
    game, team = replay("h31/268", BeginnerProxy, (
        "clue 1 rank 1", "play 5", "clue 1 colour 3", "clue 2 colour 1", "play 6", "play 11", "clue 2 colour 0",
        "play 7", "play 13", "clue 2 rank 1", "play 8", "play 17", "clue 2 colour 3", "clue 0 rank 2", "play 10",
        "play 2", "clue 2 rank 3", "play 14", "play 3", "discard 9", "clue 0 colour 1", "play 0", "discard 15",
        "clue 0 rank 3", "play 4", "discard 16", "clue 0 rank 4", "play 23", "discard 18", "clue 1 colour 2",
        "play 29", "play 30", "discard 12", "clue 1 colour 3", "play 34", "discard 19", "clue 2 colour 1",
        "discard 20", "play 21", "clue 1 rank 5", "clue 2 colour 4", "play 39", "play 25", "play 26", "discard 22",
        "clue 2 colour 0", "discard 32", "play 43", "discard 41", "discard 36", "clue 1 colour 2", "clue 2 rank 5",
        "discard 47", "discard 45"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert view.final_turns_left is not None
    green3 = view.hands[BOB][4]
    assert game.deck[green3] == Card(G, 3)
    d = team[ALICE].decide(view)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == BOB, d.explanation
    assert green3 in view.touched(d.action)


def test_with_one_card_left_a_play_clue_may_touch_trash_too() -> None:
    # One card left in the deck: whoever draws it starts the last round, and everyone, the receiver too, has a turn
    # after it; good touch protects nothing more. Deal h31/156, beginner bots after me (3 players), turn 58: yellow
    # at 1, Bob's yellow 2 on his chop; 2 also touches his trash white 2. I gave a delayed play clue to Cathy's
    # yellow 5 instead, and Bob later misplayed on his last turn.
    game, team = replay("h31/156", BeginnerProxy, (
        "clue 1 rank 1", "play 7", "clue 0 colour 4", "play 4", "clue 2 rank 1", "play 11", "discard 0",
        "clue 0 rank 2", "discard 10", "play 3", "clue 2 rank 3", "play 12", "discard 1", "clue 0 colour 2",
        "discard 17", "play 22", "discard 5", "discard 19", "play 2", "clue 0 rank 1", "discard 21", "play 27",
        "clue 0 rank 5", "discard 23", "clue 2 colour 4", "clue 0 rank 4", "play 30", "discard 24", "clue 0 colour 2",
        "clue 0 colour 1", "clue 2 colour 4", "clue 0 colour 4", "play 13", "play 32", "clue 2 colour 4", "play 14",
        "play 20", "clue 0 rank 5", "clue 0 colour 4", "play 18", "clue 0 rank 5", "discard 26", "play 36",
        "clue 2 rank 5", "clue 0 colour 0", "play 39", "discard 6", "clue 1 colour 0", "discard 34", "play 25",
        "clue 1 colour 3", "play 42", "play 41", "clue 1 colour 1", "play 16", "discard 45", "discard 38"),
        deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert view.deck_count == 1
    yellow2 = view.hands[BOB][4]
    assert game.deck[yellow2] == Card(Y, 2)
    d = team[ALICE].decide(view)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == BOB, d.explanation
    assert yellow2 in view.touched(d.action)


def test_a_blind_play_right_after_a_critical_save_on_my_chop_makes_it_a_finesse() -> None:
    # The Finesse (beginner's guide): "a blind-play immediately happened after the red clue, she knows she must
    # have the next card"; Good Touch: the other card the clue touched is not that card. Deal s24x/236, level-3
    # bots after me, turn 35: Bob clued 3 on my slot 2 (yellow 3) and my chop (white 3), white at 1; I read the
    # chop as the critical yellow 3 and slot 2 as the white 3. Cathy blind-played the white 2, and I played slot 2
    # as the white 3.
    game, team = replay("s24x/236", Level3Proxy, (
        "clue 1 rank 1", "clue 2 rank 2", "clue 1 rank 5", "clue 1 rank 2", "play 8", "clue 0 rank 5", "clue 2 rank 1",
        "play 9", "play 14", "clue 2 colour 4", "clue 2 colour 2", "play 17", "discard 0", "discard 15", "play 10",
        "discard 1", "discard 16", "discard 11", "discard 2", "clue 0 colour 2", "discard 13", "play 4", "discard 20",
        "play 12", "clue 2 colour 0", "play 7", "play 29", "clue 1 colour 0", "play 28", "clue 0 rank 5", "play 22",
        "clue 0 colour 3", "play 31", "play 27", "clue 0 rank 3", "play 34"), deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot2, slot4 = view.hands[ALICE][1], view.hands[ALICE][3]
    assert game.deck[slot2] == Card(Y, 3) and game.deck[slot4] == Card(W, 3)
    d = team[ALICE].decide(view)
    assert d.action == Play(slot4), d.explanation
