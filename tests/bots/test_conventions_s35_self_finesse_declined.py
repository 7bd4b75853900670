"""Level 2, the Self-Finesse: its receiver blind-plays the card on their finesse position at once. A turn of
theirs without that blind play (a discard, or a play of a card nobody called) declines it, as it declines any
finesse (`Notes.finesse_declined`): the card is no longer called, so a later clue is read without it. Deal h31/121
(level 3, 2 players, the careful stand-in last), its moves replayed."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play, PlayerView
from tests.bots.positions import ALICE, BOB, decide, reading, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


MOVES = """clue 1 rank 1, clue 0 rank 5, clue 1 rank 5, play 5, clue 1 colour 0, play 6, discard 1, clue 0 colour 1,
    play 4, clue 0 rank 2, clue 1 rank 2, play 10, discard 12, clue 0 colour 0, play 15, discard 7, clue 1 colour 2,
    play 17, clue 1 colour 3, play 18, play 3, discard 9, clue 1 rank 3, play 11, clue 1 colour 4, play 22,
    discard 13, play 14, clue 1 colour 0, play 25, play 0, clue 0 colour 1, play 24, discard 21, discard 16,
    clue 0 rank 3, play 30, clue 0 colour 1, play 28, discard 23, clue 1 rank 3, discard 26"""


def test_a_self_finesse_its_receiver_discards_through_is_called_off() -> None:
    # t41: Alice's 3 on Bob's green 3 (green 1 played) is a self-finesse on his green 2, slot 1; t42 he discarded
    game, bots = replayed("h31/121", MOVES, level=3, players=2)
    g2 = slot(game, BOB, 2)
    assert card(game, g2) == "g2"
    assert g2 not in bots[ALICE].notes.finessed
    assert not bots[ALICE].notes.called(PlayerView.of(game, ALICE), g2)


def test_a_clue_after_a_declined_self_finesse_reads_without_it() -> None:
    # t43 Alice played her yellow 5; t44 Bob clued green to her green 2 (slot 2, the focus) and green 4 (slot 4).
    # With his green 2 still called she read her green 2 as the green 4 by good touch, her green 4 as the green 2,
    # and struck at t45
    game, bots = replayed("h31/121", MOVES + ", play 2, clue 0 colour 2", level=3, players=2)
    assert game.current == ALICE
    focus, other = slot(game, ALICE, 2), slot(game, ALICE, 4)
    assert (card(game, focus), card(game, other)) == ("g2", "g4")
    assert "g2" in reading(game, bots[ALICE], focus)
    d = decide(game, bots)
    assert d.action != Play(other), d.explanation
