"""The clue preview (issue 30): how the partner reads a clue before it is given, and each warning, on positions
from the H-group pages. Alice gives the clue; the preview is worked out from her view with the notes a
conventions bot keeps at her seat."""

from __future__ import annotations

import pytest

from hanabi_desktop.bots.clue_preview import Preview, preview_clue, preview_clues
from hanabi_desktop.bots.conventions.beliefs import beliefs
from hanabi_desktop.engine import Game, Play, PlayerView, RankClue, get_variant
from hanabi_desktop.engine.actions import parse_action
from tests.bots.positions import ALICE, BOB, CATHY, act, bots_for, clue, decide, position, reading, slot
from tests.bots.test_conventions import pretend_clued
from tests.engine.helpers import stacked_deck


def preview(game, words: str, level: int | str = 1) -> Preview:  # noqa: ANN001 - a Game
    bots = bots_for(game, level)
    return preview_clue(PlayerView.of(game, ALICE), bots[ALICE].notes, clue(game, words))


def kinds(p: Preview) -> list[str]:
    return [w.kind for w in p.warnings]


def test_a_play_clue_reads_as_a_play_on_its_focus_with_no_warning() -> None:
    # Play Clues: Bob's red 1 on slot 2, nothing played: red touches it alone, Bob plays it
    game = position(["r4 g4 b4 w4 y4", "y3 r1 g3 b3 w3"])
    p = preview(game, "Bob red")
    assert p.line == "Bob will read it as a play clue on slot 2 and play it now (as r1)."
    assert p.warnings == ()


def test_misplay_a_red_clue_on_red_3_with_red_1_played() -> None:
    # red 1 played, Bob's only red card is red 3 (slot 2): red focuses it and Bob reads it as red 2 (Play
    # Clues: the focus is playable, two players, nobody between to finesse): he would play it and strike
    game = position(["r4 g4 b4 w4 y4", "y3 r3 g3 b3 w3"], stacks="r1")
    p = preview(game, "Bob red")
    assert "play it now (as r2)" in p.line
    assert kinds(p) == ["misplay"]
    assert p.warnings[0].text == "red 3 is not playable: Bob would strike."


def test_lost_a_clue_elsewhere_leaves_a_5_on_the_next_players_chop() -> None:
    # The Chop and the 5 Save: Bob (next) has a 5 on his chop and nothing to play; a play clue to Cathy
    # leaves it there; the 5 clue to Bob is the 5 Save and warns of nothing
    game = position(["r4 g4 b4 w4 y4", "y3 g3 b3 w3 r5", "r1 y4 g2 b2 w2"])
    p = preview(game, "Cathy red")
    assert kinds(p) == ["lost"]
    assert p.warnings[0].text == "Bob's chop, slot 5, is red 5, which must be saved: this clue does not save it."
    save = preview(game, "Bob 5")
    assert save.line == "5 Save on Bob's chop: slot 5 is kept."
    assert save.warnings == ()


def test_lost_a_save_that_moves_the_chop_onto_a_last_copy() -> None:
    # The Chop: the green 2 on Bob's chop is saved by 2, but his new chop (slot 4) is the last blue 4 (the
    # other one discarded): the clue leaves that card to be discarded next
    game = position(["r4 g4 y4 w4 y3", "y3 g3 r3 b4 g2", "r1 y4 g1 w2 w3"], discarded="b4")
    p = preview(game, "Bob 2")
    assert p.line.startswith("2 Save on Bob's chop")
    assert "Bob's new chop, slot 4, is blue 4, the last copy: it may be discarded next." in [w.text for w in p.warnings]


def test_trash_a_1_clue_touches_a_red_1_already_played() -> None:
    # Good Touch Principle: red 1 is played; 1 to Cathy touches her yellow 1 (the focus, a play) and a red 1
    game = position(["r4 g4 b4 w4 y4", "y3 g3 b3 w3 r3", "y1 g4 r1 b2 w2"], stacks="r1")
    p = preview(game, "Cathy 1")
    assert p.line.startswith("Cathy will read it as a play clue on slot 1")
    assert [w.text for w in p.warnings if w.kind == "trash"] == [
        "It touches red 1, which is no longer needed (Good Touch)."]


def test_trash_a_second_copy_of_a_clued_card() -> None:
    # Good Touch Principle: Bob's red 1 is clued; red to Cathy on her red 1 touches a second copy
    game = position(["r4 g4 b4 w4 y4", "y3 r1 b3 w3 g3", "r1 g4 y4 b2 w2"])
    bots = bots_for(game)
    act(game, bots, clue(game, "Bob red"))  # Alice's clue
    act(game, bots, clue(game, "Alice 4"))  # Bob's turn
    act(game, bots, clue(game, "Alice 4"))  # Cathy's turn
    p = preview_clue(PlayerView.of(game, ALICE), bots[ALICE].notes, clue(game, "Cathy red"))
    assert "trash" in kinds(p)
    assert "It touches a second red 1: one is already clued (Good Touch)." in [w.text for w in p.warnings]


def test_nothing_a_clue_with_no_play_or_save_reading() -> None:
    # Minimum Clue Value Principle: nothing played, Bob's only 4 is off the chop: at level 1 a 4 has no play
    # reading (three cards are missing) and off the chop it is no save
    game = position(["r4 g4 b4 w4 y4", "g3 y4 b3 w3 r3"])
    p = preview(game, "Bob 4")
    assert p.line == "Bob finds no play or save in it."
    assert kinds(p) == ["nothing"]
    assert p.warnings[0].text == "At this level (level 1) the clue means nothing: it has no play or save reading."


def test_a_finesse_names_who_blind_plays_for_whom() -> None:
    # Finesses (level 1): Bob has red 1 on his finesse position (slot 1); red to Cathy on her red 2 makes Bob
    # blind-play it, then Cathy plays the red 2
    game = position(["r4 g4 b4 w4 y4", "r1 y3 b3 w3 g3", "b2 r2 g4 y4 w2"])
    p = preview(game, "Cathy red")
    assert p.line == "Bob will blind-play slot 1 (finesse) so that Cathy's red 2 plays."
    assert p.warnings == ()


def test_a_finesse_that_is_not_there_warns_of_a_blind_play() -> None:
    # with Bob's red 1 off his finesse position (slot 2), 2 to Cathy on her red 2 (slot 1, not her chop): Bob
    # would take it for a finesse on his slot 1 (a yellow 4) and blind-play it
    game = position(["r4 g4 b4 w4 y4", "y4 r1 r3 g5 b2", "r2 y1 b4 w3 g4"])
    p = preview(game, "Cathy 2")
    assert "misplay" in kinds(p)
    assert p.warnings[0].text == "Bob would take it for a finesse that is not there, and blind-play for nothing."
    red = preview(game, "Cathy red")  # red: Cathy reads her red 2 as red 1 and plays it
    assert red.warnings[0].text == "red 2 is not playable: Cathy would strike."


def test_the_level_changes_the_reading_a_5_off_the_chop_in_the_early_game() -> None:
    # level 2, the 5 Stall: in the early game a 5 clue off the chop only saves its 5s; at level 1 it means
    # nothing playable (Alice could discard: 7 clue tokens)
    game = position(["r4 g4 b4 w4 y4", "g3 r5 b3 w3 y2", "r1 y4 g2 b2 w2"], clue_tokens=7)
    assert preview(game, "Bob 5", level=2).line == "5 Stall: Bob keeps the 5s it touches; nothing to play."
    assert "nothing" in kinds(preview(game, "Bob 5", level=1))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_5_clue_that_touches_no_new_card_is_previewed_as_a_tempo_clue(level) -> None:
    # a 5 clue on Bob's 5 saved earlier touches no new card: a Tempo Clue (a play clue on the re-touched 5,
    # beginner's guide), not a 5 Stall (level 2: a 5 clue "to off chop 5's"), at 8 tokens in the Early Game
    # too. With red at 4 Bob plays it as the red 5: it is the yellow 5, so the preview warns of the strike
    game = position(["r1 g4 b4 w4 y4", "g3 b3 y5 w3 y2", "y1 y4 g2 b2 w2"], stacks="r4")
    pretend_clued(game, RankClue(BOB, 5), [slot(game, BOB, 3)])
    p = preview(game, "Bob 5", level=level)
    assert p.line == "Tempo clue: Bob will play slot 3 now (as r5).", p.line
    assert p.warnings[0].text == "yellow 5 is not playable: Bob would strike."


@pytest.mark.parametrize("level", ["beginner", 1])
def test_a_forced_5_clue_on_a_playable_5_below_level_2_is_previewed_as_the_partner_reads_it(level) -> None:
    # 8 clue tokens: Alice may not discard. Below level 2 the bot gives no 5 Stall, but reads a partner's forced
    # 5 clue off the chop as one (the level 2 page: "you might see someone do a 5 Stall in the Mid-Game if they
    # are in a special situation where they are not allowed to discard"): Bob keeps his red 5 although it plays.
    # The preview says what Bob will do, not "a play clue" (one reading: the bot's)
    game = position(["r1 g4 b4 w4 y4", "r5 g3 b3 w3 y2", "y1 y4 g2 b2 w2"], stacks="r4")
    p = preview(game, "Bob 5", level=level)
    assert p.line == "5 Stall: Bob keeps the 5s it touches; nothing to play.", p.line
    assert "misplay" not in kinds(p) and "nothing" not in kinds(p)
    bots = bots_for(game, level)
    act(game, bots, clue(game, "Bob 5"))
    assert decide(game, bots).action != Play(slot(game, BOB, 1))


def test_the_preview_never_depends_on_the_givers_own_cards() -> None:
    # the preview is worked out from Alice's view: two deals that differ only in her own hand preview alike,
    # clue for clue, for every teammate, and so does the team's reading of her cards
    hands = ["y3 g3 b3 w3 r5", "r1 y4 g2 b2 w2"]
    seen = []
    for mine in ("r4 g4 b4 w4 y4", "r2 g5 b1 y1 w1"):  # red touches slot 1 alone in both
        game = position([mine, *hands], current=BOB)
        bots = bots_for(game)
        act(game, bots, clue(game, "Alice red"))  # a clue on Alice's own cards, which her notes read
        act(game, bots, clue(game, "Bob 5"))
        view = PlayerView.of(game, ALICE)
        seen.append(([str(p) for t in (BOB, CATHY) for p in preview_clues(view, bots[ALICE].notes, t)],
                     sorted(beliefs(view, bots[ALICE].notes).items())))
    assert seen[0] == seen[1]
    assert seen[0][0]  # something was previewed


def test_trash_a_clue_on_both_copies_of_a_card() -> None:
    # Good Touch Principle: Bob holds both red 2s (slots 1 and 4); 2 touches both, only one will be played
    game = position(["r4 g4 b4 w4 y4", "r2 y3 g3 r2 b3"], stacks="r1")
    p = preview(game, "Bob 2")
    assert "It touches both copies of red 2: only one will be played (Good Touch)." in [w.text for w in p.warnings]


def test_no_lost_warning_when_the_clue_makes_the_next_player_blind_play() -> None:
    # Bob (next) has a 5 on his chop and nothing to play, but the red clue to Cathy finesses his red 1 (slot 1):
    # he blind-plays it on his turn instead of discarding, so his chop is not in danger this turn
    game = position(["r4 g4 b4 w4 y4", "r1 y3 b3 w3 g5", "b2 r2 g4 y4 w2"])
    p = preview(game, "Cathy red")
    assert p.line == "Bob will blind-play slot 1 (finesse) so that Cathy's red 2 plays."
    assert "lost" not in kinds(p)
    assert "lost" in kinds(preview(game, "Cathy blue"))  # blue 2 to Cathy: a play clue that leaves Bob's 5


def test_a_colour_clue_on_the_chop_that_plays_after_own_clued_cards_is_no_save() -> None:
    # Rainbow, played at the table: yellow 1 and rainbow 1 played; Cathy's rainbow 2 (slot 5) and rainbow 4
    # were touched by red, her new chop card is yellow 2. Yellow to Cathy touches the chop: it may be y2
    # (playable) or m3 (after her own clued rainbow card), not m2, which everyone knows is her clued slot 5 (Good
    # Touch Principle): every reading plays, so the partner keeps it as a delayed play, not a Critical save
    # (neither y2 nor m3 is a last copy)
    variant = get_variant("rainbow")
    game = Game(variant, 3, stacked_deck(variant, "g1 r4 y1 m4 b4 m2 y3 y2 r1 m1 b1 m2 m4 w1 m1 r3 b1 r1 r2 y2"),
                names=("Alice", "Bob", "Cathy"))
    bots = bots_for(game, 3)
    for text in ("clue 2 rank 1", "clue 0 rank 1", "play 10", "play 0", "clue 2 colour 0", "play 14", "play 2",
                 "clue 2 rank 1", "play 17"):
        act(game, bots, parse_action(text))
    p = preview_clue(PlayerView.of(game, ALICE), bots[ALICE].notes, clue(game, "Cathy yellow"))
    assert p.line == ("Delayed play clue: Cathy will play slot 1 once the cards already clued are played "
                      "(as y2 m3).")


def test_the_reading_leaves_out_the_cards_the_receiver_sees_in_a_third_hand() -> None:
    # The 5 Save: Bob's chop 5 may be any 5 he cannot see; Cathy holds the red, blue and white 5s, so to him it is
    # the yellow or green 5 (the preview once listed every 5, as if Bob could not see Cathy's hand)
    game = position(["r4 g4 b4 w4 y4", "y3 g3 b3 w3 g5", "r5 b5 w5 r1 y2"])
    p = preview(game, "Bob 5")
    assert p.line == "5 Save on Bob's chop: slot 5 is kept (as y5 g5)."


@pytest.mark.parametrize("bob", ["g1 r3 y2 w3 b3", "b3 r3 y2 w3 g1"])
def test_a_direct_play_clue_that_may_be_a_reverse_finesse_says_the_receiver_waits_then_plays(bob: str) -> None:
    # Level 2, The Reverse Finesse: green on Bob's green 1 (slot 1, or his chop) with Cathy's green 1 on her
    # finesse position. To Bob it may be a Reverse Finesse on Cathy (his card the green 2), so he waits for her
    # turn; Cathy sees his green 1, reads the clue as direct and does not blind-play, and Bob then plays it. The
    # preview said "Bob will keep slot 1 (as g2)" (and on the chop "Critical save ... (as g2)")
    game = position(["r4 y4 b4 w4 y3", bob, "g1 r2 b2 w2 y3"])
    focus = 1 if bob.startswith("g1") else 5
    p = preview(game, "Bob green", 3)
    assert p.line == ("Bob will wait for a possible Reverse Finesse on Cathy's slot 1; when Cathy does not blind-play "
                      f"it, Bob plays slot {focus} (as g1).")
    assert p.warnings == ()
    # and that is how the partner reads it: Bob waits, Cathy does not blind-play, and within her next two turns (she
    # may take a finesse a turn late) his card is the green 1 to him
    bots = bots_for(game, 3)
    green1, blind = slot(game, BOB, focus), slot(game, CATHY, 1)
    act(game, bots, clue(game, "Bob green"))
    assert reading(game, bots[BOB], green1) == {"g2"}
    for _turn in range(5):
        d = decide(game, bots)
        assert d.action not in (Play(green1), Play(blind))
        act(game, bots, d.action)
        if reading(game, bots[BOB], green1) == {"g1"}:
            break
    else:
        raise AssertionError("Bob still reads his green 1 as the green 2")


# Deal final7/54 (level 3, 5 players, self-play at 17e9cb4) up to turn 21: Emily's yellow on Donald's yellow 3
# (turn 5) called Alice's yellow 2 on her finesse position, behind her clued yellow 1, which she played at turn 16
FINAL7_54 = """clue 2 rank 1, clue 0 rank 1, play 10, clue 1 colour 3, clue 3 colour 1, play 1, play 6, play 11,
    clue 1 colour 0, clue 3 colour 3, play 21, clue 2 rank 5, clue 0 rank 5, play 15, discard 16, play 2, play 7,
    clue 4 colour 0, discard 12, play 26"""


def finesse_warnings(p: Preview) -> list[str]:
    return [w.text for w in p.warnings if w.text.startswith("Your slot")]


def test_a_clue_while_my_finesse_can_play_warns_that_the_others_may_take_it() -> None:
    # Turn 21: yellow is on 1 and Alice's slot 3 is the called yellow 2. A yellow re-clue to Donald instead of the
    # blind play made Bob take the finesse as his and blind-play a white 5: every clue she previews says so, but
    # the two that save Emily's chop, the green 4 (urgent: a save may come first)
    from tests.bots.positions import replayed

    game, bots = replayed("final7/54", FINAL7_54, level=3, players=5)
    view = PlayerView.of(game, ALICE)
    assert game.current == ALICE and game.fireworks[1] == 1
    saves = {clue(game, "Emily green"), clue(game, "Emily 4")}
    for target in (1, 2, 3, 4):
        for p in preview_clues(view, bots[ALICE].notes, target):
            if p.clue in saves:
                assert finesse_warnings(p) == [], p
                continue
            assert finesse_warnings(p) == [
                "Your slot 3 was called for a blind play (y2, so that Player 4's yellow 3 plays) and can play now: a "
                "clue instead may tell the others the finesse was not on you, and one of them may play a wrong card "
                "for it."], p
            assert p.worst is not None and p.worst.kind in ("misplay", "finesse")
            assert any(w.kind == "finesse" for w in p.warnings)


def test_no_finesse_warning_while_the_called_card_cannot_play_yet() -> None:
    # Turn 16 of the same deal: Alice's yellow 2 is called, but the yellow 1 is still in her hand: nothing is due
    from tests.bots.positions import replayed

    moves = ",".join(FINAL7_54.split(",")[:15])
    game, bots = replayed("final7/54", moves, level=3, players=5)
    view = PlayerView.of(game, ALICE)
    assert game.current == ALICE and game.fireworks[1] == 0
    assert not any(finesse_warnings(p) for t in (1, 2, 3, 4) for p in preview_clues(view, bots[ALICE].notes, t))


def test_a_save_may_come_before_the_blind_play_without_the_finesse_warning() -> None:
    # Cathy's red on Bob's red 2 calls Alice's red 1 (a finesse: she is between them). Bob's chop is the white 5:
    # saving it first is urgent (the bot saves before it blind-plays), any other clue gets the warning
    game = position(["r1 g4 b4 w4 y4", "y3 r2 g3 b3 w5", "g2 b2 y2 w2 r3"], current=CATHY)
    bots = bots_for(game)
    act(game, bots, clue(game, "Bob red"))
    view = PlayerView.of(game, ALICE)
    notes = bots[ALICE].notes
    assert slot(game, ALICE, 1) in notes.finessed
    assert finesse_warnings(preview_clue(view, notes, clue(game, "Bob 5"))) == []
    assert finesse_warnings(preview_clue(view, notes, clue(game, "Cathy 2"))) != []
