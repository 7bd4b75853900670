"""Error types of the rules engine. Every message is meant to be read by a player."""


class HanabiError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(HanabiError):
    """An action that the rules do not allow in the current state (the message says why)."""


class RecordError(HanabiError):
    """A game record that cannot be read: malformed, unknown variant, impossible deck."""
