"""Headless self-play: one game (`play_game`) or many on both cores (`simulate`), with checks and statistics.

Game i of a run with seed S is dealt from deck seed f"{S}/{i}" and its bots are seeded from that deck seed and
their seat, so any game of a run can be replayed alone. Every decision is checked: it must be legal (one of
`view.legal`; the game refuses anything else) and come with a non-empty one-line explanation; a bot that breaks
this raises `BotFault`.
A bot may be a registered name or a plugin path ``package.module:Class`` (see `registry`). Never imports pygame.
"""

from __future__ import annotations

import functools
import math
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.registry import bot_class, create
from hanabi_desktop.engine import (
    EndReason,
    Game,
    HanabiError,
    IllegalAction,
    PlayerView,
    Variant,
    get_variant,
)
from hanabi_desktop.engine.events import CardMisplayed

PARALLEL_FROM = 50  # games; fewer than this run in this process (starting workers costs more than it saves)
OPTIONS = ("empty_clues", "final_flourish", "flamboyants")


class BotFault(HanabiError):
    """A bot crashed, chose an illegal action or explained itself badly (the message names the game)."""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game."""

    seed: str  # the deck seed
    score: int  # the official score: 0 after a strikeout; Final flourish: the maximum for a win, else 0
    raw_score: int  # cards on the fireworks (penalty suits counted), whatever the ending
    reachable: int  # the best score the cards lost (discarded or misplayed) left possible at the end
    end_reason: str  # an EndReason value
    strikes: int
    misplays: int  # plays that were not playable (each cost an error token, some returned by a bonus tile)
    guess_misplays: int  # of those, the plays their bot made as a guess (`Decision.guess`), not from a reading
    turns: int
    won: bool  # every firework complete
    decision_seconds: tuple[float, ...]
    explanations: int
    actions: tuple[str, ...]  # text forms of the actions, in order (Recover with its resolved position)
    # each misplay: where, the card, the bot's reason for the play and the decisions just before it
    misplay_notes: tuple[str, ...] = ()


def make_variant(key: str, options: Sequence[str] = ()) -> Variant:
    """The preset `key` with the named rule options (see `OPTIONS`) turned on."""
    return _make_variant(key, tuple(sorted(options)))


@functools.cache  # one Variant per run, not one per game: its derived tables are computed once
def _make_variant(key: str, options: tuple[str, ...]) -> Variant:
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise HanabiError(f"unknown rule option {sorted(unknown)[0]!r}; choose from: " + ", ".join(OPTIONS))
    flags = {name: (True if name in options else None) for name in OPTIONS}
    return get_variant(key, empty_clues=bool(flags.pop("empty_clues")), **flags)


def seat_bots(bots: Sequence[str], players: int) -> list[str]:
    """One bot name per seat: a single name fills every seat; otherwise exactly one name per seat."""
    if not 2 <= players <= 5:
        raise HanabiError(f"Hanabi is for 2 to 5 players, not {players}")
    if len(bots) == 1:
        return list(bots) * players
    if len(bots) != players:
        raise HanabiError(f"give one bot for every seat or a single bot for all: {len(bots)} bots for {players} players")
    return list(bots)


def play_game(bots: Sequence[str], players: int, variant: str = "classic", seed: int | str = 0,
              options: Sequence[str] = ()) -> GameResult:
    """Play one game of `variant` (a preset key, with rule `options`) dealt from deck seed `seed`."""
    names = seat_bots(bots, players)
    v = make_variant(variant, options)
    game = Game.new(v, players, seed=seed)
    team = []
    for s, name in enumerate(names):
        try:
            team.append(create(name, s, players, v, f"{seed}/{s}"))
        except HanabiError:
            raise
        except Exception as exc:  # a plugin's constructor failed: say which bot and game
            raise BotFault(f"{name} bot, seat {s}, deck seed {seed!r}: could not be created: "
                           f"{type(exc).__name__}: {exc}") from exc
    observers = [(s, bot.observe) for s, bot in enumerate(team) if _observes(bot)]
    times: list[float] = []
    recent: list[tuple[int, int, Decision]] = []  # the last few (turn, seat, decision), for misplay notes
    notes: list[str] = []
    guess_misplays = 0
    while not game.over:
        seat = game.current
        view = PlayerView.of(game, seat)
        turn = game.turn + 1  # a bonus-tile choice belongs to the turn that revealed the tile
        start = time.perf_counter()
        try:
            decision = team[seat].decide(view)
        except Exception as exc:  # a crashing bot is reported with the game that reproduces it
            raise BotFault(f"{_where(names, seat, seed, turn)}: {type(exc).__name__}: {exc}") from exc
        times.append(time.perf_counter() - start)
        fault = _fault(decision)
        if fault:
            raise BotFault(f"{_where(names, seat, seed, turn)}: {fault}")
        try:
            events = game.apply(decision.action)  # the engine checks legality (the rule that built view.legal)
        except IllegalAction as exc:
            raise BotFault(f"{_where(names, seat, seed, turn)}: illegal action {decision.action}: {exc}") from None
        recent = [*recent[-3:], (turn, seat, decision)]
        for e in events:
            if isinstance(e, CardMisplayed):
                notes.append(_misplay_note(game, names, seed, e, recent))
                guess_misplays += decision.guess
        for s, observe in observers:
            try:
                observe(PlayerView.of(game, s))
            except Exception as exc:
                raise BotFault(f"{names[s]} bot, seat {s}, deck seed {seed!r}, observing turn {turn}: "
                               f"{type(exc).__name__}: {exc}") from exc
    assert game.end_reason is not None
    return GameResult(
        seed=str(seed),
        score=game.score,
        raw_score=game.firework_score,
        reachable=game.max_reachable_score(),
        end_reason=game.end_reason.value,
        strikes=game.strikes,
        misplays=sum(isinstance(e, CardMisplayed) for e in game.events),
        guess_misplays=guess_misplays,
        turns=game.turn,
        won=game.won,
        decision_seconds=tuple(times),
        explanations=len(times),
        actions=tuple(str(a) for a in game.actions),
        misplay_notes=tuple(notes),
    )


def _misplay_note(game: Game, names: Sequence[str], seed: int | str, event: CardMisplayed,
                  recent: Sequence[tuple[int, int, Decision]]) -> str:
    """One misplay for a person reading a run: the card, the bot's reason, and the three decisions before."""
    turn, seat, decision = recent[-1]
    card = game.variant.card_name(game.deck[event.card])
    lines = [f"deck seed {seed!r}, turn {turn}: {names[seat]} (seat {seat}) misplayed {card}: "
             f"{decision.explanation}"]
    lines += [f"    turn {t}, {names[s]} (seat {s}): {d.action} - {d.explanation}" for t, s, d in recent[:-1]]
    return "\n".join(lines)


def _where(names: Sequence[str], seat: int, seed: int | str, turn: int) -> str:
    return f"{names[seat]} bot, seat {seat}, deck seed {seed!r}, turn {turn}"


def _fault(decision: object) -> str | None:
    """What is wrong with a bot's answer, but for its legality (the game checks that), or None."""
    if not isinstance(decision, Decision):
        return f"decide must return a Decision(action, explanation), got {decision!r}"
    text = decision.explanation
    if not isinstance(text, str) or not text.strip() or "\n" in text or "\r" in text:
        return f"explanation must be one non-empty line, got {text!r}"
    return None


def _observes(bot: object) -> bool:
    """Does `bot` do anything in `observe`? (A view per seat per turn is the simulator's main cost: build
    none for bots that keep no model, such as the random bot or a plugin without `observe`.)"""
    observe = getattr(type(bot), "observe", None)
    return callable(observe) and observe is not Bot.observe


def _play_task(task: tuple[tuple[str, ...], int, str, str, tuple[str, ...]]) -> GameResult:
    """Worker entry point (top level, so that `spawn` can import it)."""
    bots, players, variant, seed, options = task
    return play_game(bots, players, variant, seed, options)


@dataclass(frozen=True)
class SimulationResult:
    """Statistics of a run of games."""

    games: int
    mean_score: float
    stderr: float
    perfect_rate: float
    strikeout_rate: float
    misplays_per_game: float
    guess_misplays_per_game: float  # of those, the plays made as a guess (an end-game risk), not from a reading
    # the points a game below the maximum, split three ways (they add up to max_score - mean_score):
    cards_lost_per_game: float  # the last copies of needed cards discarded or misplayed
    unplayed_per_game: float  # cards still reachable but not played when the game ended
    ending_lost_per_game: float  # cards played but not scored: a strikeout (or a lost Final flourish)
    mean_turns: float
    games_per_second: float
    decision_ms_p50: float
    decision_ms_p99: float
    win_rate: float | None  # Final flourish only: share of games won
    bots: tuple[str, ...]
    players: int
    variant: str
    options: tuple[str, ...]
    seed: str
    max_score: int
    min_game_score: int
    max_game_score: int
    jobs: int

    def as_json(self) -> dict[str, object]:
        """A JSON-ready dict (floats rounded for reading)."""
        out: dict[str, object] = asdict(self)
        for key, value in out.items():
            if isinstance(value, float):
                out[key] = round(value, 4)
            elif isinstance(value, tuple):
                out[key] = list(value)
        return out

    def as_text(self) -> str:
        """A few lines for a person."""
        variant = self.variant + "".join(f" +{o.replace('_', ' ')}" for o in self.options)
        lines = [
            f"{self.games} games, {self.players} players, {variant}, bots {' '.join(self.bots)}, seed {self.seed}",
            f"mean score  {self.mean_score:.3f} ± {self.stderr:.3f} of {self.max_score}"
            f" (min {self.min_game_score}, max {self.max_game_score})",
            f"perfect     {100 * self.perfect_rate:.1f}%    strikeouts {100 * self.strikeout_rate:.1f}%"
            f"    misplays {self.misplays_per_game:.2f} per game ({self.guess_misplays_per_game:.2f} of them guesses)",
            f"points lost {self.max_score - self.mean_score:.2f} a game: cards lost {self.cards_lost_per_game:.2f}, "
            f"left unplayed {self.unplayed_per_game:.2f}, strikeouts {self.ending_lost_per_game:.2f}",
        ]
        if self.win_rate is not None:
            lines.append(f"won         {100 * self.win_rate:.1f}%")
        lines += [
            f"mean turns  {self.mean_turns:.1f}",
            f"decisions   p50 {self.decision_ms_p50:.3f} ms, p99 {self.decision_ms_p99:.3f} ms",
            f"speed       {self.games_per_second:.1f} games/s on {self.jobs} process{'es' if self.jobs > 1 else ''}",
        ]
        return "\n".join(lines)


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile (`p` in 0..100) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def summarize(results: Sequence[GameResult], *, bots: Sequence[str], players: int, variant: str,
              options: Sequence[str], seed: int | str, seconds: float, jobs: int) -> SimulationResult:
    """Aggregate the results of a run."""
    n = len(results)
    scores = [r.score for r in results]
    times = [t for r in results for t in r.decision_seconds] or [0.0]
    v = make_variant(variant, options)
    return SimulationResult(
        games=n,
        mean_score=statistics.fmean(scores),
        stderr=statistics.stdev(scores) / math.sqrt(n) if n > 1 else 0.0,
        perfect_rate=sum(r.won for r in results) / n,
        strikeout_rate=sum(r.end_reason == EndReason.STRIKEOUT.value for r in results) / n,
        misplays_per_game=statistics.fmean(r.misplays for r in results),
        guess_misplays_per_game=statistics.fmean(r.guess_misplays for r in results),
        cards_lost_per_game=statistics.fmean(v.max_score - r.reachable for r in results),
        unplayed_per_game=statistics.fmean(r.reachable - r.raw_score for r in results),
        ending_lost_per_game=statistics.fmean(r.raw_score - r.score for r in results),
        mean_turns=statistics.fmean(r.turns for r in results),
        games_per_second=n / seconds if seconds > 0 else float("inf"),
        decision_ms_p50=1000 * percentile(times, 50),
        decision_ms_p99=1000 * percentile(times, 99),
        win_rate=sum(r.won for r in results) / n if v.final_flourish else None,
        bots=tuple(bots),
        players=players,
        variant=variant,
        options=tuple(o for o in OPTIONS if o in options),
        seed=str(seed),
        max_score=v.max_score,
        min_game_score=min(scores),
        max_game_score=max(scores),
        jobs=jobs,
    )


def default_jobs(games: int) -> int:
    """Processes to use: both cores (at most) for large runs, this process alone for small ones."""
    return min(2, os.cpu_count() or 1) if games >= PARALLEL_FROM else 1


def play_games(bots: Sequence[str], players: int, games: int, seed: int | str = 0, variant: str = "classic",
               options: Sequence[str] = (), jobs: int | None = None) -> tuple[list[GameResult], int]:
    """Play games 0..`games`-1 (game i on deck seed f"{seed}/{i}") on `jobs` processes; results in game order.

    Returns the results and the number of processes used. Bad arguments raise `HanabiError` before any game.
    """
    if games < 1:
        raise HanabiError(f"the number of games must be at least 1, not {games}")
    seated = tuple(seat_bots(bots, players))
    for name in set(seated):
        bot_class(name)
    make_variant(variant, options)
    jobs = default_jobs(games) if jobs is None else jobs
    if jobs < 1:
        raise HanabiError(f"the number of processes must be at least 1, not {jobs}")
    jobs = min(jobs, games)
    tasks = [(seated, players, variant, f"{seed}/{i}", tuple(options)) for i in range(games)]
    if jobs == 1:
        return [_play_task(t) for t in tasks], 1
    # spawn, not fork: callers (the UI) may run threads, and a forked child would inherit their locks
    import multiprocessing  # here, not at the top: a one-process run need not pay for importing it

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(_play_task, tasks, chunksize=max(1, games // (jobs * 8))), jobs


def simulate(bots: Sequence[str], players: int, games: int, seed: int | str = 0, variant: str = "classic",
             options: Sequence[str] = (), jobs: int | None = None) -> SimulationResult:
    """Play `games` games (game i on deck seed f"{seed}/{i}") and aggregate them; `jobs` processes."""
    return simulate_games(bots, players, games, seed, variant, options, jobs)[0]


def simulate_games(bots: Sequence[str], players: int, games: int, seed: int | str = 0, variant: str = "classic",
                   options: Sequence[str] = (), jobs: int | None = None
                   ) -> tuple[SimulationResult, list[GameResult]]:
    """`simulate`, and the games themselves (for their misplay notes)."""
    start = time.perf_counter()
    results, used = play_games(bots, players, games, seed, variant, options, jobs)
    seconds = time.perf_counter() - start
    return summarize(results, bots=seat_bots(bots, players), players=players, variant=variant, options=options,
                     seed=seed, seconds=seconds, jobs=used), results
