"""The `simulate`, `compare`, `partners` and `bots` subcommands of `hanabi-desktop` (headless: never imports
pygame)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanabi_desktop.bots.simulate import SimulationResult

from hanabi_desktop.engine import HanabiError

USAGE_ERROR = 2
BOT_FAULT = 1
NOT_SAVED = 1  # `simulate --save-games`: the results printed, the file not written


def _fail(message: str) -> int:
    print(f"hanabi-desktop: error: {message}", file=sys.stderr)
    return USAGE_ERROR


def _cmd_simulate(args: argparse.Namespace) -> int:
    from hanabi_desktop.bots.simulate import BotFault, simulate_games

    options = [name for name in ("empty_clues", "final_flourish", "flamboyants") if getattr(args, name)]
    try:
        result, games = simulate_games(args.bot or ["conventions"], args.players, args.games, args.seed,
                                       args.variant, options, args.jobs)
    except BotFault as exc:
        print(f"hanabi-desktop: bot error: {exc}", file=sys.stderr)
        return BOT_FAULT
    except HanabiError as exc:
        return _fail(str(exc))
    out = result.as_json() if args.json else result.as_text()
    if args.misplays:
        notes = [n for g in games for n in g.misplay_notes]
        if args.json:
            out["misplay_notes"] = notes
        else:
            out += "".join("\n" + n for n in notes)
    print(json.dumps(out) if args.json else out, flush=True)
    if args.save_games is not None:  # after the results: a disk that refuses the file loses none of them
        from hanabi_desktop.bots.paired import GameSet, save_games
        from hanabi_desktop.storage import disk_problem

        try:
            save_games(args.save_games, GameSet.of(result, games))
        except OSError as exc:
            print(f"hanabi-desktop: error: the games were not saved to {args.save_games}: {disk_problem(exc)}",
                  file=sys.stderr)
            return NOT_SAVED
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    from hanabi_desktop.bots.paired import compare, compare_folders, folder_line, load_games

    try:
        if args.a.is_dir() and args.b.is_dir():
            for name, c in compare_folders(args.a, args.b):
                print(folder_line(name, c))
        elif args.a.is_dir() or args.b.is_dir():
            return _fail("compare two files of games, or two folders of them, not one of each")
        else:
            print(compare(load_games(args.a), load_games(args.b)).as_text())
    except HanabiError as exc:
        return _fail(str(exc))
    return 0


def _saving_run(folder: Path) -> Callable[..., SimulationResult]:
    """`simulate` that also keeps each run's games in `folder` (`paired.run_file`), for `compare`."""
    from hanabi_desktop.bots.paired import GameSet, run_file, save_games
    from hanabi_desktop.bots.simulate import simulate_games

    def run(bots: Sequence[str], players: int, games: int, seed: str, jobs: int | None = None) -> SimulationResult:
        result, played = simulate_games(bots, players, games, seed, jobs=jobs)
        save_games(folder / run_file(result.bots, players), GameSet.of(result, played))
        return result

    return run


def _cmd_partners(args: argparse.Namespace) -> int:
    from hanabi_desktop.bots.conventions.policy import LEVELS
    from hanabi_desktop.bots.partners import HEADER, STAND_INS, rows
    from hanabi_desktop.bots.simulate import BotFault, simulate

    levels = args.level or list(LEVELS)
    habits = args.stand_in or list(STAND_INS)
    for what, given, choices in (("level", levels, LEVELS), ("stand-in", habits, STAND_INS)):
        bad = [g for g in given if g not in choices]
        if bad:
            return _fail(f"unknown {what} {bad[0]!r}; choose from: {', '.join(choices)}")
    print(f"{args.games} games a cell, seed {args.seed}; the bot conventions@LEVEL, the stand-in the "
          "beginner-proxy (levels beginner, 1), the level2-proxy (level 2) or the level3-proxy (level 3) with the habit "
          "named")
    print(HEADER, flush=True)
    try:
        run = simulate if args.save_games is None else _saving_run(args.save_games)
        for row in rows(levels, args.players or [2, 3], habits, args.games, args.seed, args.jobs, run=run):
            print(row, flush=True)
    except OSError as exc:  # (the rows printed so far stand)
        from hanabi_desktop.storage import disk_problem

        print(f"hanabi-desktop: error: a run was not saved to {args.save_games}: {disk_problem(exc)}", file=sys.stderr)
        return NOT_SAVED
    except BotFault as exc:
        print(f"hanabi-desktop: bot error: {exc}", file=sys.stderr)
        return BOT_FAULT
    except HanabiError as exc:
        return _fail(str(exc))
    return 0


def _cmd_bots(args: argparse.Namespace) -> int:
    from hanabi_desktop.bots.registry import DEFAULT_BOT, available, bot_class

    names = available()
    width = max((len(n) for n in names), default=0)
    for name in names:
        cls = bot_class(name)
        style = "human-style" if cls.human_style else "not human-style"
        default = ", the default" if name == DEFAULT_BOT else ""
        menus = "" if cls.offered else ", simulate only"
        print(f"{name:<{width}}  {cls.description} ({style}{default}{menus})")
    print("\n" + _habits_help())
    return 0


def _habits_help() -> str:
    """The habits a stand-in may have, one line each (for `bots` and `simulate --help`)."""
    from hanabi_desktop.bots.habits import ALL, HABITS

    lines = ["habits of the stand-ins (beginner-proxy+HABIT[=RATE]+..., or +all; RATE from 0 to 1):"]
    lines += [f"  {name} (rate {rate:g}): {what}" for name, (rate, what) in HABITS.items()]
    return "\n".join(lines + [f"  {ALL}: every habit above at its rate"])


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add `simulate`, `compare`, `partners` and `bots` to the `hanabi-desktop` subcommands."""
    p = sub.add_parser("simulate", help="play many all-bot games and report score statistics",
                       formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_habits_help())
    p.add_argument("--bot", action="append", metavar="NAME",
                   help="bot for every seat, or repeat once per seat for a mixed team (default: conventions); "
                        "conventions@LEVEL plays at an H-group level; a stand-in may have human habits: "
                        "beginner-proxy+trash-2-save+late-save=0.5 (see below)")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="1", help="game i is dealt from deck seed SEED/i (reproducible alone)")
    p.add_argument("--variant", default="classic", help="a preset key (see `hanabi-desktop variants`)")
    p.add_argument("--empty-clues", action="store_true", help="clues may touch no card")
    p.add_argument("--final-flourish", action="store_true", help="win or lose; play on after the deck runs out")
    p.add_argument("--flamboyants", action="store_true", help="add the six 5 Flamboyants bonus tiles")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--misplays", action="store_true",
                   help="also print every misplay: the card, the bot's reason and the decisions before it")
    p.add_argument("--jobs", type=int, default=None,
                   help="processes (default: 2 from 50 games on, else 1)")
    p.add_argument("--save-games", type=Path, metavar="FILE",
                   help="also keep every game (score, misplays, actions) in FILE, for `compare`")
    p.set_defaults(func=_cmd_simulate)

    p = sub.add_parser("compare", help="two runs saved by `simulate --save-games` on the same deals, game by game "
                       "(or two folders of runs saved by `partners --save-games`, run by run)",
                       description="Pairs the games of two runs of the same seed, players and rules (before and "
                                   "after a change to a bot, or two bots): B's score minus A's, its standard error, "
                                   "misplays and strikeouts of each, and the games played differently.")
    p.add_argument("a", type=Path, metavar="A", help="the first run, or folder of runs (the baseline)")
    p.add_argument("b", type=Path, metavar="B", help="the second run, or folder of runs")
    p.set_defaults(func=_cmd_compare)

    p = sub.add_parser("partners", help="measure the conventions bot with each stand-in (careful, each human "
                       "habit, all habits), every level, 2 and 3 players, both seatings, against the targets")
    p.add_argument("--games", type=int, default=500, help="games a cell (default 500)")
    p.add_argument("--seed", default="partners1")
    p.add_argument("--level", action="append", help="only this level (repeat; default: every level)")
    p.add_argument("--players", type=int, action="append", help="only this player count (repeat; default 2 and 3)")
    p.add_argument("--stand-in", action="append",
                   help="only this stand-in: careful, a habit or all (repeat; default: every one)")
    p.add_argument("--jobs", type=int, default=None, help="processes a cell (default 2)")
    p.add_argument("--save-games", type=Path, metavar="DIR",
                   help="also keep every run's games in DIR, a file a run, for `compare` with another such DIR")
    p.set_defaults(func=_cmd_partners)

    p = sub.add_parser("bots", help="list the bots")
    p.set_defaults(func=_cmd_bots)
