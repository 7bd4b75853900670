"""A play clue waits for the cards everyone can tell will play first (issue 31, level 3).

"If the player was already going to play the card, it isn't a Prompt" (level 1), nor a Finesse: a clued card
its holder plays anyway is the card the clue waits for ("all of the in-between cards ... present and accounted
for"). Two sides of it:
- the receiver's own clued card that it plays anyway: the other players see it, take the clue as a delayed play
  clue through it, and nobody blind-plays for that card; a giver who counts a finesse for it gives a clue its
  blind players read otherwise (deal final7/375);
- the giver's own blind play, called by an earlier clue on my card: I count that call only tentatively (I cannot
  see that clue's focus), but the giver saw it and plays the card in turn, so the giver's clue past it waits
  for it (deal final7/224).
"""

from __future__ import annotations

from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.engine import Play, PlayerView, parse_action
from tests.bots.positions import ALICE, BOB, CATHY, DONALD, decide, replayed, slot

# deal final7/375 (4 players, level 3): at turn 1 Alice's 1 touches Cathy's white 1 (slot 2) and green 1 (slot 4),
# both playable 1s to her; Alice holds the green 1 and green 2 on slots 1 and 2
DOUBLE_FINESSE = "clue 2 rank 3"  # 3 on Cathy's green 3


def test_bob_does_not_call_alices_green_1_beside_cathys_clued_green_1() -> None:
    # before: "double finesse: Player 1 should blind-play slot 1 (green 1), then slot 2 (green 2)"; Cathy played
    # her clued green 1, Donald saw Alice's finesse position was no green 2, blind-played his own and struck
    game, bots = replayed("final7/375", "clue 2 rank 1", level=3, players=4)
    assert game.current == BOB
    assert game.deck[slot(game, CATHY, 4)] == game.variant.parse_card("g1")
    assert [game.deck[slot(game, ALICE, s)] for s in (1, 2)] == [game.variant.parse_card(t) for t in ("g1", "g2")]
    d = decide(game, bots)
    assert d.action != parse_action(DOUBLE_FINESSE), d.explanation


def test_were_it_given_donald_blind_plays_for_the_green_2() -> None:
    # why it is not a clue to give: after Cathy's green 1, Donald sees the green 2 is on no finesse position he can
    # see (Alice's is the other green 1) and takes it for his own
    game, bots = replayed("final7/375", f"clue 2 rank 1, {DOUBLE_FINESSE}, play 8", level=3, players=4)
    assert game.current == DONALD
    assert decide(game, bots).action == Play(slot(game, DONALD, 1))


def test_the_preview_from_bobs_seat_warns_of_the_blind_play() -> None:
    # it said only "Player 1 will blind-play slot 1 (finesse), then Player 1 will blind-play slot 2 (finesse) so that
    # Player 3's green 3 plays"
    game, bots = replayed("final7/375", "clue 2 rank 1", level=3, players=4)
    preview = preview_clue(PlayerView.of(game, BOB), bots[BOB].notes, parse_action(DOUBLE_FINESSE))
    assert preview.worst is not None and preview.worst.kind == "misplay", str(preview)
    assert "Player 4 would take it for a finesse that is not there" in preview.worst.text
    assert preview.line.startswith("As you mean it: Player 1 will blind-play slot 1 (finesse)"), preview.line


# deal final7/224 (4 players, level 3): at turn 17 Alice's 4 on my (Cathy's) green 4 prompted Donald's green 2 and
# called Bob's green 3 (his slot 1); at turn 18 Bob's 5 on Donald's green 5 waits for the green 3 and my green 4
MOVES_224 = ("clue 1 rank 5, clue 0 rank 5, discard 8, discard 12, clue 3 colour 3, discard 4, clue 1 colour 2, "
             "play 17, discard 1, play 18, clue 3 colour 0, discard 14, play 20, clue 3 rank 2, clue 3 colour 1, "
             "play 22, clue 2 rank 4, clue 3 rank 5")
LATER_224 = "clue 0 colour 1, play 15, discard 2, play 7"


def test_i_count_the_givers_own_called_card_in_its_clue() -> None:
    game, bots = replayed("final7/224", MOVES_224, level=3, players=4)
    cathy = bots[CATHY].notes
    g3 = game.variant.parse_card("g3").identity
    called = slot(game, BOB, 1)
    assert game.deck[called] == game.variant.parse_card("g3")
    assert cathy.finessed.get(called, 0) == 1 << g3 and called in cathy.tentative  # she cannot see her green 4
    assert not cathy.finessed.get(slot(game, CATHY, 1), 0), "Bob's 5 calls nothing on my finesse position"


def test_i_do_not_blind_play_for_the_green_5() -> None:
    # before: at turn 23, after Bob's blind yellow 2, "finesse: blind play slot 1 for Player 4's green 5": the
    # blue 5, a strike
    game, bots = replayed("final7/224", f"{MOVES_224}, {LATER_224}", level=3, players=4)
    assert game.current == CATHY
    d = decide(game, bots)
    assert d.action != Play(slot(game, CATHY, 1)), d.explanation
