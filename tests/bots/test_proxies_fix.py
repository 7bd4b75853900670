"""The stand-ins' Fix Clue (H-group level 3, The Fix Clue): the level-3 stand-in gives one when a partner's clued card
would misplay or is trash they read as useful, and reads one as a fix, not a play clue; the level-2 and beginner
stand-ins give and read none (the page is level 3's), and the partner table seats each at its own level.

White stands for the page's purple (the classic deck has no purple)."""

from __future__ import annotations

import pytest

from hanabi_desktop.bots import registry
from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.bots.partners import STAND_INS, stand_in
from hanabi_desktop.bots.proxies import BeginnerProxy
from hanabi_desktop.engine import (
    Card,
    ColourClue,
    Discard,
    Game,
    Play,
    PlayerView,
    RankClue,
)
from hanabi_desktop.engine.cards import bit
from tests.bots.positions import ALICE, BOB, CATHY, position
from tests.bots.test_proxies import CLASSIC, B, R, W, Y, apply, replay, seat_observing

STAND_IN = {2: Level2Proxy, 3: Level3Proxy}


def ids(*cards: str) -> int:
    return sum(bit(CLASSIC.parse_card(c).identity) for c in cards)


def first_example() -> Game:
    # level 3, The Fix Clue: Cathy's white clue touched Bob's white 3 (a mistake) with white 4 played
    return position(["x x x x x", "r4 w3 g4 b4 y4", "g3 y3 b2 r3 g2"], "w4 r1", current=CATHY, clue_tokens=7)


@pytest.mark.parametrize("level", [2, 3])
def test_fix_clue_page_example_fills_in_the_card_its_holder_would_play_as_the_last_useful_one(level) -> None:
    # level 3, The Fix Clue: "Before the clue was given, Bob had an unknown purple card in his hand. Alice knows
    # that from Good Touch Principle, Bob will conclude that the card is a purple 5, and he will likely misplay it
    # on his next turn. Alice clues number 3 to Bob, which "fills in" the purple card and reveals that it is purple
    # 3. Since Bob was about to play this card, Bob knows that this was a Fix Clue and that he can now safely
    # discard the purple 3." The level-2 stand-in does not know the Fix Clue: it gives something else
    game = first_example()
    team = seat_observing(game, STAND_IN[level])
    w3 = game.hands[BOB][1]
    apply(game, team, ColourClue(BOB, W))  # Cathy
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    if level == 2:
        assert d.action != RankClue(BOB, 3) and not d.explanation.startswith("fix clue"), d.explanation
        return
    assert d.action == RankClue(BOB, 3), d.explanation
    assert d.explanation.startswith("fix clue: number 3 to Bob, slot 2 (white 3)")
    apply(game, team, d.action)
    bob = PlayerView.of(game, BOB)
    assert team[BOB].mask(bob, w3) == ids("w3")
    d = team[BOB].decide(bob)
    assert d.action != Play(w3), d.explanation


@pytest.mark.parametrize("level", [2, 3])
def test_fix_clue_that_touches_a_new_card_page_example_is_no_play_clue_on_it(level) -> None:
    # level 3, The Fix Clue (That Touches Multiple Cards): "Bob has an unknown 1 in his hand ... Bob will conclude
    # that his 1 is a green 1 ... Alice clues blue to Bob, which "fills in" the 1 and reveals that it is blue 1. The
    # blue clue also touches a blue card on slot 1 ... Bob marks the blue card on slot 1 as either blue 2, blue 3,
    # blue 4, or blue 5. He then discards the blue 1." Every 1 but the green 1 is played; Alice's number 1 touched
    # Bob's blue 1 (a mistake) and Bob discarded. Two players, as on the page. At level 2 Alice gives no fix, and
    # Bob, given that blue anyway, reads a play clue on the new blue card: the blue 2
    game = position(["x x x x x", "b4 r4 y4 b1 g4"], "r1 y1 b1 w1", clue_tokens=7)
    team = seat_observing(game, STAND_IN[level])
    b4, b1 = game.hands[BOB][0], game.hands[BOB][3]
    apply(game, team, RankClue(BOB, 1))  # Alice
    assert team[BOB].mask(PlayerView.of(game, BOB), b1) == ids("g1")  # about to play it as the green 1
    apply(game, team, Discard(game.hands[BOB][-1]))  # Bob (he draws a red 2, the blue 4 is on slot 2 now)
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert (d.action == ColourClue(BOB, B)) == (level == 3), d.explanation  # the only clue that fills it in
    apply(game, team, ColourClue(BOB, B))
    bob = PlayerView.of(game, BOB)
    assert team[BOB].mask(bob, b1) == ids("b1")
    d = team[BOB].decide(bob)
    if level == 2:
        assert team[BOB].mask(bob, b4) == ids("b2") and d.action == Play(b4), d.explanation
        return
    assert team[BOB].mask(bob, b4) == ids("b2", "b3", "b4", "b5")
    assert d.action not in (Play(b4), Play(b1)), d.explanation


@pytest.mark.parametrize("level", [2, 3])
def test_a_third_player_takes_no_prompt_or_finesse_from_a_fix_clue(level) -> None:
    # level 3: "The only information that a Fix Clue conveys is to fix the violation of Good Touch Principle": the
    # blue fix above (blue 2 played), given to Bob by Cathy, asks Alice for no blue 3 (she blind-plays nothing,
    # though she plays between the giver and Bob: read as a play clue, it would be a Finesse on her), and she
    # reads Bob as he reads himself: no blue card of his to fix. At level 2 it is that Finesse, and she plays
    game = position(["g4 x x x x", "b4 r4 y4 b1 g4", "g3 y3 r3 g2 y2"], "r1 y1 b2 w1", current=CATHY,
                    clue_tokens=6)
    team = seat_observing(game, STAND_IN[level])
    apply(game, team, RankClue(BOB, 1))  # Cathy
    apply(game, team, Discard(game.hands[ALICE][-1]))  # Alice
    apply(game, team, Discard(game.hands[BOB][-1]))  # Bob
    apply(game, team, ColourClue(BOB, B))  # Cathy: the fix
    alice = PlayerView.of(game, ALICE)
    d = team[ALICE].decide(alice)
    if level == 2:
        assert d.action == Play(game.hands[ALICE][0]) and "finesse" in d.explanation, d.explanation
        return
    assert not team[ALICE].marked
    assert d.action != Play(game.hands[ALICE][0]), d.explanation
    assert not d.explanation.startswith("fix clue"), d.explanation


@pytest.mark.parametrize("level", [2, 3])
def test_fix_clue_that_gives_no_additional_information_page_example_makes_the_card_about_to_play_bad(level) -> None:
    # level 3, The Fix Clue (That Gives No Additional Information): "Alice clues Bob number 1 ... Alice clues Bob
    # number 1 again, and all the clue does is re-touch the remaining 1. Since Bob was going to play the 1 already
    # without Alice doing anything, the clue must have some other meaning. Thus, it is a Fix Clue: the remaining 1
    # is bad, and Bob can safely discard it." Bob's 1 is a red 1 (red 1 and yellow 1 played), clued by Cathy. At
    # level 2 the repeat is a Tempo Clue: he still reads a playable 1
    game = position(["x x x x x", "r4 y4 g4 r1 b4", "g3 y3 b2 r3 g2"], "r1 y1", current=CATHY, clue_tokens=7)
    team = seat_observing(game, STAND_IN[level])
    r1 = game.hands[BOB][3]
    apply(game, team, RankClue(BOB, 1))  # Cathy
    assert team[BOB].mask(PlayerView.of(game, BOB), r1) == ids("g1", "b1", "w1")  # he would play it
    apply(game, team, RankClue(BOB, 1))  # Alice: number 1 again
    bob = PlayerView.of(game, BOB)
    if level == 2:
        assert team[BOB].mask(bob, r1) == ids("g1", "b1", "w1")
        return
    d = team[BOB].decide(bob)
    assert d.action != Play(r1), d.explanation
    assert not team[BOB].mask(bob, r1) & ~bob.trash_mask()  # bad: a copy of a 1 played


@pytest.mark.parametrize("level", [2, 3])
def test_fix_clue_on_a_copy_of_a_card_played_that_its_holder_reads_as_useful(level) -> None:
    # level 3, The Fix Clue: "violations of Good Touch Principle should be fixed as soon as possible, regardless
    # of whether the misplay happens immediately or not". Bob's 2 (number 2 from Cathy, who could not see her own
    # red 2) is the copy of the red 2 Cathy then played: trash, which Bob reads as any useful 2. Alice, who sees
    # both, fixes it at once with red (it touches no other card), before a play of hers; at level 2 she does not
    game = position(["x x x x x", "y4 g4 r2 b4 w4", "r2 y2 b3 g3 w3"], "r1 y1 g1 b1", current=CATHY, clue_tokens=7)
    team = seat_observing(game, STAND_IN[level])
    bobs, cathys = game.hands[BOB][2], game.hands[CATHY][0]
    apply(game, team, RankClue(BOB, 2))  # Cathy
    apply(game, team, ColourClue(CATHY, R))  # Alice: a play clue on Cathy's red 2
    apply(game, team, ColourClue(CATHY, Y))  # Bob: a play clue on Cathy's yellow 2
    apply(game, team, Play(cathys))  # Cathy: red 2
    assert game.fireworks[R] == 2
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    if level == 2:
        assert d.action != ColourClue(BOB, R) and not d.explanation.startswith("fix clue"), d.explanation
        return
    assert d.action == ColourClue(BOB, R), d.explanation
    apply(game, team, d.action)
    assert team[BOB].mask(PlayerView.of(game, BOB), bobs) == ids("r2")


@pytest.mark.parametrize("level", ["beginner", "1", "2", "3"])
@pytest.mark.parametrize("habit", ["careful", "late-prompt"])
def test_the_partner_table_seats_the_stand_in_of_its_level(level, habit) -> None:
    # the Fix Clue is level 3's: the table's stand-in gives the first example's fix in the level-3 cells only (the
    # level-2 bot reads no fix; before, the level-2 cells seated a stand-in that gave them), habits or not
    name = stand_in(level, habit)
    game = first_example()
    team = [registry.create(name, s, game.players, game.variant, f"test/{s}") for s in range(game.players)]
    for s, bot in enumerate(team):
        bot.observe(PlayerView.of(game, s))
    apply(game, team, ColourClue(BOB, W))  # Cathy
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.explanation.startswith("fix clue") == (level == "3"), (name, d.explanation)
    assert isinstance(team[ALICE], Level3Proxy) == (level == "3")
    assert habit in STAND_INS and name.startswith({"3": "level3-proxy", "2": "level2-proxy"}.get(level, "beginner"))


def test_the_beginner_gives_no_fix_clue() -> None:
    # the Fix Clue is taught at level 3: the beginner's stand-in does not give one (the first example's position)
    game = position(["x x x x x", "r4 w3 g4 b4 y4", "g3 y3 b2 r3 g2"], "w4 r1", current=CATHY, clue_tokens=7)
    team = seat_observing(game, BeginnerProxy)
    apply(game, team, ColourClue(BOB, W))  # Cathy
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert not d.explanation.startswith("fix clue"), d.explanation
    assert Card(W, 3) == game.deck[game.hands[BOB][1]]


def test_no_fix_a_reader_would_misread_when_only_the_conventions_make_the_card_playable() -> None:
    # deal h31/63 (the level-3 stand-in, then level2-proxy, with two level-3 bots, their first 21 moves): Cathy's
    # white 3 on her chop was clued by my number 3 stall on turn 7, with the white 1 and white 4 unclued; by its
    # clues it may be a 3 that does not play. White would fill it in but also touch her new white 1 and her chop's
    # white 4: a reader who does not take it as a fix plays the white 4 as the white 1 (she did, turn 24). The
    # page's blue clue is for a card anyone sees about to play; this one I do not give.
    game, team = replay("h31/63", Level3Proxy, ("clue 1 colour 2", "play 8", "clue 1 colour 0", "discard 0", "play 15",
                                                "discard 10", "clue 2 rank 3", "play 17", "clue 0 colour 1",
                                                "discard 1", "play 19", "clue 1 colour 2", "play 16", "play 21",
                                                "clue 0 rank 5", "clue 1 colour 1", "clue 0 colour 3", "play 18",
                                                "discard 20", "play 7", "discard 12"))
    assert [CLASSIC.card_text(game.deck[o]) for o in game.hands[CATHY]] == ["w1", "y1", "w4", "g3", "w3"]
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.action != ColourClue(CATHY, W), d.explanation
