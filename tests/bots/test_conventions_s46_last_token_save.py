"""The last clue token goes to a later player's chop that must be saved when every player before them will play:
with no token left they play (a known play, a blind play or a prompt the clue calls), no discard brings a token back
before that chop is discarded, and the card is lost for good. Deals from level-3 self-play at 5 players (seed
final7, session 45's runs), where a card that had to be saved was thrown at 0 tokens after the last token went to
another clue 62 times in 500 games (48 at 4 players, 22 at 3)."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Game, PlayerView, RankClue
from tests.bots.positions import BOB, CATHY, decide, replayed, slot
from tests.bots.test_clue_preview import FINAL7_54

# Deal final7/4 up to turn 33: Bob's chop (slot 4) is the blue 3, the other one thrown; Cathy holds the last token
FINAL7_4 = """clue 1 rank 2, clue 3 rank 1, clue 4 colour 4, clue 4 rank 2, clue 2 rank 1, clue 1 colour 4, play 7, play 10,
    play 14, play 17, clue 2 rank 1, play 5, play 21, play 15, play 16, clue 3 colour 4, play 4, discard 8, play 26,
    clue 1 colour 4, discard 0, play 28, clue 3 colour 2, play 30, clue 3 colour 0, discard 1, clue 4 colour 1,
    discard 9, play 12, clue 3 colour 0, play 34, discard 6"""


def card(game: Game, order: int) -> str:
    return game.variant.card_text(game.deck[order])


def test_the_last_token_saves_a_later_chop_when_everyone_before_it_plays() -> None:
    # Turn 33: Cathy gave blue to Alice's blue 2 with the last token; Donald, Emily and Alice then played, and Bob
    # threw the blue 3 (20 points in the end). She saves it; her play clue can wait
    game, bots = replayed("final7/4", FINAL7_4, level=3, players=5)
    chop = slot(game, BOB, 4)
    assert game.current == CATHY and game.clue_tokens == 1 and card(game, chop) == "b3"
    d = decide(game, bots)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == BOB
    assert chop in game.touched_by(BOB, d.action)
    assert "(the last clue token: everyone before Player 2 will play, so nobody gets one back in time)" in \
        d.explanation, d.explanation


def test_a_finesse_on_the_players_before_it_counts_as_their_play() -> None:
    # Turn 22 of deal final7/54: Bob's green to Alice called Cathy's green 1 (a finesse) with the last token; Cathy
    # blind-played it, Donald played, and Emily threw the green 4, the last copy (23 points). Bob saves it
    game, bots = replayed("final7/54", FINAL7_54 + ", play 3", level=3, players=5)
    emily = 4
    chop = slot(game, emily, 4)
    assert game.current == BOB and game.clue_tokens == 1 and card(game, chop) == "g4"
    d = decide(game, bots)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == emily
    assert chop in game.touched_by(emily, d.action)


def test_no_forced_save_when_the_clue_itself_goes_to_that_player() -> None:
    game, bots = replayed("final7/4", FINAL7_4, level=3, players=5)
    cathy = bots[CATHY]
    view = PlayerView.of(game, CATHY)
    b = cathy.notes.board(view)
    assert cathy.last_token_save(view, b, RankClue(BOB, 3)) is None
    assert cathy.last_token_save(view, b, ColourClue(0, game.variant.colour_names.index("blue"))) is not None
