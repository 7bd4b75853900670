"""Variant rules (RULES.md sections 4 to 7), one test per rule, named after it."""

from __future__ import annotations

import copy
import functools
import threading
from dataclasses import fields

import pytest

from hanabi_desktop.engine import (
    PRESETS,
    ColourClue,
    Discard,
    EndReason,
    Game,
    IllegalAction,
    Play,
    RankClue,
    Recover,
    Replay,
    Tile,
    Variant,
    get_variant,
)
from hanabi_desktop.engine.errors import RecordError
from hanabi_desktop.engine.events import (
    CardRecovered,
    CardReplayed,
    ErrorTokenReturned,
    TileLost,
    TileRevealed,
    TurnPassed,
)
from hanabi_desktop.engine.knowledge import mask_cards
from hanabi_desktop.engine.records import GameRecord
from tests.engine.helpers import stacked_game, texts

RED, YELLOW, GREEN, BLUE, WHITE = range(5)


def _suits(game, order):
    return {game.variant.suits[c.suit].letter for c in mask_cards(game.knowledge[order])}


# -- 4. Multicolour variants -------------------------------------------------------------------------
def test_rule_4_six_suits_multicolour_is_a_sixth_ordinary_colour_with_its_own_clue():
    v = get_variant("six-suits")
    assert v.deck_size == 60 and v.max_score == 30
    assert v.colour_names == ("red", "yellow", "green", "blue", "white", "multicolour")
    game = stacked_game("r1 r2 r3 r4 r5 m1 y1 m5 g1 b1", variant=v)
    event = game.apply(ColourClue(1, 5))[0]
    assert sorted(texts(game, event.touched)) == ["m1", "m5"]


def test_rule_4_six_suits_red_clue_does_not_touch_multicolour():
    game = stacked_game("m1 r1 m5 y1 g1 b1 b2 b3 b4 w1", variant="six-suits")
    game.apply(RankClue(1, 1))
    event = game.apply(ColourClue(0, 0))[0]
    assert texts(game, event.touched) == ["r1"]


def test_rule_4_six_suits_short_has_one_multicolour_card_of_each_rank():
    v = get_variant("six-suits-short")
    assert v.deck_size == 55 and v.max_score == 30
    assert sorted(c.rank for c in v.sorted_deck() if c.suit == 5) == [1, 2, 3, 4, 5]
    assert "multicolour" in v.colour_names


def test_rule_4_rainbow_every_colour_clue_touches_multicolour_and_it_cannot_be_named():
    v = get_variant("rainbow")
    assert v.deck_size == 60 and v.max_score == 30
    assert "multicolour" not in v.colour_names and "rainbow" not in v.colour_names and len(v.colour_names) == 5
    game = stacked_game("r1 r2 r3 r4 r5 m1 y1 g2 m4 b1", variant=v)
    event = game.apply(ColourClue(1, GREEN))[0]
    assert sorted(texts(game, event.touched)) == ["g2", "m1", "m4"]
    untouched = game.hands[1][-2]  # y1
    assert _suits(game, untouched) == {"r", "y", "b", "w"}  # neither green nor multicolour
    touched = game.hands[1][-1]  # m1
    assert _suits(game, touched) == {"g", "m"}


def test_rule_4_rainbow_multicolour_builds_its_own_firework():
    game = stacked_game("m1 r2 r3 r4 r5 y1 y2 y3 y4 y5", variant="colour-avalanche")
    game.apply(Play(0))
    assert game.fireworks == [0, 0, 0, 0, 0, 1]


# -- 5. Final flourish -------------------------------------------------------------------------------
def _run_down_deck(game):
    """Play, discard trash or spare copies, and clue until the deck is empty, keeping the game alive."""
    while game.deck_count and not game.over:
        p = game.current
        hand = game.hands[p]
        playable = [o for o in hand if game.is_playable(game.card(o))]
        spare = [o for o in hand if game.is_trash(game.card(o))] or [
            o for o in hand if not game.is_critical(game.card(o))]
        target = (p + 1) % game.players
        if playable and (game.clue_tokens >= 7 or sum(game.fireworks) < 20):
            game.apply(Play(playable[0]))
        elif game.clue_tokens < 8 and spare:
            game.apply(Discard(spare[-1]))
        elif game.clue_tokens:
            game.apply(RankClue(target, game.card(game.hands[target][0]).rank))
        elif playable:
            game.apply(Play(playable[0]))
        else:
            game.apply(Discard(hand[-1]))


def _deck_out_game():
    """A Final flourish game whose deck has run out and which is still going."""
    for seed in range(100):
        game = Game.new(get_variant("final-flourish"), 2, seed=seed)
        _run_down_deck(game)
        if not game.over:
            return game
    raise AssertionError("no seed ran the deck down")


def test_rule_5_final_flourish_play_goes_on_after_the_deck_runs_out():
    game = _deck_out_game()
    assert not game.over and game.deck_count == 0
    for _ in range(4):  # far more than the normal final round would allow
        p = game.current
        game.apply(RankClue(1 - p, game.card(game.hands[1 - p][0]).rank) if game.clue_tokens else
                   Discard(game.hands[p][-1]))
    assert game.final_turns_left is None


def test_rule_5_final_flourish_losing_the_last_copy_of_a_needed_card_loses_at_once():
    game = stacked_game("r5 r1 r1 r1 y1 g1 g2 g3 g4 b1", variant="final-flourish")
    game.apply(RankClue(1, 1))
    game.apply(RankClue(0, 1))
    events = game.apply(Discard(0))  # r5 is the only red 5
    assert game.over and game.end_reason is EndReason.LAST_COPY_LOST
    assert game.turn == 3  # the losing discard is a turn like any other
    assert game.score == 0 and events[-1].score == 0
    assert game.variant.rating(0).startswith("defeat")


def test_rule_5_final_flourish_discarding_a_spare_copy_is_not_a_loss():
    game = stacked_game("r1 r1 y1 y2 y3 g1 g2 g3 g4 b1", variant="final-flourish")
    game.apply(RankClue(1, 1))
    game.apply(RankClue(0, 1))
    game.apply(Discard(0))  # one r1 of three
    assert not game.over


def test_rule_5_final_flourish_a_player_with_no_legal_action_passes_automatically():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5 g1 g2 g3 g4 g5", players=3, variant="final-flourish")
    # state surgery: deck gone, P1 has played out their hand, no clue token left
    game.draw_pile.clear()
    game.hands[1].clear()
    game.clue_tokens = 0
    events = game.apply(Play(0))  # P0 plays r1 (no token regained)
    assert TurnPassed(1) in events and game.current == 2 and not game.over


def test_rule_5_final_flourish_a_win_scores_the_maximum():
    v = get_variant("final-flourish")
    order = " ".join(f"{s.letter}{r}" for s in v.suits for r in range(1, 6))
    game = stacked_game(order, variant=v)
    while not game.over:
        playable = [o for o in game.hands[game.current] if game.is_playable(game.card(o))]
        game.apply(Play(playable[0]) if playable else RankClue(1 - game.current, game.card(game.hands[1 - game.current][0]).rank))
    assert game.won and game.score == 25 and game.variant.rating(25).startswith("victory")


# -- 6. Options --------------------------------------------------------------------------------------
def test_rule_6_empty_clues_option_allows_clues_that_touch_nothing():
    for key in PRESETS:
        v = get_variant(key, empty_clues=True)
        game = Game.new(v, 2, seed=1)
        clues = [a for a in game.legal_actions() if isinstance(a, ColourClue | RankClue)]
        assert len(clues) == len(v.clue_colours) + 5


# -- 7.2 Black Powder --------------------------------------------------------------------------------
def test_rule_7_2_black_has_three_5s_two_4s_two_3s_two_2s_and_one_1():
    v = get_variant("black-powder")
    assert sorted(c.rank for c in v.sorted_deck() if c.suit == 5) == [1, 2, 2, 3, 3, 4, 4, 5, 5, 5]
    assert v.deck_size == 60 and v.max_score == 25


def test_rule_7_2_black_is_built_descending_and_must_start_with_a_5():
    game = stacked_game("k4 k5 k4 k3 k2 r1 r2 r3 r4 r5", variant="black-powder")
    game.apply(Play(0))  # k4 on an empty black firework: a misplay
    assert game.strikes == 1
    game.apply(RankClue(0, 5))
    game.apply(Play(1))  # k5
    game.apply(RankClue(0, 4))
    game.apply(Play(2))  # k4
    assert game.fireworks[5] == 2 and game.next_rank(5) == 3 and game.strikes == 1


def test_rule_7_2_black_cannot_be_named_and_colour_clues_never_touch_it():
    v = get_variant("black-powder")
    assert "black" not in v.colour_names
    game = stacked_game("r1 r2 r3 r4 r5 k1 k5 r1 y2 y3", variant=v)
    event = game.apply(ColourClue(1, RED))[0]
    assert texts(game, event.touched) == ["r1"]
    k1 = game.hands[1][-1]
    assert "k" in _suits(game, k1) and "r" not in _suits(game, k1)  # untouched by red: can still be black
    with pytest.raises(IllegalAction):
        game.apply(ColourClue(0, 5))
    assert game.touched_by(1, RankClue(1, 5)) == (6,)  # rank clues touch black normally


def test_rule_7_2_black_powder_scores_minus_one_per_missing_black_card():
    game = stacked_game("k5 r1 r2 r3 r4 y1 y2 y3 y4 y5", variant="black-powder")
    assert game.score == -5
    game.apply(Play(1))  # r1
    assert game.score == 1 - 5
    game.apply(Play(5))  # y1 (P1)
    game.apply(Play(0))  # k5
    assert game.score == 2 - 4


def test_rule_7_2_black_powder_strikeout_still_scores_0():
    game = stacked_game("r2 r3 r4 y2 y3 g2 g3 g4 b2 b3", variant="black-powder")
    for card in (0, 5, 1):
        game.apply(Play(card))
    assert game.end_reason is EndReason.STRIKEOUT and game.score == 0 and game.firework_score == -5


def test_rule_7_2_completing_black_by_its_1_earns_the_completion_bonus():
    game = stacked_game("k5 k4 k3 k2 k1 y1 y2 y3 y4 y5", variant="black-powder")
    for card in range(5):
        game.apply(Play(card))
        if card < 4:
            game.apply(RankClue(0, 1))
    assert game.fireworks[5] == 5 and game.clue_tokens == 8 - 4 + 1 and game.score == 0


def test_rule_7_avalanche_and_black_powder_combine_into_seven_suits():
    v = get_variant("avalanche-black-powder")
    assert len(v.suits) == 7 and v.deck_size == 70 and v.max_score == 30
    assert len(v.colour_names) == 5


# -- 7.3 5 Flamboyants -------------------------------------------------------------------------------
FIVE_RED = "r1 r2 r3 r4 r5 y1 y2 y3 y4 y5"


def _complete_red(game):
    """P0 plays r1..r5 (orders 0..4), P1 clues in between; returns the events of the last play."""
    for card in range(4):
        game.apply(Play(card))
        game.apply(RankClue(0, game.card(game.hands[0][0]).rank))
    return game.apply(Play(4))


def test_rule_7_3_tile_1_gives_a_clue_token_instead_of_the_usual_bonus():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=[Tile(1), *map(Tile, (2, 3, 4, 5, 6))])
    events = _complete_red(game)
    assert TileRevealed(Tile.CLUE_TOKEN, False) in events and game.clue_tokens == 5
    assert game.revealed_tiles == [Tile.CLUE_TOKEN] and len(game.tiles) == 5


def test_rule_7_3_tile_2_turns_an_error_token_back_and_gives_a_clue_token():
    game = stacked_game("r1 r2 r3 r4 y4 y1 r5 y3 y2 y5", variant="flamboyants", tiles=list(map(Tile, (2, 1, 3, 4, 5, 6))))
    game.apply(Play(4))  # y4: strike
    assert game.strikes == 1
    game.apply(RankClue(0, 1))
    for card in range(4):
        game.apply(Play(card))
        if card < 3:
            game.apply(RankClue(0, 1))
    game.apply(Play(6))  # P1 plays r5
    assert ErrorTokenReturned(0) in game.events and game.strikes == 0


def test_rule_7_3_tile_3_is_a_free_colour_clue_chosen_before_the_turn_passes():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, (3, 1, 2, 4, 5, 6))))
    events = _complete_red(game)
    assert TileRevealed(Tile.FREE_COLOUR_CLUE, True) in events
    assert game.pending is Tile.FREE_COLOUR_CLUE and game.current == 0
    assert len(game.hands[0]) == 4  # the replacement is drawn after the tile
    legal = game.legal_actions()
    assert legal and all(isinstance(a, ColourClue) for a in legal)
    with pytest.raises(IllegalAction, match="first finish the bonus tile"):
        game.apply(RankClue(1, 1))
    tokens = game.clue_tokens
    game.apply(ColourClue(1, YELLOW))
    assert game.clue_tokens == tokens and game.pending is None and game.current == 1
    assert len(game.hands[0]) == 5


def test_rule_7_3_tile_4_is_a_free_rank_clue():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, (4, 1, 2, 3, 5, 6))))
    _complete_red(game)
    assert game.pending is Tile.FREE_RANK_CLUE
    assert all(isinstance(a, RankClue) for a in game.legal_actions())


def test_rule_7_3_a_tile_with_no_legal_choice_is_lost():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, (5, 1, 2, 3, 4, 6))))
    events = _complete_red(game)  # nothing has been discarded: tile 5 has no choice
    assert TileLost(Tile.RECOVER) in events and game.pending is None and game.current == 1


def test_rule_7_3_tile_5_shuffles_a_discarded_card_back_into_the_deck_at_a_seeded_position():
    def play_out(seed):
        game = Game(get_variant("flamboyants"), 2, stacked_game(FIVE_RED).deck, tiles=list(map(Tile, (5, 1, 2, 3, 4, 6))),
                    seed=seed)
        game.apply(RankClue(1, 1))
        game.apply(Discard(5))  # P1 discards y1
        for card in range(4):
            game.apply(Play(card))
            game.apply(RankClue(0, 1))
        game.apply(Play(4))
        assert game.pending is Tile.RECOVER
        before = game.deck_count
        events = game.apply(Recover(5))
        (recovered,) = [e for e in events if isinstance(e, CardRecovered)]
        assert game.deck_count == before + 1 - 1  # card back in, then the replacement drawn
        assert 5 not in game.discard_pile and game.actions[-1] == Recover(5, recovered.position)
        return recovered.position, game.draw_pile

    assert play_out(7) == play_out(7)
    assert len({play_out(s)[0] for s in range(12)}) > 1


def test_rule_7_3_tile_6_puts_a_discarded_card_into_play_without_penalty_if_it_does_not_fit():
    game = stacked_game("r1 r2 r3 r4 r5 g1 y4 y3 y2 y5", variant="flamboyants", tiles=list(map(Tile, (6, 1, 2, 3, 4, 5))))
    game.apply(RankClue(1, 1))
    game.apply(Discard(5))  # g1
    game.apply(RankClue(1, 1))
    game.apply(Discard(6))  # y4
    for card in range(4):
        game.apply(Play(card))
        game.apply(RankClue(0, 5))
    game.apply(Play(4))
    assert game.pending is Tile.REPLAY
    assert set(game.legal_actions()) == {Replay(5), Replay(6)}
    strikes = game.strikes
    events = game.apply(Replay(6))  # y4 does not fit
    assert CardReplayed(6, False) in events and 6 in game.discard_pile and game.strikes == strikes
    assert game.current == 1


def test_rule_7_3_tile_6_a_fitting_card_is_added_and_a_completion_reveals_the_next_tile():
    game = stacked_game("r1 r2 r3 r4 y5 r5 y1 y2 y3 y4", variant="flamboyants", tiles=list(map(Tile, (6, 1, 2, 3, 4, 5))))
    game.apply(RankClue(1, 1))
    game.apply(Discard(5))  # P1 discards r5 (the only one!)
    for card in (0, 1, 2, 3):
        game.apply(Play(card))
        game.apply(Play(game.hands[1][-1]))  # P1 plays y1.. from the oldest slot
    assert game.fireworks[RED] == 4 and game.fireworks[YELLOW] == 4
    game.apply(Play(4))  # P0 plays y5: yellow complete, tile 6 revealed
    assert game.pending is Tile.REPLAY
    events = game.apply(Replay(5))  # r5 completes red: the next tile (1) is revealed
    assert CardReplayed(5, True) in events and game.fireworks[RED] == 5
    assert TileRevealed(Tile.CLUE_TOKEN, False) in events


def test_rule_7_3_tile_5_with_an_empty_deck_may_be_applied_as_tile_6():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, (5, 1, 2, 3, 4, 6))))
    game.pending = Tile.RECOVER  # state surgery: the tile is pending while the deck is empty
    game.discard_pile.append(game.draw_pile.pop(0))
    game.draw_pile.clear()
    legal = game.legal_actions()
    assert any(isinstance(a, Replay) for a in legal) and any(isinstance(a, Recover) for a in legal)


def test_rule_7_3_the_tile_order_is_part_of_the_seeded_deal():
    v = get_variant("flamboyants")
    assert Game.new(v, 3, seed=4).tiles == Game.new(v, 3, seed=4).tiles
    assert len({tuple(Game.new(v, 3, seed=s).tiles) for s in range(10)}) > 1


def _last_round(drawer: int, tiles):
    """P0 has played r1-r4 and still holds r5 (order 4); the deck is empty and `drawer` drew its last card."""
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, tiles)))
    for card in range(4):
        game.apply(Play(card))
        game.apply(RankClue(0, 5))
    while game.deck_count:
        p = game.current
        spare = [o for o in game.hands[p] if o != 4]
        if game.deck_count == 1 and p != drawer or game.clue_tokens == 8:
            other = 1 - p
            game.apply(RankClue(other, game.card(game.hands[other][0]).rank))
        else:
            game.apply(Discard(spare[-1]))
    assert game.final_turns_left == game.players and game.current == 1 - drawer and not game.over
    return game


def test_rule_7_3_the_completion_on_the_last_turn_reveals_no_tile_and_gains_no_token():
    game = _last_round(drawer=0, tiles=(1, 2, 3, 4, 5, 6))
    other = game.hands[0][0]
    game.apply(RankClue(0, game.card(other).rank) if game.clue_tokens else Discard(game.hands[1][-1]))
    assert game.final_turns_left == 1 and game.current == 0
    tokens = game.clue_tokens
    events = game.apply(Play(4))  # r5 completes red on the game's last turn
    assert game.fireworks[RED] == 5 and game.over and game.end_reason is EndReason.DECK_OUT
    assert not [e for e in events if isinstance(e, TileRevealed)] and game.revealed_tiles == []
    assert game.clue_tokens == tokens and len(game.tiles) == 6


def test_rule_7_3_a_completion_earlier_in_the_last_round_still_reveals_its_tile():
    game = _last_round(drawer=1, tiles=(1, 2, 3, 4, 5, 6))
    assert game.final_turns_left == 2 and game.current == 0
    tokens = game.clue_tokens
    events = game.apply(Play(4))
    assert TileRevealed(Tile.CLUE_TOKEN, False) in events and game.clue_tokens == min(8, tokens + 1)
    assert not game.over and game.current == 1


def test_rule_7_3_the_completion_that_ends_a_perfect_game_gains_no_token():
    game = stacked_game("r1 r2 r3 r4 r5 y1 y2 y3 y4 y5", variant="flamboyants", tiles=list(map(Tile, (1, 2, 3, 4, 5, 6))))
    for s in (RED, YELLOW, GREEN, BLUE, WHITE):  # state surgery: every other firework complete
        game.fireworks[s] = 5 if s != RED else 4
    game.clue_tokens = 3
    game.tiles.clear()  # with no tile left a completion would give the clue token: not the last one
    events = game.apply(Play(4))  # r5: the display is complete
    assert game.over and game.end_reason is EndReason.PERFECT and game.clue_tokens == 3
    assert not [e for e in events if isinstance(e, TileRevealed)]


def test_rule_7_3_tile_5_into_the_empty_deck_keeps_the_last_round():
    game = _last_round(drawer=1, tiles=(5, 1, 2, 3, 4, 6))
    assert game.final_turns_left == 2 and game.current == 0 and game.discard_pile
    game.apply(Play(4))
    assert game.pending is Tile.RECOVER
    back = game.discard_pile[0]
    events = game.apply(Recover(back, 0))  # into the empty deck: P0 draws it at once
    assert CardRecovered(back, 0) in events and game.hands[0][0] == back and game.deck_count == 0
    assert game.final_turns_left == 1 and game.current == 1 and not game.over
    game.apply(Discard(game.hands[1][-1]) if game.clue_tokens < 8 else RankClue(0, game.card(back).rank))
    assert game.over and game.end_reason is EndReason.DECK_OUT


def test_rule_7_3_tile_5_refuses_a_negative_position_or_one_past_the_bottom_with_the_reason():
    game = stacked_game(FIVE_RED, variant="flamboyants", tiles=list(map(Tile, (5, 1, 2, 3, 4, 6))))
    game.apply(RankClue(1, 1))
    game.apply(Discard(5))
    for card in range(4):
        game.apply(Play(card))
        game.apply(RankClue(0, 1))
    game.apply(Play(4))
    assert game.pending is Tile.RECOVER
    bottom = game.deck_count
    for position in (-1, -40, bottom + 1):
        assert not game.can(Recover(5, position))
        with pytest.raises(IllegalAction, match=f"position {position} is outside the deck: .* to {bottom}"):
            game.apply(Recover(5, position))
    assert game.can(Recover(5, 0)) and game.can(Recover(5, bottom))
    game.apply(Recover(5, 2))
    data = GameRecord.of(game).to_json()
    assert data["actions"][-1] == {"type": 10, "target": 5, "value": 2}
    assert GameRecord.from_json(data).replay().draw_pile == game.draw_pile
    data["actions"][-1]["value"] = -1  # a record must not replay as another game
    with pytest.raises(RecordError, match=r"action 11: recover 5@-1 is illegal: position -1 is outside the deck"):
        GameRecord.from_json(data).replay()


def test_a_variant_is_shared_by_its_copies_so_copying_a_bot_never_races_a_thread_filling_its_caches() -> None:
    """A review deep-copies bots, which hold the variant, while the table's threads fill the variant's cached
    properties: copying used to walk that growing dict ("dictionary changed size during iteration")."""
    preset = next(iter(PRESETS.values()))
    assert copy.deepcopy(preset) is preset and copy.copy(preset) is preset
    names = [n for n, v in vars(Variant).items() if isinstance(v, functools.cached_property)]
    failures = []
    for _ in range(100):
        fresh = Variant(**{f.name: getattr(preset, f.name) for f in fields(Variant)})
        filler = threading.Thread(target=lambda v=fresh: [getattr(v, n) for n in names])
        filler.start()
        try:
            for _ in range(20):
                copy.deepcopy({"bot notes": fresh})
        except RuntimeError as error:
            failures.append(str(error))
        filler.join()
    assert failures == []
