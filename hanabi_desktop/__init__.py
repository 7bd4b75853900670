"""Hanabi Desktop: the cooperative fireworks card game."""

__version__ = "0.1.0"
