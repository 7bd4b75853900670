"""The game table scene: a game in progress, played with the mouse (drag, click) or the keyboard.

It shows a `TableModel` (ui.tableview.model) built from what the seat at the screen may know, drawn by the
`TableRenderer` (ui.tableview.render); events become motion through ui.tableview.animation. The scene holds its
input state (hover, a drag, a pressed button, a selected card), the message line, the animations in flight and
the coach's buttons (ui.tableview.coach), and talks to the game only through the typed door `table.door.Table`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from hanabi_desktop.engine import (
    ColourClue,
    Discard,
    IllegalAction,
    Play,
    RankClue,
    Recover,
    Replay,
    Tile,
)
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.storage import PACES
from hanabi_desktop.table.cautions import warning
from hanabi_desktop.table.door import Table
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.art.anim import Animator, ease_out_back
from hanabi_desktop.ui.intents import (
    Command,
    Intent,
    KeyPress,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
    Scroll,
)
from hanabi_desktop.ui.scene import NoticeRoom, Scene
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.tableview.animation import animate, touched_by_last
from hanabi_desktop.ui.tableview.coach import CONFIRM_SECONDS, Coach
from hanabi_desktop.ui.tableview.layout import TableLayout
from hanabi_desktop.ui.tableview.model import LogLine, TableModel, build_model
from hanabi_desktop.ui.tableview.preview_view import preview_lines
from hanabi_desktop.ui.tableview.render import (
    TableRenderer,
    draw_drop_hints,
    draw_message,
    draw_own_buttons,
    draw_spots,
    draw_tooltip,
    mate_spots,
    own_buttons,
)
from hanabi_desktop.ui.tableview.tips_view import TipLayer
from hanabi_desktop.ui.widgets.focus import draw_key_hint

__all__ = ["Drag", "TableScene", "mate_spots", "own_buttons"]

BOT_POLL = 0.02  # seconds between looks at a bot's move while the table rests
NO_BELIEFS: tuple[int, dict] = (0, {})  # the bots' readings while they are not shown


@dataclass
class Drag:
    """A card being dragged: where it was grabbed and where the pointer is."""

    order: int
    offset: tuple[int, int]
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The dragged card's rect now."""
        return pygame.Rect(self.pos[0] - self.offset[0], self.pos[1] - self.offset[1], *size)


class TableScene(Scene):
    """A game in progress, played with the mouse (drag, click) or the keyboard, against bots or hot seat."""

    def __init__(self, app, session: Table, after_lesson: str | None = None) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.session = session
        self.after_lesson = after_lesson  # the lesson whose short game this is: its results offer the next one
        settings = app.settings
        self.renderer = TableRenderer(settings.colour_blind_symbols, settings.card_scale)
        self.anim = Animator(settings.animation_speed)
        self.drag: Drag | None = None
        self.selected: int | None = None
        self.picked: int | None = None  # the discard pile's card chosen by the arrow keys for a bonus tile
        self.hover: tuple[int, int] = (-1, -1)
        self.message = ""
        self.message_colour = theme.TEXT
        self.message_ttl = 0.0
        self.seen = len(session.log)
        self.over_time = 0.0
        self.left = False
        self.pressed: tuple[str, int] | None = None  # an on-card button held down: ('play'|'discard', order)
        self.preview: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())  # (highlight, dim)
        self._model: TableModel | None = None
        self.coach = Coach(session, settings)
        self.undos_seen = session.undos
        self.tips = TipLayer()  # first-time tips on the table's parts; F1 shows them again

    # -- state ------------------------------------------------------------------------------------------
    def model(self) -> TableModel:
        """The table as the seat at the screen may see it now; rebuilt only when something it shows changed
        (a log entry, a hand rearranged, another person at the screen)."""
        s = self.session
        viewer = s.viewer
        orders = tuple(tuple(s.hand_order(p, viewer)) for p in range(s.players))
        notes = s.notes_of(viewer) if viewer is not None else {}
        beliefs = s.bot_beliefs() if self.app.settings.show_beliefs else NO_BELIEFS
        shown = self.coach.preview()  # the clue preview's reading of the viewer's own cards, from their view
        own = shown.own if shown is not None and shown.seat == viewer else {}
        key = (len(s.log), viewer, orders, s.over, s.undos, tuple(notes.items()), beliefs[0], id(beliefs[1]),
               tuple(own.items()))
        if self._model is None or self._model.key != key:
            view = s.view(viewer) if viewer is not None else s.spectator_view()
            self._model = build_model(view, orders=orders, bots=[s.is_bot(p) for p in range(s.players)],
                                      log=[LogLine(e.text, e.explanation) for e in s.log],
                                      last_clue=touched_by_last([s.log[-1].events] if s.log else []), key=key,
                                      notes=notes, beliefs={**beliefs[1], viewer: own} if own else beliefs[1])
        return self._model

    @property
    def my_turn(self) -> bool:
        """Is it the turn of the seat whose eyes the table shows (a human)?"""
        s = self.session
        return not s.over and s.viewer is not None and s.current == s.viewer and not s.is_bot(s.current)

    def dock(self) -> pygame.Rect | None:
        """Where panels beside the table (the first-time tips) dock: the top of the log's panel."""
        lay = self.renderer.lay
        return lay.log if lay is not None else None

    def notice_room(self) -> NoticeRoom | None:
        """The app's notices go up from the bottom of the log's panel (under a network table's troubles): at the top
        of the window they covered the top hands' names and cards. The log's newest lines are under them for the
        notice's few seconds, and a first-time tip waits for them (`TipLayer.draw`)."""
        dock = self.dock()
        return NoticeRoom(dock, from_bottom=True) if dock is not None else None

    def say(self, text: str, colour: theme.Colour = theme.TEXT, ttl: float = 4.0) -> None:
        """Show one line in the message strip for `ttl` seconds."""
        self.message, self.message_colour, self.message_ttl = text, colour, ttl

    def act(self, action) -> bool:  # noqa: ANN001 - engine Action
        """Submit `action` for the viewer; show the reason in words if it is refused."""
        s = self.session
        if not self.my_turn:
            who = s.names[s.current] if not s.over else ""
            self.say(_("The game is over.") if s.over else _("Wait for your turn: {player} is playing.").format(player=who), theme.ERROR)
            return False
        reason = s.refusal(action)
        if reason is None and self.coach.enabled and not self.coach.confirmed(action):
            caution = warning(s.view(s.current), action, self.app.settings)
            if caution is not None:
                self.coach.warned(action)
                self.say(caution, theme.ACCENT, CONFIRM_SECONDS)
                return False
        if reason is None:
            try:
                s.submit(action)
            except IllegalAction as exc:
                reason = str(exc)
        if reason is not None:
            reason = reason.strip().rstrip(".")
            self.say(reason[:1].upper() + reason[1:] + ".", theme.ERROR)
            if self.app.sound is not None:
                self.app.sound.play("click")
            return False
        self.selected = self.picked = None
        self.message_ttl = 0
        self.sync()
        return True

    def sync(self) -> None:
        """Animate and sound every log entry not seen yet (after a take-back: show the game as it is now)."""
        log = self.session.log
        if self.undos_seen != self.session.undos:
            self.undos_seen = self.session.undos
            self.anim.finish()
            self.drag = self.selected = None
            self.seen = len(log)
            self.renderer.place(self.model(), self.size)
            self.say(self.coach.taken_back(), theme.GOOD)
        if len(log) <= self.seen:
            return
        old = dict(self.renderer.rects)
        drag = self.drag
        if drag is not None and drag.order in old:
            old[drag.order] = drag.rect(old[drag.order].size)
        new_entries = log[self.seen:]
        self.seen = len(log)
        before = self._model
        model = self.model()
        sounds = animate(self.renderer, self.anim, model, self.size, old, [e.events for e in new_entries])
        self.renderer.log_scroll = 0  # new moves: the log shows them
        if before is not None and model.max_possible < before.max_possible and not model.over:
            self.say(_("A card the fireworks needed is gone: the best score possible is now {score}.").format(score=model.max_possible),
                     theme.ERROR, 6.0)
            sounds.append("misplay")
        if drag is not None and drag.order not in self._own():  # the card left the hand: the drag is over
            self.drag = None
        if self.app.sound is not None:
            for name in dict.fromkeys(sounds):
                self.app.sound.play(name)
            if self.my_turn and new_entries[-1].seat != self.session.current:
                self.app.sound.play("your_turn")
        if self.session.viewer is not None and self.selected not in self.session.hand(self.session.viewer):
            self.selected = None

    # -- scene hooks --------------------------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Take the player's settings: symbols, card size, animation speed, bot pace."""
        st = self.app.settings
        if (st.colour_blind_symbols, st.card_scale) != (self.renderer.symbols, self.renderer.card_scale):
            self.renderer.restyle(st.colour_blind_symbols, st.card_scale)
        self.anim.speed = st.animation_speed
        if st.bot_pace in PACES:
            self.session.bot_pace = st.bot_pace

    def enter(self) -> None:
        self.apply_settings()
        lay = self.renderer.place(self.model(), self.size)
        if not self.session.log:  # a new game: deal the cards from the deck, one at a time around the table
            s = self.session
            k = 0
            for slot in range(s.hand_size):
                for seat in range(s.players):
                    order = list(s.hand_order(seat))
                    if slot < len(order) and order[slot] in self.renderer.rects:
                        self.anim.fly(order[slot], lay.deck, self.renderer.rects[order[slot]], 0.35, delay=k * 0.05)
                        k += 1

    def pause(self) -> None:
        # a page over the table (the clue chooser, a note, the rules) stops its updates: the cards in the air
        # land now, else they would hang mid-flight under it (a hand still empty after the deal)
        self.anim.finish()

    def resume(self) -> None:
        self.apply_settings()
        self.sync()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.anim.finish()
        self.drag = None
        self.renderer.place(self.model(), self.size)

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.message_ttl = max(0.0, self.message_ttl - dt)
        s = self.session
        if not s.over:
            s.update(dt)
        self.sync()
        if self.coach.poll() is not None:
            self.message_ttl = 0  # the hint takes the message strip
        elif self.coach.failure:
            self.say(self.coach.failure, theme.ERROR)
            self.coach.failure = ""
        if s.over:
            self.over_time += dt
            if not self.left and (self.over_time > 1.2 and not self.anim.busy or self.over_time > 4):
                self._finish()
        elif self.app.stack.top is self and s.needs_curtain():
            # at once: the table still shows the last person's view, with the next person's hand face up
            self._curtain()

    def animating(self) -> bool:
        return self.anim.busy

    def moving_area(self) -> list[pygame.Rect] | None:
        return None if self.drag is not None else self.anim.area()

    def look(self) -> Hashable:
        s = self.session
        style = self.renderer.symbols, self.renderer.card_scale
        # the tooltip too: a card sliding under a still pointer changes it, and a frame sending only the moving
        # cards to the screen would leave pieces of the old one there until the pointer moves
        tip = tuple((head, tuple(lines)) for head, lines in self.tooltip())
        return (self.seen, s.viewer, s.over, self.message_ttl > 0, self.preview, style, self.model().key,
                self.coach.shown_hint(), self.tips.look(), tip)

    def wake_after(self) -> float | None:
        s = self.session
        waits = [self.message_ttl] if self.message_ttl > 0 else []
        if s.over and not self.left:
            waits.append(0.05)  # the results follow a moment after the last move
        elif not s.over and s.is_bot(s.current):
            waits.append(BOT_POLL)  # a bot's move lands when decided and its pace has passed
        if (self.coach.working() or self.coach.previewing()
                or self.app.settings.show_beliefs and s.bot_beliefs()[0] != len(s.log)):
            waits.append(BOT_POLL)  # a hint or the clue preview being worked out, the bots' readings of the last move
        return min(waits) if waits else None

    def _curtain(self) -> None:
        self.drag = None
        self.selected = None
        self.hover = (-1, -1)  # the next person has not pointed at anything yet: no stale tooltip
        self.anim.finish()  # the moves are listed on the curtain; the table is shown settled
        open_scene(self.app, "curtain", self.session)

    def _finish(self) -> None:
        self.left = True
        if self.app.stack.top is self:
            open_scene(self.app, "results", self.session, self.after_lesson, how="replace")

    def leave(self) -> None:
        """Back to the screen below (the game is autosaved by the session)."""
        self.app.stack.pop(self)

    def exit(self) -> None:
        self.coach.close()  # the hint's thread ends with the table (left, or replaced by the results)

    def write_note(self, order: int) -> bool:
        """Open the note editor on card `order` for the person at the screen."""
        s, viewer = self.session, self.session.viewer
        if viewer is None:
            return False
        open_scene(self.app, "note", self.coach.note_title(self.model(), order), s.note(viewer, order),
                   lambda text: s.set_note(viewer, order, text))
        return True

    def use_aid(self, name: str) -> None:
        """A press of the Hint, Undo or Beliefs button (or its key)."""
        said, colour = self.coach.use(name)
        self.sync()  # after an undo: the game as it is now
        if said:
            self.say(said, colour)

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        lay = self.renderer.lay
        if lay is None:
            return False
        if self.tips.handle(intent, self):
            return True
        if isinstance(intent, PointerMove):
            self.hover = intent.pos
            if self.drag is not None:
                self.drag.pos = intent.pos
                sx, sy = self.drag.start
                if abs(intent.pos[0] - sx) + abs(intent.pos[1] - sy) > 6:
                    self.drag.moved = True
            return True
        if isinstance(intent, PointerLeft):
            self.hover = (-1, -1)
            return True
        if isinstance(intent, PointerDown) and intent.button == 1:
            return self._press(intent.pos, lay)
        if isinstance(intent, PointerDown) and intent.button == 3:  # a note on the card under the pointer
            order = self.renderer.card_at(intent.pos, list(self.model().cards))
            return order is not None and self.write_note(order)
        if isinstance(intent, PointerUp) and intent.button == 1:
            return self._release(intent.pos, lay)
        if isinstance(intent, Scroll):
            if lay.log.collidepoint(intent.pos):
                self.renderer.scroll_log(intent.dy, len(self.session.log))
                return True
            return False
        if isinstance(intent, KeyPress):
            return self._key(intent)
        if isinstance(intent, Command):
            if intent.name == "back":
                if self.drag is not None:
                    self._snap_back(self.drag)
                    self.drag = None
                elif self.selected is not None:
                    self.selected = None
                else:  # what the Menu button does: back to the title, the game saved
                    self.leave()
                return True
            if intent.name == "confirm" and self.picked is not None and self.model().pending in (Tile.RECOVER,
                                                                                                   Tile.REPLAY):
                self.act(self.tile_action(self.picked))
                return True
        return False

    def _own(self) -> list[int]:
        v = self.session.viewer
        return list(self.session.hand_order(v)) if v is not None else []

    def _press(self, pos: tuple[int, int], lay: TableLayout) -> bool:
        s = self.session
        if lay.menu.collidepoint(pos):
            self.leave()
            return True
        aid = self.coach.button_at(lay, pos)
        if aid is not None:
            self.use_aid(aid)
            return True
        model = self.model()
        own = self._own()
        order = self.renderer.card_at(pos, own)
        if order is not None:
            if self.my_turn and model.pending is None:
                play_r, disc_r = own_buttons(self.renderer.rects[order])
                if play_r.collidepoint(pos):
                    self.pressed = ("play", order)
                    return True
                if disc_r.collidepoint(pos):
                    self.pressed = ("discard", order)
                    return True
            r = self.renderer.rects[order]
            self.anim.stop(order)
            self.drag = Drag(order, (pos[0] - r.x, pos[1] - r.y), pos, pos)
            return True
        pending = model.pending
        if self.my_turn and pending in (Tile.RECOVER, Tile.REPLAY):
            o = self.renderer.card_at(pos, model.discard)
            if o is not None:
                self.act(self.tile_action(o))
                return True
        for seat in range(s.players):
            if seat == s.viewer:
                continue
            hand = list(s.hand_order(seat, s.viewer))
            o = self.renderer.card_at(pos, hand)
            if o is not None:
                clue = self._spot_clue(seat, o, pos)
                if clue is not None:
                    self.act(clue)
                else:
                    self.open_chooser(seat, o)
                return True
            if self.renderer.hand_layout(seat, s.players).plate.collidepoint(pos):
                self.open_chooser(seat)
                return True
        return False

    def _spot_clue(self, seat: int, order: int, pos: tuple[int, int]):  # noqa: ANN202 - Clue | None
        """The clue of the colour or number spot under `pos` on teammate `seat`'s card `order`, if any."""
        model = self.model()
        face = model.cards[order].face
        if face is None:
            return None
        suit, rank = face
        colour_r, rank_r = mate_spots(self.renderer.rects[order])
        if rank_r.collidepoint(pos):
            return RankClue(seat, rank)
        if colour_r.collidepoint(pos) and model.suits[suit].named_colour:
            named = [i for i, sm in enumerate(model.suits) if sm.named_colour]
            return ColourClue(seat, named.index(suit))
        return None

    def _release(self, pos: tuple[int, int], lay: TableLayout) -> bool:
        if self.pressed is not None:
            kind, order = self.pressed
            self.pressed = None
            r = self.renderer.rects.get(order)
            if r is not None:
                play_r, disc_r = own_buttons(r)
                if kind == "play" and play_r.collidepoint(pos):
                    self.act(Play(order))
                elif kind == "discard" and disc_r.collidepoint(pos):
                    self.act(Discard(order))
            return True
        drag = self.drag
        if drag is None:
            return False
        drag.pos = pos
        if not drag.moved:
            self.drag = None
            self.selected = None if self.selected == drag.order else drag.order
            return True
        own_area = self.renderer.hand_layout(self.session.viewer, self.session.players).area.inflate(0, lay.gap * 4)
        if lay.play_zone.collidepoint(pos):
            if not self.act(Play(drag.order)):
                self._snap_back(drag)
        elif lay.discard_zone.collidepoint(pos):
            if not self.act(Discard(drag.order)):
                self._snap_back(drag)
        elif own_area.collidepoint(pos):
            self._reorder(drag, pos)
        else:
            self._snap_back(drag)
        self.drag = None
        return True

    def _snap_back(self, drag: Drag) -> None:
        rest = self.renderer.rects.get(drag.order)
        if rest is not None:
            self.anim.fly(drag.order, drag.rect(rest.size), rest, 0.35, ease=ease_out_back)
        self.drag = None

    def _reorder(self, drag: Drag, pos: tuple[int, int]) -> None:
        s = self.session
        own = self._own()
        slots = self.renderer.hand_layout(s.viewer, s.players).cards[:len(own)]
        index = min(range(len(slots)), key=lambda i: abs(slots[i].centerx - pos[0]))
        before = dict(self.renderer.rects)
        before[drag.order] = drag.rect(before[drag.order].size)
        s.reorder(s.viewer, drag.order, index)
        self.renderer.place(self.model(), self.size)
        for o in self._own():
            if before.get(o) != self.renderer.rects.get(o):
                self.anim.fly(o, before[o], self.renderer.rects[o], 0.25)

    def tile_action(self, order: int) -> Recover | Replay:
        """What choosing discarded card `order` does for the pending bonus tile (tile 5 with the deck empty
        becomes tile 6, as the rules say)."""
        s = self.session
        if s.pending_tile is Tile.RECOVER and s.refusal(Recover(order)) is None:
            return Recover(order)
        return Replay(order)

    def pick_discard(self, step: int) -> bool:
        """Left/Right while a bonus tile asks for a card of the discard pile: ring the previous or next one that
        the tile may take (Enter takes it)."""
        model = self.model()
        if not self.my_turn or model.pending not in (Tile.RECOVER, Tile.REPLAY):
            return False
        choices = [o for o in model.discard if self.session.refusal(self.tile_action(o)) is None]
        if not choices:
            return False
        at = choices.index(self.picked) + step if self.picked in choices else (0 if step > 0 else -1)
        self.picked = choices[at % len(choices)]
        return True

    def _key(self, intent: KeyPress) -> bool:
        if intent.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.pick_discard(1 if intent.key == pygame.K_RIGHT else -1):
            return True
        if pygame.K_1 <= intent.key <= pygame.K_9:  # the game's slot numbers, as the log and the labels say
            i = intent.key - pygame.K_1
            v = self.session.viewer
            hand = self.session.hand(v) if v is not None else ()
            if i < len(hand):
                self.selected = hand[i]
                return True
            return False
        if intent.key == pygame.K_p and self.selected is not None:
            self.act(Play(self.selected))
            return True
        if intent.key == pygame.K_d and self.selected is not None:
            self.act(Discard(self.selected))
            return True
        if intent.key in (pygame.K_h, pygame.K_F1):  # the rules of this very game (variant and options)
            self.drag = None
            open_scene(self.app, "rules", self.session.variant)
            return True
        if intent.key == pygame.K_n:  # a note on the card pointed at, else the selected one
            order = self.renderer.card_at(self.hover, list(self.model().cards))
            order = order if order is not None else self.selected
            return order is not None and self.write_note(order)
        aid = {"?": "hint", "u": "undo", "b": "beliefs"}.get(intent.text)
        if aid is not None:
            self.use_aid(aid)
            return True
        if intent.key == pygame.K_c and self.my_turn:
            s = self.session
            self.open_chooser((s.current + 1) % s.players)
            return True
        return False

    def open_chooser(self, seat: int, card: int | None = None) -> None:
        """Open the clue chooser for teammate `seat` (if it is the viewer's turn), `card`'s clue preselected."""
        if not self.my_turn:
            self.say(_("Wait for your turn: {player} is playing.").format(player=self.session.names[self.session.current]), theme.ERROR)
            return
        from hanabi_desktop.ui.scenes import scene_class

        chooser = scene_class("chooser")(self.app, self, seat, card)
        if not chooser.options:
            self.say(_("No clue can be given to {player} now.").format(player=self.session.names[seat]), theme.ERROR)
            return
        self.app.stack.push(chooser)

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        board = self.model()
        skip = {self.drag.order} if self.drag is not None and self.drag.moved else set()
        highlight, dim = self.preview  # a clue being chosen: the cards it touches (set by the chooser)
        hint = self.coach.shown_hint()
        if hint is not None and not highlight:  # the hint's card, or its clue's receiver's touched cards
            highlight = hint.cards
            if hint.target is not None:
                dim = frozenset(self.session.hand(hint.target)) - hint.cards
        spot = self.spot_preview()
        if spot is not None:  # pointing at a colour or number spot: the cards that clue would touch
            _clue, seat, touched = spot
            highlight, dim = touched, frozenset(self.session.hand(seat)) - touched
        self.renderer.draw(surface, board, anim=self.anim, skip=skip, highlight=highlight, dim=dim,
                           controls=lambda surf: self._draw_controls(surf, board), log_cover=self.log_cover())
        if self.drag is not None and self.drag.moved:
            rest = self.renderer.rects.get(self.drag.order)
            if rest is not None:
                r = self.drag.rect(rest.size)
                draw_drop_hints(surface, self.renderer.lay, r)
                theme.draw_shadow(surface, r, max(3, r.w // 9), blur=12, offset=(0, 10))
                self.renderer.draw_card(surface, board, self.drag.order, r)
        self.tips.draw(surface, self)
        self._draw_tooltip(surface, board)

    def log_cover(self) -> int:
        """How much of the top of the log's panel something drawn over the table hides (none at home)."""
        return 0

    def _draw_controls(self, surface: pygame.Surface, board: TableModel) -> None:
        lay = self.renderer.lay
        assert lay is not None
        s = self.session
        fs = lay.font
        # menu button
        pygame.draw.rect(surface, theme.BUTTON_HOVER if lay.menu.collidepoint(self.hover) else theme.BUTTON,
                         lay.menu, border_radius=lay.menu.h // 3)
        theme.blit_text(surface, _("Menu"), max(11, fs - 2), lay.menu.center, theme.TEXT, bold=True, anchor="center")
        if self.app.stack.top is self:  # Esc does what the button does: said beside it
            hint = max(10, fs - 4)
            draw_key_hint(surface, "Esc", lay.menu.x - 4, lay.menu.centery, hint)
        self.coach.draw(surface, lay, self.hover)
        for ringed in (self.selected, self.picked if board.pending is not None else None):
            if ringed is not None and ringed in self.renderer.rects:
                r = self.renderer.rects[ringed]
                pygame.draw.rect(surface, theme.ACCENT, r.inflate(8, 8), width=3, border_radius=r.w // 7)
        if self.my_turn and (self.drag is None or not self.drag.moved):
            skip = self.anim.in_flight()
            if board.pending is None:
                for o in self._own():
                    if o in self.renderer.rects and o not in skip:
                        draw_own_buttons(surface, self.renderer.rects[o], fs, board.clue_tokens < 8)
            for hand in board.hands:
                if hand.seat == s.viewer:
                    continue
                for o in hand.cards:
                    if o in self.renderer.rects and o not in skip:
                        draw_spots(surface, board, o, self.renderer.rects[o])
        # message strip
        text, colour = self._message_text()
        if text:
            draw_message(surface, lay.message, text, fs, colour)

    def spot_preview(self):  # noqa: ANN201 - (clue, seat, touched cards) | None
        """The clue of the colour or number spot under the pointer, its teammate and the cards it would touch."""
        s = self.session
        if not self.my_turn or self.drag is not None or self.app.stack.top is not self:
            return None
        for seat in range(s.players):
            if seat == s.viewer:
                continue
            o = self.renderer.card_at(self.hover, list(s.hand(seat)))
            if o is not None:
                clue = self._spot_clue(seat, o, self.hover)
                if clue is None or s.refusal(clue) is not None:
                    return None
                return clue, seat, s.touched_by(seat, clue)
        return None

    def _message_text(self) -> tuple[str, theme.Colour]:
        s = self.session
        if self.message_ttl > 0 and self.message:
            return self.message, self.message_colour
        aid = self.coach.button_at(self.renderer.lay, self.hover) if self.renderer.lay is not None else None
        if aid is not None:
            return self.coach.explain(aid), theme.TEXT
        hint = self.coach.shown_hint()
        if hint is not None:
            return self.coach.hint_line(hint), theme.ACCENT
        spot = self.spot_preview()
        if spot is not None:
            clue, seat, touched = spot
            slots = sorted(s.slot_of(o) for o in touched)
            what = _(s.variant.colour_names[clue.colour]) if isinstance(clue, ColourClue) else str(clue.rank)
            return (ngettext("Click to clue {player} {clue}: touches slot {slots}.", "Click to clue {player} {clue}: touches slots {slots}.", len(slots)).format(
                    player=s.names[seat], clue=what, slots=', '.join(map(str, slots))), theme.ACCENT)
        if s.over:
            return _("Game over."), theme.ACCENT
        if s.viewer is None:
            return _("Spectating: every hand is shown face up."), theme.TEXT_DIM
        if not self.my_turn:
            if s.is_bot(s.current):
                return _("{player} is thinking…").format(player=s.names[s.current]), theme.TEXT_DIM
            return _("{player} is next: pass them the computer.").format(player=s.names[s.current]), theme.TEXT_DIM
        pending = self.model().pending
        if pending is not None:
            pick = _("click a card in the discard pile, or ring one with Left and Right and press Enter")
            where = {Tile.RECOVER: pick, Tile.REPLAY: pick}
            how = where.get(pending, _("click a teammate's hand or press C to choose the clue"))
            return _("Bonus tile: {tile} - {how}.").format(tile=pending.text, how=how), theme.ACCENT
        own = self._own()
        if self.selected in own:
            return (_("Slot {slot} selected: P to play, D to discard, Esc to cancel.").format(slot=s.slot_of(self.selected)),
                    theme.ACCENT)
        return (_("Your turn: drag a card to the fireworks or the discard pile, or click a teammate to clue "
                "(keys: 1-5, P, D, C; H rules)."), theme.ACCENT)

    def tooltip(self) -> list[tuple[str, list[str]]]:
        """What the pointer is over says, as tooltip sections: a card's clues and knowledge, or a bonus tile."""
        board = self.model()
        lay = self.renderer.lay
        if lay is None or (self.drag is not None and self.drag.moved):
            return []
        for tile, r in zip(board.revealed_tiles, lay.bonus_revealed, strict=False):
            if r.collidepoint(self.hover):
                return [(_("Bonus tile {number}:").format(number=tile.value), [tile.text])]
        if lay.bonus_pile is not None and lay.bonus_pile.collidepoint(self.hover):
            return [(_("Bonus tiles:"), [_("{n} face down; completing a firework reveals one").format(n=board.tiles_left)])]
        order = self.renderer.card_at(self.hover, list(self.renderer.hand_of))
        if order is None or order in self.anim.in_flight():
            return []
        spot = self.spot_preview()
        said = self.coach.preview().of(spot[0]) if spot is not None and self.coach.preview() is not None else None
        if said is not None:  # a colour or number spot: how the partner will read that one-click clue
            return [(_("If you click:"), preview_lines(said))]
        card = board.cards[order]
        lines = list(card.tooltip)
        if card.face is not None and card.slot is not None and not lines:  # a teammate's unclued card
            seat = self.renderer.hand_of[order]
            return [(_("No clues on this card yet."), [_("What {player} can tell:").format(player=board.hands[seat].name)])]
        return [(_("Clues on this card:"), lines)] if lines else []

    def _draw_tooltip(self, surface: pygame.Surface, board: TableModel) -> None:
        sections = self.tooltip()
        lay = self.renderer.lay
        if not sections or lay is None:
            return
        image = None
        order = self.renderer.card_at(self.hover, list(self.renderer.hand_of))
        card = board.cards.get(order) if order is not None else None
        if card is not None and card.face is not None:  # a teammate's card: their pip grid, what they know
            w, h = lay.card
            image = cards.hidden_card(w, h, tuple(st.letter for st in board.suits), card.possible, card.colours,
                                      card.ranks, self.renderer.symbols)
        draw_tooltip(surface, lay.font, self.hover, sections, image)
