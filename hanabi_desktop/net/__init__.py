"""Network play: the protocol, the host (in the game or headless `serve`), the client and LAN discovery.

Nothing here imports pygame, and the engine never imports this package. PROTOCOL.md beside this file documents
the messages and the limits.
"""
