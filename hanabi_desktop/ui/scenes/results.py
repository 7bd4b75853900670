"""Results: the score and the rulebook's rating (or victory / defeat in Final flourish), how the game ended,
each firework, and what to do next: save the replay, watch it, play again with the same seats, or go back."""

from __future__ import annotations

import pygame

from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.table import autosave
from hanabi_desktop.table.door import Table
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene, Sparks
from hanabi_desktop.ui.widgets.controls import Button


class ResultsScene(MenuScene):
    """The end of a game."""

    def __init__(self, app, session: Table) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.session = session
        self.result = session.result()
        self.sparks = Sparks(seed=len(session.log))
        self.kept = False  # is the game in Replays yet (`say_kept`)
        self.since_check = 0.0
        self.good = self.result.won or (not self.result.final_flourish and
                                        self.result.score >= self.result.max_score * 0.8)

    def enter(self) -> None:
        super().enter()  # the session's last action handed the game to the writer to keep (table.autosave.save)
        autosave.flush(2.0)  # the game's end was handed to the writer over a second ago: normally long done
        self.say_kept()
        if self.app.sound is not None:
            self.app.sound.play("game_end_win" if self.good else "game_end_loss")

    def build(self, scale: float) -> None:
        w, h = self.size
        bw, bh, gap = self.px(230), self.px(58), self.px(16)
        labels = [(_("Watch replay"), self.watch, False, pygame.K_w, _("Step through it with every hand face up")),
                  (_("Review"), self.review, False, pygame.K_r,
                   _("The deal's best score, where points were lost, and what the conventions bot would have done")),
                  (_("Play again"), self.play_again, True, pygame.K_p, _("Same seats and variant, a new deal")),
                  (_("Title"), self.back, False, pygame.K_t, _("Back to the title screen"))]
        total = len(labels) * bw + (len(labels) - 1) * gap
        x = (w - total) // 2
        y = h - self.px(130)
        for i, (label, action, primary, key, tip) in enumerate(labels):
            self.widgets.add(Button((x + i * (bw + gap), y, bw, bh), label, action, primary=primary, key=key,
                                    tooltip=tip))

    def watch(self) -> None:
        open_scene(self.app, "replay", self.session.record())

    def review(self) -> None:
        """The replay with its review worked out at once (on its own thread)."""
        open_scene(self.app, "replay", self.session.record(), True)

    def play_again(self) -> None:
        session = flow.new_session(self.app, self.session.rematch())
        flow.open_table(self.app, session, replace=True)

    def back(self) -> None:
        self.app.stack.pop(self)
        if not len(self.app.stack):
            open_scene(self.app, "title")

    def say_kept(self) -> None:
        """Say whether the game is in Replays yet: only what is true (the writer keeps trying while it is not)."""
        self.kept = autosave.kept_yet(self.session.record())
        self.since_check = 0.0
        if self.kept:
            self.say(_("This game is kept in Replays (the title screen), where you can watch or delete it."), theme.GOOD)
        else:
            self.say(_("This game is not kept yet: {problem}. It will be kept in Replays as soon as saving works; "
                       "keep the game open until then.").format(problem=autosave.WRITER.problem or _("the disk refused")), theme.ERROR)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.since_check += dt
        if not self.kept and self.since_check > 0.5:  # the writer's retry may have kept it meanwhile
            self.say_kept()
        if self.good:
            self.sparks.update(dt)

    def animating(self) -> bool:
        return super().animating() or (self.good and self.sparks.active)

    def draw_content(self, surface: pygame.Surface) -> None:
        w, h = self.size
        r = self.result
        if self.good:
            self.sparks.draw(surface, self.scale)
        if r.final_flourish:
            headline = _("Victory!") if r.won else _("Defeat")
        else:
            headline = f"{r.score} / {r.max_score}"
        theme.blit_text(surface, headline, self.px(96), (w // 2, self.px(120)),
                        theme.ACCENT if self.good else theme.TEXT, anchor="center", display=True, shadow=True)
        rating = r.rating[:1].upper() + r.rating[1:]
        theme.blit_text(surface, rating, self.px(30), (w // 2, self.px(200)), theme.TEXT, anchor="center")
        theme.blit_text(surface, r.ended, self.px(20), (w // 2, self.px(244)), theme.TEXT_DIM, anchor="center")
        # the fireworks as they stand
        v = self.session.variant
        cw, ch = self.px(70), self.px(100)
        n = len(v.suits)
        gap = self.px(22)
        x0 = (w - (n * cw + (n - 1) * gap)) // 2
        y = self.px(300)
        for i, suit in enumerate(v.suits):
            rect = pygame.Rect(x0 + i * (cw + gap), y, cw, ch)
            played = r.fireworks[i]
            if played:
                top = 6 - played if suit.descending else played
                surface.blit(cards.card_face(suit.letter, top, cw, ch, self.app.settings.colour_blind_symbols),
                             rect)
            else:
                surface.blit(cards.empty_slot(cw, ch, theme.TEXT_FAINT), rect)
            theme.blit_text(surface, f"{played}/5", self.px(18), (rect.centerx, rect.bottom + self.px(8)),
                            theme.TEXT_DIM, anchor="midtop")
        turns = len(self.session.log)
        facts = (ngettext("{n} turn", "{n} turns", turns).format(n=turns) + "  -  " + ngettext("{n} error token used", "{n} error tokens used", r.strikes).format(n=r.strikes) + "  -  "
                 + ngettext("{n} clue token left", "{n} clue tokens left", r.clue_tokens).format(n=r.clue_tokens) + f"  -  {', '.join(self.session.names)}")
        theme.blit_text(surface, facts, self.px(18), (w // 2, y + ch + self.px(52)), theme.TEXT_DIM,
                        anchor="center")
        aids = learning_line(self.session.undos, self.session.hints, self.session.previewed)
        if aids:
            theme.blit_text(surface, aids, self.px(20), (w // 2, y + ch + self.px(82)), theme.ACCENT,
                            anchor="center")


def learning_line(undos: int, hints: int, previewed: bool = False) -> str:
    """How much help the game had ('with 2 undos and 1 hint', 'with the clue preview'), "" if none: the score
    is honest about it."""
    u = ngettext("{n} undo", "{n} undos", undos).format(n=undos)
    h = ngettext("{n} hint", "{n} hints", hints).format(n=hints)
    if undos and hints:
        line = _("Played with {undos} and {hints}.").format(undos=u, hints=h)
    elif undos or hints:
        line = _("Played with {aid}.").format(aid=u if undos else h)
    else:
        line = ""
    if previewed:
        said = _("Played with the clue preview.")
        line = f"{line} {said}" if line else said
    return line
