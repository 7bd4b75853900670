"""The pygame-ce front end: the app loop, the scene stack and intents here; the screens in ``scenes/``, the
table on screen in ``tableview/``, the replay viewer's review in ``replayview/``, shared widgets in
``widgets/``, theme, card art, sound and animation in ``art/``.

Everything in here may import pygame; nothing outside ``ui/`` does but the measuring tools (``measure/``).
Scenes reach the game through the table package (``hanabi_desktop.table``).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any ui module imports pygame
