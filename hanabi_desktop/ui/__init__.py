"""The pygame-ce front end: app loop, scene stack, intents, theme, widgets, layout, cards, animation, sound.

Everything in here may import pygame; nothing outside ``ui/`` (except ``cli.py``'s play command) does.
Scenes talk to the session (``hanabi_desktop.session``), never to the engine's internals directly.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any ui module imports pygame
