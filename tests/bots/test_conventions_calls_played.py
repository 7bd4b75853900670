"""A blind call whose card is played by another card is void (issue 31).

A finesse asks its holder to blind-play a card the focus waits for ("they should blind-play their unclued cards
from left to right until the promise is fulfilled", hanabi.github.io/summary). Once that card is on the stacks from
elsewhere, the promise is fulfilled: nobody blind-plays for it, and the card called is an ordinary unclued card
again, on the chop when it is the oldest.
"""

from __future__ import annotations

from hanabi_desktop.engine import PlayerView
from tests.bots.positions import BOB, CATHY, replayed, slot


def test_a_finesse_the_stacks_fulfilled_calls_nobody() -> None:
    # deal s24x/61 (3 players, level 3): Alice's 2 Save on Bob's chop (his yellow 2) reads to him as maybe the
    # green 2 through Cathy's green 1 on her finesse position; then his own clued 1, the green 1, plays. Cathy's
    # green 1 is no longer called: her finesse position again, and her chop once it is the oldest (before: Bob kept
    # it called to the end, took her red 3 for her chop at turn 17, saved it with red, and she played it as the red 2)
    game, bots = replayed("s24x/61", "clue 1 rank 1, clue 2 rank 5, clue 0 rank 2, clue 1 rank 2, play 6", level=3)
    assert game.fireworks[2] == 1
    green_1 = slot(game, CATHY, 1)
    assert game.deck[green_1].identity == 10  # the green 1
    assert green_1 not in bots[BOB].notes.finessed
    assert bots[BOB].notes.finesse_pos(PlayerView.of(game, BOB), CATHY) == green_1
