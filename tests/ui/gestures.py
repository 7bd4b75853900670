"""A player's gestures for UI tests: events posted to pygame's queue and one frame run, as a person's click,
drag or key press reaches the game. No step is forced: when the UI ignores a gesture, the test sees it."""

from __future__ import annotations

import pygame

from hanabi_desktop.ui.app import App


def post(kind: int, **kw) -> None:  # noqa: ANN003
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the pointer to `pos`, press and release the left button, run a frame."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.frame(0.02)


def drag(app: App, a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> None:
    """Press at `a`, move in `steps` steps to `b`, release there, run a frame."""
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.frame(0.02)


def key(app: App, k: int, text: str = "") -> None:
    """Press key `k` (typing `text`), run a frame."""
    post(pygame.KEYDOWN, key=k, mod=0, unicode=text)
    app.frame(0.02)
