"""After the game: the full-information solver and the per-turn review (pure Python: no pygame, no UI)."""
