"""My own clued card, read as a card I can see in another hand, is not that card to anyone (issue 31, level 3).

A clue that had to touch trash (a save with no clean clue) leaves its holder reading the trash card as a useful
one. Once the holder sees that very card elsewhere, the card it holds cannot be it, and every other player, who
sees the card itself, knows that too: it must not keep a later clue off that identity ("good touch" counts the
cards others see clued, hanabi.github.io/beginner/good-touch-principle), nor make the holder "fix" a card that
nobody misreads.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.model import identities_in
from hanabi_desktop.engine import Card, ColourClue, PlayerView
from tests.bots.positions import ALICE, BOB, decide, replayed, slot

# deal h31/54 (3 players, level 3) to turn 42: at turn 28 Alice's white clue saved Bob's white 3 and touched his
# white 1 (no clean clue saved it); Bob reads the white 1 as a white 4 or 5, and once the other white 4s are
# accounted for, as the white 5. At turn 42 Cathy 5-Saves Alice's chop: the white 5, which Bob sees
MOVES = """clue 2 colour 2, clue 0 rank 1, play 13, play 1, clue 0 colour 3, clue 1 rank 2, play 4, play 8,
           clue 0 colour 1, play 17, clue 2 rank 2, play 11, play 16, clue 2 colour 2, play 20, clue 1 rank 5,
           discard 5, clue 1 colour 2, discard 0, play 9, clue 0 rank 2, play 21, play 18, clue 0 rank 3, play 3,
           discard 23, discard 10, clue 1 colour 4, play 25, clue 1 rank 4, play 26, play 31, discard 12,
           clue 1 colour 0, play 7, discard 14, clue 2 colour 1, play 33, play 22, discard 2, play 6,
           clue 0 rank 5"""


def names(game, mask: int) -> set[str]:
    return {game.variant.card_text(Card.from_identity(x)) for x in identities_in(mask)}


def test_a_card_i_see_elsewhere_is_not_what_my_clued_card_is() -> None:
    # before: Bob counted his white 1 as the white 5, so Alice's saved 5 was "the red or the yellow 5" to him and
    # to what he thought she read; at turn 53 he spent a clue on a "fix" (white) that Cathy read as a Finesse and
    # blind-played her green 2 into a strike
    game, bots = replayed("h31/54", MOVES, level=3, players=3)
    five, white = slot(game, ALICE, 5), slot(game, BOB, 4)
    assert game.deck[five] == game.variant.parse_card("w5")
    assert game.deck[white] == game.variant.parse_card("w1")
    bob = bots[BOB]
    view = PlayerView.of(game, BOB)
    assert not view.empathy(white) & (1 << game.variant.parse_card("w5").identity)  # he can tell it is not
    assert "w5" in names(game, bob.notes.conv[five])
    assert "w5" in names(game, bob.notes.private[five])  # what he takes Alice to read
    assert not bob.notes.board(view).queued & (1 << game.variant.parse_card("w5").identity)


def test_no_fix_clue_for_a_card_nobody_misreads() -> None:
    # the game goes on as played to turn 52 (the red 4 blind-played for Bob's red 5): Bob then has no fix to give
    game, bots = replayed("h31/54", MOVES + ", discard 28, clue 0 rank 3, discard 15, play 32, discard 29, "
                          "clue 0 rank 5, play 24, discard 27, clue 1 colour 0, play 45", level=3, players=3)
    assert game.current == BOB
    d = decide(game, bots)
    assert d.action != ColourClue(ALICE, game.variant.colour_names.index("white")), d.explanation
    assert "fix clue" not in d.explanation, d.explanation
