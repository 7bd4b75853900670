"""A clue its giver had to give (8 tokens or a locked hand) may touch a copy of a clued card of the receiver's: the
receiver does not read the focus as none of its own clued cards (issue 31). Level 1, Clue Interpretation: a clue
on the chop may be a Play Clue or a Save, and with a critical card possible the receiver keeps both readings and
plays nothing until it knows. Deal t40/310 (level 3, 2 players, the careful stand-in first), its moves replayed."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play
from tests.bots.positions import BOB, decide, reading, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_a_forced_4_on_the_chop_beside_a_4_read_as_the_blue_4_may_be_the_blue_4() -> None:
    # t31: Alice, her hand locked, stalled with 4 on Bob's chop, his red 4; he read it as a Critical Save (blue or
    # white 4), and a white stall (t37) left the blue 4. t41: locked again, she gave 4 on his new chop, the blue 4
    # (one discarded: a Critical Save), re-touching his red 4. Good touch from his reading of the red 4 made the
    # focus the green 4 (green at 3) and he played it: a strike. A locked giver's clue may touch a copy (she may
    # have had nothing else), so the focus is the green 4 or the blue 4, and he waits
    game, bots = replayed("t40/310", """clue 1 rank 1, play 6, clue 1 colour 4, clue 0 colour 2, clue 1 rank 2,
        play 10, play 0, clue 0 colour 3, play 12, clue 0 rank 5, clue 1 colour 1, play 11, discard 1,
        clue 0 colour 1, play 15, play 5, discard 13, clue 0 rank 5, clue 1 rank 1, play 7, discard 4, discard 17,
        discard 20, discard 14, discard 22, clue 0 rank 5, clue 1 rank 1, discard 23, clue 1 rank 1, discard 19,
        clue 1 rank 4, discard 9, clue 1 rank 3, discard 25, clue 1 colour 2, play 28, clue 1 colour 4, play 21,
        clue 1 rank 2, discard 26, clue 1 rank 4""", level=3, players=2)
    assert game.current == BOB
    chop, old = slot(game, BOB, 3), slot(game, BOB, 5)
    assert (card(game, chop), card(game, old)) == ("b4", "r4")
    assert {"g4", "b4"} <= reading(game, bots[BOB], chop)
    d = decide(game, bots)
    assert d.action != Play(chop), d.explanation

