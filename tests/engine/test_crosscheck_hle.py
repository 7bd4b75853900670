"""Our engine agrees with DeepMind's Hanabi Learning Environment move by move (skipped when HLE is absent)."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from hanabi_desktop.measure import hle_crosscheck as hle


def _need_hle() -> None:
    pytest.importorskip("hanabi_learning_environment.pyhanabi")


def test_engines_agree_after_every_move_in_every_kind_of_ending() -> None:
    _need_hle()
    results = hle.crosscheck(72, seed=500)
    assert [r.mismatch for r in results if r.mismatch] == []
    assert Counter(r.players for r in results) == {2: 18, 3: 18, 4: 18, 5: 18}
    ends = Counter(r.end for r in results)
    assert ends["strikeout"] and ends["deck_out"] and ends["perfect"]  # all three ways a game ends


def test_the_crosscheck_notices_a_different_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    _need_hle()
    true_deck = hle._our_deck
    monkeypatch.setattr(hle, "_our_deck", lambda dealt: true_deck(dealt[::-1]))
    results = [hle.crosscheck_game(3, seed, "careful") for seed in range(3)]
    assert all(r.mismatch for r in results)


def test_hle_moves_map_to_our_actions() -> None:
    _need_hle()
    from hanabi_desktop.engine import ColourClue, Discard, Game, Play, RankClue, get_variant

    game = Game.new(get_variant("classic"), 3, seed=1)
    game.apply(RankClue(2, game.card(game.hands[2][0]).rank))  # player 1 to act
    hand = game.hands[1]
    assert hle.to_action(game, (hle.PLAY, 0, -1, -1, -1)) == Play(hand[-1])  # HLE's index 0 is the oldest card
    assert hle.to_action(game, (hle.DISCARD, 4, -1, -1, -1)) == Discard(hand[0])
    assert hle.to_action(game, (hle.REVEAL_COLOR, -1, 2, 3, -1)) == ColourClue(0, 4)  # HLE's W is our white
    assert hle.to_action(game, (hle.REVEAL_RANK, -1, 1, -1, 0)) == RankClue(2, 1)


def test_hle_speed_is_measured() -> None:
    _need_hle()
    assert hle.hle_available()
    assert hle.hle_random_games_per_second(2, 5, seed=1) > 0


def test_hle_absent_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hanabi_learning_environment", None)
    assert hle.hle_available() is False
