"""The player's language: every text a player sees goes through this module.

Write a player-visible text as ``_("Play")`` (or ``ngettext("{n} card", "{n} cards", n).format(n=n)``,
``pgettext("clue", "Red")`` where one English word needs two translations). A text defined at import
time (a module constant, a table of labels) is marked with ``N_("...")`` so extraction finds it, and
translated with ``_(...)`` where it is shown, so a change of language takes effect at once.

Placeholders are named (``_("{player} plays {card}")``) so a translation can reorder them.

This module imports no pygame and no other part of the game: the engine, the bots and the table may all
use it. Until `use_language` is called the texts are English (the source language).
"""

from __future__ import annotations

import gettext as _gettext

__all__ = ["N_", "_", "current_language", "ngettext", "pgettext", "use_translations"]

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
