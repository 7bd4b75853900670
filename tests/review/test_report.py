"""The review API: `advise` sees only the seat's view, and `review_game` gives a consistent per-turn curve."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import (
    ColourClue,
    Game,
    GameRecord,
    HanabiError,
    Play,
    PlayerView,
    RankClue,
    get_variant,
)
from hanabi_desktop.engine.masks import clue_mask
from hanabi_desktop.review.report import Bound, advise, review_game

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"


def bot_game(players: int, seed: str, variant: str = "classic", upto: int | None = None) -> tuple[GameRecord, list]:
    """An all-conventions-bot game, and the decision each bot made, as at the table."""
    v = get_variant(variant)
    game = Game.new(v, players, seed=seed)
    bots = [create("conventions", s, players, v, f"0/{s}") for s in range(players)]
    decisions = []
    while not game.over and (upto is None or game.turn < upto):
        decision = bots[game.current].decide(PlayerView.of(game, game.current))
        decisions.append(decision)
        game.apply(decision.action)
        for s, b in enumerate(bots):
            b.observe(PlayerView.of(game, s))
    return GameRecord.of(game), decisions


@pytest.mark.parametrize(("players", "seed"), [(2, "a"), (3, "b"), (5, "c")])
def test_advise_is_the_move_the_bot_made_at_the_table(players, seed):
    record, decisions = bot_game(players, seed)
    game = record.new_game()
    for turn, decision in enumerate(decisions):
        seat, advice = advise(record, turn)
        assert seat == game.current
        assert advice == decision
        game.apply(record.actions[turn])


def _swap_for_same_view(record: GameRecord, turn: int) -> GameRecord | None:
    """The record with one card of the acting seat's hand exchanged for a card not yet drawn, chosen so that the
    seat's view is unchanged: every clue the seat received while holding it touches both cards alike."""
    game = record.replay(turn)
    seat = game.current
    undrawn = list(game.draw_pile)
    v = record.variant
    for o in game.hands[seat]:
        clues = [c for _turn, c, _hit in game.clue_history[o]]
        for o2 in undrawn:
            a, b = record.deck[o], record.deck[o2]
            if a == b:
                continue
            if all(bool(clue_mask(v, c) >> a.identity & 1) == bool(clue_mask(v, c) >> b.identity & 1)
                   for c in clues if isinstance(c, ColourClue | RankClue)):
                deck = list(record.deck)
                deck[o], deck[o2] = deck[o2], deck[o]
                swapped = GameRecord(record.variant, record.players, tuple(deck), list(record.actions))
                swapped.replay(turn)  # still a legal game up to `turn`
                return swapped
    return None


def test_advise_never_depends_on_the_seats_own_hidden_cards():
    record, _ = bot_game(3, "hidden")
    checked = 0
    for turn in range(0, len(record.actions) - 1, 3):
        swapped = _swap_for_same_view(record, turn)
        if swapped is None:
            continue
        seat = record.replay(turn).current
        assert record.replay(turn).hands[seat] == swapped.replay(turn).hands[seat]
        assert [record.deck[o] for o in record.replay(turn).hands[seat]] != \
            [swapped.deck[o] for o in swapped.replay(turn).hands[seat]]  # the seat holds other cards now
        assert advise(record, turn) == advise(swapped, turn)
        checked += 1
    assert checked >= 10


def test_advise_refuses_a_turn_outside_the_game():
    record, _ = bot_game(2, "range")
    with pytest.raises(HanabiError, match="no turn"):
        advise(record, len(record.actions) + 1)
    with pytest.raises(HanabiError, match="over"):
        advise(record, len(record.actions))


def test_review_of_a_real_game_finds_where_the_points_went():
    record = GameRecord.loads((GAMES / "no_variant_5p.json").read_text())
    review = review_game(record, budget_s=5.0)
    assert review.max_score.exact and review.max_score.low == 25
    curve = review.max_by_turn
    assert len(curve) == len(record.actions) + 1
    assert curve[-1].low == curve[-1].high == record.replay().score == 23
    assert all(a.low >= b.low and a.high >= b.high for a, b in zip(curve, curve[1:], strict=False))
    drops = [t for t in review.turns if t.lost]
    assert drops and all(t.best_after.high < t.best_before.low for t in drops)
    assert sum(t.best_before.low - t.best_after.low for t in drops) <= 2
    for t in review.turns:
        assert (t.suggestion is None) == (t.explanation == "")
        assert t.suggestion != t.action


def test_review_of_a_perfect_bot_game_has_no_drop_and_no_suggestion():
    record, _ = bot_game(3, "perfect-check")
    review = review_game(record, budget_s=2.0)
    assert all(t.suggestion is None for t in review.turns)  # the bot would do exactly what it did
    final = record.replay().score
    assert review.max_by_turn[-1].low == final
    for t in review.turns:
        if t.lost:
            assert t.best_after.high < t.best_before.low


def test_a_strikeout_is_named_and_progress_is_reported():
    game = Game.new(get_variant("classic"), 2, seed="strikes")
    # misplay useful cards until the third error
    while game.strikes < 3 and not game.over:
        hand = game.hands[game.current]
        bad = [o for o in hand if not game.is_playable(game.card(o)) and not game.is_trash(game.card(o))]
        game.apply(Play(bad[0]) if bad else game.legal_actions()[-1])
    record = GameRecord.of(game)
    calls = []
    review = review_game(record, budget_s=2.0, progress=lambda done, total: calls.append((done, total)))
    assert review.max_by_turn[-1] == Bound(0, 0)
    last = review.turns[-1]
    assert last.lost.startswith("misplay of ") and "third error" in last.lost
    assert [d for d, _ in calls] == list(range(1, len(calls) + 1)) and calls[-1][0] == calls[-1][1]


def test_review_of_a_flamboyants_game_with_bonus_tiles():
    record, _ = bot_game(3, "tiles", variant="deluxe")
    assert record.variant.flamboyants
    review = review_game(record, budget_s=2.0)
    game = record.replay()
    assert review.max_by_turn[-1].low == game.score
    assert review.max_score.low >= game.score


def test_the_reviews_suggestions_are_the_advice_from_each_seats_view():
    from hanabi_desktop.measure.solverbench import bot_record

    record = bot_record("beginner-proxy", 3, "advice-vs-review")
    review = review_game(record, budget_s=1.0)
    differing = 0
    for t in review.turns[::2]:
        seat, decision = advise(record, t.turn)
        assert seat == t.seat
        if t.suggestion is None:
            assert decision.action == t.action
        else:
            assert (decision.action, decision.explanation) == (t.suggestion, t.explanation)
            differing += 1
    assert differing >= 3  # the beginner proxy plays differently from the conventions bot
