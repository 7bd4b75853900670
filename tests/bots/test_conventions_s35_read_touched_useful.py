"""Good touch, read by the receiver: the other cards a clue touches for the first time are useful
(hanabi.github.io, Good Touch Principle). A reading of the focus under which one of them could only be trash (every
useful card it may be is the focus, or a card the reading's finesse calls elsewhere) is not the giver's meaning.
Deal s24x/269 (level 3, 3 players, the careful stand-in first), its moves replayed."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play
from tests.bots.positions import BOB, decide, reading, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


MOVES = """clue 2 rank 1, clue 0 rank 2, play 11, clue 2 colour 1, clue 2 colour 2, play 15, discard 1,
    clue 2 colour 0, clue 0 rank 5, discard 4, discard 5, play 14, discard 17, discard 6, play 10, clue 1 colour 3,
    play 22, clue 1 rank 2, discard 18, play 19, clue 1 colour 0, discard 21, play 26, discard 16, play 0,
    clue 2 rank 5, play 13, play 3, clue 2 colour 3, play 20, clue 2 colour 2, discard 7, play 33, clue 1 colour 2"""


def test_a_finesse_reading_that_leaves_a_touched_card_trash_is_not_read() -> None:
    # t34: green (green 3 played) on Bob's chop green 4 (slot 5) and his green 5 (slot 3). Cathy's green 4 is on
    # her finesse position: through it Bob read his chop as the green 5 (a Reverse Finesse), his slot 3 as the
    # green 4 by good touch, and played it. Under that reading slot 3 could be neither (the green 4 called on
    # Cathy's card, the green 5 his chop): trash. The clue is a play clue on the green 4
    game, bots = replayed("s24x/269", MOVES, level=3, players=3)
    assert game.current == BOB
    chop, other = slot(game, BOB, 5), slot(game, BOB, 3)
    assert (card(game, chop), card(game, other)) == ("g4", "g5")
    assert "g4" in reading(game, bots[BOB], chop)
    d = decide(game, bots)
    assert d.action != Play(other), d.explanation
