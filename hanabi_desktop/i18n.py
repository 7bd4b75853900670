"""The player's language: every text a player sees goes through this module.

Write a player-visible text as ``_("Play")`` (or ``ngettext("{n} card", "{n} cards", n).format(n=n)``,
``pgettext("clue", "Red")`` where one English word needs two translations). A text defined at import
time (a module constant, a table of labels) is marked with ``N_("...")`` so extraction finds it, and
translated with ``_(...)`` where it is shown, so a change of language takes effect at once.

Placeholders are named (``_("{player} plays {card}")``) so a translation can reorder them.

This module imports no pygame and no other part of the game: the engine, the bots and the table may all
use it. Until a language is chosen the texts are English (the source language).

The catalogs are GNU gettext files, ``<locale dir>/<code>/LC_MESSAGES/hanabi.mo`` (the locale dir is
``assets/locale``, see `hanabi_desktop.program.resources.locale_dir`), read with the standard library's `gettext`;
``python -m build_scripts.translations`` extracts the texts with Babel, updates every ``.po`` and compiles them.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import os
import sys
from pathlib import Path

__all__ = [
    "DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "N_", "_", "current_language", "decimal", "load_translations",
    "ngettext", "pgettext", "system_language", "use_language", "use_translations",
]

#: The gettext domain: the catalogs are named hanabi.po / hanabi.mo.
DOMAIN = "hanabi"

#: The languages the game is translated into (English is the source), in the order Settings shows them.
LANGUAGES = ("en", "fr", "de", "es", "ja")

#: Each language's name in itself (shown in Settings: a player finds their language whatever is chosen).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "ja": "日本語"}

# Windows' locale names (locale.getlocale() there says "French_France", not "fr_FR").
_WINDOWS_NAMES = {"english": "en", "french": "fr", "german": "de", "spanish": "es", "japanese": "ja"}

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def _(message: str) -> str:
    """The text in the player's language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural text for *n*, in the player's language."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """The text in the player's language, where *context* tells two uses of one English text apart."""
    return _translations.pgettext(context, message)


def decimal(value: float, places: int | None = None) -> str:
    """*value* written with the language's decimal mark ("9.8"; French "9,8"): `places` decimals, else as few as
    it needs ("1.25", "2")."""
    text = f"{value:g}" if places is None else f"{value:.{places}f}"
    return text.replace(".", pgettext("decimal mark", "."))


def N_(message: str) -> str:
    """Mark a text for translation without translating it now (it is translated where it is shown)."""
    return message


def use_translations(translations: _gettext.NullTranslations, language: str) -> None:
    """Make *translations* (a loaded catalog for *language*, e.g. "fr") the game's language from now on."""
    global _translations, _language
    _translations = translations
    _language = language


def current_language() -> str:
    """The language code in use ("en" until another is chosen)."""
    return _language


def _code(name: str | None) -> str | None:
    """The supported language a locale name means ("fr_FR.UTF-8", "de", "Japanese_Japan.932"), or None."""
    if not name:
        return None
    base = name.replace("-", "_").split(".")[0].split("@")[0]
    code = base.split("_")[0].lower()
    if code in LANGUAGES:
        return code
    return _WINDOWS_NAMES.get(code)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language if the game has it, else English.

    Read as gettext does: $LANGUAGE (a colon-separated list, first supported wins), $LC_ALL, $LC_MESSAGES,
    $LANG; then the locale Python reports (on Windows and macOS the environment is usually empty); then, on
    Windows, the user's interface language.
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for name in value.split(":"):
            if name in ("C", "POSIX") or name.startswith("C."):
                return "en"
            code = _code(name)
            if code:
                return code
        if var != "LANGUAGE":  # a set locale variable that names no language of ours: English
            return "en"
    if environ is None:
        try:
            code = _code(locale.getlocale()[0])
        except ValueError:
            code = None
        if code:
            return code
        if sys.platform == "win32":  # pragma: no cover - Windows only
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            code = _code(locale.windows_locale.get(lcid))
            if code:
                return code
    return "en"


def load_translations(language: str, localedir: Path | str) -> _gettext.NullTranslations:
    """The catalog of *language* from *localedir* (English, or a missing catalog: the source texts).

    Raises ValueError for a language the game does not have.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (the game has {', '.join(LANGUAGES)})")
    if language == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(localedir), [language], fallback=True)


def use_language(language: str, localedir: Path | str) -> None:
    """Load *language*'s catalog from *localedir* and make it the game's language from now on."""
    use_translations(load_translations(language, localedir), language)
