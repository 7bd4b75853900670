"""What every registered bot must do: legal, explained, deterministic play in every variant, blind to its own hand."""

from __future__ import annotations

import random

import pytest

from hanabi_desktop.bots import registry
from hanabi_desktop.bots import simulate as sim
from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import PRESETS, Card, Game, PlayerView, Recover, Variant, get_variant
from hanabi_desktop.engine.cards import bit

# the stand-ins with human habits too (every habit, and every habit often), seated by their spec
BOTS = [*registry.available(), "beginner-proxy+all", "level2-proxy+all=0.5"]

OPTION_SETS = [
    ("classic", ("empty_clues",), 2),
    ("classic", ("final_flourish",), 3),
    ("classic", ("flamboyants",), 4),
    ("rainbow", ("empty_clues", "final_flourish", "flamboyants"), 5),
    ("avalanche-black-powder", ("empty_clues", "final_flourish"), 2),
]


def _players_for(key: str) -> int:
    return 2 + sorted(PRESETS).index(key) % 4  # every count from 2 to 5 comes up across the presets


@pytest.mark.parametrize("bot", BOTS)
def test_plays_legal_explained_games_in_every_preset(bot: str) -> None:
    # play_game raises BotFault on an illegal action or an explanation that is not one non-empty line
    for key in sorted(PRESETS):
        result = sim.play_game([bot], _players_for(key), key, seed=f"generic/{key}")
        assert result.end_reason
        assert result.explanations == len(result.decision_seconds) >= result.turns > 0


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize(("key", "options", "players"), OPTION_SETS)
def test_plays_legal_games_with_rule_options(bot: str, key: str, options: tuple[str, ...], players: int) -> None:
    result = sim.play_game([bot], players, key, seed=f"options/{key}", options=options)
    variant = sim.make_variant(key, options)
    if variant.final_flourish:
        assert result.score in (0, variant.max_score)
        assert result.end_reason != "deck_out"


def test_random_bot_fuzzes_every_preset_and_player_count() -> None:
    for key in sorted(PRESETS):
        for players in range(2, 6):
            for options in ((), ("empty_clues", "final_flourish", "flamboyants")):
                sim.play_game(["random"], players, key, seed=f"fuzz/{key}/{players}", options=options)


def test_mixed_team_plays_legally() -> None:
    seats = [BOTS[i % len(BOTS)] for i in range(4)]
    result = sim.play_game(seats, 4, "classic", seed="mixed")
    assert result.turns > 0


@pytest.mark.parametrize("bot", BOTS)
def test_bots_are_deterministic_for_a_seed(bot: str) -> None:
    first = sim.play_game([bot], 3, "rainbow", seed="determinism", options=("flamboyants",))
    again = sim.play_game([bot], 3, "rainbow", seed="determinism", options=("flamboyants",))
    assert first.actions == again.actions
    assert first.score == again.score


@pytest.mark.parametrize("bot", BOTS)
def test_decide_never_sees_its_own_cards(bot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[PlayerView] = []

    def spying_create(name: str, seat: int, players: int, variant: Variant, seed: int | str = 0) -> Bot:
        inner = registry.create(name, seat, players, variant, seed)
        original = inner.decide

        def decide(view: PlayerView) -> Decision:
            seen.append(view)
            return original(view)

        inner.decide = decide  # type: ignore[method-assign]
        return inner

    monkeypatch.setattr(sim, "create", spying_create)
    sim.play_game([bot], 3, "classic", seed="blind")
    assert seen
    for view in seen:
        assert view.my_hand and not set(view.my_hand) & set(view.visible)
        assert all(o in view.visible for s, hand in enumerate(view.hands) if s != view.seat for o in hand)


# ------------------------------------------------------------------------------------------------------
# The hidden-card test: a bot's decisions depend on nothing its view does not show.
# ------------------------------------------------------------------------------------------------------

def _team(name: str, game: Game) -> list[Bot]:
    return [registry.create(name, s, game.players, game.variant, f"{game.seed}/{s}") for s in range(game.players)]


def _play_until(name: str, variant: Variant, players: int, seed: str, turns: int) -> Game:
    game = Game.new(variant, players, seed=seed)
    team = _team(name, game)
    while not game.over and (game.turn < turns or game.pending is not None):
        game.apply(team[game.current].decide(PlayerView.of(game, game.current)).action)
        for s, bot in enumerate(team):
            bot.observe(PlayerView.of(game, s))
    return game


def _position(name: str, variant: Variant, players: int, seed: str, turns: int) -> Game:
    """The game after about `turns` turns of self-play (half the game if it ends sooner)."""
    game = _play_until(name, variant, players, seed, turns)
    if not game.over:
        return game
    target = max(1, game.turn // 2)
    cut = Game(variant, players, game.deck, tiles=game.initial_tiles, seed=game.seed)
    for action in game.actions:
        if cut.turn >= target and cut.pending is None:
            break
        cut.apply(action)
    return cut


def _alternative_deck(game: Game, seat: int, rng: random.Random) -> list[Card]:
    """The deck with `seat`'s hand re-dealt from the cards it cannot see, each consistent with its clues.

    A card may take identity i only if i is in its clue knowledge, so every clue touched exactly the cards it
    did and the same history replays; the cards `seat` can see keep their identities.
    """
    deck = list(game.deck)
    hand = list(game.hands[seat])
    hidden = hand + list(game.draw_pile)
    for _ in range(3):
        for o in rng.sample(hand, len(hand)):
            partners = [
                u for u in hidden
                if u != o and bit(deck[u].identity) & game.knowledge[o]
                and (u not in hand or bit(deck[o].identity) & game.knowledge[u])
            ]
            if partners:
                u = rng.choice(partners)
                deck[o], deck[u] = deck[u], deck[o]
    return deck


def _replayed_decision(name: str, original: Game, deck: list[Card], seat: int) -> Decision:
    """Deal `deck`, replay `original`'s actions with a fresh bot in `seat` (deciding on its turns), decide."""
    game = Game(original.variant, original.players, deck, tiles=original.initial_tiles, seed=original.seed,
                names=original.names)
    bot = _team(name, game)[seat]
    for action in original.actions:
        if game.current == seat:
            earlier = bot.decide(PlayerView.of(game, seat))
            resolved = action.card if isinstance(action, Recover) else None  # bots leave the position to the game
            assert earlier.action in (action, Recover(resolved) if resolved is not None else action)
        game.apply(action)
        bot.observe(PlayerView.of(game, seat))
    return bot.decide(PlayerView.of(game, seat))


HIDDEN_CASES = [
    ("classic", 2, 12), ("classic", 3, 20), ("rainbow", 4, 16), ("avalanche-black-powder", 5, 10),
    ("six-suits-short", 3, 25),
]


@pytest.mark.parametrize("bot", BOTS)
def test_decisions_do_not_depend_on_own_hidden_cards(bot: str) -> None:
    rng = random.Random(11)
    changed = 0
    for key, players, turns in HIDDEN_CASES:
        game = _position(bot, get_variant(key), players, f"hidden/{key}", turns)
        assert not game.over
        seat = game.current
        reference = _replayed_decision(bot, game, list(game.deck), seat)
        for _ in range(3):
            deck = _alternative_deck(game, seat, rng)
            changed += any(deck[o] != game.deck[o] for o in game.hands[seat])
            assert _replayed_decision(bot, game, deck, seat) == reference, (key, players, turns)
    assert changed >= 10  # the alternatives really changed the hidden hand


class _PeekingBot(Bot):
    """Plays the newest card if it is truly playable: it cheats through a reference to the game."""

    name = "peeking"
    description = "cheats"
    game: Game

    def decide(self, view: PlayerView) -> Decision:
        newest = view.my_hand[0]
        if self.game.is_playable(self.game.card(newest)):
            return Decision(view.legal[0], "peek: play")
        return Decision(view.legal[-1], "peek: clue")


def test_the_hidden_card_test_catches_a_peeking_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.BOTS, "peeking", f"{__name__}:_PeekingBot")
    game = Game.new(get_variant("classic"), 2, seed="peek")
    rng = random.Random(3)
    decisions = set()
    for _ in range(20):
        deck = _alternative_deck(game, 0, rng)
        _PeekingBot.game = Game(game.variant, 2, deck, seed=game.seed)
        decisions.add(_replayed_decision("peeking", game, deck, 0))
    assert len(decisions) == 2
