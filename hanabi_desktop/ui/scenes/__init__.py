"""Scenes of the game: one module per screen (table, curtain, title, new game, settings, rules, results, replay)."""
