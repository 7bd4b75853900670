"""Clues a partner had to give (issue 31): a stall from a locked hand or at 8 clue tokens, read as the guide says.

At levels 1 to 3 the guide has one stall besides the 5 Stall: the Tempo Clue, "only in special situations, like
when a player is forced to give a clue" (beginner's guide, Minimum Clue Value). A forced clue that has a play
or save reading is that clue (level 9's stall table: normal play and save clues come first in every stalling
situation); one that has none is a stall: its cards are kept by good touch, and nothing is played on it.
"""

from __future__ import annotations

import pytest

from hanabi_desktop.bots.conventions.evaluation import (
    clue_effect,
    forced_reads_as_self_finesse,
    tempo_reads_as_finesse,
    tempo_reads_as_stop,
    tempo_reads_as_wrong_prompt,
)
from hanabi_desktop.bots.conventions.reading import read_clue
from hanabi_desktop.engine import ColourClue, Discard, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, reading, slot
from tests.bots.test_conventions import pretend_clued


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
def test_a_4_from_a_locked_hand_through_a_card_its_giver_does_not_know_is_no_play_clue(level) -> None:
    # Deal h31/280 (2 players, beginner): red 2 played, the other red 4 discarded. Bob's hand is locked; his one
    # red card got red on his chop, so he reads it as the red 3 (play) or the red 4 (critical save) and does not
    # play it. Forced to clue, he gives Alice 4 on a new card off her chop. No 4 plays, and a delayed play clue
    # through his red card would need Bob to know it is the red 3, which he does not: the clue has no play or
    # save reading. It is a stall; Alice keeps the card as a 4 and does not play it once the red 3 is played
    game = position(["b4 g2 y2 r1 w1", "r3 y5 g5 b5 w5"], stacks="r2 y1 g1 b1 w1", discarded="r4", current=ALICE,
                    clue_tokens=7)
    bots = bots_for(game, level)
    act(game, bots, Discard(slot(game, ALICE, 5)))  # the Early Game ends
    four = slot(game, ALICE, 2)
    act(game, bots, clue(game, "Alice green"))
    act(game, bots, clue(game, "Bob 5"))
    act(game, bots, clue(game, "Alice yellow"))
    act(game, bots, clue(game, "Bob red"))  # on his chop: the red 3 or the red 4
    assert all(any(hit for _, _, hit in game.clue_history[o]) for o in game.hands[BOB])  # locked
    act(game, bots, clue(game, "Alice 4"))
    assert reading(game, bots[ALICE], four) == {"r4", "b4", "w4"}  # not green, not yellow: any 4 but the red 4
    act(game, bots, clue(game, "Bob 3"))  # now Bob knows his red 3
    act(game, bots, Play(slot(game, BOB, 1)))
    assert game.fireworks[0] == 3 and game.strikes == 0
    assert decide(game, bots).action != Play(four)




@pytest.mark.parametrize("level", ["beginner", 1, 3])
def test_no_feed_clue_on_a_card_my_own_play_may_be(level) -> None:
    # Deal h31/292 (2 players, beginner): Bob 2 Saves Alice's chop, the red 2 (every 1 played, yellow 2 and white 4
    # too: her 2 is the red, green or blue 2, each playable). Late in the game (pace 11) Bob has nothing to play,
    # so Alice would give him a play clue before her own play ("my own play keeps"); red on his red 2 would make
    # her own 2 trash if it is the red 2 (it is): the guide's Good Touch question 3 leaves that clue to someone
    # who sees her card. She plays her 2 first; it was read as the blue 2 and struck when Bob played his red 2
    game = position(["x x x x r2", "r2 x x x x"], stacks="r1 y2 g1 b1 w4", discarded="y1 y1 w1 w1 w2 w3",
                    current=BOB, clue_tokens=6, avoid="r2")
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Alice 2"))
    assert PlayerView.of(game, ALICE).pace <= 12
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d
    act(game, bots, d.action)
    assert game.fireworks[0] == 2 and game.strikes == 0


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
def test_my_own_clue_on_a_card_my_saved_card_may_be_promises_nothing_about_it(level) -> None:
    # The rest of the h31/292 pattern, the commonest misplay with the careful beginner stand-in (2 players): Bob
    # 2 Saves Alice's chop, the red 2 (the red, green or blue 2). Early on, with nothing of her own to play, Alice
    # clues red to Bob on his red 2, which her saved 2 may be (Good Touch, question 3: "it is possible that
    # Alice's clued 2 is a yellow 2"; the bot may still give it, a listed difference). Bob plays it. Her clue
    # could not see her card, so it promised nothing about it: it may still be the red 2, now trash. She does not
    # play it as the green or blue 2, and Bob, who reads her cards with the same model, knows she cannot tell.
    game = position(["x x x x r2", "r2 x x x x"], stacks="r1 y2 g1 b1 w4", current=BOB, clue_tokens=6, avoid="r2")
    bots = bots_for(game, level)
    saved = slot(game, ALICE, 5)
    act(game, bots, clue(game, "Alice 2"))
    act(game, bots, clue(game, "Bob red"))
    act(game, bots, Play(slot(game, BOB, 1)))
    assert game.fireworks[0] == 2 and game.strikes == 0
    assert "r2" in reading(game, bots[ALICE], saved)
    assert decide(game, bots).action != Play(saved)
    bob = PlayerView.of(game, BOB)
    assert bots[BOB].notes.holder_reads(bob, saved, bob.trash_mask()) & ~bob.playable_mask()


@pytest.mark.parametrize("strikes", [0, 1])
def test_at_level_3_my_own_clue_on_a_card_my_clued_card_may_be_promises_nothing_about_it(strikes) -> None:
    # Deal h31/162 (level 3, 2 players, with the all-habits level-2 stand-in): Alice's yellow card is the yellow 3
    # or 4 (the clues said yellow, not 1, not 2; the yellow 5 is gone). With one strike, she clues yellow on Bob's
    # yellow 3, which her card may be (Good Touch, question 3: "it is possible that Alice's clued 2 is a yellow
    # 2"); Bob plays it. Her card may be the yellow 3, now trash (it was, and struck a second time; the third
    # strike ended the game), with or without a strike
    game = position(["x x x x y3", "y3 x x x x"], stacks="y2", discarded="y5", current=ALICE, clue_tokens=6,
                    strikes=strikes, avoid="y")
    mine = slot(game, ALICE, 5)
    pretend_clued(game, ColourClue(ALICE, 1), [mine])
    for rank in (1, 2):
        game.knowledge[mine] &= ~game.variant.rank_masks[rank]
        game.clue_history[mine].append((-1, RankClue(ALICE, rank), False))
    bots = bots_for(game, 3)
    assert reading(game, bots[ALICE], mine) == {"y3", "y4"}
    act(game, bots, clue(game, "Bob yellow"))
    act(game, bots, Play(slot(game, BOB, 1)))
    assert game.fireworks[1] == 3 and game.strikes == strikes
    d = decide(game, bots)  # a feed clue to Bob first (2 players)
    assert d.action != Play(mine), d.explanation
    act(game, bots, d.action)
    act(game, bots, Discard(slot(game, BOB, 5)))  # a level-2 partner gives no fix clue (level 3)
    d = decide(game, bots)
    assert d.action != Play(mine), d.explanation


def test_at_level_3_a_clued_1_may_be_the_copy_of_a_1_its_holder_clued_later_and_its_partner_played() -> None:
    # Deal h31/12 (level 3, 2 players, the careful level-2 stand-in as Alice): Alice clues 1 to Bob (his white 1
    # and yellow 1); Bob, who cannot see his 1s, clues yellow on Alice's yellow 1, which she plays. His clue
    # promised nothing about his own cards (Good Touch, question 3: "it is possible that Alice's clued 2 is a
    # yellow 2"): either of his 1s may be the other yellow 1, now trash, so neither is surely playable (he played
    # slot 2, the yellow 1, and struck)
    game = position(["y1 r5 b4 w3 w2", "w1 y1 y4 b5 r2"], current=ALICE)
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob 1"))
    act(game, bots, clue(game, "Alice yellow"))
    act(game, bots, Play(slot(game, ALICE, 1)))
    assert game.fireworks[1] == 1 and game.strikes == 0
    act(game, bots, clue(game, "Alice blue"))  # as Bob did (a play clue on her new blue 1)
    act(game, bots, clue(game, "Bob 2"))  # Alice's 2 Save on his chop
    ones = slot(game, BOB, 1), slot(game, BOB, 2)
    assert all("y1" in reading(game, bots[BOB], o) for o in ones)
    d = decide(game, bots)
    assert d.action not in {Play(o) for o in ones}, d.explanation
    alice = PlayerView.of(game, ALICE)
    assert bots[ALICE].notes.holder_reads(alice, ones[1], alice.trash_mask()) & ~alice.playable_mask()


def test_a_partner_who_sees_that_such_a_1_is_playable_may_re_touch_it_with_a_tempo_clue() -> None:
    # The same position (deal h31/12, h31/142): Bob cannot tell his clued white 1 from the other yellow 1, now
    # trash. Alice, who sees it is the white 1, may re-touch it: white touches no new card (a Tempo Clue, a play
    # clue on it), which a clue must otherwise do (Minimum Clue Value Principle), and it gets the white 1 played.
    from hanabi_desktop.bots.conventions.evaluation import is_tempo, proves_playable, score_clue
    from hanabi_desktop.bots.conventions.policy import CLUE_MIN

    game = position(["y1 x x x x", "w1 y1 x x x"], current=ALICE, avoid="wy1")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob 1"))
    act(game, bots, clue(game, "Alice yellow"))
    act(game, bots, Play(slot(game, ALICE, 1)))
    alice = PlayerView.of(game, ALICE)
    b = bots[ALICE].notes.board(alice)
    white, yellow = ColourClue(BOB, 4), ColourClue(BOB, 1)
    assert is_tempo(alice, bots[ALICE].notes, white) and proves_playable(alice, bots[ALICE].notes, white, b)
    assert score_clue(alice, bots[ALICE].notes, white, b) >= CLUE_MIN
    assert not proves_playable(alice, bots[ALICE].notes, yellow, b)  # the yellow 1 is trash: not that one


def test_a_clue_from_a_player_who_knew_their_own_card_touched_no_copy_of_it() -> None:
    # Deal h31/129 (level 3, 2 players): Alice's red play clue tells Bob his slot 1 is the red 1; he then clues
    # 1 to Alice. He cannot see his red 1, but he knows it: by good touch his clue touched no other red 1, so
    # once he plays it, Alice's clued 1s are still playable (she held them, and discarded instead of playing).
    game = position(["w4 w1 b1 b4 g1", "r1 b1 w2 r2 b1"], current=ALICE)
    bots = bots_for(game, 3)
    ones = slot(game, ALICE, 2), slot(game, ALICE, 3)
    act(game, bots, clue(game, "Bob red"))
    act(game, bots, clue(game, "Alice 1"))
    act(game, bots, Play(slot(game, ALICE, 5)))  # her green 1 (the chop focus first)
    act(game, bots, Play(slot(game, BOB, 1)))  # his red 1
    assert game.fireworks[0] == 1 and game.strikes == 0
    assert all("r1" not in reading(game, bots[ALICE], o) for o in ones)
    d = decide(game, bots)
    assert d.action in {Play(o) for o in ones}, d.explanation


@pytest.mark.parametrize("partner", ["conventions@3", "level2-proxy", "level3-proxy"])
def test_a_forced_clue_tells_no_card_as_cards_one_playable_that_it_is_not(partner) -> None:
    # Deal h31/36 (level 3, 2 players, the careful level-2 stand-in as Alice): no red played, the other red 2 and
    # red 4 discarded; Alice's chop is a red 3 that a 4 clue missed. Bob must clue (8 tokens, nothing to play or
    # save): red on her chop reads to him as the red 1 (a play) or a critical save of the red 2, so nobody would
    # misplay by what he sees; but Alice sees the last red 2 in Bob's hand, reads the red 1 and plays it (a
    # strike). A forced clue that tells a card as cards it is not, one of them playable, is one the receiver may
    # narrow to the playable one: Bob gives another (2, which she reads as no play), and she does not play
    from hanabi_desktop.bots.registry import create

    game = position(["w1 y2 b1 r3 x", "r2 b1 r3 y4 g2"], stacks="y3 b2 w4",
                    discarded="g3 y4 w3 b4 w4 r4 y1 w1 y1 r2", current=ALICE, clue_tokens=7)
    v = game.variant
    w2 = next(o for o in game.draw_pile if game.deck[o] == v.parse_card("w2"))
    game.draw_pile.remove(w2)
    game.draw_pile.append(w2)  # the card Alice draws next: the other white 2 (trash)
    pretend_clued(game, RankClue(BOB, 4), [slot(game, BOB, 4)])
    pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 5)])
    red3 = slot(game, ALICE, 4)
    game.knowledge[red3] &= ~v.rank_masks[4]
    game.clue_history[red3].append((-1, RankClue(ALICE, 4), False))
    bots: list = bots_for(game, 3)
    bots[ALICE] = create(partner, ALICE, 2, v, "h31/36/0")
    bots[ALICE].observe(PlayerView.of(game, ALICE))
    act(game, bots, Discard(slot(game, ALICE, 5)))  # the Early Game ends; 8 tokens
    assert game.clue_tokens == 8 and slot(game, ALICE, 5) == red3
    d = decide(game, bots)
    assert d.explanation.startswith("I must give a clue") and d.action != clue(game, "Alice red"), d
    act(game, bots, d.action)
    assert not isinstance(bots[ALICE].decide(PlayerView.of(game, ALICE)).action, Play)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_clue_whose_focus_the_clues_prove_useless_promises_nothing_about_its_other_cards(level) -> None:
    # Deal h31/3 (level 3, 2 players, the careful level-2 stand-in as Alice): red 2, yellow 3, green 1, blue 4
    # and white 2 played; green on Bob's green 4 told his other cards they are not green. At 8 tokens Alice
    # stalls with 2 on Bob's chop (slot 4) and slot 1. His chop focus is no green 2, the one 2 still needed: the
    # clues prove it useless, so the clue broke good touch itself, and slot 1 (the white 2, already played) is
    # not the green 2 by good touch. Bob does not play it; he discards his useless chop
    game = position(["x x x x x", "w2 g1 w4 b2 g4"], stacks="r2 y3 g1 b4 w2", current=ALICE)
    v = game.variant
    pretend_clued(game, ColourClue(BOB, 2), [slot(game, BOB, 5)])
    for n in (2, 3, 4):
        o = slot(game, BOB, n)
        game.knowledge[o] &= ~v.colour_masks[2]
        game.clue_history[o].append((-1, ColourClue(BOB, 2), False))
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Bob 2"))
    assert reading(game, bots[BOB], slot(game, BOB, 1)) == {"r2", "y2", "g2", "b2", "w2"}
    d = decide(game, bots)
    assert d.action == Discard(slot(game, BOB, 4)), d


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
def test_an_end_game_stall_re_touches_no_useless_card(level) -> None:
    # Deal h31/269 (3 players, level 2, the all-habits level-2 stand-in as Cathy): white 1 played, Cathy holds
    # the other white 1 and the white 2, both clued white (a play clue on her chop, the white 2). Three cards
    # left in the deck, nothing to play, no play or save clue: the bots stalled with white to Cathy again. That
    # re-touch is a Tempo Clue to a person (the beginner's guide: a clue that gets no new card is a play clue on
    # its leftmost card), so she played her slot 4, the white 1, and struck. A stall must be a clue nobody reads
    # as a play of a card that does not play: no tempo clue whose leftmost card is useless (nobody reads it as
    # useless); with no other stall, the guide's answer is to discard
    game = position(["g1 g2 y1 r1 r2", "g4 y2 y4 w5 g5", "b4 r3 b2 w1 w2"], stacks="r5 y5 g4 b2 w1",
                    current=ALICE, clue_tokens=3, strikes=1)
    w3 = next(o for o in game.draw_pile if game.deck[o] == game.variant.parse_card("w3"))
    game.draw_pile[:] = [o for o in game.draw_pile if o != w3][:3] + [w3]  # 4 cards left, the white 3 on top
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 4), slot(game, BOB, 5)])
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Cathy white"))
    act(game, bots, Discard(slot(game, BOB, 3)))
    act(game, bots, clue(game, "Bob 2"))  # Cathy saves Bob's yellow 2 (trash: a habit of hers)
    act(game, bots, clue(game, "Bob white"))  # Alice: a delayed play clue on his white 3
    assert game.deck_count == 3 and game.clue_tokens == 1
    d = decide(game, bots)
    assert d.action != ColourClue(CATHY, 4), d.explanation
    assert isinstance(d.action, Discard), d.explanation


def stall_on_alices_white_5(white_4: str):
    # After deal h31/31 (3 players, level 3, the all-habits stand-in as Cathy), turn 59: white 3 played, Alice's
    # clued white 5 waits for the white 4, clued 4 in Bob's hand (neither his clues nor a convention tell him it
    # is white). Late in the game, nothing to play or save, Bob stalls with 5 to Alice. Cathy plays between Bob and
    # Alice and reads that Tempo Clue as a play clue on the white 5: the white 4 is in Bob's hand, which he cannot
    # see, and nowhere he sees it clued or on a finesse position, so by the Finesse page it is on her own finesse
    # position (in the deal she blind-played a green 4 and struck). `white_4`: where the white 4 is ("bob", "bob
    # known": his clues tell him it is the white 4, "deck", "cathy clued", "cathy finesse": her finesse position)
    bob = "b1 y1 b4 w4 w1" if white_4.startswith("bob") else "b1 y1 b4 y4 w1"
    cathy = {"cathy clued": "g4 g2 w4 g1 r4", "cathy finesse": "w4 g2 g3 g1 r4"}.get(white_4, "g4 g2 g3 g1 r4")
    game = position(["w3 b3 w5 w1 b1", bob, cathy], stacks="r5 y3 g5 b4 w3", current=BOB, clue_tokens=2)
    game.draw_pile[:] = game.draw_pile[:3]  # 3 cards left: a stall beats a discard
    pretend_clued(game, RankClue(ALICE, 5), [slot(game, ALICE, 3)])
    pretend_clued(game, ColourClue(ALICE, 3), [slot(game, ALICE, 2), slot(game, ALICE, 5)])  # blue
    pretend_clued(game, RankClue(BOB, 4), [slot(game, BOB, 3), slot(game, BOB, 4)])
    if white_4 == "bob known":
        pretend_clued(game, ColourClue(BOB, 4), [slot(game, BOB, 4), slot(game, BOB, 5)])  # white
    pretend_clued(game, ColourClue(CATHY, 2), [slot(game, CATHY, 4)])  # green
    pretend_clued(game, ColourClue(CATHY, 0), [slot(game, CATHY, 5)])  # red
    if white_4 == "cathy clued":
        pretend_clued(game, RankClue(CATHY, 4), [slot(game, CATHY, 3), slot(game, CATHY, 5)])
    return game


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
@pytest.mark.parametrize("white_4, misread", [("bob", True), ("deck", True), ("bob known", False),
                                              ("cathy clued", False), ("cathy finesse", False)])
def test_a_stall_whose_missing_card_a_partner_between_would_read_on_their_own_hand_is_no_stall(
        level, white_4, misread) -> None:
    # and where Cathy finds the white 4 where Bob sees it (clued: a Prompt, or on her finesse position: a
    # Finesse that gets it), or Bob's clues tell him his own, the stall reads as the play it is
    game = stall_on_alices_white_5(white_4)
    bots = bots_for(game, level)
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    assert tempo_reads_as_finesse(view, notes, RankClue(ALICE, 5), notes.board(view)) == misread


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
@pytest.mark.parametrize("known", [False, True])
def test_a_stall_whose_missing_card_its_receiver_would_read_on_their_own_hand_is_no_stall(level, known) -> None:
    # After deal h31/60 (3 players, level 3, the all-habits stand-in as Cathy), turn 59: yellow 3 played, Cathy's
    # clued yellow 5 waits for the yellow 4, clued 4 in Bob's hand (nothing tells him it is yellow). Bob stalls with
    # yellow to Cathy: she reads that Tempo Clue as a play clue on her yellow 5, finds the yellow 4 nowhere Bob
    # sees it, so as a Self-Finesse (level 2), and blind-plays (in the deal a blue 3). With his 4 clued yellow
    # too, Bob knows it: a Delayed Play Clue through it
    game = position(["g2 g3 r4 r3 b1", "b1 r1 g1 y4 r2", "r1 b3 g4 w2 y5"], stacks="r5 y3 g5 b4 w5",
                    current=BOB, clue_tokens=2)
    game.draw_pile[:] = game.draw_pile[:3]
    pretend_clued(game, RankClue(BOB, 4), [slot(game, BOB, 4)])
    if known:
        pretend_clued(game, ColourClue(BOB, 1), [slot(game, BOB, 4)])  # yellow
    pretend_clued(game, RankClue(CATHY, 5), [slot(game, CATHY, 5)])
    bots = bots_for(game, level)
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    assert tempo_reads_as_finesse(view, notes, RankClue(CATHY, 5), notes.board(view)) == (not known)
    if not known:
        assert decide(game, bots).action not in (RankClue(CATHY, 5), ColourClue(CATHY, 1))


@pytest.mark.parametrize("partner", ["conventions@3", "level2-proxy", "level3-proxy"])
def test_a_forced_clue_is_none_its_receiver_reads_as_a_self_finesse(partner) -> None:
    # Deal h31/95, turn 10 (level 3, 2 players, the careful level-2 stand-in as Alice): red, yellow and green 1
    # played; Bob has nothing to play or save and 8 tokens, so he must clue. He gave 3 on Alice's red 3 (and green
    # 3): no red 2 anywhere he sees it, so nothing but a Self-Finesse explains that play clue to her (level 2: "only
    # if there are no other possibilities"), and she blind-played her slot 1, the yellow 1, and struck. At levels
    # 1 to 3 the guide's only stalls are the 5 Stall and the Tempo Clue: a forced clue that reads as a play clue
    # on a card nobody can get played is a misread of her finesse card, so Bob gives another, and she plays nothing
    from hanabi_desktop.bots.registry import create

    game = position(["r3 w2 g3 w4 w3", "b4 g5 g2 y4 g2"], stacks="r1 y1 g1", discarded="r4 y1", current=ALICE,
                    clue_tokens=7)
    v = game.variant
    y1 = next(o for o in game.draw_pile if game.deck[o] == v.parse_card("y1"))
    game.draw_pile.remove(y1)
    game.draw_pile.append(y1)  # the card Alice draws next
    for n, missed in ((2, [RankClue(BOB, 1)]), (3, [RankClue(BOB, 1)]),
                      (4, [ColourClue(BOB, 0), RankClue(BOB, 1)]), (5, [ColourClue(BOB, 0), RankClue(BOB, 1)])):
        o = slot(game, BOB, n)  # red on his red 1 and 1 on his yellow 1 missed these: none is red 2 to him
        for c in missed:
            game.knowledge[o] &= ~(v.colour_masks[c.colour] if isinstance(c, ColourClue) else v.rank_masks[c.rank])
            game.clue_history[o].append((-1, c, False))
    bots: list = bots_for(game, 3)
    bots[ALICE] = create(partner, ALICE, 2, v, "h31/95/0")
    bots[ALICE].observe(PlayerView.of(game, ALICE))
    act(game, bots, Discard(slot(game, ALICE, 5)))  # the Early Game ends; 8 tokens
    assert game.clue_tokens == 8 and slot(game, ALICE, 1) == y1
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    three = RankClue(ALICE, 3)
    hit, knowledge, before = clue_effect(view, notes, three)
    read = read_clue(view, notes, BOB, three, knowledge, hit, before)
    assert forced_reads_as_self_finesse(view, notes, three, notes.board(view), read)
    d = decide(game, bots)
    assert d.action != three, d
    act(game, bots, d.action)
    assert not isinstance(bots[ALICE].decide(PlayerView.of(game, ALICE)).action, Play)


def stall_on_cathys_white_3(level):
    # Deal h31/183, turn 46 (3 players, level 3, the careful level-2 stand-in as Cathy): red and yellow 5, green 3,
    # blue and white 2 played, one blue 3 and one white 3 discarded, 7 cards left. Alice gives 3 to Cathy, on her
    # new white 3: of the 3s only the blue 3 and the white 3 are useful, both playable, so Cathy reads it as a
    # playable 3 and will play it. Bob has nothing to play or save
    game = position(["g1 w2 w4 b4 b4", "g3 g1 g5 y1 b5", "w3 r1 g4 g2 w4"], stacks="r5 y5 g3 b2 w2",
                    discarded="w1 y4 b1 b1 g4 w3 r2 b3 r3 y1 r4", current=ALICE, clue_tokens=4)
    game.draw_pile[:] = game.draw_pile[:8]
    pretend_clued(game, ColourClue(BOB, 2), [slot(game, BOB, 3)])  # green
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 5)])
    pretend_clued(game, ColourClue(BOB, 3), [slot(game, BOB, 5)])  # blue
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Cathy 3"))
    return game, bots


@pytest.mark.parametrize("level", [2, 3])
def test_a_stall_that_repeats_a_clue_on_a_card_read_as_playable_is_no_stall_at_level_3(level) -> None:
    # Bob's end-game stall repeated 3 on Cathy's white 3: at level 3 that is the Fix Clue That Gives No Additional
    # Information ("Since Bob was going to play the 1 already without Alice doing anything, the clue must have
    # some other meaning. Thus, it is a Fix Clue"), and Cathy discarded her playable white 3. Bob stalls some
    # other way or discards; below level 3 the re-touch is a Tempo Clue, read as the play it is
    game, bots = stall_on_cathys_white_3(level)
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    assert tempo_reads_as_stop(view, notes, RankClue(CATHY, 3), notes.board(view)) == (level == 3)
    assert not tempo_reads_as_stop(view, notes, ColourClue(CATHY, 4), notes.board(view))  # white tells her more
    if level == 3:
        d = decide(game, bots)
        assert d.action != RankClue(CATHY, 3), d.explanation


def stall_on_cathys_green_5(level, told: bool):
    # Deal h31/151, turn 50 (3 players, level 2, the all-habits level-2 stand-in as Cathy): red and yellow 5,
    # green 3, blue 1 and white 4 played, 5 cards left. Alice's clued 4s are the blue 4 (slot 4) and the green 4
    # (slot 5): Bob's 4 was a play clue on her chop, which he reads as the green 4 (he saw it), slot 4 then not
    # the green 4 (good touch); Alice cannot tell them apart (her reading: the green or the blue 4 each). Cathy's
    # clued 5s are the green 5 and the white 5. `told`: a blue clue on slot 4 tells Alice her 4s apart
    game = position(["b1 g1 r1 b4 g4", "b2 b1 g1 y2 b3", "r1 y3 w1 g5 w5"], stacks="r5 y5 g3 b1 w4",
                    discarded="r3 g4 w3 y1 b3 r2 r4 w4 y4 g2 w2 b2", current=BOB, clue_tokens=3)
    game.draw_pile[:] = game.draw_pile[:5]
    pretend_clued(game, RankClue(ALICE, 4), [slot(game, ALICE, 4), slot(game, ALICE, 5)])
    if told:
        pretend_clued(game, ColourClue(ALICE, 3), [slot(game, ALICE, 4)])  # blue
    pretend_clued(game, RankClue(BOB, 3), [slot(game, BOB, 5)])
    pretend_clued(game, RankClue(CATHY, 5), [slot(game, CATHY, 4), slot(game, CATHY, 5)])
    bots = bots_for(game, level)
    bit = {t: 1 << game.variant.parse_card(t).identity for t in ("g4", "b4")}
    for bot in bots:  # what the 4 clue was read as (the clue itself came before the bots sat down)
        for n in (4, 5):
            bot.notes.conv[slot(game, ALICE, n)] = bit["b4"] if told and n == 4 else bit["g4"] | bit["b4"]
    bots[BOB].notes.conv[slot(game, ALICE, 4)] = bit["b4"]
    bots[BOB].notes.conv[slot(game, ALICE, 5)] = bit["g4"]
    return game, bots


@pytest.mark.parametrize("level", ["beginner", 1, 2, 3])
@pytest.mark.parametrize("told", [False, True])
def test_a_stall_whose_prompt_lands_on_a_clued_card_that_is_not_the_card_is_no_stall(level, told) -> None:
    # Late in the game, nothing to play or save, Bob stalled with green to Cathy, re-touching her green 5: a
    # Tempo Clue, read as a play clue on it, waiting for the green 4. By the Prompt (level 1) Alice plays her
    # leftmost clued card that could be the green 4: slot 4, the blue 4, a strike (then she blind-played for the
    # same green 5 and struck again; the game struck out). Bob counted the green 4 as called (his reading of his
    # own clue), not as what Alice could tell. Where a blue clue tells her slot 4 apart, the stall reads as the
    # delayed play clue it is
    game, bots = stall_on_cathys_green_5(level, told)
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    for stall in (ColourClue(CATHY, 2), RankClue(CATHY, 5)):  # green, 5: both re-touch the green 5 first
        assert tempo_reads_as_wrong_prompt(view, notes, stall, notes.board(view)) == (not told)
    if not told:
        d = decide(game, bots)
        assert d.action not in (ColourClue(CATHY, 2), RankClue(CATHY, 5)), d.explanation


@pytest.mark.parametrize("level", [2, 3])
def test_after_a_prompted_card_misplays_the_prompt_goes_on_to_the_next_clued_card_that_may_be_the_card(level) -> None:
    # The same deal, turns 50-55: the stall was given; Alice took the Prompt on slot 4, the blue 4, and struck.
    # Her other clued 4, the green 4, may still be the green 4 the clue waits for, and Prompts take precedence
    # over Finesses (level 2): she plays it, not her finesse position (the Wrong Prompt is for a prompted player
    # with no other clued card that may be the card; she blind-played a trash blue 1 and struck again)
    game, bots = stall_on_cathys_green_5(level, told=False)
    green_4 = slot(game, ALICE, 5)
    order = {t: game.draw_pile[i] for i, t in enumerate(("w1", "b5", "b4", "g3", "y1"))}
    assert all(game.variant.card_text(game.deck[o]) == t for t, o in order.items())
    game.draw_pile[:] = [order[t] for t in ("w1", "g3", "y1", "b4", "b5")]  # as dealt: Cathy draws the blue 5,
    # then Alice the other blue 4 (so the blue 4 that struck does not tell her slot 5 is the green 4)
    act(game, bots, ColourClue(CATHY, 2))  # green: re-touches the green 5
    act(game, bots, Discard(slot(game, CATHY, 3)))
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 4)), d.explanation  # the Prompt on her leftmost 4
    act(game, bots, d.action)
    assert game.strikes == 1
    act(game, bots, ColourClue(CATHY, 4))  # white: Cathy's white 5
    act(game, bots, Play(slot(game, CATHY, 5)))
    d = decide(game, bots)
    assert d.action == Play(green_4), d.explanation
