"""The human-proxy partners read and give clues as the H-group beginner's guide and level 2 say (examples from
hanabi.github.io), blind-play only into a finesse, and see nothing but their view (the generic bot tests too)."""

from __future__ import annotations

import pytest

from hanabi_desktop.bots import registry
from hanabi_desktop.bots import simulate as sim
from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.proxies import BeginnerProxy, chop, read_clue
from hanabi_desktop.engine import (
    Card,
    ColourClue,
    Discard,
    Game,
    Play,
    PlayerView,
    RankClue,
    Variant,
    get_variant,
    parse_action,
)
from hanabi_desktop.engine.cards import bit
from tests.bots.positions import ALICE, BOB, CATHY, position

CLASSIC = get_variant("classic")
R, Y, G, B, W = range(5)


def deal(hands: list[list[Card]], variant: Variant = CLASSIC) -> Game:
    """A game whose hands are `hands` (each listed slot 1 first, i.e. newest first); the rest of the deck after."""
    deck = variant.sorted_deck()
    order: list[Card] = []
    for hand in hands:
        for card in reversed(hand):  # dealt oldest first: the last card dealt is slot 1
            deck.remove(card)
            order.append(card)
    return Game(variant, len(hands), order + deck)


def seat_all(game: Game, cls: type[Bot]) -> list[Bot]:
    return [cls(s, game.players, game.variant, f"test/{s}") for s in range(game.players)]


def seat_observing(game: Game, cls: type[Bot]) -> list[Bot]:
    """A team of *cls* that has seen the position as it stands (its clues before the test's actions)."""
    team = seat_all(game, cls)
    for s, bot in enumerate(team):
        bot.observe(PlayerView.of(game, s))
    return team


def apply(game: Game, team: list[Bot], action) -> None:
    game.apply(action)
    for s, bot in enumerate(team):
        bot.observe(PlayerView.of(game, s))


def replay(seed: str, cls: type[Bot], actions: tuple[str, ...], players: int = 3,
           deciding: int | None = None) -> tuple[Game, list[Bot]]:
    """Deal `seed` (classic) for `players`, seat `cls` everywhere and play `actions` (action texts, as the run that
    found the deal played them); every stand-in reads each. The stand-in in seat `deciding` also decides each of
    its turns before the run's action is played, as in the run (deciding updates what it noted)."""
    game = Game.new(CLASSIC, players, seed=seed)
    team = seat_all(game, cls)
    for text in actions:
        action = parse_action(text)
        if game.current == deciding:
            team[deciding].decide(PlayerView.of(game, deciding))
        apply(game, team, action)
    return game, team


def plays_then_plays(game: Game, team: list[Bot], seat: int, first: int, then: int) -> None:
    """`seat` plays card `first` now and, once the others have discarded their chops, card `then`."""
    d = team[seat].decide(PlayerView.of(game, seat))
    assert d.action == Play(first), d.explanation
    apply(game, team, d.action)
    for step in range(1, game.players):
        p = (seat + step) % game.players
        apply(game, team, Discard(chop(PlayerView.of(game, p), p)))
    d = team[seat].decide(PlayerView.of(game, seat))
    assert d.action == Play(then), d.explanation


FILLER = [Card(W, 4), Card(W, 3), Card(B, 4), Card(B, 3), Card(G, 4)]


def test_beginner_5_save_uses_number_5() -> None:
    # beginner's guide, 5 Save: Bob's chop is a 5 -> Alice saves it with number 5, never with colour
    game = deal([FILLER, [Card(Y, 4), Card(Y, 3), Card(G, 3), Card(B, 2), Card(R, 5)]])
    d = BeginnerProxy(0, 2, CLASSIC).decide(PlayerView.of(game, 0))
    assert d.action == RankClue(1, 5)
    assert d.explanation.startswith("5 Save on Player 2's chop")


def test_beginner_2_save_uses_number_2_unless_the_other_copy_is_visible() -> None:
    game = deal([FILLER, [Card(Y, 4), Card(Y, 3), Card(G, 3), Card(W, 3), Card(B, 2)],
                 [Card(R, 4), Card(R, 3), Card(G, 2), Card(Y, 2), Card(G, 1)]])
    d = BeginnerProxy(0, 3, CLASSIC).decide(PlayerView.of(game, 0))
    assert d.action == RankClue(1, 2) and d.explanation.startswith("2 Save")
    # Cathy holds the other blue 2: no 2 Save (guide: only save a 2 when it is the only copy you can see)
    game = deal([FILLER, [Card(Y, 4), Card(Y, 3), Card(G, 3), Card(W, 3), Card(B, 2)],
                 [Card(B, 2), Card(W, 4), Card(Y, 4), Card(G, 4), Card(R, 4)]])
    d = BeginnerProxy(0, 3, CLASSIC).decide(PlayerView.of(game, 0))
    assert "Save" not in d.explanation


def test_reading_colour_on_a_chop_5_is_a_play_clue_and_number_5_a_save() -> None:
    hand = [Card(Y, 4), Card(Y, 3), Card(G, 3), Card(B, 2), Card(R, 5)]
    for clue, expect_play in ((ColourClue(1, R), True), (RankClue(1, 5), False)):
        game = deal([FILLER, hand])
        game.apply(clue)
        view = PlayerView.of(game, 1)
        reading = read_clue(view, clue, {o: view.empathy(o) for o in view.my_hand}, 0)
        chop = view.my_hand[-1]
        assert reading.focus == chop and reading.save
        cards = {Card.from_identity(i) for i in range(25) if reading.notes[chop] >> i & 1}
        if expect_play:  # red on the chop: red 1 to play (5 Save is number 5 only)
            assert cards == {Card(R, 1)}
        else:  # number 5: any 5, saved
            assert cards == {Card(s, 5) for s in range(5)}


def test_delayed_play_clue_through_a_card_clued_elsewhere() -> None:
    # beginner's guide, Delayed Play Clues: with red 1 clued in Cathy's hand, red on Bob's red 2 is a delayed play
    game = deal([FILLER, [Card(R, 2), Card(Y, 3), Card(G, 3), Card(W, 3), Card(B, 4)],
                 [Card(R, 1), Card(W, 4), Card(Y, 4), Card(G, 4), Card(B, 3)]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, ColourClue(2, R))  # Alice: red to Cathy (red 1)
    apply(game, team, ColourClue(0, W))  # Bob and Cathy: clues to Alice's whites and blues
    apply(game, team, ColourClue(0, B))
    apply(game, team, ColourClue(1, R))  # Alice: red to Bob's red 2, a Delayed Play Clue through Cathy's red 1
    bob = team[1]
    assert isinstance(bob, BeginnerProxy)
    view = PlayerView.of(game, 1)
    note = bob.notes[view.my_hand[0]]
    assert note & (1 << Card(R, 2).identity)
    d = bob.decide(view)
    assert not (isinstance(d.action, Play) and d.action.card == view.my_hand[0])  # waits for the red 1


def test_delayed_play_clue_through_my_own_known_card() -> None:
    # beginner's guide, Delayed Play Clues: the focus plays once the cards already clued are played; one of those
    # may be in the receiver's own hand. Bob knows his slot 3 is the blue 2; blue on his new slot 1 (touching the
    # blue 2 again) is the blue 3, through his own blue 2, and he plays it after the blue 2
    game = deal([[Card(B, 1), Card(W, 4), Card(W, 3), Card(Y, 4), Card(G, 4)],
                 [Card(B, 3), Card(Y, 3), Card(B, 2), Card(W, 3), Card(R, 4)]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, Play(game.hands[0][0]))  # Alice plays the blue 1
    apply(game, team, ColourClue(0, W))
    apply(game, team, RankClue(1, 2))  # a play clue on Bob's blue 2
    apply(game, team, ColourClue(0, Y))
    apply(game, team, ColourClue(1, B))  # blue to Bob: his new blue card and his blue 2
    bob = team[1]
    assert isinstance(bob, BeginnerProxy)
    view = PlayerView.of(game, 1)
    b3, b2 = view.my_hand[0], view.my_hand[2]
    assert bob.mask(view, b3) == 1 << Card(B, 3).identity
    assert bob.decide(view).action == Play(b2)
    apply(game, team, Play(b2))
    apply(game, team, Discard(game.hands[0][-1]))
    assert bob.decide(PlayerView.of(game, 1)).action == Play(b3)


@pytest.mark.parametrize("red_slot", [2, 5])
def test_beginner_receiver_reads_the_finesse_once_the_blind_play_comes(red_slot: int) -> None:
    # beginner's guide, The Finesse (page example): red 1 and red 2 played, Alice clues red to Cathy touching the
    # red 4; Bob blind-plays his slot 1, the red 3; "Cathy sees that a blind-play immediately happened after the
    # red clue, she knows she must have the next card, the red 4. Cathy plays red 4." (Before the blind play she
    # reads the red 3.) The same with the red 4 on her chop (a red clue there is a play clue, not a save, as the
    # red 4 is not critical). A 2 clue when no 1 is played is read the same way once the 1 is blind-played.
    others = [Card(Y, 3), Card(B, 2), Card(W, 2), Card(Y, 2)]
    game = deal([[Card(R, 1), Card(R, 2), Card(W, 4), Card(Y, 4), Card(G, 4)],
                 [Card(R, 3), Card(B, 4), Card(B, 3), Card(W, 3), Card(G, 3)],
                 others[:red_slot - 1] + [Card(R, 4)] + others[red_slot - 1:]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, Play(game.hands[0][0]))  # the red 1
    apply(game, team, ColourClue(0, W))
    apply(game, team, ColourClue(0, Y))
    apply(game, team, Play(game.hands[0][1]))  # the red 2 (slot 2 after the draw)
    apply(game, team, ColourClue(0, G))
    apply(game, team, ColourClue(0, W))
    assert game.fireworks[R] == 2
    apply(game, team, ColourClue(2, R))  # Alice: red to Cathy, on the red 4
    cathy = team[2]
    assert isinstance(cathy, BeginnerProxy)
    r4 = game.hands[2][red_slot - 1]
    assert cathy.mask(PlayerView.of(game, 2), r4) == 1 << Card(R, 3).identity  # to her, it looks like the red 3
    apply(game, team, Play(game.hands[1][0]))  # Bob blind-plays the red 3
    assert game.fireworks[R] == 3
    d = cathy.decide(PlayerView.of(game, 2))
    assert d.action == Play(r4)
    game = deal([[Card(R, 4), Card(W, 4), Card(Y, 4), Card(G, 4), Card(B, 4)],
                 [Card(W, 1), Card(B, 3), Card(Y, 3), Card(W, 3), Card(G, 3)],
                 [Card(W, 2), Card(R, 3), Card(B, 2), Card(Y, 5), Card(R, 5)]])
    team = seat_all(game, BeginnerProxy)
    w2 = game.hands[2][0]
    apply(game, team, RankClue(2, 2))  # Alice: 2 to Cathy (her white 2 and blue 2), no 1 played yet
    apply(game, team, Play(game.hands[1][0]))  # Bob blind-plays the white 1
    assert team[2].decide(PlayerView.of(game, 2)).action == Play(w2)


def test_good_touch_counts_no_copy_the_giver_cannot_know_it_holds() -> None:
    # beginner's guide, Good Touch Principle / Delayed Play Clue: a copy clued elsewhere means my card is not
    # that copy, and a clue may connect through cards clued elsewhere. But nobody sees their own hand: Alice
    # holds a red 1 that a 1 clue touched (she knows only "a 1"), then clues red to Cathy's red 1. Alice cannot
    # have meant "the red 2, after my red 1", so Cathy reads the playable red 1 and plays it.
    game = deal([[Card(W, 4), Card(W, 3), Card(B, 4), Card(B, 3), Card(R, 1)],
                 [Card(Y, 3), Card(G, 3), Card(B, 2), Card(W, 2), Card(Y, 2)],
                 [Card(R, 1), Card(Y, 4), Card(G, 4), Card(B, 4), Card(G, 2)]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, ColourClue(1, W))  # Alice: white to Bob
    apply(game, team, RankClue(0, 1))  # Bob: 1 to Alice, her red 1
    apply(game, team, ColourClue(1, Y))  # Cathy: yellow to Bob
    apply(game, team, ColourClue(2, R))  # Alice: red to Cathy, on her red 1
    apply(game, team, ColourClue(0, W))  # Bob: white to Alice
    cathy = team[2]
    assert isinstance(cathy, BeginnerProxy)
    r1 = game.hands[2][0]
    view = PlayerView.of(game, 2)
    assert cathy.mask(view, r1) == 1 << Card(R, 1).identity
    assert cathy.decide(view).action == Play(r1)


def test_good_touch_a_2_saved_is_not_a_2_clued_elsewhere_when_a_clue_promised_it() -> None:
    # beginner's guide, Good Touch Principle: Bob 2-saves Alice's chop (her white 2), then Cathy clues 2 to Bob's
    # yellow 2. Cathy saw Alice's 2 and would not touch a copy of it: Alice's 2 is not a yellow 2. Had Alice's 2
    # been clued by Bob after Alice herself clued Bob's yellow 2, nothing is promised (Bob cannot see his own
    # card, Alice cannot see hers): her 2 may still be the other yellow 2.
    hands = [[Card(W, 4), Card(W, 3), Card(B, 4), Card(B, 3), Card(W, 2)],
             [Card(Y, 2), Card(G, 3), Card(R, 4), Card(R, 3), Card(G, 4)],
             [Card(R, 1), Card(Y, 4), Card(Y, 3), Card(B, 1), Card(G, 1)]]
    y2 = 1 << Card(Y, 2).identity
    game = deal(hands)
    team = seat_all(game, BeginnerProxy)
    apply(game, team, ColourClue(2, R))  # Alice: red to Cathy
    apply(game, team, RankClue(0, 2))  # Bob: 2 Save on Alice's chop
    apply(game, team, RankClue(1, 2))  # Cathy: 2 to Bob, his yellow 2
    alice = team[0]
    assert isinstance(alice, BeginnerProxy)
    w2 = game.hands[0][4]
    mask = alice.mask(PlayerView.of(game, 0), w2)
    assert not mask & y2 and mask & 1 << Card(W, 2).identity
    game = deal(hands)
    team = seat_all(game, BeginnerProxy)
    apply(game, team, RankClue(1, 2))  # Alice: 2 to Bob, his yellow 2
    apply(game, team, RankClue(0, 2))  # Bob: 2 Save on Alice's chop
    alice = team[0]
    assert isinstance(alice, BeginnerProxy)
    assert alice.mask(PlayerView.of(game, 0), game.hands[0][4]) & y2


@pytest.mark.parametrize("cls", [BeginnerProxy, Level2Proxy])
def test_good_touch_a_later_play_clue_on_the_card_my_reading_names_shows_my_reading_wrong(cls) -> None:
    # beginner's guide, Good Touch Principle; deal h31/217 turns 19-24 (level 2, 3 players, the stand-in last):
    # Bob's 2 on Alice's red 2 off her chop, white 1 the only 1 played, reads as the white 2, the only 2 that plays;
    # then Cathy, who sees Alice's 2, gives a play clue on Bob's white 2: she would not touch a copy of Alice's 2,
    # so Alice's 2 is no white 2 and she does not play it (she played it as the white 2 and struck: her reading,
    # emptied by good touch, was kept)
    game = position(["w4 r2 b4 b3 g4", "w2 g3 r4 r3 y4", "r5 y5 y3 b5 g5"], "w1", current=BOB)
    team = seat_observing(game, cls)
    r2 = game.hands[0][1]
    apply(game, team, RankClue(0, 2))  # Bob
    assert team[0].mask(PlayerView.of(game, 0), r2) == 1 << Card(W, 2).identity
    apply(game, team, ColourClue(1, W))  # Cathy: a play clue on Bob's white 2
    view = PlayerView.of(game, 0)
    assert not team[0].mask(view, r2) & (1 << Card(W, 2).identity | view.playable_mask())
    d = team[0].decide(view)
    assert d.action != Play(r2), d.explanation


def test_beginner_gives_no_delayed_play_clue_whose_prompt_would_hit_the_wrong_card() -> None:
    # beginner's guide, The Prompt: a player prompted plays their leftmost clued card that can be the card. Bob
    # holds two clued 2s, the yellow 2 (slot 2) and the green 2 (slot 5); green on Cathy's green 3 would prompt
    # Bob, who would play his slot 2 as the green 2 and strike. Alice does not give that clue (here she has no
    # other clue to give, so she discards).
    game = deal([[Card(G, 1), Card(W, 4), Card(W, 3), Card(B, 4), Card(B, 3)],
                 [Card(R, 4), Card(Y, 2), Card(R, 3), Card(Y, 4), Card(G, 2)],
                 [Card(G, 3), Card(Y, 3), Card(R, 2), Card(W, 4), Card(Y, 5)]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, Play(game.hands[0][0]))  # Alice plays the green 1
    apply(game, team, RankClue(2, 5))  # Bob: 5 Save on Cathy's chop
    apply(game, team, RankClue(1, 2))  # Cathy: 2 to Bob, his yellow 2 and green 2
    d = team[0].decide(PlayerView.of(game, 0))
    assert d.action != ColourClue(2, G)
    assert isinstance(d.action, Discard)


def after_the_finesse_page_clue(
    cls: type[BeginnerProxy], cathy_chop: Card,
) -> tuple[Game, list[Bot], PlayerView, Decision]:
    """The Finesse page's first position (every stack at 2, Alice clues red to Cathy's red 4 in slot 3, Bob's red 3
    on his finesse position), `cathy_chop` in Cathy's slot 5: the game, the team, Bob's view and his decision."""
    game = deal([FILLER, [Card(R, 3), Card(Y, 4), Card(G, 4), Card(W, 4), Card(B, 4)],
                 [Card(G, 1), Card(Y, 1), Card(R, 4), Card(B, 1), cathy_chop]])
    game.fireworks = [2, 2, 2, 2, 2]
    team = seat_all(game, cls)
    apply(game, team, ColourClue(2, R))
    view = PlayerView.of(game, 1)
    return game, team, view, team[1].decide(view)


@pytest.mark.parametrize("cls", [BeginnerProxy, Level2Proxy])
def test_the_finesse_page_example_bob_blind_plays_and_cathy_plays_the_red_4(cls: type[BeginnerProxy]) -> None:
    # beginner's guide, The Finesse (its first example): every stack at 2; Alice clues red to Cathy's red 4 (slot
    # 3). Bob has no clued card, no red card and no 3: "he is promised that his left-most unclued card is the red
    # 3. Bob blind-plays his slot 1 card, and it is the red 3." Then "Cathy sees the blind-play happen
    # immediately after this red clue" and plays the red 4. The careful beginner does so too (its level's page).
    game, team, view, d = after_the_finesse_page_clue(cls, Card(W, 1))
    assert d.action == Play(view.my_hand[0]) and "finesse" in d.explanation, d.explanation
    apply(game, team, d.action)
    assert game.fireworks[R] == 3
    view = PlayerView.of(game, 2)
    assert team[2].decide(view).action == Play(game.hands[2][2])


def test_finesse_urgency_the_blind_play_comes_before_a_save() -> None:
    # The Finesse, Finesse Urgency: "if a player is Finessed, they should usually blind-play the card
    # immediately, even if they have other important cards to play or some good clue to give". The page's
    # example with a white 5 on Cathy's chop: Bob blind-plays (then Cathy plays her red 4, not her chop)
    _, _, view, d = after_the_finesse_page_clue(BeginnerProxy, Card(W, 5))
    assert d.action == Play(view.my_hand[0]) and "finesse" in d.explanation, d.explanation


def test_no_finesse_when_the_connecting_card_is_on_someone_elses_finesse_position() -> None:
    # 4 players: Alice clues Donald's red 2; Cathy has the red 1 on her finesse position, so it is hers, not Bob's
    r1 = Card(R, 1)
    game = deal([FILLER, [Card(Y, 3), Card(Y, 2), Card(G, 3), Card(W, 3)],
                 [r1, Card(W, 2), Card(Y, 4), Card(G, 4)], [Card(R, 2), Card(W, 1), Card(B, 1), Card(G, 2)]])
    team = seat_all(game, Level2Proxy)
    apply(game, team, ColourClue(3, R))
    view = PlayerView.of(game, 1)
    d = team[1].decide(view)
    assert d.action != Play(view.my_hand[0])


def test_level2_proxy_self_finesse_page_example_the_player_in_between_does_not_blind_play() -> None:
    # level 2, "The Self-Finesse": all 1s played; Alice clues number 3 to Cathy, touching one 3 (slot 2); no 3
    # plays. Bob sees the red 2 on Cathy's own finesse position, so the 2 is hers (a self-finesse): Bob does not
    # blind-play his finesse position (in the page he discards). With the red 2 nowhere he can see, he does.
    for cathys_slot1, blind in ((Card(R, 2), False), (Card(W, 2), True)):
        game = deal([FILLER, [Card(G, 2), Card(Y, 4), Card(B, 5), Card(R, 4), Card(W, 5)],
                     [cathys_slot1, Card(R, 3), Card(Y, 4), Card(B, 4), Card(G, 4)]])
        game.fireworks = [1, 1, 1, 1, 1]
        game.clue_tokens = 7
        team = seat_all(game, Level2Proxy)
        apply(game, team, RankClue(2, 3))
        view = PlayerView.of(game, 1)
        d = team[1].decide(view)
        assert (d.action == Play(view.my_hand[0])) == blind, d.explanation


@pytest.mark.parametrize("name", ["beginner-proxy"])
def test_the_beginner_blind_plays_only_into_a_finesse(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plays: list[tuple[PlayerView, int, str]] = []

    def spying_create(bot: str, seat: int, players: int, variant: Variant, seed: int | str = 0) -> Bot:
        inner = registry.create(bot, seat, players, variant, seed)
        original = inner.decide

        def decide(view: PlayerView) -> Decision:
            d = original(view)
            if isinstance(d.action, Play):
                plays.append((view, d.action.card, d.explanation))
            return d

        inner.decide = decide  # type: ignore[method-assign]
        return inner

    monkeypatch.setattr(sim, "create", spying_create)
    for i in range(6):
        sim.play_game([name], 2 + i % 3, seed=f"blind/{i}")
    assert plays
    for view, card, why in plays:
        assert any(hit for _, _, hit in view.clue_history[card]) or "finesse" in why, why


def test_proxies_are_registered_for_mixed_teams() -> None:
    result = sim.play_game(["beginner-proxy", "conventions"], 2, seed="mixed-proxy")
    assert result.turns > 0
    assert {"beginner-proxy", "level2-proxy"} <= set(registry.available())


def test_proxies_are_for_measuring_not_offered_as_seats(capsys: pytest.CaptureFixture[str]) -> None:
    from hanabi_desktop.cli import main

    assert "beginner-proxy" not in registry.offered() and "conventions" in registry.offered()
    assert main(["bots"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("beginner-proxy"))
    assert "simulate only" in line


def test_beginner_mcvp_tempo_clue_is_read_as_a_play_clue() -> None:
    # beginner's guide, Minimum Clue Value Principle, "Tempo Clues": a clue that gets no new card is a play
    # clue on the leftmost re-touched card. Bob's chop 2 was saved with a 2 Save; with red 1 and blue 1 played,
    # number 2 again (touching only that card) tells him it is the red or blue 2: he plays it.
    game = deal([[Card(R, 1), Card(B, 1), Card(G, 4), Card(W, 4), Card(Y, 4)],
                 [Card(G, 3), Card(W, 3), Card(B, 3), Card(Y, 3), Card(R, 2)]])
    team = seat_all(game, BeginnerProxy)
    r2 = PlayerView.of(game, 1).my_hand[-1]
    for action in (RankClue(1, 2), RankClue(0, 1)):
        apply(game, team, action)
    apply(game, team, Play(PlayerView.of(game, 0).my_hand[0]))
    apply(game, team, team[1].decide(PlayerView.of(game, 1)).action)
    apply(game, team, Play(next(o for o in PlayerView.of(game, 0).my_hand if game.deck[o] == Card(B, 1))))
    assert team[1].decide(PlayerView.of(game, 1)).action != Play(r2)  # a 2 Save is not a play clue
    apply(game, team, team[1].decide(PlayerView.of(game, 1)).action)
    assert PlayerView.of(game, 0).touched(RankClue(1, 2)) == (r2,)  # a clue only on the 2 saved before
    apply(game, team, RankClue(1, 2))
    d = team[1].decide(PlayerView.of(game, 1))
    assert d.action == Play(r2)


def test_beginner_forced_to_clue_gives_a_tempo_clue_only_to_a_card_that_plays() -> None:
    # MCVP: a Tempo Clue is a play clue, allowed when a player must clue (8 tokens). Bob's 2-Saved chop card
    # is the yellow 2 (not playable): Alice, forced to clue with nothing to play or save, never re-touches it
    # alone with 2 (a re-clue that tells nothing, read as a play on an unknown 2); yellow fills it in as the yellow
    # 2, which Bob then knows cannot play (the Stalling page's table allows a Fill-In Clue at 8 clues); once the
    # yellow 1 is played, yellow is the tempo clue she gives.
    for fireworks_y1 in (False, True):
        game = deal([[Card(Y, 1), Card(G, 4), Card(B, 4), Card(W, 4), Card(R, 4)],
                     [Card(G, 3), Card(W, 3), Card(B, 3), Card(Y, 3), Card(Y, 2)]])
        team = seat_all(game, BeginnerProxy)
        y2 = PlayerView.of(game, 1).my_hand[-1]
        apply(game, team, RankClue(1, 2))
        apply(game, team, Discard(PlayerView.of(game, 1).my_hand[-2]))
        if fireworks_y1:
            apply(game, team, Play(PlayerView.of(game, 0).my_hand[0]))
            apply(game, team, RankClue(0, 4))
        view = PlayerView.of(game, 0)
        d = team[0].stall(view, set(view.legal))
        assert d is not None and isinstance(d.action, ColourClue | RankClue)
        if fireworks_y1:
            assert d.action in (ColourClue(1, Y), RankClue(1, 2)) and d.explanation.startswith("tempo clue")
        else:
            assert d.action != RankClue(1, 2)
            assert view.touched(d.action) != (y2,) or d.action == ColourClue(1, Y)


def test_beginner_prompt_plays_the_clued_card_the_clue_needs() -> None:
    # beginner's guide, "The Prompt": Alice's red clue got Bob's red 1 played and touched his red 2 (he knows
    # only "red"). Alice then clues 3 to Cathy's red 3, which needs the red 2: Bob's clued red card must be it,
    # and he plays it - the careful beginner too (a prompt is not a blind play).
    game = deal([[Card(W, 5), Card(G, 5), Card(B, 5), Card(Y, 5), Card(W, 3)],
                 [Card(Y, 4), Card(R, 2), Card(G, 4), Card(B, 4), Card(R, 1)],
                 [Card(R, 3), Card(W, 4), Card(Y, 4), Card(G, 2), Card(B, 4)]])
    team = seat_all(game, BeginnerProxy)
    bob = PlayerView.of(game, 1).my_hand
    apply(game, team, ColourClue(1, R))
    assert team[1].decide(PlayerView.of(game, 1)).action == Play(bob[-1])  # the red 1 on his chop
    apply(game, team, Play(bob[-1]))
    apply(game, team, RankClue(0, 5))
    apply(game, team, RankClue(2, 3))
    d = team[1].decide(PlayerView.of(game, 1))
    assert d.action == Play(bob[1]) and "prompt" in d.explanation


def test_beginner_saves_the_next_players_chop_before_playing() -> None:
    # beginner's guide, 5 Save: Bob has nothing to play, so his next move discards his chop, a 5. Alice knows
    # her red 1 plays, but saves the 5 first (the red 1 can wait a turn; the 5 cannot).
    game = deal([[Card(R, 1), Card(W, 4), Card(B, 4), Card(B, 3), Card(G, 4)],
                 [Card(Y, 4), Card(Y, 3), Card(G, 3), Card(B, 2), Card(R, 5)]])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, RankClue(1, 4))  # Alice: a 4 clue Bob cannot play from
    apply(game, team, RankClue(0, 1))  # Bob: 1 to Alice (her red 1)
    assert team[0].play(PlayerView.of(game, 0), set(PlayerView.of(game, 0).legal)) is not None
    d = team[0].decide(PlayerView.of(game, 0))
    assert d.action == RankClue(1, 5) and d.explanation.startswith("5 Save")


def test_good_touch_the_other_touched_cards_are_not_the_focused_card() -> None:
    # beginner's guide, Good Touch Principle: a clue never touches two copies of a card, so when the focus of
    # green is the green 1, Bob's other green card is a later green (not a second green 1 to play)
    game = deal([FILLER, [Card(G, 1), Card(Y, 4), Card(G, 3), Card(W, 4), Card(B, 4)]])
    clue = ColourClue(1, G)
    game.apply(clue)
    view = PlayerView.of(game, 1)
    reading = read_clue(view, clue, {o: view.empathy(o) for o in view.my_hand}, 0)
    g1, g3 = view.my_hand[0], view.my_hand[2]
    assert reading.focus == g1 and reading.notes[g1] == 1 << Card(G, 1).identity
    assert not reading.notes[g3] & 1 << Card(G, 1).identity and reading.notes[g3]


def last_round(game: Game, turns_left: int) -> None:
    """The deck has just run out: `turns_left` turns remain, this one included."""
    game.draw_pile.clear()
    game.final_turns_left = turns_left


def test_beginner_guesses_a_clued_card_on_their_last_turn_only_when_an_error_cannot_lose() -> None:
    # a person whose last turn has come and who knows no play plays the clued card most likely to score
    # (a 2-Saved 2 with red, yellow and green at 1: three 2s in five play). Never with 2 strikes, never before
    # the last round, and never an unclued card (the proxy never blind-plays)
    game = deal([[Card(W, 4), Card(B, 4), Card(B, 3), Card(G, 4), Card(Y, 2)], FILLER])
    team = seat_all(game, BeginnerProxy)
    apply(game, team, RankClue(1, 3))  # Alice: any clue
    game.fireworks[:3] = [1, 1, 1]
    apply(game, team, RankClue(0, 2))  # Bob: 2 Save on Alice's chop
    chop_card = game.hands[0][-1]
    assert game.card(chop_card) == Card(Y, 2)
    game.clue_tokens = 0
    assert not isinstance(team[0].decide(PlayerView.of(game, 0)).action, Play)
    last_round(game, 2)
    d = team[0].decide(PlayerView.of(game, 0))
    assert d.action == Play(chop_card) and d.explanation.startswith("my last turn") and d.guess
    game.strikes = 2
    assert not isinstance(team[0].decide(PlayerView.of(game, 0)).action, Play)


def reverse_finesse_page_deal(bobs: Card) -> tuple:
    """Level 2, "The Reverse Finesse": Bob's slot 2 is `bobs` (the red 2, or the red 1), Cathy has the red 1 on
    slot 1; three level-2 stand-ins, Alice to clue at 5 tokens."""
    game = deal([FILLER, [Card(Y, 4), bobs, Card(G, 3), Card(B, 2), Card(Y, 3)],
                 [Card(R, 1), Card(W, 2), Card(G, 4), Card(B, 4), Card(Y, 4)]])
    game.clue_tokens = 5
    return game, seat_all(game, Level2Proxy)


def test_level2_proxy_waits_for_a_reverse_finesse_page_example() -> None:
    # level 2, "The Reverse Finesse": Alice clues Bob red, touching his red 2; Cathy has the red 1 on slot 1.
    # Bob (the level-2 stand-in) does not play at once but waits a go-around; Cathy blind-plays the red 1, so
    # Bob's red card is the red 2 and he plays it. If Cathy does something else, his card is the red 1.
    for bobs, blind in ((Card(R, 2), True), (Card(R, 1), False)):
        game, team = reverse_finesse_page_deal(bobs)
        red = game.hands[1][1]
        apply(game, team, ColourClue(1, R))  # Alice
        d = team[1].decide(PlayerView.of(game, 1))
        assert d.action != Play(red)
        apply(game, team, Discard(game.hands[1][-1]))  # Bob waits
        apply(game, team, Play(game.hands[2][0]) if blind else Discard(game.hands[2][-1]))  # Cathy
        apply(game, team, Discard(game.hands[0][-1]))  # Alice
        assert team[1].decide(PlayerView.of(game, 1)).action == Play(red)


def test_level2_proxy_blind_plays_into_a_reverse_finesse_page_example() -> None:
    # level 2, "The Reverse Finesse", from Cathy's seat: Alice clues Bob red, touching his red 2; Bob waits; Cathy
    # (the level-2 stand-in) sees no red 1 anywhere, so it is on her finesse position: she blind-plays slot 1.
    # When Bob's red card is the red 1 (a plain play clue), she does not.
    for bobs, blind in ((Card(R, 2), True), (Card(R, 1), False)):
        game, team = reverse_finesse_page_deal(bobs)
        apply(game, team, ColourClue(1, R))  # Alice
        apply(game, team, Discard(game.hands[1][-1]))  # Bob waits
        d = team[2].decide(PlayerView.of(game, 2))
        assert (d.action == Play(game.hands[2][0])) is blind, d.explanation


def test_level2_proxy_takes_the_reverse_finesse_of_deal_h31_282() -> None:
    # Deal h31/282 (two level-2 bots, then the level-2 stand-in), as they played it: Alice clued red on Bob's red 2
    # ("finesse: Player 3 should blind-play slot 1 (red 1)"), Bob clued Alice's yellow 1, and the stand-in
    # discarded; Bob, seeing no blind play, played his red 2 as the red 1 (a strike), as the page says he may.
    game, team = replay("h31/282", Level2Proxy, ("clue 1 colour 0", "clue 0 colour 1"))
    slot1 = game.hands[CATHY][0]
    assert game.deck[slot1] == Card(R, 1)
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(slot1), d.explanation


def test_level2_proxy_reads_a_5_clue_off_the_chop_at_8_tokens_as_a_5_stall() -> None:
    # level 2, "5 Stall": a 5 clue off the chop from a giver with 8 clue tokens (who may not discard) saves the 5 and
    # asks for no play ("you might see someone do a 5 Stall in the Mid-Game"): Bob does not play his 5 as the red 5
    # although red stands at 4. From a giver who could have discarded, in the Mid-Game, it is a play clue.
    for stall in (True, False):
        game = deal([FILLER, [Card(Y, 4), Card(R, 5), Card(G, 3), Card(B, 2), Card(Y, 3)]])
        game.fireworks = [4, 0, 0, 0, 0]
        team = seat_all(game, Level2Proxy)
        five = game.hands[1][1]
        if not stall:
            game.clue_tokens = 5
            apply(game, team, Discard(game.hands[0][-1]))  # Alice: the Early Game is over
            apply(game, team, Discard(game.hands[1][-1]))  # Bob
        apply(game, team, RankClue(1, 5))  # Alice: tokens 8 (a stall) or 7 (a play clue)
        d = team[1].decide(PlayerView.of(game, 1))
        assert (d.action == Play(five)) is not stall, d.explanation


def test_a_prompt_reaches_a_player_who_plays_after_the_clued_one() -> None:
    # beginner's guide, The Prompt: "Bob does not see a red 3 clued in anyone else's hand. So, Alice must be
    # promising him that his unknown red card is red 3" - wherever he sits. Here the prompted player plays after
    # the clued one (who waits for the red 3, a Delayed Play Clue): Alice's red clue got Cathy's red 2 played
    # and touched her red 3 (she knows only "red, not the red 2"); Alice then clues 4 to Bob's red 4. Cathy
    # plays her red card as the red 3 (seen in deal h31/29, where the stand-in discarded instead).
    game = deal([FILLER, [Card(R, 4), Card(Y, 3), Card(G, 3), Card(W, 3), Card(B, 3)],
                 [Card(R, 2), Card(Y, 1), Card(R, 3), Card(B, 1), Card(W, 1)]])
    game.fireworks = [1, 1, 1, 1, 1]
    game.clue_tokens = 5
    team = seat_all(game, BeginnerProxy)
    r2, r3 = game.hands[2][0], game.hands[2][2]
    apply(game, team, ColourClue(2, R))  # Alice: red to Cathy, her red 2 (focus) and red 3
    apply(game, team, Discard(game.hands[1][-1]))  # Bob
    apply(game, team, Play(r2))  # Cathy plays the red 2
    apply(game, team, RankClue(1, 4))  # Alice: 4 to Bob's red 4 (his only 4)
    apply(game, team, Discard(game.hands[1][-1]))  # Bob waits for the red 3
    d = team[2].decide(PlayerView.of(game, 2))
    assert d.action == Play(r3) and "prompt" in d.explanation, d.explanation


def test_a_prompt_goes_on_to_the_next_clued_card_when_the_first_is_not_it() -> None:
    # beginner's guide, The Prompt: "if the leftmost card is not the correct one, the player should continue to
    # play his clued cards (left to right) until the expected card is found". Bob holds two unknown clued 3s
    # (a blue 3, then the red 3); Alice clues 4 to Cathy's red 4 when red and blue are at 2. Bob plays his
    # leftmost 3 (the blue 3), then his next one as the red 3 - though a 3 he cannot rule out does not play
    game = deal([[Card(W, 4), Card(W, 3), Card(B, 4), Card(Y, 4), Card(G, 4)],
                 [Card(Y, 5), Card(B, 3), Card(R, 3), Card(W, 5), Card(G, 5)],
                 [Card(R, 2), Card(B, 2), Card(R, 4), Card(Y, 1), Card(G, 1)]])
    game.fireworks = [1, 1, 1, 1, 1]
    game.clue_tokens = 5
    team = seat_all(game, BeginnerProxy)
    b3, r3 = game.hands[1][1], game.hands[1][2]
    r2, b2 = game.hands[2][0], game.hands[2][1]
    apply(game, team, RankClue(1, 3))  # Alice: 3 to Bob (no 3 plays yet: he keeps them)
    apply(game, team, Discard(game.hands[1][-1]))  # Bob
    apply(game, team, Discard(game.hands[2][-1]))  # Cathy
    apply(game, team, RankClue(2, 2))  # Alice: 2 to Cathy, her red 2 and blue 2
    apply(game, team, Discard(game.hands[1][-1]))  # Bob
    apply(game, team, Play(r2))  # Cathy: the red 2
    apply(game, team, Discard(game.hands[0][-1]))  # Alice
    apply(game, team, ColourClue(0, W))  # Bob (his chop now is one of his 3s)
    apply(game, team, Play(b2))  # Cathy: the blue 2
    assert game.fireworks[R] == 2 and game.fireworks[B] == 2
    apply(game, team, RankClue(2, 4))  # Alice: 4 to Cathy's red 4 (her only 4), which needs the red 3
    d = team[1].decide(PlayerView.of(game, 1))
    assert d.action == Play(b3) and "prompt" in d.explanation, d.explanation
    apply(game, team, d.action)  # the blue 3: it plays, but it was not the red 3
    apply(game, team, Discard(game.hands[2][-1]))  # Cathy waits
    apply(game, team, Discard(game.hands[0][-1]))  # Alice
    d = team[1].decide(PlayerView.of(game, 1))
    assert d.action == Play(r3) and "prompt" in d.explanation, d.explanation


def test_a_blind_play_right_after_a_clue_on_my_chop_that_saves_nothing_connects_to_it() -> None:
    # The Finesse: "Cathy sees the blind-play happen immediately after this red clue, so she knows she must have
    # the connecting red card". Here the clue is number 4 on Cathy's chop: no 4 is a card the beginner's guide
    # saves (none is critical), so it is a Play Clue, and Bob's blind red 3 makes it the red 4 (deal h31/3)
    game = deal([FILLER, [Card(R, 3), Card(Y, 4), Card(G, 4), Card(W, 4), Card(B, 4)],
                 [Card(G, 1), Card(Y, 1), Card(B, 1), Card(W, 1), Card(R, 4)]])
    game.fireworks = [2, 2, 2, 2, 2]
    team = seat_all(game, BeginnerProxy)
    apply(game, team, RankClue(2, 4))
    d = team[1].decide(PlayerView.of(game, 1))
    assert d.action == Play(game.hands[1][0]) and "finesse" in d.explanation, d.explanation
    apply(game, team, d.action)
    d = team[2].decide(PlayerView.of(game, 2))
    assert d.action == Play(game.hands[2][-1]), d.explanation


def test_a_giver_gives_no_clue_a_player_between_reads_as_a_finesse_on_the_wrong_card() -> None:
    # The Finesse page puts it on the giver: a clue asking for a card nobody has clued is a Finesse on the
    # players between giver and receiver. Deal h31/218, turn 13 (three careful beginners, the first 12 moves as
    # they played them): Alice must clue (8 tokens, nothing to play or save). Number 4 to Cathy focuses her chop,
    # a green 4 no save is for, with green at 2: Bob reads it as a Finesse for the green 3 and blind-plays his
    # slot 1, a yellow 5 (a strike before the fix). Alice now stalls with a clue nobody misreads.
    game, team = replay("h31/218", BeginnerProxy, ("clue 1 colour 4", "play 8", "discard 10", "clue 2 colour 1",
                                                   "discard 5", "play 12", "clue 1 colour 2", "play 17",
                                                   "clue 0 colour 2", "play 1", "discard 6", "discard 11"))
    assert game.clue_tokens == 8 and game.fireworks == [0, 1, 2, 0, 1]
    alice = PlayerView.of(game, 0)
    assert team[0].misleads(alice, RankClue(2, 4))  # Bob would play his yellow 5 as the green 3
    d = team[0].decide(alice)
    assert isinstance(d.action, ColourClue | RankClue) and not team[0].misleads(alice, d.action), d.explanation
    apply(game, team, d.action)
    for seat in (1, 2):
        view = PlayerView.of(game, seat)
        d = team[seat].decide(view)
        if isinstance(d.action, Play):
            assert game.is_playable(game.deck[d.action.card]), d.explanation
        apply(game, team, d.action)
    assert game.strikes == 0


def test_a_tempo_clue_on_two_saved_5s_is_the_focus_only_the_other_is_not_a_copy_of_it() -> None:
    # Good Touch Principle: "Slot 3 was also touched by the clue, but it was not the focus ... Bob marks his slot 3
    # card as either yellow 4, or yellow 5" - not as the focus's yellow 3. Deal h31/164 (level 2, turn 72): Alice
    # holds two saved 5s, the red 5 and the green 5, when the last green 3 is discarded (green cannot reach 5) with
    # red at 4; Bob re-touches both with 5, a Tempo Clue on the leftmost (slot 4), the red 5. The other is not a
    # second red 5 (there is one): it is the green 5, trash. Before, Alice noted red 5 on both and played slot 5.
    game = position(["x x x r5 g5", "g3 y5 b5 w5 x"], "r4 g2", "g3", current=BOB, clue_tokens=6)
    team = seat_all(game, Level2Proxy)
    r5, g5 = game.hands[ALICE][3], game.hands[ALICE][4]
    apply(game, team, RankClue(ALICE, 5))  # Bob: a 5 Save on Alice's chop (green can still reach 5)
    apply(game, team, Discard(game.hands[ALICE][2]))  # Alice
    apply(game, team, Discard(game.hands[BOB][0]))  # Bob: the last green 3
    apply(game, team, Discard(game.hands[ALICE][2]))  # Alice
    apply(game, team, RankClue(ALICE, 5))  # Bob: a Tempo Clue, no new card
    view = PlayerView.of(game, ALICE)
    d = team[ALICE].decide(view)
    assert d.action == Play(r5), d.explanation
    assert team[ALICE].mask(view, g5) == 1 << Card(G, 5).identity


def test_when_the_card_taken_for_a_clues_focus_proves_another_card_the_other_card_touched_is_the_focus() -> None:
    # Single Card Focus: a clue has one focus, and a play clue on the chop is a play clue on the chop card. Deal
    # h31/162 (level 3, all habits): yellow to Alice touched her slot 4 and her chop, the yellow 2 with yellow at 1;
    # she misread slot 4 as the focus (her habit) and her chop as "yellow 2 to 5". A 5 then touches slot 4: it is
    # the yellow 5, not the yellow 2 the clue was about, so her chop is the yellow 2 and she plays it. Before, she
    # never worked it out, and later gave Bob a yellow clue on his own yellow 2 (a copy: the bot misplayed it).
    game = position(["x x x y5 y2", "x x x x x", "x x x x x"], "y1", current=BOB, clue_tokens=6, avoid="y5")
    alice = registry.create("level2-proxy+misread=1", ALICE, 3, CLASSIC, "test/0")
    team = [alice, *(Level2Proxy(s, 3, CLASSIC, f"test/{s}") for s in (BOB, CATHY))]
    y5, y2 = game.hands[ALICE][3], game.hands[ALICE][4]
    apply(game, team, ColourClue(ALICE, Y))  # Bob: a play clue on Alice's chop, the yellow 2
    view = PlayerView.of(game, ALICE)
    assert alice.mask(view, y5) == 1 << Card(Y, 2).identity  # the habit: slot 4 taken for the focus
    apply(game, team, RankClue(ALICE, 5))  # Cathy: 5 touches slot 4, the yellow 5
    d = alice.decide(PlayerView.of(game, ALICE))
    assert d.action == Play(y2), d.explanation


def test_a_play_clue_to_a_player_comes_before_a_save_clue_to_them() -> None:
    # Other General Strategy, Give Play Clues Over Save Clues: "If a player could be given a Play Clue or a Save
    # Clue, then just give them a Play Clue. There's no need to save a card now if you can preoccupy the player
    # with playing a card!" Bob's chop is the red 5 and his slot 1 the yellow 1. Before, Alice gave the 5 Save.
    game = position(["x x x x x", "y1 g4 b4 w4 r5"])
    d = BeginnerProxy(ALICE, 2, CLASSIC).decide(PlayerView.of(game, ALICE))
    assert d.action in (ColourClue(BOB, Y), RankClue(BOB, 1)) and d.explanation.startswith("play clue"), d.explanation


def test_level2_stand_in_stalls_with_no_clue_a_level_2_reader_takes_as_a_double_finesse() -> None:
    # Deal h31/204, turn 1 (level-2 stand-in, then two level-3 bots): 8 tokens, nothing played, nothing to play or
    # save, and Cathy's only play clues touch both her green 1s. Number 4 on Cathy's chop (the white 4, white 1 to 3
    # missing) is read at level 2 as a finesse through Bob: he blind-played his blue 5. The Early Game page allows
    # "a special move called a 5 Stall": number 5 on Bob's blue 5, off his chop, and Bob plays nothing.
    game = Game.new(CLASSIC, 3, seed="h31/204")
    alice = Level2Proxy(ALICE, 3, CLASSIC, "test/0")
    team = [alice, *(registry.create("conventions@3", s, 3, CLASSIC, f"test/{s}") for s in (BOB, CATHY))]
    view = PlayerView.of(game, ALICE)
    assert alice.misleads(view, RankClue(CATHY, 4))
    assert not BeginnerProxy(ALICE, 3, CLASSIC).misleads(view, RankClue(CATHY, 4))  # the beginner's reading
    d = alice.decide(view)
    assert d.action == RankClue(BOB, 5) and d.explanation.startswith("5 Stall"), d.explanation
    apply(game, team, d.action)
    for seat in (BOB, CATHY):
        d = team[seat].decide(PlayerView.of(game, seat))
        if isinstance(d.action, Play):
            assert game.is_playable(game.deck[d.action.card]), d.explanation
        apply(game, team, d.action)
    assert game.strikes == 0



def test_a_giver_connects_a_delayed_play_clue_only_through_cards_its_receiver_can_count() -> None:
    # Deal h31/154, turn 9 (three level-2 stand-ins, the first 8 moves as they played them): Cathy's green 3 was
    # clued by Bob as a delayed play clue through Alice's saved green 2. Green to Bob would focus his chop, a green
    # 4, through Cathy's own green 3: Bob counts a giver's clued card only when its clues tell her exactly what it
    # is (nobody sees their own hand), so he reads green 3 and plays it as that (a strike before the fix). The giver
    # checks a play clue with the receiver's count.
    game, team = replay("h31/154", Level2Proxy, ("clue 2 colour 1", "clue 2 rank 2", "play 11", "discard 0",
                                                 "clue 0 rank 1", "clue 0 rank 2", "play 2", "clue 2 colour 2"))
    assert game.deck[game.hands[1][4]] == Card(G, 4) and game.deck[game.hands[2][0]] == Card(G, 3)
    cathy = PlayerView.of(game, 2)
    focus, reading, allowed = team[2].receiver_reading(cathy, ColourClue(1, G))
    assert focus == game.hands[1][4] and not reading & bit(Card(G, 4).identity)
    d = team[2].decide(cathy)
    assert d.action != ColourClue(1, G), d.explanation


def test_a_clued_card_may_be_a_copy_of_a_card_played_that_its_holder_clued_after_it_then_it_is_trash() -> None:
    # Good Touch Principle: "It would be a Bad Touch if someone touched a card that was ... already clued in someone
    # else's hand": a clue promises no copy of a card its giver cannot see. Deal 3131/2 (three careful
    # beginners, the first 50 moves as they played them): Cathy's slot 5 is a blue 2, 2-saved on turn 1; on turn 26
    # Cathy herself clued Bob's blue 2 (she cannot see her own), which he played. Her card may be that blue 2's copy,
    # now trash, or the white 2: she must not play it as the white 2 (a strike before the fix).
    game, team = replay("3131/2", BeginnerProxy, ("clue 1 colour 2", "clue 2 rank 2", "clue 0 rank 1", "play 0",
                                                  "clue 2 rank 5", "clue 0 rank 2", "discard 2", "play 5",
                                                  "clue 1 colour 0", "discard 4", "play 17", "clue 1 colour 0",
                                                  "discard 15", "play 19", "clue 0 colour 0", "play 16",
                                                  "clue 0 rank 5", "discard 14", "discard 20", "discard 6",
                                                  "discard 23", "discard 22", "clue 0 colour 3", "clue 0 rank 4",
                                                  "play 27", "clue 0 rank 3", "clue 1 rank 2", "clue 1 rank 2",
                                                  "play 8", "discard 26", "clue 2 rank 2", "discard 7", "clue 1 rank 4",
                                                  "clue 2 colour 1", "discard 21", "play 30", "clue 2 rank 5",
                                                  "discard 29", "clue 1 rank 5", "clue 2 colour 2", "discard 32",
                                                  "play 13", "play 28", "clue 2 colour 0", "play 36", "discard 37",
                                                  "play 31", "clue 0 rank 1", "play 39", "clue 2 colour 2"))
    cathy = PlayerView.of(game, 2)
    chop_2 = game.hands[2][4]
    assert game.deck[chop_2] == Card(B, 2) and game.fireworks[B] == 2
    assert team[2].mask(cathy, chop_2) == bit(Card(B, 2).identity) | bit(Card(W, 2).identity)
    d = team[2].decide(cathy)
    assert d.action != Play(chop_2), d.explanation


def test_level2_proxy_waits_for_the_second_blind_play_of_a_double_finesse_page_example() -> None:
    # level 2, The Double Finesse: "It is the first turn and nothing is played on the stacks. Alice clues red to
    # Cathy, touching a red 3. Bob blind-plays red 1 from slot 1. Cathy would normally think that she has red 2 ...
    # However, she sees that when the clue happened, there was a red 2 next to the red 1. Thus, Cathy discards,
    # giving Bob a chance to blind-play the red 2. If he does not blind-play it, then it was a normal Finesse and
    # she has red 2. If he does blind-play it, then it was a Double Finesse and she has red 3."
    for cathys, second in (("r3", True), ("r2", False)):
        game = position(["x x x x x", "r1 r2 x x x", f"x {cathys} x x x"], clue_tokens=5, avoid="r")
        team = seat_all(game, Level2Proxy)
        red = game.hands[CATHY][1]
        apply(game, team, ColourClue(CATHY, R))  # Alice
        apply(game, team, Play(game.hands[BOB][0]))  # Bob blind-plays the red 1
        d = team[CATHY].decide(PlayerView.of(game, CATHY))
        assert d.action != Play(red), d.explanation
        clue = d.action if isinstance(d.action, ColourClue | RankClue) else None
        assert clue is None or game.hands[BOB][1] not in game.touched_by(clue.target, clue), d.explanation
        apply(game, team, Discard(game.hands[CATHY][-1]))  # Cathy waits
        apply(game, team, Discard(game.hands[ALICE][-1]))  # Alice
        # Bob blind-plays the red 2 (from slot 2: he drew a card), or does something else
        apply(game, team, Play(game.hands[BOB][1]) if second else Discard(game.hands[BOB][-1]))
        d = team[CATHY].decide(PlayerView.of(game, CATHY))
        assert d.action == Play(red), d.explanation
        assert game.is_playable(game.deck[red])


def test_level2_proxy_does_not_play_a_double_finesses_focus_after_the_first_blind_play() -> None:
    # Deal h31/294, turn 12 (two level-2 bots, then the level-2 stand-in; the first 11 moves as they played them):
    # Alice gave Cathy white on her white 3 as a double finesse on Bob ("Player 2 should blind-play slot 1 (white
    # 1), then slot 2 (white 2)"); Bob blind-played the white 1. Cathy played her white card as the white 2 (a
    # strike). As the Double Finesse page says, she waits for Bob's second blind play (and does not clue his white
    # 2, Stomping on a Finesse), then plays the white 3.
    game, team = replay("h31/294", Level2Proxy, ("clue 1 colour 2", "clue 0 colour 1", "discard 10", "play 4", "play 6",
                                                 "discard 11", "clue 2 rank 1", "discard 5", "play 14",
                                                 "clue 2 colour 4", "play 19"))
    white3, white2 = 13, 17
    assert game.deck[white3] == Card(W, 3) and game.deck[white2] == Card(W, 2) and white2 in game.hands[BOB]
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action != Play(white3), d.explanation
    clue = d.action if isinstance(d.action, ColourClue | RankClue) else None
    assert clue is None or white2 not in game.touched_by(clue.target, clue), d.explanation
    apply(game, team, d.action)
    apply(game, team, Discard(game.hands[ALICE][-1]))
    apply(game, team, Play(white2))  # Bob's second blind play
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(white3), d.explanation


def test_a_clued_card_may_be_the_copy_of_a_card_its_giver_held_clued_since_played_then_trash() -> None:
    # Good Touch Principle: a clue promises no copy of a card its giver cannot see; the other way round from deal
    # 3131/2 above (there the holder clued the copy after her card was clued). Bob 2-clues Cathy's blue 2; Cathy,
    # who cannot see it, 2-saves Alice's chop, the other blue 2 (the red, yellow and green 2s are all gone: blue 2
    # or white 2). Cathy plays hers. Cathy's clue promised nothing about her own card: Alice's may be its copy
    # (trash) or the white 2, and she does not play it (`played_apart`: the later clue's giver held the other card;
    # a test the level-2 session wrote for the other branch, on branch standin2-s20, turned this way).
    game = position(["x x x x b2", "x x x x x", "b2 x x x x"], "r2 y2 g2 b1 w1", "r2 y2 g2", current=BOB,
                    clue_tokens=6)
    team = seat_all(game, Level2Proxy)
    mine, theirs = game.hands[ALICE][4], game.hands[CATHY][0]
    apply(game, team, RankClue(CATHY, 2))  # Bob
    apply(game, team, RankClue(ALICE, 2))  # Cathy: on Alice's chop, the other blue 2
    apply(game, team, Discard(game.hands[ALICE][3]))  # Alice
    apply(game, team, Discard(game.hands[BOB][4]))  # Bob
    apply(game, team, Play(theirs))  # Cathy plays the blue 2
    assert game.fireworks[B] == 2
    view = PlayerView.of(game, ALICE)
    assert team[ALICE].mask(view, mine) == 1 << Card(B, 2).identity | 1 << Card(W, 2).identity
    d = team[ALICE].decide(view)
    assert d.action != Play(mine), d.explanation


def test_level2_proxy_reads_a_5_stall_to_a_partner_as_asking_for_no_card() -> None:
    # level 2, The 5 Stall: "in the Early Game, you are allowed to clue number 5 as a Save Clue to off chop 5's.
    # Doing this is just interpreted as a "stall" clue". Red is at 3 and Alice gives number 5 to Bob's red 5, off his
    # chop, before anyone has discarded; Cathy holds the red 4 on her finesse position. Cathy does not take it as a
    # Reverse Finesse on her (deals h31/85 and h31/110 with level-3 bots: the stand-in blind-played a wrong card).
    game = deal([FILLER, [Card(Y, 4), Card(R, 5), Card(G, 3), Card(B, 2), Card(Y, 3)],
                 [Card(R, 4), Card(W, 2), Card(G, 4), Card(B, 4), Card(Y, 4)]])
    game.fireworks[R] = 3
    game.clue_tokens = 5
    team = seat_all(game, Level2Proxy)
    apply(game, team, RankClue(1, 5))  # Alice
    apply(game, team, Discard(game.hands[1][-1]))  # Bob
    d = team[2].decide(PlayerView.of(game, 2))
    assert d.action != Play(game.hands[2][0]), d.explanation


def self_finesse_page_deal(bobs: str) -> tuple:
    """Level 2, "The Self-Finesse": all 1s played; Alice clues number 3 to Cathy (one 3, slot 2); Bob (hand
    `bobs`) discards. Three level-2 stand-ins."""
    game = position(["x x x x x", bobs, "r2 r3 b4 w4 y5"], "r1 y1 g1 b1 w1", clue_tokens=5)
    team = seat_observing(game, Level2Proxy)
    apply(game, team, RankClue(CATHY, 3))  # Alice
    apply(game, team, Discard(game.hands[BOB][-1]))  # Bob
    return game, team


def test_level2_proxy_takes_a_self_finesse_page_example() -> None:
    # level 2, "The Self-Finesse": "there are no 3's that are directly playable. Thus, someone must have the
    # connecting 2. Since Bob discarded, Cathy must be the one ... Cathy plays her Finesse Position card as any 2.
    # It is a red 2 and it successfully plays. Cathy now knows that her 3 must connect to the 2, so she marks her
    # 3 as a red 3."
    game, team = self_finesse_page_deal("y4 b5 r4 w5 g4")
    slot1, three = game.hands[CATHY][0], game.hands[CATHY][1]
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(slot1), d.explanation
    apply(game, team, d.action)
    assert game.fireworks[R] == 2
    apply(game, team, Discard(game.hands[ALICE][-1]))
    apply(game, team, Discard(game.hands[BOB][-1]))
    assert team[CATHY].decide(PlayerView.of(game, CATHY)).action == Play(three)


def test_level2_proxy_takes_no_self_finesse_when_the_clue_may_be_a_prompt() -> None:
    # the same page: "If the clue looks like it could be a Prompt, then the clue receiver will not play anything
    # and assume that it is a Prompt": Bob holds a clued white 2 (number 2, given before Alice's clue), so
    # Cathy's 3 is the white 3 and she blind-plays nothing
    game = position(["x x x x x", "w2 b5 r4 w5 g4", "r2 r3 b4 w4 y5"], "r1 y1 g1 b1 w1", clue_tokens=7,
                    current=CATHY)
    team = seat_observing(game, Level2Proxy)
    apply(game, team, RankClue(BOB, 2))  # Cathy
    apply(game, team, RankClue(CATHY, 3))  # Alice
    apply(game, team, Discard(game.hands[BOB][-1]))  # Bob
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action != Play(game.hands[CATHY][0]), d.explanation


def test_level2_proxy_takes_the_self_finesse_of_deal_h31_21() -> None:
    # Deal h31/21 (the level-2 stand-in, then two level-3 bots), turn 26: white 1 played; Bob clued number 3 on
    # the stand-in's slot 3 (its white 3; "finesse: Player 1 should blind-play slot 1 (white 2)"); no 3 plays, no
    # 2 that connects is clued or on Cathy's finesse position. The stand-in waited, and on turn 49 blind-played
    # a green 1 into a white clue it took for a Reverse Finesse on the white 2 it never played.
    game = position(["w2 r4 w3 w1 r1", "b1 g1 g5 b5 y2", "b2 y4 y5 r2 r5"], "r3 g3 b3 w1", current=BOB,
                    clue_tokens=1)
    team = seat_observing(game, Level2Proxy)
    slot1 = game.hands[ALICE][0]
    apply(game, team, RankClue(ALICE, 3))  # Bob
    apply(game, team, Discard(game.hands[CATHY][-1]))  # Cathy
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.action == Play(slot1), d.explanation


def test_level2_proxy_waits_for_the_finesse_of_a_prompt_finesse_page_example() -> None:
    # level 2, "The Prompt + Finesse": red 1 played; Bob has a clued 2 (his red 2, slot 4) and the red 3 on slot 1;
    # Alice clues Cathy red on her red 4. Bob plays the prompted red 2; "Normally, Cathy would think she has a
    # red 3. However, as she saw a red 3 on Bob's finesse position at the moment of giving the clue, she waits a
    # turn"; Bob blind-plays the red 3 and Cathy plays her red 4 (deal h31/8, turn 16: the stand-in played its
    # blue 4 as the blue 3 at once)
    game = position(["x x x x x", "r3 x x r2 x", "r4 x x x x"], "r1", current=CATHY, clue_tokens=5, avoid="r2")
    team = seat_observing(game, Level2Proxy)
    r3, r2, r4 = game.hands[BOB][0], game.hands[BOB][3], game.hands[CATHY][0]
    apply(game, team, RankClue(BOB, 2))  # Cathy
    apply(game, team, ColourClue(CATHY, R))  # Alice
    apply(game, team, Play(r2))  # Bob: the prompt
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action != Play(r4), d.explanation
    apply(game, team, Discard(game.hands[CATHY][-1]))
    apply(game, team, Discard(game.hands[ALICE][-1]))
    apply(game, team, Play(r3))  # Bob: the finesse
    assert team[CATHY].decide(PlayerView.of(game, CATHY)).action == Play(r4)


@pytest.mark.parametrize("cathys", ["x x x x x", "x x b2 x x"])
def test_level2_proxy_waits_for_the_second_blind_play_of_a_reverse_double_finesse(cathys: str) -> None:
    # level 2, "The Double Finesse" ("she sees that when the clue happened, there was a red 2 next to the red 1.
    # Thus, Cathy discards, giving Bob a chance to blind-play the red 2") after "The Reverse Finesse": deal h31/108,
    # turn 15: Cathy clues blue on Alice's blue 3; Bob, after Alice, has the blue 1 and the blue 2 on slots 1 and
    # 2. Alice waits for the blue 1, then for the blue 2 (she played her blue 3 as the blue 2), then plays. Deal
    # h31/235, turn 24: the same with the other blue 2 in Cathy's hand (Alice's card cannot be a blue 2), where
    # Alice played her card at once as the blue 1.
    game = position(["x x x b3 x", "b1 b2 x x x", cathys], current=CATHY, clue_tokens=5, avoid="b")
    team = seat_observing(game, Level2Proxy)
    b1, b2, b3 = game.hands[BOB][0], game.hands[BOB][1], game.hands[ALICE][3]
    apply(game, team, ColourClue(ALICE, B))  # Cathy
    for blind in (b1, b2):
        d = team[ALICE].decide(PlayerView.of(game, ALICE))
        assert d.action != Play(b3), d.explanation
        apply(game, team, Discard(chop(PlayerView.of(game, ALICE), ALICE)))
        apply(game, team, Play(blind))  # Bob
        apply(game, team, Discard(game.hands[CATHY][-1]))
    assert team[ALICE].decide(PlayerView.of(game, ALICE)).action == Play(b3)


def test_a_giver_connects_a_delayed_play_clue_through_a_card_they_know_by_the_conventions() -> None:
    # the Delayed Play Clue page: "Bob knows that he has the red 1 ... Cathy knows that her red card must be the
    # red 2": a card its holder reads as one card by the conventions counts in the clues they give. Deal h31/64,
    # turn 12, nothing white played: Alice (the stand-in) clued Bob's white 1, Bob clued Cathy's white 2 (a
    # Delayed Play Clue), then Cathy clued white on Alice's white 3. Alice read it as the white 2 (Cathy's own
    # white 2 counting for nothing) and played it once the white 1 was played.
    game = position(["x x b3 w3 x", "w1 x x x x", "x w2 x x x"], clue_tokens=5, avoid="w")
    team = seat_observing(game, Level2Proxy)
    w1, w3 = game.hands[BOB][0], game.hands[ALICE][3]
    apply(game, team, ColourClue(BOB, W))  # Alice
    apply(game, team, ColourClue(CATHY, W))  # Bob
    apply(game, team, ColourClue(ALICE, W))  # Cathy
    view = PlayerView.of(game, ALICE)
    assert team[ALICE].mask(view, w3) == bit(game.deck[w3].identity)
    apply(game, team, Discard(chop(view, ALICE)))
    apply(game, team, Play(w1))  # Bob
    apply(game, team, Discard(chop(PlayerView.of(game, CATHY), CATHY)))
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.action != Play(w3), d.explanation


def test_level2_proxy_waits_for_a_reverse_finesse_on_the_card_before_a_direct_play() -> None:
    # level 2, The Reverse Finesse: "If a card in someone's Finesse Position is playable and "connects" to the
    # clue, then they should defer playing the clued card": deal h31/284, turn 21: yellow 3 and red 2 played; Cathy
    # clues number 4 on Alice's red 4 (her chop); Bob, after Alice, has the red 3 on his finesse position. The 4
    # may be the yellow 4 (a direct play clue) but Alice waits; Bob blind-plays the red 3 and Alice plays her 4.
    game = position(["x x x x r4", "r3 x x x x", "x x x x x"], "r2 y3", current=CATHY, clue_tokens=5, avoid="4")
    team = seat_observing(game, Level2Proxy)
    r3, r4 = game.hands[BOB][0], game.hands[ALICE][4]
    apply(game, team, RankClue(ALICE, 4))  # Cathy
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.action != Play(r4), d.explanation
    apply(game, team, Discard(chop(PlayerView.of(game, ALICE), ALICE)))
    apply(game, team, Play(r3))  # Bob
    apply(game, team, Discard(chop(PlayerView.of(game, CATHY), CATHY)))
    assert team[ALICE].decide(PlayerView.of(game, ALICE)).action == Play(r4)


def test_level2_proxy_waits_for_a_reverse_finesse_then_a_prompt() -> None:
    # deal h31/286, turn 24: Cathy clues blue on Alice's blue 3; Bob, after Alice, has the blue 1 on his finesse
    # position and a clued blue 2, the other blue 2 is in Cathy's hand: Alice's card is no blue 2, so it is the
    # blue 3 once Bob blind-plays the blue 1 and plays his blue 2 (the stand-in played it as the blue 1)
    game = position(["x b3 x x x", "b1 x x x b2", "y5 x b2 x x"], clue_tokens=5, avoid="b25")
    team = seat_observing(game, Level2Proxy)
    b1, b2, b3 = game.hands[BOB][0], game.hands[BOB][4], game.hands[ALICE][1]
    apply(game, team, RankClue(BOB, 2))  # Alice: a 2 Save
    # Bob: a 5 Stall (a number clue on a white 4 would ask Alice for the white 1, 2 and 3: a Triple Finesse)
    apply(game, team, RankClue(CATHY, 5))
    apply(game, team, ColourClue(ALICE, B))  # Cathy
    for bobs in (b1, b2):
        d = team[ALICE].decide(PlayerView.of(game, ALICE))
        assert d.action != Play(b3), d.explanation
        apply(game, team, Discard(chop(PlayerView.of(game, ALICE), ALICE)))
        apply(game, team, Play(bobs))
        apply(game, team, Discard(chop(PlayerView.of(game, CATHY), CATHY)))
    assert team[ALICE].decide(PlayerView.of(game, ALICE)).action == Play(b3)


def test_level2_proxy_waits_for_a_reverse_finesse_on_a_card_that_cannot_play_yet() -> None:
    # level 2, The Reverse Finesse: "If a card in someone's Finesse Position is playable and "connects" to the
    # clue, then they should defer playing the clued card ... If a blind-play does happen, then it means that the
    # clued card is the next card in the chain": the page's example with number 2 instead of red (Bob's 2 cannot
    # be played now, so he would not play it anyway): Cathy blind-plays the red 1, so Bob's 2 is the red 2 and he
    # plays it. Before, he never read it (a blind play after his turn connected to nothing of his).
    game, team = reverse_finesse_page_deal(Card(R, 2))
    two = game.hands[BOB][1]
    apply(game, team, RankClue(BOB, 2))  # Alice
    apply(game, team, Discard(game.hands[BOB][-1]))  # Bob waits
    apply(game, team, Play(game.hands[CATHY][0]))  # Cathy blind-plays the red 1
    apply(game, team, Discard(game.hands[ALICE][-1]))  # Alice
    d = team[BOB].decide(PlayerView.of(game, BOB))
    assert d.action == Play(two), d.explanation


def test_level2_proxy_reads_the_reverse_finesse_of_deal_h31_246() -> None:
    # Deal h31/246 (two level-2 bots, then the level-2 stand-in), as they played it: turn 2 Bob clued 2 on Cathy's
    # white 2 ("finesse: Player 1 should blind-play slot 1 (white 1)"), Cathy clued, Alice blind-played the white 1,
    # Bob played. Cathy's 2 is the white 2 and plays now; she never read it, took Alice's number 3 on her white 3
    # (turn 7) for the yellow 3 and misplayed it (turn 12).
    game, team = replay("h31/246", Level2Proxy, ("clue 1 rank 5", "clue 2 rank 2", "clue 1 rank 1", "play 4", "play 8"))
    two = game.hands[CATHY][0]
    assert game.deck[two] == Card(W, 2) and game.fireworks[W] == 1
    d = team[CATHY].decide(PlayerView.of(game, CATHY))
    assert d.action == Play(two), d.explanation


def test_level2_proxy_blind_plays_two_cards_asked_of_it_deal_h31_269() -> None:
    # level 2, The Double Finesse: "it is possible to get a single player to blind-play 2 cards in a row ... they
    # will blind-play two turns in a row, playing from left to right", here after the clued player (a Reverse
    # Finesse). Deal h31/269 (the level-2 stand-in, then two level-2 bots), as they played it: turn 11, Bob clues
    # 5 on Cathy's yellow 5, yellow at 2; Alice holds the yellow 3 and yellow 4 on slots 1 and 2, nobody else
    # holds either; Cathy waits. Alice blind-plays slot 1, then slot 2 (she played neither).
    game, team = replay("h31/269", Level2Proxy, ("clue 1 rank 1", "play 6", "clue 1 colour 1", "clue 2 rank 1",
                                                 "play 8", "play 13", "discard 0", "play 15", "clue 0 rank 2",
                                                 "discard 2", "clue 2 rank 5", "discard 10"))
    y3, y4 = game.hands[ALICE][:2]
    assert (game.deck[y3], game.deck[y4], game.fireworks[Y]) == (Card(Y, 3), Card(Y, 4), 2)
    plays_then_plays(game, team, ALICE, y3, y4)


def test_level2_proxy_takes_a_prompt_then_a_finesse_page_example() -> None:
    # level 2, The Prompt + Finesse: red 1 played; Bob has a clued card on his slot 5 that may be the red 2 (here a
    # 2 Save); Alice clues red on Cathy's red 4. Bob plays his clued card first, then blind-plays his finesse
    # position at the clue (slot 1, slot 2 after his draw) as the red 3.
    game = position(["x x x x x", "r3 x x x r2", "r4 x x x x"], "r1", current=CATHY, clue_tokens=5, avoid="r2")
    team = seat_observing(game, Level2Proxy)
    r3, r2 = game.hands[BOB][0], game.hands[BOB][4]
    apply(game, team, RankClue(BOB, 2))  # Cathy: a 2 Save
    apply(game, team, ColourClue(CATHY, R))  # Alice
    plays_then_plays(game, team, BOB, r2, r3)


def test_level2_proxy_waits_for_both_blind_plays_of_a_reverse_double_finesse() -> None:
    # level 2, The Double Finesse ("she sees that when the clue happened, there was a red 2 next to the red 1. Thus,
    # Cathy discards, giving Bob a chance to blind-play the red 2") after The Reverse Finesse: Alice clues 3 on
    # Bob's red 3, nothing played; Cathy, after Bob, holds the red 1 and red 2 on slots 1 and 2. After her red 1
    # Bob waits again; after her red 2 he plays his red 3 (deal h31/181, turn 12, with blue: the stand-in played its
    # blue 4 as the blue 3 after the blue 2).
    game = deal([FILLER, [Card(Y, 4), Card(R, 3), Card(G, 4), Card(B, 2), Card(Y, 4)],
                 [Card(R, 1), Card(R, 2), Card(W, 1), Card(W, 2), Card(W, 3)]])
    game.clue_tokens = 5
    team = seat_all(game, Level2Proxy)
    three = game.hands[BOB][1]
    apply(game, team, RankClue(BOB, 3))  # Alice
    for cathy in game.hands[CATHY][:2]:
        apply(game, team, Discard(game.hands[BOB][-1]))  # Bob waits
        apply(game, team, Play(cathy))  # Cathy blind-plays the red 1, then the red 2
        apply(game, team, Discard(game.hands[ALICE][-1]))  # Alice
        d = team[BOB].decide(PlayerView.of(game, BOB))
        assert (d.action == Play(three)) is (game.fireworks[R] == 2), d.explanation


def test_level2_proxy_plays_the_clued_card_it_knows_when_a_second_card_asked_of_it_is_prompted() -> None:
    # Deal h31/102 (the level-2 stand-in, then two level-2 bots), as they played it: turn 5 Bob clues 3 on Alice's
    # red 3 (her chop) and white 3, red at 1 (a Self-Finesse: "Cathy plays her Finesse Position card as any 2 ... she
    # marks her 3 as a red 3"); turn 6 Cathy clues red on Bob's red 4, asking Alice for the red 2 and the red 3
    # (The Prompt + Finesse); she blind-plays the red 2. Her 3 on the chop is then the red 3, the other 3 not: she
    # plays slot 5, not the leftmost 3 (it is the white 3).
    game, team = replay("h31/102", Level2Proxy, ("clue 1 rank 1", "play 9", "clue 0 colour 2", "play 4",
                                                 "clue 0 rank 3", "clue 1 colour 0", "play 16", "clue 2 colour 4",
                                                 "play 10"))
    w3, r3 = game.hands[ALICE][3:]
    assert (game.deck[w3], game.deck[r3], game.fireworks[R]) == (Card(W, 3), Card(R, 3), 2)
    d = team[ALICE].decide(PlayerView.of(game, ALICE))
    assert d.action == Play(r3), d.explanation


def test_stand_in_counts_its_own_clued_card_only_by_what_the_receiver_sees_deal_s24x_74() -> None:
    # Delayed Play Clue: the clued player counts the cards clued elsewhere that will play; the giver's own card
    # counts only as far as the receiver can tell the giver knows it. Deal s24x/74 (the level-2 stand-in with all
    # habits, then two level-2 bots), turn 43: yellow at 2, Bob's clued yellow 3, my yellow card (clued yellow) is
    # the yellow 4, which I know only by the yellow 3 and yellow 5 in Cathy's hand. I clued 5 on her yellow 5 as a
    # delayed play clue through my card; she cannot see her hand, so to her my card may be the yellow 3 or 5.
    game, team = replay("s24x/74", Level2Proxy, ("clue 2 rank 1", "clue 0 rank 1", "play 13", "play 3",
                                                 "clue 2 colour 2", "clue 0 colour 1", "play 0", "clue 0 rank 1",
                                                 "play 10", "play 17", "clue 0 colour 2", "clue 1 colour 4", "play 16",
                                                 "play 9", "clue 1 rank 4", "discard 1", "play 6", "discard 11",
                                                 "discard 2", "discard 5", "clue 1 rank 2", "clue 1 colour 0",
                                                 "play 26", "discard 12", "clue 2 rank 2", "play 8", "play 14",
                                                 "clue 2 colour 0", "discard 21", "play 24", "clue 1 colour 0",
                                                 "play 29", "discard 15", "clue 1 rank 3", "discard 27",
                                                 "clue 0 colour 3", "play 25", "discard 7", "clue 1 colour 3",
                                                 "clue 1 rank 3", "play 35", "discard 18"))
    view = PlayerView.of(game, ALICE)
    y4, y5 = game.hands[ALICE][4], game.hands[CATHY][1]
    assert (game.deck[y4], game.deck[y5], game.fireworks[Y]) == (Card(Y, 4), Card(Y, 5), 2)
    assert view.empathy(y4) == bit(Card(Y, 4).identity)  # I know it, by Cathy's cards
    d = team[ALICE].decide(view)
    assert d.action != RankClue(CATHY, 5), d.explanation


def test_level2_proxy_clues_no_copy_of_a_card_it_waits_to_see_blind_played_deal_h31_181() -> None:
    # Good Touch Principle, with level 2's Reverse and Double Finesse: a card a finesse has called is as good as
    # clued. Deal h31/181 (the level-2 stand-in, then two level-2 bots), as they played it: turn 12 Cathy clues
    # blue on Alice's blue 4, blue at 1; Bob, after Alice, holds the blue 2 on his finesse position, so Alice waits
    # for it. On turn 13 she clued 2 on Cathy's blue 2, the other copy of the card she waits for.
    game, team = replay("h31/181", Level2Proxy, ("clue 1 rank 1", "play 7", "clue 0 colour 0", "clue 1 rank 1",
                                                 "play 8", "clue 1 rank 5", "play 0", "play 15", "clue 1 colour 0",
                                                 "clue 1 colour 2", "play 16", "clue 0 colour 3"))
    bob2, cathy2 = game.hands[BOB][0], game.hands[CATHY][0]
    assert (game.deck[bob2], game.deck[cathy2], game.fireworks[B]) == (Card(B, 2), Card(B, 2), 1)
    view = PlayerView.of(game, ALICE)
    assert not team[ALICE].touches_no_trash(view, RankClue(CATHY, 2))
    d = team[ALICE].decide(view)
    assert not (isinstance(d.action, RankClue | ColourClue) and cathy2 in view.touched(d.action)), d.explanation


def test_level2_proxy_takes_a_double_prompt_on_the_clued_cards_that_can_be_each_card_deal_h31_92() -> None:
    # level 2, The Double Prompt: "he knows that his two red cards must be a red 2 and a red 3 (in order from
    # left-to-right)", and Prompts take precedence over Finesses. Deal h31/92 (the level-3 stand-in, then two level-3
    # bots), as they played it: turn 32 Bob clues yellow on Alice's slot 5 (her chop: the yellow 1, or a yellow 4
    # saved, its other copy discarded) and slot 2; turn 41 he clues yellow on Cathy's yellow 3, yellow at 0, asking
    # Alice for the yellow 1 and 2. Slot 5 cannot be the yellow 2: it is the yellow 1 and slot 2 the yellow 2. She
    # played slot 2 as the yellow 1 (a yellow 2) and marked her finesse position as the yellow 2.
    game, team = replay("h31/92", Level2Proxy, ("clue 1 rank 1", "play 7", "clue 0 colour 0", "clue 1 rank 5",
                                                "clue 2 rank 1", "play 11", "play 2", "clue 2 colour 4", "play 12",
                                                "clue 1 rank 3", "clue 2 rank 5", "play 10", "discard 0", "play 6",
                                                "discard 13", "clue 2 colour 3", "clue 0 colour 3", "play 14",
                                                "discard 1", "discard 8", "play 16", "play 3", "discard 21",
                                                "clue 1 colour 4", "clue 1 rank 2", "play 15", "clue 1 colour 2",
                                                "discard 4", "play 28", "discard 19", "clue 2 rank 4",
                                                "clue 0 colour 1", "play 26", "clue 2 colour 3", "discard 25",
                                                "play 18", "clue 1 colour 2", "play 34", "play 33", "clue 2 rank 2",
                                                "clue 2 colour 1", "play 37"))
    y2, y1 = game.hands[ALICE][1], game.hands[ALICE][4]
    assert (game.deck[y2], game.deck[y1], game.fireworks[Y]) == (Card(Y, 2), Card(Y, 1), 0)
    assert "finesse" not in team[ALICE].marked.values()
    plays_then_plays(game, team, ALICE, y1, y2)
