"""The replay viewer: a finished (or saved) game stepped through turn by turn, every hand face up.

It draws with the table's `TableRenderer` and animates each step forward like the live table. Controls live in
the message strip: first / back / forward / last buttons, a turn slider and Close; arrow keys step, Home and End
jump, typing a number and Enter jumps to that turn, Esc closes. Hovering a card in a hand shows the clues it has
had so far, what its holder can tell, and the players' notes on it (hanab.live exports carry them).
"""

from __future__ import annotations

import pygame

from hanabi_desktop.engine import Game, GameRecord, PlayerView
from hanabi_desktop.narrate import describe
from hanabi_desktop.ui import theme
from hanabi_desktop.ui.anim import Animator
from hanabi_desktop.ui.intents import Command, Intent, KeyPress, PointerMove, Scroll
from hanabi_desktop.ui.scene import Scene
from hanabi_desktop.ui.table_anim import animate, touched_by_last
from hanabi_desktop.ui.table_model import LogLine, TableModel, build_model, shared_notes
from hanabi_desktop.ui.table_render import TableRenderer, draw_tooltip
from hanabi_desktop.ui.widgets import Button, Slider, WidgetGroup


class ReplayScene(Scene):
    """Step through `record` (a `GameRecord`) with every card face up."""

    def __init__(self, app, record: GameRecord) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.record = record
        game = record.new_game()
        self.states: list[Game] = [game.clone()]
        self.lines: list[LogLine] = []
        self.batches: list[tuple] = []
        for action in record.actions:
            if game.over:
                break
            seat, hands = game.current, [list(h) for h in game.hands]
            events = game.apply(action)
            self.lines.append(LogLine(describe(game, seat, hands, action, events)))
            self.batches.append(events)
            self.states.append(game.clone())
        self.index = 0
        self.typed = ""
        settings = app.settings
        self.renderer = TableRenderer(settings.colour_blind_symbols, settings.card_scale)
        self.anim = Animator(settings.animation_speed)
        self.widgets = WidgetGroup()
        self.slider: Slider | None = None
        self.hover: tuple[int, int] = (-1, -1)
        self._model: TableModel | None = None

    @property
    def last(self) -> int:
        """The index of the final state (number of actions replayed)."""
        return len(self.states) - 1

    def model(self) -> TableModel:
        """The table after `index` actions, face up (a spectator's view); built once per step."""
        if self._model is not None and self._model.key == (self.index,):
            return self._model
        g = self.states[self.index]
        title = f"Replay: turn {self.index} of {self.last}"
        if self.index == self.last and g.over and g.end_reason is not None:
            title += f" - {g.end_reason.value.replace('_', ' ')}"
        self._model = build_model(PlayerView.spectator(g), log=self.lines[:self.index], title=title,
                                  last_clue=touched_by_last(self.batches[:self.index]), key=(self.index,),
                                  notes=shared_notes(self.record.notes))
        return self._model

    def go(self, index: int) -> None:
        """Show the state after `index` actions (clamped); one step forward is animated."""
        index = max(0, min(self.last, int(index)))
        if index == self.index:
            return
        old = dict(self.renderer.rects)
        step = index == self.index + 1
        self.index = index
        self.anim.finish()
        if step:
            animate(self.renderer, self.anim, self.model(), self.size, old, [self.batches[index - 1]])
        else:
            self.renderer.place(self.model(), self.size)
        if self.slider is not None and round(self.slider.value) != index:
            self.slider.value = index

    # -- scene hooks ----------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        lay = self.renderer.place(self.model(), size)
        m = lay.message
        h = m.h - 4
        bw = round(h * 1.6)
        x = m.x
        self.widgets = WidgetGroup()
        for label, fn in (("|<", lambda: self.go(0)), ("<", lambda: self.go(self.index - 1)),
                          (">", lambda: self.go(self.index + 1)), (">|", lambda: self.go(self.last))):
            self.widgets.add(Button((x, m.y + 2, bw, h), label, fn))
            x += bw + 4
        close_w = round(h * 3)
        self.widgets.add(Button((m.right - close_w, m.y + 2, close_w, h), "Close", self.close))
        self.slider = Slider((x + 8, m.y + 2, m.right - close_w - x - 16, h), "Turn", self.index, 0, max(1, self.last),
                             1, lambda v: self.go(round(v)), fmt=lambda v: f"{round(v)} / {self.last}")
        self.widgets.add(self.slider)

    def close(self) -> None:
        """Leave the viewer."""
        self.app.stack.pop(self)

    def update(self, dt: float) -> None:
        self.anim.update(dt)

    def animating(self) -> bool:
        return self.anim.busy

    def handle(self, intent: Intent) -> bool:
        if self.widgets.handle(intent):
            return True
        if isinstance(intent, Scroll):
            lay = self.renderer.lay
            if lay is not None and lay.log.collidepoint(intent.pos):
                self.renderer.scroll_log(intent.dy, self.index)
            return True
        if isinstance(intent, KeyPress):
            keys = {pygame.K_RIGHT: self.index + 1, pygame.K_LEFT: self.index - 1, pygame.K_HOME: 0,
                    pygame.K_END: self.last, pygame.K_PAGEUP: self.index - 10, pygame.K_PAGEDOWN: self.index + 10}
            if intent.key in keys:
                self.go(keys[intent.key])
                return True
            if intent.text.isdigit():
                self.typed = (self.typed + intent.text)[-4:]
                return True
            if intent.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
                return True
            return False
        if isinstance(intent, Command):
            if intent.name == "back":
                if self.typed:
                    self.typed = ""
                else:
                    self.close()
                return True
            if intent.name == "confirm" and self.typed:
                self.go(int(self.typed))
                self.typed = ""
                return True
        if isinstance(intent, PointerMove):
            self.hover = intent.pos
            return True
        return False

    def card_notes(self, order: int) -> list[str]:
        """The players' notes on card `order` from the record ("Ann: r3, r4"), each cut to a readable length."""
        out = []
        for seat, notes in enumerate(self.record.notes or []):
            text = " ".join(notes[order].split()) if order < len(notes) else ""
            if text:
                name = self.record.players[seat] if seat < len(self.record.players) else f"Player {seat + 1}"
                out.append(f"{name}: {text if len(text) <= 60 else text[:59] + '…'}")
        return out

    def tooltip(self, order: int) -> list[tuple[str, list[str]]]:
        """What hovering card `order` shows: its clues so far with what its holder can tell, and the notes."""
        card = self.model().cards.get(order)
        clues = list(card.tooltip) if card is not None else []
        return [("Clues on this card:", clues), ("Notes:", self.card_notes(order))]

    def draw(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.model(), anim=self.anim)
        self.widgets.draw(surface)
        order = self.renderer.card_at(self.hover, list(self.renderer.hand_of))
        lay = self.renderer.lay
        if order is not None and lay is not None and not self.anim.cards:
            draw_tooltip(surface, lay.font, self.hover, self.tooltip(order))
        if self.typed:
            lay = self.renderer.lay
            assert lay is not None
            theme.blit_text(surface, f"Go to turn {self.typed} (Enter)", lay.font, (lay.message.centerx,
                            lay.message.y - 4), theme.ACCENT, bold=True, anchor="midbottom", shadow=True)
