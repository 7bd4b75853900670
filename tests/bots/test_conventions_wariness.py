"""Reading a partner defensively (issue 31): once a partner has saved a trash card with a clue, the bot no longer
trusts good touch for that partner's saves with the same clue, holds such a card, and says why."""

from __future__ import annotations

import pytest

from hanabi_desktop import i18n
from hanabi_desktop.bots.conventions.wording import TURN_LINES
from hanabi_desktop.engine import ColourClue, Discard, Game, Play, RankClue, get_variant
from hanabi_desktop.engine.actions import parse_action
from hanabi_desktop.program.resources import locale_dir
from tests.bots.positions import (
    ALICE,
    BOB,
    CATHY,
    act,
    after_feed,
    bots_for,
    clue,
    decide,
    position,
    reading,
    slot,
)
from tests.engine.helpers import stacked_game

# green 2 and blue 2 are played: a 2 Save on either is a save of trash; red, yellow and white 2s play now
STACKS = "r1 y1 g2 b2 w1"


def assert_said_in(language: str, game, bots, line: str) -> None:  # noqa: ANN001
    """The bot's decision in `language` carries the translated tail (after "{player}") of TURN_LINES[line]."""
    i18n.use_language(language, locale_dir())
    try:
        d = decide(game, bots)
        tail = i18n._(TURN_LINES[line]).split("{player}")[1]
    finally:
        i18n.use_language("en", locale_dir())
    assert tail and tail not in TURN_LINES[line]  # translated
    assert tail in d.explanation, d.explanation


def three_players(bob_saves_trash_first: bool):
    """Bob saves Alice's chop (the trash green 2) with 2; before that, if asked, he saved Cathy's trash blue 2."""
    game = position(["r4 y4 w4 g5 g2", "r3 y3 w3 g3 b3", "r5 y5 w5 b4 b2"], stacks=STACKS, current=BOB,
                    clue_tokens=6)
    bots = bots_for(game)
    if bob_saves_trash_first:
        act(game, bots, clue(game, "Cathy 2"))  # Cathy's chop is the blue 2, trash: Alice sees it
    else:
        act(game, bots, clue(game, "Cathy 5"))
    act(game, bots, Discard(slot(game, CATHY, 4)))
    act(game, bots, ColourClue(CATHY, game.variant.colour_names.index("white")))
    act(game, bots, clue(game, "Alice 2"))
    act(game, bots, Discard(slot(game, CATHY, 4)))
    return game, bots


def test_a_partner_who_saved_trash_gets_no_good_touch_on_the_same_save() -> None:
    game, bots = three_players(bob_saves_trash_first=True)
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 5)), d
    assert "I hold slot 5: Bob has saved a trash card" in d.explanation


def test_a_careful_partner_keeps_good_touch() -> None:
    # the same 2 Save from a Bob who never saved trash: every useful 2 it can be plays, so it plays
    game, bots = three_players(bob_saves_trash_first=False)
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d


def test_a_save_shown_to_be_trash_makes_the_other_card_it_touched_wait() -> None:
    # two players: Alice cannot see the trash Bob saves on her chop; she learns it when the card is shown
    game = position(["r4 y4 w4 b2 g2", "r3 y3 w3 g3 b3"], stacks=STACKS, current=BOB, clue_tokens=6)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 2"))  # the green 2 on her chop and the blue 2: both trash
    d = after_feed(game, bots)  # (Bob, who has nothing to play, may get a play clue first)
    assert d.action == Play(slot(game, ALICE, 5))  # every useful 2 it can be plays: she trusts Bob
    act(game, bots, d.action)
    assert game.strikes == 1  # the green 2: Bob's 2 Save was trash
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 5)), d  # the blue 2 the same clue touched waits
    # the strike showed the save's focus was not the card it was read as, so the reading good touch from that
    # focus gave the blue 2 is reset (What to Do After a Strike): it is read as the clue says, trash possible
    assert {"g2", "b2"} & reading(game, bots[ALICE], slot(game, ALICE, 5))


def two_save_on_a_played_two(strikes: int, tokens: int = 6):  # noqa: ANN201
    """Two players, green and blue 2 played: Bob clues 2 to Alice's chop, the green 2 (trash: Alice cannot see
    it), with `strikes` error tokens used and `tokens` clue tokens before the clue. By good touch it is a red,
    yellow or white 2, each playable."""
    game = position(["r4 y4 w4 b4 g2", "r3 y3 w3 g3 b3"], stacks=STACKS, current=BOB, clue_tokens=tokens,
                    strikes=strikes)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 2"))
    return game, bots, slot(game, ALICE, 5)


def test_with_two_strikes_a_number_save_may_be_trash_from_any_partner() -> None:
    # people give 2 Saves on 2s already played; with one strike left that misplay ends the game (the last
    # strike of most strikeouts with the all-habits stand-in), so Alice holds the card and says why; the same
    # at 8 tokens, where the save may be a stall (which shows no habit) but is as likely trash
    for tokens in (6, 8):
        game, bots, two = two_save_on_a_played_two(strikes=2, tokens=tokens)
        d = decide(game, bots)
        assert d.action != Play(two), (tokens, d)
        assert d.explanation.endswith("I hold slot 5: Bob's number clue on my chop may have saved a card already "
                                      "played, as people do, and one more strike ends the game"), d.explanation
    # with a strike to spare she reads the guide's 2 Save (a red, yellow or white 2) and plays it
    for strikes in (0, 1):
        game, bots, two = two_save_on_a_played_two(strikes)
        assert after_feed(game, bots).action == Play(two), strikes


def two_save_on_a_copy_of_the_givers_two(strikes: int):  # noqa: ANN201
    """Two players, every 1 but blue played: Bob's chop blue 2 got a 2 Save, then blue, so he knows it is the
    blue 2; he then 2-Saves Alice's chop, the other blue 2 (a copy of his). By good touch her 2 is no copy of
    his blue 2: a red, yellow, green or white 2, each playable. Deal h31/196, the last strike."""
    game = position(["r4 y4 w4 g4 b2", "r3 y3 w3 g3 b2"], stacks="r1 y1 g1 w1", current=ALICE, clue_tokens=6,
                    strikes=strikes)
    bots = bots_for(game)
    act(game, bots, clue(game, "Bob 2"))
    act(game, bots, Discard(slot(game, BOB, 4)))
    act(game, bots, clue(game, "Bob blue"))
    act(game, bots, clue(game, "Alice 2"))
    return game, bots, slot(game, ALICE, 5)


def test_with_two_strikes_a_number_save_is_read_as_the_clues_say() -> None:
    # with one strike left Alice reads a partner's number save exactly as the clues say: a 2 that may be the
    # blue 2 waits, whatever good touch says (people save copies of cards they know); with a strike to spare she
    # reads the guide's 2 Save and plays
    game, bots, two = two_save_on_a_copy_of_the_givers_two(strikes=2)
    d = decide(game, bots)
    assert d.action != Play(two), d
    assert d.explanation.endswith("I hold slot 5: Bob's number clue on my chop may have saved a card already "
                                  "played, as people do, and one more strike ends the game"), d.explanation
    for strikes in (0, 1):
        game, bots, two = two_save_on_a_copy_of_the_givers_two(strikes)
        assert after_feed(game, bots).action == Play(two), strikes


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_save_held_at_two_strikes_is_said_in_every_language(language: str) -> None:
    game, bots, _two = two_save_on_a_played_two(strikes=2)
    assert_said_in(language, game, bots, "wary at two strikes")


def test_a_self_finesse_that_misplayed_is_not_read_again_from_that_partner() -> None:
    # level 2, every 1 played: a 3 on Alice's slot 2 is explained by nothing but a self-finesse (no 3 plays, every
    # 2 does), so she blind-plays her slot 1 - a white 4: Bob did not mean one. When he clues 3 there again (as
    # a partner who does not know self-finesses does), she does not blind-play again
    game = position(["w4 r3 y4 b4 g5", "y3 y4 b3 r4 y3"], stacks="r1 y1 g1 b1 w1", current=BOB, clue_tokens=5)
    bots = bots_for(game, level=2)
    act(game, bots, clue(game, "Alice 3"))
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 1)) and "self-finesse" in d.explanation, d
    act(game, bots, d.action)
    assert game.strikes == 1
    act(game, bots, clue(game, "Alice 3"))
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 1)), d



def forced_one_clue(clue_tokens: int, strikes: int = 0):
    """Two players, red and yellow 1 played: Alice discards, then Bob clues 1 to her green 1 (slot 2, the focus)
    and her red 1 (slot 4, trash); at 7 clue tokens Alice's discard leaves Bob 8, so he had to clue."""
    game = position(["g1 y4 r1 b4 w4", "r3 y3 g3 b3 w3"], stacks="r1 y1", discarded="r1 y1 y1", current=ALICE,
                    clue_tokens=clue_tokens, strikes=strikes)
    bots = bots_for(game)
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, clue(game, "Alice 1"))
    assert [game.variant.card_text(game.deck[o]) for o in game.hands[ALICE]] == ["r2", "g1", "y4", "r1", "b4"]
    return game, bots, slot(game, ALICE, 2), slot(game, ALICE, 4)


def test_with_two_strikes_a_clue_its_giver_had_to_give_promises_no_good_touch_beside_its_focus() -> None:
    # at 8 tokens Bob had to clue: a stall may touch trash, and one more strike ends the game, so only the focus
    # is read as a playable 1
    game, bots, green, red = forced_one_clue(clue_tokens=7, strikes=2)
    d = decide(game, bots)
    assert d.action == Play(green), d
    act(game, bots, d.action)
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action != Play(red), d  # the other 1 may be the red 1 or a yellow 1: it waits
    assert game.strikes == 2


def test_good_touch_holds_beside_the_focus_of_a_clue_given_freely_or_by_a_careful_partner() -> None:
    # the same clue at 6 tokens, or at 8 tokens from a Bob who never broke good touch with no strike: by good
    # touch the other 1 is not trash, so it plays (the guide's reading)
    for tokens in (5, 7):
        game, bots, green, red = forced_one_clue(clue_tokens=tokens)
        d = decide(game, bots)
        assert d.action in (Play(red), Play(green)), d
        act(game, bots, d.action)
        act(game, bots, Discard(slot(game, BOB, 5)))
        d = decide(game, bots)
        assert Play(red) in (d.action, game.actions[-2]), (tokens, d)


def test_a_partner_who_touched_trash_gets_no_reading_of_a_clue_he_had_to_give() -> None:
    # three players: Bob's 1 clue touches Cathy's red 1, already played (Alice sees the broken good touch); at 8
    # tokens he must clue again and clues 1 to Alice's green 1 and red 1. A stall from him promises nothing:
    # both of Alice's 1s may be the red 1, so she plays neither. From a Bob who clued Cathy's 2s instead, she
    # reads the clue as the guide says and plays (the red 1 strikes: his stall broke good touch). Alice says why
    # she holds the card the guide's reading would play
    for careless in (True, False):
        game = position(["g1 y4 r1 b4 w4", "r3 y3 g3 b3 w3", "b2 y2 g2 r1 w2"], stacks="r1 y1", discarded="y1 y1",
                        current=BOB, clue_tokens=7)
        bots = bots_for(game)
        act(game, bots, clue(game, "Cathy 1" if careless else "Cathy 2"))
        act(game, bots, Discard(slot(game, CATHY, 5)))
        act(game, bots, Discard(slot(game, ALICE, 5)))
        assert game.clue_tokens == 8
        act(game, bots, clue(game, "Alice 1"))
        act(game, bots, Discard(slot(game, CATHY, 5)))
        green, red = slot(game, ALICE, 2), slot(game, ALICE, 4)
        assert [game.variant.card_text(game.deck[o]) for o in (green, red)] == ["g1", "r1"]
        d = decide(game, bots)
        if careless:
            assert "r1" in reading(game, bots[ALICE], green) and "r1" in reading(game, bots[ALICE], red)
            assert not isinstance(d.action, Play), d
            assert "I hold slot 2: Bob had to clue and has touched trash or a copy with a clue before" in d.explanation
        else:
            assert d.action in (Play(green), Play(red)), d


def test_a_self_prompt_that_misplayed_is_not_read_again_from_that_partner() -> None:
    # the Self-Prompt page's position with Bob's clued 3s the yellow and red 3: Alice's 4 is read as a
    # self-prompt through the leftmost (green or blue 3), Bob plays it and strikes. Alice's clues are then not
    # read as self-prompts: the same 4 read afresh, with that lesson, does not prompt the red 3 (it did before) (an 8-token stall read as a self-prompt struck
    # out games with the careful level-2 stand-in: strikeouts 3.3% -> 0.0% at level 3, 2 players)
    game = position(["x x x x x", "b4 x y3 r3 x"], stacks="r1 y1 g2 b2 w1", avoid="34", clue_tokens=6)
    bots = bots_for(game)  # (6 tokens: at 8 Alice would have had to clue, and that is read defensively)
    act(game, bots, clue(game, "Bob 3"))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, clue(game, "Bob 4"))
    assert reading(game, bots[BOB], slot(game, BOB, 4)) == {"g3", "b3"}  # the self-prompt
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 4)), d.explanation
    act(game, bots, d.action)
    assert game.strikes == 1
    act(game, bots, Discard(slot(game, ALICE, 5)))
    assert ALICE in bots[BOB].notes.no_self_finesse
    again = read_clue_again(game, bots[BOB])
    assert not again.prompted and not again.prompt_links, again


def read_clue_again(game, bot):  # noqa: ANN001, ANN201
    """Bob's reading of Alice's 4 clue on his blue 4 as if given now, with what he has learned of her."""
    from hanabi_desktop.bots.conventions.reading import read_clue
    from hanabi_desktop.engine import PlayerView, RankClue

    view = PlayerView.of(game, BOB)
    hit = [o for o in view.hands[BOB] if game.variant.card_text(game.deck[o]) == "b4"]
    before = {o for o in view.hands[BOB] if o not in hit and any(h for _, _, h in view.clue_history[o])}
    return read_clue(view, bot.notes, ALICE, RankClue(BOB, 4), view.knowledge, hit, before)


def self_finesse_misplayed_then_again():  # noqa: ANN201
    """Level 2, two players, all 1s played: Alice's 3 on Bob's red 3 (7 tokens) is read as a self-finesse; Bob's
    finesse position holds a yellow 4, which strikes. Later Alice's 3 touches Bob's new blue 3: Bob's turn."""
    game = stacked_game("g3 g3 g4 b4 w3  g4 b4 w4 r3 y4  b3 w4 r4", players=2)
    game.fireworks = [1, 1, 1, 1, 1]
    game.clue_tokens = 7
    bots = bots_for(game, 2)
    act(game, bots, RankClue(BOB, 3))
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and d.explanation.startswith("self-finesse"), d.explanation
    act(game, bots, d.action)
    assert game.strikes == 1
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, RankClue(BOB, 3))  # touches the blue 3 (slot 2) for the first time, and the red 3 again
    assert game.deck[slot(game, BOB, 2)] == game.variant.parse_card("b3")
    return game, bots


def test_a_partner_whose_self_finesse_misplayed_gets_no_self_finesse_reading_and_the_bot_says_so() -> None:
    # only a self-finesse would explain Alice's second 3 clue, and from her it is not read so: Bob keeps his
    # finesse position and says why (the guide's defensive reading)
    game, bots = self_finesse_misplayed_then_again()
    d = decide(game, bots)
    assert d.action != Play(slot(game, BOB, 1)), d.explanation
    assert d.explanation.endswith("I hold slot 2: only a self-finesse or a self-prompt would explain P0's clue "
                                  "on it, and one of theirs has misplayed before, so this clue may be a stall that "
                                  "promises nothing"), d.explanation


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_unread_self_finesse_is_said_in_every_language(language: str) -> None:
    game, bots = self_finesse_misplayed_then_again()
    assert_said_in(language, game, bots, "wary of a self-finesse")


def mid_game_five_clue(level: int, tokens: int):
    """Two players, red up to 3, after a discard (the Mid-Game): Bob saved Alice's chop, the yellow 4 (a 4 Save
    of the last yellow 4 or the playable red 4), then clues 5 to her red 5 off the chop with `tokens` in hand."""
    game = position(["r5 w2 b3 g3 y4", "r3 y3 g4 b4 w3"], stacks="r3 y1 g1 b1 w1", discarded="y4 g2",
                    current=BOB, clue_tokens=tokens - 2)
    bots = bots_for(game, level=level)
    act(game, bots, clue(game, "Alice 4"))
    act(game, bots, Discard(slot(game, ALICE, 4)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    act(game, bots, Discard(slot(game, ALICE, 4)))
    assert game.clue_tokens == tokens
    act(game, bots, clue(game, "Alice 5"))
    five, four = (o for o in game.hands[ALICE] if game.variant.card_text(game.deck[o]) in ("r5", "y4"))
    assert game.hands[ALICE].index(five) == 2  # slot 3: her chop is the white 2 on slot 4
    return game, bots, four


def test_a_five_clue_off_the_chop_from_a_giver_who_may_not_discard_is_a_5_stall() -> None:
    # the level 2 page: "you might see someone do a 5 Stall in the Mid-Game if they are in a special situation
    # where they are not allowed to discard" (8 clue tokens). So the 5 clue plays nothing, and Alice's saved 4
    # is not prompted as the red 4 (it is the yellow 4: it would strike). Below level 2 the 5 Stall is not in the
    # guide, but a partner forced to clue stalls on 5s too: the bot reads it so (a listed difference)
    for level in (1, 2, 3):
        game, bots, four = mid_game_five_clue(level, tokens=8)
        d = decide(game, bots)
        assert d.action != Play(four), (level, d)


def test_a_five_clue_off_the_chop_given_freely_is_a_play_clue() -> None:
    # the same 5 clue at 6 tokens (Bob could discard): a play clue on the red 5, so Alice's 4 is the red 4 first
    # (a self-prompt: nothing else explains the clue)
    for level in (1, 2):
        game, bots, four = mid_game_five_clue(level, tokens=6)
        d = decide(game, bots)
        assert d.action == Play(four) and "for Alice's red 5" in d.explanation, (level, d)


def forced_three_clue(tokens: int):  # noqa: ANN201
    """Level 2, two players, all 1s played, after a discard each (the Mid-Game): Alice, with `tokens` clue tokens,
    clues 3 to Bob's red 3 (slot 3); no red 2 is clued or in sight, so only a self-finesse on Bob's slot 1 explains
    it. Bob's turn."""
    game = stacked_game("g3 g3 g4 b4 w3  g4 b4 w4 r3 y4  b3 w4 r4", players=2)
    game.fireworks = [1, 1, 1, 1, 1]
    game.clue_tokens = tokens - 2
    bots = bots_for(game, 2)
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    assert game.clue_tokens == tokens
    act(game, bots, RankClue(BOB, 3))
    assert game.variant.card_text(game.deck[slot(game, BOB, 3)]) == "r3"
    return game, bots


def test_a_clue_only_a_self_finesse_explains_is_not_read_so_when_its_giver_had_to_clue() -> None:
    # at 8 tokens after the Early Game Alice had to clue; a person forced to clue stalls with such a clue (the
    # careful stand-ins did, and the blind play struck), so Bob keeps his finesse position and says why (a
    # defensive reading the guide pages list). At 6 tokens it is the guide's self-finesse and he blind-plays
    game, bots = forced_three_clue(8)
    d = decide(game, bots)
    assert d.action != Play(slot(game, BOB, 1)), d.explanation
    assert d.explanation.endswith("I hold slot 3: only a self-finesse or a self-prompt would explain P0's clue on "
                                  "it, and P0 had to clue (8 tokens or every card clued), so this clue may be a "
                                  "stall that promises nothing"), d.explanation
    game, bots = forced_three_clue(6)
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and d.explanation.startswith("self-finesse"), d.explanation


def two_save_after_a_clue_on_two_copies(copies: bool):  # noqa: ANN201
    """Deal h31/77, two players: Alice's first clue, a 1, touches both of Bob's green 1s (a stall on a copy, as
    people give); he plays one, then the other: a strike that shows her clue touched a copy. Later she clues 2 to
    his chop, the red 2, already played: by good touch it is the green or blue 2, each playable. With `copies`
    false her 1 clue touched one green 1 and a blue 1 (and the strike is a card he blind-plays: no broken
    good touch). The red 2 stays on his chop."""
    game = position(["r4 y4 w4 b4 w3", ("y3 g1 y4 g1 r2" if copies else "y3 g1 y4 b1 r2")],
                    stacks="r3 y1 b1 w2", current=ALICE, clue_tokens=4)
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Bob 1"))
    ones = [o for o in game.hands[BOB] if game.variant.card_text(game.deck[o]) in ("g1", "b1")]
    act(game, bots, Play(ones[0]))
    act(game, bots, Discard(slot(game, ALICE, 5)))
    act(game, bots, Play(ones[1] if copies else slot(game, BOB, 1)))
    assert game.strikes == 1
    assert game.variant.card_text(game.deck[slot(game, BOB, 5)]) == "r2"
    act(game, bots, clue(game, "Bob 2"))
    return game, bots, slot(game, BOB, 5)


def test_a_partner_whose_clue_touched_a_copy_gets_no_good_touch_on_a_2_save() -> None:
    # a partner who has broken good touch may 2-Save a 2 already played (the all-habits stand-in's trash 2 Save,
    # deal h31/77): Bob holds the card and says why; from a partner who kept good touch he reads the guide's 2
    # Save, every useful 2 it can be playable, but with the strike made he first leaves Alice a turn to fix it
    # (without the strike he would play it at once, as the guide reads it)
    game, bots, two = two_save_after_a_clue_on_two_copies(copies=True)
    d = decide(game, bots)
    assert d.action != Play(two), d
    assert "I hold slot 5: Alice has touched trash or a copy with a clue before, so this save may be trash" \
        in d.explanation, d.explanation
    game, bots, two = two_save_after_a_clue_on_two_copies(copies=False)
    d = decide(game, bots)
    assert d.action != Play(two) and "Alice's 2 Save on it may be on a 2 already played" in d.explanation, d


def yellow_beside_the_focus(careless: bool):  # noqa: ANN201
    """Deal h31/91, two players, yellow 3 played: Alice clues yellow to Bob, focus his yellow 4 (slot 1), also
    touching his yellow 1 (slot 3, trash: bad touch). He plays the yellow 4; by good touch his other yellow card
    is now the yellow 5. Then Alice 2-Saves his chop: if `careless`, the green 2, already played (he plays it:
    the strike shows her clue touched trash, and it is his second); else the blue 2 (he plays it; two strikes
    already). Returns the game, the bots and his yellow card."""
    game = position(["x x x x x", "y4 b3 y1 r3 g2" if careless else "y4 b3 y5 r3 b2"], stacks="r1 y3 g2 b1 w1",
                    current=ALICE, clue_tokens=7, strikes=1 if careless else 2)
    bots = bots_for(game, level=3)
    yellow = slot(game, BOB, 3)
    act(game, bots, clue(game, "Bob yellow"))
    act(game, bots, Play(slot(game, BOB, 1)))
    act(game, bots, clue(game, "Bob 2"))
    act(game, bots, Play(slot(game, BOB, 5)))
    assert game.strikes == 2
    act(game, bots, Discard(slot(game, ALICE, 5)))
    return game, bots, yellow


def test_with_two_strikes_good_touch_beside_a_careless_partners_focus_is_not_trusted() -> None:
    # one strike left, and Alice's clues have touched trash: Bob's yellow card, read as the yellow 5 only by good
    # touch beside her clue's focus, waits (it is the yellow 1); from a partner who kept good touch he reads the
    # guide's good touch and plays it
    game, bots, yellow = yellow_beside_the_focus(careless=True)
    assert "y1" in reading(game, bots[BOB], yellow)
    assert decide(game, bots).action != Play(yellow)
    game, bots, yellow = yellow_beside_the_focus(careless=False)
    assert reading(game, bots[BOB], yellow) == {"y5"}
    assert decide(game, bots).action == Play(yellow)


def two_save_with_a_strike_made(chop: str, strikes: int = 1):  # noqa: ANN201
    """Deals h31/114 (turn 38) and h31/209 (turn 28), two players, with a strike made: every 2 but the green 2 is
    played, and Bob (the trash-2-save stand-in there) clues 2 to Alice's chop, the card `chop`. By good touch it
    is the green 2, playable (the 2 Save page, question 2: a played 2 is excluded); it may be the red 2 Bob saved
    by mistake, which Alice cannot see."""
    game = position([f"r4 y4 w4 b4 {chop}", "r3 y3 w3 b3 g4"], stacks="r2 y2 g1 b2 w2", current=BOB,
                    clue_tokens=3, strikes=strikes)
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Alice 2"))
    return game, bots, slot(game, ALICE, 5)


def test_with_a_strike_made_a_2_save_that_may_be_a_played_2_waits_for_a_partners_turn_to_fix_it() -> None:
    # the first trash 2 Save of a partner cannot be told from a good one, and played at once it leaves the team
    # one strike from losing: Alice waits a turn, saying so; Bob, seeing her red 2 read as the green 2, fixes it
    # (the Fix Clue page: "as soon as possible"), and she never plays it (deal h31/114, turn 39: she did and the
    # team struck out)
    game, bots, two = two_save_with_a_strike_made("r2")
    d = decide(game, bots)
    assert d.action != Play(two), d
    assert d.explanation.endswith("I hold slot 5 for now: Bob's 2 Save on it may be on a 2 already played, and with "
                                  "a strike made I wait until a partner has had a turn to fix it"), d.explanation
    act(game, bots, d.action)
    d = decide(game, bots)
    assert isinstance(d.action, ColourClue | RankClue) and two in game.touched_by(d.action.target, d.action), d
    act(game, bots, d.action)
    d = decide(game, bots)
    assert d.action != Play(two) and game.strikes == 1, d


def test_a_2_save_a_partner_did_not_fix_plays_and_without_a_strike_it_plays_at_once() -> None:
    # the green 2 itself: Bob has nothing to fix, so after his turn Alice plays it (the guide's reading, a turn
    # late); with no strike made she plays it at once, as the guide does
    game, bots, two = two_save_with_a_strike_made("g2")
    d = decide(game, bots)
    assert d.action != Play(two) and "I hold slot 5 for now: Bob's 2 Save" in d.explanation, d
    act(game, bots, d.action)
    d = decide(game, bots)
    assert not (isinstance(d.action, ColourClue | RankClue) and two in game.touched_by(d.action.target, d.action)), d
    act(game, bots, d.action)
    assert after_feed(game, bots).action == Play(two)
    game, bots, two = two_save_with_a_strike_made("g2", strikes=0)
    assert after_feed(game, bots).action == Play(two)


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_2_save_waiting_for_a_fix_is_said_in_every_language(language: str) -> None:
    game, bots, _two = two_save_with_a_strike_made("r2")
    assert_said_in(language, game, bots, "wary of an unconfirmed save")


def fix_after_a_2_save_on_a_played_2(fixed: bool):  # noqa: ANN201
    """Deal h31/297 (turns 42-52, three players there), two players with two strikes: yellow is played to the 4,
    and Bob 2-Saves Alice's chop, the yellow 2 (trash); Alice holds it (a number save at two strikes) and
    discards. With `fixed`, Bob then fixes it with yellow, which also touches her new yellow 4 (trash too); by
    good touch that card would be the yellow 5, playable."""
    game = position(["y4 r4 w4 b4 y2", "r3 y3 w3 g3 b3"], stacks="r1 y4 g1 b1 w1", current=BOB, clue_tokens=4,
                     strikes=2)
    bots = bots_for(game, level=3)
    act(game, bots, clue(game, "Alice 2"))
    act(game, bots, Discard(slot(game, ALICE, 4)))
    act(game, bots, Discard(slot(game, BOB, 5)))
    yellow = slot(game, ALICE, 2)
    assert game.variant.card_text(game.deck[yellow]) == "y4"
    act(game, bots, Discard(slot(game, ALICE, 4)) if not fixed else decide(game, bots).action)
    act(game, bots, clue(game, "Alice yellow") if fixed else Discard(slot(game, BOB, 5)))
    return game, bots, yellow


def test_a_fix_clue_that_shows_a_trash_save_makes_its_giver_careless_and_promises_nothing_new() -> None:
    # the Fix Clue page: a fix's other cards are "not necessarily playable"; the fix shows Bob saved trash, and
    # with two strikes a careless partner's clue promises nothing beside the card it is about: Alice does not
    # play the yellow 4 as the yellow 5 (deal h31/297, turn 52: she did, the last strike)
    game, bots, yellow = fix_after_a_2_save_on_a_played_2(fixed=True)
    d = decide(game, bots)
    assert d.action != Play(yellow), d
    assert bots[ALICE].wariness.careless == {BOB}


def forced_five_on_a_saved_five(strikes: int):  # noqa: ANN201
    """Deal h31/269 (turn 48, level 2, three players): white is played to the 2 and Bob's chop, the white 5, is
    5 Saved; at 8 tokens Cathy, who may not discard, clues 5 to Bob again, touching no new card: a tempo clue on
    the white 5, which the guide reads as a double finesse on Alice (white 3 and 4). Her slots 1 and 2 are the
    green and yellow 4: the clue was a stall."""
    game = position(["g4 y4 b4 r4 y3", "r3 g3 b3 y2 w5", "r2 g2 b2 y1 g1"], stacks="w2 r1 g1 b1", current=ALICE,
                    strikes=strikes)
    bots = bots_for(game, level=2)
    act(game, bots, clue(game, "Bob 5"))
    act(game, bots, Discard(slot(game, BOB, 4)))
    assert game.clue_tokens == 8
    act(game, bots, clue(game, "Bob 5"))
    return game, bots


def test_with_two_strikes_a_clue_its_giver_had_to_give_calls_no_blind_play() -> None:
    game, bots = forced_five_on_a_saved_five(strikes=1)
    # the guide's double finesse; a forced clue after the Early Game is not read as one from the first one, with
    # any number of strikes (a listed difference: DEFENSIVE READING)
    d = decide(game, bots)
    assert not isinstance(d.action, Play) and "only a double or triple finesse would explain" in d.explanation, d
    game, bots = forced_five_on_a_saved_five(strikes=2)
    d = decide(game, bots)
    assert not isinstance(d.action, Play), d  # (h31/269: her green 4 played as the white 3, the third strike)
    assert not bots[ALICE].notes.finessed
    assert "I do not blind-play slot 1: only a finesse on it would explain Cathy's clue, but Cathy had to clue" \
        in d.explanation, d.explanation


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_forced_finesse_not_taken_at_two_strikes_is_said_in_every_language(language: str) -> None:
    game, bots = forced_five_on_a_saved_five(strikes=2)
    assert_said_in(language, game, bots, "wary of a forced finesse at two strikes")


def test_a_forced_re_touch_at_two_strikes_keeps_the_delayed_reading_of_its_focus() -> None:
    # Deal h31/209 (a level-2 bot and the level-2 stand-in with all habits, 2 players; the first 52 moves as they
    # were played). At t38 Bob's 4 clued my yellow 4 as a delayed play clue through his clued yellow 3; his own
    # yellow 4 was clued later (t49, t51). At t52, two strikes made and his hand locked, he stalls with 4 on my
    # yellow 4 again. Stalling (level 9): "players should not read too closely into any clues given during this
    # state": the re-touch does not make it the red 4 (red is at 3) by good touch against his yellow 4, and I do
    # not play it into the third strike.
    game = Game.new(get_variant("classic"), 2, seed="h31/209")
    bots = bots_for(game, 2)
    moves = ("clue 1 rank 1", "play 6", "clue 1 rank 3", "play 8", "clue 1 rank 2", "play 10", "discard 0",
             "clue 0 colour 0", "discard 1", "clue 0 rank 1", "play 4", "clue 0 colour 3", "play 13", "discard 5",
             "discard 3", "clue 0 colour 4", "clue 1 colour 0", "play 7", "play 2", "clue 0 rank 1", "play 20",
             "discard 11", "discard 15", "discard 12", "clue 1 colour 1", "play 24", "clue 1 colour 4", "discard 19",
             "discard 16", "clue 0 rank 2", "play 18", "discard 25", "discard 21", "discard 26", "clue 1 colour 3",
             "discard 9", "clue 1 colour 1", "clue 0 rank 4", "discard 23", "clue 0 colour 4", "play 33",
             "clue 0 rank 5", "play 14", "discard 31", "clue 1 colour 4", "discard 36", "clue 1 colour 1",
             "discard 37", "clue 1 colour 1", "clue 0 rank 1", "clue 1 rank 4", "clue 0 rank 4")
    for text in moves:
        act(game, bots, parse_action(text))
    assert game.strikes == 2 and game.deck[30] == game.variant.parse_card("y4") and game.fireworks[0] == 3
    d = decide(game, bots)
    assert d.action != Play(30), d.explanation
