"""Built-in players. Each sees only its own seat's `PlayerView`; look them up by name in the registry."""

from hanabi_desktop.bots.base import Bot, Decision

__all__ = ["Bot", "Decision"]
