"""One kept game in a few numbers: what the history screen and the Replays list show of it, worked out once
from its record (replayed by the engine) and kept in the history index. No pygame.

>>> from hanabi_desktop.engine import Game, GameRecord, Play, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> _ = game.apply(Play(game.hands[0][1]))
>>> s = summarise(GameRecord.of(game), "g.json", 0.0)
>>> str(s)
'g.json: Classic, Ann/Bob, 1/25 unfinished after 1 turn, 0 errors'
>>> GameSummary.from_row(s.to_row()) == s
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from hanabi_desktop.engine.records import MAX_AIDS, GameRecord

UNFINISHED = "unfinished"  # `GameSummary.end` of a game left before its end (replaced by a new one)
OPTIONS = ("empty_clues", "final_flourish", "flamboyants")  # the variant's rule options, as `Variant` names them


@dataclass(frozen=True)
class GameSummary:
    """A kept game: its file, when it was kept, the variant and its options, who sat where (`seats` None: the
    record does not say), how it ended, and the hints and undos used (None: not said)."""

    file: str  # its name in the replays folder
    stamp: float  # when it was kept (the file's time, seconds since the epoch)
    variant: str  # the engine's name of the variant (English; translated when shown)
    options: tuple[str, ...]  # the rule options that were on, of `OPTIONS`
    players: tuple[str, ...]
    seats: tuple[str, ...] | None  # per seat: "" a person, else a bot's registry name with its level
    score: int  # by the rules (0 after a strikeout; below 0 in Black Powder, whose missing cards cost a point)
    max_score: int
    strikes: int  # error tokens used at the end
    end: str  # an `EndReason` value, or `UNFINISHED`
    turns: int
    hints: int | None
    undos: int | None
    previewed: bool | None = None  # the clue preview was shown (None: not said)
    hints_by: tuple[int, ...] | None = None  # the hints and undos per seat (None: not said)
    undos_by: tuple[int, ...] | None = None

    def __str__(self) -> str:
        end = "unfinished" if self.end == UNFINISHED else self.end.replace("_", " ")
        turns = f"{self.turns} turn{'s' * (self.turns != 1)}"
        return (f"{self.file}: {self.variant}, {'/'.join(self.players)}, {self.score}/{self.max_score} {end} after "
                f"{turns}, {self.strikes} errors" + (f", {self.hints} hints, {self.undos} undos" if self.aids_known else ""))

    @property
    def finished(self) -> bool:
        """Was the game played to its end (not left for a new one)?"""
        return self.end != UNFINISHED

    @property
    def aids_known(self) -> bool:
        """Does the record say how many hints and undos were used?"""
        return self.hints is not None and self.undos is not None

    def to_row(self) -> list[Any]:
        """The index's form of the summary: its fields in order (a list: thousands are read at once)."""
        return [self.file, self.stamp, self.variant, list(self.options), list(self.players),
                None if self.seats is None else list(self.seats), self.score, self.max_score, self.strikes, self.end,
                self.turns, self.hints, self.undos, self.previewed,
                None if self.hints_by is None else list(self.hints_by), None if self.undos_by is None else list(self.undos_by)]

    @classmethod
    def from_row(cls, raw: Any) -> GameSummary | None:  # noqa: ANN401 - whatever the index file holds
        """A summary from the index, None if the entry is not one (the index is our cache: a wrong entry is
        worked out again from the game's file, never trusted). Checked field by field, in one pass: a
        history of thousands of games is read within a frame's budget."""
        if type(raw) is not list or len(raw) != 16:  # an index of an older version: worked out again
            return None
        file, stamp, variant, options, players, seats, score, top, strikes, end, turns, hints, undos, previewed, \
            hints_by, undos_by = raw
        if not (type(file) is str and type(variant) is str and type(end) is str
                and type(stamp) in (int, float) and math.isfinite(stamp)
                and type(options) is list and type(players) is list and 2 <= len(players) <= 5
                and (seats is None or type(seats) is list and len(seats) == len(players))
                and type(score) is int and type(top) is int and type(strikes) is int and type(turns) is int
                and (hints is None or type(hints) is int) and (undos is None or type(undos) is int)
                and (previewed is None or type(previewed) is bool)
                and abs(score) <= MAX_AIDS  # Black Powder can score below 0
                and 0 <= top <= MAX_AIDS and 0 <= strikes <= MAX_AIDS and 0 <= turns <= MAX_AIDS
                and (hints is None or 0 <= hints <= MAX_AIDS) and (undos is None or 0 <= undos <= MAX_AIDS)
                and all(type(t) is str for t in (*options, *players, *(seats or ())))
                and all(by is None or type(by) is list and len(by) == len(players)
                        and all(type(n) is int and 0 <= n <= MAX_AIDS for n in by) for by in (hints_by, undos_by))):
            return None
        return cls(file, float(stamp), variant, tuple(options), tuple(players),
                   None if seats is None else tuple(seats), score, top, strikes, end, turns, hints, undos, previewed,
                   None if hints_by is None else tuple(hints_by), None if undos_by is None else tuple(undos_by))


def summarise(record: GameRecord, file: str, stamp: float) -> GameSummary:
    """The summary of `record` kept as `file` at `stamp`; `RecordError` if its actions do not replay."""
    game = record.replay()
    v = record.variant
    facts = record.table
    return GameSummary(
        file=file, stamp=stamp, variant=v.name,
        options=tuple(o for o, on in zip(OPTIONS, (v.empty_clues, v.final_flourish, v.flamboyants), strict=True) if on),
        players=record.players, seats=None if facts is None else facts.seats,
        score=game.score, max_score=v.max_score, strikes=game.strikes,
        end=game.end_reason.value if game.end_reason is not None else UNFINISHED,
        turns=len(record.actions),
        hints=None if facts is None else facts.hints, undos=None if facts is None else facts.undos,
        previewed=None if facts is None else facts.previewed,
        hints_by=None if facts is None else facts.hints_by, undos_by=None if facts is None else facts.undos_by)
