"""Measure the solver: `python -m hanabi_desktop.measure.solverbench deals|reference|curve ...` (one core; use nice).

- `deals`: random deals (default 250 per player count 2-5, No Variant; `--deluxe` 40 of each Deluxe preset),
  each solved from the deal within `--budget` seconds: share solved exactly, median and p95 seconds, and the
  bounds of the others. One JSON line per deal is appended to `--out` as it is solved, so a run cut short still
  counts; `summary FILE...` reads such files again.
- `reference`: endgames reached by conventions bots (clue tokens and error tokens then drawn at random), solved by
  the solver and by `reference.exhaustive_best`: how many agree, and the time of each.
- `curve`: `review_game` on record files: seconds per whole game and how many turns are exact.
- `games`: the same on whole games played by bots (`--bot`, default the mistake-making beginner proxy).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from hanabi_desktop.engine import Game, GameRecord, PlayerView, get_variant
from hanabi_desktop.review.solver import solve

DELUXE = ("colour-avalanche", "black-powder", "flamboyants", "avalanche-black-powder", "deluxe")


def deal_specs(per_count: int, deluxe: int) -> Iterator[tuple[str, int, str]]:
    """(variant key, players, deck seed) of every deal of a run: No Variant first, then the Deluxe presets."""
    for players in (2, 3, 4, 5):
        for i in range(per_count):
            yield "classic", players, f"solverbench/{players}/{i}"
    for key in DELUXE:
        for i in range(deluxe):
            yield key, 2 + i % 4, f"solverbench/{key}/{i}"


def solve_deal(key: str, players: int, seed: str, budget: float, cpu_budget: bool = True) -> dict:
    """Solve one deal from its start; what the run records of it. The budget counts CPU seconds of this process
    (on a shared machine the wall-clock would measure the neighbours), or wall-clock seconds."""
    game = Game.new(get_variant(key), players, seed=seed)
    cpu = time.process_time()
    wall = time.perf_counter()
    sol = solve(game, budget, time.process_time if cpu_budget else time.perf_counter)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    replayed = game.clone()
    for a in sol.line:
        replayed.apply(a)
    assert replayed.over and replayed.score == sol.bound.low, "the line found must reach the lower bound"
    return {"variant": key, "players": players, "seed": seed, "low": sol.bound.low, "high": sol.bound.high,
            "exact": sol.bound.exact, "seconds": round(wall, 4), "cpu": round(cpu, 4), "nodes": sol.nodes,
            "budget": f"{budget} s {'CPU' if cpu_budget else 'wall-clock'}"}


def summarize(rows: list[dict]) -> str:
    """The figures of a run, by group (No Variant by player count, then each Deluxe preset), then overall."""
    groups: dict[str, list[dict]] = {}
    for r in rows:
        name = f"No Variant, {r['players']}p" if r["variant"] == "classic" else r["variant"]
        groups.setdefault(name, []).append(r)
    classic = [r for r in rows if r["variant"] == "classic"]
    deluxe = [r for r in rows if r["variant"] != "classic"]
    lines = [f"{'group':<26} {'deals':>5} {'exact':>7} {'wall p50':>9} {'p95':>7} {'max':>7} "
             f"{'cpu p50':>8} {'cpu p95':>8}  best scores (budget: {rows[0].get('budget', '?') if rows else '?'})"]
    for name, rs in [*groups.items(), ("No Variant, all", classic), ("Deluxe, all", deluxe), ("all", rows)]:
        if not rs:
            continue
        secs = sorted(r["seconds"] for r in rs)
        exact = sum(r["exact"] for r in rs)
        p95 = secs[min(len(secs) - 1, int(round(0.95 * (len(secs) - 1))))]
        scores: dict[str, int] = {}
        for r in rs:
            k = str(r["low"]) if r["exact"] else f"{r['low']}-{r['high']}"
            scores[k] = scores.get(k, 0) + 1
        top = ", ".join(f"{k}: {v}" for k, v in sorted(scores.items(), key=lambda kv: -kv[1])[:5])
        cpu = sorted(r.get("cpu", r["seconds"]) for r in rs)
        cpu95 = cpu[min(len(cpu) - 1, int(round(0.95 * (len(cpu) - 1))))]
        lines.append(f"{name:<26} {len(rs):>5} {exact / len(rs):>7.1%} {statistics.median(secs):>9.3f} "
                     f"{p95:>7.3f} {secs[-1]:>7.2f} {statistics.median(cpu):>8.3f} {cpu95:>8.3f}  {top}")
    return "\n".join(lines)


def _read_rows(paths: list[str]) -> list[dict]:
    rows = []
    for p in paths:
        for line in Path(p).read_text().splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def run_deals(args: argparse.Namespace) -> int:
    done = set()
    out = Path(args.out)
    if out.exists():  # resume a run cut short
        done = {r["seed"] for r in _read_rows([str(out)])}
    with out.open("a") as f:
        for key, players, seed in deal_specs(args.per_count, args.deluxe):
            if seed in done:
                continue
            row = solve_deal(key, players, seed, args.budget, args.clock == "cpu")
            f.write(json.dumps(row) + "\n")
            f.flush()
    print(summarize(_read_rows([str(out)])))
    return 0


def endgame(key: str, players: int, seed: str, deck_left: int) -> Game | None:
    """A position `deck_left` cards from the end of a conventions-bot game, clue and error tokens drawn at random."""
    from hanabi_desktop.bots.registry import create

    v = get_variant(key)
    game = Game.new(v, players, seed=seed)
    bots = [create("conventions", s, players, v, f"{seed}/{s}") for s in range(players)]
    while not game.over and game.deck_count > deck_left:
        game.apply(bots[game.current].decide(PlayerView.of(game, game.current)).action)
        for s, b in enumerate(bots):
            b.observe(PlayerView.of(game, s))
    if game.over or game.pending is not None:
        return None
    rng = random.Random(seed)
    game.clue_tokens = rng.randint(0, 8)
    game.strikes = rng.randint(0, 2)
    return game


def run_reference(args: argparse.Namespace) -> int:
    from hanabi_desktop.review.reference import exhaustive_best

    keys = args.variants.split(",")
    agree = total = 0
    t_ref = t_solver = 0.0
    for key in keys:
        for i in range(args.count):
            players = 2 + i % 2
            deck = 0 if players == 3 or key == "final-flourish" else (i // 2) % (args.deck + 1)  # else too slow
            game = endgame(key, players, f"reference/{key}/{i}", deck)
            if game is None:
                continue
            start = time.perf_counter()
            best = exhaustive_best(game)
            t_ref += time.perf_counter() - start
            sol = solve(game, 60.0)
            t_solver += sol.seconds
            total += 1
            if sol.bound.exact and sol.bound.low == best:
                agree += 1
            else:
                print(f"DISAGREE {key} {i}: reference {best}, solver {sol.bound}", flush=True)
        print(f"{key}: {total} endgames so far, {agree} agree; reference {t_ref:.1f} s, solver {t_solver:.2f} s",
              flush=True)
    print(f"{total} endgames ({', '.join(keys)}; 2 players with 0-{args.deck} cards left, 3 with 0): "
          f"the solver agrees on {agree}; "
          f"reference {t_ref:.1f} s, solver {t_solver:.2f} s in all")
    return 0 if agree == total else 1


def run_curve(args: argparse.Namespace) -> int:
    from hanabi_desktop.review.report import review_game

    for path in args.files:
        record = GameRecord.loads(Path(path).read_text())
        start = time.perf_counter()
        review = review_game(record, budget_s=args.budget)
        secs = time.perf_counter() - start
        exact = sum(b.exact for b in review.max_by_turn)
        print(f"{path}: {len(record.actions)} actions, {secs:.2f} s, best {review.max_score}, "
              f"{exact}/{len(review.max_by_turn)} positions exact, drops at turns "
              f"{[t.turn for t in review.turns if t.lost]}", flush=True)
    return 0


def bot_record(bot: str, players: int, seed: str, variant: str = "classic") -> GameRecord:
    """The record of a whole game played by `bot` in every seat (as `simulate` seats them)."""
    from hanabi_desktop.bots.registry import create

    v = get_variant(variant)
    game = Game.new(v, players, seed=seed)
    bots = [create(bot, s, players, v, f"{seed}/{s}") for s in range(players)]
    while not game.over:
        game.apply(bots[game.current].decide(PlayerView.of(game, game.current)).action)
        for s, b in enumerate(bots):
            b.observe(PlayerView.of(game, s))
    return GameRecord.of(game)


def run_games(args: argparse.Namespace) -> int:
    from hanabi_desktop.review.report import review_game

    rows = []
    for players in (2, 3, 4, 5):
        for i in range(args.count):
            record = bot_record(args.bot, players, f"curve/{players}/{i}", args.variant)
            start = time.perf_counter()
            review = review_game(record, budget_s=args.budget)
            secs = time.perf_counter() - start
            curve = review.max_by_turn
            rows.append((players, secs, sum(b.exact for b in curve) / len(curve), review.max_score.exact,
                         sum(bool(t.lost) for t in review.turns), len(record.actions)))
    secs = sorted(r[1] for r in rows)
    print(f"{len(rows)} games of {args.bot} bots ({args.variant}, 2-5 players), review_game budget {args.budget} s:")
    print(f"  seconds per whole game: median {statistics.median(secs):.2f}, "
          f"p95 {secs[min(len(secs) - 1, round(0.95 * (len(secs) - 1)))]:.2f}, max {secs[-1]:.2f}; "
          f"actions per game: median {statistics.median(r[5] for r in rows):.0f}")
    print(f"  deal's best score exact: {sum(r[3] for r in rows)}/{len(rows)}; positions exact: "
          f"{statistics.mean(r[2] for r in rows):.1%} on average; turns with a proven drop: "
          f"{sum(r[4] for r in rows)} in all")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hanabi_desktop.measure.solverbench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("deals", help="solve random deals from the start")
    p.add_argument("--per-count", type=int, default=250, help="No Variant deals per player count (2-5)")
    p.add_argument("--deluxe", type=int, default=40, help="deals of each of the 5 Deluxe presets")
    p.add_argument("--budget", type=float, default=5.0)
    p.add_argument("--out", default="solverbench.jsonl", help="JSON lines, appended (a rerun resumes)")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="what the budget counts: this process's CPU seconds (default) or wall-clock seconds")
    p.set_defaults(func=run_deals)
    p = sub.add_parser("summary", help="the figures of earlier `deals` runs")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=lambda a: print(summarize(_read_rows(a.files))) or 0)
    p = sub.add_parser("reference", help="check the solver against exhaustive search on small endgames")
    p.add_argument("--variants", default="classic,black-powder,rainbow,six-suits-short,final-flourish,flamboyants")
    p.add_argument("--count", type=int, default=20, help="endgames per variant")
    p.add_argument("--deck", type=int, default=1, help="at most this many cards left in the deck")
    p.set_defaults(func=run_reference)
    p = sub.add_parser("curve", help="time the per-turn review of whole recorded games")
    p.add_argument("files", nargs="+")
    p.add_argument("--budget", type=float, default=5.0)
    p.set_defaults(func=run_curve)
    p = sub.add_parser("games", help="time the per-turn review of whole bot games (count per player count)")
    p.add_argument("--bot", default="beginner-proxy", help="the bot in every seat (a weak one makes mistakes)")
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--variant", default="classic")
    p.add_argument("--budget", type=float, default=5.0)
    p.set_defaults(func=run_games)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
