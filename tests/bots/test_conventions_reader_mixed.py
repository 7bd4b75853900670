"""The bot as a clue's reader, in the mixed-team deals of seed s24x where it misread a clue given as the guide says
(issue 31): each test replays the deal's turns (the stand-in's as it made them) with conventions bots in every seat."""

from __future__ import annotations

from hanabi_desktop.engine import ColourClue, Play, RankClue, parse_action
from hanabi_desktop.engine.masks import touches
from tests.bots.positions import ALICE, BOB, CATHY, act, decide, reading, replayed, slot


def test_a_prompt_only_some_readings_of_my_focus_make_is_not_public() -> None:
    # Deal s24x/112 t13-17 (level 3, the careful stand-in first): Alice clues 3 on Bob's green 3 (green is at 2:
    # a direct play clue). Bob cannot see it: it may be the blue 3 through Cathy's clued 1 and clued 2 (the blue
    # 1 and blue 2), or the white 3 through her other 2. Cathy sees the green 3 and knows no prompt is meant;
    # Bob had written her 2 down as the blue 2 for everyone. Alice then played her own clued 2, the other blue 2:
    # Cathy's is a copy now, but Bob, taking it as known trash to her, fixed nothing, and she misplayed it
    game, bots = replayed("s24x/112", "clue 2 rank 1, clue 2 rank 2, clue 0 rank 2, clue 1 rank 1, play 6, play 10,"
                        "clue 2 rank 5, play 7, play 12, clue 1 rank 2, play 15, clue 0 colour 2, clue 1 rank 3", level=3)
    blue2 = slot(game, CATHY, 5)
    assert game.variant.card_text(game.deck[blue2]) == "b2"
    assert blue2 not in bots[BOB].notes.prompt_for
    assert bots[BOB].notes.conv.get(blue2) != 1 << game.deck[blue2].identity
    for text in ("discard 5", "play 13", "play 0"):  # Alice's clued 2 is the other blue 2
        act(game, bots, parse_action(text))
    assert game.fireworks[3] == 2 and game.current == BOB
    d = decide(game, bots)
    assert isinstance(d.action, ColourClue | RankClue) and d.action.target == CATHY, d.explanation
    assert touches(game.variant, d.action, game.deck[blue2]), d.explanation  # a fix clue on her blue 2


def test_a_self_prompt_past_a_partner_clued_card_that_sees_mine() -> None:
    # Deal s24x/64 t1-8 (level 2, the careful stand-in last): white 1 and green 1 played or clued, Alice holds a
    # clued 2 (the white 2); Cathy's clued 2 is the blue 2, not green (a green clue missed it). Bob clues 3 on
    # Alice's chop, the white 3, and her green 3. Alice read it as the green 3 only, through her 2 as the green 2:
    # the white 3 would have prompted Cathy's 2 first, and she sees that is no white 2. But if Alice's 2 is the
    # white 2, Cathy sees it and is not prompted. Alice's other 3, read as no green 3, misplayed later
    game, bots = replayed("s24x/64", "clue 2 rank 1,clue 2 rank 2,play 10,clue 2 colour 2,clue 0 rank 2,play 14,"
                        "clue 1 rank 2,clue 0 rank 3", level=2)
    white3, green3, white2 = slot(game, ALICE, 5), slot(game, ALICE, 3), slot(game, ALICE, 2)
    assert [game.variant.card_text(game.deck[o]) for o in (white3, green3, white2)] == ["w3", "g3", "w2"]
    assert game.fireworks[4] == 1
    assert "w3" in reading(game, bots[ALICE], white3)
    assert "g3" in reading(game, bots[ALICE], green3)
    assert "w2" in reading(game, bots[ALICE], white2)


def test_a_self_prompt_is_off_once_a_clue_shows_its_focus_is_another_card() -> None:
    # Deal s24x/239 t21-23 (level 2, the late-prompt stand-in first): green 1 and yellow 1 played, Bob holds a
    # clued yellow card (the yellow 4) and the green 2 on his finesse position. Cathy clues 3 on his green 3 (a
    # self-finesse); Bob reads the yellow 3 through his yellow card as the yellow 2 (prompts first). Alice then
    # clues green on his green 2 and the 3: the 3 is the green 3, so his yellow card is not prompted. He played
    # it as the yellow 2 all the same
    game, bots = replayed("s24x/239", "clue 2 colour 3,clue 0 colour 0,play 13,play 4,clue 2 rank 2,clue 1 colour 0,"
                        "play 1,play 8,clue 1 colour 1,clue 2 colour 0,play 18,play 11,clue 2 rank 1,clue 0 rank 5,"
                        "play 15,discard 0,discard 5,discard 12,clue 2 rank 4,discard 6,clue 1 rank 3", level=2)
    three, yellow = slot(game, BOB, 3), slot(game, BOB, 4)
    assert [game.variant.card_text(game.deck[o]) for o in (three, yellow)] == ["g3", "y4"]
    act(game, bots, parse_action("clue 1 colour 2"))
    assert reading(game, bots[BOB], three) == {"g3"}
    assert reading(game, bots[BOB], yellow) != {"y2"}
    d = decide(game, bots)
    assert d.action != Play(yellow), d.explanation


def test_no_self_prompt_for_a_reading_of_my_focus_i_rule_out() -> None:
    # Deal h31/437 t33-35 (level 3 self-play): Cathy clues 5 on Bob's yellow 5. Alice's clued 5 is the blue 5, so
    # Bob reads his 5 as the yellow or white 5 (through his clued 4, the yellow 4). The blue 5 would have waited for
    # his clued 3 as the blue 3 (a self-prompt, Alice's clued blue 4 after it): a reading he rules out, so his 3, the
    # red 3, is not the blue 3 (it misplayed so once a self-prompt could pass a partner's clued card)
    game, bots = replayed("h31/437", "clue 1 rank 1,clue 2 rank 2,clue 0 rank 5,discard 0,play 5,clue 0 colour 3,"
                        "play 15,play 7,discard 13,discard 1,discard 6,clue 0 rank 2,discard 3,clue 2 colour 1,play 10,"
                        "clue 1 colour 1,play 21,clue 1 colour 2,clue 1 rank 3,play 24,play 12,discard 17,discard 18,"
                        "play 11,discard 20,play 8,clue 0 rank 1,play 30,discard 25,clue 1 rank 2,clue 1 rank 4,"
                        "play 9,clue 1 rank 5", level=3)
    three = slot(game, BOB, 5)
    assert game.variant.card_text(game.deck[three]) == "r3"
    assert three not in bots[BOB].notes.prompt_for
    assert reading(game, bots[BOB], three) != {"b3"}
