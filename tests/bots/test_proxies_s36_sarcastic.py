"""The careful level-3 stand-in reads a partner's Sarcastic Discard (level 3, The Sarcastic Discard: a player who
knows their clued card is a copy of a clued card in a teammate's hand discards theirs, and the teammate then knows
their clued card is exactly that card)."""

from __future__ import annotations

from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Play, PlayerView
from tests.bots.positions import ALICE
from tests.bots.test_proxies import R, replay

# deal t40/294, the level-3 stand-in first and the level-3 bot second, to turn 28 (Bob's discard)
T40_294 = ('clue 1 colour 1', 'clue 0 colour 3', 'play 4', 'play 9', 'clue 1 colour 4', 'play 11', 'discard 0',
           'discard 5', 'clue 1 rank 1', 'play 8', 'clue 1 rank 5', 'discard 7', 'discard 1', 'clue 0 colour 0',
           'play 13', 'clue 0 rank 2', 'play 17', 'clue 0 colour 2', 'play 18', 'clue 0 colour 4', 'play 19',
           'discard 12', 'play 20', 'discard 14', 'clue 1 colour 0', 'play 22', 'clue 1 colour 0', 'discard 25')


def test_a_sarcastic_discard_makes_my_clued_card_that_card() -> None:
    # Deal t40/294, turn 29, red at 2: my red card (slot 3, clued red at turn 14 with the red 1 I played) is the red
    # 3. I clued red on Bob's new red 3 at turn 27 as the play clue on it; he knew it as the red 3, saw mine, and
    # discarded his (turn 28). So mine is the red 3, playable now. I clued white instead, never played it until a
    # 3 clue at turn 46, and read the bot's 4 at turn 34 as the blue 4 and misplayed.
    game, team = replay("t40/294", Level3Proxy, T40_294, players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    assert game.deck[25] == Card(R, 3) and game.fireworks[R] == 2
    assert game.deck[view.my_hand[2]] == Card(R, 3)
    d = team[ALICE].decide(view)
    assert d.action == Play(view.my_hand[2]), d.explanation
