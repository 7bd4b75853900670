"""Deck empty, a last-turn try: the cards I cannot see are exactly my own hand, so my cards share them out, one
identity each. A card's chance to score counts the ways to deal them to the whole hand (`hand_odds`), not the
card alone: a card cannot be what another card of mine must be."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.endgame import hand_odds
from hanabi_desktop.engine import Play, PlayerView
from tests.bots.positions import ALICE, BOB, decide, replayed, slot

R5, G1, B4, W1 = 0, 10, 18, 20  # identities (suit * 5 + rank - 1)


def bit(*ids: int) -> int:
    return sum(1 << i for i in ids)


def unseen(*ids: int) -> list[int]:
    out = [0] * 25
    for i in ids:
        out[i] += 1
    return out


def test_a_card_cannot_be_what_the_rest_of_the_hand_must_hold() -> None:
    # two cards, a red 5 and a green 1 unseen: card 2 is the green 1 by its clues, so card 1 is the red 5 for
    # sure, where counting it alone gives one chance in two
    odds = hand_odds([{1: bit(R5, G1), 2: bit(G1)}], unseen(R5, G1), bit(R5))
    assert odds == {1: 1.0, 2: 0.0}


def test_copies_are_counted_once_each() -> None:
    # two blue 4s and a white 1 for three cards that may each be either: two deals in three give card 1 a blue 4
    odds = hand_odds([dict.fromkeys((1, 2, 3), bit(B4, W1))], unseen(B4, B4, W1), bit(B4))
    assert odds == {1: 2 / 3, 2: 2 / 3, 3: 2 / 3}


def test_a_reading_no_deal_fits_gives_way_to_the_clues_alone() -> None:
    # by the conventions both cards are the one blue 4, which no deal fits: the clues alone decide
    readings = [{1: bit(B4), 2: bit(B4)}, {1: bit(B4, W1), 2: bit(W1)}]
    assert hand_odds(readings, unseen(B4, W1), bit(B4)) == {1: 1.0, 2: 0.0}


def test_no_odds_when_the_unseen_cards_are_not_the_hand() -> None:
    # a card still in the deck: the hand does not hold every card I cannot see
    assert hand_odds([{1: bit(B4, W1)}], unseen(B4, W1), bit(B4)) is None


# deal final7/342, 3 players, level 3 self-play, up to turn 60
F342 = ("clue 1 rank 1, play 7, clue 1 rank 5, clue 2 colour 0, play 8, discard 11, clue 2 rank 5, clue 2 rank 2, "
        "clue 1 colour 3, clue 1 colour 0, play 9, play 10, discard 0, discard 15, play 14, discard 1, play 5, "
        "discard 19, clue 2 colour 1, discard 16, discard 25, clue 2 rank 5, discard 18, clue 1 colour 1, discard 2, "
        "play 26, clue 0 rank 2, clue 2 colour 0, clue 0 colour 4, play 17, play 3, clue 2 rank 2, play 13, "
        "clue 2 colour 2, clue 0 colour 1, play 22, play 29, clue 2 rank 2, play 12, discard 4, clue 0 rank 3, "
        "clue 0 rank 5, clue 2 rank 4, discard 21, play 34, clue 1 colour 4, discard 28, clue 0 colour 2, play 23, "
        "discard 30, play 33, play 20, clue 2 colour 3, play 43, clue 2 rank 3, discard 38, play 31, "
        "clue 2 rank 3, discard 40, play 39")


def test_the_last_round_try_picks_the_card_the_whole_hand_favours() -> None:
    # Alice's turn, the deck empty, two error tokens to spare. I cannot see my blue 4, white 3, blue 4, yellow 2
    # and white 1 (blue 3 and white 2 played: a blue 4 or the white 3 scores). By the clues slot 5 is a blue 4 or
    # the white 1 (two chances in three alone), slots 3-4 a yellow 2, a blue 4 or the white 1, slots 1-2 any of
    # the four identities. Counted alone, slot 5 looked best (67% against 60% and 50%) and I played it: the white
    # 1 (20 points). Of the 18 ways to deal the five cards to the hand as its clues allow, slot 1 (and slot 2)
    # holds a blue 4 or the white 3 in 13, slot 5 a blue 4 in 12: I play slot 1, the blue 4 (22 points).
    game, bots = replayed("final7/342", F342, level=3, players=3)
    assert game.current == ALICE and not game.draw_pile
    d = decide(game, bots)
    assert d.action in (Play(slot(game, ALICE, 1)), Play(slot(game, ALICE, 2))), d
    assert "72%" in d.explanation
    view = PlayerView.of(game, ALICE)
    b = bots[ALICE].notes.board(view)
    masks = {o: bots[ALICE].notes.my_mask(view, o, b.trash) for o in view.my_hand}
    assert round(bots[ALICE].odds(view, masks, b)[slot(game, ALICE, 5)] * 18) == 12


# deal s44/416, 2 players, the level-3 stand-in with late saves first, the level-3 bot second, up to turn 69
S416 = ("clue 1 colour 2, clue 0 rank 1, play 1, clue 0 colour 4, play 2, play 8, discard 0, clue 0 colour 1, play 13, "
        "clue 0 rank 5, discard 4, clue 0 rank 4, discard 15, clue 0 colour 0, play 16, clue 0 rank 5, play 10, "
        "discard 5, clue 1 colour 4, play 12, clue 1 colour 0, clue 0 rank 5, discard 18, clue 0 colour 2, "
        "clue 1 rank 3, play 20, discard 21, clue 0 rank 5, discard 14, clue 0 rank 5, discard 3, play 19, "
        "clue 1 colour 4, play 22, discard 25, clue 0 rank 3, discard 11, discard 6, clue 1 colour 0, play 30, "
        "clue 1 colour 3, play 31, discard 29, discard 7, discard 33, discard 26, discard 35, discard 32, discard 37, "
        "discard 34, clue 1 rank 1, discard 40, clue 1 colour 4, clue 0 colour 4, play 17, clue 0 colour 2, play 42, "
        "discard 38, discard 23, clue 0 colour 3, discard 45, clue 0 colour 3, discard 46, clue 0 colour 3, "
        "discard 47, clue 0 colour 3, clue 1 colour 3, play 44, play 28")


def test_a_partner_s_clue_on_trash_does_not_make_a_sure_card() -> None:
    # Bob's (the bot's) last turn: blue 3 played, his slots 2, 4 and 5 blue, the last round's blue clue (the
    # stand-in's, to get his blue 2 played) having touched slot 2, a blue 1, beside the focus. By good touch all
    # three are the blue 4, of which one copy is left: no deal fits that. He played slot 2 as "100% it scores"
    # and struck. By the clues alone slots 4 and 5 hold the blue 2 and the blue 4 between them (each a blue 2 or
    # 4), so slot 2 is the blue 1: he plays slot 4 or 5, one chance in two, and the blue 4 scores.
    game, bots = replayed("s44/416", S416, level=3, players=2)
    assert game.current == BOB and not game.draw_pile and game.final_turns_left == 1
    d = decide(game, bots)
    assert d.action in (Play(slot(game, BOB, 4)), Play(slot(game, BOB, 5))), d
    assert "50%" in d.explanation
