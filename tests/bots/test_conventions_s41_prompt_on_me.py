"""Which clued cards a play clue prompts (issue 31, level 3).

The Prompt (hanabi.github.io/beginner/prompt): "Bob does not see a red 3 clued in anyone else's hand. So, Alice
must be promising him that his unknown red card is red 3". When the clued card first in turn order that may be
the missing card is one I see is not it, I see no such card clued elsewhere, and its holder, who sees mine, is
not prompted: mine is (the level-2 page's Self-Prompt reads the same way for the receiver). When mine is one I
play anyway, the clue waits for it rather than prompting a card I see is another. And a clue never prompts its
giver's own clued card, which the giver cannot see: it does not hide the Finesse the clue needs.
"""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import BOB, CATHY, DONALD, decide, reading, replayed, slot

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

