"""A colour clue on a playable chop card that its receiver may read as a critical card is no play clue in its
giver's words (issue 31, the bot as giver).

The beginner's Clue Interpretation page, question 4 (hanabi.github.io): blue 2 played, a blue 4 discarded, blue on
Bob's chop (here the last blue 3) may be the blue 3, a Chop-Focus play clue, or the critical blue 4, a Critical Save; Bob notes both and
does not play it. Its giver does not call it a play clue (the lead's 2-player game 25, turn 55: the Hint said "play
clue on Bob's chop (slot 5): blue", and Bob rightly discarded).
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.wording import explain_clue
from hanabi_desktop.engine import PlayerView
from tests.bots.positions import ALICE, bots_for, clue, position


def explain(discarded: str) -> str:
    game = position(["x x x x x", "x x x b4 b3"], "r1 y1 g1 b2 w1", discarded, avoid="b")
    bots = bots_for(game, 3)
    view = PlayerView.of(game, ALICE)
    notes = bots[ALICE].notes
    return explain_clue(view, notes, clue(game, "Bob blue"), notes.board(view))


def test_chop_colour_clue_that_may_be_a_critical_save_is_named_play_or_save() -> None:
    words = explain("b4 b3")
    assert words.startswith("play or save clue (Bob cannot tell yet")
    assert "on Bob's chop (slot 5): blue" in words


def test_chop_colour_clue_only_a_play_reads_is_a_play_clue() -> None:
    # no blue 4 discarded: the blue 4 needs no save, so blue on the chop (the last blue 3) can only be the blue 3
    assert explain("b3").startswith("play clue on Bob's chop (slot 5): blue")
