"""A colour clue on a chop card that is neither playable nor critical is not logged as a save (issue 31, the
bot's words).

The beginner's Clue Interpretation page (hanabi.github.io): a clue that focuses the chop card is a play clue or a
save; a colour clue saves only a critical card (2s and 5s are saved by number). Green on Alice's chop green 2, no
green played, Cathy's green 1 on her finesse position, is a Finesse: Cathy blind-plays the green 1 and Alice's
green 2 follows. Seen in the lead's 3-player game (Six suits, turn 11): Bob's green on Ann's green 2 was logged
"critical save on Ann's chop (slot 5): green", and Cat blind-played her green 1.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.wording import explain_clue
from hanabi_desktop.engine import PlayerView
from tests.bots.positions import BOB, bots_for, clue, position


def explain(discarded: str) -> str:
    game = position(["x x x x g2", "x x x x x", "g1 x x x x"], "r1", discarded, current=BOB, avoid="g")
    bots = bots_for(game, 3)
    view = PlayerView.of(game, BOB)
    notes = bots[BOB].notes
    return explain_clue(view, notes, clue(game, "Alice green"), notes.board(view))


def test_colour_clue_on_a_chop_two_with_a_finesse_is_named_a_finesse_not_a_save() -> None:
    words = explain("")
    assert "save" not in words
    assert words.startswith("finesse: Cathy should blind-play slot 1 (green 1) so Alice's green 2 plays")


def test_colour_clue_on_a_critical_chop_card_is_still_a_critical_save() -> None:
    # the other green 2 discarded: Alice's green 2 is the last one, and green on it is a Critical Save
    assert explain("g2").startswith("critical save on Alice's chop (slot 5): green")
