"""No prompt on a third player's card when the receiver holds that card, clued, and plays it anyway (issue 31).

"If the player was already going to play the card, it isn't a Prompt" (hanabi.github.io, level 1). When the
receiver of a play clue holds the missing card, clued as cards that are all playable, every other player sees it
coming and reads the clue as a delayed play clue through it: the clued card a giver meant to prompt is then taken
for the card after it. A giver who sees that copy gives no such clue.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import receiver_masks
from hanabi_desktop.engine import PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot

# deal h31/124 (3 players, level 3) to turn 50: Alice holds the yellow 5 and a clued 3 (the yellow 3, to her the
# yellow or the white 3, both playable: she plays it); Bob holds two clued yellow cards, the yellow 3 and 4
MOVES = """clue 1 rank 5, clue 0 rank 1, clue 1 rank 2, play 1, clue 0 rank 1, clue 0 rank 5, play 15, clue 0 rank 2,
           clue 0 colour 3, play 2, play 6, clue 1 colour 4, play 0, play 18, discard 10, clue 2 colour 2, discard 20,
           clue 0 rank 1, play 17, discard 22, clue 0 rank 3, discard 19, clue 2 rank 2, discard 13, clue 2 colour 1,
           play 9, discard 12, discard 23, play 8, play 21, play 3, play 5, play 11, clue 1 colour 1, clue 2 colour 2,
           play 34, discard 25, clue 0 colour 2, discard 14, clue 1 rank 5, discard 30, clue 0 rank 2, play 4,
           clue 0 colour 3, discard 26, play 39, clue 0 rank 3, clue 0 rank 4, play 36, discard 7"""


def test_a_prompt_beside_the_receivers_own_copy_is_not_given() -> None:
    # before: Cathy clued 5 on Alice's yellow 5 as a double prompt on Bob's yellow 3 and 4; Bob, seeing Alice's
    # yellow 3 come first, played his leftmost yellow card as the yellow 4: it was his yellow 3, a strike
    game, bots = replayed("h31/124", MOVES, level=3, players=3)
    assert game.current == CATHY
    v = game.variant
    assert game.deck[slot(game, ALICE, 1)] == v.parse_card("y5")
    assert game.deck[slot(game, ALICE, 5)] == v.parse_card("y3")
    assert [game.deck[slot(game, BOB, n)] for n in (3, 5)] == [v.parse_card("y3"), v.parse_card("y4")]
    view = PlayerView.of(game, CATHY)
    notes = bots[CATHY].notes
    _, reading, _, _ = receiver_masks(view, notes, RankClue(ALICE, 5), notes.board(view))
    assert reading.misleading
    d = decide(game, bots)
    assert d.action != RankClue(ALICE, 5), d.explanation
