"""A finesse whose blind player may read a Prompt instead, through a 2 Save it cannot rule out (issue 31, level 3).

A 2 Save is never on a 2 whose other copy the giver and the receiver both see off a chop (the Visible Rule). When
that copy is on Bob's finesse position, everyone but Bob rules it out of the saved 2; Bob cannot see his own card,
so to him the saved 2 may be it. A clue that needs that 2 from Bob's finesse position is, to Bob, a Prompt on the
saved 2 ("a Prompt comes before a Finesse", hanabi.github.io, level 1): he does not blind-play, and the giver must
not count on him.
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import Play, PlayerView, parse_action
from tests.bots.positions import ALICE, BOB, CATHY, DONALD, decide, replayed, slot

# deal final7/34 (4 players, level 3): Alice's 5 Save on Bob, Bob's green to Donald, Cathy's 1 to Alice, Donald's
# green 1, Alice's red 1, Bob's blue to Alice, Cathy's 2 Save on Donald's chop white 2 (turn 7, Bob's yellow 2 on
# his slot 1), Donald's 1 to Cathy, Alice's blue 1, Bob's blue to Donald, Cathy's yellow 1, Donald's blue 2
MOVES = ("clue 1 rank 5, clue 3 colour 2, clue 0 rank 1, play 14, play 1, clue 0 colour 3, clue 3 rank 2, "
         "clue 2 rank 1, play 17, clue 3 colour 3, play 11, play 13")
YELLOW = "clue 2 colour 1"  # yellow on Cathy's yellow 3 (slot 4): the yellow 2 on Bob's slot 1


def test_the_saved_2_may_be_the_yellow_2_to_bob_only() -> None:
    game, bots = replayed("final7/34", MOVES, level=3, players=4)
    y2, saved = game.variant.parse_card("y2"), slot(game, DONALD, 4)
    assert game.deck[slot(game, BOB, 1)] == y2 and game.deck[saved] == game.variant.parse_card("w2")
    assert bots[BOB].notes.conv[saved] >> y2.identity & 1
    for seat in (ALICE, CATHY, DONALD):
        assert not bots[seat].notes.conv[saved] >> y2.identity & 1
    # Alice noted why: the Visible Rule, through Bob's card (Cathy's 2 Save, turn 7)
    assert bots[ALICE].notes.kept_off[saved] == {y2.identity: slot(game, BOB, 1)}


def test_alice_does_not_give_yellow_to_cathy() -> None:
    # before: "finesse: Player 2 should blind-play slot 1 (yellow 2) so Player 3's yellow 3 plays"; Bob discarded,
    # and Cathy played her yellow 3 as the yellow 2
    game, bots = replayed("final7/34", MOVES, level=3, players=4)
    assert game.current == ALICE
    d = decide(game, bots)
    assert d.action != parse_action(YELLOW), d.explanation


def test_bob_reads_it_as_a_prompt_and_does_not_blind_play() -> None:
    # the reason, in Bob's seat: the clue as he reads it
    game, bots = replayed("final7/34", f"{MOVES}, {YELLOW}", level=3, players=4)
    assert game.current == BOB
    assert slot(game, BOB, 1) not in bots[BOB].notes.finessed
    assert decide(game, bots).action != parse_action(f"play {slot(game, BOB, 1)}")


def test_the_preview_from_alices_seat_names_the_prompt_bob_sees() -> None:
    game, bots = replayed("final7/34", MOVES, level=3, players=4)
    preview = preview_clue(PlayerView.of(game, ALICE), bots[ALICE].notes, parse_action(YELLOW))
    assert preview.worst is not None and preview.worst.kind == "misplay", str(preview)
    assert preview.worst.text == ("Player 2 may take Player 4's clued slot 4 for the yellow 2 (a Prompt: Player 2 "
                                  "cannot see their own) and not blind-play."), str(preview)



def test_a_2_save_in_the_receivers_hand_is_no_prompt_to_the_blind_player() -> None:
    # deal h31/250 (4 players, level 3): Alice's 2 Save on Bob's chop white 2, kept off the green 2 by Donald's green
    # 2 (slot 1); Bob's green 1 clued. Cathy's green on Bob's green 3 needs the green 2: the receiver's own clued 2
    # is prompted only if nothing else explains the clue, so Donald reads the finesse and blind-plays his green 2
    # once the green 1 has played (the game scores 25). The rule above must not stop this clue
    game, bots = replayed("h31/250", "clue 1 rank 2, clue 0 rank 1", level=3, players=4)
    assert bots[CATHY].notes.kept_off == {slot(game, BOB, 4): {game.variant.parse_card("g2").identity:
                                                               slot(game, DONALD, 1)}}
    assert decide(game, bots).action == parse_action("clue 1 colour 2")
    game, bots = replayed("h31/250", "clue 1 rank 2, clue 0 rank 1, clue 1 colour 2, clue 2 rank 4, play 3, "
                          "clue 3 colour 0, discard 8", level=3, players=4)
    assert game.current == DONALD
    assert decide(game, bots).action == Play(slot(game, DONALD, 1))
