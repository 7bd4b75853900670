"""Measuring tools (engine, frame, idle-CPU and solver benches; the HLE cross-check); the game never imports them."""
