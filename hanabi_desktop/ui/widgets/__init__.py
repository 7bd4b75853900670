"""Widgets shared by every scene: controls, call-outs, notices, text wrapping."""
