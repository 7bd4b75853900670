"""The bot as giver, forced to clue (8 tokens, nothing to play, save or discard): no re-touch a third player reads as
a Finesse on their own hand. A Tempo Clue is a play clue on its leftmost re-touched card; a player who finds a card it
waits for nowhere else blind-plays their finesse position for it. Deals: level 2, 3 players, the stand-in's moves
replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import is_tempo, tempo_reads_as_finesse
from hanabi_desktop.engine import ColourClue, Game, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def assert_no_retouch_read_as_finesse(game: Game, bots: list, giver: int) -> None:
    d = decide(game, bots)
    view = PlayerView.of(game, giver)
    b = bots[giver].notes.board(view)
    assert isinstance(d.action, ColourClue | RankClue), d.explanation
    assert not (is_tempo(view, bots[giver].notes, d.action)
                and tempo_reads_as_finesse(view, bots[giver].notes, d.action, b)), d.explanation


def test_a_forced_retouch_of_a_red_5_waiting_for_the_red_4_is_not_given() -> None:
    # Deal s24x/20 t22 (stand-in last): red 3 played, 8 tokens, Alice may not discard; red to Cathy re-touched her
    # red 5 alone ("the clue least likely to be read as a play"), no red 4 anywhere: Bob read a Finesse on his hand
    # and blind-played his slot 1, a yellow 3
    game, bots = replayed("s24x/20", """clue 2 colour 0, clue 0 colour 2, clue 0 rank 5, play 3, clue 2 rank 5,
        play 12, clue 1 rank 2, play 9, clue 1 colour 0, clue 1 colour 3, play 5, discard 13, discard 1, play 17,
        discard 14, discard 2, discard 8, discard 16, discard 15, clue 0 colour 1, discard 19""")
    assert game.current == ALICE and game.clue_tokens == 8
    assert (card(game, slot(game, CATHY, 4)), card(game, slot(game, BOB, 1))) == ("r5", "y3")
    assert_no_retouch_read_as_finesse(game, bots, ALICE)


def test_a_forced_retouch_of_yellow_4_and_5_waiting_for_the_yellow_3_is_not_given() -> None:
    # Deal s24x/244 t36 (stand-in first): yellow 2 played, 8 tokens, Cathy may not discard; yellow to Alice
    # re-touched her yellow 4 and yellow 5, no yellow 3 anywhere: Bob, after the receiver, read a Finesse on his
    # hand and blind-played his slot 1, a green 1 (green at 3)
    game, bots = replayed("s24x/244", """clue 1 rank 1, play 6, clue 1 colour 1, clue 1 rank 5, play 7,
        clue 0 rank 5, discard 0, play 15, clue 0 colour 4, play 17, clue 0 rank 4, discard 10, discard 1, discard 8,
        clue 1 rank 3, discard 2, discard 16, clue 1 colour 2, clue 2 rank 2, play 24, play 13, clue 1 colour 2,
        discard 18, discard 11, clue 2 rank 5, discard 22, clue 1 rank 3, discard 21, play 25, clue 0 rank 5,
        discard 30, discard 27, clue 1 colour 3, discard 32, discard 31""")
    assert game.current == CATHY and game.clue_tokens == 8
    assert (card(game, slot(game, ALICE, 3)), card(game, slot(game, BOB, 1))) == ("y4", "g1")
    assert_no_retouch_read_as_finesse(game, bots, CATHY)
