"""Learn to play: the list of lessons, what is done or skipped, and a way into each (again, or for the first time).

Progress lives in `learning` (a small file of its own); a lesson can be played again at any time, skipped (the
list then suggests the next one), or un-skipped.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.i18n import N_, _, ngettext
from hanabi_desktop.lessons import learning
from hanabi_desktop.lessons.catalogue import lessons
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.intents import Command, Intent
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene
from hanabi_desktop.ui.widgets.controls import Button

STATUS = {learning.DONE: N_("done"), learning.SKIPPED: N_("skipped")}


def next_lesson_key(progress: learning.Learning) -> str | None:
    """The first lesson neither done nor skipped (None: all of them are)."""
    return next((x.key for x in lessons() if x.key not in progress.lessons), None)


class LessonsScene(MenuScene):
    """The lesson list. See the module docstring."""

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.title = _("Learn to play")
        self.subtitle = _("Short lessons on the real table with the practice bot; each ends with a short game.")
        self.rows: list[tuple[pygame.Rect, str]] = []

    def build(self, scale: float) -> None:
        w, h = self.size
        progress = learning.current()
        items = lessons()
        suggested = next_lesson_key(progress)
        top = self.px(150)
        bottom = h - self.px(120)
        step = min(self.px(52), (bottom - top) // len(items))
        bh = step - self.px(8)
        bw = min(self.px(620), w - self.px(260))
        x = (w - bw - self.px(150)) // 2
        self.rows = []
        for i, item in enumerate(items):
            y = top + i * step
            status = progress.lessons.get(item.key, "")
            label = _("{number}.  {title}").format(number=item.number, title=_(item.title))
            self.widgets.add(Button((x, y, bw, bh), label, self._opener(item.key), primary=item.key == suggested,
                                    key=pygame.K_1 + i if i < 9 else None, tooltip=_(item.summary)))
            skip_label = _("Unskip") if status == learning.SKIPPED else _("Skip")
            self.widgets.add(Button((x + bw + self.px(12), y, self.px(110), bh), skip_label,
                                    self._skipper(item.key), enabled=status != learning.DONE,
                                    tooltip=_("Mark this lesson as skipped; you can still play it any time.")))
            self.rows.append((pygame.Rect(x + bw + self.px(130), y, self.px(120), bh), status))
        self.widgets.add(Button(((w - self.px(200)) // 2, h - self.px(100), self.px(200), self.px(46)), _("Back"),
                                self.back, hint="Esc"))
        done = sum(1 for x in items if progress.lessons.get(x.key) == learning.DONE)
        if progress.problem:
            self.say(progress.problem, theme.ERROR)
        else:
            # Translators: the plural follows {done} (French "1 leçon faite sur 9"); English says "lessons" for all
            self.say(ngettext("{done} of {total} lessons done  ·  keys 1-9 open a lesson, Esc goes back",
                              "{done} of {total} lessons done  ·  keys 1-9 open a lesson, Esc goes back",
                              done).format(done=done, total=len(items)), theme.TEXT_FAINT)

    def handle(self, intent: Intent) -> bool:
        if super().handle(intent):
            return True
        suggested = next_lesson_key(learning.current())
        if isinstance(intent, Command) and intent.name == "confirm" and suggested is not None:
            open_scene(self.app, "lesson", suggested)  # Enter opens the highlighted lesson
            return True
        return False

    def _opener(self, key: str):  # noqa: ANN202 - a callback
        return lambda: open_scene(self.app, "lesson", key)

    def _skipper(self, key: str):  # noqa: ANN202 - a callback
        def skip() -> None:
            progress = learning.current()
            if progress.lessons.get(key) == learning.SKIPPED:
                del progress.lessons[key]
                progress.save()
            else:
                progress.mark(key, learning.SKIPPED)
            self.rebuild()
        return skip

    def draw_content(self, surface: pygame.Surface) -> None:
        for rect, status in self.rows:
            if status:
                done = status == learning.DONE
                colour = theme.GOOD if done else theme.TEXT_DIM
                x = rect.x
                if done:  # a tick drawn, not a glyph (the game's fonts have none)
                    u = self.px(6)
                    cy = rect.centery
                    pygame.draw.lines(surface, colour, False, [(x, cy), (x + u, cy + u), (x + 2 * u + u // 2, cy - u)],
                                      max(2, u // 2))
                    x += 3 * u + self.px(4)
                theme.blit_text(surface, _(STATUS[status]), self.px(18), (x, rect.centery), colour, bold=done,
                                anchor="midleft")
