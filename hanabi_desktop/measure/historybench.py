"""How fast the history opens: thousands of kept games read through the index, as the history screen reads them.

``python -m hanabi_desktop.measure.historybench [--games 2000] [--runs 5] [--keep DIR]`` writes `--games` kept
games into a fresh folder (`--keep DIR`: that folder, kept afterwards, e.g. for a look at the screen with
``HANABI_DESKTOP_HOME=DIR``), then times `history.index.load_history` with no index (every game read and
replayed: the first look after an update) and with the index (every later look), and the Replays list's and
the history screen's work on top. The frame budget the warm look must meet is 0.25 s.

The games are real games of the engine, played by a quick cheating policy (it sees its own cards, misplays
now and then) with explanations of a bot's length, at every variant, 2 to 5 players, seats of people and bots
at every level, hints and undos: files of the size and shape the table keeps.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

SEAT_KINDS = ("", "", "conventions@beginner", "conventions@1", "conventions@2", "conventions@3", "expert", "random")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")
PRESETS = ("classic", "classic", "classic", "six-suits", "rainbow", "black-powder", "final-flourish", "deluxe")


def play_game(rng: random.Random, seed: str):  # noqa: ANN201 - GameRecord (the engine imported on use)
    """One game of a random preset and seating, played to its end (or left, now and then) by the policy."""
    from hanabi_desktop.engine import Discard, Game, GameRecord, Play, get_variant
    from hanabi_desktop.engine.records import TableFacts

    players = rng.choice((2, 2, 3, 3, 4, 5))
    variant = get_variant(rng.choice(PRESETS), empty_clues=rng.random() < 0.1)
    game = Game.new(variant, players, seed, names=NAMES[:players])
    sloppy = rng.uniform(0.0, 0.06)
    leave_at = rng.randrange(10, 60) if rng.random() < 0.05 else None
    while not game.over and (leave_at is None or len(game.actions) < leave_at):
        legal = game.legal_actions()
        hand = game.hands[game.current]
        good = [a for a in legal if isinstance(a, Play) and a.card in hand and game.is_playable(game.card(a.card))]
        if good and rng.random() > sloppy:
            action = good[0]
        elif rng.random() < sloppy:
            action = rng.choice([a for a in legal if isinstance(a, Play)] or legal)
        else:
            discards = [a for a in legal if isinstance(a, Discard)]
            clues = [a for a in legal if not isinstance(a, (Play, Discard))]
            action = rng.choice(clues) if clues and (not discards or rng.random() < 0.5) else \
                (discards[0] if discards else rng.choice(legal))
        game.apply(action)
    record = GameRecord.of(game)
    record.explanations = tuple("The conventions bot plays slot 1: it was clued as a playable card, the "
                                "focus of a play clue." if i % 2 else "" for i in range(len(game.actions)))
    seats = tuple(rng.choice(SEAT_KINDS) if i else "" for i in range(players))
    record.table = TableFacts(seats, rng.choice((0, 0, 0, 1, 2, 5)), rng.choice((0, 0, 0, 1, 3)))
    return record


def write_games(folder: Path, count: int, seed: int = 29) -> int:
    """Write `count` kept games into `folder`, kept over the last two years (file times); their total bytes."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    now, total = time.time(), 0
    for i in range(count):
        record = play_game(rng, f"bench-{seed}-{i}")
        path = folder / f"game-{i:05d}.json"
        text = record.dumps()
        path.write_text(text, encoding="utf-8")
        stamp = now - (count - i) * 2 * 365 * 86400 / count
        os.utime(path, (stamp, stamp))
        total += len(text.encode())
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, default=None, help="write the games under this folder and keep it")
    args = parser.parse_args(argv)
    home = args.keep or Path(tempfile.mkdtemp(prefix="historybench-"))
    os.environ["HANABI_DESKTOP_HOME"] = str(home)
    from hanabi_desktop import storage
    from hanabi_desktop.history import index, stats
    from hanabi_desktop.ui.historyview import model

    folder = storage.replays_dir()
    t0 = time.perf_counter()
    size = write_games(folder, args.games)
    print(f"{args.games} games written to {folder} ({size / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s")
    cold = []
    for _ in range(max(1, args.runs // 2)):
        index.index_path().unlink(missing_ok=True)
        index.forget()
        t0 = time.perf_counter()
        history = index.load_history()
        cold.append(time.perf_counter() - t0)
    warm, again, screen = [], [], []
    for _ in range(args.runs):
        index.forget()  # a new run of the program: the index file, read whole
        t0 = time.perf_counter()
        history = index.load_history()
        warm.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        index.load_history()  # the same run looks again: only the folder's listing
        again.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        roster = stats.Roster(history.games)  # what the history screen works out for its first picture
        choices = model.Choices.of(roster)
        model.build(history, stats.Selection(), roster, choices)
        screen.append(time.perf_counter() - t0)
    assert history.worked == 0 and len(history.games) + len(history.unreadable) == args.games
    med = statistics.median
    print(f"no index (the first look after an update): median {med(cold):.3f} s of {len(cold)} "
          f"({args.games / med(cold):.0f} games/s)")
    print(f"with the index (the first look of a run): median {med(warm):.3f} s, max {max(warm):.3f} s of "
          f"{len(warm)}; index {index.index_path().stat().st_size / 1e6:.2f} MB")
    print(f"a later look in the same run: median {med(again):.3f} s, max {max(again):.3f} s")
    print(f"the screen's first picture (players, totals, chart) on top: median {med(screen):.3f} s, "
          f"max {max(screen):.3f} s")
    total = [w + s for w, s in zip(warm, screen, strict=True)]
    print(f"first look of a run, read and worked out: median {med(total):.3f} s, max {max(total):.3f} s "
          f"(budget 0.25 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
