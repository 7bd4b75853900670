"""A careful level-2+ stand-in forced to clue with 2 players counts a 5 clue its partner reads as a 5 Stall (level 2,
The 5 Stall, hanabi.github.io: "just interpreted as a "stall" clue", in the Mid-Game when the giver is "not allowed to
discard") as asking for no play."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB
from tests.bots.test_proxies import Y, replay

# deal t40/470, the level-3 stand-in first and the level-3 bot second, to turn 31
T40_470 = ('clue 1 rank 1', 'play 6', 'clue 1 rank 2', 'play 8', 'clue 1 rank 3', 'play 9', 'discard 0', 'clue 0 colour 3', 'play 13', 'clue 0 rank 2', 'play 14', 'clue 0 rank 4', 'play 4', 'discard 5', 'play 1', 'discard 7', 'clue 1 rank 3', 'play 17', 'discard 2', 'clue 0 rank 5', 'discard 16', 'discard 10', 'discard 18', 'clue 0 rank 2', 'discard 22', 'discard 11', 'clue 1 colour 0', 'play 26', 'play 21', 'discard 12')


def test_a_forced_five_clue_read_as_a_five_stall_beats_a_four_read_as_a_playable_four() -> None:
    # Deal t40/470, turn 31, 8 clues: Bob holds a new yellow 5 (dead: both yellow 4s discarded), white 2, blue 4,
    # yellow 2, white 1; green is at 4, white at 3. Number 4 on his blue 4 is read as the white 4 (he misplayed it);
    # number 5 from a giver who may not discard is a 5 Stall, which asks for nothing.
    game, team = replay("t40/470", Level3Proxy, T40_470, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert game.deck[view.hands[BOB][0]] == Card(Y, 5)
    d = team[ALICE].decide(view)
    assert d.action == RankClue(BOB, 5), d.explanation
