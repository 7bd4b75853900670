"""A lesson of "Learn to play", played on the real table: the same `TableScene`, with a guide on top.

The guide says what to look at (a gold ring on it), what to do, and, after the move, what happened. The
lesson's gate stands in front of the table's submit: a move the lesson is not teaching is refused with the
lesson's reason before it reaches the session (the engine's own rules apply as always). The practice bot's
moves come through the session as in any game; it waits while the player reads.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from hanabi_desktop.i18n import _
from hanabi_desktop.lessons import learning
from hanabi_desktop.lessons.catalogue import lesson, lessons
from hanabi_desktop.lessons.model import BotMove, Info, LessonRun, Look, Turn
from hanabi_desktop.lessons.play import LessonSession, practice_session
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent, KeyPress, PointerDown, PointerUp
from hanabi_desktop.ui.scene import NoticeRoom
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.table import TableScene
from hanabi_desktop.ui.widgets.callout import Callout, draw_callout, draw_highlight, layout_callout

_DEALER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lesson-dealer")  # the short games' openings


class LessonScene(TableScene):
    """One lesson at the table. See the module docstring."""

    def __init__(self, app, key: str) -> None:  # noqa: ANN001 - AppContext
        item = lesson(key)
        super().__init__(app, LessonSession(item))
        self.lesson = item
        self.run = LessonRun(item)
        self.tips.enabled = False  # the guide explains the table here
        self.coach.enabled = False  # no hint, undo or warning: the guide allows one move at a time
        self.alert = ""
        self.guide: Callout | None = None
        self.guide_actions: list = []
        self.practice: Future | None = None  # the short game, being dealt

    # -- the gate -------------------------------------------------------------------------------------
    def act(self, action) -> bool:  # noqa: ANN001 - engine Action
        if self.my_turn:
            reason = self.run.refusal(self.session.game, action)
            if reason is not None:
                self.alert = _(reason)
                if self.app.sound is not None:
                    self.app.sound.play("click")
                return False
        self.alert = ""
        return super().act(action)

    def sync(self) -> None:
        new = self.session.log[self.seen:]
        super().sync()
        for entry in new:
            self.run.moved(entry.seat)
        if self.run.done:
            self._mark(learning.DONE)
            if self.practice is None:  # deal the short game now, off the frame thread, while the player reads
                self.practice = _DEALER.submit(practice_session, self.lesson)

    def _mark(self, status: str) -> None:
        progress = learning.current()
        if progress.lessons.get(self.lesson.key) != learning.DONE:
            progress.mark(self.lesson.key, status)

    def update(self, dt: float) -> None:
        self.session.hold = self.run.holds_bots
        super().update(dt)

    def wake_after(self) -> float | None:
        s = self.session
        if s.hold and not s.over:  # a bot that waits for the reader needs no look every 20 ms
            return self.message_ttl if self.message_ttl > 0 else None
        return super().wake_after()

    def _finish(self) -> None:  # the lesson's game ended: the guide says what the score means, no results page
        self.left = True

    def leave(self) -> None:
        self.session.close()
        self._drop_practice()
        super().leave()

    def _drop_practice(self) -> None:
        """The short game dealt for this lesson will not be played: stop its bot thread once it is dealt."""
        if self.practice is not None:
            self.practice.add_done_callback(lambda f: f.result().close())
            self.practice = None

    # -- the guide --------------------------------------------------------------------------------------
    def next_step(self) -> bool:
        """Next (Enter, Space or the button): past an Info; at the end, the short game."""
        if self.run.done:
            self.play_short_game()
            return True
        if self.run.next():
            self.alert = ""
            self.sync()
            return True
        return False

    def play_short_game(self) -> None:
        """The short real game that ends the lesson, in place of the lesson's table."""
        self.session.close()
        session = (self.practice or _DEALER.submit(practice_session, self.lesson)).result()
        session.bot_pace = self.session.bot_pace
        table = open_scene(self.app, "table", session, self.lesson.key, how="replace")
        table.say(_("A short game: the practice bot played the opening for you both (see the log); you take "
                    "over for the end of the game."), theme.ACCENT, 10.0)

    def next_lesson(self) -> None:
        keys = [x.key for x in lessons()]
        i = keys.index(self.lesson.key)
        self.session.close()
        self._drop_practice()
        if i + 1 < len(keys):
            open_scene(self.app, "lesson", keys[i + 1], how="replace")
        else:
            self.app.stack.pop(self)

    def handle(self, intent: Intent) -> bool:
        g = self.guide
        if g is not None and isinstance(intent, (PointerDown, PointerUp)) and g.rect.collidepoint(intent.pos):
            if isinstance(intent, PointerUp) and intent.button == 1:
                i = g.button_at(intent.pos)
                if i is not None and i < len(self.guide_actions):
                    self.guide_actions[i]()
            return True
        if isinstance(intent, Command) and intent.name == "confirm" or \
                isinstance(intent, KeyPress) and intent.key == pygame.K_SPACE:
            if self.next_step():
                return True
        if self.run.done and isinstance(intent, KeyPress) and intent.key == pygame.K_n:  # no note once it is over
            self.next_lesson()
            return True
        return super().handle(intent)

    def look(self):  # noqa: ANN201 - Hashable
        return super().look(), self.run.index, self.run.done, self.alert

    def target(self, look: Look | None) -> pygame.Rect | None:
        """Where `look` is on the table now."""
        lay = self.renderer.lay
        if look is None or lay is None:
            return None
        s = self.session
        if look.what == "hand" and look.seat is not None:
            return self.renderer.hand_layout(look.seat, s.players).area
        if look.what == "card" and look.seat is not None and look.slot is not None:
            hand = s.hand(look.seat)
            return self.renderer.rects.get(hand[look.slot - 1]) if look.slot <= len(hand) else None
        if look.what == "firework" and look.suit is not None:
            return lay.fireworks[look.suit]
        if look.what == "fireworks":
            return lay.fireworks[0].unionall(lay.fireworks[1:])
        if look.what == "errors":
            return lay.errors[0].unionall(lay.errors[1:])
        return {"deck": lay.deck, "tokens": lay.tokens, "discard": lay.discard, "status": lay.status,
                "log": lay.log, "bonus": lay.bonus}.get(look.what)

    def notice_room(self) -> NoticeRoom | None:
        """The table's room for notices, under the guide where the guide takes the log's place: a notice never
        hides the lesson's words or its buttons."""
        room, lay = super().notice_room(), self.renderer.lay
        if room is None or lay is None or self.guide is None or not self.guide.rect.colliderect(room.rect):
            return room
        top, r = self.guide.rect.bottom + lay.gap, room.rect
        return NoticeRoom(pygame.Rect(r.x, top, r.w, max(0, r.bottom - top)), from_bottom=True)

    def guide_content(self) -> tuple[str, str, Look | None, list[tuple[str, bool, object, str]], str]:
        """(title, text, where to look, buttons as (label, primary, action, key), dim note) for the item shown."""
        item = self.run.item
        number = self.lesson.number
        steps = len(self.lesson.script)
        title = _("Lesson {number}: {title}").format(number=number, title=_(self.lesson.title))
        step = _("Step {step} of {steps}").format(step=min(self.run.index + 1, steps), steps=steps)
        after = _(self.run.after) + "\n\n" if self.run.after else ""
        if self.run.done:
            text = _("Lesson complete! Now play a short real game against the practice bot: the last part of a "
                     "new game, about six turns for you, then the score.")
            buttons = [(_("Play a short game"), True, self.play_short_game, "Enter"),
                       (_("Next lesson"), False, self.next_lesson, "N"), (_("Lessons"), False, self.leave, "Esc")]
            return title, text, None, buttons, _("Lesson complete")
        if isinstance(item, Info):
            return title, after + _(item.text), item.look, [(_("Next"), True, self.next_step, "Enter")], \
                _("{step} · Enter or Space: next").format(step=step)
        if isinstance(item, Turn):
            return title, after + _(item.text), item.look, [], \
                _("{step} · only the move this step teaches is open").format(step=step)
        if isinstance(item, BotMove):
            name = self.session.names[self.session.current]
            return title, after + _(item.why), item.look, [], \
                _("{step} · {name} is playing…").format(step=step, name=name)
        return title, after, None, [], step

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.renderer.lay
        self.guide = None
        top = self.app.stack.top
        if lay is None or (top is not self and not top.transparent):  # under the clue chooser the guide stays
            return
        title, text, look, buttons, note = self.guide_content()
        anchor = self.target(look)
        if anchor is not None:
            draw_highlight(surface, anchor)
        fs = max(13, lay.font)
        # the guide takes the log's place at the side (the log's newest lines stay visible above it), so
        # that it never hides the hands or the fireworks the lesson talks about
        self.guide = layout_callout(lay.size, anchor, title, text, fs, [(b[0], b[1]) for b in buttons],
                                    lay.log.w, note=note, alert=self.alert, avoid=[lay.log], prefer="dock",
                                    keys=[b[3] for b in buttons])
        self.guide_actions = [b[2] for b in buttons]
        draw_callout(surface, self.guide, self.hover)

    def _message_text(self) -> tuple[str, theme.Colour]:
        if self.alert:
            return self.alert, theme.ERROR
        if self.session.hold and not self.my_turn and not self.session.over:  # the bot waits for the reader
            return _("The guide on the right says what comes next."), theme.TEXT_DIM
        return super()._message_text()
