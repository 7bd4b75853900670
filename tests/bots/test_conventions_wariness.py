"""Reading a partner defensively (issue 31): once a partner has saved a trash card with a clue, the bot no longer
trusts good touch for that partner's saves with the same clue, holds such a card, and says why."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Discard, Play
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, slot

# green 2 and blue 2 are played: a 2 Save on either is a save of trash; red, yellow and white 2s play now
STACKS = "r1 y1 g2 b2 w1"


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
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5))  # every useful 2 it can be plays: she trusts Bob
    act(game, bots, d.action)
    assert game.strikes == 1  # the green 2: Bob's 2 Save was trash
    act(game, bots, Discard(slot(game, BOB, 5)))
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 5)), d  # the blue 2 the same clue touched waits
    assert "I hold slot 5: Bob has saved a trash card" in d.explanation


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
