"""Bots by name. Entries are imported lazily so that listing them stays cheap."""

from __future__ import annotations

import importlib

from hanabi_desktop.bots.base import Bot
from hanabi_desktop.engine import HanabiError, Variant

# name -> "module:Class"; the class carries its own one-line description.
BOTS: dict[str, str] = {
    "random": "hanabi_desktop.bots.random_bot:RandomBot",
    "conventions": "hanabi_desktop.bots.conventions:ConventionsBot",
    "expert": "hanabi_desktop.bots.expert:ExpertBot",
}
DEFAULT_BOT = "conventions"


def split_level(name: str) -> tuple[str, str | None]:
    """'conventions@2' -> ('conventions', '2'): a bot name with the H-group level it plays at, if any."""
    base, sep, level = name.partition("@")
    return base, (level if sep else None)


def bot_class(name: str) -> type[Bot]:
    """The class registered under `name` (HanabiError naming the choices if there is none)."""
    name, _ = split_level(name)
    target = BOTS.get(name)
    if target is None:
        raise HanabiError(f"unknown bot {name!r}; choose from: " + ", ".join(available()))
    module, cls = target.split(":")
    try:
        return getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise HanabiError(f"the bot {name!r} is not available: {exc}") from None


def available() -> list[str]:
    """Names of the bots that can be created here."""
    out = []
    for name, target in BOTS.items():
        module, cls = target.split(":")
        try:
            getattr(importlib.import_module(module), cls)
        except (ImportError, AttributeError):
            continue
        out.append(name)
    return out


def check_name(name: str) -> None:
    """HanabiError saying what is wrong if `name` ('expert', 'conventions@2') names no bot this build has."""
    cls = bot_class(name)
    _, level = split_level(name)
    levels = getattr(cls, "levels", {})
    if level is not None and str(level).lower() not in levels:
        raise HanabiError(f"the bot {name!r} has no level {level!r}"
                          + (f"; choose from: {', '.join(levels)}" if levels else ""))


def create(name: str, seat: int, players: int, variant: Variant, seed: int | str = 0) -> Bot:
    """A new bot of kind `name` for one seat of one game; 'conventions@3' plays at H-group level 3."""
    cls = bot_class(name)
    _, level = split_level(name)
    if level is None:
        return cls(seat, players, variant, seed)
    try:
        return cls(seat, players, variant, seed, level=level)  # type: ignore[call-arg]
    except (TypeError, ValueError) as exc:
        raise HanabiError(f"the bot {name!r} cannot be created: {exc}") from None
