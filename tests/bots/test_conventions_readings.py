"""Readings from the H-group pages (issue 31): one model of what each touched card can be.

Positions are built to match the pages' examples (and the peer bot's public level 1-3 tests, translated as
positions): Alice is the bot whose reading is checked, slot 1 is the newest card.
"""

from __future__ import annotations

import pytest

from hanabi_desktop import i18n
from hanabi_desktop.bots.conventions.wording import TURN_LINES
from hanabi_desktop.engine import Discard, Play
from hanabi_desktop.program.resources import locale_dir
from tests.bots.positions import (
    ALICE,
    BOB,
    CATHY,
    DONALD,
    act,
    after_feed,
    bots_for,
    clue,
    decide,
    position,
    reading,
    slot,
)


def test_good_touch_from_the_focus_colour_on_slots_4_and_5() -> None:
    # Good Touch Principle (level 1): white 4 played, Bob clues white to Alice on slots 4 and 5. The chop
    # (slot 5) is the focus: the white 5. Slot 4 cannot be a copy of it, and every other white is played: trash
    game = position(["r1 g1 b1 w2 w5", "r5 r4 r2 y4 b3"], stacks="w4", current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice white"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 5)) == {"w5"}
    assert reading(game, bots[ALICE], slot(game, ALICE, 4)) <= {"w1", "w2", "w3", "w4"}
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5))


def test_good_touch_from_the_focus_a_2_on_slots_1_and_3() -> None:
    # Only the green 2 is still useful among the 2s: a 2 clue on slots 1 and 3 focuses slot 1 (the leftmost
    # new card, the chop not touched): it is the green 2; slot 3 cannot be a second green 2, so it is trash
    game = position(["g2 r3 w2 y4 b4", "r5 r4 y3 y4 b3"], stacks="r2 y2 g1 b2 w2", current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 2"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 1)) == {"g2"}
    assert reading(game, bots[ALICE], slot(game, ALICE, 3)) <= {"r2", "y2", "b2", "w2"}
    d = after_feed(game, bots)  # (Bob, who has nothing to play, may get a play clue first)
    assert d.action == Play(slot(game, ALICE, 1))
    act(game, bots, d.action)
    act(game, bots, clue(game, "Alice 4"))
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 3))


def test_delayed_play_through_a_card_read_by_convention_three_players() -> None:
    # Cathy got a play clue on her red card (red 1, nothing played), then gives Alice red on her red 2: by good
    # touch Alice's red card is not the red 1 Cathy is about to play, it is the red 2, and Alice waits
    game = position(["y4 r2 g3 b3 w4", "y3 b4 g4 w3 y4", "g4 b4 r1 w3 y3"], current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Cathy red"))
    act(game, bots, clue(game, "Alice red"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 2)) == {"r2"}
    assert decide(game, bots).action != Play(slot(game, ALICE, 2))


def test_delayed_play_through_a_card_read_by_convention_two_players() -> None:
    # the same with 2 players, the bot itself having given the play clue on its partner's red 1
    game = position(["y4 r2 g3 b3 w4", "g4 b4 r1 w3 y3"], current=ALICE)
    bots = bots_for(game)
    act(game, bots, clue(game, "Bob red"))
    act(game, bots, clue(game, "Alice red"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 2)) == {"r2"}
    assert decide(game, bots).action != Play(slot(game, ALICE, 2))


def test_a_playable_clued_1_is_not_prompted_four_players() -> None:
    # Prompts (level 1): "if the player was already going to play the card, it isn't a Prompt". Alice's clued 1
    # plays anyway, so Cathy's red on Bob's red 2 is a finesse on Donald's red 1, not a prompt of Alice's 1
    game = position(["y3 g3 b4 y1", "r2 b3 w1 g4", "r5 w4 r4 b2", "r1 g5 w2 w4"], current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 1"))
    act(game, bots, clue(game, "Bob red"))
    assert reading(game, bots[ALICE], slot(game, ALICE, 4)) == {"r1", "y1", "g1", "b1", "w1"}
    assert slot(game, DONALD, 1) in bots[ALICE].notes.finessed
    d = decide(game, bots)
    assert d.action == Play(slot(game, DONALD, 1)), d.explanation
    assert d.explanation.startswith("finesse")


def test_playable_clued_1s_are_not_prompted_level_3() -> None:
    # level 3, playing 1s ("does not prompt playable 1s"): Bob's 1 clue touches Alice's slots 2 and 3; Cathy's
    # red on Bob's red 2 does not prompt either of those 1s (they play anyway): both stay any 1
    game = position(["b4 y1 g1 w3 w4", "b2 r2 g3 r5 b3", "r4 b4 g4 y3 w4"], current=BOB)
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Alice 1"))
    act(game, bots, clue(game, "Bob red"))
    for n in (2, 3):
        assert reading(game, bots[ALICE], slot(game, ALICE, n)) == {"r1", "y1", "g1", "b1", "w1"}
        assert slot(game, ALICE, n) not in bots[ALICE].notes.prompt_for


def test_a_second_card_touched_does_not_block_a_finesse() -> None:
    # red 1 played; red touches Cathy's red 3 (slot 1, the focus) and a trash red 1 (slot 3); Bob's finesse
    # position holds the red 2: a finesse (the red 1 touched alongside is no prompt), and Bob blind-plays
    game = position(["g3 y4 b4 w4 y3", "r2 b3 g4 w3 b4", "r3 g4 r1 w3 y4"], stacks="r1")
    bots = bots_for(game)
    # as a giver Alice makes the same finesse with 3, which touches no trash (Good Touch)
    d = decide(game, bots)
    assert d.action == clue(game, "Cathy 3") and d.explanation.startswith("finesse: Bob should blind-play slot 1")
    act(game, bots, clue(game, "Cathy red"))
    assert slot(game, BOB, 1) in bots[CATHY].notes.finessed
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)), d.explanation
    assert d.explanation == "finesse: blind play slot 1 for Cathy's red 3"


def test_turn_1_at_8_tokens_no_clue_that_reads_as_a_self_finesse() -> None:
    # levels 2 and 3: on turn 1, 8 clue tokens, nothing to play or save. A 2 on Bob's red 2 with no red 1
    # anywhere is a self-finesse to an H-group Bob: he would blind-play his slot 1 (a yellow 4) and strike.
    # Alice must clue, but gives a clue nobody reads as a play
    for level in (2, 3):
        game = position(["g3 y3 r3 b3 w1", "y4 r2 g4 r4 w4"])
        bots = bots_for(game, level=level)
        d = decide(game, bots)
        assert d.action not in (clue(game, "Bob 2"), clue(game, "Bob red")), d.explanation
        act(game, bots, d.action)
        d = decide(game, bots)
        assert not (isinstance(d.action, Play) and not game.clue_history[d.action.card]), d.explanation


def test_no_2_save_when_the_copy_is_visible_and_no_label_for_a_connection_that_is_not_there() -> None:
    # the 2 Save: never when the same 2 is visible in someone else's hand (off their chop). Bob's chop is a
    # yellow 2, Cathy holds the other; nothing to play or save. With a token to spare Alice discards; at 8
    # tokens she must clue, but never that 2 Save, and her words never name a delayed play clue that
    # connects to nothing
    for tokens in (7, 8):
        game = position(["g3 y3 r3 b3 w3", "g4 b4 r4 w4 y2", "y2 r3 g4 b4 w4"], clue_tokens=tokens)
        bots = bots_for(game)
        d = decide(game, bots)
        assert d.action != clue(game, "Bob 2"), d.explanation
        assert "delayed play clue" not in d.explanation
        if tokens == 7:
            assert d.action == Discard(slot(game, ALICE, 5))


def test_delayed_play_through_a_card_read_by_convention_with_a_clued_red_4_in_a_third_hand() -> None:
    # the same with a clued red 4 the giver (Cathy) can see in Bob's hand (saved: the other red 4 is gone). By
    # good touch Alice's red card is neither the red 1 Cathy reads hers as nor that red 4: the red 2, a delayed
    # play clue through Cathy's red 1; Alice waits and says so
    for level in ("beginner", 1, 2, 3):
        game = position(["y4 r2 g3 b3 w4", "y3 b4 g4 w3 r4", "g4 b4 r1 w3 y3"], discarded="r4")
        bots = bots_for(game, level=level)
        act(game, bots, clue(game, "Bob 4"))
        act(game, bots, clue(game, "Cathy red"))
        act(game, bots, clue(game, "Alice red"))
        assert reading(game, bots[ALICE], slot(game, ALICE, 2)) == {"r2"}
        d = decide(game, bots)
        assert d.action != Play(slot(game, ALICE, 2)), d.explanation
        assert "delayed play clue through Cathy's red 1" in d.explanation


def test_a_clue_that_could_not_see_a_card_leaves_it_possibly_a_copy_for_a_third_player_too_level_3() -> None:
    # Deal h31/118 (3 players, level 3): Cathy's 2 Saved 2 is the red 2; her own red clue got Bob's red 2
    # played. Her clue could not see her card, so it promised nothing about it (Good Touch, question 3: "it is
    # possible that Alice's clued 2 is a yellow 2"): she still reads it as maybe the red 2, now trash (before,
    # reading it as not the red 2, green to Bob on his green 1 and green 2 left her the blue or white 2, both
    # playable, and she struck). Alice's red to Cathy also touches the red 3 she drew: a Fix Clue all the same
    # (nobody misplays), the best one she has.
    from hanabi_desktop.bots.clue_preview import preview_clue
    from hanabi_desktop.bots.conventions.evaluation import misplays_caused
    from hanabi_desktop.engine import PlayerView

    game = position(["x x x x x", "g1 g2 x r2 x", "x x x x r2"], stacks="r1 y2 b1 w1", clue_tokens=5,
                    avoid="rg2")
    bots = bots_for(game, level=3)
    cathys_2 = slot(game, CATHY, 5)
    act(game, bots, clue(game, "Cathy 2"))  # Alice: 2 Save
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, clue(game, "Bob red"))  # Cathy, who cannot see her own red 2
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Play(slot(game, BOB, 5)))  # Bob's red 2
    act(game, bots, Discard(slot(game, CATHY, 4)))
    assert reading(game, bots[CATHY], cathys_2) == {"r2", "g2", "b2", "w2"}
    view = PlayerView.of(game, ALICE)
    b = bots[ALICE].notes.board(view)
    assert misplays_caused(view, bots[ALICE].notes, clue(game, "Bob green"), b) == 0
    warned = preview_clue(view, bots[ALICE].notes, clue(game, "Bob green")).warnings
    assert not any(w.kind == "misplay" for w in warned)
    # at level 3 Alice, who sees that Cathy's 2 is the red 2 while Cathy cannot tell, fixes it first (the Fix
    # Clue); a turn with a clue token that fixed nothing would tell Cathy it is not the copy
    d = decide(game, bots)
    assert d.action == clue(game, "Cathy red"), d.explanation
    act(game, bots, d.action)
    assert reading(game, bots[CATHY], cathys_2) == {"r2"}


def test_no_clue_whose_good_touch_makes_a_third_player_read_a_card_as_playable_level_3() -> None:
    # After deal h31/118 (3 players, level 3), with the red clue given by Alice, who sees both red 2s: Cathy's 2
    # Saved 2 is the red 2, and Alice's later red clue on Bob's red 2 promised it was not Cathy's (good touch:
    # she could see it), so once Bob plays his, Cathy reads hers as not the red 2 (yellow 2 played): green, blue
    # or white 2, green not playable. Green to Bob on his green 1 and green 2 would then tell her (good touch,
    # read later) that hers is not the green 2 either: the blue or white 2, both playable, and she would strike.
    # Alice gives another clue.
    from hanabi_desktop.bots.clue_preview import preview_clue
    from hanabi_desktop.bots.conventions.evaluation import MISPLAY, misplays_caused, score_clue
    from hanabi_desktop.engine import PlayerView

    # (the red 1s discarded: Bob draws none, so Alice's red clue touches no trash, which would make Cathy doubt
    # good touch on her 2 Save)
    game = position(["x x x x x", "g1 g2 x r2 x", "x x x x r2"], stacks="r1 y2 b1 w1", discarded="r1 r1",
                    clue_tokens=5, avoid="rg2")
    bots = bots_for(game, level=3)
    cathys_2 = slot(game, CATHY, 5)
    act(game, bots, clue(game, "Cathy 2"))  # Alice: 2 Save
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, Discard(slot(game, CATHY, 4)))
    act(game, bots, clue(game, "Bob red"))  # Alice, who sees Cathy's red 2
    act(game, bots, Play(slot(game, BOB, 5)))  # Bob's red 2
    act(game, bots, Discard(slot(game, CATHY, 4)))
    assert reading(game, bots[CATHY], cathys_2) == {"g2", "b2", "w2"}
    view = PlayerView.of(game, ALICE)
    b = bots[ALICE].notes.board(view)
    assert score_clue(view, bots[ALICE].notes, clue(game, "Bob green"), b) == MISPLAY
    assert misplays_caused(view, bots[ALICE].notes, clue(game, "Bob green"), b) == 1
    warned = preview_clue(view, bots[ALICE].notes, clue(game, "Bob green")).warnings
    assert any(w.kind == "misplay" and "Cathy" in w.text and "red 2" in w.text for w in warned)
    assert decide(game, bots).action != clue(game, "Bob green")


def forced_finesse_misplayed_then_again():
    """Deal h31/118, as in the test below, up to Cathy's turn after Bob's forced 5 on Alice's white 5, which only a
    Double Finesse on Cathy's white 3 and 4 would explain. Cathy blind-played her slot 1 and struck, and the bot
    then read Bob's same clue again as a stall; it now reads the first one so (a forced clue after the Early Game
    that only a Double or triple Finesse explains calls no blind play: the guide page's DEFENSIVE READING)."""
    game = position(["b2 x x x w5", "b2 x x x x", "x x x x x"], stacks="r5 y5 g5 b1 w2", discarded="b1 b1",
                    clue_tokens=6, current=BOB, avoid="w25")
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Alice 5"))  # Bob: 5 Save
    act(game, bots, Discard(slot(game, CATHY, 5)))
    act(game, bots, Discard(slot(game, ALICE, 4)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, clue(game, "Bob blue"))  # Cathy, at 8 tokens
    act(game, bots, Discard(slot(game, ALICE, 4)))
    assert game.clue_tokens == 8
    act(game, bots, clue(game, "Alice 5"))  # Bob has to clue: a tempo clue on the white 5
    return game, bots


def test_a_forced_tempo_clue_whose_finesse_misplayed_is_not_read_as_a_finesse_again_level_3() -> None:
    # Deal h31/118 (3 players): a partner who has to clue re-touches Alice's saved white 5 (white 2 played). By
    # the beginner's guide a tempo clue is a play clue, so Cathy, between giver and receiver, reads the white 3
    # and 4 on her finesse positions and blind-plays: a strike. When Bob had to clue again and gave the same clue,
    # the guide's players re-read what it meant: a stall. A forced clue after the Early Game that only a Double
    # Finesse explains is now read so from the first one: Cathy does not blind-play.
    game, bots = forced_finesse_misplayed_then_again()
    d = decide(game, bots)
    assert d.action != Play(slot(game, CATHY, 1)), d.explanation
    assert not bots[CATHY].notes.finessed


@pytest.mark.parametrize("level", [2, 3])
def test_a_clue_waiting_for_a_clued_card_its_holder_plays_anyway_is_a_delayed_play_clue(level) -> None:
    # Deal h31/1 turn 10 (3 players, the level-2 stand-in first): yellow, blue and white 1 played; Bob's clued
    # 1s are the red and green 1 (he plays them anyway: every 1 they can be is playable). Alice clues red to
    # Cathy's red 2. "If the player was already going to play the card, then it isn't a Prompt" (level 1), and a
    # delayed play clue is one whose in-between cards are "present and accounted for" (the Definition of
    # Playable): Bob's 1 that is red is the red 1. Bob blind-played slot 1 as the red 1 (a white 1) and struck
    game = position(["x x x x x", "x x r1 x g1", "x r2 x x x"], stacks="y1 b1 w1", current=CATHY,
                    clue_tokens=4, avoid="r1")
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Bob 1"))  # a play clue: every 1 they can be (red or green) is playable
    act(game, bots, clue(game, "Cathy red"))
    assert not bots[BOB].notes.finessed and not bots[CATHY].notes.finessed
    d = decide(game, bots)  # one of his 1s, not his finesse position
    assert d.action in (Play(slot(game, BOB, 3)), Play(slot(game, BOB, 5))), d.explanation


def test_the_forced_clue_not_read_as_a_finesse_again_is_said() -> None:
    # Cathy does not blind-play for Bob's forced clue, and her explanation says why (a defensive reading the guide
    # does not have, listed in the guide page)
    game, bots = forced_finesse_misplayed_then_again()
    d = decide(game, bots)
    assert d.action != Play(slot(game, CATHY, 1)), d.explanation
    assert d.explanation.endswith("; I do not blind-play slot 1: only a double or triple finesse would explain Bob's "
                                  "clue, but Bob had to clue (8 tokens or every card clued), so this clue may be a stall "
                                  "that promises nothing"), d.explanation


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_forced_clue_not_read_as_a_finesse_again_is_said_in_every_language(language: str) -> None:
    game, bots = forced_finesse_misplayed_then_again()
    i18n.use_language(language, locale_dir())
    try:
        d = decide(game, bots)
        tail = i18n._(TURN_LINES["wary of a forced double finesse"]).split("{slot}")[1].split("{player}")[0]
    finally:
        i18n.use_language("en", locale_dir())
    assert tail.strip() and tail not in TURN_LINES["wary of a forced double finesse"]  # translated
    assert tail in d.explanation, d.explanation


def test_no_finesse_on_a_player_who_reads_it_as_a_delayed_play_through_a_clued_card_of_their_own() -> None:
    # Deal h31/54 turn 11 (5 players, level 3): Donald's clued 1 is a white 1 (every 1 it can be is playable: he
    # plays it anyway) and his finesse position holds the red 1. Red on Bob's red 2 as a finesse on Donald: Donald
    # cannot see his 1, reads a delayed play clue through it and plays it (`test_a_clue_waiting_for_a_clued_card_
    # its_holder_plays_anyway_is_a_delayed_play_clue`); Bob then played his red 2 as the red 1 and struck. "If you
    # try to Finesse them, they will assume it is a Prompt and will play their clued card ... you can't give a
    # Finesse" (the Hidden Finesse, level 5): Alice does not give it
    from hanabi_desktop.bots.conventions.evaluation import MISPLAY, score_clue
    from hanabi_desktop.engine import ColourClue, PlayerView

    game = position(["x x x w5", "b5 r2 g4 w1", "y4 w2 r3 g4", "w1 r4 g1 y3", "y5 x g5 b2"], stacks="y2",
                    current=CATHY, clue_tokens=5, avoid="r1")
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Donald 1"))  # his white 1 and green 1
    act(game, bots, Play(slot(game, DONALD, 3)))  # the green 1; he draws the red 1
    assert game.variant.card_text(game.deck[slot(game, DONALD, 1)]) == "r1"
    act(game, bots, clue(game, "Alice 5"))  # Emily: a 5 Save
    red = ColourClue(BOB, game.variant.colour_names.index("red"))
    view = PlayerView.of(game, ALICE)
    assert score_clue(view, bots[ALICE].notes, red, bots[ALICE].notes.board(view)) == MISPLAY
    d = decide(game, bots)
    assert d.action != red, d.explanation


def test_a_clue_that_would_prompt_my_other_clued_card_goes_through_the_one_i_play_anyway() -> None:
    # Deal h31/68 (level 3, 3 players, the level-2 stand-in as Bob; h31/85 the same): red 2 played. Alice clues 3
    # to Cathy: slot 1 is new (the focus: a playable 3, the red 3, as her yellow card, touched too, is the yellow 3
    # now), slot 3 new too. Bob then clues red on Alice's red 4: a delayed play clue through Cathy's slot 1, which she was
    # going to play anyway ("if the player was already going to play the card, it isn't a Prompt", level 1).
    # Cathy plays slot 1, the red 3; she played slot 3 as the prompted red 3 (the blue 3) and struck
    from hanabi_desktop.engine import ColourClue, RankClue
    from tests.bots.test_conventions import pretend_clued

    game = position(["r4 g4 b1 g1 g1", "w1 g4 b4 g2 b4", "r3 y3 b3 g5 w4"], stacks="r2 y2 b1 w1",
                    discarded="b1 w3", current=ALICE, clue_tokens=4)
    pretend_clued(game, ColourClue(CATHY, 1), [slot(game, CATHY, 2)])
    pretend_clued(game, RankClue(CATHY, 5), [slot(game, CATHY, 4)])
    pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 4)])
    bots = bots_for(game, 3)
    act(game, bots, clue(game, "Cathy 3"))
    assert reading(game, bots[CATHY], slot(game, CATHY, 1)) == {"r3"}
    act(game, bots, clue(game, "Alice red"))
    assert slot(game, CATHY, 3) not in bots[CATHY].notes.prompt_for
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 1)), d.explanation
    act(game, bots, d.action)
    assert game.fireworks[0] == 3 and game.strikes == 0


def test_when_the_card_i_play_anyway_is_not_the_prompted_card_the_prompt_goes_on_to_my_other_one() -> None:
    # Deal h31/451 (level 3, 4 players; here the clues of deal h31/68): Cathy's slot 2 is a 3 clued earlier (the
    # red 3); Alice's 3 clue makes her new slot 3 a playable 3, the yellow 3. Bob's red on Alice's red 4 waits
    # for the red 3: Cathy plays slot 3 first, the card she plays anyway; it is the yellow 3, so the red 3 the
    # clue promised is her other clued 3, left of it, and she plays it next (the Prompt: "the next clued card").
    # She had left it, and the red 4 never played
    from hanabi_desktop.engine import RankClue
    from tests.bots.test_conventions import pretend_clued

    game = position(["r4 g4 b1 g1 g1", "w1 g4 b4 g2 b4", "x r3 y3 g5 w4"], stacks="r2 y2 b1 w1",
                    discarded="b1 w3", current=ALICE, clue_tokens=4, avoid="3")
    pretend_clued(game, RankClue(CATHY, 5), [slot(game, CATHY, 4)])
    pretend_clued(game, RankClue(CATHY, 3), [slot(game, CATHY, 2)])
    pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 4)])
    bots = bots_for(game, 3)
    red3 = slot(game, CATHY, 2)
    act(game, bots, clue(game, "Cathy 3"))
    assert reading(game, bots[CATHY], slot(game, CATHY, 3)) == {"r3", "y3"}
    act(game, bots, clue(game, "Alice red"))
    d = decide(game, bots)
    assert d.action == Play(slot(game, CATHY, 3)), d.explanation
    act(game, bots, d.action)
    assert game.fireworks[1] == 3 and game.strikes == 0
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action == Play(red3), d.explanation

def test_a_reverse_finesse_whose_first_blind_play_does_not_come_falls_back_to_the_direct_reading() -> None:
    # Deal h31/215 t14-30 (level 3, 3 players): nothing red played; Alice holds the red 1 (slot 1, her finesse
    # position), the red 3 (slot 2) and a clued red 2; Bob clues red to Cathy on her red 1. Cathy, who sees
    # Alice's cards, waits: it may be the red 4 through Alice's red 1, her red 2 and her red 3 (two Reverse
    # Finesse blind plays, level 2). Alice plays neither (she gives a clue): the first blind play did not come,
    # so neither did the second, and the red card is the red 1. Cathy read it as the red 3 (the second call's
    # fallback), kept it, and 12 turns later played it on the red 2 as the red 3. (Alice is seen holding the red
    # 1: the fallback comes at her second turn without the blind play, tests/bots/test_conventions_late_finesse.py)
    from hanabi_desktop.engine import RankClue
    from tests.bots.test_conventions import pretend_clued

    game = position(["r1 r3 r4 r2 b5", "w1 g1 y1 g4 r2", "y2 y3 r1 w5 w4"], stacks="y1 g2 w3",
                    current=BOB, clue_tokens=1)
    pretend_clued(game, RankClue(ALICE, 2), [slot(game, ALICE, 4)])
    pretend_clued(game, RankClue(ALICE, 5), [slot(game, ALICE, 5)])
    pretend_clued(game, RankClue(BOB, 2), [slot(game, BOB, 5)])
    bots = bots_for(game, 3)
    red = slot(game, CATHY, 3)
    act(game, bots, clue(game, "Cathy red"))
    assert "r1" not in reading(game, bots[CATHY], red)  # she waits for Alice's blind plays
    act(game, bots, Discard(slot(game, CATHY, 5)))
    act(game, bots, clue(game, "Cathy yellow"))  # Alice: no blind play
    # Cathy sees Alice hold the red 1: she waits one more turn of Alice's (people take a finesse a turn late)
    assert "r1" not in reading(game, bots[CATHY], red)
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, Discard(slot(game, CATHY, 5)))
    act(game, bots, clue(game, "Bob 4"))  # Alice: still no blind play
    assert reading(game, bots[CATHY], red) == {"r1"}
