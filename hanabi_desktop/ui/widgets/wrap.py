"""Text broken into lines that fit a width, words kept whole; Japanese (written without spaces) breaks between
characters, never before closing punctuation or small kana (kinsoku)."""

from __future__ import annotations

from functools import lru_cache

import pygame

from hanabi_desktop.i18n import current_language
from hanabi_desktop.ui.art import theme

_NO_LINE_START = set("、。，．・：；？！ー…‥）」』】〕〉》’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")  # kinsoku


_CLOSING = set(":;!?»%)]…")  # a word of these alone stays on the line of the word before it (French spacing)


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80  # CJK scripts, kana, full-width forms: a line may break between any two


def pieces(para: str) -> list[tuple[str, bool]]:
    """The units a line may break between, each with whether a space comes before it: words, and in
    Japanese (written without spaces) single characters, punctuation kept with the character before it."""
    out: list[tuple[str, bool]] = []
    opening = ""
    for word in para.split():
        if out and all(ch in _CLOSING for ch in word):  # French "Note :", "Oui !": never at a line's start
            out[-1] = (out[-1][0] + " " + word, out[-1][1])
            continue
        if word == "«":  # and never a quote's opening mark alone at a line's end
            opening += word + " "
            continue
        word, opening = opening + word, ""
        if not any(_cjk(ch) for ch in word):
            out.append((word, True))
            continue
        first = True
        run = ""
        for ch in word:
            if _cjk(ch) and ch not in _NO_LINE_START:
                if run:
                    out.append((run, first))
                    first = False
                run = ch
            elif ch in _NO_LINE_START or not (run and _cjk(run[-1])):
                run += ch
            else:  # a Latin character after a CJK one starts a new piece
                out.append((run, first))
                first = False
                run = ch
        if run:
            out.append((run, first))
    return out


def wrap_lines(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break `text` (paragraphs separated by newlines) into lines no wider than `width` at `size`."""
    f = theme.font(size, bold)
    out: list[str] = []
    for para in text.split("\n"):
        if not para.strip():
            out.append("")
            continue
        indent = len(para) - len(para.lstrip(" "))
        line = " " * indent
        for word, spaced in pieces(para):
            trial = (line + (" " if spaced else "") + word) if line.strip() else (line + word)
            if f.size(trial)[0] <= width or not line.strip():
                line = trial
            else:
                out.append(line)
                line = " " * (indent + 2 if indent else 0) + word
        out.append(line)
    return out


def fit_lines(text: str, size: int, width: int, height: int, bold: bool = False) -> tuple[list[str], int, int]:
    """`text` in as few lines as fit `width` and `height`: one line at `size` if it fits, else wrapped at the
    largest size down to 80% of `size` whose lines all fit. Returns (lines, size, line step); when nothing fits
    the last line is shortened with an ellipsis (and reported as overflowing)."""
    floor = max(8, round(size * 0.8))
    lines: list[str] = [text]
    for s in range(size, floor - 1, -1):
        step = round(s * 1.15)
        lines = [line.strip() for line in wrap_lines(text, s, width, bold)]
        if len(lines) * step <= height + max(2, s // 6) and all(theme.font(s, bold).size(x)[0] <= width for x in lines):
            return lines, s, step
    step = round(floor * 1.15)
    keep = max(1, (height + max(2, floor // 6)) // step)
    lines = lines[:keep - 1] + [theme.fit_text(" ".join(lines[keep - 1:]), floor, width, bold)]
    return lines, floor, step


def wrapped_text(text: str, size: int, colour: theme.Colour, width: int, bold: bool = False,
                 display: bool = False) -> pygame.Surface:
    """`text` drawn in lines of at most `width` pixels broken by `wrap_lines` (SDL's own wrapping breaks at
    spaces only: a Japanese log line went whole to the line after its number); cached like `theme.text`."""
    return _wrapped(text, int(size), colour, int(width), bold, display, current_language())


@lru_cache(maxsize=512)
def _wrapped(text: str, size: int, colour: theme.Colour, width: int, bold: bool, display: bool,
             language: str) -> pygame.Surface:  # the language: its font draws the lines
    lines = [theme.text(line.rstrip(), size, colour, bold, display) for line in wrap_lines(text, size, width, bold)]
    step = theme.font(size, bold, display).get_linesize()
    surf = pygame.Surface((max(1, *(line.get_width() for line in lines)), step * (len(lines) - 1) + lines[-1].get_height()),
                          pygame.SRCALPHA)
    for i, line in enumerate(lines):
        surf.blit(line, (0, i * step))
    return surf
