"""Draw the Hanabi Desktop app icon: a firework burst in the five suit colours
on a dark rounded square.

Needs Pillow (``pip install pillow``); it is used by this script only, not by the game.

    python build_scripts/make_icon.py            # writes assets/icons/hanabi.{png,ico,icns}
    python build_scripts/make_icon.py --out DIR

The icon is drawn at 1024x1024 with Pillow's anti-aliasing helped by
supersampling, then scaled down for each output size.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

TAU = 2.0 * math.pi
SIZE = 1024  # master size
SUPER = 2  # supersampling factor for the vector drawing

# The five Hanabi suits, as bright firework colours.
SUIT_COLOURS = [
    (255, 82, 82),  # red
    (255, 210, 64),  # yellow
    (92, 220, 120),  # green
    (80, 160, 255),  # blue
    (245, 245, 255),  # white
]
BG_TOP = (34, 38, 78)
BG_BOTTOM = (10, 11, 28)

ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 128, 256]


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(c1: Sequence[int], c2: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(lerp(a, b, t))) for a, b in zip(c1, c2, strict=True))  # type: ignore[return-value]


def rounded_mask(size: int, margin: float, radius: float) -> Image.Image:
    big = size * SUPER
    m = Image.new("L", (big, big), 0)
    d = ImageDraw.Draw(m)
    inset = int(margin * big)
    d.rounded_rectangle((inset, inset, big - inset - 1, big - inset - 1), radius=int(radius * big), fill=255)
    return m.resize((size, size), Image.Resampling.LANCZOS)


def background(size: int, centre: tuple[float, float]) -> Image.Image:
    """Vertical gradient with a soft radial glow behind the burst."""
    bg = Image.new("RGB", (size, size))
    px = bg.load()
    cx, cy = centre[0] * size, centre[1] * size
    glow_r = 0.55 * size
    for y in range(size):
        base = mix(BG_TOP, BG_BOTTOM, y / (size - 1))
        for x in range(size):
            d = math.hypot(x - cx, y - cy) / glow_r
            g = max(0.0, 1.0 - d) ** 2 * 0.35
            px[x, y] = mix(base, (70, 60, 120), g)
    return bg


def ray_polygon(
    cx: float, cy: float, angle: float, r0: float, r1: float, w0: float, w1: float
) -> list[tuple[float, float]]:
    """A tapered streak from radius r0 (width w0) to r1 (width w1)."""
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = -uy, ux
    return [
        (cx + ux * r0 + nx * w0 / 2, cy + uy * r0 + ny * w0 / 2),
        (cx + ux * r1 + nx * w1 / 2, cy + uy * r1 + ny * w1 / 2),
        (cx + ux * r1 - nx * w1 / 2, cy + uy * r1 - ny * w1 / 2),
        (cx + ux * r0 - nx * w0 / 2, cy + uy * r0 - ny * w0 / 2),
    ]


def draw_burst(
    layer: Image.Image,
    centre: tuple[float, float],
    radius: float,
    rays: int,
    colours: Sequence[tuple[int, int, int]],
    rotation: float,
    rng: random.Random,
    width: float,
    alpha: int = 255,
) -> None:
    """Draw one burst (in layer pixel units: centre and radius are fractions of its size)."""
    s = layer.size[0]
    d = ImageDraw.Draw(layer)
    cx, cy = centre[0] * s, centre[1] * s
    for i in range(rays):
        angle = rotation + TAU * i / rays
        long_ray = i % 2 == 0
        r1 = radius * s * (1.0 if long_ray else 0.78) * rng.uniform(0.95, 1.03)
        r0 = r1 * 0.3
        colour = colours[i % len(colours)]
        w = width * s * (1.0 if long_ray else 0.8)
        d.polygon(ray_polygon(cx, cy, angle, r0, r1 - w * 0.5, w * 0.1, w), fill=colour + (alpha,))
        # A bright round star at the tip.
        tx, ty = cx + math.cos(angle) * r1, cy + math.sin(angle) * r1
        tip = w * 0.75
        d.ellipse((tx - tip, ty - tip, tx + tip, ty + tip), fill=mix(colour, (255, 255, 255), 0.4) + (alpha,))
        # Small sparks further out: one on the long rays, between the rays on the short ones.
        spark_angle = angle if long_ray else angle + math.pi / rays
        sr = (r1 + 3.0 * tip) if long_ray else radius * s * 0.98
        sx, sy = cx + math.cos(spark_angle) * sr, cy + math.sin(spark_angle) * sr
        sp = tip * (0.45 if long_ray else 0.35)
        d.ellipse((sx - sp, sy - sp, sx + sp, sy + sp), fill=colour + (int(alpha * 0.85),))


def draw_sparkle(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour: tuple[int, int, int]) -> None:
    """A four-pointed twinkle."""
    k = r * 0.22
    d.polygon(
        [
            (x, y - r),
            (x + k, y - k),
            (x + r, y),
            (x + k, y + k),
            (x, y + r),
            (x - k, y + k),
            (x - r, y),
            (x - k, y - k),
        ],
        fill=colour + (255,),
    )


def render(size: int = SIZE) -> Image.Image:
    rng = random.Random(7)
    centre = (0.5, 0.46)
    margin, corner = 0.055, 0.2

    bg = background(size, centre).convert("RGBA")

    # Vector layer at supersampled resolution.
    big = size * SUPER
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)

    # Rocket trail rising from the bottom to the burst.
    trail_pts = []
    for i in range(40):
        t = i / 39
        x = lerp(0.53, centre[0], t) + 0.025 * math.sin(t * math.pi) * (1 - t)
        y = lerp(0.93, centre[1] + 0.1, t)
        trail_pts.append((x * big, y * big, t))
    for (x0, y0, t0), (x1, y1, _) in zip(trail_pts, trail_pts[1:], strict=False):
        w = int(lerp(0.003, 0.012, t0) * big)
        a = int(lerp(30, 200, t0))
        d.line((x0, y0, x1, y1), fill=(255, 214, 150, a), width=max(1, w))

    # A small secondary burst behind, then the main burst.
    draw_burst(layer, (0.8, 0.2), 0.085, 10, [SUIT_COLOURS[3], SUIT_COLOURS[4]], 0.2, rng, 0.012, alpha=200)
    draw_burst(layer, (0.19, 0.23), 0.07, 8, [SUIT_COLOURS[1], SUIT_COLOURS[0]], 0.5, rng, 0.011, alpha=200)
    draw_burst(layer, centre, 0.3, 20, SUIT_COLOURS, -math.pi / 2, rng, 0.028)

    # Core.
    cx, cy = centre[0] * big, centre[1] * big
    for r, col in ((0.06, (255, 236, 180, 255)), (0.035, (255, 255, 255, 255))):
        rr = r * big
        d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=col)

    # Twinkles.
    for x, y, r, col in (
        (0.16, 0.62, 0.022, SUIT_COLOURS[4]),
        (0.84, 0.6, 0.018, SUIT_COLOURS[1]),
        (0.72, 0.84, 0.014, SUIT_COLOURS[4]),
        (0.3, 0.86, 0.012, SUIT_COLOURS[2]),
    ):
        draw_sparkle(d, x * big, y * big, r * big, col)

    layer = layer.resize((size, size), Image.Resampling.LANCZOS)

    # Glow: a blurred, brightened copy of the drawing added underneath.
    glow = layer.filter(ImageFilter.GaussianBlur(size * 0.03))
    glow_rgb = Image.merge("RGB", glow.split()[:3])
    glow_alpha = glow.split()[3].point(lambda v: min(255, int(v * 2.2)))
    screen = ImageChops.screen(
        bg.convert("RGB"), Image.composite(glow_rgb, Image.new("RGB", (size, size)), glow_alpha)
    )
    img = screen.convert("RGBA")
    img.alpha_composite(layer)

    # Subtle inner rim light, then cut to the rounded square.
    rim = Image.new("RGBA", (size * SUPER, size * SUPER), (0, 0, 0, 0))
    rd = ImageDraw.Draw(rim)
    inset = int(margin * size * SUPER)
    rd.rounded_rectangle(
        (inset, inset, size * SUPER - inset - 1, size * SUPER - inset - 1),
        radius=int(corner * size * SUPER),
        outline=(150, 160, 255, 70),
        width=max(2, int(0.008 * size * SUPER)),
    )
    img.alpha_composite(rim.resize((size, size), Image.Resampling.LANCZOS))

    img.putalpha(ImageChops.multiply(img.split()[3], rounded_mask(size, margin, corner)))
    return img


def main(argv: Sequence[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parents[1] / "assets" / "icons"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out, help="output folder (default: assets/icons)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    master = render(SIZE)
    png = master.resize((256, 256), Image.Resampling.LANCZOS)
    png.save(args.out / "hanabi.png", optimize=True)
    master.save(args.out / "hanabi.ico", sizes=[(s, s) for s in ICO_SIZES])
    try:
        # Hand Pillow high-quality downscales; it would otherwise resize with its default filter.
        extra = [master.resize((s, s), Image.Resampling.LANCZOS) for s in (32, 64, 128, 256, 512)]
        master.save(args.out / "hanabi.icns", append_images=extra)
    except Exception as exc:  # pragma: no cover - depends on the Pillow build
        print(f"hanabi.icns not written: {exc}")
    for p in sorted(args.out.glob("hanabi.*")):
        print(f"{p.name:12s} {p.stat().st_size:8d} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
