"""The strikeouts of the level-3 bot beside the all-habits level-3 stand-in, 3 players, seed s24x (issue 31).

Each test is built from a deal where the bot's own move made a strike that took the team's last life.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import MISPLAY, score_clue
from hanabi_desktop.engine import Card, ColourClue, Discard, Play, PlayerView, RankClue
from hanabi_desktop.engine.cards import identities_in
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, decide, position, slot
from tests.bots.test_conventions import pretend_clued


def test_a_self_finesse_whose_focus_is_gone_calls_its_card_no_more() -> None:
    # Deal s24x/254, turns 40-53 (level 3, 3 players, the all-habits stand-in as Alice): Cathy read Alice's 3 as
    # a Self-Finesse (her slot 1 a blue 3, her slot 2 the blue 2), then learned the 3 was trash and discarded it.
    # She still held her slot 2 as a blind-called blue 2 (a blue 5 in truth), and gave blue to Bob on his blue 3
    # (slot 2) and blue 2 (slot 4) as a delayed play clue through it; Bob, who saw her blue 5, read his slot 2 as
    # the blue 2 and struck out
    game = position(["r1 g1 x r5 b4", "y2 b3 g2 b2 g5", "w3 b5 g3 y4 g4"], stacks="r1 y3 g2 b1 w4",
                    current=CATHY, clue_tokens=3, strikes=2)
    bots = bots_for(game, 3)
    cathy = bots[CATHY]
    focus, blind = slot(game, CATHY, 1), slot(game, CATHY, 2)
    b2, b3 = 1 << game.variant.parse_card("b2").identity, 1 << game.variant.parse_card("b3").identity
    cathy.notes.finessed[blind] = b2  # her reading of Alice's 3: her slot 2 first, then her slot 1 as the blue 3
    cathy.notes.finesse_for[blind] = (CATHY, game.variant.parse_card("b3").identity)
    cathy.notes.links[blind] = (focus, {b2.bit_length() - 1: b3.bit_length() - 1})
    act(game, bots, Discard(focus))
    assert blind not in cathy.notes.finessed and blind not in cathy.notes.links
    view = PlayerView.of(game, CATHY)
    blue = ColourClue(BOB, game.variant.colour_names.index("blue"))
    assert score_clue(view, cathy.notes, blue, cathy.notes.board(view)) <= MISPLAY / 2


def bob_green_1_behind_his_green_2(cathy_slot_1: str):
    # Deal s24x/219, turn 16 (level 3, 3 players, the all-habits stand-in as Cathy): red 4 and yellow 2 played,
    # no green, blue or white; Alice's green 5 saved; Bob's green 2 (slot 1) has his green 1 behind it (slot 2)
    game = position(["w2 b3 w4 b4 g5", "g2 g1 w1 g1 w4", f"{cathy_slot_1} b3 y4 g3 g4"], stacks="r4 y2",
                    clue_tokens=3)
    pretend_clued(game, RankClue(ALICE, 5), [slot(game, ALICE, 5)])
    return game, bots_for(game, 3)


def test_no_self_finesse_that_a_finesse_on_a_partner_explains_for_another_card() -> None:
    # Alice gave Bob 2 on his green 2 for a Self-Finesse on his green 1. Cathy held the white 1 on her finesse
    # position: the focus could be the white 2 with her blind play first, a reading Bob takes before a
    # Self-Finesse ("only if there are no other possibilities"), so he read his card as the white 2 and waited;
    # a late stall on it made him blind-play and strike, and Cathy too, for the last strike
    game, bots = bob_green_1_behind_his_green_2("w1")
    view = PlayerView.of(game, ALICE)
    two = RankClue(BOB, 2)
    assert score_clue(view, bots[ALICE].notes, two, bots[ALICE].notes.board(view)) <= MISPLAY / 2
    assert decide(game, bots).action != two


def test_a_self_finesse_no_other_finesse_explains_is_still_given() -> None:
    # the same table with a yellow 4 on Cathy's finesse position: nothing but Bob's own green 1 explains the 2
    game, bots = bob_green_1_behind_his_green_2("y4")
    view = PlayerView.of(game, ALICE)
    assert score_clue(view, bots[ALICE].notes, RankClue(BOB, 2), bots[ALICE].notes.board(view)) > 0


def test_a_card_beside_the_focus_misplayed_leaves_the_focus_unread() -> None:
    # Deal s24x/105, turns 8-43 (level 3, 3 players, the all-habits stand-in as Cathy): blue 1 played; Bob's blue
    # touched Cathy's blue 3 (slot 3) and her chop blue 2 (slot 4; her blue 5 saved on slot 5): a play clue on
    # the chop's blue 2. She played slot 3 as the blue 2 and struck: she took slot 3 for the focus, so nobody
    # knows how she reads slot 4. Read as her known blue 2, it was trash once the other blue 2 played, and a
    # blue finesse for Bob's blue 4 made her take the Prompt on it: the last strike. She misplayed a round after
    # the clue (ten turns in the deal), so it was not among the clues her turn answered, which reset anyway
    game = position(["r1 y1 w1 r5 w4", "x x x x x", "g2 y1 b3 b2 b5"], stacks="b1", current=BOB, clue_tokens=4)
    pretend_clued(game, RankClue(CATHY, 5), [slot(game, CATHY, 5)])
    bots = bots_for(game, 3)
    b2 = slot(game, CATHY, 4)
    act(game, bots, ColourClue(CATHY, game.variant.colour_names.index("blue")))
    alice = bots[ALICE]
    view = PlayerView.of(game, ALICE)
    reads = {game.variant.card_text(Card.from_identity(i)) for i in identities_in(
        alice.notes.holder_reads(view, b2, view.trash_mask()))}
    assert reads == {"b2"}
    b3 = slot(game, CATHY, 3)
    for seat in (CATHY, ALICE, BOB):  # a round later (the clue is no longer the last one she answered)
        act(game, bots, Discard(slot(game, seat, 1)))
    act(game, bots, Play(b3))
    assert game.strikes == 1
    view = PlayerView.of(game, ALICE)
    reads = {game.variant.card_text(Card.from_identity(i)) for i in identities_in(
        alice.notes.holder_reads(view, b2, view.trash_mask()))}
    assert reads >= {"b2", "b3", "b4"}
