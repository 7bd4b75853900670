"""The shared card masks agree with the rules' own questions, in every variant, at every moment of a game."""

from __future__ import annotations

import random

import pytest

from hanabi_desktop.engine import (
    PRESETS,
    Card,
    ColourClue,
    Game,
    Play,
    PlayerView,
    RankClue,
    get_variant,
    masks,
)
from hanabi_desktop.engine.cards import bit


def _positions(key: str, players: int, seed: str):
    """Every state of a game of careful random play (plays only what is playable, so games run long)."""
    game = Game.new(get_variant(key), players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        yield game
        legal = game.legal_actions()
        safe = [a for a in legal if not isinstance(a, Play) or game.is_playable(game.card(a.card))]
        game.apply(rng.choice(safe or legal))


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_masks_agree_with_the_rules(key: str) -> None:
    variant = get_variant(key)
    for game in _positions(key, 3, f"masks/{key}"):
        discarded = game.discarded()
        play = masks.playable_mask(variant, game.fireworks)
        trash = masks.trash_mask(variant, game.fireworks, discarded)
        crit = masks.critical_mask(variant, game.fireworks, discarded)
        for i in range(len(variant.copies)):
            card = Card.from_identity(i)
            assert bool(play & bit(i)) == game.is_playable(card)
            assert bool(trash & bit(i)) == game.is_trash(card)
            assert bool(crit & bit(i)) == game.is_critical(card)
        view = PlayerView.of(game, game.current)
        assert (view.playable_mask(), view.trash_mask(), view.critical_mask()) == (play, trash, crit)


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_what_a_clue_touches_is_what_the_game_touches(key: str) -> None:
    variant = get_variant(key)
    game = Game.new(variant, 4, seed=f"touch/{key}")
    view = PlayerView.of(game, 0)
    clues = [ColourClue(t, c) for t in (1, 2, 3) for c in range(len(variant.clue_colours))]
    clues += [RankClue(t, r) for t in (1, 2, 3) for r in range(1, 6)]
    for clue in clues:
        touched = game.touched_by(clue.target, clue)
        assert view.touched(clue) == touched
        assert [o for o in game.hands[clue.target] if masks.touches(variant, clue, game.card(o))] == list(touched)


def test_rainbow_is_touched_by_every_colour_and_black_powder_by_none() -> None:
    rainbow = get_variant("rainbow")
    m = len(rainbow.suits) - 1
    assert all(masks.touches(rainbow, ColourClue(1, c), Card(m, 3)) for c in range(len(rainbow.clue_colours)))
    black = get_variant("black-powder")
    k = next(i for i, s in enumerate(black.suits) if s.penalty_scoring)
    assert not any(masks.touches(black, ColourClue(1, c), Card(k, 3)) for c in range(len(black.clue_colours)))
    assert masks.touches(black, RankClue(1, 3), Card(k, 3))


def test_a_seat_cannot_ask_what_a_clue_would_touch_in_its_own_hand() -> None:
    view = PlayerView.of(Game.new(get_variant("classic"), 2, seed=1), 0)
    with pytest.raises(ValueError, match="own cards"):
        view.touched(RankClue(0, 1))
