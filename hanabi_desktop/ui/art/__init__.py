"""How the game looks, sounds and moves: theme, card art, sound effects, animation primitives."""
