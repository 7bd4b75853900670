"""Level 2, The Finesse: a finessed player blind-plays at once. `Notes.unfinessed` waits one more turn for a holder
seen holding the called card, for a turn spent on something more urgent. A discard of a card nobody clued (or of
trash) is not such a turn: that holder has declined, and the clued card falls back to its reading without the
blind play. A Sarcastic Discard of a clued card (level 3) is one: the finesse stands.

A 3-player Classic game played by a person (Ann) with two level-3 bots, its deal and moves as recorded
(runs/s35/play in the lead's notes): t29 Bob's white on Cat's white 2 called Ann's white 1 on her finesse position;
to Cat, Ann's white 2 and white 3 behind it could also be called, for a white 4. Ann played the white 1 (t31), then
discarded her chop (t34). Cat kept "white 2 or white 4" and discarded twice while her white 2 was playable."""

from __future__ import annotations

from hanabi_desktop.engine import Discard, Game, Play, get_variant, parse_action
from tests.bots.positions import act, bots_for, decide, reading, replayed

DECK = ("r2 g3 r5 y3 b3 b4 w3 b1 w5 r1 b1 b2 b4 r3 y3 g1 r4 g1 y2 g5 y4 y2 g4 g1 b5 w2 w3 y1 w2 b1 w1 y4 w4 r1 y1 w1 "
        "w1 r3 y1 y5 r4 b2 g2 g2 w4 r1 r2 g4 g3 b3")
MOVES = ("clue 1 colour 0, play 9, clue 0 colour 0, play 0, clue 2 colour 3, play 10, clue 2 colour 2, clue 2 rank 3, "
         "play 13, discard 1, clue 2 rank 2, play 17, discard 3, clue 0 colour 0, play 11, play 16, discard 5, "
         "discard 20, play 2, discard 6, clue 0 colour 1, discard 4, play 27, clue 0 rank 5, play 21, clue 2 colour 1, "
         "play 14, clue 2 colour 1, clue 2 colour 4, play 31, play 30, clue 0 rank 3")
CAT = 2
WHITE_2 = 25  # Cat's card, clued white at t29


def played_to(extra: str) -> tuple[Game, list]:
    v = get_variant("classic")
    game = Game(v, 3, [v.parse_card(t) for t in DECK.split()], names=["Ann", "Bob", "Cat"])
    bots = bots_for(game, level=3)
    for text in (MOVES + extra).split(","):
        act(game, bots, parse_action(text.strip()))
    return game, bots


def test_a_finessed_player_who_discards_has_declined() -> None:
    game, bots = played_to(", discard 18, discard 23")  # t33 Cat discards, t34 Ann discards, her white 2 (order 28) not blind-played
    assert game.deck[WHITE_2] == get_variant("classic").parse_card("w2")
    assert reading(game, bots[CAT], WHITE_2) == {"w2"}
    act(game, bots, parse_action("clue 2 colour 4"))  # t35 as played: Bob's white touches Cat's new white 4 too
    assert decide(game, bots).action == Play(WHITE_2)


def test_before_the_discard_both_readings_stand() -> None:
    # t33, Ann's blind play of the white 1 seen, her next turn not yet: to Cat still the white 2 or the white 4
    game, bots = played_to("")
    assert game.current == CAT
    assert reading(game, bots[CAT], WHITE_2) == {"w2", "w4"}
    assert isinstance(decide(game, bots).action, Discard)


# Deal h31/273 (level 3 self-play): t29 Bob's yellow on Cathy's yellow 3 prompted Alice's clued yellow 2 and called
# her yellow 1 on her finesse position. At t31 Alice first made a Sarcastic Discard of her yellow 2 to Bob's clued
# yellow 2 (level 3: a clued card still useful thrown away passes it on). That discard is the urgent turn the wait is
# for: the finesse stands, and Cathy's card is still the yellow 3.
H31_273 = ("clue 1 rank 1, play 5, clue 0 rank 2, clue 2 colour 2, play 6, play 14, clue 1 rank 3, play 7, "
           "clue 1 rank 5, discard 1, clue 0 rank 4, discard 10, play 19, clue 2 rank 4, clue 0 rank 5, play 21, "
           "clue 2 rank 2, play 20, clue 2 colour 4, discard 8, play 17, clue 1 rank 2, discard 18, play 23, "
           "discard 3, discard 24, discard 13, discard 4, clue 2 colour 1, discard 27, discard 2")
CATHY_YELLOW_3 = 25


def test_a_sarcastic_discard_first_keeps_the_finesse() -> None:
    game, bots = replayed("h31/273", H31_273, level=3)
    assert game.deck[CATHY_YELLOW_3] == get_variant("classic").parse_card("y3")
    assert reading(game, bots[CAT], CATHY_YELLOW_3) == {"y3"}
