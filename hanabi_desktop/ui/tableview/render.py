"""Draws a `TableModel` (ui.tableview.model) with a `TableLayout`; shared by the live table and the replay viewer.

The renderer knows nothing of the game: it places and paints what the model holds. `place` computes the
layout for a window size and remembers where each card rests (`rects`), so a scene can hit-test, start drags
and animate a card from where it was to where it now is.
"""

from __future__ import annotations

import pygame

from hanabi_desktop.engine.events import Tile
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.ui.art import cards, theme
from hanabi_desktop.ui.art.anim import Animator
from hanabi_desktop.ui.tableview.card_notes import draw_card_extras
from hanabi_desktop.ui.tableview.layout import DECK_STACK, HandLayout, TableLayout, down_arrow, layout
from hanabi_desktop.ui.tableview.model import CardModel, TableModel
from hanabi_desktop.ui.widgets.focus import hint_width
from hanabi_desktop.ui.widgets.wrap import fit_lines, wrapped_text


def own_buttons(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The small 'play' and 'discard' buttons along the bottom of one of the viewer's cards."""
    h = max(16, rect.h // 5)
    w = (rect.w - 6) // 2
    y = rect.bottom - h - 3
    return pygame.Rect(rect.x + 2, y, w, h), pygame.Rect(rect.right - 2 - w, y, w, h)


def mate_spots(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The colour spot and the number spot along the bottom of a teammate's card (click: give that clue)."""
    d = max(14, rect.w // 3)
    y = rect.bottom - d - 3
    return pygame.Rect(rect.x + 3, y, d, d), pygame.Rect(rect.right - 3 - d, y, d, d)


def clue_arrow(r: pygame.Rect, room: int) -> list[tuple[float, float]]:
    """The triangle of the last-clue arrow over card `r`, in the `room` pixels between its hand's name plate and
    the card (`TableLayout.arrow_room`): its tip just touches the card's top edge."""
    tip = (r.centerx, r.y + 1)
    half = room
    return [(tip[0] - half, r.y - room + 1), (tip[0] + half, r.y - room + 1), tip]


def draw_tooltip(surface: pygame.Surface, font: int, pos: tuple[int, int],
                 sections: list[tuple[str, list[str]]], image: pygame.Surface | None = None) -> None:
    """A panel beside the pointer at `pos`: per section a dim heading and its lines (empty sections skipped),
    then `image` (a teammate's view of their card) if given."""
    fs = max(11, font - 2)
    surfs = []
    for heading, lines in sections:
        if lines:
            surfs.append(theme.text(heading, fs, theme.TEXT_DIM))
            surfs += [theme.text(t, fs) for t in lines]
    if image is not None:
        surfs.append(image)
    if not surfs:
        return
    w = max(s.get_width() for s in surfs) + 16
    h = sum(s.get_height() for s in surfs) + 12
    r = pygame.Rect(pos[0] + 16, pos[1] + 16, w, h)
    r.clamp_ip(surface.get_rect())
    theme.draw_panel(surface, r, radius=6, alpha=235)
    y = r.y + 6
    for s in surfs:
        surface.blit(s, (r.x + 8, y))
        y += s.get_height()


class TableRenderer:
    """Draws a `TableModel`, remembering where every card rests (`rects`)."""

    def __init__(self, symbols: bool = True, card_scale: float = 1.0) -> None:
        self.symbols = symbols
        self.card_scale = card_scale
        self.lay: TableLayout | None = None
        self._lay_key: tuple | None = None
        self.window: tuple[int, int] | None = None  # the whole window, when the table is drawn in part of it
        self.rects: dict[int, pygame.Rect] = {}  # resting rect of every visible card
        self.hand_of: dict[int, int] = {}  # order -> seat, for cards in hands
        self.bottom = 0
        self._log_cache: tuple[tuple, pygame.Surface] | None = None
        self.log_scroll = 0
        self._placed: tuple | None = None  # (model key, size, layout key) of the last `place`
        self._moving: dict[tuple, pygame.Surface] = {}  # a flying card drawn once at full size, per model

    def restyle(self, symbols: bool, card_scale: float) -> None:
        """Change the colour-blind symbols and the card size setting (the layout is recomputed)."""
        self.symbols, self.card_scale = symbols, card_scale
        self._lay_key = None

    # -- placing --------------------------------------------------------------------------------------
    def position(self, seat: int, players: int) -> int:
        """Table position of `seat`: 0 is the bottom (the viewer), then the others in seat order."""
        return (seat - self.bottom) % players

    def hand_layout(self, seat: int, players: int) -> HandLayout:
        """The `HandLayout` of `seat`."""
        assert self.lay is not None
        return self.lay.hands[self.position(seat, players)]

    def place(self, model: TableModel, size: tuple[int, int]) -> TableLayout:
        """Compute the layout for `size` and the resting rect of every card on the table."""
        key = (size, model.players, len(model.suits), model.hand_size, model.flamboyants, self.card_scale,
               self.window)
        if key != self._lay_key:
            self.lay = layout(size, model.players, len(model.suits), model.hand_size, model.flamboyants,
                              self.card_scale, self.window)
            self._lay_key = key
            self._log_cache = None
            self._placed = None
        lay = self.lay
        assert lay is not None
        placed = (model.key, id(model), key)
        if placed == self._placed:
            return lay
        self.bottom = model.viewer if model.viewer is not None else 0
        rects: dict[int, pygame.Rect] = {}
        hand_of: dict[int, int] = {}
        for hand in model.hands:
            slots = self.hand_layout(hand.seat, model.players).cards
            for i, o in enumerate(hand.cards[:len(slots)]):
                rects[o] = slots[i]
                hand_of[o] = hand.seat
        for o in model.firework_tops.values():
            rects[o] = lay.fireworks[model.cards[o].face[0]]  # type: ignore[index]
        for o, c in model.cards.items():  # every played card rests on its firework (under the top one)
            if o not in rects and o not in model.discard and c.slot is None:
                rects[o] = lay.fireworks[c.face[0]]  # type: ignore[index]
        rects.update(self.discard_rects(model))
        self.rects, self.hand_of = rects, hand_of
        self._placed = placed
        return lay

    def discard_rects(self, model: TableModel) -> dict[int, pygame.Rect]:
        """Rect of every card in the discard pile: one row per suit, sorted by rank."""
        assert self.lay is not None
        by_suit: dict[int, list[int]] = {}
        for o in model.discard:
            by_suit.setdefault(model.cards[o].face[0], []).append(o)  # type: ignore[index]
        out = {}
        for s, orders in by_suit.items():
            row = self.lay.discard_rows[s]
            orders.sort(key=lambda o: (model.cards[o].face[1], o))  # type: ignore[index]
            h = row.h
            w = max(8, round(h * 0.74))
            label_w = round(h * 1.1)
            room = row.w - label_w
            step = min(w + 2, (room - w) / max(1, len(orders) - 1))
            for i, o in enumerate(orders):
                out[o] = pygame.Rect(round(row.x + label_w + i * step), row.y, w, h)
        return out

    # -- cards -----------------------------------------------------------------------------------------------
    def draw_card(self, surface: pygame.Surface, model: TableModel, order: int, rect: pygame.Rect) -> None:
        """Card `order` at `rect`: its face if the viewer may see it (with clue chips), else what they can tell."""
        c: CardModel | None = model.cards.get(order)
        if c is None:  # a card the model does not show (back into the deck): its back
            surface.blit(cards.card_back(rect.w, rect.h), rect)
            return
        letters = tuple(s.letter for s in model.suits)
        in_hand = c.slot is not None
        if c.face is not None:
            suit, rank = c.face
            surface.blit(cards.card_face(letters[suit], rank, rect.w, rect.h, self.symbols), rect)
            if in_hand and c.clued:
                pygame.draw.rect(surface, theme.CLUE, rect.inflate(4, 4), width=2, border_radius=rect.w // 8)
                surface.blit(cards.clue_badge(rect.w, rect.h, c.colours, c.ranks, self.symbols), rect)
            if in_hand and c.critical:
                cards.critical_marker(surface, rect)
        else:
            surface.blit(cards.hidden_card(rect.w, rect.h, letters, c.possible, c.colours, c.ranks, self.symbols),
                         rect)
            if c.clued:
                pygame.draw.rect(surface, theme.CLUE, rect.inflate(4, 4), width=2, border_radius=rect.w // 8)

    def draw_moving(self, surface: pygame.Surface, model: TableModel, order: int, rect: pygame.Rect) -> None:
        """A card in flight: its size changes every frame, so it is drawn once at a card size of the layout
        and scaled (drawing a face at every in-between size would render, and cache, a new face per frame)."""
        lay = self.lay
        if lay is None or rect.size in (lay.card, lay.own_card):
            self.draw_card(surface, model, order, rect)
            return
        key = (order, id(model), model.key)
        base = self._moving.get(key)
        if base is None:
            if len(self._moving) > 64:
                self._moving.clear()
            size = max(lay.card, lay.own_card)
            base = pygame.Surface(size, pygame.SRCALPHA)
            self.draw_card(base, model, order, pygame.Rect((0, 0), size))
            self._moving[key] = base
        if rect.w > 0 and rect.h > 0:
            surface.blit(pygame.transform.smoothscale(base, rect.size), rect)

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, model: TableModel, *, anim: Animator | None = None,
             skip: frozenset[int] | set[int] = frozenset(), highlight: set[int] | frozenset[int] = frozenset(),
             dim: set[int] | frozenset[int] = frozenset(), controls: object = None, log_cover: int = 0) -> None:
        """Paint the whole table. `skip`: cards drawn elsewhere (dragged); `controls(surface)` adds overlays;
        `log_cover`: pixels at the top of the log's panel that an overlay hides (no log line is drawn under it)."""
        lay = self.place(model, surface.get_size())
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        in_flight = anim.in_flight() if anim is not None else set()
        hidden = in_flight | set(skip)
        self._draw_hands(surface, model, lay, hidden, highlight, dim)
        self._draw_centre(surface, model, lay, hidden)
        self._draw_side(surface, model, lay, hidden, log_cover)
        if callable(controls):
            controls(surface)
        if anim is not None:
            anim.draw(surface, lambda s, o, r: self.draw_moving(s, model, o, r))

    def _draw_hands(self, surface: pygame.Surface, model: TableModel, lay: TableLayout, hidden: set[int],
                    highlight: set[int] | frozenset[int], dim: set[int] | frozenset[int]) -> None:
        fs = lay.font
        for hand in model.hands:
            hl = self.hand_layout(hand.seat, model.players)
            plate_col = theme.ACCENT if hand.acting else theme.PANEL_BORDER
            theme.draw_panel(surface, hl.plate, radius=max(4, hl.plate.h // 3), shadow=False,
                             border=plate_col, alpha=230 if hand.acting else 170)
            name = _("{player} (bot)").format(player=hand.name) if hand.bot else _("{player} - you").format(player=hand.name) if hand.you else hand.name
            ink = theme.ACCENT if hand.acting else theme.TEXT
            label = theme.fit_text(name, fs, hl.plate.w - 10, bold=hand.acting)
            theme.blit_text(surface, label, fs, (hl.plate.x + 8, hl.plate.centery), ink, bold=hand.acting,
                            anchor="midleft")
            for slot in hl.cards[len(hand.cards):]:
                surface.blit(cards.empty_slot(slot.w, slot.h, theme.TEXT_FAINT), slot)
            for o in hand.cards:
                r = self.rects.get(o)
                if r is None or o in hidden:
                    continue
                theme.draw_shadow(surface, r, max(3, r.w // 9), blur=6, offset=(0, 3))
                self.draw_card(surface, model, o, r)
                c = model.cards[o]
                draw_card_extras(surface, c, r)
                if c.label_slot and c.slot is not None:
                    cards.slot_tag(surface, r, c.slot)
                if o in highlight:
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(12, 12), width=4, border_radius=r.w // 6)
                if o in dim:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((0, 0, 0, 140))
                    surface.blit(shade, r)
                if c.touched_last:
                    self._draw_arrow(surface, r, lay.arrow_room)

    @staticmethod
    def _draw_arrow(surface: pygame.Surface, r: pygame.Rect, room: int) -> None:
        """A clue-blue arrow pointing down at card `r` (touched by the last clue), above it: the clue chips
        and the corner index along the card's top stay readable, and the name plate above."""
        pts = clue_arrow(r, room)
        pygame.draw.polygon(surface, (255, 255, 255), [(x, y + 1) for x, y in pts])
        pygame.draw.polygon(surface, theme.CLUE, pts)
        pygame.draw.polygon(surface, theme.CLUE_DARK, pts, 1)

    def _draw_centre(self, surface: pygame.Surface, model: TableModel, lay: TableLayout, hidden: set[int]) -> None:
        fs = lay.font
        # deck
        if model.deck_count:
            for k in range(min(DECK_STACK // 2, model.deck_count - 1), -1, -1):
                surface.blit(cards.card_back(lay.deck.w, lay.deck.h), lay.deck.move(-k * 2, -k * 2))
        else:
            surface.blit(cards.empty_slot(lay.deck.w, lay.deck.h, theme.TEXT_FAINT), lay.deck)
        theme.blit_text(surface, str(model.deck_count), round(lay.deck.h * 0.3), lay.deck.center, theme.TEXT,
                        bold=True, anchor="center", shadow=True)
        theme.blit_text(surface, _("deck"), max(11, fs - 3), (lay.deck.centerx, lay.deck.bottom - 4), theme.TEXT_DIM,
                        anchor="midbottom")
        # fireworks: the top card of each (a card still flying there leaves the one below it showing)
        for s, (suit, rect) in enumerate(zip(model.suits, lay.fireworks, strict=True)):
            st = cards.style_of(suit.letter)
            tint = st.colour if suit.letter != "k" else (150, 140, 160)
            surface.blit(cards.empty_slot(rect.w, rect.h, tint), rect)
            height = model.fireworks[s]
            top = model.firework_tops.get(s)
            if top is not None and top in hidden:
                height -= 1
            if height > 0:
                rank = 6 - height if suit.descending else height
                surface.blit(cards.card_face(suit.letter, rank, rect.w, rect.h, self.symbols), rect)
            else:
                cards.draw_symbol(surface, st.symbol, rect.inflate(-rect.w // 2, -rect.w // 2),
                                  theme.lerp_colour(tint, theme.FELT, 0.4))
                if suit.descending:  # the black firework is built 5 down to 1: say so while it is empty
                    theme.blit_text(surface, _("5 to 1"), max(10, fs - 3), (rect.centerx, rect.bottom - 4),
                                    theme.TEXT_DIM, anchor="midbottom")
            if model.fireworks[s] == 5:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), width=3, border_radius=rect.w // 8)
            elif suit.descending:
                self._draw_down_arrow(surface, rect)

    @staticmethod
    def _draw_down_arrow(surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A small downward arrow beside a descending firework (the next card is one lower)."""
        x, y, a = down_arrow(rect)
        pygame.draw.line(surface, theme.TEXT_DIM, (x, y), (x, y + 2 * a), max(2, a // 3))
        pygame.draw.polygon(surface, theme.TEXT_DIM, [(x - a * 0.7, y + 1.5 * a), (x + a * 0.7, y + 1.5 * a),
                                                      (x, y + 2.5 * a)])

    def _draw_side(self, surface: pygame.Surface, model: TableModel, lay: TableLayout, hidden: set[int],
                   log_cover: int = 0) -> None:
        fs = lay.font
        pad = lay.gap
        # status
        theme.draw_panel(surface, lay.status)
        score = _("Score {score} / {max}").format(score=model.score, max=model.max_score)
        x = lay.status.x + pad + 2
        best = _("max {score}").format(score=model.max_possible) if model.max_possible < model.max_score \
            and not model.over else ""
        # up to the Menu button's Esc cap (the table draws it left of the button): the score a little smaller
        # where the best score beside it would reach the cap
        right = lay.menu.x - 4 - hint_width("Esc", max(10, fs - 4)) - pad // 2
        best_w = theme.text(best, max(11, fs - 2), bold=True).get_width() + pad if best else 0
        size = theme.fit_size(score, round(fs * 1.25), right - x - best_w, bold=True)
        w = theme.blit_text(surface, score, size, (x, lay.status.y + pad), theme.TEXT, bold=True).w
        if best:
            clip = surface.get_clip()
            surface.set_clip(clip.clip(pygame.Rect(lay.status.x, lay.status.y, right - lay.status.x, lay.status.h)))
            theme.blit_text(surface, best, max(11, fs - 2), (x + w + pad, lay.status.y + pad + round(fs * 0.3)),
                            theme.ERROR, bold=True)  # (said as an overflow if it still reaches the cap)
            surface.set_clip(clip)
        line = theme.fit_text(model.status, max(11, fs - 2), lay.status.w - 2 * pad)
        theme.blit_text(surface, line, max(11, fs - 2), (lay.status.x + pad + 2, lay.status.bottom - pad),
                        theme.TEXT_DIM, anchor="bottomleft")
        # tokens and errors
        theme.draw_panel(surface, lay.tokens)
        for i, r in enumerate(lay.token_slots):
            surface.blit(cards.clue_token(r.w, i < model.clue_tokens), r)
        for i, r in enumerate(lay.errors):
            surface.blit(cards.error_tile(r.w, r.h, i < model.strikes), r)
        txt = ngettext("{n} clue", "{n} clues", model.clue_tokens).format(n=model.clue_tokens) + "  ·  " + _("{n}/3 errors").format(n=model.strikes)
        theme.blit_text(surface, txt, max(11, fs - 2), (lay.tokens.right - pad, lay.errors[0].centery),
                        theme.TEXT_DIM, anchor="midright")
        # bonus tiles
        if lay.bonus is not None and lay.bonus_pile is not None:
            theme.draw_panel(surface, lay.bonus)
            if model.tiles_left:
                surface.blit(cards.bonus_tile(lay.bonus_pile.w, lay.bonus_pile.h, None), lay.bonus_pile)
            cards.bonus_count(surface, lay.bonus_pile, model.tiles_left)
            for t, r in zip(model.revealed_tiles, lay.bonus_revealed, strict=False):
                surface.blit(cards.bonus_tile(r.w, r.h, t.value), r)
                if model.pending is t:
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), width=2, border_radius=4)
        # discard pile
        theme.draw_panel(surface, lay.discard)
        theme.blit_text(surface, _("Discard pile"), max(11, fs - 1), (lay.discard.x + pad, lay.discard.y + 3),
                        theme.TEXT_DIM)
        for suit, row in zip(model.suits, lay.discard_rows, strict=True):
            st = cards.style_of(suit.letter)
            cards.draw_symbol(surface, st.symbol, pygame.Rect(row.x, row.y, row.h, row.h).inflate(-4, -4),
                              st.colour if suit.letter != "k" else (150, 140, 160))
        for o in model.discard:
            if o in hidden:
                continue
            r = self.rects[o]
            suit, rank = model.cards[o].face  # type: ignore[misc]
            surface.blit(cards.card_face(model.suits[suit].letter, rank, r.w, r.h, self.symbols), r)
        self._draw_log(surface, model, lay, log_cover)

    def _draw_log(self, surface: pygame.Surface, model: TableModel, lay: TableLayout, cover: int = 0) -> None:
        r = lay.log
        if r.h < 30:
            return
        key = (len(model.log), model.log[-1] if model.log else None, r.size, self.log_scroll, cover)
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = (key, self._render_log(model, r, lay, cover))
        theme.draw_panel(surface, r)
        surface.blit(self._log_cache[1], r)

    def _render_log(self, model: TableModel, r: pygame.Rect, lay: TableLayout, cover: int = 0) -> pygame.Surface:
        fs = max(11, lay.font - 2)
        pad = lay.gap
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        heading = _("Log") if not self.log_scroll else _("Log (scrolled back {n}; wheel down for new)").format(n=self.log_scroll)
        theme.blit_text(surf, heading, fs, (pad, 3), theme.TEXT_DIM)
        top = max(fs + 8, cover + pad) if cover else fs + 8  # a line half under an overlay reads as a cut one
        width = r.w - 2 * pad
        y = r.h - pad
        log = model.log
        entries = log[: len(log) - self.log_scroll] if self.log_scroll else log
        for i in range(len(entries) - 1, -1, -1):
            line = entries[i]
            parts = [wrapped_text(f"{i + 1}. {line.text}", fs, theme.TEXT, width)]
            if line.why:
                parts.append(wrapped_text(line.why, max(10, fs - 2), theme.TEXT_FAINT, width - 10))
            h = sum(p.get_height() for p in parts) + 4
            if y - h < top:
                break
            y -= h
            yy = y
            for j, p in enumerate(parts):
                surf.blit(p, (pad + (10 if j else 0), yy))
                yy += p.get_height()
        return surf

    def scroll_log(self, dy: int, total: int) -> None:
        """Scroll the log by `dy` entries (positive: older)."""
        self.log_scroll = max(0, min(max(0, total - 1), self.log_scroll + dy))

    def card_at(self, pos: tuple[int, int], orders: list[int] | tuple[int, ...]) -> int | None:
        """The card among `orders` whose resting rect contains `pos` (topmost first)."""
        for o in reversed(orders):
            r = self.rects.get(o)
            if r is not None and r.collidepoint(pos):
                return o
        return None


def draw_own_buttons(surface: pygame.Surface, r: pygame.Rect, fs: int, can_discard: bool) -> None:
    """The Play and Disc. buttons on one of the viewer's cards (Disc. greyed while discarding is not allowed)."""
    play_r, disc_r = own_buttons(r)
    play, disc = _("Play"), _("Disc.")
    size = button_text_size(play, disc, max(9, min(fs - 3, play_r.h - 4)), play_r.w - 4)
    pygame.draw.rect(surface, (30, 110, 60), play_r, border_radius=play_r.h // 3)
    theme.blit_text(surface, play, size, play_r.center, (240, 255, 240), bold=True, anchor="center")
    pygame.draw.rect(surface, (120, 40, 36) if can_discard else theme.DISABLED, disc_r, border_radius=disc_r.h // 3)
    theme.blit_text(surface, disc, size, disc_r.center, (255, 235, 230) if can_discard else theme.TEXT_FAINT,
                    bold=True, anchor="center")


def button_text_size(play: str, disc: str, size: int, width: int) -> int:
    """The largest size up to `size` (at least 8) at which both button words fit `width` ("Ausspielen" on a
    small card): a smaller word rather than a cut one."""
    while size > 8 and max(theme.font_for(t, size, bold=True).size(t)[0] for t in (play, disc)) > width:
        size -= 1
    return size


def draw_spots(surface: pygame.Surface, model: TableModel, order: int, r: pygame.Rect) -> None:
    """The colour and number spots on a teammate's card `order` (only the kinds of clue that may be given)."""
    colour_r, rank_r = mate_spots(r)
    face = model.cards[order].face
    if face is None:
        return
    suit = model.suits[face[0]]
    rank = face[1]
    if suit.named_colour and model.pending in (None, Tile.FREE_COLOUR_CLUE):
        st = cards.style_of(suit.letter)
        pygame.draw.circle(surface, (0, 0, 0), colour_r.center, colour_r.w // 2 + 1)
        pygame.draw.circle(surface, st.colour, colour_r.center, colour_r.w // 2)
        pygame.draw.circle(surface, (255, 255, 255), colour_r.center, colour_r.w // 2, 1)
    if model.pending in (None, Tile.FREE_RANK_CLUE):
        pygame.draw.circle(surface, (0, 0, 0), rank_r.center, rank_r.w // 2 + 1)
        pygame.draw.circle(surface, (245, 245, 245), rank_r.center, rank_r.w // 2)
        theme.blit_text(surface, str(rank), max(9, round(rank_r.h * 0.8)), rank_r.center, (20, 20, 30),
                        bold=True, anchor="center")


def draw_message(surface: pygame.Surface, box: pygame.Rect, text: str, size: int, colour: theme.Colour) -> None:
    """The message strip's text, centred in `box`: on two lines of a slightly smaller size when one is too
    narrow (a prompt in French at 800x600), never cut while two lines can hold it."""
    lines, fs, step = fit_lines(text, size, box.w - 8, box.h)
    y = box.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, fs, (box.centerx, y + i * step), colour, anchor="center", shadow=True)


def draw_drop_hints(surface: pygame.Surface, lay: TableLayout | None, card: pygame.Rect) -> None:
    """The play and discard zones while a card is dragged; the one under the card lit and named."""
    if lay is None:
        return
    c = card.center
    for zone, label in ((lay.play_zone, _("Play")), (lay.discard_zone, _("Discard"))):
        over = zone.collidepoint(c)
        pygame.draw.rect(surface, theme.ACCENT if over else theme.TEXT_DIM, zone, width=3 if over else 1,
                         border_radius=8)
        if over:
            theme.blit_text(surface, label, lay.font, (zone.centerx, zone.y - 2), theme.ACCENT, bold=True,
                            anchor="midbottom", shadow=True)
