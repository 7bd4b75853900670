"""The base game's rules (RULES.md sections 1 to 3), one test per rule, named after it."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import (
    Card,
    ColourClue,
    Discard,
    EndReason,
    Game,
    HanabiError,
    IllegalAction,
    Play,
    RankClue,
    get_variant,
    hand_size_for,
)
from hanabi_desktop.engine.events import CardDrawn, ClueGiven, ClueTokenGained, FireworkCompleted, GameEnded
from tests.engine.helpers import stacked_game, texts

CLASSIC = get_variant("classic")


# -- 1. Components and set-up -----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_rule_1_hand_size_is_5_for_two_or_three_players_and_4_for_four_or_five(players, size):
    game = Game.new(CLASSIC, players, seed=1)
    assert hand_size_for(players) == size
    assert [len(h) for h in game.hands] == [size] * players
    assert game.deck_count == 50 - size * players


@pytest.mark.parametrize("players", [0, 1, 6])
def test_rule_1_hanabi_is_for_two_to_five_players(players):
    with pytest.raises(HanabiError, match="2 to 5 players"):
        Game.new(CLASSIC, players, seed=1)


def test_rule_1_base_deck_is_five_colours_with_ranks_1_1_1_2_2_3_3_4_4_5():
    deck = CLASSIC.sorted_deck()
    assert len(deck) == 50
    for s in range(5):
        assert sorted(c.rank for c in deck if c.suit == s) == [1, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert [s.name for s in CLASSIC.suits] == ["red", "yellow", "green", "blue", "white"]


def test_rule_1_eight_clue_tokens_and_no_error_token_used_at_the_start():
    game = Game.new(CLASSIC, 3, seed=2)
    assert (game.clue_tokens, game.strikes, game.current, game.score) == (8, 0, 0, 0)


def test_rule_1_cards_are_dealt_whole_hands_from_player_0_newest_card_first():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    assert game.hands[0] == [4, 3, 2, 1, 0]
    assert texts(game, game.hands[1]) == ["y5", "y4", "y3", "y2", "y1"]


def test_rule_1_the_same_seed_deals_the_same_game_and_another_seed_another():
    a, b, c = (Game.new(CLASSIC, 4, seed=s) for s in (9, 9, 10))
    assert a.deck == b.deck and a.hands == b.hands
    assert a.deck != c.deck


def test_rule_1_a_deck_must_hold_exactly_the_variants_cards():
    deck = CLASSIC.sorted_deck()
    deck[0] = Card(0, 5)  # a second red 5 instead of a red 1
    with pytest.raises(HanabiError, match="exactly the cards"):
        Game(CLASSIC, 2, deck)
    with pytest.raises(HanabiError, match="has 50 cards"):
        Game(CLASSIC, 2, deck[:-1])
    for impostor in (Card(1, 0), (0, 5)):  # yellow 0 has red 5's packed identity; a tuple is not a card
        deck = CLASSIC.sorted_deck()
        deck[9] = impostor  # the red 5
        with pytest.raises(HanabiError, match="exactly the cards"):
            Game(CLASSIC, 2, deck)


# -- 2.1 Clues ---------------------------------------------------------------------------------------
def test_rule_2_1_a_clue_costs_one_clue_token_and_passes_the_turn():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    game.apply(ColourClue(1, 1))
    assert game.clue_tokens == 7 and game.current == 1 and game.turn == 1


def test_rule_2_1_a_clue_is_illegal_with_no_clue_tokens_left():
    game = Game.new(CLASSIC, 2, seed=3)
    for _ in range(8):
        game.apply(RankClue(1 - game.current, game.card(game.hands[1 - game.current][0]).rank))
    assert game.clue_tokens == 0
    action = RankClue(1, game.card(game.hands[1][0]).rank)
    with pytest.raises(IllegalAction, match="no clue tokens left"):
        game.apply(action)
    assert not game.can(action) and action not in game.legal_actions()


def test_rule_2_1_a_clue_touches_all_cards_of_that_colour_or_rank():
    game = stacked_game("r1 r2 r3 r4 r5 y1 r1 y3 b3 y5")
    (event,) = [e for e in game.apply(ColourClue(1, 1)) if isinstance(e, ClueGiven)]
    assert sorted(texts(game, event.touched)) == ["y1", "y3", "y5"]
    game.apply(RankClue(0, 3))
    assert game.events[-1].touched == (2,)


def test_rule_2_1_a_clue_must_touch_a_card_unless_empty_clues_are_on():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    with pytest.raises(IllegalAction, match="a clue must touch at least one card"):
        game.apply(ColourClue(1, 2))  # no green in P1's hand
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5", empty_clues=True)
    (event,) = [e for e in game.apply(ColourClue(1, 2)) if isinstance(e, ClueGiven)]
    assert event.touched == () and game.clue_tokens == 7


def test_rule_2_1_you_cannot_clue_yourself_or_a_player_who_is_not_there():
    game = Game.new(CLASSIC, 2, seed=4)
    with pytest.raises(IllegalAction, match="yourself"):
        game.apply(RankClue(0, 1))
    with pytest.raises(IllegalAction, match="no player 2"):
        game.apply(RankClue(2, 1))
    with pytest.raises(IllegalAction, match="not a rank"):
        game.apply(RankClue(1, 6))
    with pytest.raises(IllegalAction, match="not a colour"):
        game.apply(ColourClue(1, 5))


def test_rule_2_knowledge_every_card_remembers_positive_and_negative_clues():
    game = stacked_game("r1 r2 r3 r4 r5 y1 r1 y3 b3 y5")
    game.apply(ColourClue(1, 1))  # yellow: touches y1, y3, y5; not r1, b3
    v = game.variant
    r1_order = game.hands[1][3]  # the r1 (order 6)
    y1_order = game.hands[1][4]
    assert all(c.suit != 1 for c in _cards(game.knowledge[r1_order]))
    assert {c.suit for c in _cards(game.knowledge[y1_order])} == {1}
    game.apply(RankClue(0, 1))
    game.apply(RankClue(1, 1))
    assert game.knowledge[y1_order] == 1 << v.parse_card("y1").identity
    assert game.clue_history[y1_order] == [(0, ColourClue(1, 1), True), (2, RankClue(1, 1), True)]
    assert game.clue_history[game.hands[1][0]][1] == (2, RankClue(1, 1), False)


def _cards(mask):
    from hanabi_desktop.engine.knowledge import mask_cards

    return mask_cards(mask)


# -- 2.2 Discards ------------------------------------------------------------------------------------
def test_rule_2_2_discarding_is_illegal_with_all_8_clue_tokens():
    game = Game.new(CLASSIC, 2, seed=5)
    with pytest.raises(IllegalAction, match="not allowed with 8 clue tokens"):
        game.apply(Discard(game.hands[0][-1]))
    assert all(not isinstance(a, Discard) for a in game.legal_actions())


def test_rule_2_2_a_discard_returns_a_clue_token_and_the_player_draws():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5 g4")
    game.apply(RankClue(1, 1))
    game.apply(RankClue(0, 1))
    events = game.apply(Discard(3))  # P0 discards r4
    assert game.clue_tokens == 7 and game.discard_pile == [3]
    assert game.hands[0][0] == 10 and texts(game, [10]) == ["g4"]
    assert CardDrawn(0, 10) in events


def test_rule_2_2_you_can_only_discard_or_play_a_card_from_your_own_hand():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    with pytest.raises(IllegalAction, match="not in P0's hand"):
        game.apply(Play(5))


# -- 2.3 Plays ---------------------------------------------------------------------------------------
def test_rule_2_3_a_card_that_continues_its_firework_is_added():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    game.apply(Play(0))  # r1
    assert game.fireworks[0] == 1 and game.played == [0] and game.score == 1 and game.strikes == 0


def test_rule_2_3_a_card_that_does_not_fit_is_discarded_and_uses_an_error_token():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    game.apply(Play(1))  # r2 on an empty firework
    assert game.strikes == 1 and game.discard_pile == [1] and game.fireworks[0] == 0
    assert len(game.hands[0]) == 5  # the player drew a replacement


def test_rule_2_3_completing_a_firework_returns_a_clue_token_lost_at_8():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    for card in range(5):  # P0 plays r1..r5 while P1 clues
        game.apply(Play(card))
        if card < 4:
            game.apply(RankClue(0, game.card(game.hands[0][0]).rank))
    assert game.fireworks[0] == 5
    assert any(isinstance(e, FireworkCompleted) for e in game.events)
    assert game.clue_tokens == 8 - 4 + 1
    # at 8 tokens the bonus is lost
    game = stacked_game("y1 r2 r3 r4 r5 r1 y2 y3 y4 y5")
    assert not any(isinstance(e, ClueTokenGained) for e in game.apply(Play(0)))


def test_rule_2_a_drawn_card_goes_to_the_newest_position():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5")
    game.apply(Play(2))
    assert game.hands[0] == [10, 4, 3, 1, 0]


# -- 3. End of game ----------------------------------------------------------------------------------
def test_rule_3_1_the_third_error_token_ends_the_game_at_once_with_score_0():
    game = stacked_game("r1 r2 r3 r4 r5 y2 y3 y4 y5 g5")
    game.apply(Play(0))  # r1 scores
    for card in (5, 2, 6):  # y2 (P1), r3 (P0, fits? no: r2 needed), y3 (P1)
        game.apply(Play(card))
    assert game.over and game.end_reason is EndReason.STRIKEOUT
    assert game.score == 0 and game.firework_score == 1
    from hanabi_desktop.engine import PlayerView

    view = PlayerView.of(game, 0)  # a seat's view scores by the same rule
    assert view.score == 0 and view.firework_score == 1
    assert isinstance(game.events[-1], GameEnded)
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(RankClue(1, 5))


def test_rule_3_2_completing_every_firework_ends_the_game_with_the_maximum_score():
    v = CLASSIC
    order = " ".join(f"{s.letter}{r}" for s in v.suits for r in range(1, 6))
    game = stacked_game(order)
    while not game.over:
        playable = [o for o in game.hands[game.current] if game.is_playable(game.card(o))]
        if playable:
            game.apply(Play(playable[0]))
        else:
            target = 1 - game.current
            game.apply(RankClue(target, game.card(game.hands[target][0]).rank))
    assert game.end_reason is EndReason.PERFECT and game.score == 25 and game.won
    assert v.rating(25).startswith("legendary")


def test_rule_3_3_after_the_last_card_is_drawn_everyone_takes_exactly_one_more_turn():
    game = Game.new(CLASSIC, 3, seed=11)
    drawer = None
    while game.deck_count:
        playable = [o for o in game.hands[game.current] if game.is_playable(game.card(o))]
        if game.clue_tokens < 8:
            if playable:
                game.apply(Play(playable[0]))
            else:
                game.apply(Discard(game.hands[game.current][-1]))
        else:
            target = (game.current + 1) % 3
            game.apply(RankClue(target, game.card(game.hands[target][0]).rank))
        drawer = (game.current - 1) % 3
        assert not game.over
    turns_at_last_draw = game.turn
    last_turn_players = []
    while not game.over:
        last_turn_players.append(game.current)
        target = (game.current + 1) % 3
        game.apply(Discard(game.hands[game.current][-1]) if game.clue_tokens < 8 else
                   RankClue(target, game.card(game.hands[target][0]).rank))
    assert game.end_reason is EndReason.DECK_OUT
    assert game.turn - turns_at_last_draw == 3
    assert sorted(last_turn_players) == [0, 1, 2] and last_turn_players[-1] == drawer


def test_rule_3_every_play_discard_and_clue_is_a_turn_including_the_one_that_ends_the_game():
    strikeout = stacked_game("r1 r2 r3 r4 r5 y2 y3 y4 y5 g5")
    for card in (0, 5, 2, 6):  # r1 scores, then three misplays
        strikeout.apply(Play(card))
    assert strikeout.end_reason is EndReason.STRIKEOUT
    assert strikeout.turn == len(strikeout.actions) == 4

    perfect = stacked_game(" ".join(f"{s.letter}{r}" for s in CLASSIC.suits for r in range(1, 6)))
    while not perfect.over:
        playable = [o for o in perfect.hands[perfect.current] if perfect.is_playable(perfect.card(o))]
        target = 1 - perfect.current
        perfect.apply(Play(playable[0]) if playable else RankClue(target, perfect.card(perfect.hands[target][0]).rank))
    assert perfect.end_reason is EndReason.PERFECT
    assert perfect.turn == len(perfect.actions)

    deck_out = Game.new(CLASSIC, 2, seed=3)
    while not deck_out.over:
        p, target = deck_out.current, 1 - deck_out.current
        clue = RankClue(target, deck_out.card(deck_out.hands[target][0]).rank)
        deck_out.apply(Discard(deck_out.hands[p][-1]) if deck_out.clue_tokens < 8 else clue)
    assert deck_out.end_reason is EndReason.DECK_OUT
    assert deck_out.turn == len(deck_out.actions)


def test_rule_3_score_is_the_sum_of_the_fireworks_and_the_rating_scale():
    assert [CLASSIC.rating(s).split(",")[0] for s in (0, 5, 6, 10, 11, 15, 16, 20, 21, 24, 25)] == [
        "horrible", "horrible", "mediocre", "mediocre", "honourable", "honourable", "excellent", "excellent",
        "amazing", "amazing", "legendary",
    ]
    six = get_variant("six-suits")
    assert six.max_score == 30 and six.rating(29).startswith("legendary") and six.rating(30).startswith("divine")
