"""A new game's set-up: the seats (a person's name, or a bot's registry name) and the variant with its options,
and their JSON form (the saved game and the last set-up the New game screen offers again). No pygame."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from hanabi_desktop.engine import HanabiError, Variant, get_variant
from hanabi_desktop.engine.text import clean_text, shown
from hanabi_desktop.i18n import _

MAX_NAME = 16


def name_key(name: str) -> str:
    """What two seats' names must not share: names that read the same have one key (any case, full-width letters,
    invisible characters and spaces around or repeated do not make a name another).

    >>> name_key(" Bob\u200b") == name_key("ＢＯＢ") == "bob"
    True
    """
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if unicodedata.category(ch) != "Cf")
    return " ".join(text.casefold().split())


@dataclass
class SeatSpec:
    """One seat: a person's name, or a bot (its registry name) with a display name."""

    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


@dataclass
class Setup:
    """Everything needed to deal a new game: seats, variant preset and rule options, and an optional seed."""

    seats: list[SeatSpec]
    variant: str = "classic"
    empty_clues: bool = False
    final_flourish: bool = False
    flamboyants: bool = False
    seed: str | None = None

    def make_variant(self) -> Variant:
        """The engine variant: the preset with the options turned on (an option a preset has stays on)."""
        preset = get_variant(self.variant)
        return get_variant(self.variant, empty_clues=self.empty_clues,
                           final_flourish=self.final_flourish or preset.final_flourish,
                           flamboyants=self.flamboyants or preset.flamboyants)

    def check(self) -> None:
        """Raise `ValueError` saying what is wrong with this set-up."""
        if not 2 <= len(self.seats) <= 5:
            raise ValueError(_("Hanabi is for 2 to 5 players, not {n}.").format(n=len(self.seats)))
        names = [s.name.strip() for s in self.seats]
        if any(not n for n in names):
            raise ValueError(_("Every seat needs a name."))
        if len(set(map(name_key, names))) != len(names):
            raise ValueError(_("Two seats have the same name."))
        try:
            self.make_variant()
        except HanabiError as exc:
            raise ValueError(str(exc)) from None
        from hanabi_desktop.bots.registry import check_name

        for s in self.seats:
            if s.bot is not None:
                try:
                    check_name(s.bot)  # a registered name, with a level it has ('conventions@2')
                except HanabiError:
                    raise ValueError(_("There is no bot called {bot}.").format(bot=shown(s.bot))) from None

    def to_json(self) -> dict[str, Any]:
        return {"seats": [s.to_json() for s in self.seats], "variant": self.variant,
                "empty_clues": self.empty_clues, "final_flourish": self.final_flourish,
                "flamboyants": self.flamboyants, "seed": self.seed}

    @classmethod
    def from_json(cls, data: Any) -> Setup:
        """Read `to_json` output back; `ValueError` with a clear message if it is not a set-up."""
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
            raise ValueError("not a game set-up")
        if not 2 <= len(data["seats"]) <= 5:  # before reading them: a file may list a million seats
            raise ValueError(_("Hanabi is for 2 to 5 players, not {n}.").format(n=len(data["seats"])))
        seats = []
        for s in data["seats"]:
            if not isinstance(s, dict) or not isinstance(s.get("name"), str):
                raise ValueError("a seat has no name")
            bot = s.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise ValueError("a seat's bot must be a bot name")
            seats.append(SeatSpec(clean_text(s["name"], MAX_NAME), bot))
        seed, variant = data.get("seed"), data.get("variant", "classic")
        if not isinstance(variant, str):
            raise ValueError("the variant must be a preset name")
        if not (seed is None or isinstance(seed, (str, int)) and not isinstance(seed, bool)):
            raise ValueError("the seed must be text")
        flags = {}
        for key in ("empty_clues", "final_flourish", "flamboyants"):
            flags[key] = data.get(key, False)
            if not isinstance(flags[key], bool):
                raise ValueError(f"{key} must be true or false")
        setup = cls(seats, variant, seed=None if seed in (None, "") else clean_text(str(seed), 64), **flags)
        setup.check()
        return setup
