"""A Fix Clue that tells its receiver something new before one that repeats a clue: the same clue again reads as
a fix only to a player who sees that the receiver reads the card as playable; to one who does not, it is a
Tempo Clue on a card that cannot play yet, which a finesse on that player explains."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Play, RankClue
from tests.bots.positions import ALICE, BOB, DONALD, act, decide, replayed, slot

# deal final7/54, 5 players, level 3 self-play, up to turn 20
F54 = ("clue 2 rank 1, clue 0 rank 1, play 10, clue 1 colour 3, clue 3 colour 1, play 1, play 6, play 11, "
       "clue 1 colour 0, clue 3 colour 3, play 21, clue 2 rank 5, clue 0 rank 5, play 15, discard 16, play 2, "
       "play 7, clue 4 colour 0, discard 12, play 26")
YELLOW = 1


def test_the_fix_is_the_3_not_yellow_again() -> None:
    # Turn 21, Alice: Emily's yellow on Donald's yellow 3 (turn 5) called a yellow 2 from Alice's finesse
    # position, which Alice never blind-played (she played into Donald's red finesse there instead); her yellow 1
    # is played now, so to Alice Donald reads his yellow card as the yellow 2 and would misplay it. Yellow again
    # (no new information) and 3 both stop him; yellow again was given, and Bob, who sees the yellow 2 in Alice's
    # hand, read it as a Tempo Clue on a card not yet playable: a finesse on his slot 1, the white 5 (a strike,
    # 22 points). The 3 tells Donald his card is the yellow 3 (23 points, no strike).
    game, bots = replayed("final7/54", F54, level=3, players=5)
    assert game.current == ALICE
    d = decide(game, bots)
    assert d.action == RankClue(DONALD, 3), d
    assert "fix clue" in d.explanation
    act(game, bots, d.action)
    assert decide(game, bots).action != Play(slot(game, BOB, 1))


def test_yellow_again_sends_bob_into_a_blind_play() -> None:
    # why the 3: with yellow again Bob blind-plays his slot 1 (the white 5) for the yellow 2
    game, bots = replayed("final7/54", F54, level=3, players=5)
    act(game, bots, ColourClue(DONALD, YELLOW))
    d = decide(game, bots)
    assert d.action == Play(slot(game, BOB, 1)) and "finesse" in d.explanation, d
