"""A blind call made for a reading of a clue's focus ends when that focus leaves the hand (issue 31, level 3).

A clue on my own card may call blind plays for one of the cards it could be (`Notes.tentative`: I cannot see the
focus). Once I play the focus as another card, nothing waits for those calls: the called card is a card like any
other, its holder's chop again, and a later clue on it reads as the clue it is.
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, DONALD, decide, replayed, slot

# deal final7/224 (5 players, level 3): turn 7 Bob's 3 on my red 3 (to me maybe the green 3, through a green 1
# on Emily's finesse position and Donald's chop as the green 2); turn 21 I play it, the red 3; turn 25 Emily's
# critical save on Donald's chop green 2 with green, which touches his green 3 too
MOVES = ("clue 4 rank 5, clue 4 colour 3, clue 0 rank 5, clue 0 colour 3, play 17, clue 3 colour 0, clue 0 rank 3, "
         "play 11, clue 1 rank 5, play 20, play 2, clue 4 colour 1, discard 8, play 13, play 22, clue 3 colour 3, "
         "discard 4, clue 1 rank 2, play 12, play 16")


def test_my_3_called_donalds_chop_only_while_i_held_it() -> None:
    game, bots = replayed("final7/224", MOVES, level=3, players=5)
    g2 = game.variant.parse_card("g2")
    chop = next(o for o in game.hands[DONALD] if game.deck[o] == g2)
    assert chop in bots[ALICE].notes.finessed and chop in bots[ALICE].notes.tentative
    game, bots = replayed("final7/224", f"{MOVES}, play 1", level=3, players=5)  # my 3, the red 3
    assert chop not in bots[ALICE].notes.finessed
    assert chop not in bots[ALICE].notes.tentative


def test_emilys_save_on_it_is_no_finesse_on_me() -> None:
    # before: "finesse: blind play slot 1 for Player 4's green 3", my green 4, a strike
    game, bots = replayed("final7/224", f"{MOVES}, play 1, play 7, clue 3 rank 5, discard 14, clue 3 colour 2",
                          level=3, players=5)
    assert game.current == ALICE
    d = decide(game, bots)
    assert d.action != Play(slot(game, ALICE, 1)), d.explanation


def test_a_focus_discarded_sarcastically_keeps_the_call() -> None:
    # deal h31/72 (5 players, level 3): turn 18 Cathy's white on Emily's white 3 calls my white 2 (slot 1); turn 20
    # Emily discards her white 3, known, as a Sarcastic Discard (Cathy holds the other clued one): the white 3 still
    # waits for my white 2, and I blind-play it
    game, bots = replayed("h31/72", "clue 1 rank 1, play 4, clue 3 colour 1, play 14, clue 2 colour 0, "
                          "clue 2 colour 4, play 7, play 8, clue 0 colour 2, clue 0 rank 3, play 2, clue 3 colour 0, "
                          "play 10, play 21, clue 2 rank 2, play 3, discard 5, clue 4 colour 4, discard 12, discard 16",
                          level=3, players=5)
    assert game.current == ALICE
    assert decide(game, bots).action == Play(slot(game, ALICE, 1))
