"""Where this computer keeps its network tables' files, in the player's data folder (platformdirs, as the saves).
Nothing else is imported here: the title looks at these folders before it loads any network code."""

from __future__ import annotations

from pathlib import Path

from hanabi_desktop import storage


def hosted_dir() -> Path:
    """The table this computer hosts: its save (with the seats' tokens) and its port."""
    return storage.data_dir() / "hosted"


def saved_tables_dir() -> Path:
    return hosted_dir() / "tables"


def kept_dir() -> Path:
    """The seat this player holds at another computer's table, and the tables' card notes."""
    return storage.data_dir() / "network"
