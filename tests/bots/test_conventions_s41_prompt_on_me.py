"""Which clued cards a play clue prompts (issue 31, level 3).

The Prompt (hanabi.github.io/beginner/prompt): "Bob does not see a red 3 clued in anyone else's hand. So, Alice
must be promising him that his unknown red card is red 3". When the clued card first in turn order that may be
the missing card is one I see is not it, I see no such card clued elsewhere, and its holder, who sees mine, is
not prompted: mine is (the level-2 page's Self-Prompt reads the same way for the receiver). When mine is one I
play anyway, the clue waits for it rather than prompting a card I see is another. And a clue never prompts its
giver's own clued card, which the giver cannot see: it does not hide the Finesse the clue needs.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.model import identities_in
from hanabi_desktop.engine import ColourClue, Play, PlayerView
from tests.bots.positions import ALICE, BOB, CATHY, DONALD, EMILY, act, decide, reading, replayed, slot

# deal h31/86 (5 players, level 3) to turn 16: Bob (slot 4) and Donald (slot 3) hold clued 2s that may be the green
# 2; Bob's is the blue 2, Donald's the green 2. Alice gives green to Cathy on her green 3, with the green 1 on
# Emily's finesse position: a Finesse on Emily and a Prompt on Donald
MOVES = """clue 1 rank 1, play 4, clue 3 rank 2, clue 0 colour 0, clue 3 colour 0, play 0, play 5, clue 4 rank 2,
           play 12, clue 1 rank 5, play 3, play 6, clue 1 rank 2, play 13, play 17, clue 2 colour 2"""


def test_the_prompt_is_on_me_when_the_first_candidate_is_not_the_card() -> None:
    # before: Donald took the prompt for Bob's 2 (first after Alice), saw it was the blue 2, and found no reading
    # of the green 3: he read the focus as the green 2, later "fixed" it with a 3 that touched Cathy's white 3,
    # and Alice blind-played her white 3 for it into a strike
    game, bots = replayed("h31/86", MOVES, level=3, players=5)
    assert game.deck[slot(game, BOB, 4)] == game.variant.parse_card("b2")
    two = slot(game, DONALD, 3)
    assert game.deck[two] == game.variant.parse_card("g2")
    assert reading(game, bots[DONALD], two) == {"g2"}
    focus = slot(game, CATHY, 2)
    assert bots[DONALD].notes.conv[focus] & (1 << game.variant.parse_card("g3").identity)


def test_he_waits_for_the_finesse_then_plays_the_prompted_card() -> None:
    game, bots = replayed("h31/86", MOVES + ", play 7, discard 8, play 14, play 27, clue 4 rank 3, discard 22, "
                          "discard 9", level=3, players=5)
    assert game.current == DONALD
    d = decide(game, bots)
    # before: a "fix clue" (3 to Cathy) that touched her white 3 and read as a Finesse on Alice
    assert d.action == Play(slot(game, DONALD, 4)), d.explanation
    assert "prompt" in d.explanation and "green 2" in d.explanation, d.explanation


# deal h31/256 (5 players, level 3) to turn 39: Donald gives green to Emily on her green 3; the green 2 is on Bob's
# finesse position, and Bob plays after Emily (a Reverse Finesse, level 2). Donald's own clued green 4, which to
# everyone may be the green 2 or 4, is no card his clue can prompt: he cannot see it
MOVES_256 = """clue 1 rank 1, play 6, clue 0 colour 3, clue 4 rank 5, clue 2 colour 0, play 3, play 7, play 10,
               clue 0 colour 3, clue 0 colour 4, play 1, clue 4 colour 1, play 23, clue 0 colour 0, play 17, play 0,
               discard 4, clue 4 colour 1, discard 12, play 26, play 21, clue 2 rank 5, play 9, clue 2 colour 4,
               discard 19, clue 3 colour 2, discard 5, play 25, clue 4 rank 4, play 18, discard 24, clue 2 colour 2,
               play 32, discard 14, play 30, clue 1 colour 0, play 34, discard 11, clue 4 colour 2"""


def test_the_givers_own_clued_card_is_not_a_prompt_candidate() -> None:
    # before: Bob read the green 3 as the green 2 (the chain for the green 3 stopped at Donald's green card), did
    # not blind-play, and a "fix clue" later sent Alice into a blind play that struck
    game, bots = replayed("h31/256", MOVES_256, level=3, players=5)
    green4 = slot(game, DONALD, 4)
    assert game.deck[green4] == game.variant.parse_card("g4")
    assert game.variant.parse_card("g2").identity in identities_in(bots[BOB].notes.public_mask(
        PlayerView.of(game, BOB), green4, 0))
    fp = slot(game, BOB, 1)
    assert game.deck[fp] == game.variant.parse_card("g2")
    assert bots[BOB].notes.finessed.get(fp, 0) & (1 << game.variant.parse_card("g2").identity)
    act(game, bots, Play(slot(game, EMILY, 4)))  # Emily plays her known yellow 5
    act(game, bots, ColourClue(CATHY, 0))  # Alice: red to Cathy
    assert game.current == BOB
    d = decide(game, bots)
    assert d.action == Play(fp), d.explanation


# deal h31/140 (4 players, level 3) to turn 31: Cathy gives green to Bob on his green 4. Donald's clued 2 is the
# green or white 2 to him, and every 2 it may be is playable: he plays it anyway. Alice's clued green card is the
# green 3, which Donald sees
MOVES_140 = """clue 3 rank 1, clue 3 rank 5, clue 1 rank 1, clue 0 rank 2, clue 2 rank 5, clue 2 rank 2,
               clue 1 colour 1, play 12, clue 3 rank 2, play 5, discard 11, play 14, clue 3 colour 0, discard 4,
               play 8, play 15, discard 1, play 7, clue 3 colour 3, play 19, play 0, discard 6, discard 18,
               clue 2 rank 3, discard 2, clue 0 colour 2, play 28, discard 25, play 3, clue 2 colour 4,
               clue 1 colour 2"""


def test_a_delayed_play_through_my_card_when_the_other_candidate_is_not_the_card() -> None:
    # before: Donald took Alice's green 3 as prompted for the green 2 (a Wrong Prompt), so the focus read as the
    # green 2 only; he gave a "fix clue" (4 to Bob), which Cathy read as a Finesse on herself and struck
    game, bots = replayed("h31/140", MOVES_140, level=3, players=4)
    two, focus = slot(game, DONALD, 3), slot(game, BOB, 1)
    assert game.deck[two] == game.variant.parse_card("g2")
    assert game.deck[slot(game, ALICE, 3)] == game.variant.parse_card("g3")
    g4 = game.variant.parse_card("g4").identity
    assert bots[DONALD].notes.conv[focus] & (1 << g4)
    assert game.current == DONALD
    d = decide(game, bots)
    assert d.action == Play(two), d.explanation
