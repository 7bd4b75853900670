"""A small panel asked over the screen below (a question, a note being written): its widgets are all it does, and
the screen below, darkened, takes no input meanwhile."""

from __future__ import annotations

import pygame

from hanabi_desktop.ui.scene import Scene
from hanabi_desktop.ui.widgets.group import WidgetGroup


class DialogScene(Scene):
    """A scene whose life is its `widgets` (moving, looking, waking up) drawn over the darkened screen below."""

    def __init__(self, app) -> None:  # noqa: ANN001 - AppContext
        super().__init__(app)
        self.widgets = WidgetGroup()
        self.unit = 1.0

    def update(self, dt: float) -> None:
        self.widgets.update(dt)

    def look(self) -> object:
        return self.widgets.look()

    def wake_after(self) -> float | None:
        return self.widgets.wake_after()

    def shade(self, surface: pygame.Surface, alpha: int) -> None:
        """Darken what the screen below drew (`alpha` of 255)."""
        veil = pygame.Surface(self.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, alpha))
        surface.blit(veil, (0, 0))
