"""A play clue that waits for a clued card its holder plays anyway: a delayed play clue through that card,
never a blind play for it (level 1: "if the player was already going to play the card, it isn't a Prompt")."""

from __future__ import annotations

from hanabi_desktop.engine import Play
from tests.bots.positions import ALICE, BOB, act, bots_for, clue, decide, position, reading, slot


def test_a_finesse_behind_a_clued_1_its_holder_plays_anyway_calls_only_the_card_after_it() -> None:
    # Deal h31/287 t8-11 (level 3, 3 players): Bob clues 1 to Alice on her red 1 and green 1 (both playable,
    # she plays them anyway); Cathy clues 3 on Alice's red 3. Bob sees Alice's red 1: only the red 2 is missing,
    # on his finesse position. He read both the red 1 and the red 2 onto his own hand, and when Alice played
    # her green 1 first (a prompt taken a turn late), he blind-played his red 2 onto no red 1 and struck
    game = position(["r1 w4 r2 r3 g1", "r2 y3 y4 g2 g4", "w1 y1 r4 g4 y3"], stacks="y1 b1 w1", current=BOB)
    bots = bots_for(game, 3)
    red1, green1, red2 = slot(game, ALICE, 1), slot(game, ALICE, 5), slot(game, BOB, 1)
    act(game, bots, clue(game, "Alice 1"))
    act(game, bots, clue(game, "Alice 3"))
    assert reading(game, bots[BOB], red2) == {"r2"}
    assert slot(game, BOB, 2) not in bots[BOB].notes.finessed  # no second blind play
    act(game, bots, Play(green1))
    d = decide(game, bots)
    assert d.action != Play(red2), d.explanation  # the red 1 is not played yet
    act(game, bots, d.action)
    act(game, bots, decide(game, bots).action)
    assert game.current == ALICE
    act(game, bots, Play(red1))
    assert game.fireworks[0] == 1
    d = decide(game, bots)
    assert d.action == Play(red2), d.explanation


def test_a_card_called_by_a_finesse_its_holder_plays_anyway_counts_though_i_could_not_check_the_call() -> None:
    # Deal s24x/137 t1-8 (level 3, 3 players; Alice's moves as the late-prompt stand-in made them): Cathy's white
    # clue on Bob's chop (his white 2) called Alice's white 1 by a finesse Bob could not check (its focus is his
    # own card). Cathy then clues 3 on his white 3: through Alice's white 1, which she plays anyway, and his own
    # white 2. Bob read it as the yellow 3 through a Self-Finesse and blind-played his red 2 (a strike)
    from hanabi_desktop.bots.conventions import ConventionsBot
    from hanabi_desktop.engine import Game, PlayerView, get_variant, parse_action

    game = Game.new(get_variant("classic"), 3, seed="s24x/137")
    bots = [ConventionsBot(s, 3, game.variant, level=3) for s in range(3)]
    for s, bot in enumerate(bots):
        bot.observe(PlayerView.of(game, s))
    for text in ("clue 1 rank 1", "clue 2 rank 5", "clue 1 colour 4", "clue 1 rank 5", "play 6", "clue 1 rank 3",
                 "play 4"):
        act(game, bots, parse_action(text))
    three, two = slot(game, BOB, 1), slot(game, BOB, 5)
    assert [game.variant.card_text(game.deck[o]) for o in (three, two)] == ["w3", "w2"]
    assert game.fireworks[4] == 1  # Alice's white 1
    assert reading(game, bots[BOB], three) == {"w3"}
    d = decide(game, bots)
    assert d.action == Play(two), d.explanation
