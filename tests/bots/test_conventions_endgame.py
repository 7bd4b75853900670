"""The end game (issue 29): with the deck empty, a bot never prefers a discard to a play that may succeed when
no later turn can lose by the error, counting the error tokens left; and it says why."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Discard, Play
from tests.bots.positions import ALICE, BOB, act, bots_for, clue, decide, position, slot


def last_turn(strikes: int, turns_left: int = 1, bob: str = "y4 w3 b4 g3 r4"):
    """Alice's last turn, the deck empty: her chop was saved with 3 (a 3 that may be the red 3, which plays, or a
    yellow or blue 3, last copies) and her slot 1 clued 1 with every 1 played (known trash)."""
    game = position(["r1 g4 w4 g5 r3", bob], stacks="r2 y1 g1 b1 w1", discarded="y3 b3",
                    current=BOB, strikes=strikes)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 3"))
    act(game, bots, ColourClue(BOB, game.variant.colour_names.index("green")))
    act(game, bots, clue(game, "Alice 1"))
    game.draw_pile.clear()
    game.final_turns_left = turns_left
    return game, bots


def test_last_turn_plays_a_card_that_may_score_rather_than_discard_trash() -> None:
    game, bots = last_turn(strikes=0)
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d
    assert "last turn" in d.explanation and "3 error tokens are left" in d.explanation


def test_one_strike_left_keeps_the_trash_discard() -> None:
    # a misplay would be the third error: the game ends at 0, so the known trash goes
    game, bots = last_turn(strikes=2)
    d = decide(game, bots)
    assert d.action == Discard(slot(game, ALICE, 1)), d


def test_a_later_turn_that_needs_a_spare_error_keeps_the_trash_discard() -> None:
    # Bob still plays after Alice with one strike spent: Alice's error would leave Bob no spare error token
    game, bots = last_turn(strikes=1, turns_left=2)
    d = decide(game, bots)
    assert d.action == Discard(slot(game, ALICE, 1)), d


def test_a_later_turn_with_a_spare_error_and_a_clue_token_lets_the_play_go_first() -> None:
    game, bots = last_turn(strikes=0, turns_left=2)
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d
    assert "2 error tokens" not in d.explanation and "3 error tokens" in d.explanation


def test_the_games_last_turn_gives_no_clue_nobody_can_use() -> None:
    # Bob holds a playable yellow 2 but has no turn left: a play clue to him scores nothing
    game, bots = last_turn(strikes=0, bob="y2 w3 b4 g3 r4")
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d


def test_no_save_once_the_deck_is_empty() -> None:
    # Bob's chop is the red 5 and he has nothing to play: with cards left Alice would 5 Save it before her own
    # play, but nobody draws again, so his discard loses nothing: she plays her yellow 2
    game = position(["y2 g4 w4 g5 r3", "y4 w3 b4 g3 r5"], stacks="r2 y1 g1 b1 w1", current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice yellow"))
    game.draw_pile.clear()
    game.final_turns_left = 2
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 1)), d


def test_a_free_play_comes_before_a_clue_that_gets_no_card_played() -> None:
    # Bob has a play clue on his blue 2; a 5 clue on his red 5 would get nothing played before the game ends
    game = position(["r1 g4 w4 g5 r3", "b2 w3 b4 g3 r5"], stacks="r2 y1 g1 b1 w1", discarded="y3 b3", current=BOB)
    bots = bots_for(game)
    act(game, bots, clue(game, "Alice 3"))
    act(game, bots, clue(game, "Bob blue"))
    act(game, bots, clue(game, "Alice 1"))
    game.draw_pile.clear()
    game.final_turns_left = 2
    d = decide(game, bots)
    assert d.action == Play(slot(game, ALICE, 5)), d
    assert "3 error tokens are left" in d.explanation and d.guess  # the simulator counts its misplay apart
