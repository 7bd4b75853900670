"""Events: the record of every state change, in order, so that a UI can animate them and a log can tell them.

`Game.apply` returns the events an action caused; `Game.events` holds them all since the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hanabi_desktop.engine.actions import Action
from hanabi_desktop.i18n import N_, _


class Tile(Enum):
    """The six 5 Flamboyants bonus tiles (RULES.md 7.3)."""

    CLUE_TOKEN = 1
    UNDO_ERROR = 2
    FREE_COLOUR_CLUE = 3
    FREE_RANK_CLUE = 4
    RECOVER = 5
    REPLAY = 6

    @property
    def text(self) -> str:
        """What the tile does, in a player's words."""
        return _(TILE_TEXT[self])


TILE_TEXT = {
    Tile.CLUE_TOKEN: N_("+1 clue token"),
    Tile.UNDO_ERROR: N_("turn one error token back, and +1 clue token"),
    Tile.FREE_COLOUR_CLUE: N_("give one free colour clue to another player"),
    Tile.FREE_RANK_CLUE: N_("give one free rank clue to another player"),
    Tile.RECOVER: N_("shuffle a card from the discard pile back into the deck"),
    Tile.REPLAY: N_("put a card from the discard pile into play"),
}


class EndReason(Enum):
    """How a game ended."""

    STRIKEOUT = "strikeout"  # third error token: lost, score 0
    PERFECT = "perfect"  # every firework complete
    DECK_OUT = "deck_out"  # the last card was drawn and everyone had one more turn
    LAST_COPY_LOST = "last_copy_lost"  # Final flourish: a still-needed card's last copy is gone
    STALLED = "stalled"  # Final flourish: nobody could act (cannot happen by the rules; kept as a guard)

    @property
    def text(self) -> str:
        """A sentence for the results screen."""
        return _(END_TEXT[self])

    @property
    def short(self) -> str:
        """A few words for a status line ("deck out")."""
        return _(END_SHORT[self])


END_TEXT = {
    EndReason.STRIKEOUT: N_("The third error token was used: the storm ends the show (score 0)."),
    EndReason.PERFECT: N_("Every firework is complete: a perfect display!"),
    EndReason.DECK_OUT: N_("The deck ran out and everyone took a last turn."),
    EndReason.LAST_COPY_LOST: N_("The last copy of a card the display still needed was lost."),
    EndReason.STALLED: N_("Nobody could act any more."),
}

END_SHORT = {
    EndReason.STRIKEOUT: N_("the storm: third error"),
    EndReason.PERFECT: N_("perfect display"),
    EndReason.DECK_OUT: N_("deck out"),
    EndReason.LAST_COPY_LOST: N_("last copy lost"),
    EndReason.STALLED: N_("stalled"),
}


@dataclass(frozen=True, slots=True)
class CardDrawn:
    player: int
    card: int  # order


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: int
    suit: int
    rank: int


@dataclass(frozen=True, slots=True)
class CardMisplayed:
    player: int
    card: int
    strikes: int  # error tokens used after this one


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class ClueGiven:
    giver: int
    target: int
    clue: Action
    touched: tuple[int, ...]  # orders of the cards the clue touched
    free: bool  # a bonus-tile clue that cost no token


@dataclass(frozen=True, slots=True)
class FireworkCompleted:
    suit: int


@dataclass(frozen=True, slots=True)
class ClueTokenGained:
    tokens: int  # clue tokens available afterwards


@dataclass(frozen=True, slots=True)
class TileRevealed:
    tile: Tile
    needs_choice: bool  # the acting player must now choose (free clue, card from the discard pile)


@dataclass(frozen=True, slots=True)
class TileLost:
    tile: Tile  # revealed but with no legal choice


@dataclass(frozen=True, slots=True)
class ErrorTokenReturned:
    strikes: int  # error tokens used afterwards


@dataclass(frozen=True, slots=True)
class CardRecovered:
    card: int
    position: int  # 0 = top of the draw pile


@dataclass(frozen=True, slots=True)
class CardReplayed:
    card: int
    success: bool  # False: it did not fit and went back to the discard pile, no penalty


@dataclass(frozen=True, slots=True)
class TurnPassed:
    player: int  # Final flourish: a player with no legal action passes automatically


@dataclass(frozen=True, slots=True)
class GameEnded:
    reason: EndReason
    score: int


Event = (
    CardDrawn | CardPlayed | CardMisplayed | CardDiscarded | ClueGiven | FireworkCompleted | ClueTokenGained
    | TileRevealed | TileLost | ErrorTokenReturned | CardRecovered | CardReplayed | TurnPassed | GameEnded
)
