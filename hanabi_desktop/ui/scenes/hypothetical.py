"""A hypothetical: the table scene playing a `Hypothetical` (a replay branched at a turn), every seat's moves
made here with the table's own drag, click, clue chooser and keys; every card face up or as the replay's
chosen player saw them. A blue frame and a banner say on screen that this is not the real game, with the best
score the position shown still allows (every card known; the solver works it out on its own thread after each
move). Esc or the Menu button returns to the replay where it branched. Nothing of it is saved or kept.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.engine import GameRecord
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.table.hypothetical import Hypothetical
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent, KeyPress
from hanabi_desktop.ui.replayview.review_model import BestScores, bound_text
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.tableview.animation import touched_by_last
from hanabi_desktop.ui.tableview.model import LogLine, TableModel, build_model


class HypotheticalScene(TableScene):
    """Play on from turn `turn` of `record` for every seat; `pov`: whose eyes (None: face up)."""

    def __init__(self, app, record: GameRecord, turn: int, pov: int | None = None) -> None:  # noqa: ANN001
        super().__init__(app, Hypothetical(record, turn, pov))
        self.seen = len(self.session.log)  # the real game's moves are not animated again
        self.best = BestScores()  # the solver, on its own thread: what each position here still allows
        self.best.ask("branch", self.session.game)

    def position(self) -> tuple[int, int]:
        """What identifies the position shown (moves made, take-backs)."""
        return len(self.session.log), self.session.undos

    def best_line(self) -> str:
        """The best score still reachable from the position shown, every card known, and at the branch."""
        now, then = self.best.get(self.position()), self.best.get("branch")
        if now is None:
            return _("Best score still reachable here: working it out…")
        if then is None or now == then:
            return _("Best score still reachable here: {now}").format(now=bound_text(now))
        return _("Best score still reachable here: {now} (at the branch: {then})").format(
            now=bound_text(now), then=bound_text(then))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.best.ask(self.position(), self.session.game)

    def look(self):  # noqa: ANN201 - Hashable
        return super().look(), self.best.get(self.position())

    def wake_after(self) -> float | None:
        wait = super().wake_after()
        if self.best.get(self.position()) is None:  # the answer lands on its own thread: look for it
            return 0.2 if wait is None else min(wait, 0.2)
        return wait

    def model(self) -> TableModel:
        """The table as the replay showed it (face up or the chosen player's eyes), after the moves made here."""
        s = self.session
        notes = s.shown_notes()
        key = (len(s.log), s.undos, s.pov, s.over, tuple(notes.items()))
        if self._model is None or self._model.key != key:
            title = self.banner()
            self._model = build_model(s.shown_view(), log=[LogLine(e.text, e.explanation) for e in s.log],
                                      title=title, last_clue=touched_by_last([s.log[-1].events] if s.log else []),
                                      key=key, notes=notes)
        return self._model

    def banner(self) -> str:
        """The line that says this is a hypothetical, from which turn, and how many moves were made in it."""
        s = self.session
        made = len(s.log) - s.turn
        return ngettext("Hypothetical from turn {turn}, {made} move", "Hypothetical from turn {turn}, {made} moves",
                        made).format(turn=s.turn, made=made)

    def _finish(self) -> None:
        """The hypothetical game ended: stay here (no results, nothing kept); the message says so."""
        self.left = True
        self.say(_("The hypothetical game is over with {score} points. Esc returns to the real game.").format(
            score=self.session.game.score), theme.ACCENT, ttl=3600)

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Command) and intent.name == "back" and self.drag is None and self.selected is None:
            self.leave()
            return True
        if isinstance(intent, KeyPress) and intent.key == pygame.K_v and self.drag is None:
            self.next_view()
            return True
        if isinstance(intent, KeyPress) and intent.key == pygame.K_BACKSPACE and self.drag is None:
            self.take_back()
            return True
        return super().handle(intent)

    def take_back(self) -> None:
        """Backspace: take back the last move made here, to try another (the real game's moves stay)."""
        reason = self.session.take_back()
        if reason is not None:
            self.say(reason, theme.ERROR)
            return
        self.selected = None
        self.seen = len(self.session.log)
        self.left = False
        self.over_time = 0.0
        self.message_ttl = 0
        self.anim.finish()
        self.renderer.place(self.model(), self.size)

    def next_view(self) -> None:
        """V, as in the replay: face up, then each player's eyes in seat order, then face up again."""
        s = self.session
        s.pov = 0 if s.pov is None else None if s.pov + 1 >= s.players else s.pov + 1
        self.anim.finish()
        self.renderer.place(self.model(), self.size)

    def _message_text(self) -> tuple[str, theme.Colour]:
        text, colour = super()._message_text()
        if self.message_ttl <= 0 and not self.session.over and self.spot_preview() is None:
            s = self.session
            text = _("Hypothetical: make {player}'s move (every seat's moves are yours here); Backspace takes one "
                     "back; V changes the view; Esc returns to the real game.").format(player=s.names[s.current])
            colour = theme.CLUE
        return text, colour

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        pygame.draw.rect(surface, theme.CLUE, (0, 0, w, h), width=max(3, round(5 * theme.ui_scale((w, h)))))
        lay = self.renderer.lay
        if lay is None:
            return
        text = _("HYPOTHETICAL - not the real game - {best}").format(best=self.best_line())
        fs = lay.font + 2
        label = theme.text(theme.fit_text(text, fs, lay.message.w - 30, bold=True), fs, theme.TEXT, bold=True)
        r = label.get_rect().inflate(24, 8)
        own = lay.hands[0].area  # under the bottom hand if there is room there, else at the top edge
        if h - own.bottom >= r.h + 8:
            r.midbottom = (own.centerx, h - 6)
        else:
            r.midtop = (lay.message.centerx, 4)
        pygame.draw.rect(surface, theme.CLUE_DARK, r, border_radius=r.h // 2)
        pygame.draw.rect(surface, theme.CLUE, r, width=2, border_radius=r.h // 2)
        surface.blit(label, label.get_rect(center=r.center))
