"""The review's list of moves that broke the conventions (issue 30): the rule's name, what went wrong and the
partner's move, judged from the mover's own view."""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import RULES
from hanabi_desktop.engine import Discard, GameRecord, Play, RankClue
from hanabi_desktop.engine.records import TableFacts
from hanabi_desktop.review.conventions import broken_conventions, people
from tests.engine.helpers import stacked_game, texts


def test_a_discard_while_the_next_players_chop_holds_a_5_is_a_missed_save() -> None:
    # The Chop and the 5 Save: Alice's play clue gives Bob a play (his chop, a 5, can wait); Bob plays his red 1;
    # now his chop (slot 5) is the 5 and he knows no play: Alice discards instead of the 5 clue the partner
    # gives there
    game = stacked_game("r4 g4 b4 w4 y4 r5 b3 g3 r1 w2 y3")  # a hand is dealt slot 5 first
    assert texts(game, game.hands[1]) == ["w2", "r1", "g3", "b3", "r5"]
    game.apply(RankClue(1, 1))
    game.apply(Play(game.hands[1][1]))
    game.apply(Discard(game.hands[0][4]))
    broken = broken_conventions(GameRecord.of(game))
    assert len(broken) == 1
    b = broken[0]
    assert (b.turn, b.seat, b.rule) == (2, 0, RULES["lost"])
    assert b.what == "discarded while P1's chop, slot 5, held red 5, which needed a save clue"
    assert b.instead == RankClue(1, 5)
    assert "5 Save" in b.why


def test_a_clue_on_trash_and_a_save_given_are_judged_apart() -> None:
    # Alice gives the 5 Save (nothing broken); Bob answers with a 4 clue to Alice on her four 4s (not her chop,
    # a yellow 3): no play or save reading at the beginner's level (three cards are missing), the Minimum Clue
    # Value Principle
    game = stacked_game("r4 g4 b4 w4 y3 r5 b3 g3 y3 w2")
    game.apply(RankClue(1, 5))
    game.apply(RankClue(0, 4))
    broken = broken_conventions(GameRecord.of(game))
    assert [(b.seat, b.rule) for b in broken] == [(1, RULES["nothing"])]
    assert broken[0].instead != RankClue(0, 4)


def test_only_the_seats_asked_for_are_judged() -> None:
    game = stacked_game("r4 g4 b4 w4 y4 r5 b3 g3 r1 w2 y3")
    game.apply(RankClue(1, 1))
    game.apply(Play(game.hands[1][1]))
    game.apply(Discard(game.hands[0][4]))
    assert len(broken_conventions(GameRecord.of(game), seats=[0])) == 1
    assert broken_conventions(GameRecord.of(game), seats=[1]) == ()


def test_a_play_the_partner_would_make_too_is_never_listed() -> None:
    # Bob clues Alice's red 1 (Alice's first clue, a play clue on Bob's red 1, and his both fine); she plays it:
    # what the partner does, nothing to list
    game = stacked_game("g4 b4 w4 r1 y4 g3 b3 g2 r1 w2")
    game.apply(RankClue(1, 1))
    game.apply(RankClue(0, 1))
    game.apply(Play(game.hands[0][1]))
    assert broken_conventions(GameRecord.of(game)) == ()


def test_a_record_that_says_who_was_a_person_is_judged_for_the_people_only() -> None:
    # the record's table facts: P0 a person, P1 a bot; the same broken move is listed for P0 only when P0 is
    # the person, and for nobody when the record says P0 was a bot
    game = stacked_game("r4 g4 b4 w4 y4 r5 b3 g3 r1 w2 y3")
    game.apply(RankClue(1, 1))
    game.apply(Play(game.hands[1][1]))
    game.apply(Discard(game.hands[0][4]))
    record = GameRecord.of(game)
    record.table = TableFacts(("", "conventions"))
    assert people(record) == {0}
    assert [b.seat for b in broken_conventions(record)] == [0]
    record.table = TableFacts(("conventions", ""))
    assert broken_conventions(record) == ()


def test_a_discard_or_a_clue_while_my_finesse_can_play_leaves_the_finesse_waiting() -> None:
    # Deal final7/54 (level 3, 5 players) at turn 21: Alice's slot 3 is the yellow 2 Emily's finesse called, and
    # her yellow 1 is played. A discard there, or the yellow re-clue to Donald, is listed under The Finesse; the
    # partner blind-plays slot 3
    from hanabi_desktop.engine import ColourClue
    from tests.bots.positions import replayed, slot
    from tests.bots.test_clue_preview import FINAL7_54

    for move in ("discard", "clue"):
        game, _bots = replayed("final7/54", FINAL7_54, level=3, players=5)
        called = slot(game, 0, 3)
        game.apply(Discard(slot(game, 0, 4)) if move == "discard" else ColourClue(3, 1))
        broken = [b for b in broken_conventions(GameRecord.of(game), bot="conventions@3", seats=[0]) if b.turn == 20]
        assert [b.rule for b in broken] == [RULES["finesse"]], broken
        said = ("discarded while your slot 3 was called" if move == "discard" else "Your slot 3 was called")
        assert broken[0].what.startswith(said), broken[0].what
        assert "(y2, so that Player 4's yellow 3 plays)" in broken[0].what
        assert broken[0].instead == Play(called)


def test_playing_a_card_known_to_play_before_the_blind_play_is_not_listed() -> None:
    # Alice's green on Cathy's green 1 is a play clue; Bob's blue on Alice's blue 1 (slot 2) another; Cathy's red
    # on Bob's red 2 calls Alice's red 1 on her finesse position. Alice plays the blue 1 first, a card she knows
    # plays: the blind play may come next turn (the partner would blind-play first). A discard there is listed, and
    # so is a play of her slot 3, a card not known to play
    from hanabi_desktop.engine import ColourClue
    from tests.bots.positions import position

    for move, listed in (("play", False), ("play 3", True), ("discard", True)):
        game = position(["r1 b1 g4 w4 y4", "y3 r2 g3 b3 w3", "g1 b2 y2 w2 r3"])
        game.apply(ColourClue(2, game.variant.colour_names.index("green")))
        game.apply(ColourClue(0, game.variant.colour_names.index("blue")))
        game.apply(ColourClue(1, game.variant.colour_names.index("red")))
        mine = game.hands[0]
        game.apply({"play": Play(mine[1]), "play 3": Play(mine[2]), "discard": Discard(mine[4])}[move])
        broken = [b.rule for b in broken_conventions(GameRecord.of(game), seats=[0]) if b.turn == 3]
        assert (RULES["finesse"] in broken) == listed, (move, broken)
