"""The `hanabi-desktop` command: with no subcommand it opens the game; subcommands work headless.

Headless subcommands never import pygame (a test checks it). With no arguments at all (how a player starts the
game) no parser is built: the window opens without importing argparse, the bots or the engine, which the title
screen does not need (start-up time; a test checks it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

from hanabi_desktop import __version__


def _cmd_variants(args: argparse.Namespace) -> int:
    from hanabi_desktop.engine import PRESETS

    width = max(len(k) for k in PRESETS)
    for key, variant in PRESETS.items():
        print(f"{key:<{width}}  {variant.description}")
    print("\nRule options for any variant: --empty-clues, --final-flourish, --flamboyants.")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    import json

    from hanabi_desktop.review.replaying import replay_file

    failed = False
    for path in args.files:
        report = replay_file(path)
        failed |= not report.ok
        print(json.dumps(report.as_json()) if args.json else report.as_text(), flush=True)
    return 1 if failed else 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from hanabi_desktop.measure.engine_bench import run_engine_benchmark, run_process_benchmark

    if args.processes:
        return run_process_benchmark(args.players, args.games or 1000, args.seed, args.repeats,
                                     compare_hle=not args.no_hle)
    return run_engine_benchmark(args.players, args.games or 2000, args.seed, args.repeats, compare_hle=not args.no_hle)


def _cmd_serve(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from hanabi_desktop.net.protocol import CODE_ALPHABET, Limits
    from hanabi_desktop.net.server import run_forever

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    limits = Limits(connections_per_address=args.max_per_address, tables=args.max_tables,
                    tables_per_address=args.max_tables_per_address)
    shard = args.shard.upper()
    if len(shard) > 1 or shard not in CODE_ALPHABET:
        print(f"--shard must be one of the letters {CODE_ALPHABET}", file=sys.stderr)
        return 2
    if args.workers > 1:
        from hanabi_desktop.net.workers import MAX_WORKERS, run_front

        if args.certfile or shard or args.workers > MAX_WORKERS:
            print(f"--workers (2 to {MAX_WORKERS}) gives each worker its shard letter itself (no --shard), and "
                  "routes each connection by the path of its first line, which TLS would encrypt: run it with plain "
                  "ws:// behind a TLS proxy (no --certfile; README, 'Running a server on a public machine')",
                  file=sys.stderr)
            return 2
        own = ["--name", args.name, "--pace", args.pace, "--max-per-address", str(args.max_per_address),
               "--max-tables", str(args.max_tables), "--max-tables-per-address", str(args.max_tables_per_address)]
        try:
            asyncio.run(run_front(args.host, args.port, args.workers, own, args.saves))
        except KeyboardInterrupt:
            pass
        return 0
    saver = None
    if args.saves:
        from pathlib import Path

        from hanabi_desktop.net.saving import TableSaver

        saver = TableSaver(Path(args.saves))
    tls = None
    if args.certfile:
        import ssl

        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            tls.load_cert_chain(args.certfile, args.keyfile or None)
        except (OSError, ssl.SSLError) as exc:
            print(f"cannot use the certificate: {exc}", file=sys.stderr)
            return 2
    asyncio.run(run_forever(args.host, args.port, limits, pace=args.pace, name=args.name, shard=shard, saver=saver,
                            tls=tls, worker_fd=args.worker_fd, news_fd=args.news_fd))
    return 0


def _cmd_net_bench(args: argparse.Namespace) -> int:
    from hanabi_desktop.measure.net_bench import run

    return run(args.what, args.tables, args.processes, args.think, args.moves, args.reconnects, args.workers,
               args.games, args.json, args.saves)


def _cmd_play(args: argparse.Namespace | None) -> int:
    from hanabi_desktop.program.crashlog import report_fatal, setup_logging
    from hanabi_desktop.program.desktop import prepare

    problem = prepare()  # before pygame: the window's name, quiet audio probing; or why there is no window
    if problem:
        print(problem, file=sys.stderr or sys.stdout)
        return 2
    setup_logging()
    try:
        if args is not None and args.smoke_test:  # one all-bot game through the real window, headless-safe
            from hanabi_desktop.ui.smoke import smoke_test

            return smoke_test()
        from hanabi_desktop.ui.app import run

        return run() if args is None else run(fullscreen=args.fullscreen)
    except Exception as exc:  # noqa: BLE001 - the player gets a message box and the log, not a vanished window
        report_fatal(exc)
        return 1


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (also used by the docs and tests)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="hanabi-desktop",
        description="Hanabi, the cooperative fireworks card game. With no command, opens the game window.",
    )
    parser.add_argument("--version", action="version", version=f"hanabi-desktop {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="play one all-bot game through the real UI at top speed, print the score, exit")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("variants", help="list the variant presets")
    p.set_defaults(func=_cmd_variants)

    p = sub.add_parser("replay", help="replay hanab.live JSON game files and report each result")
    p.add_argument("files", nargs="+", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("bench", help="measure the rules engine's speed (random legal play), against HLE if installed")
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    p.add_argument("--games", type=int, default=None, help="games per run (default 2000; 1000 with --processes)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeats", type=int, default=3, help="runs per measurement; the median is reported")
    p.add_argument("--no-hle", action="store_true", help="do not measure the Hanabi Learning Environment")
    p.add_argument("--processes", action="store_true",
                   help="time whole processes: `simulate --bot random` against HLE driven from Python")
    p.set_defaults(func=_cmd_bench)

    p = sub.add_parser("serve", help="host network tables headless (no window): the lobby and many tables")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for every network of this machine)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--name", default="", help="the server's name, shown to players")
    p.add_argument("--pace", default="normal", choices=["slow", "normal", "fast", "instant"],
                   help="how long bots wait before each move")
    p.add_argument("--max-per-address", type=int, default=16, help="connections allowed from one address")
    p.add_argument("--max-tables", type=int, default=1000, help="tables this server holds at once")
    p.add_argument("--max-tables-per-address", type=int, default=8, help="open tables created from one address")
    p.add_argument("--certfile", default="", help="serve wss:// directly with this certificate (PEM) ...")
    p.add_argument("--keyfile", default="", help="... and this private key (else a TLS proxy does it: see README)")
    p.add_argument("--saves", default="", metavar="FOLDER",
                   help="save every table there after each move and resume them at the next start")
    p.add_argument("--shard", default="", help="one letter that starts every table code of this process, for "
                   "several processes behind one address (see the README)")
    p.add_argument("--workers", type=int, default=1, help="server processes behind this one address, each "
                   "holding its own tables (one core each; see the README)")
    p.add_argument("--worker-fd", type=int, default=None, help=argparse.SUPPRESS)  # a worker's control socket
    p.add_argument("--news-fd", type=int, default=None, help=argparse.SUPPRESS)  # a worker's lobby news stream
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser("net-bench", help="measure network play on 127.0.0.1: cost, latency, many tables, reconnects")
    p.add_argument("what", nargs="*", default=["cost", "latency", "load", "reconnect"],
                   choices=["cost", "latency", "load", "reconnect"])
    p.add_argument("--games", type=int, default=20, help="random games of 5 seats for the cost measure")
    p.add_argument("--tables", type=int, default=100, help="tables of 5 clients for the load measure")
    p.add_argument("--processes", type=int, default=4, help="client processes sharing those tables")
    p.add_argument("--workers", type=int, default=1, help="server processes for the load measure (serve --workers)")
    p.add_argument("--think", type=float, default=1.0, help="seconds a seat waits before acting (load)")
    p.add_argument("--saves", action="store_true", help="the load measure's server saves every table after each "
                   "move (serve --saves, in a temporary folder)")
    p.add_argument("--moves", type=int, default=1000, help="moves timed for the latency measure")
    p.add_argument("--reconnects", type=int, default=100, help="cut connections, and as many restarts")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_net_bench)

    _add_optional_commands(sub)
    return parser


def _add_optional_commands(sub: argparse._SubParsersAction) -> None:
    """Subcommands contributed by other packages (bots, simulation, review)."""
    from hanabi_desktop.bots.commands import add_commands
    from hanabi_desktop.review.commands import add_commands as add_review_commands

    add_commands(sub)
    add_review_commands(sub)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `hanabi-desktop` script and of `python -m hanabi_desktop`."""
    if not (sys.argv[1:] if argv is None else argv):  # the game itself: no parser (nor the bots' commands)
        return _cmd_play(None)
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", _cmd_play)
    try:
        return func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
