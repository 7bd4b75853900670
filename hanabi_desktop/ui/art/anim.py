"""Animations driven by dt: easing curves, tweens between rectangles, cards in flight, flashes and particles.

Animations are decoration only: the game state has already changed when one starts, so input is never waiting
on them. An `Animator` owns the running ones; the table asks it which cards are in flight (so it does not also
draw them at their destination) and lets it draw them on top.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

Ease = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and landing."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles (a card snapping back into place)."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    """The value a fraction `t` of the way from `a` to `b`."""
    return a + (b - a) * t


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    """The rectangle a fraction `t` of the way from `a` to `b` (position and size)."""
    return pygame.Rect(round(lerp(a.x, b.x, t)), round(lerp(a.y, b.y, t)), round(lerp(a.w, b.w, t)),
                       round(lerp(a.h, b.h, t)))


@dataclass
class Tween:
    """A value going from 0 to 1 over `duration` seconds after `delay`, shaped by `ease`."""

    duration: float
    ease: Ease = ease_out_cubic
    delay: float = 0.0
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds."""
        self.elapsed += dt

    @property
    def started(self) -> bool:
        """Has the delay passed?"""
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        """Has the tween reached its end?"""
        return self.elapsed >= self.delay + self.duration

    @property
    def t(self) -> float:
        """Eased progress, 0..1."""
        if self.duration <= 0:
            return 1.0
        raw = max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))
        return self.ease(raw)


@dataclass
class FlyingCard:
    """Card `order` travelling from `start` to `end`, drawn by `draw_card(surface, order, rect)`."""

    order: int
    start: pygame.Rect
    end: pygame.Rect
    tween: Tween
    lift: float = 0.0  # arc height as a fraction of the card height (a toss rather than a slide)

    def rect(self) -> pygame.Rect:
        """Where the card is now."""
        t = self.tween.t
        r = lerp_rect(self.start, self.end, t)
        r.y -= round(math.sin(math.pi * min(1.0, t)) * self.lift * self.end.h)
        return r


@dataclass
class Flash:
    """A ring expanding out of `rect` and fading (an error tile burning, a clue landing)."""

    rect: pygame.Rect
    colour: tuple[int, int, int]
    tween: Tween

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the flash at its current stage."""
        if not self.tween.started:
            return
        t = self.tween.t
        grow = round(max(self.rect.w, self.rect.h) * 0.6 * t)
        r = self.rect.inflate(grow, grow)
        alpha = round(230 * (1 - t))
        if alpha <= 0 or r.w <= 0 or r.h <= 0:
            return
        ring = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(ring, (*self.colour, alpha), ring.get_rect(), width=max(2, r.w // 12),
                         border_radius=max(3, r.w // 5))
        surface.blit(ring, r)


@dataclass
class Particles:
    """A firework burst: sparks thrown out of `centre`, falling and fading over `life` seconds."""

    centre: tuple[float, float]
    colours: list[tuple[int, int, int]]
    scale: float = 1.0
    count: int = 70
    life: float = 1.3
    elapsed: float = 0.0
    sparks: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = random.Random(hash(self.centre))
        for _ in range(self.count):
            a = rng.uniform(0, math.tau)
            v = rng.uniform(120, 320) * self.scale
            self.sparks.append([self.centre[0], self.centre[1], math.cos(a) * v, math.sin(a) * v - 60 * self.scale,
                                rng.randrange(len(self.colours))])

    @property
    def done(self) -> bool:
        """Have all the sparks faded?"""
        return self.elapsed >= self.life

    def update(self, dt: float) -> None:
        """Move the sparks (with drag and gravity)."""
        self.elapsed += dt
        drag = max(0.0, 1 - 1.8 * dt)
        for s in self.sparks:
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[2] *= drag
            s[3] = s[3] * drag + 260 * self.scale * dt

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the sparks, shrinking as they fade."""
        fade = 1 - self.elapsed / self.life
        r = max(1, round(3.2 * self.scale * fade))
        for s in self.sparks:
            pygame.draw.circle(surface, self.colours[int(s[4])], (s[0], s[1]), r)


class Animator:
    """The running animations of one scene, all advanced by `update(dt)` at `speed` (the settings' speed)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.cards: list[FlyingCard] = []
        self.flashes: list[Flash] = []
        self.bursts: list[Particles] = []

    def fly(self, order: int, start: pygame.Rect, end: pygame.Rect, duration: float = 0.45, delay: float = 0.0,
            lift: float = 0.0, ease: Ease = ease_in_out_cubic) -> FlyingCard:
        """Start card `order` flying from `start` to `end` (replacing a flight it was already on)."""
        self.cards = [c for c in self.cards if c.order != order]
        card = FlyingCard(order, pygame.Rect(start), pygame.Rect(end), Tween(duration, ease, delay), lift)
        self.cards.append(card)
        return card

    def flash(self, rect: pygame.Rect, colour: tuple[int, int, int], duration: float = 0.6,
              delay: float = 0.0) -> None:
        """Start a ring flash around `rect`."""
        self.flashes.append(Flash(pygame.Rect(rect), colour, Tween(duration, ease_out_cubic, delay)))

    def burst(self, centre: tuple[float, float], colours: list[tuple[int, int, int]], scale: float = 1.0) -> None:
        """Start a firework burst at `centre`."""
        self.bursts.append(Particles(centre, colours, scale))

    @property
    def busy(self) -> bool:
        """Is anything still moving?"""
        return bool(self.cards or self.flashes or self.bursts)

    def area(self) -> list[pygame.Rect]:
        """Where the running animations paint now (generously: shadows, ring widths, spark sizes included)."""
        rects = []
        for c in self.cards:
            r = c.rect()
            rects.append(r.inflate(r.w // 3 + 8, r.h // 3 + 8))
        for f in self.flashes:
            grow = round(max(f.rect.w, f.rect.h) * 0.6) + 8
            rects.append(f.rect.inflate(grow, grow))
        for b in self.bursts:
            xs = [s[0] for s in b.sparks]
            ys = [s[1] for s in b.sparks]
            pad = round(3.2 * b.scale) + 4
            rects.append(pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                     max(ys) - min(ys) + 2 * pad))
        return rects

    def in_flight(self) -> set[int]:
        """Orders of the cards currently drawn by the animator instead of at their resting place."""
        return {c.order for c in self.cards}

    def update(self, dt: float) -> None:
        """Advance everything by `dt` seconds times `speed`; drop what has finished."""
        if self.speed <= 0:
            self.cards.clear()
            self.flashes.clear()
            self.bursts.clear()
            return
        dt *= self.speed
        for c in self.cards:
            c.tween.update(dt)
        for f in self.flashes:
            f.tween.update(dt)
        for b in self.bursts:
            b.update(dt)
        self.cards = [c for c in self.cards if not c.tween.done]
        self.flashes = [f for f in self.flashes if not f.tween.done]
        self.bursts = [b for b in self.bursts if not b.done]

    def draw(self, surface: pygame.Surface, draw_card: Callable[[pygame.Surface, int, pygame.Rect], None]) -> None:
        """Paint flashes, flying cards (through `draw_card`) and bursts, in that order."""
        for f in self.flashes:
            f.draw(surface)
        for c in self.cards:
            draw_card(surface, c.order, c.rect())
        for b in self.bursts:
            b.draw(surface)

    def stop(self, order: int) -> None:
        """Land card `order` at once (it is being picked up)."""
        self.cards = [c for c in self.cards if c.order != order]

    def finish(self) -> None:
        """Stop everything at once."""
        self.cards.clear()
        self.flashes.clear()
        self.bursts.clear()
