"""The bot as the receiver of a clue whose focus it cannot see, when the clue prompts a partner's clued card: the
prompt is as certain as the receiver's own reading of its focus (issue 31, deal h31/292, 5-player self-play)."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, RankClue
from tests.bots.positions import BOB, CATHY, DONALD, decide, reading, replayed, slot

# Deal h31/292 (level 3, 5 players), the turns as the bots played them before the prompt below was lost
MOVES = ("clue 4 rank 1,clue 0 rank 5,clue 3 rank 2,clue 2 rank 5,play 17,clue 4 colour 1,discard 4,clue 1 colour 4,"
         "clue 1 colour 1,play 18,clue 4 rank 1,discard 6,discard 8,discard 12,play 20,clue 2 colour 0,play 5,"
         "clue 3 colour 2,play 25,play 22,clue 4 colour 0")


def test_a_prompt_every_reading_of_my_focus_needs_is_kept() -> None:
    # Turn 8: blue 1 played, Emily holds a clued 1 (the white 1), Donald a clued 2 (the white 2). Cathy clues white
    # on Bob's new white 3. Bob cannot see it, but he sees Emily's white 1 and Donald's white 2 clued: by good touch
    # it is neither, so it is the white 3, through both (the Prompt: Donald plays his 2 as the white 2). Every
    # reading Bob has of his focus makes that prompt, so he knows it as Donald and the others do
    game, bots = replayed("h31/292", MOVES.split(",clue 1 colour 1")[0], level=3, players=5)
    white3, white2 = slot(game, BOB, 1), slot(game, DONALD, 3)
    assert [game.variant.card_text(game.deck[o]) for o in (white3, white2)] == ["w3", "w2"]
    assert reading(game, bots[BOB], white3) == {"w3"}
    assert bots[BOB].notes.conv.get(white2) == 1 << game.deck[white2].identity
    assert white2 in bots[BOB].notes.prompt_for


def test_no_fix_clue_from_a_prompt_left_out() -> None:
    # Turn 22 of the same deal: with Donald's 2 left unread, Bob's notes went apart from everyone's (he read later
    # clues through a white 2 he did not count) and he spent the last clue on a fix clue to Cathy's red 3, read
    # rightly by her as the red 3 behind Emily's finessed red 2
    game, bots = replayed("h31/292", MOVES, level=3, players=5)
    assert game.current == BOB and game.clue_tokens == 1
    red3 = slot(game, CATHY, 2)
    assert game.variant.card_text(game.deck[red3]) == "r3"
    d = decide(game, bots)
    assert not (isinstance(d.action, ColourClue | RankClue) and d.action.target == CATHY), d.explanation


def test_my_focus_is_not_a_copy_of_my_card_i_know() -> None:
    # Deal h31/53 t1-15 (level 3, 5 players): Bob's 2 Save is the green 2 (he reads it so), green 1 is played.
    # Emily clues green on Bob's new green 4 and nothing else. By good touch (Emily sees his green 2) it is no
    # green 2: it is the green 4 or 5, through his green 2 and Cathy's clued 3 as the green 3, a prompt each
    # reading makes (with the green 2 kept as a reading, Bob took the prompt as unsure)
    game, bots = replayed("h31/53", "clue 1 rank 2,clue 2 rank 2,clue 3 rank 5,clue 0 rank 1,clue 1 rank 1,play 0,"
                          "play 6,discard 8,clue 4 colour 1,play 18,play 2,play 7,clue 0 rank 2,clue 2 rank 3,"
                          "clue 1 colour 2", level=3, players=5)
    green4, green2, green3 = slot(game, BOB, 1), slot(game, BOB, 4), slot(game, CATHY, 2)
    assert [game.variant.card_text(game.deck[o]) for o in (green4, green2, green3)] == ["g4", "g2", "g3"]
    assert reading(game, bots[BOB], green2) == {"g2"}
    assert reading(game, bots[BOB], green4) <= {"g4", "g5"}
    assert bots[BOB].notes.conv.get(green3) == 1 << game.deck[green3].identity
    assert green3 in bots[BOB].notes.prompt_for
