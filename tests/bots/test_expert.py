"""The expert bot: hat clues decode to what the giver meant, hat-called plays succeed, legal and strong play."""

from __future__ import annotations

import statistics

import pytest

from hanabi_desktop.bots import expert_hat as hat
from hanabi_desktop.bots.expert import ExpertBot
from hanabi_desktop.bots.simulate import play_game
from hanabi_desktop.engine import Card, ColourClue, Discard, Game, Play, PlayerView, RankClue, get_variant


def new_team(game: Game) -> list[ExpertBot]:
    return [ExpertBot(s, game.players, game.variant, s) for s in range(game.players)]


def step(game: Game, team: list[ExpertBot]) -> tuple[int, object, str]:
    """One decision and its application; every bot observes the result."""
    seat = game.current
    decision = team[seat].decide(PlayerView.of(game, seat))
    assert decision.action in PlayerView.of(game, seat).legal
    game.apply(decision.action)
    for bot in team:
        bot.observe(PlayerView.of(game, bot.seat))
    return seat, decision.action, decision.explanation


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hat_clue_is_decoded_by_every_receiver_as_the_giver_meant(players: int) -> None:
    checked = 0
    for k in range(6):
        game = Game.new(get_variant("classic"), players, seed=f"decode/{players}/{k}")
        team = new_team(game)
        while not game.over and checked < 12:
            giver = game.current
            view = PlayerView.of(game, giver)
            bot = team[giver]
            bot._sync(view)
            plan = hat.layout(view, bot.tables, giver)
            total = sum(c for _, c in plan)
            _, intended = hat.hat_sum(view, bot.tables, giver, total)
            seat, action, text = step(game, team)
            if not isinstance(action, ColourClue | RankClue) or total < 2:
                continue
            assert text.startswith("hat clue")
            checked += 1
            for p, masks in intended.items():
                receiver = team[p]
                for order, mask in masks.items():
                    got = receiver.tables.hat.get(order, game.variant.all_mask) & view.knowledge[order]
                    # the receiver narrowed its own card to what the giver meant, and that holds the real card
                    assert got & ~mask == 0, (p, order)
                    assert got & (1 << game.card(order).identity)
    assert checked >= 12


@pytest.mark.parametrize("players", [2, 3, 5])
def test_public_tables_agree_and_hold_the_real_cards(players: int) -> None:
    game = Game.new(get_variant("classic"), players, seed=f"tables/{players}")
    team = new_team(game)
    while not game.over:
        step(game, team)
        for order in (o for hand in game.hands for o in hand):
            masks = {bot.tables.hat.get(order, game.variant.all_mask) for bot in team}
            assert len(masks) == 1, f"bots disagree about card {order} on turn {game.turn}"
            assert masks.pop() & (1 << game.card(order).identity)


def test_cards_the_hat_calls_playable_are_played_and_score() -> None:
    hat_plays = 0
    for k in range(8):
        game = Game.new(get_variant("classic"), 4, seed=f"plays/{k}")
        team = new_team(game)
        while not game.over:
            card = None
            seat = game.current
            strikes = game.strikes
            seat, action, text = step(game, team)
            if isinstance(action, Play) and "the hat says" in text:
                card = action.card
                hat_plays += 1
                assert game.strikes == strikes, f"hat-called card {card} misplayed: {text}"
    assert hat_plays >= 100


def test_same_seed_same_game() -> None:
    a = play_game(["expert"], 3, "classic", "det")
    b = play_game(["expert"], 3, "classic", "det")
    assert a.actions == b.actions


@pytest.mark.parametrize(("variant", "options"), [
    ("rainbow", ("empty_clues",)),
    ("black-powder", ()),
    ("avalanche-black-powder", ("empty_clues",)),
    ("flamboyants", ()),
    ("deluxe", ("final_flourish",)),
    ("six-suits-short", ("final_flourish", "flamboyants")),
])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_legal_explained_games_in_variants(variant: str, options: tuple[str, ...], players: int) -> None:
    # play_game raises BotFault on an illegal action or a missing explanation
    for k in range(2):
        result = play_game(["expert"], players, variant, f"var/{k}", options)
        assert result.turns > 10


def test_three_player_self_play_is_strong() -> None:
    scores = [play_game(["expert"], 3, "classic", f"strength/{i}").score for i in range(30)]
    assert statistics.fmean(scores) >= 22.0
    assert sum(s == 25 for s in scores) >= 10


def test_description_says_no_person_follows_it() -> None:
    assert ExpertBot.name == "expert"
    assert ExpertBot.human_style is False
    assert "hat" in ExpertBot.description.lower()


def test_discard_keeps_a_possible_last_copy_over_a_likely_duplicate() -> None:
    # Bob holds a yellow 3; our slot 5 is that yellow 3 or red 5 (so a 50% duplicate, but a last copy otherwise),
    # slot 4 some 2 or 3 nobody holds (never a last copy): throw slot 4
    game = Game.new(get_variant("classic"), 2, seed="discard/1")
    view = PlayerView.of(game, 0)
    assert Card(1, 3) in [view.visible[o] for o in view.hands[1]]
    bot = ExpertBot(0, 2, game.variant)
    hand = view.my_hand
    ids = {hand[4]: [Card(1, 3), Card(0, 5)], hand[3]: [Card(0, 2), Card(2, 2), Card(3, 3)],
           hand[2]: [Card(2, 5)], hand[1]: [Card(3, 5)], hand[0]: [Card(4, 5)]}
    mine = {o: sum(1 << c.identity for c in cards) for o, cards in ids.items()}
    trash = view.trash_mask()
    decision = bot.discard(view, mine, trash, view.remaining())
    assert decision.action == Discard(hand[3])


def test_two_players_a_warning_clue_saves_the_partners_next_discard() -> None:
    warnings = thrown = 0
    for k in range(40):
        game = Game.new(get_variant("classic"), 2, seed=f"warn/{k}")
        team = new_team(game)
        while not game.over:
            bot = team[game.current]
            bot._sync(PlayerView.of(game, game.current))
            card = bot.partner_next_discard(PlayerView.of(game, game.current))
            _, _, text = step(game, team)
            if "warning" not in text or game.over:
                continue
            warnings += 1
            # the clue was given because the card the partner would throw next is a last copy...
            assert card is not None and game.is_critical(game.card(card))
            _, reply, _ = step(game, team)
            thrown += reply == Discard(card)
    # ... and the partner seldom throws it anyway
    assert warnings >= 20
    assert thrown <= warnings // 5


def test_near_the_end_of_the_deck_a_clue_beats_a_guessed_discard() -> None:
    for k in range(10):
        game = Game.new(get_variant("classic"), 2, seed=f"stall/{k}")
        team = new_team(game)
        while not game.over:
            deck, tokens = game.deck_count, game.clue_tokens
            _, action, text = step(game, team)
            if 0 < deck <= 9 and tokens > 0 and isinstance(action, Discard):
                assert "trash" in text, text
