"""A card an earlier clue prompted is, to its holder, the card it was prompted as (issue 31, level 3).

"It is the responsibility of the player giving the clue to ensure that all those previous cards will play
successfully" (the Prompt, hanabi.github.io/beginner). A prompt goes to the prompted player's leftmost clued card
that may be the card; a clued card an earlier clue already prompted as another card is not "may be" to its holder.
When that earlier clue's focus is the giver's own card, the giver cannot tell which card its holder took the
earlier prompt for, so a second prompt through it may land on the next card: not a clue to give.
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import PlayerView, parse_action
from tests.bots.positions import BOB, CATHY, EMILY, decide, reading, replayed, slot

# deal h31/255 (5 players, level 3): at turn 21 Alice's 4 on Cathy's green 4 (green 1 clued on Bob, green 3 on
# Donald's finesse position) prompts Emily's clued 2s, her white 2 (slot 3) and green 2 (slot 4); Emily reads
# slot 3 as the green 2. Turn 22 Bob saves Cathy's 5; turn 23 is Cathy's.
MOVES = ("clue 2 rank 1, clue 3 rank 1, play 8, clue 4 rank 2, clue 2 colour 1, clue 4 colour 1, clue 0 rank 2, "
         "play 9, play 12, play 17, clue 1 colour 3, discard 6, play 11, clue 4 rank 5, discard 19, play 3, "
         "discard 4, clue 1 colour 2, play 13, discard 26, clue 2 rank 4, clue 2 rank 5")
DOUBLE_PROMPT = "clue 0 rank 4"  # 4 on Alice's white 4, for Emily's white 2 (slot 3) and Bob's white 3


def test_emily_takes_her_leftmost_2_for_the_green_2_and_cathy_cannot_tell() -> None:
    game, bots = replayed("h31/255", MOVES, level=3, players=5)
    w2, g2 = slot(game, EMILY, 3), slot(game, EMILY, 4)
    assert (game.deck[w2], game.deck[g2]) == (game.variant.parse_card("w2"), game.variant.parse_card("g2"))
    assert reading(game, bots[EMILY], w2) == {"g2"}  # the prompt for her green 2: she sees Cathy's green 4
    # Cathy cannot see her 4, the green or the white 4: to her Emily's slot 3 is prompted as the green or white 2
    assert bin(bots[CATHY].notes.conv[w2]).count("1") == 2


def test_cathy_does_not_prompt_the_white_2_through_it() -> None:
    # before: Cathy gave 4 on Alice's white 4 "double prompt: Player 5 should play clued slot 3 (white 2)", and
    # Emily, whose slot 3 was the green 2 to her, played slot 4 for the white 2: the green 2, a strike
    game, bots = replayed("h31/255", MOVES, level=3, players=5)
    assert game.current == CATHY
    d = decide(game, bots)
    assert d.action != parse_action(DOUBLE_PROMPT), d.explanation


def test_emily_reads_that_clue_on_her_slot_4() -> None:
    # the clue itself, were it given, is read by the guide: Emily's prompt for the white 2 goes past her green 2
    game, bots = replayed("h31/255", MOVES + ", " + DOUBLE_PROMPT, level=3, players=5)
    assert reading(game, bots[EMILY], slot(game, EMILY, 4)) == {"w2"}


def test_the_preview_warns_a_learner_in_cathys_seat() -> None:
    # "Before you give a clue": the preview reads from the giver's seat with the same model; it used to promise
    # "Player 5 will play clued slot 3 (prompt), then Player 2 ... so that Player 1's white 4 plays"
    game, bots = replayed("h31/255", MOVES, level=3, players=5)
    preview = preview_clue(PlayerView.of(game, CATHY), bots[CATHY].notes, parse_action(DOUBLE_PROMPT))
    assert preview.worst is not None and preview.worst.kind == "misplay", str(preview)
    assert "prompt" not in preview.line
    # and it names the misplay that comes first, Emily's (test_emily_reads_that_clue_on_her_slot_4), not only the
    # receiver's: her slot 3 may be the green 2 to her, and then the prompt for the white 2 falls on her slot 4
    assert preview.worst.text.startswith("Player 5 took clued slot 3 for g2 w2 at an earlier prompt"), str(preview)
    assert "clued slot 4, green 2: Player 5 would strike" in preview.worst.text


def test_the_preview_names_no_such_prompt_where_the_giver_sees_the_card_meant() -> None:
    # the same clue from Bob's seat: he sees Emily's 2s and Cathy's green 4, and (unlike Cathy) can tell Emily's
    # slot 3 was prompted as the green 2; no warning about a prompt passing a card he cannot see
    game, bots = replayed("h31/255", MOVES, level=3, players=5)
    view = PlayerView.of(game, BOB)
    assert bin(bots[BOB].notes.conv[slot(game, EMILY, 3)]).count("1") == 1
    preview = preview_clue(view, bots[BOB].notes, parse_action(DOUBLE_PROMPT))
    assert not any("earlier prompt" in w.text for w in preview.warnings), str(preview)
