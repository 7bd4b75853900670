"""The game table: `TableRenderer` draws a game as seen by one seat (or face up); `TableScene` plays it.

The renderer is shared with the replay viewer. It places every card (`place`) and remembers where each one
rests, so the scene can hit-test, start drags and animate a card from where it was to where it now is.
The scene talks to the game only through the `Session` (submit, refusal, reorder, update for the bots).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from hanabi_desktop.engine import (
    ColourClue,
    Discard,
    Game,
    IllegalAction,
    Play,
    RankClue,
    Recover,
    Replay,
    Tile,
)
from hanabi_desktop.engine.cards import Card, ColourClues, identities_in
from hanabi_desktop.engine.knowledge import narrowed, remaining_copies
from hanabi_desktop.ui import cards, theme
from hanabi_desktop.ui.anim import Animator, ease_out_back
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
from hanabi_desktop.ui.layout import TableLayout, layout
from hanabi_desktop.ui.scene import Scene


@dataclass
class Board:
    """What the table shows at one moment: the game, whose eyes, each hand's display order and the log."""

    game: Game
    viewer: int | None  # the seat whose own cards are hidden; None: every card face up
    orders: list[list[int]]  # display order of each seat's hand
    bots: tuple[bool, ...]
    log: list[tuple[str, str]] = field(default_factory=list)  # (text, explanation)
    title: str = ""  # shown in the status panel instead of the turn line (the replay viewer's position)
    last_clue: frozenset[int] = frozenset()  # cards touched by the clue of the last action (arrows point at them)


def touched_by_last(batches: list[tuple]) -> frozenset[int]:
    """Cards touched by a clue in the last batch of events (the last action), else nothing."""
    if not batches:
        return frozenset()
    return frozenset(o for ev in batches[-1] if type(ev).__name__ == "ClueGiven" for o in ev.touched)


def clue_marks(game: Game, order: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The colours (suit letters) and ranks that clues have told about card `order`, in the order given."""
    colours: list[str] = []
    ranks: list[int] = []
    v = game.variant
    for _turn, clue, touched in game.clue_history[order]:
        if not touched:
            continue
        if isinstance(clue, ColourClue):
            letter = v.suits[v.clue_colours[clue.colour]].letter
            if letter not in colours:
                colours.append(letter)
        elif isinstance(clue, RankClue) and clue.rank not in ranks:
            ranks.append(clue.rank)
    return tuple(colours), tuple(ranks)


def clue_lines(game: Game, order: int) -> list[str]:
    """One line per clue that card `order` received (touched or not), for the hover tooltip."""
    v = game.variant
    out = []
    for turn, clue, touched in game.clue_history[order]:
        what = v.colour_names[clue.colour] if isinstance(clue, ColourClue) else str(clue.rank)
        out.append(f"turn {turn + 1}: {'is' if touched else 'not'} {what}")
    return out


def holder_line(game: Game, order: int, holder: int) -> str:
    """What the holder of card `order` can tell it is (clues plus the cards they see), in words."""
    seen = [game.deck[o].identity for p, hand in enumerate(game.hands) if p != holder for o in hand]
    seen += [game.deck[o].identity for o in game.discard_pile + game.played]
    mask = narrowed(game.knowledge[order], remaining_copies(game.variant.copies, seen))
    cards_ = [game.variant.card_name(Card.from_identity(i)) for i in identities_in(mask)]
    name = game.names[holder]
    if len(cards_) == 1:
        return f"{name} knows it is {cards_[0]}"
    if len(cards_) <= 4:
        return f"{name} knows it is one of: " + ", ".join(cards_)
    return f"{name} sees {len(cards_)} possibilities"


def draw_tooltip(surface: pygame.Surface, font: int, pos: tuple[int, int],
                 sections: list[tuple[str, list[str]]]) -> None:
    """A panel beside the pointer at `pos`: per section a dim heading and its lines (empty sections skipped)."""
    fs = max(11, font - 2)
    surfs = []
    for heading, lines in sections:
        if lines:
            surfs.append(theme.text(heading, fs, theme.TEXT_DIM))
            surfs += [theme.text(t, fs) for t in lines]
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
    """Draws a `Board` with a `TableLayout`, remembering where every card rests (`rects`)."""

    def __init__(self, symbols: bool = True, card_scale: float = 1.0) -> None:
        self.symbols = symbols
        self.card_scale = card_scale
        self.lay: TableLayout | None = None
        self._lay_key: tuple | None = None
        self.rects: dict[int, pygame.Rect] = {}  # resting rect of every visible card
        self.hand_of: dict[int, int] = {}  # order -> seat, for cards in hands
        self.bottom = 0
        self._empathy_key: tuple | None = None
        self._remaining: list[int] = []
        self._log_cache: tuple[tuple, pygame.Surface] | None = None
        self.log_scroll = 0

    def restyle(self, symbols: bool, card_scale: float) -> None:
        """Change the colour-blind symbols and the card size setting (the layout is recomputed)."""
        self.symbols, self.card_scale = symbols, card_scale
        self._lay_key = None

    # -- placing --------------------------------------------------------------------------------------
    def position(self, seat: int, players: int) -> int:
        """Table position of `seat`: 0 is the bottom (the viewer), then the others in seat order."""
        return (seat - self.bottom) % players

    def hand_layout(self, seat: int, game: Game):  # noqa: ANN201 - HandLayout
        """The `HandLayout` of `seat`."""
        assert self.lay is not None
        return self.lay.hands[self.position(seat, game.players)]

    def place(self, board: Board, size: tuple[int, int]) -> TableLayout:
        """Compute the layout for `size` and the resting rect of every card on the table."""
        g = board.game
        key = (size, g.players, len(g.variant.suits), g.hand_size, g.variant.flamboyants, self.card_scale)
        if key != self._lay_key:
            self.lay = layout(size, g.players, len(g.variant.suits), g.hand_size, g.variant.flamboyants,
                              self.card_scale)
            self._lay_key = key
            self._log_cache = None
        lay = self.lay
        assert lay is not None
        self.bottom = board.viewer if board.viewer is not None else 0
        rects: dict[int, pygame.Rect] = {}
        hand_of: dict[int, int] = {}
        for seat in range(g.players):
            slots = self.hand_layout(seat, g).cards
            for i, o in enumerate(board.orders[seat][:len(slots)]):
                rects[o] = slots[i]
                hand_of[o] = seat
        for o in g.played:
            rects[o] = lay.fireworks[g.deck[o].suit]
        for o, r in self.discard_rects(g).items():
            rects[o] = r
        self.rects, self.hand_of = rects, hand_of
        return lay

    def discard_rects(self, game: Game) -> dict[int, pygame.Rect]:
        """Rect of every card in the discard pile: one row per suit, sorted by rank."""
        assert self.lay is not None
        by_suit: dict[int, list[int]] = {}
        for o in game.discard_pile:
            by_suit.setdefault(game.deck[o].suit, []).append(o)
        out = {}
        for s, orders in by_suit.items():
            row = self.lay.discard_rows[s]
            orders.sort(key=lambda o: (game.deck[o].rank, o))
            h = row.h
            w = max(8, round(h * 0.74))
            label_w = round(h * 1.1)
            room = row.w - label_w
            step = min(w + 2, (room - w) / max(1, len(orders) - 1))
            for i, o in enumerate(orders):
                out[o] = pygame.Rect(round(row.x + label_w + i * step), row.y, w, h)
        return out

    # -- cards -----------------------------------------------------------------------------------------------
    def _empathy(self, board: Board, order: int) -> int:
        g = board.game
        key = (id(g), len(g.events), board.viewer)
        if key != self._empathy_key:
            seen = []
            for p, hand in enumerate(g.hands):
                if p != board.viewer:
                    seen += [g.deck[o].identity for o in hand]
            seen += [g.deck[o].identity for o in g.discard_pile + g.played]
            self._remaining = remaining_copies(g.variant.copies, seen)
            self._empathy_key = key
        return narrowed(g.knowledge[order], self._remaining)

    def face_up(self, board: Board, order: int) -> bool:
        """Can the viewer see card `order`?"""
        return board.viewer is None or self.hand_of.get(order) != board.viewer

    def draw_card(self, surface: pygame.Surface, board: Board, order: int, rect: pygame.Rect) -> None:
        """Card `order` at `rect`: its face if the viewer may see it (with clue chips), else empathy."""
        g = board.game
        letters = tuple(s.letter for s in g.variant.suits)
        in_hand = order in self.hand_of
        marks = clue_marks(g, order) if in_hand else ((), ())
        if self.face_up(board, order):
            c = g.deck[order]
            surface.blit(cards.card_face(letters[c.suit], c.rank, rect.w, rect.h, self.symbols), rect)
            if in_hand and (marks[0] or marks[1]):
                pygame.draw.rect(surface, theme.CLUE, rect.inflate(4, 4), width=2, border_radius=rect.w // 8)
                surface.blit(cards.clue_badge(rect.w, rect.h, *marks, self.symbols), rect)
            if in_hand and g.is_critical(c):
                cards.critical_marker(surface, rect)
        else:
            surface.blit(cards.hidden_card(rect.w, rect.h, letters, self._empathy(board, order), *marks,
                                           self.symbols), rect)
            if marks[0] or marks[1]:
                pygame.draw.rect(surface, theme.CLUE, rect.inflate(4, 4), width=2, border_radius=rect.w // 8)

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, board: Board, *, anim: Animator | None = None,
             skip: frozenset[int] | set[int] = frozenset(), highlight: set[int] | None = None,
             dim: set[int] | None = None, controls: object = None) -> None:
        """Paint the whole table. `skip`: cards drawn elsewhere (dragged); `controls(surface)` adds overlays."""
        lay = self.place(board, surface.get_size())
        g = board.game
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        in_flight = anim.in_flight() if anim is not None else set()
        hidden = in_flight | set(skip)
        self._draw_hands(surface, board, lay, hidden, highlight or set(), dim or set())
        self._draw_centre(surface, board, lay, hidden)
        self._draw_side(surface, board, lay, hidden)
        if callable(controls):
            controls(surface)
        if anim is not None:
            anim.draw(surface, lambda s, o, r: self.draw_card(s, board, o, r))
        del g

    def _draw_hands(self, surface: pygame.Surface, board: Board, lay: TableLayout, hidden: set[int],
                    highlight: set[int], dim: set[int]) -> None:
        g = board.game
        fs = lay.font
        for seat in range(g.players):
            hl = self.hand_layout(seat, g)
            current = seat == g.current and not g.over
            plate_col = theme.ACCENT if current else theme.PANEL_BORDER
            theme.draw_panel(surface, hl.plate, radius=max(4, hl.plate.h // 3), shadow=False,
                             border=plate_col, alpha=230 if current else 170)
            name = g.names[seat] + (" (bot)" if board.bots[seat] else "")
            if seat == board.viewer:
                name += " - you"
            ink = theme.ACCENT if current else theme.TEXT
            label = theme.fit_text(name, fs, hl.plate.w - 10, bold=current)
            theme.blit_text(surface, label, fs, (hl.plate.x + 8, hl.plate.centery), ink, bold=current,
                            anchor="midleft")
            for slot in hl.cards[len(board.orders[seat]):]:
                surface.blit(cards.empty_slot(slot.w, slot.h, theme.TEXT_FAINT), slot)
            game_order = list(g.hands[seat])
            rearranged = board.orders[seat] != game_order
            for o in board.orders[seat]:
                r = self.rects.get(o)
                if r is None or o in hidden:
                    continue
                theme.draw_shadow(surface, r, max(3, r.w // 9), blur=6, offset=(0, 3))
                self.draw_card(surface, board, o, r)
                if rearranged:
                    cards.slot_tag(surface, r, game_order.index(o) + 1)
                if o in highlight:
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(12, 12), width=4, border_radius=r.w // 6)
                if o in dim:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    shade.fill((0, 0, 0, 140))
                    surface.blit(shade, r)
                if o in board.last_clue:
                    self._draw_arrow(surface, r)

    @staticmethod
    def _draw_arrow(surface: pygame.Surface, r: pygame.Rect) -> None:
        """A clue-blue arrow pointing down at the top of card `r` (touched by the last clue)."""
        a = max(8, r.w // 4)
        tip = (r.centerx, r.y + a)
        pts = [(tip[0] - a * 0.6, r.y - a * 0.3), (tip[0] + a * 0.6, r.y - a * 0.3), tip]
        pygame.draw.polygon(surface, (255, 255, 255), [(x, y + 2) for x, y in pts])
        pygame.draw.polygon(surface, theme.CLUE, pts)
        pygame.draw.polygon(surface, theme.CLUE_DARK, pts, 1)

    def _draw_centre(self, surface: pygame.Surface, board: Board, lay: TableLayout, hidden: set[int]) -> None:
        g = board.game
        fs = lay.font
        # deck
        if g.deck_count:
            for k in range(min(3, g.deck_count - 1), -1, -1):
                surface.blit(cards.card_back(lay.deck.w, lay.deck.h), lay.deck.move(-k * 2, -k * 2))
        else:
            surface.blit(cards.empty_slot(lay.deck.w, lay.deck.h, theme.TEXT_FAINT), lay.deck)
        theme.blit_text(surface, str(g.deck_count), round(lay.deck.h * 0.3), lay.deck.center, theme.TEXT,
                        bold=True, anchor="center", shadow=True)
        theme.blit_text(surface, "deck", max(11, fs - 3), (lay.deck.centerx, lay.deck.bottom - 4), theme.TEXT_DIM,
                        anchor="midbottom")
        # fireworks
        played_top: dict[int, int] = {}
        for o in g.played:
            if o not in hidden:
                played_top[g.deck[o].suit] = o
        for s, (suit, rect) in enumerate(zip(g.variant.suits, lay.fireworks, strict=True)):
            st = theme.suit_style(suit)
            tint = st.colour if suit.letter != "k" else (150, 140, 160)
            surface.blit(cards.empty_slot(rect.w, rect.h, tint), rect)
            top = played_top.get(s)
            if top is not None:
                c = g.deck[top]
                surface.blit(cards.card_face(suit.letter, c.rank, rect.w, rect.h, self.symbols), rect)
            else:
                cards.draw_symbol(surface, st.symbol, rect.inflate(-rect.w // 2, -rect.w // 2),
                                  theme.lerp_colour(tint, theme.FELT, 0.4))
            if g.fireworks[s] == 5:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), width=3, border_radius=rect.w // 8)

    def _draw_side(self, surface: pygame.Surface, board: Board, lay: TableLayout, hidden: set[int]) -> None:
        g = board.game
        fs = lay.font
        pad = lay.gap
        # status
        theme.draw_panel(surface, lay.status)
        score = f"Score {g.score} / {g.variant.max_score}"
        theme.blit_text(surface, score, round(fs * 1.25), (lay.status.x + pad + 2, lay.status.y + pad), theme.TEXT,
                        bold=True)
        if board.title:
            line = board.title
        elif g.over:
            line = f"Game over - {g.end_reason.value.replace('_', ' ') if g.end_reason else ''}"
        else:
            line = f"Turn {g.turn + 1}  ·  pace {g.pace}  ·  {g.names[g.current]} to act"
            if g.final_turns_left is not None:
                line += f"  ·  {g.final_turns_left} turns left"
        line = theme.fit_text(line, max(11, fs - 2), lay.status.w - 2 * pad)
        theme.blit_text(surface, line, max(11, fs - 2), (lay.status.x + pad + 2, lay.status.bottom - pad),
                        theme.TEXT_DIM, anchor="bottomleft")
        # tokens and errors
        theme.draw_panel(surface, lay.tokens)
        for i, r in enumerate(lay.token_slots):
            surface.blit(cards.clue_token(r.w, i < g.clue_tokens), r)
        for i, r in enumerate(lay.errors):
            surface.blit(cards.error_tile(r.w, r.h, i < g.strikes), r)
        txt = f"{g.clue_tokens} clue{'s' if g.clue_tokens != 1 else ''}  ·  {g.strikes}/3 errors"
        theme.blit_text(surface, txt, max(11, fs - 2), (lay.tokens.right - pad, lay.errors[0].centery),
                        theme.TEXT_DIM, anchor="midright")
        # bonus tiles
        if lay.bonus is not None and lay.bonus_pile is not None:
            theme.draw_panel(surface, lay.bonus)
            left = len(g.tiles)
            if left:
                surface.blit(cards.bonus_tile(lay.bonus_pile.w, lay.bonus_pile.h, None), lay.bonus_pile)
            theme.blit_text(surface, str(left), max(11, fs - 2), lay.bonus_pile.center, theme.TEXT, bold=True,
                            anchor="center", shadow=True)
            for t, r in zip(g.revealed_tiles, lay.bonus_revealed, strict=False):
                surface.blit(cards.bonus_tile(r.w, r.h, t.value), r)
                if g.pending is t:
                    pygame.draw.rect(surface, theme.ACCENT, r.inflate(4, 4), width=2, border_radius=4)
        # discard pile
        theme.draw_panel(surface, lay.discard)
        theme.blit_text(surface, "Discard pile", max(11, fs - 1), (lay.discard.x + pad, lay.discard.y + 3),
                        theme.TEXT_DIM)
        for s, (suit, row) in enumerate(zip(g.variant.suits, lay.discard_rows, strict=True)):
            st = theme.suit_style(suit)
            cards.draw_symbol(surface, st.symbol, pygame.Rect(row.x, row.y, row.h, row.h).inflate(-4, -4),
                              st.colour if suit.letter != "k" else (150, 140, 160))
            del s
        for o in g.discard_pile:
            if o in hidden:
                continue
            r = self.rects[o]
            c = g.deck[o]
            surface.blit(cards.card_face(g.variant.suits[c.suit].letter, c.rank, r.w, r.h, self.symbols), r)
        # log
        self._draw_log(surface, board, lay)

    def _draw_log(self, surface: pygame.Surface, board: Board, lay: TableLayout) -> None:
        r = lay.log
        if r.h < 30:
            return
        key = (len(board.log), board.log[-1] if board.log else None, r.size, self.log_scroll)
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = (key, self._render_log(board.log, r, lay))
        theme.draw_panel(surface, r)
        surface.blit(self._log_cache[1], r)

    def _render_log(self, log: list[tuple[str, str]], r: pygame.Rect, lay: TableLayout) -> pygame.Surface:
        fs = max(11, lay.font - 2)
        pad = lay.gap
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        theme.blit_text(surf, "Log", fs, (pad, 3), theme.TEXT_DIM)
        top = fs + 8
        width = r.w - 2 * pad
        y = r.h - pad
        entries = log[: len(log) - self.log_scroll] if self.log_scroll else log
        for i in range(len(entries) - 1, -1, -1):
            text, why = entries[i]
            parts = [theme.text(f"{i + 1}. {text}", fs, theme.TEXT, wrap=width)]
            if why:
                parts.append(theme.text(why, max(10, fs - 2), theme.TEXT_FAINT, wrap=width - 10))
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

    def card_at(self, pos: tuple[int, int], orders: list[int]) -> int | None:
        """The card among `orders` whose resting rect contains `pos` (topmost first)."""
        for o in reversed(orders):
            r = self.rects.get(o)
            if r is not None and r.collidepoint(pos):
                return o
        return None


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


SOUND_OF = {
    "CardPlayed": "play", "CardMisplayed": "misplay", "ClueGiven": "clue", "CardDiscarded": "card_slide",
    "FireworkCompleted": "firework", "CardReplayed": "play", "CardRecovered": "card_slide",
}


def animate(renderer: TableRenderer, anim: Animator, board: Board, size: tuple[int, int],
            old: dict[int, pygame.Rect], batches: list[tuple]) -> list[str]:
    """Start the animations of `batches` of events (one per action) that led to `board`; return sound names.

    `old` holds where each card rested before: every card an event names flies from there to its new place.
    When the table turned (hot seat: another seat is now at the bottom) only the cards events name move.
    """
    bottom = renderer.bottom
    lay = renderer.place(board, size)
    turned = renderer.bottom != bottom
    game = board.game
    deck = lay.deck
    moved: set[int] = set()
    delay = 0.0
    sounds: list[str] = []
    for events in batches:
        for ev in events:
            kind = type(ev).__name__
            if kind in SOUND_OF:
                sounds.append(SOUND_OF[kind])
            card = getattr(ev, "card", None)
            if kind == "CardDrawn":
                end = renderer.rects.get(card)
                if end is not None:
                    anim.fly(card, deck, end, 0.4, delay=delay + 0.2)
                    moved.add(card)
            elif card is not None:
                start, end = old.get(card, deck), renderer.rects.get(card, deck)
                anim.fly(card, start, end, 0.5, delay=delay, lift=0.5 if kind == "CardPlayed" else 0.15)
                moved.add(card)
            if kind == "CardMisplayed" and 0 < ev.strikes <= len(lay.errors):
                anim.flash(lay.errors[ev.strikes - 1], theme.ERROR, 0.9, delay + 0.3)
            elif kind == "ErrorTokenReturned":
                anim.flash(lay.errors[min(2, ev.strikes)], theme.GOOD, 0.8, delay)
            elif kind == "ClueGiven":
                for o in ev.touched:
                    if o in renderer.rects:
                        anim.flash(renderer.rects[o], theme.CLUE, 0.8, delay)
            elif kind == "FireworkCompleted":
                st = theme.suit_style(game.variant.suits[ev.suit])
                colours = theme.RAINBOW if st.symbol == "rainbow" else [st.colour, st.light, theme.ACCENT]
                anim.burst(lay.fireworks[ev.suit].center, colours, lay.scale)
            elif kind == "TileRevealed":
                i = len(game.revealed_tiles) - 1
                if 0 <= i < len(lay.bonus_revealed):
                    anim.flash(lay.bonus_revealed[i], theme.ACCENT, 0.9, delay)
        delay += 0.15
    # cards that merely shifted within a hand slide to their new slot
    for o, r in renderer.rects.items():
        if not turned and o not in moved and o in old and old[o] != r and o in renderer.hand_of:
            anim.fly(o, old[o], r, 0.3)
    return sounds


class TableScene(Scene):
    """A game in progress, played with the mouse (drag, click) or the keyboard, against bots or hot seat."""

    def __init__(self, app, session) -> None:  # noqa: ANN001 - AppContext, session.Session
        super().__init__(app)
        self.session = session
        settings = app.settings
        self.renderer = TableRenderer(settings.colour_blind_symbols, settings.card_scale)
        self.anim = Animator(settings.animation_speed)
        self.drag: Drag | None = None
        self.selected: int | None = None
        self.hover: tuple[int, int] = (-1, -1)
        self.message = ""
        self.message_colour = theme.TEXT
        self.message_ttl = 0.0
        self.seen = len(session.log)
        self.over_time = 0.0
        self.left = False
        self.pressed: tuple[str, int] | None = None  # an on-card button held down: ('play'|'discard', order)

    # -- state ------------------------------------------------------------------------------------------
    def board(self) -> Board:
        """The board as the table shows it now."""
        s = self.session
        return Board(s.game, s.viewer, [list(s.hand_order(p, s.viewer)) for p in range(s.players)],
                     tuple(s.is_bot(p) for p in range(s.players)),
                     [(e.text, e.explanation) for e in s.log],
                     last_clue=touched_by_last([s.log[-1].events] if s.log else []))

    @property
    def my_turn(self) -> bool:
        """Is it the turn of the seat whose eyes the table shows (a human)?"""
        s = self.session
        return not s.over and s.viewer is not None and s.current == s.viewer and not s.is_bot(s.current)

    def say(self, text: str, colour: theme.Colour = theme.TEXT, ttl: float = 4.0) -> None:
        """Show one line in the message strip for `ttl` seconds."""
        self.message, self.message_colour, self.message_ttl = text, colour, ttl

    def act(self, action) -> bool:  # noqa: ANN001 - engine Action
        """Submit `action` for the viewer; show the reason in words if it is refused."""
        s = self.session
        if not self.my_turn:
            who = s.names[s.current] if not s.over else ""
            self.say("The game is over." if s.over else f"Wait for your turn: {who} is playing.", theme.ERROR)
            return False
        reason = s.refusal(action)
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
        self.selected = None
        self.message_ttl = 0
        self.sync()
        return True

    def sync(self) -> None:
        """Animate and sound every log entry not seen yet."""
        log = self.session.log
        if len(log) <= self.seen:
            return
        old = dict(self.renderer.rects)
        drag = self.drag
        if drag is not None and drag.order in old:
            old[drag.order] = drag.rect(old[drag.order].size)
        new_entries = log[self.seen:]
        self.seen = len(log)
        sounds = animate(self.renderer, self.anim, self.board(), self.size, old, [e.events for e in new_entries])
        if drag is not None and drag.order not in self._own():  # the card left the hand: the drag is over
            self.drag = None
        if self.app.sound is not None:
            for name in dict.fromkeys(sounds):
                self.app.sound.play(name)
            if self.my_turn and new_entries[-1].seat != self.session.current:
                self.app.sound.play("your_turn")
        if self.session.viewer is not None and self.selected not in self.session.game.hands[self.session.viewer]:
            self.selected = None

    # -- scene hooks --------------------------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Take the player's settings: symbols, card size, animation speed, bot pace."""
        st = self.app.settings
        if (st.colour_blind_symbols, st.card_scale) != (self.renderer.symbols, self.renderer.card_scale):
            self.renderer.restyle(st.colour_blind_symbols, st.card_scale)
        self.anim.speed = st.animation_speed
        if st.bot_pace in self.session.PACES:
            self.session.pace = st.bot_pace

    def enter(self) -> None:
        self.apply_settings()
        lay = self.renderer.place(self.board(), self.size)
        if not self.session.log:  # a new game: deal the cards from the deck, one at a time around the table
            s = self.session
            k = 0
            for slot in range(s.game.hand_size):
                for seat in range(s.players):
                    order = list(s.hand_order(seat))
                    if slot < len(order) and order[slot] in self.renderer.rects:
                        self.anim.fly(order[slot], lay.deck, self.renderer.rects[order[slot]], 0.35, delay=k * 0.05)
                        k += 1

    def resume(self) -> None:
        self.apply_settings()
        self.sync()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.anim.finish()
        self.drag = None
        self.renderer.place(self.board(), self.size)

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.message_ttl = max(0.0, self.message_ttl - dt)
        s = self.session
        if not s.over:
            s.update(dt)
        self.sync()
        if s.over:
            self.over_time += dt
            if not self.left and (self.over_time > 1.2 and not self.anim.busy or self.over_time > 4):
                self._finish()
        elif self.app.stack.top is self and s.needs_curtain() and not (self.anim.busy and s.log):  # see a move land
            self._curtain()

    def _curtain(self) -> None:
        try:
            from hanabi_desktop.ui.scenes.curtain import CurtainScene
        except ImportError:
            self.session.acknowledge_curtain()
            return
        self.drag = None
        self.selected = None
        self.app.stack.push(CurtainScene(self.app, self.session))

    def _finish(self) -> None:
        self.left = True
        try:
            from hanabi_desktop.ui.scenes.results import ResultsScene
        except ImportError:
            r = self.session.game
            self.say(f"Game over: {r.score} / {r.variant.max_score}.", theme.ACCENT, 1e9)
            return
        if self.app.stack.top is self:
            self.app.stack.replace(ResultsScene(self.app, self.session))

    def leave(self) -> None:
        """Back to the screen below (the game is autosaved by the session)."""
        self.app.stack.pop(self)

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        lay = self.renderer.lay
        if lay is None:
            return False
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
                else:
                    self.say("Use the Menu button (top right) to leave the game; it is saved.", theme.TEXT_DIM)
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
        own = self._own()
        order = self.renderer.card_at(pos, own)
        if order is not None:
            if self.my_turn and s.game.pending is None:
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
        pending = s.game.pending
        if self.my_turn and pending in (Tile.RECOVER, Tile.REPLAY):
            o = self.renderer.card_at(pos, list(s.game.discard_pile))
            if o is not None:
                action = Recover(o) if pending is Tile.RECOVER and s.refusal(Recover(o)) is None else Replay(o)
                self.act(action)
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
                    self.open_chooser(seat)
                return True
            if self.renderer.hand_layout(seat, s.game).plate.collidepoint(pos):
                self.open_chooser(seat)
                return True
        return False

    def _spot_clue(self, seat: int, order: int, pos: tuple[int, int]):  # noqa: ANN202 - Clue | None
        g = self.session.game
        colour_r, rank_r = mate_spots(self.renderer.rects[order])
        c = g.deck[order]
        if rank_r.collidepoint(pos):
            return RankClue(seat, c.rank)
        suit = g.variant.suits[c.suit]
        if colour_r.collidepoint(pos) and suit.colour_clues is ColourClues.NAMED:
            return ColourClue(seat, g.variant.clue_colours.index(c.suit))
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
        own_area = self.renderer.hand_layout(self.session.viewer, self.session.game).area.inflate(0, lay.gap * 4)
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
        slots = self.renderer.hand_layout(s.viewer, s.game).cards[:len(own)]
        index = min(range(len(slots)), key=lambda i: abs(slots[i].centerx - pos[0]))
        before = dict(self.renderer.rects)
        before[drag.order] = drag.rect(before[drag.order].size)
        s.reorder(s.viewer, drag.order, index)
        self.renderer.place(self.board(), self.size)
        for o in self._own():
            if before.get(o) != self.renderer.rects.get(o):
                self.anim.fly(o, before[o], self.renderer.rects[o], 0.25)

    def _key(self, intent: KeyPress) -> bool:
        if pygame.K_1 <= intent.key <= pygame.K_9:  # the game's slot numbers, as the log and the labels say
            i = intent.key - pygame.K_1
            v = self.session.viewer
            hand = self.session.game.hands[v] if v is not None else []
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
            from hanabi_desktop.ui.scenes.rules import RulesScene

            self.drag = None
            self.app.stack.push(RulesScene(self.app, self.session.game.variant))
            return True
        if intent.key == pygame.K_c and self.my_turn:
            s = self.session
            self.open_chooser((s.current + 1) % s.players)
            return True
        return False

    def open_chooser(self, seat: int) -> None:
        """Open the clue chooser for teammate `seat` (if it is the viewer's turn)."""
        if not self.my_turn:
            self.say(f"Wait for your turn: {self.session.names[self.session.current]} is playing.", theme.ERROR)
            return
        from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser

        chooser = ClueChooser(self.app, self, seat)
        if not chooser.options:
            self.say(f"No clue can be given to {self.session.names[seat]} now.", theme.ERROR)
            return
        self.app.stack.push(chooser)

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, highlight: set[int] | None = None, dim: set[int] | None = None) -> None:
        board = self.board()
        skip = {self.drag.order} if self.drag is not None and self.drag.moved else set()
        self.renderer.draw(surface, board, anim=self.anim, skip=skip, highlight=highlight, dim=dim,
                           controls=lambda surf: self._draw_controls(surf, board))
        if self.drag is not None and self.drag.moved:
            rest = self.renderer.rects.get(self.drag.order)
            if rest is not None:
                r = self.drag.rect(rest.size)
                self._draw_drop_hints(surface, r)
                theme.draw_shadow(surface, r, max(3, r.w // 9), blur=12, offset=(0, 10))
                self.renderer.draw_card(surface, board, self.drag.order, r)
        self._draw_tooltip(surface, board)

    def _draw_controls(self, surface: pygame.Surface, board: Board) -> None:
        lay = self.renderer.lay
        assert lay is not None
        s = self.session
        g = s.game
        fs = lay.font
        # menu button
        pygame.draw.rect(surface, theme.BUTTON_HOVER if lay.menu.collidepoint(self.hover) else theme.BUTTON,
                         lay.menu, border_radius=lay.menu.h // 3)
        theme.blit_text(surface, "Menu", max(11, fs - 2), lay.menu.center, theme.TEXT, bold=True, anchor="center")
        if self.selected is not None and self.selected in self.renderer.rects:
            r = self.renderer.rects[self.selected]
            pygame.draw.rect(surface, theme.ACCENT, r.inflate(8, 8), width=3, border_radius=r.w // 7)
        if self.my_turn and (self.drag is None or not self.drag.moved):
            skip = self.anim.in_flight()
            if g.pending is None:
                for o in self._own():
                    if o in self.renderer.rects and o not in skip:
                        self._draw_own_buttons(surface, self.renderer.rects[o], fs, g.clue_tokens < 8)
            for seat in range(s.players):
                if seat == s.viewer:
                    continue
                for o in s.hand_order(seat, s.viewer):
                    if o in self.renderer.rects and o not in skip:
                        self._draw_spots(surface, g, o, self.renderer.rects[o], fs)
        # message strip
        text, colour = self._message_text()
        if text:
            theme.blit_text(surface, theme.fit_text(text, fs, lay.message.w - 8), fs, lay.message.center, colour,
                            anchor="center", shadow=True)

    def _message_text(self) -> tuple[str, theme.Colour]:
        s = self.session
        if self.message_ttl > 0 and self.message:
            return self.message, self.message_colour
        if s.over:
            return "Game over.", theme.ACCENT
        if s.viewer is None:
            return "Spectating: every hand is shown face up.", theme.TEXT_DIM
        if not self.my_turn:
            return f"{s.names[s.current]} is thinking…", theme.TEXT_DIM
        pending = s.game.pending
        if pending is not None:
            where = {Tile.RECOVER: "click a card in the discard pile", Tile.REPLAY: "click a card in the discard pile"}
            how = where.get(pending, "click a teammate's hand to choose the clue")
            return f"Bonus tile: {pending.text} - {how}.", theme.ACCENT
        own = self._own()
        if self.selected in own:
            return (f"Slot {s.slot_of(self.selected)} selected: P to play, D to discard, Esc to cancel.",
                    theme.ACCENT)
        return ("Your turn: drag a card to the fireworks or the discard pile, or click a teammate to clue "
                "(keys: 1-5, P, D, C; H rules).", theme.ACCENT)

    @staticmethod
    def _draw_own_buttons(surface: pygame.Surface, r: pygame.Rect, fs: int, can_discard: bool) -> None:
        play_r, disc_r = own_buttons(r)
        size = max(9, min(fs - 3, play_r.h - 4))
        pygame.draw.rect(surface, (30, 110, 60), play_r, border_radius=play_r.h // 3)
        theme.blit_text(surface, "Play", size, play_r.center, (240, 255, 240), bold=True, anchor="center")
        pygame.draw.rect(surface, (120, 40, 36) if can_discard else theme.DISABLED, disc_r, border_radius=disc_r.h // 3)
        theme.blit_text(surface, "Disc.", size, disc_r.center, (255, 235, 230) if can_discard else theme.TEXT_FAINT,
                        bold=True, anchor="center")

    def _draw_spots(self, surface: pygame.Surface, g: Game, order: int, r: pygame.Rect, fs: int) -> None:
        colour_r, rank_r = mate_spots(r)
        c = g.deck[order]
        suit = g.variant.suits[c.suit]
        if suit.colour_clues is ColourClues.NAMED and g.pending in (None, Tile.FREE_COLOUR_CLUE):
            st = theme.suit_style(suit)
            pygame.draw.circle(surface, (0, 0, 0), colour_r.center, colour_r.w // 2 + 1)
            pygame.draw.circle(surface, st.colour, colour_r.center, colour_r.w // 2)
            pygame.draw.circle(surface, (255, 255, 255), colour_r.center, colour_r.w // 2, 1)
        if g.pending in (None, Tile.FREE_RANK_CLUE):
            pygame.draw.circle(surface, (0, 0, 0), rank_r.center, rank_r.w // 2 + 1)
            pygame.draw.circle(surface, (245, 245, 245), rank_r.center, rank_r.w // 2)
            theme.blit_text(surface, str(c.rank), max(9, round(rank_r.h * 0.8)), rank_r.center, (20, 20, 30),
                            bold=True, anchor="center")

    def _draw_drop_hints(self, surface: pygame.Surface, card: pygame.Rect) -> None:
        lay = self.renderer.lay
        assert lay is not None
        c = card.center
        for zone, label in ((lay.play_zone, "Play"), (lay.discard_zone, "Discard")):
            over = zone.collidepoint(c)
            pygame.draw.rect(surface, theme.ACCENT if over else theme.TEXT_DIM, zone, width=3 if over else 1,
                             border_radius=8)
            if over:
                theme.blit_text(surface, label, lay.font, (zone.centerx, zone.y - 2), theme.ACCENT, bold=True,
                                anchor="midbottom", shadow=True)

    def _draw_tooltip(self, surface: pygame.Surface, board: Board) -> None:
        if self.drag is not None and self.drag.moved:
            return
        g = board.game
        order = self.renderer.card_at(self.hover, list(self.renderer.hand_of))
        if order is None:
            return
        lines = clue_lines(g, order)
        if not lines:
            return
        holder = self.renderer.hand_of[order]
        if self.renderer.face_up(board, order) and holder != board.viewer:
            lines.append(holder_line(g, order, holder))
        lay = self.renderer.lay
        assert lay is not None
        draw_tooltip(surface, lay.font, self.hover, [("Clues on this card:", lines[-8:])])
