"""The conventions bot's lines name what a move is, in the guide's words, and say nothing that is no longer true.

Seen playing level 3, two players, Rainbow, at 1024x640: a re-touch of a known 5 was explained as a "tempo clue
... (a stall)" (a Tempo Clue gets a card played; level 8's stall table calls this one a Hard Burn), a play of a
card that is the yellow 2 or the rainbow 1 read "I read it as every card it can be is playable", and a discard of
a card known to be trash still said a clue on it "may be a stall".
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.bots.conventions.wording import describe, explain_clue
from hanabi_desktop.engine import Card, ColourClue, PlayerView, RankClue, get_variant
from tests.bots.positions import ALICE, BOB, act, bots_for, decide, position, slot
from tests.bots.test_conventions_wariness import self_finesse_misplayed_then_again


def known_five():  # noqa: ANN201
    """Two players, red 1 played: Alice 5-Saves Bob's red 5 on his chop, Bob clues Alice 1 (her useless red 1s).
    Alice's turn: Bob knows his slot 5 is a 5, not which."""
    game = position(["x x x x x", "y4 g3 b4 w4 r5"], stacks="r1", clue_tokens=8)
    bots = bots_for(game, 3)
    act(game, bots, RankClue(BOB, 5))
    act(game, bots, RankClue(ALICE, 1))
    return game, bots


def test_a_re_touch_that_tells_nothing_is_a_hard_burn_not_a_tempo_clue() -> None:
    game, bots = known_five()
    view = PlayerView.of(game, ALICE)
    notes = bots[ALICE].notes
    line = explain_clue(view, notes, RankClue(BOB, 5), notes.board(view))
    assert line == "hard burn to Bob: 5, slot 5 (a stall: it repeats what Bob knows)", line


def test_a_re_touch_that_tells_more_about_a_card_that_cannot_play_is_a_fill_in_clue() -> None:
    game, bots = known_five()
    view = PlayerView.of(game, ALICE)
    notes = bots[ALICE].notes
    red = ColourClue(BOB, game.variant.colour_names.index("red"))
    line = explain_clue(view, notes, red, notes.board(view))
    assert line.startswith("fill-in clue to Bob: red, slot 5 (a stall"), line


def test_several_playable_cards_of_different_suits_and_ranks_are_named() -> None:
    rainbow = get_variant("rainbow")
    y2, m1 = Card(1, 2), Card(5, 1)
    mask = 1 << y2.identity | 1 << m1.identity
    assert describe(rainbow, mask) == "a playable card: yellow 2 or rainbow 1"
    many = sum(1 << Card(s, 1).identity for s in range(6))  # six suits and the 1s: the single-rank line
    assert describe(rainbow, many).startswith("a playable 1")


def test_a_card_known_to_be_trash_gets_no_line_about_the_clue_that_touched_it() -> None:
    # Bob's blue 3 (slot 2) got a 3 that only a self-finesse would explain, from a giver whose self-finesse had
    # misplayed: Bob says why he does not play it. Once blue is complete and Bob knows the card is blue, it is
    # trash: he discards it, and no reading of that old clue matters any more
    game, bots = self_finesse_misplayed_then_again()
    act(game, bots, decide(game, bots).action)
    act(game, bots, ColourClue(BOB, game.variant.colour_names.index("blue")))
    game.fireworks[game.variant.colour_names.index("blue")] = 5  # blue complete (the test's shortcut)
    for bot in bots:
        bot.observe(PlayerView.of(game, bot.seat))
    d = decide(game, bots)
    assert d.action.card == slot(game, BOB, 2) and game.variant.card_text(game.deck[d.action.card]) == "b3"
    assert d.explanation == "discarding slot 2: known trash", d.explanation


def green_three_known():  # noqa: ANN201
    """Three players, green 1 played: Alice clues green on Bob's g2 and g3, Bob plays the g2, Cathy clues 3 on
    his g3. Alice's turn: Bob knows his slot 3 is the green 3 and will play it."""
    game = position(["x x x x x", "g2 g3 y4 b4 w4", "x x x x x"], stacks="g1", clue_tokens=8)
    bots = bots_for(game, 3)
    act(game, bots, ColourClue(BOB, game.variant.colour_names.index("green")))
    act(game, bots, decide(game, bots).action)
    assert game.fireworks[game.variant.colour_names.index("green")] == 2, "Bob plays his green 2"
    act(game, bots, RankClue(BOB, 3))
    return game, bots


def test_a_repeated_clue_on_a_card_its_receiver_will_play_is_a_hard_burn_not_a_play_clue() -> None:
    # seen playing level 3, 3 players: the end-game stall re-clued 3 on a green 3 its holder already knew, and
    # the bot called it "play clue to Bob: 3, slot 4 is playable" and the preview "Tempo clue: Bob will play"
    game, bots = green_three_known()
    view = PlayerView.of(game, ALICE)
    notes = bots[ALICE].notes
    g3 = slot(game, BOB, 2)
    assert game.variant.card_text(game.deck[g3]) == "g3"
    line = explain_clue(view, notes, RankClue(BOB, 3), notes.board(view))
    assert line == "hard burn to Bob: 3, slot 2 (a stall: it repeats what Bob knows)", line
    said = str(preview_clue(view, notes, RankClue(BOB, 3)))
    assert said.startswith("A stall: Bob already knows all this; slot 2 plays as before"), said
