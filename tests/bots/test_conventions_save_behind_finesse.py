"""The bot as giver: no save on a chop that is one only because an older card waits to be blind-played (a person may
count that card as the chop). Deal s24x/161, level 2, 3 players, the careful level-2 stand-in last: its moves
replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.engine import PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, decide, replayed, slot


def test_no_5_save_on_a_chop_left_of_a_card_called_to_blind_play() -> None:
    # Turn 13: Alice's blue on Cathy's blue 4 was a double finesse, Bob's slot 1 (blue 2, played turn 14) then his
    # slot 3 (blue 3). Turn 16: Bob's unclued cards are a new green 5 (slot 1) and the called blue 3 (slot 3).
    # Alice gave 5 on the green 5 as a 5 Save; Cathy, counting the blue 3 as Bob's chop, read a 5 off the chop as a
    # play clue, blind-played her slot 1 for a Reverse Finesse and struck (turn 18). Bob plays his blue 3 next
    # turn, and then the green 5 is his chop for everyone.
    game, bots = replayed("s24x/161", """clue 1 rank 1, play 5, discard 10, clue 2 colour 2, play 8, play 13,
        clue 2 rank 2, discard 6, play 16, clue 1 rank 5, discard 9, clue 1 rank 1, clue 2 colour 3, play 21,
        clue 1 colour 4""")
    assert game.current == ALICE
    g5, b3 = slot(game, BOB, 1), slot(game, BOB, 3)
    assert (game.variant.card_text(game.deck[g5]), game.variant.card_text(game.deck[b3])) == ("g5", "b3")
    assert b3 in bots[ALICE].notes.finessed
    d = decide(game, bots)
    assert not (isinstance(d.action, RankClue) and d.action.target == BOB and d.action.rank == 5), d.explanation
    assert PlayerView.of(game, ALICE).clue_tokens == 4
