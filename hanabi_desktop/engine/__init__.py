"""The rules of Hanabi as a pure-Python library: no pygame, no UI, no bots, no file I/O.

>>> from hanabi_desktop.engine import Game, get_variant, RankClue
>>> game = Game.new(get_variant("classic"), players=3, seed=7)
>>> game.hand_size, game.deck_count, game.clue_tokens
(5, 35, 8)
>>> events = game.apply(RankClue(target=1, rank=game.card(game.hands[1][0]).rank))
>>> game.clue_tokens, game.current
(7, 1)
"""

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

__all__ = [
    "Action", "Card", "Clue", "ColourClue", "ColourClues", "Discard", "EndReason", "Event", "Game", "GameRecord",
    "HanabiError", "IllegalAction", "MAX_CLUE_TOKENS", "MAX_STRIKES", "PRESETS", "Play", "PlayerView", "RankClue",
    "RecordError", "Recover", "Replay", "Suit", "Tile", "Variant", "get_variant", "hand_size_for", "parse_action",
    "shuffled_deck", "variant_from_hanablive",
]
