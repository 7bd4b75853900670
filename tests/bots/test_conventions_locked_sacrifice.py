"""A locked player's discard of a clued card is a sacrifice, not a Sarcastic Discard (level 22, Locked Hands:
"when a player is locked, they can choose to 'sacrifice' one of the cards in their hand that is non-critical.
And in this situation, it does not imply a Sarcastic Discard")."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import BOB, decide, replayed

# deal h31/63, three players, level 3 self-play: turns 1-10. Cathy's red clue (turn 3) touched Bob's red 1 and his
# red 4; at turn 10 Alice, every card of hers clued (2s on slots 1, 3 and 5, 5s on slots 2 and 4), discards her
# slot 5, a red 2 she knows only as a 2
MOVES = ("clue 1 colour 2, play 8, clue 1 colour 0, discard 0, play 15, discard 10, clue 1 rank 3, clue 0 rank 2, "
         "clue 0 rank 5, discard 1")


def test_a_locked_players_discard_of_a_clued_2_does_not_make_bobs_red_card_that_2() -> None:
    game, bots = replayed("h31/63", MOVES, level=3, players=3)
    assert game.current == BOB
    red4 = 9
    assert game.variant.card_text(game.deck[red4]) == "r4" and red4 in game.hands[BOB]
    d = decide(game, bots)
    assert d.action != Play(red4), d.explanation
