"""The H-group guide's level 2 and level 3 pages and their challenge questions (hanabi.github.io, read end to
end for issue 31), each position built to match: purple there is white here; 'x' is a card the page leaves
unnamed (see `positions.filled`). The pages' worked examples that already had a test are in
test_conventions.py (names ending in `page_example`, and the reverse finesse, self-finesse, sarcastic discard
and after-a-strike tests); this file holds the rest.

Each test names its page (or challenge question) and asserts what the page says the players read or do.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import MISPLAY
from hanabi_desktop.engine import Card, ColourClue, Discard, Game, Play, RankClue
from tests.bots.positions import (
    ALICE,
    BOB,
    CATHY,
    act,
    bots_for,
    clue,
    decide,
    position,
    reading,
    slot,
)
from tests.bots.test_conventions import pretend_clued
from tests.bots.test_conventions_peer_positions import clue_value
from tests.engine.helpers import stacked_game


def told_not(game: Game, seat: int, n: int, *colours: str) -> None:
    """The card in `seat`'s slot `n` was left out by earlier colour clues to that seat (negative information)."""
    o = slot(game, seat, n)
    for name in colours:
        c = ColourClue(seat, game.variant.colour_names.index(name))
        assert not game.variant.colour_masks[c.colour] >> game.deck[o].identity & 1
        game.knowledge[o] &= ~game.variant.colour_masks[c.colour]
        game.clue_history[o].append((-1, c, False))


def names(game: Game, mask: int) -> set[str]:
    """The card texts of the identities in `mask`."""
    return {game.variant.card_text(Card.from_identity(i)) for i in range(25) if mask >> i & 1}


# ---- Level 2 page ---------------------------------------------------------------------------------------

def test_level2_5_stall_in_the_early_game_saves_an_off_chop_5() -> None:
    # "The 5 Stall": in the Early Game, with no play or save clue to give, 5 on an off-chop 5 is a save
    # ("a stall"): Alice gives it, and Bob keeps the 5 rather than play it
    game = position(["x x x x x", "x w5 x x x", "x x x x x"], avoid="5")
    bots = bots_for(game, 2)
    d = decide(game, bots)
    assert d.action == clue(game, "Bob 5"), d.explanation
    assert d.explanation.startswith("5 Stall"), d.explanation
    act(game, bots, d.action)
    assert decide(game, bots).action != Play(slot(game, BOB, 2))


def test_level2_5_stall_in_the_mid_game_from_a_player_who_may_not_discard() -> None:
    # "The 5 Stall": "you might see someone do a 5 Stall in the Mid-Game if they are in a special situation
    # where they are not allowed to discard". After a discard, at 8 tokens, Alice has nothing to play or save:
    # 5 on Bob's white 5 (off his chop) is a 5 Stall. Bob keeps it: not a play clue on the yellow, green or blue 5
    # (it was read so, and the white 5 misplayed)
    game = position(["x x x x x", "x w5 x x x"], stacks="r3 y4 g4 b4 w3", current=BOB, clue_tokens=7, avoid="45")
    bots = bots_for(game, 2)
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action == clue(game, "Bob 5") and d.explanation.startswith("5 Stall"), d.explanation
    act(game, bots, d.action)
    assert reading(game, bots[BOB], slot(game, BOB, 3)) == {"r5", "y5", "g5", "b5", "w5"}
    d = decide(game, bots)
    assert d.action != Play(slot(game, BOB, 3)), d.explanation


def retouched_five(card: str, level: int) -> tuple[Game, list]:
    """Two players, the Early Game at 8 clue tokens: Bob's slot 3 is a 5 saved earlier (a known 5), red 4 and
    yellow 3 are played, and Alice has nothing to play or save."""
    game = position(["x x x x x", f"x x {card} x x"], stacks="r4 y3", avoid="5")
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 3)])
    return game, bots_for(game, level)


def test_level2_a_5_clue_that_touches_no_new_card_is_a_tempo_clue_not_a_5_stall() -> None:
    # "The 5 Stall" is a 5 clue "as a Save Clue to off chop 5's" (a 5 Save touches "a previously-unclued 5");
    # a clue that touches no new card is a Tempo Clue, "a Play Clue that does not get any brand new cards"
    # (beginner's guide, Minimum Clue Value Principle), on its leftmost re-touched card. Alice re-clues 5 on
    # Bob's saved 5 with red at 4: Bob plays it as the red 5 (it was read as a 5 Stall, and kept)
    for level in (2, 3):
        game, bots = retouched_five("r5", level)
        act(game, bots, clue(game, "Bob 5"))
        assert reading(game, bots[BOB], slot(game, BOB, 3)) == {"r5"}
        d = decide(game, bots)
        assert d.action == Play(slot(game, BOB, 3)), d.explanation


def test_level2_the_bot_stalls_with_no_5_clue_that_touches_no_new_card() -> None:
    # the same re-touch on a yellow 5: Bob would read it as the red 5 and strike, so Alice does not give it as
    # a stall (she gave it, calling it a "5 Stall"), and Bob does not play his 5 on the clue she gives
    for level in (2, 3):
        game, bots = retouched_five("y5", level)
        assert clue_value(game, bots, "Bob 5") <= MISPLAY / 2
        d = decide(game, bots)
        assert d.action != clue(game, "Bob 5") and "5 Stall" not in d.explanation, d.explanation
        act(game, bots, d.action)
        assert decide(game, bots).action != Play(slot(game, BOB, 3))


def test_level2_after_a_strike_a_card_read_apart_from_the_misplayed_focus_is_read_afresh() -> None:
    # "What to Do After a Strike": "the state of information should reset back to what it was before the
    # mistake happened". Deal h31/162: Bob, holding his clued yellow 2 (yellow and 2) and yellow 5, clues yellow
    # on Alice's yellow 2 (slot 2) and yellow 3 (slot 4), a copy of his own card. By good touch she reads the
    # focus as the yellow 3 (through his yellow 2), so slot 4 as not the yellow 3. Bob plays his yellow 2, hers
    # misplays as the yellow 3: that reading was wrong, and so is the one it gave slot 4, which may be the yellow
    # 3 after all (it was read as the yellow 4, and misplayed once Bob's yellow 3 was played)
    for level in (1, 2, 3):
        game = position(["x y2 x y3 x", "x y3 x y5 y2"], stacks="y1", current=BOB, clue_tokens=6, avoid="y")
        for o in (slot(game, BOB, 4), slot(game, BOB, 5)):
            pretend_clued(game, ColourClue(BOB, 1), [o])
        pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 4)])
        pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 5)])
        bots = bots_for(game, level)
        focus, beside = slot(game, ALICE, 2), slot(game, ALICE, 4)
        act(game, bots, clue(game, "Alice yellow"))
        assert reading(game, bots[ALICE], focus) == {"y3"}
        assert "y3" not in reading(game, bots[ALICE], beside)
        act(game, bots, Discard(slot(game, ALICE, 5)))
        act(game, bots, Play(slot(game, BOB, 5)))
        act(game, bots, Play(focus))
        assert game.strikes == 1
        assert "y3" in reading(game, bots[ALICE], beside), level


def test_level2_self_finesse_not_when_the_clue_can_be_a_direct_play() -> None:
    # "The Self-Finesse": a receiver considers it only if nothing else explains the clue. Green 2 played: 3 to
    # Cathy's green 3 can be a direct play clue, so she plays it and does not blind-play her finesse position
    game = position(["x x x x x", "x x x x x", "b2 g3 x x x"], stacks="r1 y1 g2 b1 w1", avoid="3")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Cathy 3"))
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 2)), d.explanation


def test_level2_self_finesse_not_when_the_clue_can_be_a_prompt() -> None:
    # "The Self-Finesse": a clue that could be a Prompt is one. All 1s played; Bob's 2 is clued (the red 2);
    # Alice clues 3 to Cathy's red 3: Bob plays his 2 (a prompt), Cathy waits for it rather than blind-play
    # the blue 2 on her finesse position, then plays her 3
    game = position(["x x x x x", "x x r2 x x", "b2 r3 x x x"], stacks="r1 y1 g1 b1 w1", current=CATHY,
                    clue_tokens=7, avoid="23")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 2"))  # Cathy (a play clue on the red 2, which Bob does not take yet)
    act(game, bots, clue(game, "Cathy 3"))  # Alice
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 3)), d.explanation
    act(game, bots, d.action)
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 2)), d.explanation


def test_level2_trash_a_dead_suit_makes_its_higher_cards_trash() -> None:
    # "Trash": both red 3s discarded, so the red 4 and red 5 are trash. Alice's clued card is the known red 4:
    # she discards it (not her chop); a red clue on Bob's red 5 would touch trash
    game = position(["x x x r4 x", "r5 x x x x"], stacks="y2 g2 b2 w2", discarded="r3 r3", clue_tokens=6,
                    avoid="r4")
    pretend_clued(game, ColourClue(ALICE, 0), [slot(game, ALICE, 4)])
    pretend_clued(game, RankClue(ALICE, 4), [slot(game, ALICE, 4)])
    bots = bots_for(game, 2)
    d = decide(game, bots)
    assert d.action == Discard(slot(game, ALICE, 4)), d.explanation
    assert clue_value(game, bots, "Bob red") <= MISPLAY / 2


def test_level2_a_one_away_from_playable_card_gets_no_play_clue() -> None:
    # "One-Away-From-Playable Cards": no red played, no red 1 anywhere, Bob's red 2 saved with 2. Cathy's red 3
    # is one away from playable: not a legal target for a play clue (she would read it as the red 1)
    game = position(["x x x x x", "x x x x r2", "r3 x x x x"], current=CATHY, avoid="1r")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 2"))
    assert clue_value(game, bots, "Cathy red") <= MISPLAY / 2
    assert decide(game, bots).action not in (clue(game, "Cathy red"), clue(game, "Cathy 3"))


def test_level2_no_stomping_on_a_finesse() -> None:
    # "Stomping on a Finesse": Alice clues Donald's red 2, finessing Cathy's red 1; Bob, whose turn comes before
    # Cathy's blind play, does not clue that red 1 directly
    game = position(["x x x x", "x x x x", "r1 x x x", "r2 x x x"], avoid="1r")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Donald red"))
    d = decide(game, bots)
    assert d.action not in (clue(game, "Cathy red"), clue(game, "Cathy 1")), d.explanation


# ---- Level 2 challenge questions -----------------------------------------------------------------------

def test_level2_question_early_game_a_5_stall_rather_than_a_discard() -> None:
    # "Early Game": one clue token, nothing to play or save: a 5 Stall on Donald's white 5 beats a discard
    # (Bob's chop is a trash green 1, Alice's may be worth more)
    game = position(["x x x x", "r4 r1 w3 g1", "w2 b4 b4 r2", "w5 g3 b1 r1"], stacks="r2 y1 g3 b1",
                    clue_tokens=1)
    bots = bots_for(game, 2)
    d = decide(game, bots)
    assert d.action == clue(game, "Donald 5"), d.explanation


def test_level2_question_find_the_best_clue_1_no_reverse_finesse_through_a_clued_2() -> None:
    # "Find the Best Clue, I": Cathy's clued 2 would take red on Bob's red 3 as a prompt (and misplay her white
    # 2); red to Cathy touches a trash red 1. The one valid clue is 2 to Cathy (her red 2)
    game = position(["x x x x x", "w4 r3 b5 b2 y1", "r2 w2 r1 y4 g1"], stacks="r1 y1 g1", discarded="y4")
    pretend_clued(game, ColourClue(BOB, 3), [slot(game, BOB, 4)])
    pretend_clued(game, RankClue(CATHY, 2), [slot(game, CATHY, 2)])
    bots = bots_for(game, 2)
    for words in ("Bob red", "Bob 3"):
        assert clue_value(game, bots, words) <= MISPLAY / 2, words
    d = decide(game, bots)
    assert d.action == clue(game, "Cathy 2"), d.explanation


def test_level2_question_find_the_best_clue_2_a_reverse_finesse() -> None:
    # "Find the Best Clue, II": green to Bob's green 4 is a reverse finesse on Cathy's green 3 (her clued card is
    # yellow: it cannot connect), two new cards; better than 3 to Cathy (one)
    game = position(["x x x x x", "y4 g4 b2 r1 b5", "g3 y1 b4 y3 g1"], stacks="r1 y1 g2 b2 w2",
                    discarded="b4 r3")
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 5)])
    pretend_clued(game, ColourClue(CATHY, 1), [slot(game, CATHY, 4)])
    bots = bots_for(game, 2)
    assert clue_value(game, bots, "Bob green") > clue_value(game, bots, "Cathy 3")
    d = decide(game, bots)
    assert d.action == clue(game, "Bob green"), d.explanation


def test_level2_question_find_the_best_clue_3_a_self_finesse() -> None:
    # "Find the Best Clue, III": 4 to Bob on his chop red 4 (no 4 is critical: no save; none playable; Cathy has
    # no connecting card) is a self-finesse on his red 3: two new cards. Bob blind-plays it, then the red 4
    game = position(["x x x x x", "r3 b5 w1 r1 r4", "g4 y1 b1 w4 b2"], stacks="r2 y1 g1 b2 w2",
                    discarded="g3")
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 2)])
    pretend_clued(game, ColourClue(CATHY, 4), [slot(game, CATHY, 4)])
    bots = bots_for(game, 2)
    assert clue_value(game, bots, "Bob 4") > clue_value(game, bots, "Bob 3")
    d = decide(game, bots)
    assert d.action == clue(game, "Bob 4"), d.explanation
    act(game, bots, d.action)
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and d.explanation.startswith("self-finesse"), d.explanation


def test_level2_question_play_or_save() -> None:
    # "Play or Save?": red 3 and red 4 discarded; 3 to Bob on slots 3 and 5 (chop focus). No 3 is playable: the
    # chop is the red 3 (a critical save), slot 3 a yellow, green, blue or white 3. Not a reverse finesse on
    # Cathy's red 2 (she reads a save too). Bob then gives 2 to Cathy (her red 2, and the white 2 for free)
    game = position(["x x x x x", "x x b3 x r3", "r2 b4 w2 g1 y1"], stacks="r1 y1 g1", discarded="r3 r4 g4",
                    avoid="3")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 3"))
    assert reading(game, bots[BOB], slot(game, BOB, 5)) == {"r3"}
    assert reading(game, bots[BOB], slot(game, BOB, 3)) == {"y3", "g3", "b3", "w3"}
    assert slot(game, CATHY, 1) not in bots[CATHY].notes.finessed
    d = decide(game, bots)
    assert d.action == clue(game, "Cathy 2"), d.explanation


def test_level2_question_reverse_1_a_2_save_is_no_reverse_finesse() -> None:
    # "Reverse, I?": 2 to Bob on his chop yellow 2 is a 2 Save, not a reverse finesse: Cathy does not blind-play
    # (even with a yellow 1 on her finesse position)
    game = position(["x x x x x", "r4 g4 b3 w1 y2", "y1 x x x x"], stacks="r2 b1 w2", avoid="2y")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 2"))
    act(game, bots, Discard(slot(game, BOB, 4)))
    d = decide(game, bots)
    assert d.action != Play(slot(game, CATHY, 1)), d.explanation


def test_level2_question_reverse_2_a_play_clue_on_a_chop_4_is_a_reverse_finesse() -> None:
    # "Reverse, II?": 4 to Bob on his chop green 4 (not critical: a play clue); Bob discards; Cathy blind-plays the
    # green 3 from her finesse position
    game = position(["x x x x x", "r2 b5 b1 w1 g4", "g3 x x x x"], stacks="r2 y2 g2 b2 w2", discarded="w3 w4",
                    avoid="4g")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 4"))
    act(game, bots, Discard(slot(game, BOB, 4)))
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 1)) and d.explanation.startswith("finesse"), d.explanation


def test_level2_question_reverse_3_a_play_now_or_after_a_reverse_finesse() -> None:
    # "Reverse, III?": 3 to Bob's slot 2: the red or blue 3 now, or the white 3 if Cathy blind-plays her white 2
    # (a reverse finesse). Bob waits, and saves Cathy's chop: the critical green 3
    game = position(["x x x x x", "x w3 x x x", "w2 w1 b2 r4 g3"], stacks="r2 y1 g1 b2 w1",
                    discarded="g3 w3 w4", avoid="3g")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 3"))
    assert reading(game, bots[BOB], slot(game, BOB, 2)) == {"r3", "b3", "w3"}
    d = decide(game, bots)
    assert d.action == clue(game, "Cathy green"), d.explanation


def test_level2_question_two_possibilities_1_wait_for_the_reverse_finesse() -> None:
    # "Two Possibilities, I": blue to Bob's slot 2 is the blue 2, or the blue 3 behind Cathy's blue 2 on her
    # finesse position (a reverse finesse). Bob does not play it, and does not clue that blue 2
    game = position(["x x x x x", "x b3 x x x", "b2 g4 w3 g1 w1"], stacks="r1 y1 g1 b1 w1", avoid="b")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob blue"))
    # Bob's note "b2, b3 if blue 2 f": the blue 3 while he waits for the blind play, the blue 2 if it does not come
    assert reading(game, bots[BOB], slot(game, BOB, 2)) == {"b3"}
    holder, focus, without = bots[BOB].notes.fallback[slot(game, CATHY, 1)]
    assert (holder, focus, names(game, without)) == (CATHY, slot(game, BOB, 2), {"b2"})
    d = decide(game, bots)
    assert d.action not in (Play(slot(game, BOB, 2)), clue(game, "Cathy blue"), clue(game, "Cathy 2")), d.explanation


def test_level2_question_two_possibilities_2_negative_green_makes_a_self_finesse() -> None:
    # "Two Possibilities, II": 3 to Bob's slot 4, a card earlier clues showed is neither red nor green; no 2 is
    # played. Not a reverse finesse on Cathy's green 2 (it is not green): a self-finesse. Bob reads the yellow or
    # white 3 and blind-plays his finesse position at once
    game = position(["x x x x x", "w2 x x w3 x", "g2 b4 w4 y3 r1"], stacks="r1 y1 g1 b3 w1", avoid="3")
    told_not(game, BOB, 4, "red", "green")
    bots = bots_for(game, 2)
    act(game, bots, clue(game, "Bob 3"))
    assert reading(game, bots[BOB], slot(game, BOB, 4)) == {"y3", "w3"}
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and d.explanation.startswith("self-finesse"), d.explanation


# ---- Level 3 page ---------------------------------------------------------------------------------------

def test_level3_1s_focus_is_the_1_that_plays_first() -> None:
    # "Playing Multiple 1's", Focus: only the yellow 1 is still to play; 1 on Bob's slots 2 and 4 (his starting
    # hand) is focused on the 1 that plays first, the oldest: slot 4 is the yellow 1, and he plays it
    game = position(["x x x x x", "x r1 x y1 x"], stacks="r1 g1 b1 w1", avoid="1")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob 1"))
    assert reading(game, bots[BOB], slot(game, BOB, 4)) == {"y1"}
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 4)), d.explanation


def test_level3_fix_clue_fills_in_a_card_read_as_the_last_of_its_suit() -> None:
    # "The Fix Clue", first example: white 4 played, Bob's clued white card reads as the white 5 (good touch);
    # it is the white 3. Alice clues 3: it fills the card in, and Bob discards it
    game = position(["x x x x x", "x x x w3 x", "x x x x x"], stacks="r3 y2 g2 b2 w4", current=CATHY,
                    avoid="3w")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob white"))  # Cathy (a mistake: the white 3 is already played)
    assert reading(game, bots[BOB], slot(game, BOB, 4)) == {"w5"}
    d = decide(game, bots)
    assert d.action == clue(game, "Bob 3"), d.explanation
    act(game, bots, d.action)
    d = decide(game, bots)
    assert d.action == Discard(slot(game, BOB, 4)), d.explanation


def test_level3_fix_clue_no_new_information_on_the_last_1() -> None:
    # "The Fix Clue (That Gives No Additional Information)", first example: 1 to Bob touched three 1s; he plays
    # two; Alice clues 1 again, re-touching only the last one: it is bad, Bob discards it
    game = stacked_game("g3 b4 y4 w4 r4  g4 r1 y1 r1 w3  b5 y5 g5 w5 r5")
    game.clue_tokens = 7
    bots = bots_for(game, 3)
    act(game, bots, RankClue(1, 1))
    for turn in range(2):
        d = decide(game, bots)
        assert isinstance(d.action, Play), d.explanation
        act(game, bots, d.action)
        if turn == 0:
            act(game, bots, Discard(game.hands[ALICE][-1]))
    last = slot(game, BOB, 4)
    assert game.deck[last] == game.variant.parse_card("r1")  # the red 1 already played
    d = decide(game, bots)
    assert d.action in (RankClue(BOB, 1), ColourClue(BOB, 0)), d.explanation  # Alice fixes it
    act(game, bots, RankClue(BOB, 1))  # as on the page
    d = decide(game, bots)
    assert d.action == Discard(last), d.explanation


def test_level3_efficiency_a_2_for_1_plays_one_and_keeps_the_other() -> None:
    # "Efficiency": on the first turn red to Bob touches a red 1 and a red 5: he plays the red 1 and keeps the
    # other red card, good to keep (a 2-for-1)
    game = position(["x x x x x", "r1 r5 x x x"], avoid="r")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob red"))
    assert reading(game, bots[BOB], slot(game, BOB, 2)) <= {"r2", "r3", "r4", "r5"}
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)), d.explanation


def test_level3_information_lock_with_the_full_identity() -> None:
    # "Information Lock with the Full Identity": first turn, red on Bob's slot 1; Cathy's finesse position is not
    # the red 1, so no finesse: Bob's card is the red 1, and he plays it
    game = position(["x x x x x", "r1 x x x x", "x x x x x"], avoid="r")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob red"))
    assert reading(game, bots[BOB], slot(game, BOB, 1)) == {"r1"}
    assert decide(game, bots).action == Play(slot(game, BOB, 1))


def test_level3_breaking_information_lock() -> None:
    # "Breaking Information Lock": Bob's clued 2 is locked in as the red 2 (Cathy's red on Alice's red 3 prompts
    # it); then Alice clues blue to Bob, which fills it in as the blue 2: the lock breaks, it is the blue 2
    game = position(["r3 x x x x", "x x b2 x x", "x x x x x"], stacks="r1 y1 b1", current=CATHY, clue_tokens=6,
                    avoid="2rb")
    pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 3)])
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Alice red"))  # Cathy
    assert reading(game, bots[BOB], slot(game, BOB, 3)) == {"r2"}
    act(game, bots, clue(game, "Bob blue"))  # Alice
    assert reading(game, bots[BOB], slot(game, BOB, 3)) == {"b2"}


# ---- Level 3 challenge questions -----------------------------------------------------------------------

def test_level3_question_an_unexpected_discard() -> None:
    # "An Unexpected Discard" (4 players): red 2 and blue 2 played; Alice's known blue 3 is duplicated by one of
    # Cathy's two clued 3s: Alice discards hers (a sarcastic discard). Cathy, who cannot see it, knows one of
    # her 3s is the blue 3, not which: she plays neither as the blue 3 yet
    game = position(["x x b3 x", "x r3 y3 x", "b3 x g3 x", "x x x x"], stacks="r2 b2", clue_tokens=5,
                    avoid="3b")
    pretend_clued(game, ColourClue(ALICE, 3), [slot(game, ALICE, 3)])
    pretend_clued(game, RankClue(ALICE, 3), [slot(game, ALICE, 3)])
    pretend_clued(game, RankClue(BOB, 3), [slot(game, BOB, 2), slot(game, BOB, 3)])
    pretend_clued(game, RankClue(CATHY, 3), [slot(game, CATHY, 1), slot(game, CATHY, 3)])
    bots = bots_for(game, 3)
    d = decide(game, bots)
    assert d.action == Discard(slot(game, ALICE, 3)) and d.explanation.startswith("sarcastic discard"), d.explanation
    act(game, bots, d.action)
    for n in (1, 3):
        assert "b3" in reading(game, bots[CATHY], slot(game, CATHY, n))
    for n in (2, 3):
        assert "b3" not in reading(game, bots[BOB], slot(game, BOB, n))
    act(game, bots, Discard(slot(game, BOB, 4)))
    d = decide(game, bots)
    assert d.action not in (Play(slot(game, CATHY, 1)), Play(slot(game, CATHY, 3))), d.explanation


def test_level3_a_discarded_clued_card_is_no_sarcastic_discard_to_a_card_its_discarder_clued_as_another() -> None:
    # The Sarcastic Discard transfers a card its discarder sees duplicated in another hand. Alice clues white
    # to Bob's white 3 (a play clue); Bob clues white to Alice's white 4, a delayed play clue through it: by good
    # touch Alice's card is no copy of the white 3 Bob knows he holds. When Bob discards his white 3 (people do;
    # deal h31/62 with the all-habits stand-in, at 0 clue tokens with a locked hand), nothing says Alice's
    # card is the white 3: she keeps reading it as the white 4 and does not play it (it struck out the game)
    game = position(["w4 r4 y4 g4 b4", "w3 r3 y3 g3 b3"], stacks="r1 y1 g1 b1 w2", clue_tokens=6)
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob white"))
    act(game, bots, clue(game, "Alice white"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 1)) == {"w4"}
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 1)))
    assert reading(game, bots[ALICE], slot(game, ALICE, 2)) == {"w4"}
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 2)), d


def test_level3_question_playing_multiple_1s_1_oldest_first() -> None:
    # "Playing Multiple 1's, I": first turn, 1 to Bob on slots 2 and 5: he plays slot 5, then slot 2
    game = position(["x x x x x", "x g1 x x y1"], avoid="1")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Bob 1"))
    first, second = slot(game, BOB, 5), slot(game, BOB, 2)
    assert decide(game, bots).action == Play(first)
    act(game, bots, Play(first))
    act(game, bots, Discard(slot(game, ALICE, 5)))
    assert decide(game, bots).action == Play(second)


def test_level3_question_playing_multiple_1s_2_chop_then_fresh_then_starting_hand() -> None:
    # "Playing Multiple 1's, II": 1 to Bob on his four starting-hand 1s (slots 2-5); he plays slot 5 (red 1).
    # Red on his chop (the red 2); he plays the next 1 (slot 5, blue 1). Then 1 again touches his two new cards
    # and re-touches the two left: the chop (slot 2) plays first, then the fresh slot 1, then slot 5
    game = stacked_game("g3 b4 y4 w4 r4  r1 b1 g1 b1 r2  y1 w1")
    bots = bots_for(game, 3)
    act(game, bots, RankClue(BOB, 1))
    act(game, bots, Play(slot(game, BOB, 5)))
    act(game, bots, ColourClue(BOB, 0))
    act(game, bots, Play(slot(game, BOB, 5)))
    act(game, bots, RankClue(BOB, 1))
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 2)), d.explanation


def test_level3_question_playing_multiple_1s_3_a_repeated_1_clue_skips_the_next_1() -> None:
    # "Playing Multiple 1's, III": first turn, Alice clues 1 to Cathy on slots 3 and 4 (two yellow 1s); Bob at
    # once clues 1 again, re-touching both: a fix clue. Cathy skips slot 4 and plays slot 3
    game = position(["x x x x x", "x x x x x", "x x y1 y1 x"], avoid="1")
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Cathy 1"))
    act(game, bots, clue(game, "Cathy 1"))
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 3)), d.explanation

