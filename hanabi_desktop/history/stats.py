"""Each player's kept games in numbers: who played (people and bots by name), the filters of the history screen
(variant, player count, seat) and what the games of a selection add up to. No pygame.

>>> from hanabi_desktop.history.summary import GameSummary
>>> g = GameSummary("a.json", 1.0, "Classic", (), ("Ann", "Bob"), ("", "conventions@2"), 21, 25, 1, "deck_out",
...                 60, 2, 0)
>>> Roster([g]).players()
[Player(name='Ann', kind='person'), Player(name='Bob', kind='conventions')]
>>> s = totals([g]); (s.games, s.average, s.best, s.hints)
(1, 21.0, 21, 2)
>>> bots_level(g, Player("Ann", "person"))
'2'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hanabi_desktop.history.summary import GameSummary

PERSON = "person"
UNKNOWN = ""  # a seat whose kind the record does not say (an older record, a hanab.live export)
PEOPLE_ONLY = "-"  # `bots_level` of a game without bots


@dataclass(frozen=True, order=True)
class Player:
    """A player of the history: a name and what sat under it (`PERSON`, a bot's registry name without its level,
    or `UNKNOWN`). A bot keeps its name across levels: its games at each level are one player's."""

    name: str
    kind: str

    def __str__(self) -> str:
        return f"{self.name} ({self.kind or 'unknown'})"


def seat_kind(seat: str | None) -> str:
    """The kind of a seat as a record says it ("" a person, 'conventions@2'); None: the record does not say."""
    if seat is None:
        return UNKNOWN
    return PERSON if not seat else seat.partition("@")[0].partition("+")[0]


def seats_of(game: GameSummary) -> tuple[Player, ...]:
    """The players of `game`, seat by seat."""
    return tuple(Player(name, seat_kind(None if game.seats is None else game.seats[i]))
                 for i, name in enumerate(game.players))


class Roster:
    """Kept games (oldest first) with each one's players worked out once: the filters ask for every game."""

    def __init__(self, games: Sequence[GameSummary]) -> None:
        self.games = tuple(games)
        self.seats = tuple(seats_of(g) for g in self.games)

    def players(self) -> list[Player]:
        """Everyone who played, people first, then by games played (most first) and name."""
        count: Counter[Player] = Counter(p for seats in self.seats for p in seats)
        return sorted(count, key=lambda p: (p.kind != PERSON, -count[p], p.name.lower(), p.kind))

    def select(self, selection: Selection) -> list[GameSummary]:
        """The games of `selection`, oldest first."""
        return [g for g, seats in zip(self.games, self.seats, strict=True) if selection.holds(g, seats)]


def variants(games: Iterable[GameSummary]) -> list[str]:
    """The variants of `games`, most played first."""
    count = Counter(g.variant for g in games)
    return sorted(count, key=lambda v: (-count[v], v))


def player_counts(games: Iterable[GameSummary]) -> list[int]:
    """The numbers of players `games` were played with, smallest first."""
    return sorted({len(g.players) for g in games})


@dataclass(frozen=True)
class Selection:
    """The history screen's filters: a variant, a number of players, a player (None: all)."""

    variant: str | None = None
    players: int | None = None
    player: Player | None = None

    def __str__(self) -> str:
        return f"{self.variant or 'all variants'}, {self.players or 'any number of'} players, {self.player or 'everyone'}"

    def holds(self, game: GameSummary, seats: Sequence[Player] | None = None) -> bool:
        """Is `game` among the selected? (`seats`: its players, if worked out already.)"""
        return ((self.variant is None or game.variant == self.variant)
                and (self.players is None or len(game.players) == self.players)
                and (self.player is None or self.player in (seats or seats_of(game))))


@dataclass(frozen=True)
class Totals:
    """What a selection of games adds up to. Scores count finished games only; hints and undos count the games
    whose records say them (`aids_unknown`: those that do not)."""

    games: int  # finished games
    unfinished: int  # left before their end for a new game
    average: float | None
    best: int | None
    best_of: int | None  # the best game's maximum score
    perfect: int
    strikeouts: int
    hints: int
    undos: int
    aids_unknown: int

    def __str__(self) -> str:
        avg = "-" if self.average is None else f"{self.average:.1f}"
        return (f"{self.games} games ({self.unfinished} unfinished), average {avg}, best {self.best}/{self.best_of}, "
                f"{self.perfect} perfect, {self.strikeouts} strikeouts, {self.hints} hints, {self.undos} undos")


def totals(games: Sequence[GameSummary]) -> Totals:
    """The totals of `games`."""
    done = [g for g in games if g.finished]
    best = max(done, key=lambda g: (g.score / g.max_score, g.score), default=None)
    known = [g for g in done if g.aids_known]
    return Totals(
        games=len(done), unfinished=len(games) - len(done),
        average=sum(g.score for g in done) / len(done) if done else None,
        best=None if best is None else best.score, best_of=None if best is None else best.max_score,
        perfect=sum(g.end == "perfect" for g in done), strikeouts=sum(g.end == "strikeout" for g in done),
        hints=sum(g.hints or 0 for g in known), undos=sum(g.undos or 0 for g in known),
        aids_unknown=len(done) - len(known))


def bots_level(game: GameSummary, player: Player | None = None) -> str:
    """The level of the bots `player` played with in `game` (every bot if None): an H-group level of the
    conventions bots ('beginner', '1' ...), another bot's name ('expert'), several joined by '/',
    `PEOPLE_ONLY` without bots, `UNKNOWN` if the record does not say."""
    if game.seats is None:
        return UNKNOWN
    levels = []
    for seat, who in zip(game.seats, seats_of(game), strict=True):
        if not seat or who == player:
            continue
        base, _, level = seat.partition("@")
        levels.append(level or base.partition("+")[0])
    return "/".join(dict.fromkeys(levels)) or PEOPLE_ONLY
