"""How fast the history opens: thousands of kept games read through the index, as the history screen reads them.

``python -m hanabi_desktop.measure.historybench [--games 2000] [--runs 5] [--keep DIR] [--quick]`` writes
`--games` kept games into a fresh folder (`--keep DIR`: that folder, kept afterwards and used again by the next
run with the same DIR, e.g. for a look at the screen with ``HANABI_DESKTOP_HOME=DIR``), then times
`history.index.load_history` with no index (every game read and replayed: the first look after an update) and
with the index (every later look), the Replays list's and the history screen's work on top, and the screen
itself: from opening it (as Y on the title does) to its first frame drawn with every game in it, through the
app's own window and frame loop at 60 frames a second. The frame budget the first look must meet is 0.25 s.

The games are real games of the table, kept as the table keeps a finished game (`autosave.WRITER.keep`): a
`Session` of 2 to 5 seats at a random preset and options, people (played by a bot's decisions through
`Session.submit`, now and then asking for a hint or taking a move back) beside bots at every level, a few left
before their end. `--quick` writes engine games played by a cheating policy instead (seconds, not minutes).
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


PEOPLE_PLAY_AS = ("conventions@beginner", "conventions@1", "conventions@2", "expert")
BOT_SEATS = ("conventions@beginner", "conventions@1", "conventions@2", "conventions@3", "expert", "random")


def table_game(rng: random.Random, seed: str):  # noqa: ANN201 - Session (the table imported on use)
    """One game at the table, played to its end (or left, now and then): its `Session`."""
    from hanabi_desktop.bots import registry
    from hanabi_desktop.engine import IllegalAction
    from hanabi_desktop.table.session import Session
    from hanabi_desktop.table.setup import SeatSpec, Setup

    players = rng.choice((2, 2, 3, 3, 4, 5))
    people = rng.choice((1, 1, 1, 1, 2)) if players > 2 else 1
    seats = [SeatSpec(NAMES[i]) if i < people else SeatSpec(NAMES[i], rng.choice(BOT_SEATS)) for i in range(players)]
    if rng.random() < 0.5:  # the same bot level all round, as the New game page sets it
        level = rng.choice(BOT_SEATS)
        seats = [s if s.bot is None else SeatSpec(s.name, level) for s in seats]
    setup = Setup(seats, rng.choice(PRESETS), empty_clues=rng.random() < 0.1, flamboyants=rng.random() < 0.1,
                  seed=seed)
    session = Session(setup, threaded=False)

    def person_for(seat: int):  # noqa: ANN202 - Bot: what plays a person's seat, shown every step so far
        bot = registry.create(rng.choice(PEOPLE_PLAY_AS), seat, players, session.variant, seed)
        for view in session.seat_views(seat)()[1:]:  # as the table shows its bots each step (after an undo too)
            bot.observe(view)
        return bot

    person = {seat: person_for(seat) for seat in range(people)}
    leave_at = rng.randrange(10, 60) if rng.random() < 0.05 else None
    asks, takes_back = rng.choice((0.0, 0.0, 0.05, 0.2)), rng.choice((0.0, 0.0, 0.0, 0.03))
    while not session.over and (leave_at is None or len(session.log) < leave_at):
        if session.is_bot(session.current):
            session.run_bots(limit=1)
        else:
            seat = session.current
            if rng.random() < asks:
                session.hint_used()
            decision = person[seat].decide(session.view(seat))
            action = decision.action if session.game.can(decision.action) else session.game.legal_actions()[-1]
            session.submit(action)
            if rng.random() < takes_back and session.undo_refusal(seat) is None:
                try:
                    session.undo(seat)
                except IllegalAction:
                    pass
                person = {s: person_for(s) for s in person}  # the game replayed: every person's bot anew
                continue
        for s, bot in person.items():  # every move shown to every person's bot, as the table does its bots'
            bot.observe(session.view(s))
    return session


def write_games(folder: Path, count: int, seed: int = 29, quick: bool = False) -> int:
    """Write `count` kept games into `folder`, kept over the last two years (file times); their total bytes.

    Games of the table are kept by the autosave writer, as the table keeps them; `quick` ones are written whole."""
    from hanabi_desktop.table import autosave

    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    now, paths = time.time(), []
    for i in range(count):
        if quick:
            path = folder / f"game-{i:05d}.json"
            path.write_text(play_game(rng, f"bench-{seed}-{i}").dumps(), encoding="utf-8")
            paths.append(path)
        else:
            session = table_game(rng, f"bench-{seed}-{i}")
            autosave.WRITER.keep(session.record())
            session.close()
            if i % 50 == 49 or i == count - 1:
                if not autosave.flush(60.0):
                    raise SystemExit(f"the kept games were not all written: {autosave.WRITER.error}")
                paths = list(autosave.WRITER.kept)
                print(f"  {i + 1} games kept", flush=True)
    for i, path in enumerate(paths):  # kept over two years, oldest first
        stamp = now - (count - i) * 2 * 365 * 86400 / count
        os.utime(path, (stamp, stamp))
    return sum(p.stat().st_size for p in paths)


def screen_first_frame(app) -> float:  # noqa: ANN001 - App
    """Seconds from opening the history screen to the end of its first frame drawn with the games in it, the
    app's frame loop paced at its frame rate meanwhile (the history is read on its own thread)."""
    from hanabi_desktop.ui.app import FPS
    from hanabi_desktop.ui.scenes import open_scene

    app.stack.clear()
    open_scene(app, "title")  # the history is opened from the title, drawn first
    app.frame(0.0)
    t0 = time.perf_counter()
    scene = open_scene(app, "history")
    while time.perf_counter() - t0 < 60.0:  # bounded: a history that never comes is an error, not a hang
        drew = app.frame(1 / FPS)
        if scene.model is not None and drew:
            return time.perf_counter() - t0
        app.clock.tick(FPS)
    raise SystemExit("the history screen showed no games within 60 s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keep", type=Path, default=None,
                        help="write the games under this folder and keep it (a later run reuses them)")
    parser.add_argument("--quick", action="store_true", help="engine games of a cheating policy, not the table's")
    parser.add_argument("--size", default="1024x640", help="the window's size for the screen's first frame")
    args = parser.parse_args(argv)
    home = args.keep or Path(tempfile.mkdtemp(prefix="historybench-"))
    os.environ["HANABI_DESKTOP_HOME"] = str(home)
    from hanabi_desktop import storage
    from hanabi_desktop.history import index, stats
    from hanabi_desktop.ui.historyview import model

    folder = storage.replays_dir()
    there = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if args.keep is not None and len(there) == args.games:
        print(f"{args.games} games already kept in {folder} ({sum(p.stat().st_size for p in there) / 1e6:.1f} MB)")
    else:
        if there:
            raise SystemExit(f"{folder} holds {len(there)} games, not {args.games}: give an empty or new --keep")
        t0 = time.perf_counter()
        size = write_games(folder, args.games, quick=args.quick)
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
    from hanabi_desktop.storage import Settings
    from hanabi_desktop.ui.app import App

    width, height = (int(n) for n in args.size.split("x"))
    app = App((width, height), settings=Settings(language="en", muted=True))
    try:
        first, later = [], []
        for _ in range(args.runs):
            index.forget()  # a new run of the program: the title's warm-up not done, the index read whole
            first.append(screen_first_frame(app))
            later.append(screen_first_frame(app))  # Esc and Y again: the same run looks again
    finally:
        app.close()
    print(f"the history screen at {width}x{height}, opened to its first frame with every game (first look of "
          f"a run): median {med(first):.3f} s, max {max(first):.3f} s of {len(first)} (budget 0.25 s)")
    print(f"  opened again in the same run: median {med(later):.3f} s, max {max(later):.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
