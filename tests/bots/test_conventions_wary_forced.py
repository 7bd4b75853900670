"""The bot at two strikes, reading a clue its giver had to give (8 tokens, after the early game): a focus that only a
delayed play (through cards not played yet) makes playable keeps only what the clues say, and is not played until
the clues show it playable (people stall on trash at 8 tokens); a focus read as playable at once is a play clue, as
the guide reads it, and plays. Deals from the mixed-team runs (seed s24x), the stand-in's moves replayed as it made
them; the bots in its seat read them as in the game."""

from __future__ import annotations

import pytest

from hanabi_desktop.engine import Game, Play
from tests.bots.positions import ALICE, BOB, decide, reading, replayed, slot
from tests.bots.test_conventions_wariness import assert_said_in

# Deal s24x/143, 2 players, the stand-in (Alice) first, up to turn 29; the same moves at levels 2 and 3
S24X_143 = """clue 1 rank 1, play 6, discard 0, clue 0 colour 4, play 4, discard 5, clue 1 rank 3, discard 8,
    clue 1 colour 1, play 14, clue 1 colour 1, play 15, discard 1, play 9, discard 2, clue 0 colour 0, play 17,
    discard 10, clue 1 colour 2, play 21, discard 3, clue 0 colour 3, play 23, discard 16, clue 1 colour 4,
    discard 13, clue 1 colour 3, play 7, discard 11"""

# Deal s24x/20, 3 players, level 3, the careful stand-in (Cathy) last, up to turn 54
S24X_20 = """clue 2 colour 0, clue 0 colour 2, clue 0 rank 5, play 3, clue 2 rank 5, play 12, clue 1 rank 2, play 9,
    clue 1 colour 0, clue 1 colour 3, play 5, discard 13, discard 1, play 17, discard 14, discard 2, discard 8,
    discard 16, discard 15, clue 0 colour 1, discard 19, clue 1 colour 0, play 21, discard 22, clue 1 rank 5,
    discard 28, clue 0 colour 2, discard 23, clue 2 colour 4, discard 25, play 31, clue 2 colour 0, play 29,
    clue 1 colour 4, clue 2 colour 0, play 32, clue 1 rank 3, play 18, play 11, clue 1 rank 1, play 36, discard 27,
    clue 2 rank 4, clue 2 rank 2, play 35, clue 2 rank 4, play 6, discard 39, clue 2 colour 4, clue 2 colour 4,
    play 40, play 0, clue 2 colour 3, play 43"""


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def moves(text: str, n: int) -> str:
    """The first `n` moves of `text`."""
    return ",".join(text.split(",")[:n])


@pytest.mark.parametrize("level", [2, 3])
def test_a_forced_blue_on_trash_beside_a_clued_blue_3_is_no_blue_4_at_two_strikes(level: int) -> None:
    # Turn 27: blue at 2, 2 strikes, 8 tokens, Alice may not discard: blue to Bob touched his blue 1 (trash) and
    # re-touched his known blue 3. Bob read the new blue as the blue 4 (a delayed play through his blue 3), played
    # the blue 3, then the "blue 4" at turn 30: the third strike
    game, bots = replayed("s24x/143", S24X_143, level=level, players=2)
    focus = slot(game, BOB, 5)
    assert game.current == BOB and game.strikes == 2 and game.clue_tokens == 8
    assert card(game, focus) == "b1" and game.fireworks[3] == 3
    assert reading(game, bots[BOB], focus) != {"b4"}  # blue, as the clues say: it may be trash
    d = decide(game, bots)
    assert d.action != Play(focus)
    assert "I hold slot 5: only once other cards play would Player 1's clue" in d.explanation, d.explanation


@pytest.mark.parametrize("language", ["fr", "de", "es", "ja"])
def test_the_bot_says_why_it_holds_a_forced_delayed_play_in_every_language(language: str) -> None:
    game, bots = replayed("s24x/143", S24X_143, level=3, players=2)
    assert_said_in(language, game, bots, "wary of a forced delayed play")


def test_a_forced_green_on_trash_read_as_green_2_or_3_waits_at_two_strikes() -> None:
    # Turn 27 (1 strike): green at 1, 8 tokens, Cathy stalled with green on Alice's green 1 (trash); Alice read it
    # as the green 2 or the green 3. At turn 55, 2 strikes, nothing else told her which: she played it as the
    # green 2, the third strike
    game, bots = replayed("s24x/20", S24X_20, level=3)
    focus = slot(game, ALICE, 4)
    assert game.current == ALICE and game.strikes == 2
    assert card(game, focus) == "g1" and game.fireworks[2] == 1
    assert reading(game, bots[ALICE], focus) != {"g2"}
    assert decide(game, bots).action != Play(focus)


@pytest.mark.parametrize("level", [2, 3])
def test_a_forced_clue_on_a_card_playable_at_once_is_still_a_play_clue_at_two_strikes(level: int) -> None:
    # Turn 19 of deal s24x/143: green at 0, 2 strikes, 8 tokens: green to Bob on his new green 1 (slot 1) is a play
    # clue as the guide reads it, forced or not; Bob plays it
    game, bots = replayed("s24x/143", moves(S24X_143, 19), level=level, players=2)
    focus = slot(game, BOB, 1)
    assert game.current == BOB and game.strikes == 2 and game.clue_tokens == 7
    assert card(game, focus) == "g1"
    assert decide(game, bots).action == Play(focus)
