"""Results: the score and the rulebook's rating (or victory / defeat in Final flourish), how the game ended (the
card and the seat of the third error, the last copies lost), each firework, every hand face up (the game is
over: a person's own hand may be shown now), and what to do next: watch the replay, review it, play again with
the same seats, or go back; after a lesson's short game, the next lesson or the lesson list."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from hanabi_desktop.engine import HanabiError
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.lessons.catalogue import lessons
from hanabi_desktop.table import autosave
from hanabi_desktop.table.door import Table
from hanabi_desktop.table.ending import ending_lines
from hanabi_desktop.ui import flow
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.scene import NoticeRoom
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.scenes.menu import MenuScene, Sparks
from hanabi_desktop.ui.widgets.controls import Button, button_width
from hanabi_desktop.ui.widgets.wrap import wrap_lines

MAX_CARD_SCALE = 2.2  # the cards' largest size, in times their least: a hand card of 1920x1080 is then the table's


class ResultsScene(MenuScene):
    """The end of a game."""

    def __init__(self, app, session: Table, after_lesson: str | None = None) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.session = session
        keys = [x.key for x in lessons()]
        # after a lesson's short game: the lesson after it (None after the last one)
        self.after_lesson = after_lesson
        self.next_key = (keys[keys.index(after_lesson) + 1] if after_lesson in keys
                         and keys.index(after_lesson) + 1 < len(keys) else None)
        self.result = session.result()
        # the game is over: every hand may be shown, the person's own too, and how it was lost, from the whole
        # game's record (a network table has it from the host only now; a seat's view never held its own cards)
        try:
            record = session.record()
            final = record.replay()
        except (ValueError, HanabiError):  # no record to show (never at the end of a game): the score alone
            record, final = None, None
        self.details = ending_lines(record) if record is not None else ()
        v = session.variant
        self.hands = [] if final is None else [
            (session.names[seat], [(v.suits[final.card(o).suit].letter, final.card(o).rank) for o in final.hands[seat]])
            for seat in range(session.players)]
        self.sparks = Sparks(seed=len(session.log))
        self.kept = False  # is the game in Replays yet (`say_kept`)
        self.since_check = 0.0
        self.good = self.result.won or (not self.result.final_flourish and
                                        self.result.score >= self.result.max_score * 0.8)

    def enter(self) -> None:
        super().enter()  # the session's last action handed the game to the writer to keep (table.autosave.save)
        if self.after_lesson is not None:  # a lesson's short game has no autosave: it is never kept
            self.kept = True
            self.say(_("A lesson's short game is not kept in Replays nor counted in your history."), theme.TEXT_DIM)
        else:
            autosave.flush(2.0)  # the game's end was handed to the writer over a second ago: normally long done
            self.say_kept()
        if self.app.sound is not None:
            self.app.sound.play("game_end_win" if self.good else "game_end_loss")

    def build(self, scale: float) -> None:
        w, h = self.size
        watch = (_("Watch replay"), self.watch, False, pygame.K_w, _("Step through it with every hand face up"))
        review = (_("Review"), self.review, False, pygame.K_r,
                  _("The deal's best score, where points were lost, and what the conventions bot would have done"))
        if self.after_lesson is None and self.session.rematch() is None:  # a network table: its room is below
            labels = [watch, review, (_("Back to the room"), self.back, True, pygame.K_b,
                                      _("The table's room: its chat, and the next game when its owner starts one"))]
        elif self.after_lesson is None:
            labels = [watch, review, (_("Play again"), self.play_again, True, pygame.K_p, _("Same seats and variant, a new deal")),
                      (_("Title"), self.back, False, pygame.K_t, _("Back to the title screen"))]
        else:  # the lesson list is under this screen: the button says so
            labels = [watch, review] + ([(_("Next lesson"), self.next_lesson, True, pygame.K_n,
                                          _("The lesson after this one"))] if self.next_key else []) + [
                (_("Lessons"), self.back, self.next_key is None, pygame.K_l, _("Back to the list of lessons"))]
        gap = self.px(16)
        bh = self.px(58)
        need = max(button_width(label, bh, key) for label, _action, _primary, key, _tip in labels)
        bw = min(max(self.px(230), need), (w - self.px(40) - (len(labels) - 1) * gap) // len(labels))
        total = len(labels) * bw + (len(labels) - 1) * gap
        x = (w - total) // 2
        y = h - self.px(120)
        for i, (label, action, primary, key, tip) in enumerate(labels):
            self.widgets.add(Button((x + i * (bw + gap), y, bw, bh), label, action, primary=primary, key=key,
                                    tooltip=tip))

    def watch(self) -> None:
        open_scene(self.app, "replay", self.session.record(), False, self.session.advisor)

    def review(self) -> None:
        """The replay with its review worked out at once (on its own thread)."""
        open_scene(self.app, "replay", self.session.record(), True, self.session.advisor)  # the table's level

    def next_lesson(self) -> None:
        if self.next_key is not None:
            open_scene(self.app, "lesson", self.next_key, how="replace")

    def play_again(self) -> None:
        setup = self.session.rematch()
        assert setup is not None, "Play again is offered only where this computer starts the next game"
        session = flow.new_session(self.app, setup)
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

    def ending_text(self) -> list[tuple[str, theme.Colour]]:
        """How it ended, wrapped to the window: the reason, then the third error and the last copies lost."""
        r, w = self.result, self.size[0]
        return [(line.strip(), colour) for text, colour in [(r.ended, theme.TEXT_DIM)] + [
            (line, theme.ERROR) for line in self.details] for line in wrap_lines(text, self.px(18), w - self.px(80))]

    def placement(self) -> ResultsPlacement:
        """Where the fireworks, the hands and the facts go: cards as large as the room between the text and the
        buttons allows, and the spare height shared above and below them (at 800x600 three hands left an empty
        band over the buttons)."""
        w = self.size[0]
        text_top = self.px(182)
        top = text_top + len(self.ending_text()) * theme.font(self.px(18)).get_linesize() + self.px(14)
        buttons = min((b.rect.y for b in self.widgets.widgets if isinstance(b, Button)), default=self.size[1])
        room = buttons - self.px(14) - top - self.px(6) - self.facts_height()  # the facts and the help lines below
        k = self.card_scale(room)
        spare = max(0, room - self.block_height(k))
        y = top + spare // 2
        v = self.session.variant
        cw, ch = round(self.px(60) * k), round(self.px(84) * k)
        n, gap = len(v.suits), self.px(18)
        x0 = (w - (n * cw + (n - 1) * gap)) // 2
        fireworks = tuple(pygame.Rect(x0 + i * (cw + gap), y, cw, ch) for i in range(n))
        y += ch + self.px(4) + self.px(15) + self.px(18)
        cw, ch, card_gap, between = round(self.px(48) * k), round(self.px(68) * k), self.px(5), self.px(30)
        rows, widths = self.hand_rows(k)
        names: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(self.hands)
        hands: list[tuple[pygame.Rect, ...]] = [()] * len(self.hands)
        label_h = self.px(16)
        for line in rows:
            x = (w - (sum(widths[s] for s in line) + (len(line) - 1) * between)) // 2
            for seat in line:
                names[seat] = pygame.Rect(x, y, widths[seat], label_h)
                cards_ = self.hands[seat][1]
                cx = x + (widths[seat] - (len(cards_) * (cw + card_gap) - card_gap)) // 2
                hands[seat] = tuple(pygame.Rect(cx + i * (cw + card_gap), y + label_h + self.px(6), cw, ch)
                                    for i in range(len(cards_)))
                x += widths[seat] + between
            y += label_h + self.px(6) + ch + self.px(10)
        facts = (y - self.px(10) if rows and self.hands else y - self.px(18)) + self.px(16)
        return ResultsPlacement(k, fireworks, tuple(names), tuple(hands), facts)

    def facts_height(self) -> int:
        """The height of the facts line under the hands, and of the help line under it when the game had help (the
        height of their lines, not their font sizes: a help line was drawn half under the buttons)."""
        height = theme.font(self.px(17)).get_linesize()
        if learning_line(self.session.undos, self.session.hints, self.session.previewed):
            height += self.px(6) + theme.font(self.px(18)).get_linesize()
        return height

    def notice_room(self) -> NoticeRoom:
        """The app's notices go over the score and the text, never over the fireworks or the hands."""
        top = self.placement().fireworks[0].y
        return NoticeRoom(pygame.Rect(0, 0, self.size[0], top - self.px(8)))

    def draw_content(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        r = self.result
        if self.good:
            self.sparks.draw(surface, self.scale)
        if r.final_flourish:
            headline = _("Victory!") if r.won else _("Defeat")
        else:
            headline = f"{r.score} / {r.max_score}"
        theme.blit_text(surface, headline, self.px(80), (w // 2, self.px(92)),
                        theme.ACCENT if self.good else theme.TEXT, anchor="center", display=True, shadow=True)
        rating = r.rating[:1].upper() + r.rating[1:]
        theme.blit_text(surface, rating, self.px(28), (w // 2, self.px(156)), theme.TEXT, anchor="center")
        y = self.px(182)
        for line, colour in self.ending_text():
            theme.blit_text(surface, line, self.px(18), (w // 2, y), colour, anchor="midtop")
            y += theme.font(self.px(18)).get_linesize()
        place = self.placement()
        self.draw_fireworks(surface, place.fireworks)
        self.draw_hands(surface, place)
        turns = len(self.session.log)
        facts = (ngettext("{n} turn", "{n} turns", turns).format(n=turns) + "  -  " + ngettext("{n} error token used", "{n} error tokens used", r.strikes).format(n=r.strikes) + "  -  "
                 + ngettext("{n} clue token left", "{n} clue tokens left", r.clue_tokens).format(n=r.clue_tokens))
        y = theme.blit_text(surface, facts, self.px(17), (w // 2, place.facts), theme.TEXT_DIM, anchor="midtop").bottom
        aids = learning_line(self.session.undos, self.session.hints, self.session.previewed)
        if aids:
            theme.blit_text(surface, aids, self.px(18), (w // 2, y + self.px(6)), theme.ACCENT, anchor="midtop")

    def card_scale(self, room: int) -> float:
        """How many times their least size the fireworks and the hands are drawn: as large as `room` (the height
        between the text and the facts above the buttons) and the width allow, up to `MAX_CARD_SCALE`."""
        w = self.size[0]
        n = len(self.session.variant.suits)
        for step in range(round((MAX_CARD_SCALE - 1.0) / 0.05), -1, -1):
            k = 1.0 + step * 0.05
            firework_w = n * round(self.px(60) * k) + (n - 1) * self.px(18)
            if firework_w <= w - self.px(40) and self.block_height(k) <= room:
                return k
        return 1.0

    def block_height(self, k: float) -> int:
        """The height of the fireworks, their counts and every hand, with cards `k` times their least size."""
        return round(self.px(84) * k) + self.px(4) + self.px(15) + self.px(18) + self.hands_height(k)

    def hand_rows(self, k: float) -> tuple[list[list[int]], list[int]]:
        """The seats in each row of hands, and each hand's width, for cards `k` times their least size."""
        cw, gap, between = round(self.px(48) * k), self.px(5), self.px(30)
        widths = [max(len(cards_) * (cw + gap) - gap, theme.font(self.px(16)).size(name)[0]) for name, cards_ in self.hands]
        rows: list[list[int]] = [[]]
        room = self.size[0] - self.px(40)
        for seat, width in enumerate(widths):
            line = rows[-1]
            if line and sum(widths[s] for s in line) + len(line) * between + width > room:
                rows.append([])
            rows[-1].append(seat)
        return rows, widths

    def hands_height(self, k: float) -> int:
        """The height of every hand drawn with cards `k` times their least size."""
        rows, _widths = self.hand_rows(k)
        return len(rows) * (self.px(16) + self.px(6) + round(self.px(68) * k) + self.px(10)) - self.px(10)

    def draw_fireworks(self, surface: pygame.Surface, rects: tuple[pygame.Rect, ...]) -> None:
        """The fireworks as they stand, in `rects`, each with its count under it."""
        r = self.result
        for rect, suit, played in zip(rects, self.session.variant.suits, r.fireworks, strict=True):
            if played:
                face = 6 - played if suit.descending else played
                surface.blit(cards.card_face(suit.letter, face, rect.w, rect.h, self.app.settings.colour_blind_symbols),
                             rect)
            else:
                surface.blit(cards.empty_slot(rect.w, rect.h, theme.TEXT_FAINT), rect)
            theme.blit_text(surface, f"{played}/5", self.px(15), (rect.centerx, rect.bottom + self.px(4)),
                            theme.TEXT_DIM, anchor="midtop")

    def draw_hands(self, surface: pygame.Surface, place: ResultsPlacement) -> None:
        """Every hand face up, each under its player's name, where `place` puts them."""
        symbols = self.app.settings.colour_blind_symbols
        for (name, hand), label, rects in zip(self.hands, place.names, place.cards, strict=True):
            size = self.px(16)
            theme.blit_text(surface, theme.fit_text(name, size, label.w), size, (label.centerx, label.y), theme.TEXT,
                            anchor="midtop")
            for (letter, rank), rect in zip(hand, rects, strict=True):
                surface.blit(cards.card_face(letter, rank, rect.w, rect.h, symbols), rect)


@dataclass(frozen=True)
class ResultsPlacement:
    """Where the results screen draws its pictures: `k`, the cards' size in times their least; the fireworks; each
    seat's name label and cards; the top of the facts line under them."""

    k: float
    fireworks: tuple[pygame.Rect, ...]
    names: tuple[pygame.Rect, ...]
    cards: tuple[tuple[pygame.Rect, ...], ...]
    facts: int

    def __str__(self) -> str:
        f = self.fireworks[0]
        return f"cards x{self.k:.2f}, fireworks at y {f.y}, {len(self.names)} hands, facts at y {self.facts}"


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
