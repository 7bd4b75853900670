"""Replaying record files headlessly: the work behind `hanabi-desktop replay`."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import GameRecord, RecordError
from hanabi_desktop.engine.text import clean_text


@dataclass(frozen=True)
class ReplayReport:
    """What replaying one file found."""

    file: str
    ok: bool
    score: int | None = None
    max_score: int | None = None
    turns: int | None = None
    strikes: int | None = None
    clue_tokens: int | None = None
    fireworks: dict[str, int] | None = None
    end: str | None = None
    error: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The `--json` object: the documented keys only."""
        if not self.ok:
            return {"file": self.file, "ok": False, "error": self.error}
        return {
            "file": self.file, "ok": True, "score": self.score, "turns": self.turns, "strikes": self.strikes,
            "clue_tokens": self.clue_tokens, "fireworks": self.fireworks, "end": self.end,
        }

    def as_text(self) -> str:
        """One readable line."""
        if not self.ok:
            return f"{self.file}: REJECTED: {self.error}"
        fw = " ".join(f"{k} {v}" for k, v in (self.fireworks or {}).items())
        return (
            f"{self.file}: ok, score {self.score}/{self.max_score}, {self.turns} turns, {self.strikes} strikes, "
            f"{self.clue_tokens} clue tokens, fireworks: {fw}; ended: {self.end}"
        )


def replay_file(path: str) -> ReplayReport:
    """Read and replay one hanab.live JSON file; every problem becomes a rejected report, never an exception."""
    from hanabi_desktop.storage import SaveError, read_user_file

    shown = clean_text(path)
    if not os.path.lexists(path):
        return ReplayReport(shown, False, error="no such file")
    try:
        record = GameRecord.loads(read_user_file(Path(path), "game file"))
        game = record.replay()
    except (SaveError, RecordError) as exc:
        return ReplayReport(shown, False, error=str(exc))
    if game.over:
        end = game.end_reason.value
    elif record.ended_by is not None:
        end = "terminated"
    else:
        end = "in_progress"
    fireworks = {s.name: n for s, n in zip(game.variant.suits, game.fireworks, strict=True)}
    return ReplayReport(
        file=shown, ok=True, score=game.score, max_score=game.variant.max_score, turns=game.turn,
        strikes=game.strikes, clue_tokens=game.clue_tokens, fireworks=fireworks, end=end,
    )
