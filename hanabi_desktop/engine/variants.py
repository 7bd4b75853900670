"""Variants as data: the suits in play plus rule flags, and the named presets of the rulebooks.

Suit order follows hanab.live (red, yellow, green, blue, then the fifth colour) so that a suit index means
the same thing in our records and in hanab.live's JSON. Our fifth colour is the rulebooks' white, which
hanab.live draws as purple: a cosmetic difference only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from hanabi_desktop.engine.cards import (
    NORMAL_COPIES,
    REVERSED_COPIES,
    SHORT_COPIES,
    Card,
    ColourClues,
    Suit,
    bit,
    identity_of,
)
from hanabi_desktop.engine.errors import HanabiError
from hanabi_desktop.engine.text import shown
from hanabi_desktop.i18n import N_, _, pgettext

RED = Suit("r", N_("red"))
YELLOW = Suit("y", N_("yellow"))
GREEN = Suit("g", N_("green"))
BLUE = Suit("b", N_("blue"))
WHITE = Suit("w", N_("white"))
MULTI = Suit("m", N_("multicolour"))  # Variant 1: a sixth ordinary colour
MULTI_SHORT = Suit("m", "multicolour", copies=SHORT_COPIES)  # Variant 2: one card of each rank
# Variant 3 / Colour Avalanche: the rulebook's multicolour, named 'rainbow' on screen (as the menu and hanab.live
# call it), so the log and the variant list agree; the ordinary sixth colour of Six suits keeps 'multicolour'.
RAINBOW = Suit("m", N_("rainbow"), colour_clues=ColourClues.ALL)
BLACK = Suit(
    "k", N_("black"), copies=REVERSED_COPIES, colour_clues=ColourClues.NONE, descending=True, penalty_scoring=True
)

BASE_SUITS = (RED, YELLOW, GREEN, BLUE, WHITE)

RATINGS_25 = (
    (5, N_("horrible, booed by the crowd")),
    (10, N_("mediocre, just a hint of scattered applause")),
    (15, N_("honourable, but will not be remembered for very long")),
    (20, N_("excellent, crowd pleasing")),
    (24, N_("amazing, will be remembered for a very long time")),
    (25, N_("legendary, everyone left speechless, stars in their eyes")),
)
RATINGS_30 = RATINGS_25[:-1] + (
    (29, N_("legendary, everyone left speechless, stars in their eyes")),
    (30, N_("divine: the gods themselves applaud")),
)

FLAMBOYANT_SUFFIX = " + 5 Flamboyants"


def _after_the_article(suit: str) -> str:
    """The card name of `suit` (its English name) after a definite article, with a {rank} placeholder."""
    # Translators: a card named after a definite article ("the last red 3", German "die rote 3"): the colour's form
    # and the order your language needs there, e.g. German "rote {rank}", French "{rank} rouge" (le dernier 3 rouge).
    return {
        "red": pgettext("card after an article", "red {rank}"),
        "yellow": pgettext("card after an article", "yellow {rank}"),
        "green": pgettext("card after an article", "green {rank}"),
        "blue": pgettext("card after an article", "blue {rank}"),
        "white": pgettext("card after an article", "white {rank}"),
        "multicolour": pgettext("card after an article", "multicolour {rank}"),
        "rainbow": pgettext("card after an article", "rainbow {rank}"),
        "black": pgettext("card after an article", "black {rank}"),
    }[suit]


@dataclass(frozen=True)
class Variant:
    """The suits in play and the rule flags. Immutable and hashable; presets are in `PRESETS`."""

    name: str
    suits: tuple[Suit, ...]
    empty_clues: bool = False
    final_flourish: bool = False
    flamboyants: bool = False
    description: str = ""

    # A Variant is a value: copies share it. Deep-copying one would also walk the cached properties below while
    # another thread may be filling them ("dictionary changed size during iteration": a review deep-copying a bot
    # while the table's threads read the same variant).
    def __copy__(self) -> Variant:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Variant:
        return self

    # -- derived data, computed once -------------------------------------------------------------
    @cached_property
    def clue_colours(self) -> tuple[int, ...]:
        """Suit indices that can be named in a colour clue, in order (the clue 'value' indexes this)."""
        return tuple(i for i, s in enumerate(self.suits) if s.colour_clues is ColourClues.NAMED)

    @cached_property
    def colour_masks(self) -> tuple[int, ...]:
        """For each clue colour, the bit mask of identities that a clue of it touches."""
        masks = []
        for suit_index in self.clue_colours:
            mask = 0
            for s, suit in enumerate(self.suits):
                if s == suit_index or suit.colour_clues is ColourClues.ALL:
                    for r in range(1, 6):
                        mask |= bit(identity_of(s, r))
            masks.append(mask)
        return tuple(masks)

    @cached_property
    def rank_masks(self) -> dict[int, int]:
        """For each rank 1..5, the bit mask of identities a rank clue touches."""
        return {r: sum(bit(identity_of(s, r)) for s in range(len(self.suits))) for r in range(1, 6)}

    @cached_property
    def all_mask(self) -> int:
        """Every identity of the variant."""
        return (1 << (5 * len(self.suits))) - 1

    @cached_property
    def copies(self) -> tuple[int, ...]:
        """Copies in the deck of each identity, indexed by packed identity."""
        return tuple(suit.copies[r - 1] for suit in self.suits for r in range(1, 6))

    @cached_property
    def deck_size(self) -> int:
        """Number of cards in the deck."""
        return sum(self.copies)

    @cached_property
    def max_score(self) -> int:
        """The best possible score (25, or 30 with a sixth ordinary suit)."""
        return 5 * sum(1 for s in self.suits if not s.penalty_scoring)

    @cached_property
    def colour_names(self) -> tuple[str, ...]:
        """Names of the clue colours, in clue-value order."""
        return tuple(self.suits[i].name for i in self.clue_colours)

    @cached_property
    def _sorted_cards(self) -> tuple[Card, ...]:
        return tuple(Card(s, r) for s, suit in enumerate(self.suits) for r in range(1, 6) for _ in range(suit.copies[r - 1]))

    def sorted_deck(self) -> list[Card]:
        """Every card of the deck, in suit then rank order (shuffle it to deal)."""
        return list(self._sorted_cards)

    def card_text(self, card: Card) -> str:
        """Compact text form of a card: 'r3', 'm5', 'k1'."""
        return f"{self.suits[card.suit].letter}{card.rank}"

    def card_name(self, card: Card) -> str:
        """Readable name of a card: 'red 3'."""
        return pgettext("card name", "{suit} {rank}").format(suit=_(self.suits[card.suit].name), rank=card.rank)

    def article_card_name(self, card: Card) -> str:
        """A card's name as it follows a definite article ('the last red 3'), where languages need the colour's
        adjective form or another order (German 'die letzte rote 3', French 'le dernier 3 rouge')."""
        return _after_the_article(self.suits[card.suit].name).format(rank=card.rank)

    def parse_card(self, text: str) -> Card:
        """Inverse of `card_text`."""
        text = text.strip().lower()
        for s, suit in enumerate(self.suits):
            if len(text) == 2 and text[0] == suit.letter and text[1] in "12345":
                return Card(s, int(text[1]))
        raise HanabiError(f"not a card of {self.name}: {text!r}")

    def colour_index(self, name: str) -> int:
        """Clue-value index of a colour name ('red'), or a ValueError naming the choices."""
        name = name.strip().lower()
        for i, s in enumerate(self.clue_colours):
            suit = self.suits[s]
            if name in (suit.name, suit.letter):
                return i
        raise HanabiError(f"{name!r} is not a colour you can name in {self.name}: choose from "
                          + ", ".join(self.colour_names))

    def rating(self, score: int) -> str:
        """The rulebook's 'artistic impression' for a score."""
        if self.final_flourish:
            return _("victory: a perfect display") if score >= self.max_score else _("defeat: the display fell short")
        scale = RATINGS_30 if self.max_score == 30 else RATINGS_25
        for top, text in scale:
            if score <= top:
                return _(text)
        return _(scale[-1][1])

    def with_options(self, *, empty_clues: bool | None = None, final_flourish: bool | None = None,
                     flamboyants: bool | None = None) -> Variant:
        """This variant with some rule flags changed."""
        return replace(
            self,
            empty_clues=self.empty_clues if empty_clues is None else empty_clues,
            final_flourish=self.final_flourish if final_flourish is None else final_flourish,
            flamboyants=self.flamboyants if flamboyants is None else flamboyants,
        )

    # -- hanab.live names ------------------------------------------------------------------------
    @property
    def structure_name(self) -> str:
        """hanab.live's name for this set of suits (or our own name where hanab.live has none)."""
        for name, suits in HANABLIVE_STRUCTURES.items():
            if suits == self.suits:
                return name
        raise HanabiError(f"no variant name for the suits of {self.name}")

    @property
    def hanablive_name(self) -> str:
        """Name written to `options.variant` in a hanab.live JSON record."""
        name = self.structure_name
        return name + FLAMBOYANT_SUFFIX if self.flamboyants else name


HANABLIVE_STRUCTURES: dict[str, tuple[Suit, ...]] = {
    "No Variant": BASE_SUITS,
    "6 Suits": BASE_SUITS + (MULTI,),
    "Black (6 Suits)": BASE_SUITS + (MULTI_SHORT,),
    "Rainbow (6 Suits)": BASE_SUITS + (RAINBOW,),
    "White Reversed (6 Suits)": BASE_SUITS + (BLACK,),
    # hanab.live has no seven-suit variants: this name is our own.
    "Colour Avalanche & Black Powder (7 Suits)": BASE_SUITS + (RAINBOW, BLACK),
}


def variant_from_hanablive(name: str, *, empty_clues: bool = False, all_or_nothing: bool = False) -> Variant:
    """The variant a hanab.live record names, or a HanabiError saying it is not supported."""
    flamboyants = name.endswith(FLAMBOYANT_SUFFIX)
    structure = name[: -len(FLAMBOYANT_SUFFIX)] if flamboyants else name
    suits = HANABLIVE_STRUCTURES.get(structure)
    if suits is None:
        raise HanabiError(
            f"the variant {shown(name)} is not supported; supported variants: " + ", ".join(HANABLIVE_STRUCTURES)
        )
    for preset in PRESETS.values():
        if preset.suits == suits and not preset.final_flourish and preset.flamboyants == flamboyants:
            return preset.with_options(empty_clues=empty_clues, final_flourish=all_or_nothing)
    return Variant(name, suits, empty_clues, all_or_nothing, flamboyants)


def _preset(key: str, name: str, suits: tuple[Suit, ...], description: str, **flags: bool) -> tuple[str, Variant]:
    return key, Variant(name=name, suits=suits, description=description, **flags)


PRESETS: dict[str, Variant] = dict(
    [
        _preset("classic", N_("Classic"), BASE_SUITS,
                N_("The original game: five colours, 50 cards, up to 25 points.")),
        _preset("six-suits", N_("Six suits"), BASE_SUITS + (MULTI,),
                N_("Multicolour variant 1: a sixth colour of 10 cards with its own clue; up to 30 points.")),
        _preset("six-suits-short", N_("Six suits, short"), BASE_SUITS + (MULTI_SHORT,),
                N_("Multicolour variant 2: a sixth colour with one card of each rank (55 cards); up to 30 points.")),
        _preset("rainbow", N_("Rainbow"), BASE_SUITS + (RAINBOW,),
                N_("Multicolour variant 3: rainbow cards are touched by every colour clue; up to 30 points.")),
        _preset("colour-avalanche", N_("Colour Avalanche"), BASE_SUITS + (RAINBOW,),
                N_("Deluxe add-on: 10 rainbow cards that every colour clue touches, their own firework.")),
        _preset("final-flourish", N_("Final flourish"), BASE_SUITS,
                N_("Expert mode: play on after the deck runs out; win with a perfect display or lose."),
                final_flourish=True),
        _preset("black-powder", N_("Black Powder"), BASE_SUITS + (BLACK,),
                N_("Deluxe add-on: a colourless black firework built 5 down to 1; -1 point per missing black card.")),
        _preset("flamboyants", N_("5 Flamboyants"), BASE_SUITS,
                N_("Deluxe add-on: completing a firework reveals a bonus tile instead of a clue token."),
                flamboyants=True),
        _preset("avalanche-black-powder", N_("Colour Avalanche + Black Powder"), BASE_SUITS + (RAINBOW, BLACK),
                N_("Deluxe: rainbow touched by every colour clue, and a descending colourless black firework.")),
        _preset("deluxe", N_("Grand spectacle (the three Deluxe add-ons)"), BASE_SUITS + (RAINBOW, BLACK),
                N_("Colour Avalanche, Black Powder and 5 Flamboyants together; Final flourish stays an option."),
                flamboyants=True),
    ]
)


def get_variant(key: str, *, empty_clues: bool = False, final_flourish: bool | None = None,
                flamboyants: bool | None = None) -> Variant:
    """A preset by key (see `PRESETS`), with rule options turned on where asked."""
    preset = PRESETS.get(key.strip().lower())
    if preset is None:
        raise HanabiError(f"unknown variant {shown(key)}; choose from: " + ", ".join(PRESETS))
    return preset.with_options(
        empty_clues=empty_clues or preset.empty_clues,
        final_flourish=final_flourish,
        flamboyants=flamboyants,
    )


__all__ = [
    "BASE_SUITS", "BLACK", "MULTI", "MULTI_SHORT", "PRESETS", "RAINBOW", "Variant", "get_variant",
    "variant_from_hanablive", "NORMAL_COPIES",
]
