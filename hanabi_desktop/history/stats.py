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
from dataclasses import dataclass, replace

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
    """Kept games (oldest first) with each one's players worked out once, as numbers: the filters ask for
    every game, and a number is cheaper to count and compare than a name and a kind.

    A seat an older record does not describe (`UNKNOWN`) under a name that sat as a person in another game is
    that person: 'Ann (not said)' beside 'Ann (person)' was one player shown as two."""

    def __init__(self, games: Sequence[GameSummary]) -> None:
        self.games = tuple(games)
        ids: dict[tuple[str, str], int] = {}  # (name, kind): plain strings hash fastest, thousands of games
        kinds: dict[str | None, str] = {None: UNKNOWN}
        seats = []
        for g in self.games:
            row = []
            for i, name in enumerate(g.players):
                seat = None if g.seats is None else g.seats[i]
                kind = kinds.get(seat)
                if kind is None:
                    kind = kinds[seat] = seat_kind(seat)
                row.append(ids.setdefault((name, kind), len(ids)))
            seats.append(tuple(row))
        merged = {i: ids[(name, PERSON)] for (name, kind), i in ids.items() if kind == UNKNOWN and (name, PERSON) in ids}
        if merged:  # an older history only: the unsaid seats become their person, the numbers close up
            kept = [key for key, i in ids.items() if i not in merged]
            number = {ids[key]: n for n, key in enumerate(kept)}
            number.update({i: number[person] for i, person in merged.items()})
            seats = [tuple(number[i] for i in row) for row in seats]
            ids = {key: n for n, key in enumerate(kept)}
        self.seats = tuple(seats)
        self.everyone = tuple(Player(name, kind) for name, kind in ids)  # number -> player
        self.ids = {p: i for i, p in enumerate(self.everyone)}  # player -> number

    def players(self) -> list[Player]:
        """Everyone who played, people first, then by games played (most first) and name."""
        count = Counter(i for seats in self.seats for i in seats)
        return sorted(self.everyone, key=lambda p: (p.kind != PERSON, -count[self.ids[p]], p.name.lower(), p.kind))

    def select(self, selection: Selection) -> list[GameSummary]:
        """The games of `selection`, oldest first."""
        return [self.games[i] for i in self.chosen(selection)]

    def chosen(self, selection: Selection) -> list[int]:
        """The numbers of the games of `selection`, oldest first."""
        who = None if selection.player is None else self.ids.get(selection.player, -1)
        variant, count = selection.variant, selection.players
        return [i for i, (g, seats) in enumerate(zip(self.games, self.seats, strict=True))
                if (variant is None or g.variant == variant) and (count is None or len(seats) == count)
                and (who is None or who in seats)]

    def totals(self, selection: Selection) -> Totals:
        """What the games of `selection` add up to. A person is credited the hints and undos of their own seat
        where the record says them per seat, else a table's count where they sat alone with bots; an older
        record of several people at one computer does not say whose they were: `Totals.aids_shared` counts those
        games, left out. A bot is credited none."""
        chosen = self.chosen(selection)
        games = [self.games[i] for i in chosen]
        if selection.player is None:
            return totals(games)
        if selection.player.kind != PERSON:  # a bot asks for no hint and takes no move back
            return replace(totals(games, [False] * len(games)), aids_shared=0)
        me = self.ids.get(selection.player, -1)
        people = {i for i, p in enumerate(self.everyone) if p.kind == PERSON}
        credited, own = [], []
        for n, g in zip(chosen, games, strict=True):
            seats = self.seats[n]
            if g.hints_by is not None and g.undos_by is not None and me in seats:
                seat = seats.index(me)
                credited.append(True)
                own.append((g.hints_by[seat], g.undos_by[seat]))
            else:
                credited.append(sum(i in people for i in seats) == 1)
                own.append(None)
        return totals(games, credited, own)

    def games_of(self, selection: Selection) -> dict[Player, int]:
        """How many finished games of `selection` each player played (everyone, whatever `selection.player`)."""
        count = Counter(i for n in self.chosen(Selection(selection.variant, selection.players))
                        if self.games[n].finished for i in self.seats[n])
        return {p: count[i] for p, i in self.ids.items()}


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

    def holds(self, game: GameSummary) -> bool:
        """Is `game` among the selected?"""
        return ((self.variant is None or game.variant == self.variant)
                and (self.players is None or len(game.players) == self.players)
                and (self.player is None or self.player in seats_of(game)))


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
    aids_shared: int = 0  # games whose hints and undos are not the selected player's to count (`Roster.totals`)

    def __str__(self) -> str:
        avg = "-" if self.average is None else f"{self.average:.1f}"
        return (f"{self.games} games ({self.unfinished} unfinished), average {avg}, best {self.best}/{self.best_of}, "
                f"{self.perfect} perfect, {self.strikeouts} strikeouts, {self.hints} hints, {self.undos} undos")


def totals(games: Sequence[GameSummary], credited: Sequence[bool] | None = None,
           own: Sequence[tuple[int, int] | None] | None = None) -> Totals:
    """The totals of `games`; `credited` (one per game, None: every one) says whose hints and undos count, `own`
    (one per game) the selected player's own (hints, undos) where the record says them per seat, else the
    table's count is theirs."""
    credit = [True] * len(games) if credited is None else list(credited)
    mine = [None] * len(games) if own is None else list(own)
    done = [(g, c, m) for g, c, m in zip(games, credit, mine, strict=True) if g.finished]
    best = max((g for g, _c, _m in done), key=lambda g: (g.score / g.max_score, g.score), default=None)
    known = [(g.hints or 0, g.undos or 0) if m is None else m for g, c, m in done if g.aids_known and c]
    shared = sum(1 for g, c, _m in done if g.aids_known and not c)
    return Totals(
        games=len(done), unfinished=len(games) - len(done),
        average=sum(g.score for g, _c, _m in done) / len(done) if done else None,
        best=None if best is None else best.score, best_of=None if best is None else best.max_score,
        perfect=sum(g.end == "perfect" for g, _c, _m in done),
        strikeouts=sum(g.end == "strikeout" for g, _c, _m in done),
        hints=sum(h for h, _u in known), undos=sum(u for _h, u in known),
        aids_unknown=len(done) - len(known) - shared, aids_shared=shared)


def bots_level(game: GameSummary, player: Player | None = None) -> str:
    """The level of the bots `player` played with in `game` (every bot if None): an H-group level of the
    conventions bots ('beginner', '1' ...), another bot's name ('expert'), several joined by '/',
    `PEOPLE_ONLY` without bots, `UNKNOWN` if the record does not say."""
    if game.seats is None:
        return UNKNOWN
    levels = []
    for name, seat in zip(game.players, game.seats, strict=True):
        if not seat:
            continue
        base, _, level = seat.partition("@")
        kind = base.partition("+")[0]
        if player is not None and name == player.name and kind == player.kind:
            continue  # not the player's own seat
        levels.append(level or kind)
    return "/".join(dict.fromkeys(levels)) or PEOPLE_ONLY
