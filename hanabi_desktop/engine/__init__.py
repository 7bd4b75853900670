"""The rules of Hanabi as a pure-Python library: no pygame, no UI, no bots, no file I/O.

>>> from hanabi_desktop.engine import Game, get_variant, RankClue
>>> game = Game.new(get_variant("classic"), players=3, seed=7)
>>> game.hand_size, game.deck_count, game.clue_tokens
(5, 35, 8)
>>> events = game.apply(RankClue(target=1, rank=game.card(game.hands[1][0]).rank))
>>> game.clue_tokens, game.current
(7, 1)

The names below are imported from their modules on first use (PEP 562), so a program that needs only a light
part of the engine (``engine.text``, ``engine.errors``: the settings and the title screen) does not pay for the
rest when it starts.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_HOMES = {  # exported name -> the module of this package that defines it
    **dict.fromkeys(("Action", "Clue", "ColourClue", "Discard", "Play", "RankClue", "Recover", "Replay",
                     "parse_action"), "actions"),
    **dict.fromkeys(("Card", "ColourClues", "Suit"), "cards"),
    **dict.fromkeys(("HanabiError", "IllegalAction", "RecordError"), "errors"),
    **dict.fromkeys(("EndReason", "Event", "Tile"), "events"),
    **dict.fromkeys(("MAX_CLUE_TOKENS", "MAX_STRIKES", "Game", "hand_size_for", "shuffled_deck"), "game"),
    "GameRecord": "records",
    **dict.fromkeys(("PRESETS", "Variant", "get_variant", "variant_from_hanablive"), "variants"),
    "PlayerView": "view",
}

__all__ = [
    "Action", "Card", "Clue", "ColourClue", "ColourClues", "Discard", "EndReason", "Event", "Game", "GameRecord",
    "HanabiError", "IllegalAction", "MAX_CLUE_TOKENS", "MAX_STRIKES", "PRESETS", "Play", "PlayerView", "RankClue",
    "RecordError", "Recover", "Replay", "Suit", "Tile", "Variant", "get_variant", "hand_size_for", "parse_action",
    "shuffled_deck", "variant_from_hanablive",
]


def __getattr__(name: str) -> Any:  # noqa: ANN401 - whatever the engine exports
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later look-ups do not come back here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})


if TYPE_CHECKING:  # what type checkers and editors see
    from hanabi_desktop.engine.actions import (
        Action,
        Clue,
        ColourClue,
        Discard,
        Play,
        RankClue,
        Recover,
        Replay,
        parse_action,
    )
    from hanabi_desktop.engine.cards import Card, ColourClues, Suit
    from hanabi_desktop.engine.errors import HanabiError, IllegalAction, RecordError
    from hanabi_desktop.engine.events import EndReason, Event, Tile
    from hanabi_desktop.engine.game import MAX_CLUE_TOKENS, MAX_STRIKES, Game, hand_size_for, shuffled_deck
    from hanabi_desktop.engine.records import GameRecord
    from hanabi_desktop.engine.variants import PRESETS, Variant, get_variant, variant_from_hanablive
    from hanabi_desktop.engine.view import PlayerView
