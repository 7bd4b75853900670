"""The bot as reader and as giver of level 2 play clues, from the misplays of deal set s24x with the careful
level-2 stand-in last (3 players): a clued card's conventional reading keeps good touch with the cards everyone
knows are clued elsewhere, and a play clue whose receiver reads a prompt on its own clued card (which it cannot
see is not the card) is not given. The stand-in's moves are replayed as it made them; each bot reads them as in
the game."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, decide, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_a_clued_card_is_not_read_as_a_copy_of_a_card_everyone_knows_is_clued_elsewhere() -> None:
    # Deal s24x/10 t27-31: green played to 1, Bob's green 2 known (2 Save, then green). Cathy clued green on
    # Alice's chop green 4, which Alice read as the green 3 through Bob's green 2; then 3 to Alice on her white 3
    # and yellow 3, not on the green card: not the green 3. Good Touch Principle (hanabi.github.io/beginner/
    # good-touch-principle: "a Bad Touch if someone touched a card that ... was already clued in someone else's
    # hand"): it is not the green 2 either, it is the green 4 or 5 and waits. Alice played it as the green 2
    game, bots = replayed("s24x/10", """clue 1 rank 1, clue 2 rank 5, clue 1 rank 2, clue 2 colour 1, play 5,
        play 11, clue 2 colour 4, play 6, play 13, clue 2 rank 5, play 8, discard 12, discard 0, discard 15,
        clue 1 rank 4, discard 1, discard 19, discard 14, discard 2, clue 2 colour 2, clue 0 colour 0, discard 3,
        clue 2 rank 2, discard 25, clue 1 colour 2, play 9, clue 0 colour 2, play 26, play 17, clue 0 rank 3""")
    assert game.current == ALICE and game.fireworks[2] == 1
    green = slot(game, ALICE, 5)
    assert card(game, green) == "g4" and card(game, slot(game, BOB, 5)) == "g2"
    view = PlayerView.of(game, ALICE)
    reading = bots[ALICE].notes.my_mask(view, green, view.trash_mask())
    assert reading & ~view.playable_mask()  # not read as the green 2 alone
    d = decide(game, bots)
    assert d.action != Play(green), d.explanation


def test_no_self_finesse_clue_the_receiver_reads_as_a_prompt_on_its_own_clued_card() -> None:
    # Deal s24x/55 t8-13: green played to 1 by Alice's clued green 1; her other green card, the green 4 (slot 4),
    # is the green 2, 3 or 4 to her. Bob clued 3 on her slot 1 white 3 (and yellow 3) meaning a Self-Finesse on
    # her white 2. To Alice the clue is the green 3 through her clued green card, a Self-Prompt: a Prompt comes
    # before a Finesse, and a Self-Finesse is read "only if there are no other possibilities" (hanabi.github.io/
    # level-2, The Self-Finesse). She played the green 4 as the green 2 (t13)
    game, bots = replayed("s24x/55", """clue 1 rank 2, clue 2 rank 1, play 10, clue 2 colour 0, play 9, play 11,
        discard 0, clue 0 colour 2, play 13, play 1""")
    assert game.current == BOB and game.fireworks[2] == 1
    assert [card(game, o) for o in game.hands[ALICE]] == ["w3", "y3", "w2", "g4", "w2"]
    d = decide(game, bots)
    assert d.action != RankClue(ALICE, 3), d.explanation
