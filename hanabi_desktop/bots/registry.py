"""Bots by name, and bots of the user's own by import path. Entries are imported lazily so listing stays cheap.

A name is either a registered one (`BOTS`) or a plugin's ``package.module:Class``: any class importable from
`sys.path` (PYTHONPATH) that follows the Bot protocol (see `check_protocol` and the README's "Your own bot").
A stand-in may carry human habits after a '+' (``beginner-proxy+trash-2-save+late-save=0.5``; see `habits`).
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from hanabi_desktop.bots.base import Bot
from hanabi_desktop.engine import HanabiError, Variant

# name -> "module:Class"; the class carries its own one-line description.
BOTS: dict[str, str] = {
    "random": "hanabi_desktop.bots.random_bot:RandomBot",
    "conventions": "hanabi_desktop.bots.conventions:ConventionsBot",
    "expert": "hanabi_desktop.bots.expert:ExpertBot",
    "beginner-proxy": "hanabi_desktop.bots.proxies:BeginnerProxy",
    "level2-proxy": "hanabi_desktop.bots.level2_proxy:Level2Proxy",
    "level3-proxy": "hanabi_desktop.bots.level3_proxy:Level3Proxy",
}
DEFAULT_BOT = "conventions"


def split_level(name: str) -> tuple[str, str | None]:
    """'conventions@2' -> ('conventions', '2'): a bot name with the H-group level it plays at, if any."""
    base, sep, level = name.partition("@")
    return base, (level if sep else None)


def split_habits(name: str) -> tuple[str, str | None]:
    """'beginner-proxy+late-save' -> ('beginner-proxy', 'late-save'): a stand-in's name and its habits, if any."""
    base, sep, spec = name.partition("+")
    return base, (spec if sep else None)


def is_plugin(name: str) -> bool:
    """Is `name` an import path (``package.module:Class``) rather than a registered name?"""
    return ":" in name


def bot_class(name: str) -> type[Bot]:
    """The class registered under `name`, or imported from the plugin path ``package.module:Class``.

    A level suffix ('conventions@2') is ignored here; habits ('beginner-proxy+late-save') give the stand-in's
    class with habits. Raises HanabiError naming the choices for an unknown name or habit, and saying what failed
    for a plugin that cannot be imported or does not follow the protocol.
    """
    name, _ = split_level(name)
    if is_plugin(name):
        return _plugin_class(name)
    name, habits = split_habits(name)
    if habits is not None:
        from hanabi_desktop.bots.habits import habitual_class  # here: listing the bots need not import them

        bot_class(name)
        return habitual_class(name, habits)
    target = BOTS.get(name)
    if target is None:
        raise HanabiError(f"unknown bot {name!r}; choose from: " + ", ".join(available())
                          + " (or give your own as package.module:Class)")
    module, cls = target.split(":")
    try:
        return getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise HanabiError(f"the bot {name!r} is not available: {exc}") from None


def _plugin_class(path: str) -> type[Bot]:
    module_name, _, class_name = path.partition(":")
    if not module_name or not class_name or ":" in class_name:
        raise HanabiError(f"bot {path!r}: write your own bot as package.module:Class")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # a plugin's import may fail in any way; say how, never a traceback
        raise HanabiError(f"bot {path!r}: cannot import {module_name!r} ({type(exc).__name__}: {exc}); "
                          "is its folder on PYTHONPATH?") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise HanabiError(f"bot {path!r}: module {module_name!r} has no {class_name!r}")
    check_protocol(cls, path)
    return cls


def check_protocol(cls: Any, path: str) -> None:
    """Raise HanabiError saying how `cls` fails the Bot protocol, if it does.

    The protocol: a class, built as ``cls(seat, players, variant, seed)``, with a method ``decide(view)``
    returning a `Decision`, and optionally ``observe(view)`` (called after every action). Subclassing `Bot`
    gives all of this but `decide`. What `decide` returns is checked on every move by the simulator.
    """
    if not inspect.isclass(cls):
        raise HanabiError(f"bot {path!r} is not a class but {type(cls).__name__}")
    if inspect.isabstract(cls):
        missing = ", ".join(sorted(getattr(cls, "__abstractmethods__", ())))
        raise HanabiError(f"bot {path!r} does not implement {missing}")
    if not callable(getattr(cls, "decide", None)):
        raise HanabiError(f"bot {path!r} has no decide(view) method")
    observe = getattr(cls, "observe", None)
    if observe is not None and not callable(observe):
        raise HanabiError(f"bot {path!r}: observe must be a method observe(view)")
    try:
        inspect.signature(cls).bind(0, 2, None, "seed")
    except TypeError:
        raise HanabiError(f"bot {path!r}: its constructor must accept (seat, players, variant, seed)") from None
    except ValueError:  # no signature to inspect (a class implemented in C): let the first game tell
        pass


def available() -> list[str]:
    """Registered names of the bots that can be created here."""
    out = []
    for name, target in BOTS.items():
        module, cls = target.split(":")
        try:
            getattr(importlib.import_module(module), cls)
        except (ImportError, AttributeError):
            continue
        out.append(name)
    return out


def offered() -> list[str]:
    """Registered bots a player may seat in the game (the measurement stand-ins are left out)."""
    return [name for name in available() if bot_class(name).offered]


def check_name(name: str) -> None:
    """HanabiError saying what is wrong if `name` ('expert', 'conventions@2') names no bot this build has."""
    cls = bot_class(name)
    _, level = split_level(name)
    levels = getattr(cls, "levels", {})
    if level is not None and str(level).lower() not in levels:
        raise HanabiError(f"the bot {name!r} has no level {level!r}"
                          + (f"; choose from: {', '.join(levels)}" if levels else ""))


def create(name: str, seat: int, players: int, variant: Variant, seed: int | str = 0) -> Bot:
    """A new bot of kind `name` (registered, or a plugin path); 'conventions@3' plays at H-group level 3."""
    cls = bot_class(name)
    _, level = split_level(name)
    if not is_plugin(name) and (habits := split_habits(name)[1]) is not None:
        return cls(seat, players, variant, seed, habits=habits)  # type: ignore[call-arg]
    if level is None:
        return cls(seat, players, variant, seed)
    try:
        return cls(seat, players, variant, seed, level=level)  # type: ignore[call-arg]
    except (TypeError, ValueError) as exc:
        raise HanabiError(f"the bot {name!r} cannot be created: {exc}") from None
