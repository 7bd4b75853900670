"""Level 3, the Fix Clue: "A clue cannot be a Play Clue and a Fix Clue at the same time. If you receive a Fix Clue
and it touches other ancillary cards, none of them are necessarily playable; the primary point of the clue is to
fix the impending misplay" (issue 31). Its giver may have had no fix that touches no trash, so good touch does not
make the new cards it touches useful either. Deal t40/471 (level 3, 2 players, the careful stand-in first), its
moves replayed."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play
from tests.bots.positions import BOB, decide, reading, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_a_new_card_a_fix_clue_touches_may_be_trash() -> None:
    # t39: 4 on Bob's chop green 4, read as the blue or white 4 to play or the green 4 saved; t41: Alice fixed it
    # with green, which also touched his new green 1 (green 1 played). Good touch made that one a green card still
    # needed, the green 2 to him, and he played it: a strike. It may be the green 1, and he does not play it
    game, bots = replayed("t40/471", """clue 1 rank 4, clue 0 rank 1, play 0, clue 0 rank 2, play 2, clue 0 rank 5,
        play 4, discard 7, discard 3, clue 0 colour 0, play 14, discard 8, discard 11, clue 0 colour 2, play 17,
        discard 9, play 1, discard 13, clue 1 rank 2, play 21, discard 15, clue 0 rank 3, play 20, clue 0 colour 1,
        play 18, clue 0 colour 3, play 25, clue 0 rank 2, play 12, clue 0 colour 4, play 26, discard 16,
        clue 1 colour 0, play 29, play 27, play 5, clue 1 rank 5, discard 22, clue 1 rank 4, discard 32,
        clue 1 colour 2""", level=3, players=2)
    assert game.current == BOB
    fixed, new = slot(game, BOB, 3), slot(game, BOB, 2)
    assert (card(game, fixed), card(game, new)) == ("g4", "g1")
    assert reading(game, bots[BOB], fixed) == {"g4"}
    assert "g1" in reading(game, bots[BOB], new)
    d = decide(game, bots)
    assert d.action != Play(new), d.explanation
