"""Hypotheticals: a recorded game branched at a turn and played on, every seat's moves made by the person at
the screen, to see what would have happened. No pygame.

A `Hypothetical` is a `Session` (so the table scene plays it with its usual drag, click, clue chooser and
keys) whose seats are all people, with no hand-off curtain (one person makes every seat's moves), no autosave
and nothing kept in the replays: it is not a game that was played. What the table shows is every card face up,
or what one chosen seat (`pov`) could see.

>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> record = GameRecord.of(Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"]))
>>> h = Hypothetical(record, 0)
>>> h.viewer == h.current == 0, h.needs_curtain(), h.shown_view().card(h.game.hands[0][0]) is not None
(True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.engine import GameRecord, PlayerView, Variant
from hanabi_desktop.i18n import _
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup


@dataclass
class RecordSetup(Setup):
    """A set-up whose variant is a record's own (an imported game's variant need not be one of our presets)."""

    record_variant: Variant | None = None

    def make_variant(self) -> Variant:
        assert self.record_variant is not None
        return self.record_variant


class Hypothetical(Session):
    """`record` after its first `turn` actions, played on by one person for every seat. See the module doc."""

    def __init__(self, record: GameRecord, turn: int, pov: int | None = None) -> None:
        turn = max(0, min(turn, len(record.actions)))
        setup = RecordSetup([SeatSpec(n) for n in record.players], record_variant=record.variant)
        super().__init__(setup, record.actions[:turn], threaded=False, deck=record.deck, tiles=record.tiles,
                         explanations=record.explanations)
        self.turn = turn  # where it branched from the real game
        self.pov = pov
        for seat, texts in enumerate((record.notes or [])[:self.players]):  # the players' notes come along
            self.notes[seat] = {o: t for o, t in enumerate(texts) if t.strip()}

    @property
    def viewer(self) -> int:
        """The seat to act: the person at the screen makes every seat's moves."""
        return self.current

    def needs_curtain(self) -> bool:
        return False  # one person plays every seat: nothing to hide from anyone

    def shown_view(self) -> PlayerView:
        """What the table shows: every card face up, or what the chosen seat `pov` could see. (`view(seat)`
        stays a seat's own view: a hint's bot must never see more.)"""
        return PlayerView.of(self.game, self.pov)

    def take_back(self) -> str | None:
        """Take back the last move made in the hypothetical (never one of the real game's): None, or why not."""
        if len(self.log) <= self.turn:
            return _("No move was made here yet: the moves before the branch are the real game's.")
        kept = self.log[:-1]
        self._start([e.action for e in kept], [e.explanation for e in kept])
        self.undos += 1
        return None

    def shown_notes(self) -> dict[int, str]:
        """The notes the table shows: the chosen seat's own, or face up every player's on each card."""
        if self.pov is not None:
            return dict(self.notes.get(self.pov, {}))
        out: dict[int, list[str]] = {}
        for seat in sorted(self.notes):
            for o, text in self.notes[seat].items():
                out.setdefault(o, []).append(" ".join(text.split()))
        return {o: " | ".join(texts) for o, texts in out.items()}
