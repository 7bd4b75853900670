"""A prompt that passes through clued cards of its holder that are other cards (issue 31, level 3).

The Prompt: "It is the responsibility of the player giving the clue to ensure that all those previous cards will
play successfully" (beginner's guide). The holder cannot see its cards: it reads the prompt on the leftmost clued
card that may be the card, and the later ones wait for that one to turn out another card. A clue that shows it is
another card moves the prompt on, as its play would; so a clue that tells the holder the leftmost card is another
is a Fix Clue when the next one is a copy of a card played since ("violations of Good Touch Principle should be
fixed as soon as possible", level 3).
"""

from __future__ import annotations

from hanabi_desktop.engine import Play, PlayerView
from tests.bots.positions import BOB, CATHY, act, decide, reading, replayed

# deal s24x/112 (3 players, level 3) to turn 13: Bob's 2 Save on Cathy's blue 2 (with her white 2), Cathy's on
# Alice's blue 2; Alice's blue on Bob's blue 3 prompts Cathy's 2s (white 2 first: it plays, then the blue 2);
# Alice plays her own 2, the other blue 2, so Cathy's blue 2 is trash
MOVES = """clue 2 rank 1, clue 2 rank 2, clue 0 rank 2, clue 1 rank 1, play 6, play 10, clue 1 colour 2, discard 15,
           play 12, clue 1 colour 3, play 7, play 13, play 0"""
WHITE_2, BLUE_2 = 14, 11  # Cathy's two clued 2s (slots 4 and 5 at turn 14)


def test_the_prompt_reaches_the_holder_on_the_leftmost_card_only() -> None:
    # Bob sees the prompt pass through Cathy's white 2 to her blue 2, but she reads it on her white 2: her blue 2
    # is any 2 to her, and Bob's notes say so
    game, bots = replayed("s24x/112", MOVES, level=3)
    bob = PlayerView.of(game, BOB)
    b = bots[BOB].notes.board(bob)
    cathy = PlayerView.of(game, CATHY)
    assert bots[BOB].notes.holder_reads(bob, BLUE_2, b.trash) == bots[CATHY].notes.my_mask(
        cathy, BLUE_2, bots[CATHY].notes.board(cathy).trash)
    assert BLUE_2 not in bots[BOB].notes.prompt_for


def test_a_clue_showing_the_prompted_card_is_another_fixes_the_next_one() -> None:
    # Bob sees Cathy would play her blue 2 as a playable 2 (before: he took her for knowing it the blue 2 and gave
    # a 5 Save, and she struck). White on her white 2 moves the prompt on to her blue 2, played: she plays the
    # white 2 and not the blue 2
    game, bots = replayed("s24x/112", MOVES, level=3)
    d = decide(game, bots)
    assert d.action.target == CATHY and WHITE_2 in PlayerView.of(game, BOB).touched(d.action), d.explanation
    act(game, bots, d.action)
    assert reading(game, bots[CATHY], BLUE_2) == {"b2"}
    d = decide(game, bots)
    assert d.action == Play(WHITE_2), d.explanation
