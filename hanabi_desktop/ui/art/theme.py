"""Look and feel: palette, suit colours and symbols, fonts by size, cached text, panels with soft shadows.

Everything here is cached: fonts per (size, weight), rendered text per (string, size, colour, weight),
shadows per (size, radius), the felt background per window size. Callers pass sizes in pixels; use
`ui_scale(window_size)` to turn design pixels (drawn for 1600x900) into real ones.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame

from hanabi_desktop.i18n import current_language
from hanabi_desktop.program.resources import font_path

Colour = tuple[int, int, int]

# -- palette ---------------------------------------------------------------------------------------------
FELT = (22, 52, 47)  # the table's centre
FELT_EDGE = (8, 22, 22)  # vignette at the edges
PANEL = (12, 22, 26)  # panels are PANEL at PANEL_ALPHA over the felt
PANEL_ALPHA = 200
PANEL_BORDER = (58, 84, 84)
TEXT = (238, 234, 222)
TEXT_DIM = (160, 172, 166)
TEXT_FAINT = (105, 122, 118)
ACCENT = (244, 196, 88)  # gold: current player, focus, highlights
ACCENT_DARK = (150, 110, 30)
CLUE = (92, 170, 255)  # clue tokens, clue marks
CLUE_DARK = (34, 62, 96)
ERROR = (232, 74, 60)  # error tiles, refusals
ERROR_DARK = (80, 28, 26)
GOOD = (96, 200, 120)  # play buttons, success
BUTTON = (40, 62, 66)
BUTTON_HOVER = (58, 88, 92)
BUTTON_PRESS = (30, 46, 50)
BUTTON_PRIMARY = (190, 138, 40)
BUTTON_PRIMARY_HOVER = (220, 166, 60)
DISABLED = (60, 70, 72)
SHADOW_ALPHA = 110


@dataclass(frozen=True)
class SuitStyle:
    """How a suit looks: its main colour, a darker and a lighter shade, ink for numerals, its symbol name."""

    name: str
    colour: Colour
    dark: Colour
    light: Colour
    ink: Colour  # numerals on the card face
    symbol: str  # see ui.art.cards.draw_symbol
    letter: str


SUIT_STYLES: dict[str, SuitStyle] = {
    "r": SuitStyle("red", (214, 52, 56), (120, 20, 28), (246, 120, 110), (255, 248, 240), "heart", "R"),
    "y": SuitStyle("yellow", (238, 190, 40), (150, 104, 10), (255, 228, 120), (70, 44, 0), "star", "Y"),
    "g": SuitStyle("green", (58, 160, 84), (20, 82, 40), (132, 214, 140), (250, 255, 246), "leaf", "G"),
    "b": SuitStyle("blue", (48, 114, 220), (18, 50, 120), (120, 176, 255), (246, 250, 255), "drop", "B"),
    "w": SuitStyle("white", (226, 228, 236), (132, 138, 156), (255, 255, 255), (40, 46, 70), "moon", "W"),
    "m": SuitStyle("multicolour", (168, 92, 210), (80, 30, 110), (230, 180, 255), (255, 255, 255),
                   "rainbow", "M"),
    "k": SuitStyle("black", (36, 34, 40), (8, 8, 10), (90, 86, 96), (255, 170, 60), "bomb", "K"),
}
RAINBOW = [(226, 60, 60), (242, 150, 40), (240, 214, 50), (70, 180, 90), (60, 130, 230), (150, 80, 210)]


# -- scale --------------------------------------------------------------------------------------------------
def ui_scale(size: tuple[int, int]) -> float:
    """Design pixels (drawn for 1600x900) to real pixels for a window of `size`, clamped to 0.6..2.0."""
    w, h = size
    return max(0.6, min(2.0, min(w / 1600, h / 900)))


def px(value: float, scale: float) -> int:
    """`value` design pixels at `scale`, at least 1."""
    return max(1, round(value * scale))


# -- fonts and text -------------------------------------------------------------------------------------------
@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """The UI font at `size` pixels (bold, or the display face for titles). Falls back to pygame's default.

    In Japanese every role uses the Japanese font (Noto Sans CJK JP, subset to the game's texts); the cache is
    cleared when the language changes (`clear_caches`)."""
    if not pygame.font.get_init():
        pygame.font.init()
    size = max(6, int(size))
    try:
        return pygame.font.Font(str(font_path(bold=bold, display=display, cjk=current_language() == "ja")), size)
    except (FileNotFoundError, OSError):
        f = pygame.font.Font(None, round(size * 1.3))  # the default font runs small
        f.bold = bold
        return f


@lru_cache(maxsize=32)
def _cjk_font(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(str(font_path(bold=bold, cjk=True)), max(6, int(size)))
    except (FileNotFoundError, OSError):
        return font(size, bold)


def _missing(f: pygame.font.Font, ch: str) -> bool:
    """Does `f` draw `ch` as its 'no glyph' box? (Measured only while overflows are collected.)"""
    notdef = "\uE000"  # a private-use character no font of ours has
    if f.metrics(ch) != f.metrics(notdef):
        return False
    return (pygame.image.tobytes(f.render(ch, True, (255, 255, 255)), "RGBA")
            == pygame.image.tobytes(f.render(notdef, True, (255, 255, 255)), "RGBA"))


def font_for(s: str, size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
    """The font that can draw `s`: the language's, or the Japanese one for Japanese text shown in another
    language (the language row of Settings names 日本語 in every language)."""
    if current_language() != "ja" and any(ord(ch) >= 0x2E80 for ch in s):
        return _cjk_font(size, bold or display)
    return font(size, bold, display)


@lru_cache(maxsize=256)
def numeral(s: str, size: int, colour: Colour) -> pygame.Surface:
    """Digits of the card art, in the bold Latin face whatever the language: the Japanese face's digits sit
    lower in their box, and a card's big numeral covered its suit symbol in Japanese."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        f = pygame.font.Font(str(font_path(bold=True)), max(6, int(size)))
    except (FileNotFoundError, OSError):
        f = font(size, True)
    return f.render(s, True, colour)


_TEXT_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_TEXT_CACHE_MAX = 2048


def text(s: str, size: int, colour: Colour = TEXT, bold: bool = False, display: bool = False) -> pygame.Surface:
    """`s` rendered antialiased on one line (`widgets.wrap.wrapped_text` for several); cached, so call it every
    frame freely."""
    key = (s, int(size), colour, bold, display)
    surf = _TEXT_CACHE.get(key)
    if surf is not None:
        _TEXT_CACHE.move_to_end(key)
        return surf
    f = font_for(s, size, bold, display)
    if _overflows is not None and any(_missing(f, ch) for ch in set(s) if ch.isprintable() and not ch.isspace()):
        overflowed(f"{s!r}: the font has no glyph for some of it")
    surf = f.render(s, True, colour)
    _TEXT_CACHE[key] = surf
    if len(_TEXT_CACHE) > _TEXT_CACHE_MAX:
        _TEXT_CACHE.popitem(last=False)
    return surf


# -- overflow: a text that does not fit its box ---------------------------------------------------------------
_overflows: list[str] | None = None  # while collecting (see `collect_overflows`): one line per text that overflowed


@contextmanager
def collect_overflows() -> Iterator[list[str]]:
    """Within the block, every text drawn wider than its surface or clip, or shortened with an ellipsis
    because it did not fit, or said not to fit by a widget, is listed (the test of every screen in every
    language reads it)."""
    global _overflows
    saved, _overflows = _overflows, []
    try:
        yield _overflows
    finally:
        _overflows = saved


def collecting() -> bool:
    """Is a `collect_overflows` block active (so that widgets measure their texts)?"""
    return _overflows is not None


def overflowed(what: str) -> None:
    """Report a text that does not fit its box (listed only while `collect_overflows` is active)."""
    if _overflows is not None:
        _overflows.append(what)


def blit_text(surface: pygame.Surface, s: str, size: int, pos: tuple[float, float], colour: Colour = TEXT,
              bold: bool = False, anchor: str = "topleft", display: bool = False,
              shadow: bool = False) -> pygame.Rect:
    """Draw text anchored at `pos` ('topleft', 'center', 'midright', ...); returns its rect."""
    surf = text(s, size, colour, bold, display)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if _overflows is not None and s.strip():
        box = surface.get_clip()
        if rect.left < box.left or rect.right > box.right:
            overflowed(f"{s!r} spans x {rect.left}..{rect.right}, its box {box.left}..{box.right}")
    if shadow:
        surface.blit(text(s, size, (0, 0, 0), bold, display), rect.move(1, max(1, size // 14)))
    surface.blit(surf, rect)
    return rect


def fit_size(s: str, size: int, width: int, bold: bool = False, smallest: float = 0.8) -> int:
    """The largest font size from `size` down to `smallest` of it at which `s` fits in `width` pixels."""
    floor = max(8, round(size * smallest))
    if len(s) > max(0, width):  # every glyph is at least a pixel wide: it fits at no size, measure nothing
        return floor
    low, high = floor, size  # a binary search: a few measurements whatever the sizes
    while low < high:
        mid = (low + high + 1) // 2
        if font_for(s, mid, bold).size(s)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return low


def fit_text(s: str, size: int, width: int, bold: bool = False) -> str:
    """`s`, shortened with an ellipsis if it is wider than `width` at `size`.

    Bounded whatever the text (a note or a name from a file can be huge): a text of more characters than
    `width` has pixels is cut to that many before the first measurement, then the cut is found by a binary
    search, so a few dozen measurements at most, of texts no longer than the box is wide.
    """
    width = max(0, width)
    head = s[:width + 1]  # every glyph is at least a pixel wide: more than `width` of them never fit
    f = font_for(head, size, bold)
    if len(s) <= width and f.size(s)[0] <= width:
        return s
    overflowed(f"{s[:80]!r} shortened to fit {width} px")
    low, high = 0, len(head) - 1  # the longest prefix that fits with the ellipsis is head[:low]
    while low < high:
        mid = (low + high + 1) // 2
        if f.size(head[:mid] + "…")[0] <= width:
            low = mid
        else:
            high = mid - 1
    return head[:low] + "…"


# -- shapes ------------------------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _shadow(w: int, h: int, radius: int, blur: int) -> pygame.Surface:
    pad = blur * 2
    small = max(1, blur // 2)
    big = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    pygame.draw.rect(big, (0, 0, 0, SHADOW_ALPHA), (pad, pad, w, h), border_radius=radius)
    down = pygame.transform.smoothscale(big, (max(1, big.get_width() // small), max(1, big.get_height() // small)))
    return pygame.transform.smoothscale(down, big.get_size())


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8, blur: int = 10,
                offset: tuple[int, int] = (0, 4)) -> None:
    """A soft drop shadow under `rect` (cached per size)."""
    shadow = _shadow(rect.w, rect.h, radius, max(2, blur))
    pad = max(2, blur) * 2
    surface.blit(shadow, (rect.x - pad + offset[0], rect.y - pad + offset[1]))


@lru_cache(maxsize=256)
def _panel(w: int, h: int, radius: int, colour: Colour, alpha: int, border: Colour | None) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*colour, alpha), (0, 0, w, h), border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, (*border, min(255, alpha + 40)), (0, 0, w, h), width=1, border_radius=radius)
    return surf


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, colour: Colour = PANEL,
               alpha: int = PANEL_ALPHA, border: Colour | None = PANEL_BORDER, shadow: bool = True) -> None:
    """A rounded translucent panel with a thin border and a soft shadow (cached per size)."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if shadow:
        draw_shadow(surface, rect, radius, blur=max(4, radius), offset=(0, max(2, radius // 3)))
    surface.blit(_panel(rect.w, rect.h, radius, colour, alpha, border), rect)


def lerp_colour(a: Colour, b: Colour, t: float) -> Colour:
    """The colour a fraction `t` of the way from `a` to `b`."""
    t = max(0.0, min(1.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@lru_cache(maxsize=1)
def _felt_gradient() -> pygame.Surface:
    """The felt's vignette, small (it is scaled to the window): FELT in the middle, FELT_EDGE at the edges.

    Built as bytes and handed to pygame in one call (a pixel at a time costs several milliseconds at start);
    each row is symmetric, so half of it is computed and mirrored."""
    gw, gh = 64, 40
    rows = bytearray()
    for y in range(gh):
        dy = ((y + 0.5) / gh - 0.45) * 0.9
        half = []
        for x in range(gw // 2):
            d = min(1.0, math.hypot((x + 0.5) / gw - 0.5, dy) * 1.55)
            half.append(bytes(lerp_colour(FELT, FELT_EDGE, d * d)))
        rows += b"".join(half) + b"".join(reversed(half))
    return pygame.image.frombuffer(bytes(rows), (gw, gh), "RGB")


@lru_cache(maxsize=1)
def _felt_grain() -> pygame.Surface:
    """A 96-pixel tile of fine grain (faint light and dark specks from a fixed pseudo-random sequence), tiled over
    the felt so it does not look like flat plastic. Built as bytes, like the gradient."""
    pixels = bytearray(96 * 96 * 4)  # transparent
    light, dark = bytes((255, 255, 255, 6)), bytes((0, 0, 0, 10))
    seed = 1234567
    for i in range(0, len(pixels), 4):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        v = seed >> 24
        if v < 40:
            pixels[i:i + 4] = light
        elif v > 100:
            pixels[i:i + 4] = dark
    return pygame.image.frombuffer(bytes(pixels), (96, 96), "RGBA")


@lru_cache(maxsize=8)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table background for a window of `size`: dark felt with a soft vignette and fine grain."""
    w, h = max(1, size[0]), max(1, size[1])
    gradient, tile = _felt_gradient(), _felt_grain()
    if pygame.display.get_surface():  # in the display's pixel format scaling and blending are many times faster
        gradient, tile = gradient.convert(), tile.convert_alpha()
    surf = pygame.transform.smoothscale(gradient, (w, h))
    surf.fblits([(tile, (x, y)) for y in range(0, h, 96) for x in range(0, w, 96)])
    return surf


def clear_caches() -> None:
    """Forget every cached font, text and shape (after a display mode change)."""
    font.cache_clear()
    _cjk_font.cache_clear()
    numeral.cache_clear()
    _TEXT_CACHE.clear()
    _shadow.cache_clear()
    _panel.cache_clear()
    felt.cache_clear()
    _felt_gradient.cache_clear()
    _felt_grain.cache_clear()
