"""The solver's compact state follows the engine's rules exactly, in every variant (random games, step by step)."""

import random

import pytest

from hanabi_desktop.engine import PRESETS, Game, get_variant
from hanabi_desktop.review.state import CLUE, Deal, State


def _same(s: State, g: Game) -> None:
    assert s.fw == tuple(g.fireworks)
    assert s.hands == tuple(map(tuple, g.hands))
    assert s.pile == tuple(reversed(g.draw_pile))
    assert sorted(s.discard) == sorted(g.discard_pile)
    assert (s.tokens, s.strikes, s.cur, s.final_left) == (g.clue_tokens, g.strikes, g.current, g.final_turns_left)
    assert (s.tiles, s.pending, s.end, s.score) == (tuple(g.tiles), g.pending, g.end_reason, g.score)
    # the moves the state offers are exactly the engine's legal actions, clues counted as one
    legal = {State.move_of(a) for a in g.legal_actions()}
    assert set(s.legal()) == legal


VARIANTS = [(key, {}) for key in PRESETS] + [("classic", {"final_flourish": True}),
                                             ("black-powder", {"final_flourish": True, "flamboyants": True}),
                                             ("rainbow", {"empty_clues": True, "flamboyants": True})]


@pytest.mark.parametrize(("key", "options"), VARIANTS)
def test_random_games_agree_with_the_engine(key: str, options: dict) -> None:
    variant = get_variant(key, **options)
    rng = random.Random(key)
    steps = tiles = 0
    for seed in range(40):
        players = 2 + seed % 4
        game = Game.new(variant, players, seed=f"{key}/{seed}")
        deal = Deal(game)
        state = State.of_deal(deal, game)
        while not game.over:
            _same(state, game)
            actions = game.legal_actions()
            # bias towards plays of playable cards so that fireworks complete and tiles come out
            good = [a for a in actions if type(a).__name__ == "Play" and game.is_playable(game.card(a.card))]
            safe = [a for a in actions if type(a).__name__ != "Play" or a in good] or actions
            action = rng.choice(good if good and rng.random() < 0.7 else safe if rng.random() < 0.95 else actions)
            move = State.move_of(action)
            if move == (CLUE,):
                assert state.action(move, game) in actions
            game.apply(action)
            state = state.apply(move)
            steps += 1
        _same(state, game)
        tiles += len(game.revealed_tiles)
    assert steps > 600
    assert tiles > 10 or not variant.flamboyants
