"""Card knowledge ('empathy'), derived facts and what a seat's view may hold."""

from __future__ import annotations

from hanabi_desktop.engine import Card, ColourClue, Discard, Game, PlayerView, RankClue, get_variant
from hanabi_desktop.engine.knowledge import mask_cards
from tests.engine.helpers import stacked_game


def names(variant, mask):
    return sorted(variant.card_text(c) for c in mask_cards(mask))


def test_empathy_removes_identities_whose_every_copy_is_visible():
    # P0 holds r5 and learns "5"; P1's view of the table shows nothing else; P0 sees P1's hand
    game = stacked_game("r5 y1 y2 y3 y4 y5 g5 b5 w1 w2")
    game.apply(RankClue(1, 5))  # P1 learns y5, g5, b5 are 5s
    game.apply(RankClue(0, 5))  # P0 learns its r5 is a 5
    view0 = PlayerView.of(game, 0)
    # P0 sees y5, g5, b5 in P1's hand: its own 5 can only be red or white
    assert names(game.variant, view0.empathy(0)) == ["r5", "w5"]
    assert names(game.variant, view0.public_empathy(0)) == ["b5", "g5", "r5", "w5", "y5"]


def test_known_playable_and_known_trash():
    game = stacked_game("r1 y1 y2 y3 y4 r1 g2 g3 g4 b4")
    game.apply(ColourClue(1, 0))  # P1's r1 is red
    game.apply(RankClue(0, 1))  # P0: r1, y1 are 1s
    view1 = PlayerView.of(game, 1)
    assert not view1.known_playable(5)  # red, rank unknown
    view0 = PlayerView.of(game, 0)
    assert view0.known_playable(0) and view0.known_playable(1)  # every 1 is playable now
    assert not view0.known_trash(0)
    game.apply(game.legal_actions()[0])  # P0 plays slot 1 (y4): a strike, no matter
    game.apply(game.legal_actions()[0])  # P1 plays slot 1 (b4): another
    game.apply(game.legal_actions()[4])  # P0 plays r1 (order 0, the oldest card)
    view1 = PlayerView.of(game, 1)
    assert game.fireworks[0] == 1
    assert not view1.known_trash(5)  # P1's red card may be a red 2..5
    view0 = PlayerView.of(game, 0)
    assert not view0.known_playable(1)  # P0's other 1 could now be a second red 1: no longer safe


def test_critical_is_the_last_copy_of_a_needed_card():
    game = stacked_game("r1 r1 y1 y2 y3 r1 g2 g3 g4 b4")
    assert not game.is_critical(Card(0, 1))
    game.apply(RankClue(1, 2))
    game.apply(RankClue(0, 1))
    game.apply(Discard(0))
    assert not game.is_critical(Card(0, 1))
    game.apply(RankClue(0, 1))
    game.apply(Discard(1))
    assert game.is_critical(Card(0, 1))
    assert game.is_critical(Card(0, 5))  # a 5 is always the last copy


def test_trash_includes_cards_whose_firework_can_no_longer_reach_them():
    game = stacked_game("g2 g2 y1 y2 y3 r1 r2 r3 b4 b5")
    game.apply(RankClue(1, 1))
    game.apply(RankClue(0, 2))
    game.apply(Discard(0))
    game.apply(RankClue(0, 2))
    game.apply(Discard(1))  # both green 2s gone
    assert game.is_trash(Card(2, 3)) and game.is_trash(Card(2, 5)) and not game.is_trash(Card(2, 1))
    assert game.max_reachable_score() == 21


def test_black_is_trash_above_the_top_and_critical_at_its_single_1():
    game = stacked_game("k5 y1 y2 y3 y4 r1 r2 r3 b4 b5", variant="black-powder")
    game.apply(game.legal_actions()[4])  # P0 plays k5 (the oldest card, order 0)
    assert game.fireworks[5] == 1
    assert game.is_trash(Card(5, 5)) and not game.is_trash(Card(5, 4))
    assert game.is_critical(Card(5, 1)) and not game.is_critical(Card(5, 4))


def test_a_view_holds_no_identity_of_its_own_hand():
    for key in ("classic", "rainbow", "deluxe"):
        game = Game.new(get_variant(key), 3, seed=8)
        for _ in range(10):
            game.apply(game.legal_actions()[-1])
        for seat in range(3):
            view = PlayerView.of(game, seat)
            own = set(game.hands[seat])
            assert own.isdisjoint(view.visible)
            assert all(view.card(o) is None for o in own)
            others = {o for p, h in enumerate(game.hands) if p != seat for o in h}
            assert others <= set(view.visible)
            assert view.legal == (tuple(game.legal_actions()) if seat == game.current else ())


def test_rainbow_knowledge_follows_the_wild_clue_rule():
    game = stacked_game("r1 r2 r3 r4 r5 m1 y1 g2 m4 b1", variant="rainbow")
    event = game.apply(ColourClue(1, 0))[0]  # red: touches both multicolour cards
    assert sorted(event.touched) == [5, 8]
    assert {c.suit for c in mask_cards(game.knowledge[5])} == {0, 5}  # red or multicolour
    assert {c.suit for c in mask_cards(game.knowledge[6])} == {1, 2, 3, 4}  # y1: neither


def test_narrowed_drops_exactly_the_identities_with_no_copy_left() -> None:
    import random

    from hanabi_desktop.engine.knowledge import narrowed

    rng = random.Random(11)
    for _ in range(500):
        mask = rng.getrandbits(30)
        remaining = [rng.choice((0, 0, 1, 2, 3)) for _ in range(30)]
        expected = sum(1 << i for i in range(30) if mask >> i & 1 and remaining[i] > 0)
        assert narrowed(mask, remaining) == expected
