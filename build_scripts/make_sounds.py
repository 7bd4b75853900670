"""Synthesize the game's sound effects into assets/sounds/ as small WAV files.

Standard library only (math, random, wave, struct), so the output is
reproducible anywhere:

    python build_scripts/make_sounds.py            # writes assets/sounds/*.wav
    python build_scripts/make_sounds.py --out DIR  # somewhere else

Every sound is mono, 16-bit, 22050 Hz, built from sine partials and filtered
noise, shaped by envelopes, given a short fade in and out, and normalised to a
peak level well below full scale, so nothing clips or clicks.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22050
TAU = 2.0 * math.pi

Signal = list[float]


# --------------------------------------------------------------------------- #
# Building blocks
# --------------------------------------------------------------------------- #


def n_samples(seconds: float) -> int:
    return max(1, int(round(seconds * RATE)))


def silence(seconds: float) -> Signal:
    return [0.0] * n_samples(seconds)


def adsr(n: int, attack: float, decay_rate: float, hold: float = 0.0) -> Signal:
    """Linear attack (seconds), optional hold, then exponential decay (1/seconds)."""
    a = max(1, n_samples(attack))
    h = n_samples(hold) if hold > 0 else 0
    env = []
    for i in range(n):
        if i < a:
            env.append(0.5 - 0.5 * math.cos(math.pi * i / a))  # smooth (raised cosine) attack
        elif i < a + h:
            env.append(1.0)
        else:
            env.append(math.exp(-decay_rate * (i - a - h) / RATE))
    return env


def tone(
    freq: float | Callable[[float], float],
    seconds: float,
    partials: Sequence[tuple[float, float, float]] = ((1.0, 1.0, 0.0),),
    attack: float = 0.005,
    decay: float = 4.0,
    hold: float = 0.0,
    vibrato: tuple[float, float] = (0.0, 0.0),
    release: float = 0.03,
) -> Signal:
    """Additive tone.

    ``freq`` is a number or a function of time (seconds) for glides.
    ``partials`` is a list of (frequency ratio, amplitude, extra decay rate):
    higher partials can die away faster, as in a real bell or string.
    ``vibrato`` is (rate Hz, depth as a fraction of the frequency).
    ``release`` is a smooth fade over the last seconds, so a tone never stops with a click.
    """
    n = n_samples(seconds)
    env = adsr(n, attack, decay, hold)
    r = min(n, n_samples(release))
    for i in range(r):
        env[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / r)
    phases = [0.0] * len(partials)
    vib_rate, vib_depth = vibrato
    out = []
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        if vib_depth:
            f *= 1.0 + vib_depth * math.sin(TAU * vib_rate * t)
        s = 0.0
        for k, (ratio, amp, extra_decay) in enumerate(partials):
            fk = f * ratio
            if fk >= RATE * 0.45:  # keep clear of aliasing
                continue
            phases[k] += TAU * fk / RATE
            s += amp * math.exp(-extra_decay * t) * math.sin(phases[k])
        out.append(s * env[i])
    return out


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(sig: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff may be a function of time for sweeps."""
    out = []
    y = 0.0
    for i, x in enumerate(sig):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def bandpass(sig: Signal, centre: float | Callable[[float], float], q: float = 1.0) -> Signal:
    """Biquad band-pass (constant 0 dB peak gain); centre may be a function of time."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for i, x in enumerate(sig):
        f0 = centre(i / RATE) if callable(centre) else centre
        w0 = TAU * min(f0, RATE * 0.45) / RATE
        alpha = math.sin(w0) / (2.0 * q)
        a0 = 1.0 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2.0 * math.cos(w0) / a0, (1.0 - alpha) / a0
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, x
        y2, y1 = y1, y
        out.append(y)
    return out


def mul(sig: Signal, env: Signal) -> Signal:
    return [s * e for s, e in zip(sig, env, strict=False)]


def scale(sig: Signal, gain: float) -> Signal:
    return [s * gain for s in sig]


def mix_into(dest: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add ``src`` into ``dest`` starting at ``at`` seconds, growing ``dest`` if needed."""
    start = n_samples(at) if at > 0 else 0
    end = start + len(src)
    if end > len(dest):
        dest.extend([0.0] * (end - len(dest)))
    for i, s in enumerate(src):
        dest[start + i] += gain * s
    return dest


def room(sig: Signal, wet: float = 0.18, tail: float = 0.35) -> Signal:
    """A small, soft reverb: three damped feedback combs, mixed in quietly."""
    out = list(sig) + [0.0] * n_samples(tail)
    dry = list(out)
    for delay_ms, fb in ((29.7, 0.55), (37.1, 0.5), (41.3, 0.45)):
        d = n_samples(delay_ms / 1000.0)
        buf = [0.0] * len(dry)
        damp = 0.0
        for i in range(len(dry)):
            back = buf[i - d] if i >= d else 0.0
            damp += 0.4 * (back - damp)  # damping: the echoes get darker
            buf[i] = dry[i] + fb * damp
        for i in range(len(out)):
            out[i] += wet * buf[i] / 3.0
    return out


def finish(sig: Signal, peak: float, fade_in: float = 0.002, fade_out: float = 0.03) -> Signal:
    """Remove DC, fade the ends, trim trailing near-silence and normalise to ``peak``."""
    mean = sum(sig) / len(sig)
    sig = [s - mean for s in sig]
    # Trim the inaudible tail (below -60 dB of the loudest sample).
    top = max(abs(s) for s in sig) or 1.0
    last = len(sig) - 1
    while last > 0 and abs(sig[last]) < top * 0.001:
        last -= 1
    sig = sig[: last + 1 + n_samples(0.01)]
    fi, fo = n_samples(fade_in), n_samples(fade_out)
    for i in range(min(fi, len(sig))):
        sig[i] *= i / fi
    for i in range(min(fo, len(sig))):
        sig[-1 - i] *= i / fo
    top = max(abs(s) for s in sig) or 1.0
    return [s * peak / top for s in sig]


def note(name: str) -> float:
    """Frequency of a note name such as 'C5' or 'F#4' (A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        semis -= 1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2.0 ** ((semis + 12 * (octave - 4)) / 12.0)


# Partial recipes.
BELL = ((1.0, 1.0, 0.0), (2.0, 0.45, 3.0), (3.0, 0.2, 6.0), (4.2, 0.12, 9.0), (5.4, 0.06, 12.0))
SOFT_BELL = ((1.0, 1.0, 0.0), (2.0, 0.3, 4.0), (3.01, 0.1, 8.0))
WARM = ((1.0, 1.0, 0.0), (2.0, 0.35, 1.0), (3.0, 0.18, 2.0), (4.0, 0.08, 3.0))
BRASSY = ((1.0, 1.0, 0.0), (2.0, 0.5, 0.5), (3.0, 0.33, 1.0), (4.0, 0.2, 1.5), (5.0, 0.1, 2.0))


# --------------------------------------------------------------------------- #
# The sounds
# --------------------------------------------------------------------------- #


def make_play(rng: random.Random) -> Signal:
    """A soft pop: a quick downward pitch blip with a breathy touch."""
    body = tone(lambda t: 180.0 + 520.0 * math.exp(-t * 45.0), 0.14, WARM[:2], attack=0.002, decay=32.0)
    air = mul(bandpass(noise(0.05, rng), 1800.0, q=0.8), adsr(n_samples(0.05), 0.001, 90.0))
    mix_into(body, air, gain=0.25)
    return finish(body, peak=0.62, fade_out=0.02)


def make_misplay(rng: random.Random) -> Signal:
    """A low thud with a soft, slightly dissonant buzz."""
    thud = tone(
        lambda t: 70.0 + 60.0 * math.exp(-t * 25.0),
        0.5,
        ((1.0, 1.0, 0.0), (2.0, 0.25, 6.0)),
        attack=0.003,
        decay=9.0,
    )
    buzz_partials = tuple((k, 0.5 / k, 2.0 * k) for k in range(1, 9))
    buzz_a = tone(110.0, 0.45, buzz_partials, attack=0.01, decay=7.0)
    buzz_b = tone(116.5, 0.45, buzz_partials, attack=0.01, decay=7.0)  # a rough minor second
    buzz = lowpass([a + b for a, b in zip(buzz_a, buzz_b, strict=False)], 900.0)
    knock = mul(lowpass(noise(0.04, rng), 500.0), adsr(n_samples(0.04), 0.001, 80.0))
    out = list(thud)
    mix_into(out, buzz, at=0.01, gain=0.35)
    mix_into(out, knock, gain=1.5)
    return finish(out, peak=0.72, fade_out=0.06)


def make_clue(rng: random.Random) -> Signal:
    """A bright, short chime: two bell partials a fifth apart, with a little room."""
    out = tone(note("E6"), 0.7, BELL, attack=0.003, decay=6.0)
    mix_into(out, tone(note("B6"), 0.55, SOFT_BELL, attack=0.003, decay=8.0), at=0.045, gain=0.45)
    return finish(room(out, wet=0.2), peak=0.55, fade_out=0.08)


def make_your_turn(rng: random.Random) -> Signal:
    """A gentle two-note bell, rising a fourth (G5 then C6)."""
    out = tone(note("G5"), 0.6, SOFT_BELL, attack=0.006, decay=5.0)
    mix_into(out, tone(note("C6"), 0.85, SOFT_BELL, attack=0.006, decay=4.0), at=0.2)
    return finish(room(out, wet=0.22, tail=0.4), peak=0.55, fade_out=0.1)


def make_game_end_win(rng: random.Random) -> Signal:
    """A short rising arpeggio (C major up to the octave) ending on a held chord."""
    out: Signal = []
    steps = ["C5", "E5", "G5", "C6"]
    for i, name in enumerate(steps):
        mix_into(out, tone(note(name), 0.32, BRASSY, attack=0.012, decay=7.0), at=0.1 * i, gain=0.8)
    # Final chord, held with a gentle vibrato.
    for name, gain in (("C6", 0.7), ("G5", 0.45), ("E5", 0.4), ("C5", 0.35)):
        mix_into(
            out,
            tone(note(name), 1.0, BRASSY, attack=0.02, decay=2.8, hold=0.2, vibrato=(5.5, 0.004)),
            at=0.4,
            gain=gain,
        )
    out = lowpass(out, 4500.0)
    return finish(room(out, wet=0.2, tail=0.4), peak=0.7, fade_out=0.15)


def make_game_end_loss(rng: random.Random) -> Signal:
    """A slow descending glide with a soft, hollow tone."""
    length = 1.3

    def glide(t: float) -> float:
        # From G4 down an octave, easing in and out.
        p = min(1.0, t / 1.1)
        p = 0.5 - 0.5 * math.cos(math.pi * p)
        return note("G4") * 2.0 ** (-p)

    hollow = ((1.0, 1.0, 0.0), (3.0, 0.22, 1.5), (5.0, 0.08, 3.0))  # odd partials: clarinet-like
    out = tone(glide, length, hollow, attack=0.05, decay=1.6, hold=0.25, vibrato=(4.5, 0.006))
    low = tone(lambda t: glide(t) / 2.0, length, ((1.0, 1.0, 0.0),), attack=0.08, decay=1.8, hold=0.2)
    mix_into(out, low, gain=0.35)
    return finish(room(out, wet=0.15), peak=0.5, fade_out=0.25)


def make_firework(rng: random.Random) -> Signal:
    """A soft boom followed by a spreading crackle of tiny sparks."""
    boom_len = 0.5
    boom = mul(
        lowpass(noise(boom_len, rng), lambda t: 120.0 + 900.0 * math.exp(-t * 20.0)),
        adsr(n_samples(boom_len), 0.004, 9.0),
    )
    thump = tone(
        lambda t: 55.0 + 50.0 * math.exp(-t * 30.0), 0.3, ((1.0, 1.0, 0.0),), attack=0.003, decay=14.0
    )
    out = scale(boom, 2.2)
    mix_into(out, thump, gain=0.5)
    # Crackle: many short, bright, band-passed noise ticks; density thins out over time.
    t = 0.12
    while t < 1.25:
        tick_len = rng.uniform(0.004, 0.012)
        tick = bandpass(noise(tick_len + 0.01, rng), rng.uniform(2500.0, 5500.0), q=1.2)
        tick = mul(tick, adsr(len(tick), 0.0005, rng.uniform(250.0, 500.0)))
        fade = math.exp(-(t - 0.12) * 1.6)
        mix_into(out, tick, at=t, gain=rng.uniform(0.4, 1.0) * fade * 1.6)
        t += rng.expovariate(70.0 * fade + 12.0)
    out = lowpass(out, 6500.0)  # take the edge off the sparks
    return finish(room(out, wet=0.12, tail=0.25), peak=0.68, fade_out=0.1)


def make_card_slide(rng: random.Random) -> Signal:
    """A soft whoosh: noise through a band-pass that sweeps up and back down."""
    length = 0.28

    def centre(t: float) -> float:
        p = t / length
        return 600.0 + 1800.0 * math.sin(math.pi * min(1.0, p))

    sig = bandpass(noise(length, rng), centre, q=1.4)
    n = len(sig)
    env = [math.sin(math.pi * i / n) ** 1.5 for i in range(n)]
    sig = lowpass(mul(sig, env), 3500.0)
    return finish(sig, peak=0.4, fade_in=0.01, fade_out=0.03)


def make_click(rng: random.Random) -> Signal:
    """A short, rounded UI click."""
    body = tone(1500.0, 0.035, ((1.0, 1.0, 0.0), (2.1, 0.3, 80.0)), attack=0.0008, decay=140.0)
    tick = mul(bandpass(noise(0.01, rng), 3000.0, q=1.0), adsr(n_samples(0.01), 0.0003, 400.0))
    mix_into(body, tick, gain=0.4)
    return finish(body, peak=0.45, fade_in=0.0005, fade_out=0.008)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "play": make_play,
    "misplay": make_misplay,
    "clue": make_clue,
    "your_turn": make_your_turn,
    "game_end_win": make_game_end_win,
    "game_end_loss": make_game_end_loss,
    "firework": make_firework,
    "card_slide": make_card_slide,
    "click": make_click,
}


# --------------------------------------------------------------------------- #
# Output
# --------------------------------------------------------------------------- #


def write_wav(path: Path, sig: Signal) -> None:
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, int(round(s * 32767))))) for s in sig)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main(argv: Sequence[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parents[1] / "assets" / "sounds"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=default_out, help="output folder (default: assets/sounds)"
    )
    parser.add_argument("names", nargs="*", help="only these sounds (default: all)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or SOUNDS:
        # One seeded generator per sound: each file is reproducible on its own.
        rng = random.Random(f"hanabi-{name}")
        sig = SOUNDS[name](rng)
        path = args.out / f"{name}.wav"
        write_wav(path, sig)
        print(f"{path.name:20s} {len(sig) / RATE:5.2f} s  peak {max(abs(s) for s in sig):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
