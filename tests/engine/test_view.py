"""`PlayerView.of` (built with C-level copies for speed) is exactly the plain per-card construction, hides the
seat's own identities and a recovered card's deck position, and shares nothing mutable with the game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from hanabi_desktop.engine import PRESETS, Discard, Game, Play, PlayerView, Recover, get_variant


def _reference(game: Game, seat: int) -> PlayerView:
    """The view built the obvious way, one card at a time (what `of` must equal)."""
    visible = {}
    for p, hand in enumerate(game.hands):
        if p != seat:
            visible.update({o: game.deck[o] for o in hand})
    visible.update({o: game.deck[o] for o in game.discard_pile + game.played})
    in_hands = [o for hand in game.hands for o in hand]
    return PlayerView(
        variant=game.variant, players=game.players, seat=seat, current=game.current, names=game.names,
        hands=tuple(tuple(h) for h in game.hands), visible=visible,
        knowledge={o: game.knowledge[o] for o in in_hands},
        clue_history={o: tuple(game.clue_history[o]) for o in in_hands},
        fireworks=tuple(game.fireworks), discard_pile=tuple(game.discard_pile), played=tuple(game.played),
        clue_tokens=game.clue_tokens, strikes=game.strikes, deck_count=game.deck_count, turn=game.turn,
        final_turns_left=game.final_turns_left, pending=game.pending, tiles_left=len(game.tiles),
        revealed_tiles=tuple(game.revealed_tiles),
        history=tuple(Recover(a.card) if isinstance(a, Recover) else a for a in game.actions),
        legal=tuple(game.legal_actions()) if game.current == seat else (), over=game.over,
        end_reason=game.end_reason, hand_size=game.hand_size,
    )


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_of_equals_the_plain_construction_at_every_turn(key: str) -> None:
    variant = get_variant(key, flamboyants=True)
    game = Game.new(variant, 2 + sorted(PRESETS).index(key) % 4, seed=f"view/{key}")
    rng = random.Random(key)
    names = {f.name for f in dataclasses.fields(PlayerView)}
    while True:
        for seat in range(game.players):
            view = PlayerView.of(game, seat)
            assert set(vars(view)) == names  # every field set, nothing else
            assert view == _reference(game, seat)
            assert list(view.visible) == list(_reference(game, seat).visible)  # same order for bots that iterate
            assert not set(view.my_hand) & set(view.visible)
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_recovered_cards_positions_stay_hidden() -> None:
    for seed in range(200):
        game = Game.new(get_variant("classic", flamboyants=True), 3, seed=seed)
        rng = random.Random(seed)
        while not game.over:  # play only playable cards, so fireworks complete and reveal tiles
            legal = game.legal_actions()
            plays = [a for a in legal if isinstance(a, Play) and game.is_playable(game.card(a.card))]
            game.apply(plays[0] if plays else rng.choice([a for a in legal if not isinstance(a, Play)] or legal))
        recovers = [a for a in game.actions if isinstance(a, Recover)]
        if recovers:
            view = PlayerView.of(game, 0)
            assert all(a.position is not None for a in recovers)
            assert [a for a in view.history if isinstance(a, Recover)] == [Recover(a.card) for a in recovers]
            return
    pytest.fail("no random game recovered a card")


def test_the_view_is_a_snapshot() -> None:
    game = Game.new(get_variant("classic"), 3, seed=4)
    view = PlayerView.of(game, 1)
    before = _reference(game, 1)
    rng = random.Random(0)
    for _ in range(10):
        game.apply(rng.choice(game.legal_actions()))
    assert view == before


def test_pace_counts_turns_to_spare_against_the_best_score_still_reachable() -> None:
    from tests.engine.helpers import stacked_game

    game = stacked_game("r5 g2 g3 g4 b2 y4 y3 b4 g4 w3")
    assert PlayerView.of(game, 1).pace == game.full_pace == 0 + 40 + 2 - 25
    game.clue_tokens = 7
    game.apply(Discard(0))  # the only red 5: 24 is the best score left, so the lost turn costs no pace
    assert PlayerView.of(game, 1).pace == 0 + 39 + 2 - 24 == game.full_pace + 1
    assert PlayerView.of(game, 1).full_pace == game.full_pace  # the status line's pace: against 25
    # Black Powder scores black as (cards - 5): pace counts cards, so it is the same as with a normal suit
    bp = Game.new(get_variant("black-powder"), 3, seed="pace")
    assert PlayerView.of(bp, 0).pace == bp.deck_count + 3 - 30
