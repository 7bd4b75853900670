"""The strikeouts of the level-3 bot beside the all-habits level-3 stand-in, 3 players, seed s24x (issue 31).

Each test is built from a deal where the bot's own move made a strike that took the team's last life.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import MISPLAY, score_clue
from hanabi_desktop.engine import ColourClue, Discard, PlayerView
from tests.bots.positions import BOB, CATHY, act, bots_for, position, slot


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
