"""How much of the machine each screen uses while nobody touches it: CPU time of the game's process.

``python -m hanabi_desktop.measure.idlebench [--seconds 10] [--settle 7] [--size 1600x900] [SCREEN ...]`` opens the
real window (run it under a real display or Xvfb: the dummy driver does not wait like a window system does),
shows each screen through the real app loop, lets it settle (the deal, the title's sparks), then reports the
process's CPU time over `--seconds` as a share of one core. ``bare`` is a plain pygame-ce window ticking its
clock at 60 fps: the floor to compare with. ``bots`` is an all-bot game at normal pace (it moves, so it draws).
The target for every screen a person waits on is under 5% of one core.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from collections.abc import Callable

SCREENS = ("bare", "title", "table", "chooser", "curtain", "results", "rules", "bots", "lessons", "lesson")


def _stop_after(app, seconds: float) -> threading.Timer:  # noqa: ANN001 - App
    import pygame

    def stop() -> None:
        app.running = False
        pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # wake a resting loop

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    return timer


def _cpu_share(run: Callable[[], None], seconds: float) -> float:
    """Share of one core used by this process (every thread) while `run` runs for about `seconds`."""
    t0, c0 = time.perf_counter(), time.process_time()
    run()
    return (time.process_time() - c0) / max(1e-9, time.perf_counter() - t0)


def _bare(size: tuple[int, int], seconds: float) -> float:
    import pygame

    pygame.init()
    window = pygame.display.set_mode(size)
    clock = pygame.time.Clock()

    def loop() -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            pygame.event.pump()
            clock.tick(60)
        window.fill((0, 0, 0))

    share = _cpu_share(loop, seconds)
    pygame.quit()
    return share


def _setup(app, screen: str) -> None:  # noqa: ANN001 - App
    import pygame

    from hanabi_desktop.table.session import Session
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui.scenes import open_scene

    if screen == "title":
        open_scene(app, "title")
    elif screen == "rules":
        open_scene(app, "rules")
    elif screen in ("table", "chooser"):
        session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bot 1", "conventions"), SeatSpec("Bot 2", "conventions")],
                                seed="idle"))
        open_scene(app, "table", session)
        if screen == "chooser":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c",
                                                 scancode=0, window=None))
    elif screen == "curtain":
        open_scene(app, "table", Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="idle")))
    elif screen == "results":
        session = Session(Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="idle"))
        session.run_bots()
        open_scene(app, "results", session)
    elif screen == "lessons":
        open_scene(app, "lessons")
    elif screen == "lesson":  # lesson 1's first step: the bot is to act and waits while the guide is read
        open_scene(app, "lesson", "goal")
    elif screen == "bots":
        session = Session(Setup([SeatSpec(f"Bot {i}", "conventions") for i in range(1, 4)], seed="idle"))
        session.bot_pace = "normal"
        open_scene(app, "table", session)
    else:
        raise ValueError(f"unknown screen {screen!r}; choose from: {', '.join(SCREENS)}")


def measure(screen: str, size: tuple[int, int], seconds: float, settle: float) -> tuple[float, int]:
    """(share of one core, frames drawn) of `screen` over `seconds`, after `settle` seconds."""
    if screen == "bare":
        return _bare(size, seconds), round(60 * seconds)
    from hanabi_desktop.storage import Settings
    from hanabi_desktop.ui.app import App

    app = App(size, settings=Settings(bot_pace="normal"))
    try:
        _setup(app, screen)
        _stop_after(app, settle)
        app.run()
        app.running = True
        draws = app.draws
        _stop_after(app, seconds)
        share = _cpu_share(app.run, seconds)
        return share, app.draws - draws
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hanabi_desktop.measure.idlebench", description=__doc__.split("\n")[0])
    parser.add_argument("screens", nargs="*", default=list(SCREENS), metavar="SCREEN",
                        help=f"screens to measure (default all): {', '.join(SCREENS)}")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--settle", type=float, default=7.0)
    parser.add_argument("--size", default="1600x900")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    from hanabi_desktop.program import desktop

    problem = desktop.prepare()  # the window settings the game itself starts with
    if problem:
        parser.error(problem)
    os.environ.setdefault("HANABI_DESKTOP_HOME", tempfile.mkdtemp(prefix="hanabi-idlebench-"))
    print(f"CPU time of the game's process over {args.seconds:g} s per screen at {size[0]}x{size[1]} "
          f"(after {args.settle:g} s to settle), video driver {os.environ.get('SDL_VIDEODRIVER', 'default')}:")
    for screen in args.screens:
        share, draws = measure(screen, size, args.seconds, args.settle)
        print(f"  {screen:<8} {100 * share:5.1f}% of one core, {draws} frames drawn", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
