"""Card, token and tile art, drawn with vector shapes at the exact pixel size asked for and cached per size.

Nothing is a scaled bitmap: every surface is drawn for its size (shapes supersampled 2x for smooth edges), so
cards are crisp at any window size. Call the functions every frame; they return cached surfaces.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from hanabi_desktop.engine.cards import bit, identity_of
from hanabi_desktop.i18n import N_, _, current_language
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.art.theme import RAINBOW, SUIT_STYLES, Colour, SuitStyle

BACK = (34, 44, 78)
BACK_DARK = (18, 24, 46)
BACK_LINE = (92, 112, 170)
CARD_EDGE = (20, 20, 24)
PIP_OFF = (70, 78, 96)


def _radius(w: int) -> int:
    return max(3, w // 9)


# -- symbols ------------------------------------------------------------------------------------------------
def _star_points(cx: float, cy: float, r: float, inner: float = 0.45, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(n * 2):
        rad = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


def _draw_symbol_raw(surf: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    """Draw symbol `name` filling `rect` on an SRCALPHA surface (no antialiasing; callers supersample)."""
    cx, cy = rect.center
    r = min(rect.w, rect.h) / 2
    if name == "heart":
        k = r * 0.52
        pygame.draw.circle(surf, colour, (cx - k * 0.95, cy - r * 0.25), k)
        pygame.draw.circle(surf, colour, (cx + k * 0.95, cy - r * 0.25), k)
        pygame.draw.polygon(surf, colour, [(cx - r * 0.98, cy - r * 0.1), (cx + r * 0.98, cy - r * 0.1),
                                           (cx, cy + r * 0.92)])
    elif name == "star":
        pygame.draw.polygon(surf, colour, _star_points(cx, cy + r * 0.08, r))
    elif name == "leaf":
        pts = []
        for i in range(33):
            t = i / 32 * math.pi
            pts.append((cx - r * math.cos(t) * 0.95, cy - r * 0.55 * math.sin(t)))
        for i in range(33):
            t = i / 32 * math.pi
            pts.append((cx + r * math.cos(t) * 0.95, cy + r * 0.55 * math.sin(t)))
        rot = [(cx + (x - cx) * 0.707 - (y - cy) * 0.707, cy + (x - cx) * 0.707 + (y - cy) * 0.707) for x, y in pts]
        pygame.draw.polygon(surf, colour, rot)
    elif name == "drop":
        pygame.draw.circle(surf, colour, (cx, cy + r * 0.3), r * 0.62)
        pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx - r * 0.6, cy + r * 0.2), (cx + r * 0.6, cy + r * 0.2)])
    elif name == "moon":
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.9)
        pygame.draw.circle(surf, (0, 0, 0, 0), (cx + r * 0.42, cy - r * 0.22), r * 0.72)
    elif name == "rainbow":
        width = max(1, round(r * 0.2))
        for i, col in enumerate(RAINBOW[:5]):
            rr = r - i * width * 0.95
            arc = pygame.Rect(0, 0, rr * 2, rr * 2)
            arc.center = (cx, cy + r * 0.45)
            pygame.draw.arc(surf, col, arc, 0, math.pi, width)
    elif name == "bomb":
        pygame.draw.circle(surf, colour, (cx - r * 0.1, cy + r * 0.15), r * 0.72)
        pygame.draw.line(surf, colour, (cx + r * 0.3, cy - r * 0.35), (cx + r * 0.6, cy - r * 0.7), max(1, round(r * 0.16)))
        pygame.draw.polygon(surf, (255, 170, 60), _star_points(cx + r * 0.68, cy - r * 0.78, r * 0.3, 0.4, 4))
    else:
        pygame.draw.circle(surf, colour, (cx, cy), r * 0.8)


@lru_cache(maxsize=512)
def symbol(name: str, size: int, colour: Colour) -> pygame.Surface:
    """Suit symbol `name` ('heart', 'star', 'leaf', 'drop', 'moon', 'rainbow', 'bomb') as a size x size surface."""
    size = max(2, int(size))
    big = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    _draw_symbol_raw(big, name, big.get_rect(), colour)
    return pygame.transform.smoothscale(big, (size, size))


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    """Blit suit symbol `name` centred in `rect` in `colour`."""
    s = min(rect.w, rect.h)
    surface.blit(symbol(name, s, colour), symbol(name, s, colour).get_rect(center=rect.center))


# -- faces ------------------------------------------------------------------------------------------------------
def _apply_round_mask(surf: pygame.Surface, radius: int) -> pygame.Surface:
    w, h = surf.get_size()
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _vertical_gradient(w: int, h: int, top: Colour, bottom: Colour) -> pygame.Surface:
    g = pygame.Surface((1, max(2, h)))
    for y in range(g.get_height()):
        g.set_at((0, y), theme.lerp_colour(top, bottom, y / (g.get_height() - 1)))
    return pygame.transform.smoothscale(g, (w, h))


def _rainbow_fill(w: int, h: int) -> pygame.Surface:
    g = pygame.Surface((len(RAINBOW), 1))
    for i, c in enumerate(RAINBOW):
        g.set_at((i, 0), theme.lerp_colour(c, (255, 255, 255), 0.12))
    diag = pygame.transform.smoothscale(g, (w + h, 1))
    out = pygame.Surface((w, h))
    for y in range(h):  # a diagonal gradient: shift the strip one pixel per row
        out.blit(diag, (-y // 2, y), (0, 0, w + h, 1))
    return out


def style_of(letter: str) -> SuitStyle:
    """The `SuitStyle` of a suit letter."""
    return SUIT_STYLES.get(letter, SUIT_STYLES["w"])


@lru_cache(maxsize=1024)
def card_face(letter: str, rank: int, w: int, h: int, symbols: bool = True) -> pygame.Surface:
    """The face of card (suit `letter`, `rank`) at w x h: suit colour, large numeral, corner index, symbol."""
    w, h = max(8, int(w)), max(10, int(h))
    st = style_of(letter)
    radius = _radius(w)
    if st.symbol == "rainbow":
        body = _rainbow_fill(w, h)
    elif letter == "k":
        body = _vertical_gradient(w, h, (64, 60, 70), (10, 10, 14))
    else:
        body = _vertical_gradient(w, h, st.light, st.colour)
    surf = _apply_round_mask(body.convert_alpha() if pygame.display.get_surface() else body, radius)
    ink = st.ink
    shadow_ink = (0, 0, 0) if sum(ink) > 380 else (255, 255, 255)
    # Inner frame: black gets an orange frame so it never reads as a card back.
    frame = (255, 150, 40) if letter == "k" else st.dark
    pygame.draw.rect(surf, frame, (0, 0, w, h), width=max(1, w // 28), border_radius=radius)
    if st.symbol == "rainbow":
        pygame.draw.rect(surf, (255, 255, 255), (2, 2, w - 4, h - 4), width=1, border_radius=max(2, radius - 2))
    big = max(8, round(h * (0.42 if h >= 60 else 0.62)))
    cy = h * (0.42 if symbols and h >= 44 else 0.5)
    surf.blit(theme.numeral(str(rank), big, shadow_ink),
              theme.numeral(str(rank), big, shadow_ink).get_rect(center=(w / 2 + 1, cy + 1)))
    surf.blit(theme.numeral(str(rank), big, ink), theme.numeral(str(rank), big, ink).get_rect(center=(w / 2, cy)))
    if h >= 44:
        corner = max(8, round(h * 0.16))
        surf.blit(theme.numeral(str(rank), corner, ink), (max(2, w // 12), max(1, h // 30)))
        if symbols:
            s = max(6, round(w * 0.32))
            sym_col = ink if st.symbol != "rainbow" else (255, 255, 255)
            draw_symbol(surf, st.symbol, pygame.Rect(w / 2 - s / 2, h * 0.68, s, s), sym_col)
            cs = max(5, round(corner * 0.8))
            draw_symbol(surf, st.symbol, pygame.Rect(w - cs - max(2, w // 12), max(2, h // 24), cs, cs), sym_col)
    elif symbols:
        cs = max(5, round(h * 0.3))
        draw_symbol(surf, st.symbol, pygame.Rect(w - cs - 1, 1, cs, cs), ink)
    return surf


@lru_cache(maxsize=64)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a card at w x h: deep blue with a gold firework burst."""
    w, h = max(8, int(w)), max(10, int(h))
    radius = _radius(w)
    surf = _apply_round_mask(_vertical_gradient(w, h, BACK, BACK_DARK).convert_alpha()
                             if pygame.display.get_surface() else _vertical_gradient(w, h, BACK, BACK_DARK), radius)
    pygame.draw.rect(surf, BACK_LINE, (0, 0, w, h), width=1, border_radius=radius)
    inset = max(2, w // 10)
    pygame.draw.rect(surf, (*BACK_LINE, 120), (inset, inset, w - 2 * inset, h - 2 * inset), width=1,
                     border_radius=max(2, radius - inset // 2))
    cx, cy, r = w / 2, h / 2, min(w, h) * 0.28
    for i in range(12):
        a = i * math.pi / 6
        pygame.draw.line(surf, (*theme.ACCENT_DARK, 200), (cx + math.cos(a) * r * 0.3, cy + math.sin(a) * r * 0.3),
                         (cx + math.cos(a) * r, cy + math.sin(a) * r), max(1, w // 40))
    pygame.draw.circle(surf, theme.ACCENT_DARK, (cx, cy), max(1, r * 0.18))
    return surf


@lru_cache(maxsize=2048)
def hidden_card(w: int, h: int, letters: tuple[str, ...], possible: int, told_colours: tuple[str, ...],
                told_ranks: tuple[int, ...], symbols: bool = True) -> pygame.Surface:
    """A card whose face its viewer cannot see: the back, the clues it received, and its possible identities.

    `possible` is an identity bit mask (suit * 5 + rank - 1) over the suits `letters`; it is drawn as a pip
    grid (one row per suit, one column per rank). `told_colours` / `told_ranks`: the clues that touched it.
    A card narrowed to one identity shows that identity's face, dimmed, instead of the pips.
    """
    surf = card_back(w, h).copy()
    n = len(letters)
    idents = [i for i in range(n * 5) if possible >> i & 1]
    if len(idents) == 1:
        s, r = divmod(idents[0], 5)
        face = card_face(letters[s], r + 1, w, h, symbols).copy()
        face.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(face, (0, 0))
    elif h >= 40:
        grid = pygame.Rect(max(2, w // 10), int(h * 0.25), w - 2 * max(2, w // 10), int(h * 0.5))
        cell_w, cell_h = grid.w / 5, grid.h / max(1, n)
        dot = max(1.2, min(cell_w, cell_h) * 0.34)
        backing = grid.inflate(max(2, w // 20), max(2, w // 20))
        pygame.draw.rect(surf, (8, 12, 26, 215), backing, border_radius=max(2, w // 14))
        for s, letter in enumerate(letters):
            st = style_of(letter)
            col = (150, 140, 160) if letter == "k" else st.colour
            for r in range(5):
                on = possible & bit(identity_of(s, r + 1))
                c = (grid.x + (r + 0.5) * cell_w, grid.y + (s + 0.5) * cell_h)
                if on and st.symbol == "rainbow":  # the rainbow card's own colours, not one that reads as a suit
                    spot = rainbow_dot(max(3, round(dot * 2)))
                    surf.blit(spot, spot.get_rect(center=(round(c[0]), round(c[1]))))
                elif on:
                    pygame.draw.circle(surf, col, c, dot)
                else:
                    pygame.draw.circle(surf, PIP_OFF, c, max(1, dot * 0.35))
    _draw_clue_marks(surf, w, h, told_colours, told_ranks, symbols)
    return surf


def _draw_clue_marks(surf: pygame.Surface, w: int, h: int, colours: tuple[str, ...], ranks: tuple[int, ...],
                     symbols: bool, top: float = 0.0) -> None:
    """Chips in a row for each colour and rank the card was told, `top` (a fraction of h) from its top."""
    if not colours and not ranks:
        return
    chip = max(8, min(w // 3, round(h * 0.2)))
    n = len(colours) + len(ranks)
    if n * (chip + 1) > w - 4:
        chip = max(6, (w - 4) // n - 1)
    x, y = max(2, w // 14), max(2, h // 28) + round(top * h)
    for letter in colours:
        st = style_of(letter)
        rect = pygame.Rect(x, y, chip, chip)
        pygame.draw.rect(surf, st.colour, rect, border_radius=chip // 3)
        pygame.draw.rect(surf, (255, 255, 255), rect, width=1, border_radius=chip // 3)
        if symbols:
            draw_symbol(surf, st.symbol, rect.inflate(-chip // 3, -chip // 3), st.ink)
        x += chip + 1
    for rank in ranks:
        rect = pygame.Rect(x, y, chip, chip)
        pygame.draw.rect(surf, (245, 245, 245), rect, border_radius=chip // 3)
        lbl = theme.numeral(str(rank), max(7, round(chip * 0.85)), (20, 20, 30))
        surf.blit(lbl, lbl.get_rect(center=rect.center))
        x += chip + 1


@lru_cache(maxsize=64)
def rainbow_dot(d: int) -> pygame.Surface:
    """A round pip `d` pixels across in the rainbow cards' colours (red to violet across it, all six even on a
    pip a few pixels wide)."""
    big = max(4, int(d)) * 4
    disc = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(disc, (255, 255, 255, 255), (big / 2, big / 2), big / 2)
    strip = pygame.Surface((len(RAINBOW), 1), pygame.SRCALPHA)
    for i, c in enumerate(RAINBOW):
        strip.set_at((i, 0), (*c, 255))
    disc.blit(pygame.transform.scale(strip, (big, big)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(disc, (max(4, int(d)), max(4, int(d))))


@lru_cache(maxsize=1024)
def clue_badge(w: int, h: int, colours: tuple[str, ...], ranks: tuple[int, ...], symbols: bool = True) -> pygame.Surface:
    """A transparent w x h overlay carrying the clue chips of a visible (teammate's) card."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    _draw_clue_marks(surf, w, h, colours, ranks, symbols)
    return surf


def critical_marker_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where the '!' of a last copy sits: on the right edge, above the middle, clear of the corner index, the
    suit symbol, the clue chips and the colour and number spots along the bottom."""
    r = max(5, rect.w // 7)
    return pygame.Rect(rect.right - 2 * r - 2, rect.y + round(rect.h * 0.38) - r, 2 * r, 2 * r)


def critical_marker(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A small red '!' flag on a card that is the last copy of a needed card."""
    m = critical_marker_rect(rect)
    r, c = m.w // 2, m.center
    pygame.draw.circle(surface, theme.ERROR, c, r)
    pygame.draw.circle(surface, (255, 255, 255), c, r, 1)
    lbl = theme.text("!", max(8, round(r * 1.6)), (255, 255, 255), bold=True)
    surface.blit(lbl, lbl.get_rect(center=c))


SLOT_TAG = (18, 24, 46)  # the slot tag's fill: a card back's navy, never a clue chip's white or a suit's colour


def slot_tag_text(slot: int) -> str:
    """What the slot tag says: '#2', a place in the hand, where a clue chip says a bare rank."""
    # Translators: the tag on a card of a rearranged hand: its slot in the game's order (keys 1-5, the log)
    return _("#{slot}").format(slot=slot)


def slot_tag_rect(rect: pygame.Rect) -> pygame.Rect:
    """Where the game-slot label of a card in a rearranged hand sits: a pill on its top-right corner, within the
    card's width (the last card's stuck out of the hand's frame)."""
    h = max(14, rect.w // 4)
    w = round(h * 1.7)
    return pygame.Rect(rect.right - w - 1, rect.y - h // 3, w, h)


def slot_tag(surface: pygame.Surface, rect: pygame.Rect, slot: int) -> None:
    """Label the card at `rect` with its game slot number (keys 1-5 and the log use these numbers): gold on
    navy, '#' before it, so that it never reads as a rank clue's chip (white with a dark number)."""
    r = slot_tag_rect(rect)
    pygame.draw.rect(surface, SLOT_TAG, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, theme.ACCENT, r, width=1, border_radius=r.h // 2)
    label = slot_tag_text(slot)
    theme.blit_text(surface, label, theme.fit_size(label, max(9, round(r.h * 0.72)), r.w - 4, bold=True),
                    r.center, theme.ACCENT, bold=True, anchor="center")


# -- tokens and tiles ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def clue_token(d: int, available: bool = True) -> pygame.Surface:
    """A round clue token of diameter `d` (blue and bright when available, a hollow ring when spent)."""
    d = max(6, int(d))
    big = pygame.Surface((d * 2, d * 2), pygame.SRCALPHA)
    c, r = (d, d), d - 1
    if available:
        pygame.draw.circle(big, theme.CLUE_DARK, c, r)
        pygame.draw.circle(big, theme.CLUE, c, r * 0.86)
        pygame.draw.circle(big, theme.lerp_colour(theme.CLUE, (255, 255, 255), 0.45), (d - r * 0.25, d - r * 0.3),
                           r * 0.3)
        pygame.draw.circle(big, theme.CLUE_DARK, c, r * 0.86, max(1, d // 8))
    else:
        pygame.draw.circle(big, (*theme.CLUE_DARK, 200), c, r, max(2, d // 6))
    return pygame.transform.smoothscale(big, (d, d))


@lru_cache(maxsize=64)
def error_tile(w: int, h: int, used: bool) -> pygame.Surface:
    """An error (storm) tile: a dark slot when unused, a red tile with a lightning bolt once used."""
    w, h = max(6, int(w)), max(6, int(h))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, min(w, h) // 6)
    if used:
        pygame.draw.rect(surf, theme.ERROR, (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (255, 200, 190), (0, 0, w, h), width=1, border_radius=radius)
        bolt = [(0.58, 0.08), (0.28, 0.55), (0.48, 0.55), (0.38, 0.92), (0.74, 0.42), (0.53, 0.42), (0.66, 0.08)]
        pygame.draw.polygon(surf, (255, 240, 200), [(x * w, y * h) for x, y in bolt])
    else:
        pygame.draw.rect(surf, (*theme.ERROR_DARK, 170), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, (*theme.ERROR, 120), (0, 0, w, h), width=1, border_radius=radius)
    return surf


# Translators: a revealed 5 Flamboyants bonus tile's label under its number: a word or two, the tile is small
# (its tooltip says the whole effect). 1 +1 clue token, 2 -1 error token, 3 a free colour clue, 4 a free rank
# clue, 5 a discarded card shuffled back into the deck, 6 a discarded card put into play.
TILE_LABELS = {1: N_("+1 clue"), 2: N_("-1 error"), 3: N_("colour"), 4: N_("rank"), 5: N_("recover"),
               # Translators: bonus tile 6's label (see above): a discarded card put into play
               6: N_("replay")}


def tile_label(value: int) -> str:
    """A revealed bonus tile's short label, in the player's language ("" for no such tile)."""
    return _(TILE_LABELS[value]) if value in TILE_LABELS else ""


def bonus_tile(w: int, h: int, value: int | None) -> pygame.Surface:
    """A 5 Flamboyants bonus tile: face down (`value` None) or revealed with its number and effect."""
    return _bonus_tile(int(w), int(h), value, current_language())


@lru_cache(maxsize=64)
def _bonus_tile(w: int, h: int, value: int | None, language: str) -> pygame.Surface:
    """`bonus_tile` drawn in `language` (a key of the cache: the label and its font follow the language)."""
    w, h = max(8, int(w)), max(8, int(h))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, min(w, h) // 6)
    if value is None:
        pygame.draw.rect(surf, (96, 40, 120), (0, 0, w, h), border_radius=radius)
        pygame.draw.rect(surf, theme.ACCENT, (0, 0, w, h), width=1, border_radius=radius)
        draw_symbol(surf, "star", pygame.Rect(0, 0, w, h).inflate(-w // 3, -h // 3), theme.ACCENT)
        return surf
    pygame.draw.rect(surf, (246, 226, 170), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, (150, 90, 30), (0, 0, w, h), width=max(1, w // 20), border_radius=radius)
    num = theme.numeral(str(value), max(8, round(h * 0.5)), (110, 40, 120))
    surf.blit(num, num.get_rect(center=(w / 2, h * 0.38)))
    lbl = theme.text(theme.fit_text(tile_label(value), max(7, round(h * 0.2)), w - 2),
                     max(7, round(h * 0.2)), (60, 40, 20))
    surf.blit(lbl, lbl.get_rect(center=(w / 2, h * 0.8)))
    return surf


def bonus_count(surface: pygame.Surface, pile: pygame.Rect, n: int) -> pygame.Rect:
    """The number of face-down bonus tiles, on a dark disc over the pile's lower right corner (on the star
    itself it could hardly be read); returns the disc's rect."""
    d = max(16, round(min(pile.w, pile.h) * 0.56))
    disc = pygame.Rect(0, 0, d, d)
    disc.center = (pile.right - d // 4, pile.bottom - d // 4)
    pygame.draw.circle(surface, SLOT_TAG, disc.center, d // 2)
    pygame.draw.circle(surface, theme.ACCENT, disc.center, d // 2, 1)
    theme.blit_text(surface, str(n), max(9, round(d * 0.62)), disc.center, (255, 255, 255), bold=True,
                    anchor="center")
    return disc


@lru_cache(maxsize=64)
def empty_slot(w: int, h: int, colour: Colour) -> pygame.Surface:
    """The outline of an empty pile (a firework with no card yet, an empty deck), tinted `colour`."""
    w, h = max(8, int(w)), max(8, int(h))
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = _radius(w)
    pygame.draw.rect(surf, (*colour, 40), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, (*colour, 150), (0, 0, w, h), width=max(1, w // 30), border_radius=radius)
    return surf


def clear_caches() -> None:
    """Forget every cached card surface (after a display mode change)."""
    for f in (symbol, card_face, card_back, hidden_card, rainbow_dot, clue_badge, clue_token, error_tile, _bonus_tile,
              empty_slot):
        f.cache_clear()
