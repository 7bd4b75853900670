"""A call I hold only until its holder's turn tells is not one a new clue of mine can count on (issue 31, level 3).

Alice's 2 on Bob's yellow 2, with the yellow 1 on Bob's finesse position and on mine (Donald's): Bob sees my card,
so if it is the yellow 1 he waits for me (a Reverse Finesse: "the clue receiver will not play anything", level 2),
else the clue is his Self-Finesse. I cannot tell which until his turn passes without the blind play; until then I
count his card as called (`Notes.hand_over`). Bob counts it as called only if mine is not the yellow 1. So a clue of
mine whose finesse lies past his called card reads, to him, as a finesse on that very card: not one to give.
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import Play, PlayerView, parse_action
from tests.bots.positions import BOB, DONALD, decide, replayed, slot

# deal final7/145 (4 players, level 3): turn 1 Alice's 2 on Bob's yellow 2 (slot 1) and blue 2 (slot 2); turn 2
# Bob's 2 Save on Cathy's chop; turn 3 Cathy's 1 to Alice
MOVES = "clue 1 rank 2, clue 2 rank 2, clue 0 rank 1"
BLUE = "clue 0 colour 3"  # blue on Alice's blue 3: to Donald, Bob's clued blue 2 and his slot 4, the blue 1


def test_the_yellow_1_is_on_bobs_finesse_position_and_on_donalds() -> None:
    game, bots = replayed("final7/145", MOVES, level=3, players=4)
    y1 = game.variant.parse_card("y1")
    assert game.deck[slot(game, BOB, 3)] == y1 and game.deck[slot(game, DONALD, 1)] == y1
    assert game.deck[slot(game, BOB, 4)] == game.variant.parse_card("b1")
    # to Donald, who cannot see his own card, Bob's is called until Bob's turn tells whose it is
    assert bots[DONALD].notes.hand_over == {slot(game, BOB, 3): slot(game, DONALD, 1)}
    # Bob, who sees Donald's yellow 1, waits for Donald (a Reverse Finesse)
    assert slot(game, BOB, 3) not in bots[BOB].notes.finessed


def test_donald_does_not_give_blue_through_bobs_slot_4() -> None:
    # before: "prompt + finesse: Player 2 should blind-play slot 4 (blue 1), then Player 2 should play clued slot 2
    # (blue 2), so Player 1's blue 3 plays"; Bob blind-played slot 3 (the yellow 1), and Cathy struck for the blue 1
    game, bots = replayed("final7/145", MOVES, level=3, players=4)
    assert game.current == DONALD
    d = decide(game, bots)
    assert d.action != parse_action(BLUE), d.explanation


def test_bob_would_blind_play_slot_3_for_it() -> None:
    # the reason: after the blue clue Bob's finesse position is his slot 3, the yellow 1
    game, bots = replayed("final7/145", f"{MOVES}, {BLUE}, play 0", level=3, players=4)
    assert game.current == BOB
    assert decide(game, bots).action == Play(slot(game, BOB, 3))


def test_the_preview_from_donalds_seat_warns() -> None:
    # it said "Player 2 will blind-play slot 4 (finesse), then Player 2 will play clued slot 2 (prompt) so that
    # Player 1's blue 3 plays." with no warning
    game, bots = replayed("final7/145", MOVES, level=3, players=4)
    preview = preview_clue(PlayerView.of(game, DONALD), bots[DONALD].notes, parse_action(BLUE))
    assert preview.worst is not None and preview.worst.kind == "misplay", str(preview)
    assert str(preview).startswith("As you mean it: Player 2 will blind-play slot 4"), str(preview)
    assert preview.worst.text == ("Player 2 may blind-play slot 3, yellow 1, for it: you count that card as called "
                                  "only until Player 2's turn shows whose it is."), str(preview)
