"""Level 3, the Fix Clue: a partner's card that waits for a card of mine called for it is not one its holder
reads wrongly. Its holder sees my called card, where I read the clue without it: I play my card, as called."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Play
from tests.bots.positions import ALICE, BOB, DONALD, act, decide, replayed, slot

# deal final7/54, 5 players, level 3 self-play, up to turn 20
F54 = ("clue 2 rank 1, clue 0 rank 1, play 10, clue 1 colour 3, clue 3 colour 1, play 1, play 6, play 11, "
       "clue 1 colour 0, clue 3 colour 3, play 21, clue 2 rank 5, clue 0 rank 5, play 15, discard 16, play 2, "
       "play 7, clue 4 colour 0, discard 12, play 26")
YELLOW = 1


def test_i_blind_play_the_card_called_rather_than_fix_its_partner() -> None:
    # Turn 5: Emily's yellow on Donald's yellow 3 called, after my clued yellow 1, the yellow 2 from my finesse
    # position (my slot 1 then, slot 3 now); Donald and Bob see it there. Turn 16 my yellow 1 played. Turn 21,
    # my turn: Donald, to me, read his clue without my card (the yellow 1 or 2), so with the yellow 1 played he
    # would play his as the yellow 2, and I gave him yellow again as a fix; Bob, who sees my yellow 2 and so
    # takes Donald's card for the yellow 3 he knows of, read the clue again as a Tempo Clue on a card that cannot
    # play yet, a Finesse on his slot 1, and blind-played a white 5 (22 points). I blind-play my yellow 2 (23,
    # no strike).
    game, bots = replayed("final7/54", F54, level=3, players=5)
    assert game.current == ALICE
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 3)) and "finesse" in d.explanation, d
    assert game.deck[d.action.card] == game.variant.parse_card("y2")


def test_yellow_again_sends_bob_into_a_blind_play() -> None:
    # why not the fix: with yellow again on Donald's yellow 3, Bob blind-plays his slot 1 (the white 5)
    game, bots = replayed("final7/54", F54, level=3, players=5)
    act(game, bots, ColourClue(DONALD, YELLOW))
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and "finesse" in d.explanation, d
