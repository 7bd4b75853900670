"""The kept games in a player's words: a game's line in the Replays list, the names of seat kinds, bot levels
and rule options, as the history screen and the Replays list say them. No pygame.

>>> from hanabi_desktop.history.summary import GameSummary
>>> g = GameSummary("a.json", 0.0, "Classic", ("empty_clues",), ("Ann", "Bob"), ("", "conventions@2"), 24, 25,
...                 1, "deck_out", 60, 1, 2)
>>> game_line(g)
'Classic · Ann, Bob · 24 of 25 points · 1 hint, 2 undos · empty clues'
"""

from __future__ import annotations

import re

from hanabi_desktop.history.stats import PEOPLE_ONLY, PERSON, UNKNOWN, Player
from hanabi_desktop.history.summary import UNFINISHED, GameSummary
from hanabi_desktop.i18n import N_, _, ngettext

OPTION_WORDS = {"empty_clues": N_("empty clues"), "final_flourish": N_("final flourish"),
                "flamboyants": N_("5 Flamboyants")}
KIND_WORDS = {PERSON: N_("person"), "conventions": N_("conventions bot"), "expert": N_("expert bot"),
              "random": N_("random bot"), UNKNOWN: N_("not said")}
LEVEL_WORDS = {"beginner": N_("beginner"), PEOPLE_ONLY: N_("no bots"), UNKNOWN: N_("not said")}


def kind_word(kind: str) -> str:
    """What sat in a seat: 'person', 'conventions bot', a plugin's own name."""
    return _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def player_word(player: Player) -> str:
    """A player of the history list: 'Bob (conventions bot)'."""
    return _("{name} ({kind})").format(name=player.name, kind=kind_word(player.kind))


def level_word(level: str) -> str:
    """A `stats.bots_level` said: 'level 2', 'beginner', 'expert bot', 'level 2 / level 3', 'no bots'."""
    if level in LEVEL_WORDS:
        return _(LEVEL_WORDS[level])
    return " / ".join(_("level {level}").format(level=p) if p.isdigit() else _(LEVEL_WORDS[p]) if p in LEVEL_WORDS
                      else kind_word(p) for p in level.split("/"))


def options_words(options: tuple[str, ...]) -> str:
    """The rule options that were on ("empty clues, final flourish"), "" if none."""
    return ", ".join(_(OPTION_WORDS[o]) for o in options if o in OPTION_WORDS)


def aids_words(game: GameSummary) -> str:
    """The help a game had ('1 hint, 2 undos, clue preview', 'no hints or undos'), "" if its record does not say."""
    if not game.aids_known:
        return ""
    parts = [ngettext("{n} hint", "{n} hints", game.hints or 0).format(n=game.hints) if game.hints else "",
             ngettext("{n} undo", "{n} undos", game.undos or 0).format(n=game.undos) if game.undos else "",
             _("clue preview") if game.previewed else ""]
    return ", ".join(p for p in parts if p) or _("no hints or undos")


def score_words(game: GameSummary) -> str:
    """How it came out: '24 of 25 points', 'storm: 0 points', 'left at turn 17'."""
    if game.end == UNFINISHED:
        return _("left at turn {turn}").format(turn=game.turns + 1)
    if game.end == "strikeout":
        return _("storm: 0 points")
    if "final_flourish" in game.options:
        return _("victory") if game.end == "perfect" else _("defeat")
    return _("{score} of {max} points").format(score=game.score, max=game.max_score)


def game_line(game: GameSummary) -> str:
    """A kept game in one line, short enough for a row at 800x600: variant (without the words in brackets
    that describe it), players, outcome, help, options."""
    variant = re.split(r" \(|（", _(game.variant))[0]
    parts = [variant, ", ".join(game.players), score_words(game), aids_words(game), options_words(game.options)]
    return " · ".join(p for p in parts if p)
