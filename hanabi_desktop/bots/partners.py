"""The partner table: the conventions bot with each stand-in (careful, each human habit alone, all habits), at
each level it offers, 2 and 3 players, both seatings, beside the self-plays, checked against issue 31's targets.

`hanabi-desktop partners` prints it one row per cell as each is measured (a cell of 500 games takes 15-40 s).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from hanabi_desktop.bots.conventions.policy import LEVELS
from hanabi_desktop.bots.habits import ALL, HABITS
from hanabi_desktop.bots.simulate import SimulationResult, simulate

STRIKEOUTS_MAX = 0.005  # the targets: strikeouts at most 0.5% ...
MISPLAYS_FACTOR = 1.2  # ... misplays at most 1.2x the higher of the two self-plays ...
TIE = 1e-9  # "at most" in floating point: 84 misplays in 300 games is at most 1.2x 70 in 300 (0.28 > 0.27999...)
CAREFUL_BEGINNER_MIN = {2: 21.5, 3: 22.8}  # ... and with the careful beginner at beginner level, these scores
STAND_INS = ("careful", *HABITS, ALL)


def base_proxy(level: str) -> str:
    """The careful stand-in of a player at `level`: the beginner to level 1, then the level-2 player, and from
    level 3 the level-3 player (who gives and reads the Fix Clue, which the level-2 bot does not read)."""
    n = LEVELS[level]
    return "beginner-proxy" if n < 2 else "level2-proxy" if n == 2 else "level3-proxy"


def stand_in(level: str, habit: str) -> str:
    """The bot name of stand-in `habit` ('careful', a habit or 'all') for `level`."""
    base = base_proxy(level)
    return base if habit == "careful" else f"{base}+{habit}"


def team(bot: str, partner: str, players: int, first: bool) -> list[str]:
    """One name per seat: the stand-in in the first seat (`first`) or the last, the bot in every other."""
    bots = [bot] * (players - 1)
    return [partner, *bots] if first else [*bots, partner]


@dataclass(frozen=True)
class Row:
    """One measured mixed cell beside the two self-plays, with the issue's targets checked."""

    level: str
    players: int
    habit: str
    seating: str  # 'stand-in first' or 'stand-in last'
    mixed: SimulationResult
    bot_self: SimulationResult
    partner_self: SimulationResult

    def failures(self) -> list[str]:
        """The targets this cell misses (empty: it meets all of them)."""
        out = []
        if self.mixed.strikeout_rate > STRIKEOUTS_MAX + TIE:
            out.append("strikeouts")
        if self.mixed.misplays_per_game > MISPLAYS_FACTOR * max(self.bot_self.misplays_per_game,
                                                                  self.partner_self.misplays_per_game) + TIE:
            out.append("misplays")
        if self.habit == "careful" and LEVELS[self.level] == 0 and \
                self.mixed.mean_score < CAREFUL_BEGINNER_MIN.get(self.players, 0.0):  # no score target at 4-5
            out.append("score")
        return out

    def __str__(self) -> str:
        m, b, p = self.mixed, self.bot_self, self.partner_self
        verdict = "ok" if not self.failures() else "MISSES " + ", ".join(self.failures())
        return (f"| {self.level} | {self.players} | {self.habit} | {self.seating} | {m.mean_score:.2f} ± "
                f"{m.stderr:.2f} | {100 * m.strikeout_rate:.1f}% | {_misplays(m)} | "
                f"{100 * m.perfect_rate:.1f}% | {b.mean_score:.2f} / {_misplays(b)} | "
                f"{p.mean_score:.2f} / {_misplays(p)} | {verdict} |")


def _misplays(run: SimulationResult) -> str:
    """'0.21 (0.12)': misplays a game, and in brackets those made as end-game guesses (`Decision.guess`), so a
    reader can tell misread clues from risks taken on purpose (the target counts them all)."""
    return f"{run.misplays_per_game:.2f} ({run.guess_misplays_per_game:.2f})"


HEADER = ("| level | players | stand-in | seating | mean score | strikeouts | misplays/game (guesses) | perfect | "
          "bot self-play (score / misplays (guesses)) | stand-in self-play | targets |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")


def rows(levels: Sequence[str], players: Sequence[int], habits: Sequence[str], games: int, seed: str,
         jobs: int | None = None, run: Callable[..., SimulationResult] = simulate,
         done: dict[tuple[str, int], SimulationResult] | None = None) -> Iterator[Row]:
    """Measure every cell, level by level; each self-play is played once and shared by the cells that need it
    (`done`: self-plays already measured, by bot name and players, filled as they are played)."""
    done = {} if done is None else done

    def self_play(name: str, n: int) -> SimulationResult:
        if (name, n) not in done:
            done[name, n] = run([name], n, games, seed, jobs=jobs)
        return done[name, n]

    for level in levels:
        bot = f"conventions@{level}"
        for n in players:
            for habit in habits:
                partner = stand_in(level, habit)
                for first in (True, False):
                    mixed = run(team(bot, partner, n, first), n, games, seed, jobs=jobs)
                    yield Row(level, n, habit, "stand-in first" if first else "stand-in last", mixed,
                              self_play(bot, n), self_play(partner, n))
