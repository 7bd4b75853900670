"""Engine speed: whole games of uniformly random legal play, ours against the Hanabi Learning Environment.

Run with `hanabi-desktop bench`. Reported numbers are medians of several runs (machines here are noisy).
"""

from __future__ import annotations

import random
import statistics
import time

from hanabi_desktop.engine import Game, get_variant


def random_games_per_second(players: int, games: int, seed: int) -> float:
    """Play `games` random games with our engine and return games per second."""
    variant = get_variant("classic")
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(variant, players, seed=f"{seed}/{i}")
        rng = random.Random(i)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
    return games / (time.perf_counter() - start)


def run_engine_benchmark(player_counts: list[int], games: int, seed: int, repeats: int, compare_hle: bool) -> int:
    """Print a table of games/second (median of `repeats`) for each player count."""
    hle = None
    if compare_hle:
        from hanabi_desktop.crosscheck import hle as hle_module

        hle = hle_module if hle_module.hle_available() else None
    print(f"random legal play, {games} games per run, median of {repeats} runs")
    print(f"{'players':>7}  {'ours g/s':>10}  {'HLE g/s':>10}  {'ratio':>6}")
    for n in player_counts:
        ours = statistics.median(random_games_per_second(n, games, seed) for _ in range(repeats))
        if hle is not None:
            theirs = statistics.median(hle.hle_random_games_per_second(n, games, seed) for _ in range(repeats))
            print(f"{n:>7}  {ours:>10.0f}  {theirs:>10.0f}  {ours / theirs:>6.2f}")
        else:
            print(f"{n:>7}  {ours:>10.0f}  {'n/a':>10}  {'':>6}")
    if hle is None and compare_hle:
        print("(HLE not installed: CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment)")
    return 0
