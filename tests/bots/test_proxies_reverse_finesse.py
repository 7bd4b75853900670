"""The level-2 and level-3 stand-ins as the player after the clued one: the Reverse Finesse on their own hand when
the play clue touched more cards than its focus (deals s24x/170 and s24x/297, three players: two level-3 bots,
then the careful level-3 stand-in)."""

from __future__ import annotations

import pytest

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Play, PlayerView
from tests.bots.positions import CATHY
from tests.bots.test_proxies import W, replay


@pytest.mark.parametrize("cls", [Level2Proxy, Level3Proxy])
@pytest.mark.parametrize(("seed", "moves"), [
    ("s24x/297", ("clue 1 colour 4", "clue 2 rank 2")),
    ("s24x/170", ("clue 1 colour 4", "clue 0 rank 1")),
])
def test_the_other_card_the_clue_touches_is_no_prompt(cls: type[Level2Proxy], seed: str,
                                                     moves: tuple[str, ...]) -> None:
    # Alice clued white on Bob's white 2 (slot 1, the focus) and white 4 (s24x/297) or
    # white 3 (s24x/170) in slot 2, nothing played: "finesse: Player
    # 3 should blind-play slot 1 (white 1)". Cathy, after Bob, holds the white 1 on her finesse position and nobody
    # else may hold it; Bob's slot 2 was touched by the same clue, so it is no clued card a Prompt could land on.
    # The stand-in gave a clue (s24x/297) or discarded (s24x/170) instead, and Bob, seeing no blind play, played his
    # white 2 as the white 1: a strike.
    game, team = replay(seed, cls, moves)
    bob = game.hands[1]
    assert game.deck[bob[0]] == Card(W, 2) and game.deck[bob[1]] in (Card(W, 3), Card(W, 4))
    slot1 = game.hands[CATHY][0]
    assert game.deck[slot1] == Card(W, 1)
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(slot1), d.explanation
