"""The kept games as a history: each game summarised once (`summary`), the replays folder read through an index
(`index`), and what each player's games add up to (`stats`). No pygame.

This module itself is light (no engine): the title screen asks `warm_up` without loading the rules.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

INDEX_FILE = "history-index.json"  # beside the replays folder (`index`)
READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="history")  # one at a time: they share the index


def warm_up() -> Future[Any] | None:
    """Read the history on its thread now if that is quick (the index is there), so that the history screen
    and the Replays list, opened later, find it read: the title screen asks this. Without an index (the first
    run after an update) nothing is read until a screen asks; the engine is loaded on that thread, not here."""
    from hanabi_desktop import storage

    if not (storage.data_dir() / INDEX_FILE).is_file():
        return None

    def read() -> object:
        from hanabi_desktop.history.index import load_history

        return load_history()

    return READER.submit(read)
