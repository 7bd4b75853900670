"""Two runs of the same deals side by side: `simulate --save-games FILE` keeps every game of a run, and
`hanabi-desktop compare A B` pairs the games of two such files deal by deal; `partners --save-games DIR` keeps
every run of the partner table (one file a run, `run_file`), and `compare` on two such folders pairs each run.

Game i of a run is dealt from deck seed f"{seed}/{i}" whatever the bots (see `simulate`), so two runs with the
same seed, players and rules play the same decks: a change to a bot (or two bots) is measured by the difference
of each pair of games, whose spread is far smaller than that of either run's scores. This is how a change is
measured before it lands: the same command on the tree before and after, then `compare`. Never imports pygame.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hanabi_desktop.bots.simulate import GameResult, SimulationResult
from hanabi_desktop.engine import EndReason, HanabiError, RecordError
from hanabi_desktop.engine.text import clean_text, parse_json

FORMAT = "hanabi-desktop-games"
VERSION = 1
SHOWN = 10  # changed games listed by `Comparison.as_text`, the largest score changes first


@dataclass(frozen=True)
class PlayedGame:
    """What `compare` needs of one game of a run."""

    seed: str  # the deck seed
    score: int
    misplays: int
    guess_misplays: int  # of those, plays made as a guess (`Decision.guess`)
    strikeout: bool
    actions: tuple[str, ...]  # the text forms of its actions: equal actions, the same game

    @classmethod
    def of(cls, result: GameResult) -> PlayedGame:
        return cls(result.seed, result.score, result.misplays, result.guess_misplays,
                   result.end_reason == EndReason.STRIKEOUT.value, result.actions)


@dataclass(frozen=True)
class GameSet:
    """The games of one run and what dealt them (`bots` may differ between two runs compared; the rest may not)."""

    bots: tuple[str, ...]
    players: int
    variant: str
    options: tuple[str, ...]
    games: tuple[PlayedGame, ...]

    @classmethod
    def of(cls, result: SimulationResult, games: Sequence[GameResult]) -> GameSet:
        """The games of a `simulate_games` run."""
        return cls(result.bots, result.players, result.variant, result.options, tuple(map(PlayedGame.of, games)))

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "bots": list(self.bots), "players": self.players,
                "variant": self.variant, "options": list(self.options),
                "games": [{"seed": g.seed, "score": g.score, "misplays": g.misplays,
                           "guess_misplays": g.guess_misplays, "strikeout": g.strikeout,
                           "actions": list(g.actions)} for g in self.games]}

    @classmethod
    def from_json(cls, data: Any) -> GameSet:
        """A run read back; `RecordError` saying what is wrong if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a file of games saved by `simulate --save-games` (no format {FORMAT!r})")
        if data.get("version") != VERSION:
            raise RecordError(f"version {clean_text(str(data.get('version')), 20)} of the games file is not one this "
                              f"program reads ({VERSION})")
        games = data.get("games")
        if not isinstance(games, list) or not games:
            raise RecordError("it holds no games")
        return cls(_strings(data.get("bots"), "bots"), _int(data.get("players"), "players"),
                   _string(data.get("variant"), "variant"), _strings(data.get("options"), "options"),
                   tuple(_game(g, i) for i, g in enumerate(games)))

    def deals(self) -> tuple[int, str, tuple[str, ...], tuple[str, ...]]:
        """What must be equal for two runs to have played the same decks."""
        return self.players, self.variant, self.options, tuple(g.seed for g in self.games)


def _string(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RecordError(f"its {what} is not text")
    return value


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(f"its {what} are not a list of text")
    return tuple(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"its {what} is not a whole number")
    return value


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"its {what} is not true or false")
    return value


def _game(raw: Any, i: int) -> PlayedGame:
    if not isinstance(raw, dict):
        raise RecordError(f"game {i + 1} is not an object")
    try:
        return PlayedGame(_string(raw.get("seed"), "seed"), _int(raw.get("score"), "score"),
                          _int(raw.get("misplays"), "misplays"), _int(raw.get("guess_misplays"), "guess misplays"),
                          _bool(raw.get("strikeout"), "strikeout"), _strings(raw.get("actions"), "actions"))
    except RecordError as exc:
        raise RecordError(f"game {i + 1}: {exc}") from None


def save_games(path: Path, games: GameSet) -> None:
    """Write `games` to `path` (through a temporary file: an interrupted write leaves no half file);
    `OSError` if the disk refuses."""
    from hanabi_desktop.storage import write_atomic

    write_atomic(path, json.dumps(games.to_json(), separators=(",", ":")) + "\n", fsync=False)


def load_games(path: Path) -> GameSet:
    """The run saved at `path`; `HanabiError` saying why it cannot be used (missing, not one, damaged)."""
    from hanabi_desktop.storage import SaveError, read_user_file

    try:
        return GameSet.from_json(parse_json(read_user_file(path, "file of games")))
    except (SaveError, RecordError) as exc:
        raise HanabiError(f"{clean_text(str(path), 120)}: {exc}") from None


@dataclass(frozen=True)
class Comparison:
    """Run B against run A on the same deals, game by game."""

    a: GameSet
    b: GameSet
    diff: float  # mean of B's score minus A's, over the pairs
    diff_stderr: float  # its standard error (of the paired differences)
    changed: tuple[tuple[str, int, int], ...]  # (deck seed, score A, score B) of each game played differently

    def as_text(self) -> str:
        a, b, n = self.a.games, self.b.games, len(self.a.games)

        def run(games: Sequence[PlayedGame]) -> str:
            mean = statistics.fmean(g.score for g in games)
            return (f"{mean:.3f}, misplays {sum(g.misplays for g in games)} "
                    f"({sum(g.guess_misplays for g in games)} guesses), "
                    f"strikeouts {sum(g.strikeout for g in games)}")

        lines = [f"{n} games, {self.a.players} players, {self.a.variant}"
                 + "".join(f" +{o.replace('_', ' ')}" for o in self.a.options) + f", decks {a[0].seed} .. {a[-1].seed}",
                 f"A  {' '.join(self.a.bots)}: {run(a)}",
                 f"B  {' '.join(self.b.bots)}: {run(b)}",
                 f"B - A  {self.diff:+.3f} ± {self.diff_stderr:.3f} a game (paired); "
                 f"{len(self.changed)} of {n} games played differently"]
        shown = sorted(self.changed, key=lambda c: -abs(c[2] - c[1]))[:SHOWN]
        if shown:
            lines.append("largest changes: " + ", ".join(f"{seed} {sa} -> {sb}" for seed, sa, sb in shown))
        return "\n".join(lines)


def run_file(bots: Sequence[str], players: int) -> str:
    """The file name of a run in a folder of runs: its bots, seat by seat, and players (characters a file system
    may refuse, such as a plugin path's colon, become '-')."""
    return re.sub(r"[^A-Za-z0-9@+=._-]", "-", "_".join(bots)) + f"_{players}p.json"


def compare(a: GameSet, b: GameSet) -> Comparison:
    """B against A, deal by deal; `HanabiError` if they did not play the same decks (seeds, players, rules)."""
    if a.deals() != b.deals():
        what = ("players" if a.players != b.players else "rules" if (a.variant, a.options) != (b.variant, b.options)
                else "decks (seed or number of games)")
        raise HanabiError(f"the two runs did not play the same deals: their {what} differ")
    d = [gb.score - ga.score for ga, gb in zip(a.games, b.games, strict=True)]
    mean = statistics.fmean(d)
    stderr = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
    changed = tuple((ga.seed, ga.score, gb.score) for ga, gb in zip(a.games, b.games, strict=True)
                    if ga.actions != gb.actions)
    return Comparison(a, b, mean, stderr, changed)


def compare_folders(a: Path, b: Path) -> list[tuple[str, Comparison]]:
    """Each run saved in both folders (by file name), B's against A's; `HanabiError` if none is in both or one
    cannot be used."""
    names = sorted({p.name for p in a.glob("*.json")} & {p.name for p in b.glob("*.json")})
    if not names:
        raise HanabiError(f"no run is saved in both {clean_text(str(a), 120)} and {clean_text(str(b), 120)}")
    return [(name.removesuffix(".json"), compare(load_games(a / name), load_games(b / name))) for name in names]


def folder_line(name: str, c: Comparison) -> str:
    """One line of a comparison of two folders of runs."""
    a, b = c.a.games, c.b.games
    return (f"{name}: {statistics.fmean(g.score for g in a):.3f} -> {statistics.fmean(g.score for g in b):.3f}, "
            f"B - A {c.diff:+.3f} ± {c.diff_stderr:.3f}, misplays {sum(g.misplays for g in a)} -> "
            f"{sum(g.misplays for g in b)}, strikeouts {sum(g.strikeout for g in a)} -> {sum(g.strikeout for g in b)}, "
            f"{len(c.changed)} of {len(a)} games played differently")
