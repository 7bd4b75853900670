"""What the history screen shows, as plain data built from the kept games and the filters: the player list, the
filters' words, each total, and the chart of scores over time with the level of the bots beside each game.
No pygame: the screen draws this model and nothing else; tests read it without a window.

>>> from hanabi_desktop.history.index import History
>>> m = build(History(()), Selection())
>>> m.rows, m.empty != ""
(('Everyone',), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from hanabi_desktop.history.index import History
from hanabi_desktop.history.stats import PEOPLE_ONLY, UNKNOWN, Player, Roster, Selection, bots_level
from hanabi_desktop.history.summary import GameSummary
from hanabi_desktop.history.words import level_word, player_word
from hanabi_desktop.i18n import _, decimal, ngettext

# the levels in the legend's order (others, a plugin's name, after them)
LEVEL_ORDER = ("beginner", "1", "2", "3", "mixed", "expert", "random", PEOPLE_ONLY, UNKNOWN)
AVERAGE_OF = 10  # the chart's line: the average of the last this many games (more for a long history)
MIXED = "mixed"  # the level beside a game whose bots played at different levels


@dataclass(frozen=True)
class Point:
    """One finished game on the chart: where (`x` 0..1 oldest to newest, `y` 0..1 of `top`), its score, how it
    ended and the level of the bots beside it."""

    x: float
    y: float
    score: int
    end: str
    level: str


@dataclass(frozen=True)
class Run:
    """Games side by side on the chart played with the same bots' level: the strip under the chart."""

    x0: float
    x1: float
    level: str


@dataclass(frozen=True)
class Choices:
    """What the filters offer, from the kept games: variants (most played first), player counts, players."""

    variants: tuple[str, ...]
    counts: tuple[int, ...]
    players: tuple[Player, ...]

    @classmethod
    def of(cls, roster: Roster) -> Choices:
        games = roster.games
        counts = sorted({len(g.players) for g in games})
        seen: dict[str, int] = {}
        for g in games:
            seen[g.variant] = seen.get(g.variant, 0) + 1
        return cls(tuple(sorted(seen, key=lambda v: (-seen[v], v))), tuple(counts), tuple(roster.players()))


@dataclass(frozen=True)
class HistoryModel:
    """The history screen's contents (see the module docstring)."""

    variant: str  # the variant filter in words
    count: str  # the player-count filter in words
    rows: tuple[str, ...]  # 'Everyone', then each player with games of the variant and player count chosen
    row: int  # the row chosen
    row_players: tuple[Player | None, ...]  # who each row is (None: everyone)
    facts: tuple[tuple[str, str], ...]  # (what, how many)
    points: tuple[Point, ...]
    average: tuple[tuple[float, float], ...]  # the line of the average of the last `window` games (x, y)
    runs: tuple[Run, ...]
    levels: tuple[tuple[str, str], ...]  # the legend: (level, in words), in `LEVEL_ORDER`
    top: int  # the chart's top score
    chart_title: str
    notes: tuple[str, ...]  # games left unfinished, files that could not be read, help not said
    empty: str  # "" or why there is nothing to show


T = TypeVar("T")


def cycled(options: tuple[T, ...], current: T | None, step: int) -> T | None:
    """The filter after `current` (None: all) by `step` through `options`, wrapping through 'all'."""
    ring: list[T | None] = [None, *options]
    i = ring.index(current) if current in ring else 0
    return ring[(i + step) % len(ring)]


def build(history: History, selection: Selection, roster: Roster | None = None,
          choices: Choices | None = None) -> HistoryModel:
    """The screen for `selection` of `history` (`roster` and `choices` if worked out already: they depend on the
    kept games only, not on the filters)."""
    roster = roster or Roster(history.games)
    choices = choices or Choices.of(roster)
    counted = roster.games_of(selection)
    listed = [p for p in choices.players if counted[p] or p == selection.player]  # nobody without a game of these
    rows = [_("Everyone")] + [
        _("{player}: {games}").format(player=player_word(p), games=ngettext("{n} game", "{n} games", counted[p]).format(n=counted[p]))
        for p in listed]
    row = 1 + listed.index(selection.player) if selection.player in listed else 0
    chosen = roster.select(selection)
    t = roster.totals(selection)
    done = [g for g in chosen if g.finished]
    points, runs, top = chart(done, selection.player)
    shown = sorted({r.level for r in runs}, key=lambda lv: (LEVEL_ORDER.index(lv) if lv in LEVEL_ORDER else len(LEVEL_ORDER), lv))
    notes = []
    if t.unfinished:
        notes.append(ngettext("{n} game was left before its end (not counted).",
                              "{n} games were left before their end (not counted).", t.unfinished).format(n=t.unfinished))
    if t.aids_unknown:
        notes.append(ngettext("{n} older game does not say its hints and undos.",
                              "{n} older games do not say their hints and undos.", t.aids_unknown).format(n=t.aids_unknown))
    if t.aids_shared:
        notes.append(ngettext("{n} game with other people at the computer: its hints and undos are not counted here.",
                              "{n} games with other people at the computer: their hints and undos are not counted "
                              "here.", t.aids_shared).format(n=t.aids_shared))
    if history.unreadable:
        n = len(history.unreadable)
        notes.append(ngettext("{n} file in the replays folder is not a game (Replays says why).",
                              "{n} files in the replays folder are not games (Replays says why).", n).format(n=n))
    empty = ""
    if not history.games:
        empty = _("No games kept yet: every game you finish is kept, and counted here.")
    elif not done:
        empty = _("No finished game matches these filters.")
    return HistoryModel(
        variant=_(selection.variant) if selection.variant else _("All variants"),
        count=ngettext("{n} player", "{n} players", selection.players).format(n=selection.players)
        if selection.players else _("Any number of players"),
        rows=tuple(rows), row=row, row_players=(None, *listed), facts=facts(t), points=points, average=rolling(points),
        runs=runs, levels=tuple((lv, _("mixed levels") if lv == MIXED else level_word(lv)) for lv in shown), top=top,
        chart_title=ngettext("Scores over time: {n} game, oldest on the left",
                             "Scores over time: {n} games, oldest on the left", len(done)).format(n=len(done)),
        notes=tuple(notes), empty=empty)


def facts(t) -> tuple[tuple[str, str], ...]:  # noqa: ANN001 - stats.Totals
    """The totals in words: what, and how many."""
    none = "–"
    perfect = f"{t.perfect}" + (f" ({round(100 * t.perfect / t.games)}%)" if t.games else "")
    return (
        (_("Games played"), f"{t.games}"),
        (_("Average score"), none if t.average is None else decimal(t.average, 1)),
        (_("Best score"), none if t.best is None else _("{score} of {max}").format(score=t.best, max=t.best_of)),
        (_("Perfect games"), perfect),
        (_("Strikeouts"), f"{t.strikeouts}"),
        (_("Hints used"), f"{t.hints}"),
        (_("Undos used"), f"{t.undos}"),
    )


def chart(done: list[GameSummary], player: Player | None) -> tuple[tuple[Point, ...], tuple[Run, ...], int]:
    """The finished games as points (oldest first), the runs of the bots' level under them, and the top score."""
    if not done:
        return (), (), 25
    top = max(g.max_score for g in done)
    n = len(done)
    said: dict[tuple, str] = {}  # most games share a seating: each one's level is worked out once
    levels = [said[k] if (k := (g.seats, g.players)) in said else said.setdefault(k, bots_level(g, player))
              for g in done]
    points = tuple(Point((i + 0.5) / n, max(0, min(g.score, top)) / top, g.score, g.end,
                         MIXED if "/" in level else level) for i, (g, level) in enumerate(zip(done, levels, strict=True)))
    runs: list[Run] = []
    for i, p in enumerate(points):
        if runs and runs[-1].level == p.level:
            runs[-1] = Run(runs[-1].x0, (i + 1) / n, p.level)
        else:
            runs.append(Run(i / n, (i + 1) / n, p.level))
    return points, tuple(runs), top


def window(games: int) -> int:
    """How many games the chart's line averages: `AVERAGE_OF`, or a fortieth of a long history (a smooth line)."""
    return max(AVERAGE_OF, games // 40)


def rolling(points: tuple[Point, ...]) -> tuple[tuple[float, float], ...]:
    """The average of the last `window` games at each game (from the `window`-th on, or the last game if
    fewer), as chart positions."""
    if not points:
        return ()
    k = window(len(points))
    line, total = [], 0.0
    for i, p in enumerate(points):
        total += p.y
        if i >= k:
            total -= points[i - k].y
        if i >= k - 1 or i == len(points) - 1:
            line.append((p.x, total / min(i + 1, k)))
    return tuple(line)
