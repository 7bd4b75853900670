"""The bot as reader, level 3, 3 players: after the Early Game, a clue its giver had to give (8 clue tokens or a
locked hand) that only a Double or triple Finesse would explain calls no blind play. Levels 1-3 leave a player with
nothing to play or save and no 5 to stall on no clue that means nothing (level 2's only stall is the 5 Stall), so
people forced to clue give one that reads as several blind plays in a row; the bot waits instead (a listed
difference, stricter than the guide). In the Early Game it still reads them: a Double Finesse is a common first
clue."""

from __future__ import annotations

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.engine import Game, Play, PlayerView, get_variant, parse_action
from tests.bots.positions import ALICE, BOB


def mixed(seed: str, moves: str) -> tuple[Game, list]:
    """Deal `seed` for 3 players, the careful level-3 stand-in in Alice's seat and the level-3 bot in the others,
    and play `moves` (action texts, comma-separated, as a run played them); every seat reads each."""
    game = Game.new(get_variant("classic"), 3, seed=seed)
    team = [Level3Proxy(ALICE, 3, game.variant), *(ConventionsBot(s, 3, game.variant, level=3) for s in (1, 2))]
    for s, bot in enumerate(team):
        bot.observe(PlayerView.of(game, s))
    for text in moves.split(","):
        game.apply(parse_action(text.strip()))
        for s, bot in enumerate(team):
            bot.observe(PlayerView.of(game, s))
    return game, team


def test_a_forced_4_in_the_mid_game_calls_no_double_finesse() -> None:
    # Deal t40/325 turn 7: green 1 and blue 1 played, 8 tokens after two discards; Alice, with nothing to do, clues
    # 4 again to Cathy (w4 r4 b4 touched). Bob (w2 b3 w2 b2 r4) read a Double Finesse on his slots 2 and 3 for the
    # blue 4 and blind-played his blue 3
    game, team = mixed("t40/325", "clue 1 rank 1, play 6, discard 10, clue 2 rank 4, play 9, discard 14, clue 2 rank 4")
    assert game.current == BOB and game.clue_tokens == 7
    d = team[BOB].decide(PlayerView.of(game, BOB))
    assert not isinstance(d.action, Play), d.explanation
