"""The replay viewer and the Review: a finished (or saved) game stepped through turn by turn, face up or
through one player's eyes, with the review of every move.

It draws the table's `TableModel` with the table's `TableRenderer` in the top part of the window, and animates
each step forward like the live table. The bottom panel (ui.replayview.review_panel) holds the controls: first / back /
forward / last buttons, a turn slider, the view (face up or one player's eyes, V), What if… (a hypothetical
from here, B), Review (R) and Close; under the slider the best score still reachable at every turn, drawn as a
line once the review (worked out on its own thread, ui.replayview.review_model) is ready, the move made from the position
shown with what the conventions bot would have done instead and why, and the moves where points were lost
(click one, or N, to jump there). Arrow keys step, Home and End jump, typing a number and Enter jumps to that
turn, Esc closes. Hovering a card in a hand shows the clues it has had so far, what its holder can tell, and
the players' notes on it (hanab.live exports carry them). The log shows the bots' explanations kept with the
game (`GameRecord.explanations`).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from hanabi_desktop.engine import GameRecord
from hanabi_desktop.i18n import _
from hanabi_desktop.review.report import Review
from hanabi_desktop.table.hint import advisor_for
from hanabi_desktop.table.replay import Replay
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.art.anim import Animator
from hanabi_desktop.ui.intents import Command, Intent, KeyPress, PointerDown, PointerMove, Scroll
from hanabi_desktop.ui.replayview.review_model import (
    Drop,
    Flag,
    ReviewJob,
    best_score_line,
    curve,
    drops,
    flags,
    turn_lines,
)
from hanabi_desktop.ui.replayview.review_panel import (
    TurnSlider,
    draw_curve,
    draw_drops,
    draw_lines,
    draw_progress,
    drop_rows,
    no_drop_line,
    no_flag_line,
    panel_layout,
    split_lists,
)
from hanabi_desktop.ui.scene import NoticeRoom, Scene
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.tableview.animation import animate, touched_by_last
from hanabi_desktop.ui.tableview.model import LogLine, TableModel, build_model, shared_notes
from hanabi_desktop.ui.tableview.render import TableRenderer, draw_tooltip
from hanabi_desktop.ui.widgets import focus
from hanabi_desktop.ui.widgets.controls import Button, Slider
from hanabi_desktop.ui.widgets.group import WidgetGroup

MIN_SLIDER = 8  # the turn slider's least width, in heights of the control row, before |< and >| make room for it


class ReplayScene(Scene):
    """Step through `record` (a `GameRecord`), face up or through one player's eyes; `review=True` starts the
    review at once (else the Review button starts it)."""

    def __init__(self, app, record: GameRecord, review: bool = False,  # noqa: ANN001 - AppContext
                 bot: str | None = None) -> None:
        super().__init__(app)
        self.record = record
        # the conventions bot (and level) the review suggests moves and judges conventions by: the table's,
        # as the caller or the record says (`GameRecord.table`), else the default level
        kinds = record.table.seats if record.table is not None else ()
        self.bot = bot or advisor_for([kind or None for kind in kinds])
        self.replay = Replay(record)
        self.lines = [LogLine(text, why) for text, why in self.replay.lines]
        self.index = 0
        self.typed = ""
        self.pov: int | None = None  # whose eyes the table shows (None: every card face up)
        settings = app.settings
        self.renderer = TableRenderer(settings.colour_blind_symbols, settings.card_scale)
        self.anim = Animator(settings.animation_speed)
        self.widgets = WidgetGroup()
        self.slider: Slider | None = None
        self.hover: tuple[int, int] = (-1, -1)
        self._model: TableModel | None = None
        self.job: ReviewJob | None = None
        self.drops: list[Drop] = []
        self._drops_of: Review | None = None
        self._turn_text: tuple[tuple, list[str]] = ((), [])
        self.notice, self.notice_ttl = "", 0.0  # a passing message over the table (what cannot be done)
        self.drop_first = 0  # the first drop row shown (the list scrolls)
        self.flags: list[Flag] = []  # the moves that broke the conventions (under the drops)
        self._flags_of: tuple | None = None  # (the review, the eyes) they were worded for
        self.flag_first = 0
        self.panel = panel_layout(self.size)
        self.renderer.window = self.size
        if review:
            self.start_review()

    @property
    def last(self) -> int:
        """The index of the final state (number of actions replayed)."""
        return self.replay.last

    @property
    def review(self) -> Review | None:
        """The finished review, once the worker has it."""
        return self.job.result if self.job is not None and self.job.done else None

    def start_review(self) -> None:
        """Start working out the review on its own thread; the replay stays usable meanwhile."""
        if self.job is None:
            self.job = ReviewJob(self.record, bot=self.bot)
            if self.slider is not None:
                self.resize(self.size)

    def notice_room(self) -> NoticeRoom | None:
        """As at the table: up from the bottom of the log's panel, clear of the names and the cards."""
        lay = self.renderer.lay
        return NoticeRoom(lay.log, from_bottom=True) if lay is not None else None

    def table_size(self) -> tuple[int, int]:
        """The part of the window the table is laid out in (the review panel takes the rest)."""
        return self.size[0], self.panel.rect.y

    def model(self) -> TableModel:
        """The table after `index` actions as `pov` saw it (None: face up); built once per step."""
        key = (self.index, self.pov)
        if self._model is not None and self._model.key == key:
            return self._model
        title = _("Replay: turn {turn} of {last}").format(turn=self.index, last=self.last)
        end = self.replay.end_reason(self.index)
        if self.index == self.last and end is not None:
            title = _("{title} - {end}").format(title=title, end=end.short)
        view = self.replay.view(self.index, self.pov)
        notes = self.record.notes or []
        mine = notes if self.pov is None else notes[self.pov:self.pov + 1]  # through one's eyes: their notes only
        self._model = build_model(view, log=self.lines[:self.index], title=title,
                                  last_clue=touched_by_last(self.replay.events[:self.index]), key=key,
                                  notes=shared_notes(mine))
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
            animate(self.renderer, self.anim, self.model(), self.table_size(), old, [list(self.replay.events[index - 1])])
        else:
            self.renderer.place(self.model(), self.table_size())
        if self.slider is not None and round(self.slider.value) != index:
            self.slider.value = index

    def view_as(self, pov: int | None) -> None:
        """Show the replay through `pov`'s eyes (what that seat could see then), or face up (None)."""
        self.pov = pov if pov is None or 0 <= pov < len(self.record.players) else None
        self.anim.finish()
        self.renderer.place(self.model(), self.table_size())
        if self.slider is not None:
            self.resize(self.size)

    def next_view(self) -> None:
        """Face up, then each player's eyes in seat order, then face up again."""
        n = len(self.record.players)
        self.view_as(0 if self.pov is None else None if self.pov + 1 >= n else self.pov + 1)

    def view_label(self) -> str:
        if self.pov is None:
            return _("View: face up")
        return _("View: {player}'s eyes").format(player=self.record.players[self.pov])

    def branch(self) -> None:
        """Play on from the position shown, every seat's moves made here: a hypothetical, not the real game."""
        if self.replay.over(self.index):
            self.notice, self.notice_ttl = _("The game is over here: go back to a turn to play on from it."), 4.0
            return
        open_scene(self.app, "hypothetical", self.record, self.index, self.pov)

    # -- scene hooks ----------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.panel = panel_layout(size)
        self.renderer.window = size  # the table's text sized as at the table screen, not for its smaller part
        self.renderer.place(self.model(), self.table_size())
        c = self.panel.controls
        h = c.h
        fs = max(12, round(h * 0.42))
        buttons = [(_("Close"), self.close, _("Back (Esc)"), False, "Esc"),
                   (_("What if…"), self.branch, _("Play on from here with every seat's moves yours (B): a "
                                                  "hypothetical, then come back to the real game"), False, "B"),
                   (self.view_label(), self.next_view, _("Face up, or what one player could see then (V)"), False,
                    "V")]
        if self.job is None:
            buttons.append((_("Review"), self.start_review, _("Find the deal's best score and where points were "
                                                             "lost (R)"), True, "R"))
        # each with its key's cap (a tooltip is never seen by keys)
        widths = [theme.font_for(b[0], fs, bold=True).size(b[0])[0] + focus.hint_width(b[4], max(10, round(fs * 0.72)))
                  + 30 for b in buttons]
        bw = round(h * 1.25)
        steps = [("|<", lambda: self.go(0)), ("<", lambda: self.go(self.index - 1)),
                 (">", lambda: self.go(self.index + 1)), (">|", lambda: self.go(self.last))]
        room = c.w - sum(w + 6 for w in widths) - 16
        if room - 4 * (bw + 4) < MIN_SLIDER * h:  # a narrow window (German at 800x600): Home and End do those
            steps = steps[1:3]
        x = c.x
        self.widgets = WidgetGroup()
        for label, fn in steps:
            self.widgets.add(Button((x, c.y, bw, h), label, fn))
            x += bw + 4
        right = c.right
        for (label, fn, tip, primary, key), bw2 in zip(buttons, widths, strict=True):
            right -= bw2
            self.widgets.add(Button((right, c.y, bw2, h), label, fn, tooltip=tip, primary=primary, size=fs,
                                    hint=key))
            right -= 6
        self.slider = TurnSlider((x + 8, c.y, right - x - 16, h), _("Turn"), self.index, 0, max(1, self.last),
                             1, lambda v: self.go(round(v)), fmt=lambda v: f"{round(v)} / {self.last}")
        self.widgets.add(self.slider)

    def track(self) -> tuple[int, int]:
        """The slider's track from its left to its right end: the curve's x range, so they line up."""
        assert self.slider is not None
        t = self.slider.track_rect()
        return t.x, t.right

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.notice_ttl = max(0.0, self.notice_ttl - dt)
        review = self.review
        if review is not None and self._drops_of is not review:
            self.drops, self._drops_of = drops(review, self.replay.states), review
        if review is not None and self._flags_of != (id(review), self.pov):
            self.flags, self._flags_of = flags(self.broken, self.replay.states, self.pov), (id(review), self.pov)

    @property
    def broken(self) -> tuple:
        """The moves that broke the conventions (`review.conventions.Broken`), once the review is done."""
        return self.job.broken if self.review is not None and self.job is not None else ()

    def lists(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the drop list and the broken-conventions list are drawn."""
        return split_lists(self.panel.drops, self.panel.row, len(self.drops), len(self.flags))

    def animating(self) -> bool:
        return self.anim.busy

    def look(self) -> Hashable:
        job = self.job
        # the lists made from a finished review (`update`) count too: the review may finish between a frame's
        # update and its draw, which then shows the curve with lists not yet made ("No move lowered the best
        # score" beside a curve that falls), and nothing else would draw the frame after
        lists = (self._drops_of is not None, self._flags_of is not None)
        return self.index, self.pov, self.notice_ttl > 0, None if job is None else (job.done, job.progress), lists

    def wake_after(self) -> float | None:
        waits = [self.notice_ttl] if self.notice_ttl > 0 else []
        if self.job is not None and not self.job.done:
            waits.append(0.2)
        return min(waits) if waits else None

    def close(self) -> None:
        """Leave the viewer."""
        self.app.stack.pop(self)

    def exit(self) -> None:
        if self.job is not None and not self.job.done:
            self.job.cancel()  # nobody will look at it: free the core

    def handle(self, intent: Intent) -> bool:
        if self.widgets.handle(intent):
            return True
        if isinstance(intent, Scroll):
            lay = self.renderer.lay
            if lay is not None and lay.log.collidepoint(intent.pos):
                self.renderer.scroll_log(intent.dy, self.index)
            elif self.lists()[0].collidepoint(intent.pos) and self.drops:
                self.drop_first = max(0, min(len(self.drops) - 1, self.drop_first - intent.dy))
            elif self.lists()[1].collidepoint(intent.pos) and self.flags:
                self.flag_first = max(0, min(len(self.flags) - 1, self.flag_first - intent.dy))
            return True
        if isinstance(intent, PointerDown) and intent.button == 1:
            return self._press(intent.pos)
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
            actions = {pygame.K_v: self.next_view, pygame.K_b: self.branch, pygame.K_r: self.start_review,
                       pygame.K_n: self.next_drop}
            if intent.key in actions:
                actions[intent.key]()
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

    def _press(self, pos: tuple[int, int]) -> bool:
        """A click on a drop row jumps to the move that lost points; a click on the curve jumps to that turn."""
        for i, r in self.drop_rows():
            if r.collidepoint(pos):
                self.go(self.drops[i].turn)
                return True
        for i, r in self.flag_rows():
            if r.collidepoint(pos):
                self.go(self.flags[i].turn)
                return True
        if self.review is not None and self.panel.curve.collidepoint(pos) and self.slider is not None:
            x0, x1 = self.track()
            if x0 - 6 <= pos[0] <= x1 + 6:
                self.go(round((pos[0] - x0) / max(1, x1 - x0) * self.last))
                return True
        return False

    def drop_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The drop list's rows on screen now: (index into `drops`, rect)."""
        return drop_rows(self.lists()[0], self.panel.row, len(self.drops), self.drop_first)

    def flag_rows(self) -> list[tuple[int, pygame.Rect]]:
        """The broken-conventions list's rows on screen now: (index into `flags`, rect)."""
        return drop_rows(self.lists()[1], self.panel.row, len(self.flags), self.flag_first)

    def next_drop(self) -> None:
        """Jump to the next move after the one shown that lost points (from the start after the last)."""
        later = [d.turn for d in self.drops if d.turn > self.index]
        if later or self.drops:
            self.go(later[0] if later else self.drops[0].turn)

    def card_notes(self, order: int) -> list[str]:
        """The players' notes on card `order` from the record ("Ann: r3, r4"), each cut to a readable length."""
        out = []
        for seat, notes in enumerate(self.record.notes or []):
            text = " ".join(notes[order].split()) if order < len(notes) else ""
            if text:
                name = self.record.players[seat] if seat < len(self.record.players) else _("Player {number}").format(number=seat + 1)
                out.append(f"{name}: {text if len(text) <= 60 else text[:59] + '…'}")
        return out

    def tooltip(self, order: int) -> list[tuple[str, list[str]]]:
        """What hovering card `order` shows: its clues so far with what its holder can tell, and the notes."""
        card = self.model().cards.get(order)
        clues = list(card.tooltip) if card is not None else []
        return [(_("Clues on this card:"), clues), (_("Notes:"), self.card_notes(order))]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.table_size()
        self.renderer.draw(surface.subsurface((0, 0, w, h)), self.model(), anim=self.anim)
        self.draw_panel(surface)
        self.widgets.draw(surface)
        order = self.renderer.card_at(self.hover, list(self.renderer.hand_of))
        lay = self.renderer.lay
        if order is not None and lay is not None and not self.anim.cards:
            draw_tooltip(surface, lay.font, self.hover, self.tooltip(order))
        hovered = [self.drops[i] for i, r in self.drop_rows() if r.collidepoint(self.hover)]
        hovered += [self.flags[i] for i, r in self.flag_rows() if r.collidepoint(self.hover)]
        if hovered and lay is not None:  # the whole story of a row (the row may be cut short)
            d = hovered[0]
            draw_tooltip(surface, lay.font, self.hover, [(d.text, [d.action, _("Click to go there.")])])
        if self.typed:
            lay = self.renderer.lay
            assert lay is not None
            theme.blit_text(surface, _("Go to turn {turn} (Enter)").format(turn=self.typed), lay.font,
                            (lay.message.centerx, lay.message.y - 4), theme.ACCENT, bold=True, anchor="midbottom",
                            shadow=True)
        elif self.notice_ttl > 0 and lay is not None:
            theme.blit_text(surface, self.notice, lay.font, (lay.message.centerx, lay.message.y - 4), theme.ERROR,
                            bold=True, anchor="midbottom", shadow=True)

    def panel_state(self) -> str:
        """What the curve's place shows: 'idle' (no review asked), 'working', 'error' or 'curve'."""
        job = self.job
        if job is None:
            return "idle"
        if not job.done:
            return "working"
        return "curve" if job.result is not None else "error"

    def turn_text(self) -> list[str]:
        """The review of the move made from the position shown (and whose eyes the table shows); worked out once
        per position, not per frame (it narrates moves on copies of the game)."""
        key = (self.index, self.pov, self.review is not None, len(self.broken))
        if self._turn_text[0] != key:
            self._turn_text = (key, self._make_turn_text())
        return list(self._turn_text[1])

    def _make_turn_text(self) -> list[str]:
        lines = turn_lines(self.review, self.replay.states, self.record.actions, self.index, self.pov, self.broken)
        if self.pov is not None:
            lines.append(_("You see what {player} could see then: their own cards only as clues told them.").format(
                player=self.record.players[self.pov]))
        return lines

    def panel_lines(self) -> list[str]:
        """Every text the panel shows now (for the screen and its tests): its state, headline and the turn's."""
        state = self.panel_state()
        head = {"idle": [_("Press Review (R) to find the best score this deal allowed with every card known, and "
                           "the moves where points were lost.")],
                "error": [self.job.error if self.job is not None else ""],
                "working": [], "curve": self.drop_text()}[state]
        return head + self.turn_text()

    def drop_text(self) -> list[str]:
        """The review's headline and its drop list (or what an empty list means)."""
        review = self.review
        if review is None:
            return []
        exact = all(b.low == b.high for b in curve(review))
        return ([best_score_line(review)] + ([d.text for d in self.drops] or [no_drop_line(exact)])
                + [_("Conventions broken")] + ([f.text for f in self.flags] or [no_flag_line()]))

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The bottom panel: the curve (or the review's progress), the turn's review and the drop list."""
        p = self.panel
        surface.fill(theme.PANEL, p.rect)
        pygame.draw.line(surface, theme.PANEL_BORDER, p.rect.topleft, p.rect.topright, 2)
        state, review, job = self.panel_state(), self.review, self.job
        if state == "working" and job is not None:
            draw_progress(surface, p.curve, job.fraction, p.font)
        elif state == "curve" and review is not None:
            draw_curve(surface, p.curve, self.track(), curve(review), self.index, [d.turn for d in self.drops],
                       self.record.variant.max_score, p.font)
            top, bottom = self.lists()
            draw_drops(surface, top, best_score_line(review), self.drops, self.drop_rows(), self.index,
                       self.hover, p.font, exact=all(b.low == b.high for b in curve(review)))
            draw_drops(surface, bottom, _("Conventions broken"), self.flags, self.flag_rows(), self.index,
                       self.hover, p.font, empty=no_flag_line())
        else:
            draw_lines(surface, p.curve, self.panel_lines()[:1], p.font,
                       [theme.ERROR if state == "error" else theme.TEXT_DIM])
        lines = self.turn_text()
        colours = [theme.TEXT] + [theme.ACCENT] * (len(lines) - 1)
        broke = _("Convention broken ({rule}): {what}").split("{")[0]
        colours = [(240, 150, 50) if broke and t.startswith(broke) and k else c
                   for k, (t, c) in enumerate(zip(lines, colours, strict=True))]
        colours = [theme.ERROR if t.startswith(_("Points lost here:")[:6]) and k else c
                   for k, (t, c) in enumerate(zip(lines, colours, strict=True))]
        if self.pov is not None:
            colours[-1] = theme.TEXT_DIM
        draw_lines(surface, p.text, lines, max(11, p.font - 1), colours)
