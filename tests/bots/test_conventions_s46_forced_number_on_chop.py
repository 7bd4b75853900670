"""A number clue on my chop from a partner who had to clue (8 tokens or a locked hand, after the Early Game), read
by the guide as a save or a delayed play clue (a card that plays only once other cards do), keeps only what the
clues say: the level 9 stall table lets a locked hand save any card on chop ("players should not read too closely
into any clues given during this state"), and people forced to clue stall with a number on the chop. The bot holds
such a card until a clue or the cards played show it playable, and says so. A colour clue there is read as the
guide reads it (the bot's own forced saves are colour Critical Saves as often as not, and they are real).

Deals from the partner runs, seed s45 (level 3, 2 players, the bot first, the late-save level-3 stand-in second:
`hanabi-desktop partners --level 3 --players 2 --stand-in late-save --games 1000 --seed s45`), the stand-in's moves
replayed as it made them; and seed h31's level-3 self-play for the colour save."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import Game, Play
from tests.bots.positions import ALICE, decide, reading, replayed, slot
from tests.bots.test_conventions_wariness import assert_said_in

# Deal s45/169 up to turn 33: at turn 18 Bob, locked (every card of his clued) with 5 tokens, "stalled" with 4 on
# Alice's chop, the red 4 (he had thrown a yellow 4 at turn 14: by the guide a Critical Save on the yellow 4); at
# turn 32 he gave 4 on her new yellow 4 (slot 2), a play clue with yellow and green on 3
S45_169 = """clue 1 rank 1, play 6, clue 1 colour 1, play 7, clue 1 colour 2, play 8, clue 1 rank 5, play 10, discard 0,
    discard 13, clue 1 colour 0, play 15, discard 1, discard 16, clue 1 rank 1, play 18, clue 1 rank 2, clue 0 rank 4,
    clue 1 colour 4, play 19, clue 1 rank 1, play 20, discard 3, clue 0 colour 4, clue 1 rank 4, play 9, play 22,
    play 21, discard 4, clue 0 rank 3, play 26, clue 0 rank 4"""

# Deal s45/76 up to turn 41: at turn 22 Bob, locked with 3 tokens, gave 4 on Alice's chop, the yellow 4 (read as
# the red 4, the one 4 a save could mean); at turn 40 he played the red 3
S45_76 = """clue 1 rank 1, clue 0 rank 2, clue 1 rank 2, play 6, discard 2, play 8, discard 3, discard 9, clue 1 rank 5,
    discard 10, clue 1 rank 5, discard 14, clue 1 rank 2, clue 0 colour 4, discard 1, clue 0 colour 2, play 17,
    clue 0 rank 2, clue 1 colour 2, play 16, clue 1 rank 2, clue 0 rank 4, play 0, clue 0 rank 5, clue 1 colour 0,
    play 19, discard 13, clue 0 rank 3, discard 22, discard 21, clue 1 rank 1, play 24, clue 1 rank 2, play 7,
    discard 23, discard 25, discard 27, discard 26, clue 1 colour 0, play 30"""

# Deal h31/124 (level 3 self-play, 2 players) up to turn 17: at turn 12 Bob, locked, gave green on Alice's chop,
# the green 3, a Critical Save (the other green 3 thrown); green reached 2 at turn 14
H31_124 = """clue 1 rank 2, clue 0 rank 1, play 1, clue 0 rank 5, clue 1 rank 5, discard 6, discard 0, clue 0 rank 2,
    discard 3, discard 11, clue 1 colour 3, clue 0 colour 2, clue 1 colour 2, play 9, clue 1 rank 1, play 15"""


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_a_locked_partners_4_on_my_chop_is_no_critical_save_played_once_red_reaches_3() -> None:
    # Turn 41: red is on 3. Alice read her chop 4 as the red 4 and played it (the yellow 4: a strike); she holds it
    game, bots = replayed("s45/76", S45_76, level=3, players=2)
    held = slot(game, ALICE, 5)
    assert game.current == ALICE and card(game, held) == "y4" and game.fireworks[0] == 3
    assert reading(game, bots[ALICE], held) != {"r4"}
    d = decide(game, bots)
    assert d.action != Play(held)
    assert "I hold slot 5: only once other cards play would Player 2's clue on it make it playable, but Player 2 " \
           "had to clue (8 tokens or every card clued)" in d.explanation, d.explanation


def test_a_stalled_4_does_not_make_the_next_4_clue_read_as_the_other_4() -> None:
    # Turn 33: Bob's 4 on Alice's new slot 2 (the yellow 4) is a play clue. Reading her chop 4 as the yellow 4 (the
    # turn-18 "save"), she took slot 2 for the green 4 and played her chop as the yellow 4: it was the red 4, a
    # strike. Her chop keeps only what the clues say; slot 2 is the yellow or the green 4, both playable: she
    # plays it
    game, bots = replayed("s45/169", S45_169, level=3, players=2)
    chop, new = slot(game, ALICE, 5), slot(game, ALICE, 2)
    assert game.current == ALICE and card(game, chop) == "r4" and card(game, new) == "y4"
    assert "r4" in reading(game, bots[ALICE], chop)
    assert decide(game, bots).action == Play(new)


def test_a_locked_partners_colour_critical_save_is_read_as_the_guide_reads_it() -> None:
    # Turn 17 of deal h31/124: green on 2, Alice's green chop card is the green 3 the locked Bob saved: she plays it
    game, bots = replayed("h31/124", H31_124, level=3, players=2)
    saved = next(o for o in game.hands[ALICE] if card(game, o) == "g3")
    assert game.current == ALICE and game.fireworks[2] == 2
    assert reading(game, bots[ALICE], saved) == {"g3"}
    assert decide(game, bots).action == Play(saved)


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_bot_says_why_it_holds_a_forced_number_on_its_chop_in_every_language(language: str) -> None:
    game, bots = replayed("s45/76", S45_76, level=3, players=2)
    assert_said_in(language, game, bots, "wary of a forced clue")
