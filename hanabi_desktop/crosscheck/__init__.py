"""Checks of our rules engine against independent implementations (optional dependencies, never required)."""
