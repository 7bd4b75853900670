"""The game at the table, pygame-free: set-up, seats and the bots' worker, turn flow and undo, saves, narration, hypotheticals, autosave, hints and cautions."""
