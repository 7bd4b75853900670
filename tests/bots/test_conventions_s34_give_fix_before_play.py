"""Level 3, the Fix Clue before a play that would make a partner's clued trash card read as playable (issue 31).

"Fix Clues should be given as soon as possible" (hanabi.github.io/level-3, The Fix Clue). A clued trash card its
holder reads by Good Touch as a useful card is not yet a misplay while the card it reads as waits; my own play of
the card before it makes it read as playable, and the holder plays it on the next turn. The fix comes first.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Game, Play, PlayerView, get_variant, parse_action
from tests.bots.positions import ALICE, BOB, decide, slot

# deal t40/426, turns 1-62, the bot as Alice, the careful level-3 stand-in as Bob (2 players)
MOVES = ("clue 1 rank 1,play 8,clue 1 rank 5,discard 5,clue 1 colour 4,play 11,discard 0,clue 0 colour 4,play 2,"
         "clue 0 rank 1,clue 1 colour 4,clue 0 rank 2,play 13,clue 0 rank 4,play 14,clue 0 colour 0,play 16,"
         "clue 0 rank 5,discard 15,play 9,discard 17,discard 7,clue 1 rank 3,play 12,play 3,discard 10,"
         "clue 1 colour 1,play 24,clue 1 colour 4,play 25,discard 18,play 6,discard 20,discard 19,discard 23,"
         "discard 21,clue 1 colour 2,play 32,clue 1 colour 1,play 33,discard 27,clue 0 rank 5,clue 1 rank 2,play 30,"
         "clue 1 rank 3,clue 0 colour 2,play 35,play 26,play 29,discard 22,clue 1 colour 1,play 40,play 4,"
         "clue 0 rank 5,play 42,discard 28,clue 1 colour 3,discard 38,discard 1,discard 36,discard 31,"
         "clue 0 colour 3")


def table() -> tuple[Game, list[ConventionsBot], Level3Proxy]:
    game = Game.new(get_variant("classic"), 2, seed="t40/426")
    bots = [ConventionsBot(s, 2, game.variant, level=3) for s in range(2)]
    stand_in = Level3Proxy(BOB, 2, game.variant)
    for text in MOVES.split(","):
        game.apply(parse_action(text))
        for s, bot in enumerate(bots):
            bot.observe(PlayerView.of(game, s))
        stand_in.observe(PlayerView.of(game, BOB))
    return game, bots, stand_in


def test_the_fix_comes_before_the_play_that_would_send_the_partner_into_a_misplay() -> None:
    # Turn 57: Alice's blue Critical Save on Bob's chop blue 4 also touched his blue 1 (blue 1 played); he reads his
    # blue cards by Good Touch as the blue 2, 3 and 4. Turn 62: he clued Alice's blue 2. Played at once, it made his
    # blue 1 read as the blue 3, and he played it (a strike); a 1 on it first tells him it is trash
    game, bots, stand_in = table()
    assert game.current == ALICE and game.clue_tokens == 7
    blue_1 = slot(game, BOB, 4)
    assert game.variant.card_text(game.deck[blue_1]) == "b1" and game.fireworks[3] == 1
    d = decide(game, bots)
    assert not isinstance(d.action, Play), d.explanation
    assert blue_1 in game.touched_by(BOB, d.action), d.explanation
    game.apply(d.action)
    stand_in.observe(PlayerView.of(game, BOB))
    assert stand_in.decide(PlayerView.of(game, BOB)).action != Play(blue_1)


def test_without_the_fix_the_partner_plays_the_trash_card() -> None:
    # the misplay the fix prevents: Alice plays her blue 2, and the stand-in plays its blue 1 as the blue 3
    game, _bots, stand_in = table()
    game.apply(Play(slot(game, ALICE, 1)))
    stand_in.observe(PlayerView.of(game, BOB))
    assert stand_in.decide(PlayerView.of(game, BOB)).action == Play(slot(game, BOB, 4))
