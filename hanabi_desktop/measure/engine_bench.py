"""Engine speed: whole games of uniformly random legal play, ours against the Hanabi Learning Environment.

Run with `hanabi-desktop bench`. Reported numbers are medians of several runs (machines here are noisy).
`bench --processes` times whole processes instead, started side by side in turn: `simulate --bot random`
(interpreter start, imports, the simulator's checks and a view per decision included) against a Python process
that drives HLE's C++ engine through its binding with the same random play.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
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
        from hanabi_desktop.measure import hle_crosscheck as hle_module

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


# HLE's C++ engine driven from Python, as one process: what `hle_random_games_per_second` does, with nothing
# of ours imported (so the process pays only for HLE).
HLE_PROCESS = """
import random, sys
from hanabi_learning_environment import pyhanabi
players, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
game = pyhanabi.HanabiGame({"players": players, "seed": seed, "random_start_player": False})
chance = pyhanabi.CHANCE_PLAYER_ID
for i in range(games):
    rng = random.Random(i)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.cur_player() == chance:
            state.deal_random_card()
        else:
            state.apply_move(rng.choice(state.legal_moves()))
"""


def _process_seconds(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def run_process_benchmark(player_counts: list[int], games: int, seed: int, repeats: int, compare_hle: bool) -> int:
    """Print whole-process seconds (median of `repeats`) of `simulate --bot random` and of HLE driven from Python."""
    hle = False
    if compare_hle:
        from hanabi_desktop.measure import hle_crosscheck as hle_module

        hle = hle_module.hle_available()
    print(f"whole processes, {games} games of random legal play each, median of {repeats} runs, side by side")
    print(f"{'players':>7}  {'simulate s':>10}  {'HLE s':>10}  {'speed ratio':>11}")
    for n in player_counts:
        ours_argv = [sys.executable, "-m", "hanabi_desktop", "simulate", "--bot", "random", "--players", str(n),
                     "--games", str(games), "--seed", str(seed), "--jobs", "1"]
        hle_argv = [sys.executable, "-c", HLE_PROCESS, str(n), str(games), str(seed)]
        ours_t: list[float] = []
        hle_t: list[float] = []
        for _ in range(repeats):
            ours_t.append(_process_seconds(ours_argv))
            if hle:
                hle_t.append(_process_seconds(hle_argv))
        ours = statistics.median(ours_t)
        if hle:
            theirs = statistics.median(hle_t)
            print(f"{n:>7}  {ours:>10.2f}  {theirs:>10.2f}  {theirs / ours:>11.2f}")
        else:
            print(f"{n:>7}  {ours:>10.2f}  {'n/a':>10}  {'':>11}")
    if not hle and compare_hle:
        print("(HLE not installed: CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment)")
    return 0
