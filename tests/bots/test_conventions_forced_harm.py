"""The bot as giver, forced to clue (8 tokens, nothing to play, save or discard): a clue its receiver may read as a
card it is not (one of a set, one of them playable: `clue_harm`'s second count) weighs as much as one that may start
a blind play (its first), and among equals the one touching the fewest new cards is given. Deal s24x/10, level 2,
3 players, the careful level-2 stand-in last: its moves replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, PlayerView, RankClue
from hanabi_desktop.engine.masks import touches
from tests.bots.positions import BOB, CATHY, decide, replayed, slot


def test_a_forced_clue_does_not_touch_trash_on_the_chop_read_as_a_delayed_play() -> None:
    # Turn 20: green played to 1, 8 tokens, Bob may not discard. Green to Cathy touched only her chop, a green 1
    # (trash); Cathy, seeing Bob's green 2 clued (a 2 Save), read it as the green 3 through it, and played it once the
    # green 2 was played: a strike (turn 33), after Alice had played her green 4 as the green 2 (turn 31). Yellow or
    # red to Cathy re-touches only her saved 5s: nothing new, and nobody plays them.
    game, bots = replayed("s24x/10", """clue 1 rank 1, clue 2 rank 5, clue 1 rank 2, clue 2 colour 1, play 5, play 11,
        clue 2 colour 4, play 6, play 13, clue 2 rank 5, play 8, discard 12, discard 0, discard 15, clue 1 rank 4,
        discard 1, discard 19, discard 14, discard 2""")
    assert game.current == BOB and game.clue_tokens == 8
    chop = slot(game, CATHY, 4)
    assert game.variant.card_text(game.deck[chop]) == "g1" and game.fireworks[2] == 1
    d = decide(game, bots)
    assert isinstance(d.action, ColourClue | RankClue), d.explanation
    view = PlayerView.of(game, BOB)
    touched = [o for o in game.hands[d.action.target] if touches(game.variant, d.action, game.deck[o])]
    new = [o for o in touched if not view.clue_history[o] or not any(hit for _, _, hit in view.clue_history[o])]
    assert not any(view.is_trash(game.deck[o]) for o in new), d.explanation
