"""The conventions bot on several threads at once (the bots' worker, the hint and the review threads)."""

from __future__ import annotations

import sys
import threading

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.engine import Game, PlayerView, get_variant


def play(seed: str, players: int = 3) -> list[str]:
    """One whole self-play game's decisions, as text."""
    game = Game.new(get_variant("classic"), players, seed)
    bots = [ConventionsBot(s, players, game.variant, level=2) for s in range(players)]
    out = []
    while not game.over:
        decision = bots[game.current].decide(PlayerView.of(game, game.current))
        out.append(f"{decision.action} {decision.explanation}")
        game.apply(decision.action)
        for s, bot in enumerate(bots):
            bot.observe(PlayerView.of(game, s))
    return out


def test_bots_on_several_threads_decide_as_they_do_alone() -> None:
    seeds = [f"threads/{i}" for i in range(4)]
    alone = {seed: play(seed) for seed in seeds}
    together: dict[str, list[str]] = {}

    def run(seed: str) -> None:
        together[seed] = play(seed)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, to interleave the bots' caches
    try:
        threads = [threading.Thread(target=run, args=(seed,)) for seed in seeds]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert together == alone

