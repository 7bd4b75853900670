"""The level-2 stand-in's reading of deals where it misplayed beside two level-2 bots (3 players, seed s24x),
checked against the H-group level-2 page (hanabi.github.io/learning-path, level 2)."""

from __future__ import annotations

from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Card, Play, PlayerView, RankClue
from tests.bots.positions import ALICE, BOB, CATHY
from tests.bots.test_proxies import G, R, W, replay


def test_level2_proxy_takes_a_self_finesse_nobody_else_can_give_every_card_for() -> None:
    # Level 2, The Self-Finesse: "the player receiving the clue will only consider the possibility of a
    # Self-Finesse if there are no other possibilities for the clue". Deal s24x/155, turn 14: Bob clued number 4 on
    # my red 4 (slot 1), red at 2, my red 3 on my finesse position (slot 2). As a blue 4 it would need the blue 2 and
    # the blue 3: Alice's blue 2 is on her finesse position, but nobody can give the blue 3 (hers is on slot 3, Bob
    # is the giver), so that is no other possibility: I blind-play slot 2 (I played a clued card and later misplayed
    # my 4 as a blue 4).
    game, team = replay("s24x/155", Level2Proxy, (
        "clue 1 rank 1", "clue 2 rank 2", "discard 11", "clue 2 rank 1", "play 8", "play 13", "discard 0", "play 9",
        "clue 0 rank 1", "play 18", "clue 0 rank 2", "clue 0 rank 5", "play 20", "clue 2 rank 4"), deciding=CATHY)
    slot2 = game.hands[CATHY][1]
    assert game.deck[slot2] == Card(R, 3)
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(slot2), d.explanation


def test_level2_proxy_gives_no_5_clue_off_the_chop_mid_game_that_prompts_a_wrong_card() -> None:
    # Level 2, The 5 Stall: a 5 clue off the chop is a stall in the Early Game, or from a giver "not allowed to
    # discard"; otherwise it is a play clue, and the Prompt page: "It is the responsibility of the player giving the
    # clue to ensure that all those previous cards will play successfully". Deal s24x/266, turn 48 (red at 2, 1 clue
    # token): 5 on Alice's red 5 off her chop would make Bob take the Prompt for the red 3 on his leftmost clued red
    # card, a red 4 (I gave it, and he misplayed it).
    game, team = replay("s24x/266", Level2Proxy, (
        "clue 2 rank 1", "clue 0 colour 1", "play 11", "clue 2 rank 3", "clue 2 rank 5", "play 10", "play 2",
        "clue 2 colour 3", "play 15", "clue 2 colour 1", "clue 0 rank 5", "play 14", "discard 0", "discard 5",
        "clue 0 rank 3", "discard 3", "clue 0 colour 4", "play 18", "play 20", "clue 0 rank 5", "play 12", "play 24",
        "clue 0 colour 4", "clue 1 colour 4", "play 26", "discard 6", "clue 1 rank 1", "play 1", "play 28",
        "discard 16", "discard 4", "play 8", "clue 0 colour 2", "play 32", "clue 2 colour 4", "play 25",
        "clue 2 colour 0", "discard 7", "play 35", "clue 1 colour 0", "discard 30", "clue 0 rank 4", "play 29",
        "discard 33", "play 13", "clue 1 rank 2", "play 9"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    assert game.deck[view.hands[BOB][3]] == Card(R, 4)
    assert team[CATHY].misleads(view, RankClue(ALICE, 5))
    assert team[CATHY].decide(view).action != RankClue(ALICE, 5)


def test_level2_proxy_takes_no_self_finesse_from_a_giver_forced_to_clue() -> None:
    # Level 2, The Self-Finesse is read "if there are no other possibilities for the clue"; a giver who may not
    # discard (8 clue tokens) may be stalling (The 5 Stall: "not allowed to discard"). Deal h31/209, 2 players,
    # turn 32: at 8 tokens Bob clued 4 on my blue 4 (slot 1), blue at 2, no blue 3 in sight; I blind-played slot 2,
    # a green 1, as the blue 3.
    game, team = replay("h31/209", Level2Proxy, (
        "clue 1 rank 1", "play 6", "clue 1 colour 0", "play 8", "discard 0", "play 10", "discard 1", "clue 0 colour 0",
        "play 2", "clue 0 rank 1", "play 4", "clue 0 colour 0", "play 16", "discard 5", "discard 3", "discard 9",
        "clue 1 colour 2", "play 20", "clue 1 colour 3", "play 13", "discard 12", "clue 0 rank 2", "discard 15",
        "clue 0 rank 2", "play 24", "clue 0 rank 4", "discard 19", "discard 11", "discard 23", "clue 0 rank 4",
        "discard 25", "clue 0 rank 4"), players=2, deciding=ALICE)
    view = PlayerView.of(game, ALICE)
    slot2 = view.hands[ALICE][1]
    assert game.deck[slot2] == Card(G, 1)
    assert team[ALICE].decide(view).action != Play(slot2)


def test_level3_proxy_does_not_play_a_called_card_its_clues_show_is_another_card() -> None:
    # The Prompt (beginner's guide): the card a Prompt calls is the one that "must be" the card asked; a clue that
    # shows it cannot be (here by the cards it does not touch) calls it off. Deal s24x/15, level-3 bots, turn 25:
    # Alice's white clue to Bob made me take my white card (slot 3) as the white 1; at turn 26 Bob's 1 clue touched
    # my slot 4 only, and I still played slot 3, a white 2, as the white 1.
    game, team = replay("s24x/15", Level3Proxy, (
        "clue 1 rank 1", "play 6", "discard 10", "clue 2 rank 5", "play 8", "discard 12", "clue 2 colour 3", "play 9",
        "play 13", "clue 1 colour 1", "play 7", "clue 0 colour 3", "play 0", "clue 2 colour 2", "clue 0 rank 2",
        "play 1", "clue 0 colour 2", "play 14", "discard 3", "discard 5", "play 16", "play 2", "clue 2 colour 4",
        "clue 1 rank 2", "clue 1 colour 4", "clue 2 rank 1"), deciding=CATHY)
    view = PlayerView.of(game, CATHY)
    slot3 = view.hands[CATHY][2]
    assert game.deck[slot3] == Card(W, 2)
    assert team[CATHY].decide(view).action != Play(slot3)
