"""Text broken into lines that fit a width, words kept whole; Japanese (written without spaces) breaks between
characters, never before closing punctuation or small kana (kinsoku)."""

from __future__ import annotations

from hanabi_desktop.ui.art import theme

_NO_LINE_START = set("、。，．・：；？！ー…‥）」』】〕〉》’”ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")  # kinsoku


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80  # CJK scripts, kana, full-width forms: a line may break between any two


def pieces(para: str) -> list[tuple[str, bool]]:
    """The units a line may break between, each with whether a space comes before it: words, and in
    Japanese (written without spaces) single characters, punctuation kept with the character before it."""
    out: list[tuple[str, bool]] = []
    for word in para.split():
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
