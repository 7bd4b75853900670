"""Where everything on the table goes: a pure function from window size and game shape to rectangles.

`layout(size, players, n_suits, hand_size, flamboyants)` returns a `TableLayout`. The main area (left) holds
the other players' hands in a grid at the top, the centre row (deck and fireworks, with a message strip under
it) and the viewer's own hand at the bottom; the side column (right) holds the status panel, the clue tokens and
error tiles, the bonus tiles (5 Flamboyants), the discard pile (one row per suit) and the action log. Card
size is the largest that fits, capped by the design size times `card_scale`, so nothing ever overlaps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from hanabi_desktop.ui.art.theme import ui_scale

CARD_RATIO = 1.4  # card height / width
OWN_FACTOR = 1.15  # the viewer's own cards are drawn a little larger
DESIGN_CARD_W = 104  # card width in design pixels (1600x900) at card_scale 1
DECK_STACK = 6  # the deck is drawn as a few backs offset up and to the left by up to this many pixels
MSG_LINES = 2.4  # the message strip holds two lines of a slightly smaller text (a long prompt wraps, never cut)


def down_arrow(rect: pygame.Rect) -> tuple[int, int, int]:
    """Where the small arrow beside a descending firework goes: (x of its shaft, top, its size `a`); it spans
    x - a .. x + a at most."""
    a = _arrow_size(rect.w)
    return rect.right + a + 2, rect.y + a, a


def _arrow_size(card_w: float) -> int:
    return max(6, int(card_w) // 7)


def clue_arrow_room(scale: float) -> int:
    """The height kept free between a hand's name plate and its cards for the last clue's arrows: they point
    at the cards there, never over the player's name."""
    return max(9, round(13 * scale))


@dataclass
class HandLayout:
    """One hand: its name plate, its card slots (slot 1 first) and the rectangle around both."""

    plate: pygame.Rect
    cards: list[pygame.Rect]
    area: pygame.Rect


@dataclass
class TableLayout:
    """Every rectangle of the table scene for one window size (see the module docstring)."""

    size: tuple[int, int]
    main: pygame.Rect  # the table's area (hands, centre row, message); the side column is right of it
    scale: float  # ui_scale of the window: design pixels to real ones
    card: tuple[int, int]  # size of a card in a teammate's hand and on the fireworks
    own_card: tuple[int, int]  # size of a card in the viewer's hand
    gap: int
    hands: list[HandLayout]  # by table position: 0 = the viewer (bottom), then the others in seat order
    deck: pygame.Rect
    fireworks: list[pygame.Rect]
    message: pygame.Rect  # one line of text under the centre row (refusals, prompts)
    status: pygame.Rect  # score / turn / pace panel
    menu: pygame.Rect  # the menu button, inside `status`
    tokens: pygame.Rect  # clue tokens and error tiles panel
    token_slots: list[pygame.Rect]  # 8 clue tokens
    errors: list[pygame.Rect]  # 3 error tiles
    bonus: pygame.Rect | None  # 5 Flamboyants panel (None when the option is off)
    bonus_pile: pygame.Rect | None
    bonus_revealed: list[pygame.Rect] = field(default_factory=list)
    discard: pygame.Rect = field(default_factory=pygame.Rect)
    discard_rows: list[pygame.Rect] = field(default_factory=list)  # one per suit
    log: pygame.Rect = field(default_factory=pygame.Rect)
    arrow_room: int = 9  # the band between each name plate and its cards, for the last clue's arrows

    @property
    def play_zone(self) -> pygame.Rect:
        """Where dropping a card means 'play it': the fireworks row, generously padded."""
        zone = self.fireworks[0].unionall(self.fireworks[1:])
        return zone.inflate(self.gap * 2, self.gap * 2)

    @property
    def discard_zone(self) -> pygame.Rect:
        """Where dropping a card means 'discard it': the discard panel."""
        return self.discard

    @property
    def font(self) -> int:
        """Body text size in pixels."""
        return max(12, round(17 * self.scale))

    def regions(self) -> dict[str, pygame.Rect]:
        """The top-level rectangles, which never overlap each other (tests check this)."""
        out = {f"hand{i}": h.area for i, h in enumerate(self.hands)}
        out.update(centre=self.deck.unionall(self.fireworks), message=self.message, status=self.status,
                   tokens=self.tokens, discard=self.discard, log=self.log)
        if self.bonus is not None:
            out["bonus"] = self.bonus
        return out


def _hand(x: float, y: float, width: float, n: int, cw: int, ch: int, plate_h: int, room: int) -> HandLayout:
    """A hand of `n` cards centred in the column starting at `x` of width `width`, its plate at `y`, its cards
    `room` below the plate."""
    cg = max(3, round(cw * 0.08))
    hand_w = n * cw + (n - 1) * cg
    left = round(x + (width - hand_w) / 2)
    plate = pygame.Rect(left, round(y), hand_w, plate_h)
    cards = [pygame.Rect(left + i * (cw + cg), plate.bottom + room, cw, ch) for i in range(n)]
    return HandLayout(plate, cards, plate.union(cards[-1]).union(cards[0]))


def _centre_gap(cw: float, g: int) -> int:
    """The gap between the cards of the centre row."""
    return max(g, round(cw * 0.18))


def _centre_card_w(width: int, n_suits: int, g: int) -> float:
    """The widest card for which the centre row fits `width`: the deck's stacked backs, the deck, two gaps,
    the fireworks with a gap after each (the last one holds a descending firework's arrow)."""
    room = width - DECK_STACK - 2  # rounding of the row's centring
    cw = room / ((n_suits + 1) * 1.18) - 1
    while cw > 12 and _centre_row_w(math.floor(cw), n_suits, g) > room:
        cw -= 1
    return cw


def _centre_row_w(cw: int, n_suits: int, g: int) -> int:
    """The centre row's width: deck, a double gap, the fireworks, room for the last one's arrow."""
    sg = _centre_gap(cw, g)
    return (n_suits + 1) * cw + (n_suits + 1) * sg + 2 * _arrow_size(cw) + 2


def layout(size: tuple[int, int], players: int, n_suits: int, hand_size: int, flamboyants: bool = False,
           card_scale: float = 1.0, window: tuple[int, int] | None = None) -> TableLayout:
    """The table's rectangles for a window of `size` (see the module docstring); `window` is the whole window
    when the table gets only part of it (the replay's panel takes the rest): text and margins are then sized
    for the window, as the table screen's are at that size, and the cards take what is left."""
    W, H = max(320, int(size[0])), max(240, int(size[1]))
    us = ui_scale(window or (W, H))
    m = max(6, round(12 * us))
    g = max(4, round(8 * us))
    plate_h = max(18, round(24 * us))
    room = clue_arrow_room(us)
    lead = plate_h + room  # a hand's plate and the arrows' band above its cards
    msg_h = max(26, round(32 * us), round(MSG_LINES * max(12, round(17 * us))))
    side_w = max(250, min(460, round(W * 0.24)))
    main = pygame.Rect(m, m, W - 3 * m - side_w, H - 2 * m)
    side = pygame.Rect(main.right + m, m, side_w, H - 2 * m)
    n_others = players - 1

    # -- card size: the largest that fits every constraint, for the best grid of the other hands --------
    cap = DESIGN_CARD_W * us * max(0.5, min(1.6, card_scale))
    best: tuple[float, int] = (0.0, 1)
    for cols in (1, 2) if n_others > 1 else (1,):
        rows = math.ceil(n_others / cols)
        fixed_h = rows * (lead + g) + msg_h + 2 * g + lead + g
        ch = (main.h - fixed_h) / (rows + 1 + OWN_FACTOR)
        col_w = (main.w - (cols - 1) * 2 * g) / cols
        per_hand = hand_size + (hand_size - 1) * 0.08
        cw = min(ch / CARD_RATIO, col_w / per_hand, _centre_card_w(main.w, n_suits, g),
                 main.w / (per_hand * OWN_FACTOR), cap)
        if cw > best[0]:
            best = (cw, cols)
    cw_f, cols = best
    cw = max(12, math.floor(cw_f))
    ch = math.floor(cw * CARD_RATIO)
    ocw, och = math.floor(cw * OWN_FACTOR), math.floor(cw * OWN_FACTOR * CARD_RATIO)
    rows = math.ceil(n_others / cols)

    # -- vertical rhythm: spread the spare height evenly between the bands --------------------------------
    used = rows * (lead + ch) + (ch + msg_h) + (lead + och)
    bands = rows + 2
    spare = max(0, main.h - used)
    step = spare / (bands + 1)
    y = main.y + step * 0.5
    hands: list[HandLayout] = []
    col_w = (main.w - (cols - 1) * 2 * g) / cols
    for _row in range(rows):
        for c in range(cols):
            if len(hands) == n_others:
                break
            x = main.x + c * (col_w + 2 * g)
            hands.append(_hand(x, y, col_w, hand_size, cw, ch, plate_h, room))
        y += lead + ch + step
    # centre row: deck then the fireworks (see `_centre_card_w` for its width)
    sg = _centre_gap(cw, g)
    row_w = _centre_row_w(cw, n_suits, g)
    x0 = round(main.centerx - (row_w + DECK_STACK) / 2) + DECK_STACK
    deck = pygame.Rect(x0, round(y), cw, ch)
    fireworks = [pygame.Rect(x0 + cw + 2 * sg + i * (cw + sg), round(y), cw, ch) for i in range(n_suits)]
    message = pygame.Rect(main.x, deck.bottom + 1, main.w, msg_h)
    y = message.bottom + step
    own = _hand(main.x, y, main.w, hand_size, ocw, och, plate_h, room)
    if own.area.bottom > main.bottom:  # rounding: pin the own hand to the bottom edge
        own = _hand(main.x, main.bottom - own.area.h, main.w, hand_size, ocw, och, plate_h, room)
    hands.insert(0, own)

    # -- side column ---------------------------------------------------------------------------------------
    pad = g
    status = pygame.Rect(side.x, side.y, side.w, max(52, round(72 * us)))
    menu_h = max(22, round(status.h * 0.42))
    menu = pygame.Rect(status.right - pad - round(menu_h * 2.6), status.y + pad, round(menu_h * 2.6), menu_h)
    y = status.bottom + g
    td = max(16, min(round(28 * us), (side.w - 2 * pad - 7 * 4) // 8))
    err_h = max(18, round(td * 1.05))
    tokens = pygame.Rect(side.x, y, side.w, pad + td + g + err_h + pad)
    tg = (side.w - 2 * pad - 8 * td) / 7
    token_slots = [pygame.Rect(round(side.x + pad + i * (td + tg)), y + pad, td, td) for i in range(8)]
    ew = round(err_h * 0.85)
    errors = [pygame.Rect(side.x + pad + i * (ew + g), y + pad + td + g, ew, err_h) for i in range(3)]
    y = tokens.bottom + g
    bonus = bonus_pile = None
    revealed: list[pygame.Rect] = []
    if flamboyants:
        tw = min(round(52 * us), (side.w - 2 * pad - 7 * g) // 7)
        th = round(tw * 1.1)
        bonus = pygame.Rect(side.x, y, side.w, pad + th + pad)
        bonus_pile = pygame.Rect(side.x + pad, y + pad, tw, th)
        revealed = [pygame.Rect(bonus_pile.right + 2 * g + i * (tw + g), y + pad, tw, th) for i in range(6)]
        y = bonus.bottom + g
    row_h = max(18, round(30 * us))
    log_min = max(110, round(150 * us))
    while row_h > 16 and side.bottom - (y + plate_h + n_suits * row_h + pad + g) < log_min:
        row_h -= 1
    discard = pygame.Rect(side.x, y, side.w, plate_h + n_suits * row_h + pad)
    discard_rows = [pygame.Rect(side.x + pad, y + plate_h + i * row_h, side.w - 2 * pad, row_h - 2)
                    for i in range(n_suits)]
    log = pygame.Rect(side.x, discard.bottom + g, side.w, max(0, side.bottom - discard.bottom - g))
    return TableLayout(
        size=(W, H), main=main, scale=us, card=(cw, ch), own_card=(ocw, och), gap=g, hands=hands, deck=deck,
        fireworks=fireworks, message=message, status=status, menu=menu, tokens=tokens, token_slots=token_slots,
        errors=errors, bonus=bonus, bonus_pile=bonus_pile, bonus_revealed=revealed, discard=discard,
        discard_rows=discard_rows, log=log, arrow_room=room,
    )
