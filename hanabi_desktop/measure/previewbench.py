"""Time of the clue preview: every legal clue to one teammate, previewed, against a frame's budget.

``python -m hanabi_desktop.measure.previewbench [--games N] [--players 2 3 4 5] [--level beginner] [--seed S]``
plays seeded games of conventions bots; before every move it previews all clues the player to act may give each
teammate (`bots.clue_preview.preview_clues`, with that seat's own bot as the reader, as the table's previewer
keeps one) and times each teammate's batch. It prints, per player count, the p50 / p99 / max milliseconds of
one teammate's batch and how many batches fit in 16.7 ms (one frame at 60 Hz), with the clues per batch. The
table works the preview out off the frame thread; the budget says it is ready within a frame of being asked.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from hanabi_desktop.bots.clue_preview import preview_clues
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.engine import Game, PlayerView, get_variant

FRAME_MS = 1000 / 60


@dataclass(frozen=True)
class PreviewTimes:
    """One player count's batches: milliseconds each, and clues in each."""

    players: int
    ms: tuple[float, ...]  # wall time
    cpu: tuple[float, ...]  # the thread's own CPU time (a busy machine adds wall time that is not ours)
    clues: tuple[int, ...]

    def __str__(self) -> str:
        def spread(values: tuple[float, ...]) -> str:
            ms = sorted(values)
            p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
            within = sum(1 for m in ms if m <= FRAME_MS) / len(ms)
            return (f"p50 {statistics.median(ms):.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms, "
                    f"{within:.1%} within {FRAME_MS:.1f} ms")

        return (f"{self.players} players: {len(self.ms)} batches (one teammate's clues, median "
                f"{statistics.median(self.clues):.0f} clues, max {max(self.clues)}): wall {spread(self.ms)}; "
                f"CPU {spread(self.cpu)}")


def bench(players: int, games: int, seed: str, level: str) -> PreviewTimes:
    """Time every teammate's batch before every move of `games` seeded games of `players` conventions bots."""
    variant = get_variant("classic")
    times: list[float] = []
    cpu: list[float] = []
    counts: list[int] = []
    for g in range(games):
        game = Game.new(variant, players, f"{seed}/{players}/{g}")
        bots = [ConventionsBot(s, players, variant, level=level) for s in range(players)]
        while not game.over:
            seat = game.current
            view = PlayerView.of(game, seat)
            if game.pending is None and view.clue_tokens > 0:
                for mate in range(players):
                    if mate == seat:
                        continue
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    out = preview_clues(view, bots[seat].notes, mate)
                    times.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.thread_time() - start_cpu) * 1000)
                    counts.append(len(out))
            game.apply(bots[seat].decide(view).action)
            for s, bot in enumerate(bots):
                bot.observe(PlayerView.of(game, s))
    return PreviewTimes(players, tuple(times), tuple(cpu), tuple(counts) or (0,))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--seed", default="preview")
    args = parser.parse_args(argv)
    for n in args.players:
        print(bench(n, args.games, args.seed, args.level), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
