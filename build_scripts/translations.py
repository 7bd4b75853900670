"""The game's translations: extract the texts, update every catalog, compile them.

    python build_scripts/translations.py            # extract -> assets/locale/hanabi.pot, update each
                                                    # <code>/LC_MESSAGES/hanabi.po, compile each hanabi.mo
    python build_scripts/translations.py --check    # change nothing; exit 1 if a catalog lacks a text,
                                                    # has a fuzzy or stale one, or its .mo is out of date
    python build_scripts/translations.py --font NotoSansCJK-Regular.ttc NotoSansCJK-Bold.ttc
                                                    # also subset the Japanese font (needs fontTools)

The Japanese font: Noto Sans CJK JP (SIL OFL 1.1; Debian's fonts-noto-cjk: `apt-get download fonts-noto-cjk`,
the .ttc files are in usr/share/fonts/opentype/noto/) is subset to the characters of the Japanese catalog, kana,
ASCII, Latin-1 and CJK punctuation (names typed by players), so the download stays small; run --font again
whenever the Japanese catalog gains a character (tests/ui/test_languages.py fails until then).

Extraction follows build_scripts/babel.cfg (every Python file of the package, with i18n's markers _(),
ngettext(), pgettext(), N_(); a comment starting "Translators:" above a text reaches the translators).
A text that left the source is kept in the .po as obsolete (#~) so a translation is never thrown away.
The game itself reads only the .mo files, with the standard library's gettext; Babel is a developer tool.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from hanabi_desktop.i18n import LANGUAGE_NAMES  # noqa: E402 - the Settings row names every language in itself

LOCALE = ROOT / "assets" / "locale"
DOMAIN = "hanabi"
LANGUAGES = ("fr", "de", "es", "ja")  # English is the source language (i18n.LANGUAGES)
COMMENT_TAGS = ("Translators:",)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}


def extract() -> Catalog:
    """Every marked text of the package, as a template catalog (with source references and comments)."""
    with open(ROOT / "build_scripts" / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(project="Hanabi Desktop", msgid_bugs_address="", copyright_holder="Hanabi Desktop developers",
                      charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=110, sort_output=False, omit_header=False, include_previous=True)
    return out.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read(language: str, template: Catalog) -> Catalog:
    """The language's catalog, updated to *template* (a new one if it has none yet)."""
    path = po_path(language)
    if path.exists():
        with open(path, "rb") as f:
            catalog = read_po(f, locale=language)
    else:
        catalog = Catalog(locale=language, project="Hanabi Desktop", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    return catalog


def _stable(data: bytes) -> bytes:
    """The file without its creation/revision dates and the Babel version that wrote it (so an unchanged catalog
    is not rewritten, and a newer Babel from PyPI does not fail the catalogs' test: 2.19 came out while 2.18 wrote
    them)."""
    return b"\n".join(line for line in data.split(b"\n")
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date', b'"Generated-By')))


def _write(path: Path, data: bytes) -> bool:
    """Write *data* if it differs (dates aside); True if it changed."""
    if path.exists() and _stable(path.read_bytes()) == _stable(data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def missing(catalog: Catalog) -> list[str]:
    """The texts of *catalog* with no usable translation (empty, or fuzzy), as readable lines."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy or not all(strings):
            ident = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
            out.append(f"{'fuzzy' if message.fuzzy else 'untranslated'}: {ident!r}")
    return out


JA_FONTS = ("NotoSansJP-Regular-subset.otf", "NotoSansJP-Bold-subset.otf")  # resources.FONT_FILES' cjk-*
ALWAYS = ("".join(chr(c) for c in range(0x20, 0x7F)) + "".join(chr(c) for c in range(0xA0, 0x180))
          + "".join(chr(c) for c in range(0x3000, 0x3040)) + "".join(chr(c) for c in range(0x3041, 0x3097))
          + "".join(chr(c) for c in range(0x30A0, 0x3100)) + "".join(chr(c) for c in range(0xFF01, 0xFF5F))
          + "…·–—‘’“”•→←↑↓×" + "".join(LANGUAGE_NAMES.values()))


def catalog_characters(language: str) -> str:
    """Every character the translations of *language* use."""
    with open(po_path(language), "rb") as f:
        catalog = read_po(f, locale=language)
    chars: set[str] = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for text in strings:
            chars.update(text or "")
    return "".join(sorted(chars))


def subset_font(source: Path, out: Path, text: str) -> int:
    """Write the Japanese face of *source* (a Noto Sans CJK .ttc or .otf) cut to *text*; its size in bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection, TTFont

    if source.suffix.lower() == ".ttc":
        fonts = TTCollection(str(source)).fonts
        font = next(f for f in fonts if f["name"].getDebugName(1).startswith("Noto Sans CJK JP"))
    else:
        font = TTFont(str(source))
    options = subset.Options()
    options.layout_features = ["kern", "palt", "vert", "liga", "locl"]
    options.name_IDs = ["*"]  # keep the copyright and licence names
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if anything is out of date")
    parser.add_argument("--font", nargs=2, type=Path, metavar=("REGULAR", "BOLD"),
                        help="Noto Sans CJK Regular and Bold (.ttc or JP .otf) to subset for Japanese")
    args = parser.parse_args(argv)
    template = extract()
    stale: list[str] = []
    pot = LOCALE / f"{DOMAIN}.pot"
    if args.check:
        if not pot.exists() or _stable(pot.read_bytes()) != _stable(_po_bytes(template)):
            stale.append(f"{pot.relative_to(ROOT)} is not the extraction of the current source")
    elif _write(pot, _po_bytes(template)):
        print(f"wrote {pot.relative_to(ROOT)} ({len(template)} texts)")
    for language in LANGUAGES:
        catalog = read(language, template)
        path, mo = po_path(language), po_path(language).with_suffix(".mo")
        gaps = missing(catalog)
        if args.check:
            if not path.exists() or _stable(path.read_bytes()) != _stable(_po_bytes(catalog)):
                stale.append(f"{path.relative_to(ROOT)} is not up to date with the source")
            with open(path, "rb") as f:
                written = read_po(f, locale=language) if path.exists() else catalog
            if not mo.exists() or mo.read_bytes() != _mo_bytes(written):
                stale.append(f"{mo.relative_to(ROOT)} is not the compilation of its .po")
            stale += [f"{language}: {gap}" for gap in gaps]
            continue
        changed = _write(path, _po_bytes(catalog))
        with open(path, "rb") as f:  # the .mo is compiled from the .po as written (as the check reads it)
            catalog = read_po(f, locale=language)
        changed = _write(mo, _mo_bytes(catalog)) or changed
        done = len(catalog) - len(gaps)
        print(f"{language}: {done}/{len(catalog)} translated{' (written)' if changed else ''}")
    if args.font and not args.check:
        text = "".join(sorted(set(catalog_characters("ja")) | set(ALWAYS)))
        for source, name in zip(args.font, JA_FONTS, strict=True):
            size = subset_font(source, ROOT / "assets" / "fonts" / name, text)
            print(f"wrote assets/fonts/{name}: {len(text)} characters, {size} bytes")
    for line in stale:
        print(line)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
