"""Actions a player can take, as small immutable values with a text form that round-trips.

Cards are named by their *order* (their index in the deck, which is their id for the whole game), as in
hanab.live. Clue colours are indices into the variant's clue colours.

Text forms (`str(action)` and `parse_action`):  ``play 12``, ``discard 3``, ``clue 1 colour 0``,
``clue 1 rank 5``, ``recover 7@20`` (5 Flamboyants tile 5: discarded card 7 back into the deck at position 20
from the top), ``replay 7`` (tile 6: discarded card 7 into play).
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.engine.errors import HanabiError


@dataclass(frozen=True, slots=True)
class Play:
    """Play card `card` from the acting player's hand."""

    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard card `card` from the acting player's hand (regains a clue token)."""

    card: int

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class ColourClue:
    """Tell player `target` about every card of clue colour `colour` (an index into the clue colours)."""

    target: int
    colour: int

    def __str__(self) -> str:
        return f"clue {self.target} colour {self.colour}"


@dataclass(frozen=True, slots=True)
class RankClue:
    """Tell player `target` about every card of rank `rank`."""

    target: int
    rank: int

    def __str__(self) -> str:
        return f"clue {self.target} rank {self.rank}"


@dataclass(frozen=True, slots=True)
class Recover:
    """5 Flamboyants, tile 5: shuffle discarded card `card` back into the deck.

    `position` (0 = top of the draw pile) is normally left as None and drawn by the game's seeded random
    generator; the game's history stores the resolved position so that a record replays exactly.
    """

    card: int
    position: int | None = None

    def __str__(self) -> str:
        return f"recover {self.card}" + ("" if self.position is None else f"@{self.position}")


@dataclass(frozen=True, slots=True)
class Replay:
    """5 Flamboyants, tile 6 (or tile 5 with an empty deck): put discarded card `card` into play."""

    card: int

    def __str__(self) -> str:
        return f"replay {self.card}"


Action = Play | Discard | ColourClue | RankClue | Recover | Replay
Clue = ColourClue | RankClue


def parse_action(text: str) -> Action:
    """Parse the text form of an action (the inverse of `str(action)`)."""
    words = text.split()
    try:
        match words:
            case ["play", card]:
                return Play(int(card))
            case ["discard", card]:
                return Discard(int(card))
            case ["clue", target, "colour", colour]:
                return ColourClue(int(target), int(colour))
            case ["clue", target, "rank", rank]:
                return RankClue(int(target), int(rank))
            case ["recover", card]:
                if "@" in card:
                    c, p = card.split("@", 1)
                    return Recover(int(c), int(p))
                return Recover(int(card))
            case ["replay", card]:
                return Replay(int(card))
    except ValueError:
        pass
    raise HanabiError(f"not an action: {text!r}")
