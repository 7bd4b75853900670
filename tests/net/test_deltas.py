"""A seat rebuilds its whole view from the first one and each move's delta: the very `PlayerView` the engine
gives that seat after every move (to the dict order), in every variant, and a delta never carries a card the
seat may not see."""

from __future__ import annotations

import json
import random

import pytest

from hanabi_desktop.engine import PRESETS, Game, Play, PlayerView, Recover, Replay, get_variant
from hanabi_desktop.net.protocol import ProtocolError, action_json
from hanabi_desktop.net.seatview import Moment, MoveDelta, apply_delta, view_from_json, view_json
from tests.net.test_secrecy import identities


def _same(a: PlayerView, b: PlayerView) -> None:
    assert a == b
    for name in ("visible", "knowledge", "clue_history"):
        assert list(getattr(a, name)) == list(getattr(b, name)), name  # bots may read them in order


@pytest.mark.parametrize("variant", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_each_seat_rebuilds_its_view_from_the_deltas(variant: str, players: int) -> None:
    kinds: set[type] = set()
    for seed in range(8 if get_variant(variant).flamboyants else 3):
        rng = random.Random(seed)
        game = Game.new(get_variant(variant), players, seed=f"{variant}/{seed}")
        views = [view_from_json(json.loads(json.dumps(view_json(PlayerView.of(game, s)))), game.variant)
                 for s in range(players)]
        while not game.over:
            before = Moment.of(game)
            legal = game.legal_actions()
            good = [a for a in legal if isinstance(a, Play) and game.is_playable(game.deck[a.card])]
            calm = [a for a in legal if not isinstance(a, Play)]  # few misplays: fireworks grow, the deck runs out
            action = rng.choice(good if good and rng.random() < 0.7 else calm if calm and rng.random() < 0.9 else legal)
            kinds.add(type(action))
            game.apply(action)
            move = MoveDelta.of(before, game)
            for s in range(players):
                delta = json.loads(move.text(s))  # as it goes over the network
                assert delta == move.seat(s)
                hidden = set(game.hands[s]) | set(game.draw_pile)
                assert not hidden & {order for order, _ in identities(delta)}
                views[s] = apply_delta(views[s], action_json(game.public_actions[-1]), delta)
                _same(views[s], PlayerView.of(game, s))
    if get_variant(variant).flamboyants and players == 5:
        assert {Recover, Replay} <= kinds  # the bonus tiles that move a discarded card were played


def test_a_delta_that_cannot_apply_is_a_protocol_error() -> None:
    game = Game.new(get_variant("classic"), 3, seed=1)
    view = PlayerView.of(game, 0)
    before = Moment.of(game)
    action = game.legal_actions()[0]
    game.apply(action)
    delta = MoveDelta.of(before, game).seat(0)
    for broken in ({**delta, "hands": [[1, 2]]}, {k: v for k, v in delta.items() if k != "current"},
                   {**delta, "cards": [{"card": "x"}]}, {**delta, "clues": [[3, 0, [["a"]]]]}, [], None):
        with pytest.raises(ProtocolError):
            apply_delta(view, action_json(action), broken)
