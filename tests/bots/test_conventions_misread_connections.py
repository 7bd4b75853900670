"""A clued card counts for a clue's connections only as what it will play as: a card whose reading a strike reset
keeps only what the clues say, not good touch again, nor a card we see is not what everyone reads it as (its holder
misplays it); a clued card of mine I hold defensively, which the guide reads as one I play anyway, is no prompt's
card. Deals: level 2, 3 players, the stand-in's moves replayed as it made them; each bot reads them as in the game."""

from __future__ import annotations

from hanabi_desktop.engine import Game, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY, decide, replayed, slot


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_a_trash_2_save_s_other_2_reset_by_the_strike_is_no_blue_2_to_wait_for() -> None:
    # Deal s24x/124 t28-41 (stand-in first): Alice's 2 Save touched Bob's yellow 2 and his chop white 2, both
    # already played; Bob played the white 2 as the blue 2 (the only useful 2) and struck. The strike resets the
    # other 2 to what its clues say. Cathy, who sees it is the yellow 2, clued 3 on Alice's blue 3 as "a delayed
    # play clue ... after cards already clued or called": through that 2 read as the blue 2 again. Alice read
    # the white 3 and struck
    game, bots = replayed("s24x/124", """clue 2 rank 1, clue 0 rank 5, play 10, clue 2 colour 0, clue 0 rank 2,
        play 11, play 4, clue 2 rank 5, play 12, clue 1 rank 1, play 7, discard 13, clue 2 rank 3, discard 5,
        play 18, clue 1 rank 1, play 21, discard 14, clue 1 colour 2, play 8, clue 0 colour 4, play 3,
        clue 2 colour 3, play 22, discard 1, clue 0 colour 2, discard 16, clue 1 rank 2, play 6, discard 20,
        play 17, clue 2 rank 4, play 24, play 0, clue 2 colour 1, play 31, discard 2, discard 9""")
    assert game.strikes == 1 and game.current == CATHY
    two, three = slot(game, BOB, 5), slot(game, ALICE, 3)
    assert (card(game, two), card(game, three)) == ("y2", "b3")
    blue2 = 1 << game.deck[three].identity >> 1
    for seat in range(3):
        view = PlayerView.of(game, seat)
        knowledge = dict(view.knowledge)  # as a clue's reading counts the board (`read_clue`)
        assert not bots[seat].notes.board(view, knowledge=knowledge).queued & blue2
    d = decide(game, bots)
    assert not (isinstance(d.action, RankClue) and d.action.target == ALICE and d.action.rank == 3), d.explanation


def test_a_2_save_i_see_is_trash_is_no_yellow_2_to_wait_for() -> None:
    # Deal s24x/147 t39-51 (stand-in last): Cathy's 2 Save on Alice's chop green 2 (green 4 played), which
    # everyone reads as the yellow 2, the one 2 still useful. Bob, who sees the green 2, clued 4 on Cathy's
    # yellow 4 as a delayed play clue through it and her clued yellow 3; Cathy, who sees it too, blind-played
    # for the yellow 2 and struck out
    game, bots = replayed("s24x/147", """clue 1 rank 1, clue 2 rank 2, clue 0 colour 2, clue 2 colour 0, play 6,
        clue 0 rank 5, clue 1 colour 3, play 8, play 13, play 4, play 15, play 10, clue 1 rank 2, play 9,
        clue 0 colour 4, discard 1, play 16, clue 0 rank 2, play 22, discard 5, discard 11, play 18,
        clue 2 rank 3, play 12, clue 2 colour 1, discard 19, play 14, clue 1 colour 2, play 29, discard 17,
        clue 1 rank 4, play 21, discard 26, discard 2, clue 0 rank 4, clue 0 rank 5, play 3, discard 23,
        clue 0 rank 2, play 35, discard 25, clue 1 rank 5, discard 36, play 7, discard 28, discard 38,
        clue 0 rank 5, clue 0 rank 2, discard 43""")
    assert game.strikes == 2 and game.current == BOB
    two, four = slot(game, ALICE, 2), slot(game, CATHY, 4)
    assert (card(game, two), card(game, four)) == ("g2", "y4")
    view = PlayerView.of(game, BOB)
    yellow2 = 1 << (game.deck[four].identity - 2)
    assert bots[BOB].notes.public_mask(view, two, view.trash_mask()) == yellow2  # everyone reads the yellow 2
    assert not bots[BOB].notes.board(view).queued & yellow2  # Bob sees it is not
    # Cathy sees it too: a clue from Alice would not wait for it either; Alice, who cannot see it, counts it
    cathy = PlayerView.of(game, CATHY)
    assert not bots[CATHY].notes.board(cathy, giver=BOB).queued & yellow2
    assert bots[CATHY].notes.board(cathy, giver=ALICE).queued & yellow2
    d = decide(game, bots)
    assert not (isinstance(d.action, RankClue) and d.action.target == CATHY and d.action.rank == 4), d.explanation


def test_a_prompt_skips_the_2_save_i_hold_defensively_as_its_giver_reads_it_played_anyway() -> None:
    # Deal s24x/285 t24-37 (stand-in last): Cathy's 2 Saves touched trash twice (Bob struck on the first), so
    # Alice holds her own 2 Save from Cathy on slot 3 (the yellow 2, already played), which the guide reads as
    # the red 2 or white 2, both playable. Bob's 3 on Cathy's red 3 prompts the red 2: to Bob, Alice plays slot
    # 3 anyway ("if the player was already going to play the card, it isn't a Prompt", level 1), so he means her
    # other clued 2, slot 5, the red 2. Alice took the prompt on slot 3 and struck
    game, bots = replayed("s24x/285", """clue 2 rank 1, clue 0 rank 2, play 10, clue 2 colour 1, clue 2 colour 2,
        play 13, clue 1 colour 1, clue 0 rank 5, play 14, clue 1 rank 2, discard 6, play 15, clue 2 rank 3,
        play 9, play 12, discard 1, play 5, clue 0 colour 4, play 22, play 8, play 17, discard 2, discard 18,
        clue 1 rank 2, discard 4, play 20, clue 0 rank 2, discard 27, discard 23, discard 11, clue 2 colour 2,
        clue 2 rank 4, play 33, clue 2 colour 2, clue 2 rank 3, play 26""")
    assert game.strikes == 1 and game.current == ALICE
    held, red2 = slot(game, ALICE, 3), slot(game, ALICE, 5)
    assert (card(game, held), card(game, red2)) == ("y2", "r2")
    d = decide(game, bots)
    assert d.action == Play(red2), d.explanation


def test_a_clued_4_i_hold_defensively_read_as_the_white_4_is_no_finesse_on_me_for_it() -> None:
    # Deal h31/91 t57-59 (the misplay-habit level-2 stand-in first): Bob holds his clued 4 (slot 5, the white 4)
    # defensively, but every giver reads it as the white 4. Cathy's white on Alice's known white 5 is a stall
    # (her explanation); Bob read it as a finesse on him for the white 4 and blind-played his red 2: the third strike
    game, bots = replayed("h31/91", """clue 2 rank 1, clue 0 colour 3, play 11, play 3, clue 2 rank 2, play 13,
        discard 0, clue 0 rank 4, clue 0 colour 3, play 18, clue 2 rank 2, play 14, discard 4, clue 0 rank 5,
        discard 12, clue 1 rank 4, discard 6, play 22, clue 2 colour 4, discard 7, play 24, clue 1 colour 3,
        play 25, play 10, play 1, clue 2 colour 4, play 28, play 16, clue 2 rank 4, discard 17, clue 2 colour 1,
        discard 8, play 32, discard 29, clue 0 colour 3, play 30, play 19, clue 2 colour 2, play 36, discard 31,
        clue 0 rank 2, play 15, discard 37, clue 0 rank 5, clue 0 colour 4, play 39, clue 0 colour 0,
        clue 0 colour 0, play 35, discard 9, clue 0 colour 0, discard 41, clue 2 rank 5, discard 20, discard 42,
        clue 2 rank 5, clue 0 colour 4, discard 45""")
    assert game.strikes == 2 and game.current == BOB
    four, fp = slot(game, BOB, 5), slot(game, BOB, 1)
    assert (card(game, four), card(game, fp)) == ("w4", "r2")
    assert bots[BOB].notes.trusted.get(four) == 1 << game.deck[four].identity  # held defensively, read as it is
    d = decide(game, bots)
    assert d.action != Play(fp), d.explanation
