"""A giver's tentative call is not the receiver's knowledge (issue 31, level 3).

When a clue on my own card may have called a blind play on Donald (a 2 on my chop: a 2 Save, or a 2 whose 1 is on
Donald's finesse position), I keep that call only tentatively: I cannot see my card. Donald can, and knows whether
he was called. So when I clue Donald, his card that I hold as called is not, to him, the card I call it: the clue
is read as he reads it ("the clue receiver ... can only see what the giver could see", and good touch counts only
the cards everyone knows are clued or called).
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import Play, PlayerView, parse_action
from tests.bots.positions import BOB, DONALD, decide, replayed, slot

# deal final7/363 (4 players, level 3): turn 1 Alice's 2 Save on Bob's chop white 2 (to Bob maybe a yellow 2 with
# Donald's yellow 1 on his finesse position); turns 2-5: 1 to Cathy, Cathy's 5 Save on Donald, red to Alice, her red 1
MOVES = "clue 1 rank 2, clue 2 rank 1, clue 3 rank 5, clue 0 colour 0, play 3"
YELLOW = "clue 3 colour 1"  # yellow to Donald: his yellow 1 (slot 1), yellow 5 (slot 2, 5 Saved), chop yellow 2


def test_bob_holds_donalds_yellow_1_as_called_only_tentatively() -> None:
    game, bots = replayed("final7/363", MOVES, level=3, players=4)
    y1 = slot(game, DONALD, 1)
    assert game.deck[y1] == game.variant.parse_card("y1")
    assert game.deck[slot(game, DONALD, 3)] == game.variant.parse_card("y2")
    assert y1 in bots[BOB].notes.tentative and bots[BOB].notes.finessed[y1]


def test_donald_reads_the_yellow_chop_as_the_yellow_1() -> None:
    # he saw Bob's white 2: nothing was called on him, and his chop is the focus
    game, bots = replayed("final7/363", f"{MOVES}, {YELLOW}, play 9", level=3, players=4)
    assert game.current == DONALD
    assert decide(game, bots).action == Play(slot(game, DONALD, 3))


def test_bob_does_not_give_it() -> None:
    # before: "stall clue to Player 4: yellow, slot 3 (no play or save clue to give)"; Donald played his yellow 2
    game, bots = replayed("final7/363", MOVES, level=3, players=4)
    assert game.current == BOB
    d = decide(game, bots)
    assert d.action != parse_action(YELLOW), d.explanation


def test_the_preview_from_bobs_seat_warns_of_the_misplay() -> None:
    # it said "Critical save on Player 4's chop: slot 3 is kept (as y1 y2)"
    game, bots = replayed("final7/363", MOVES, level=3, players=4)
    preview = preview_clue(PlayerView.of(game, BOB), bots[BOB].notes, parse_action(YELLOW))
    assert preview.worst is not None and preview.worst.kind == "misplay", str(preview)
    assert "yellow 2 is not playable: Player 4 would strike" in preview.worst.text
