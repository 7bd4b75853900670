"""The last round (deck empty): a clue that gets a partner's card played for sure beats my own guess when that
partner has no play it knows of and would guess wrong; touching trash costs nothing then, as nobody draws."""

from __future__ import annotations

from hanabi_desktop.engine import Play, RankClue
from tests.bots.positions import BOB, CATHY, act, decide, replayed, slot

# deal h31/3, the careful beginner stand-in first, conventions bots (beginner) after it, up to turn 55
H31_3 = ("clue 1 rank 1, play 5, clue 1 colour 4, clue 1 rank 2, play 7, clue 0 colour 1, play 0, play 9, "
         "clue 1 rank 5, clue 2 rank 2, play 6, play 14, discard 1, clue 0 colour 2, discard 10, play 21, play 8, "
         "discard 11, discard 2, clue 0 rank 2, discard 12, play 3, clue 0 rank 4, play 27, play 17, discard 16, "
         "discard 13, clue 2 rank 3, discard 19, play 20, clue 1 rank 4, discard 31, clue 1 rank 5, discard 23, "
         "discard 35, clue 1 colour 1, discard 26, play 18, clue 0 colour 2, clue 1 colour 0, play 39, "
         "clue 1 colour 4, clue 2 rank 4, play 40, play 22, clue 1 colour 4, play 41, play 25, discard 30, "
         "play 24, clue 0 colour 3, play 38, play 33, discard 29, discard 36")


def test_last_round_clue_gets_a_sure_play_instead_of_two_guesses() -> None:
    # Bob's turn, the deck empty, 8 clue tokens, Cathy plays after him. Only green 1 is played: the green 2 is
    # the one card left to score, and Bob (slot 1) and Cathy (slot 1) each hold one without knowing it. Guessing,
    # Bob played his green 1 (25%) and Cathy her green 1: two misplays, 21 points. A 2 clue to Cathy touches
    # her green 2 (the focus, slot 1, the only playable 2) and a trash white 2 nobody will draw after: she plays
    # the green 2 for sure. Green would not: its focus is her chop, the trash green 1.
    game, bots = replayed("h31/3", H31_3, level="beginner", players=3)
    assert game.current == BOB and not game.draw_pile
    d = decide(game, bots)
    assert d.action == RankClue(CATHY, 2), d
    assert "last round" in d.explanation
    act(game, bots, d.action)
    assert decide(game, bots).action == Play(slot(game, CATHY, 1))
