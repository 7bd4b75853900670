"""`hanabi-desktop --smoke-test`: one whole all-bot game through the real window, table and results screen.

Every frame is updated and drawn (fixed time step, bots at instant pace, fast animations). It prints
``smoke test: score N/M in T turns, F frames, S s`` and returns 0, or prints what went wrong and returns 1.
It touches no user file (no autosave, settings left alone), so packaging checks can run it anywhere.
"""

from __future__ import annotations

import os
import sys
import time

GAME_FRAMES = 3000  # a 5-player game needs ~100 actions; far more frames than that means something is stuck
AFTER_END_FRAMES = 2000


def smoke_test(players: int = 4, seed: str = "smoke", size: tuple[int, int] = (1280, 800)) -> int:
    """Play one game through the UI; 0 on success."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    try:
        from hanabi_desktop.bots import registry
        from hanabi_desktop.storage import Settings
        from hanabi_desktop.table.session import Session
        from hanabi_desktop.table.setup import SeatSpec, Setup
        from hanabi_desktop.ui.app import App
        from hanabi_desktop.ui.scenes.results import ResultsScene
        from hanabi_desktop.ui.scenes.table import TableScene

        bots = registry.available()
        bot = "conventions" if "conventions" in bots else "random"
        settings = Settings(animation_speed=3.0, bot_pace="instant", muted=True)
        app = App(size, settings=settings)
    except Exception as exc:  # noqa: BLE001 - report any start-up failure as a result, not a traceback
        print(f"smoke test: FAILED to start: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    try:
        session = Session(Setup([SeatSpec(f"Bot {i + 1}", bot) for i in range(players)], seed=seed))
        session.bot_pace = "instant"
        table = TableScene(app, session)
        app.stack.push(table)
        frames_after = 0
        while not isinstance(app.stack.top, ResultsScene):
            app.frame(1 / 30)
            time.sleep(0.0005)  # let the bot thread finish its decision
            if session.over:
                frames_after += 1
            if app.frames > GAME_FRAMES or frames_after > AFTER_END_FRAMES or not len(app.stack):
                print(f"smoke test: FAILED: no results screen after {app.frames} frames "
                      f"({len(session.log)} actions, over={session.over})", file=sys.stderr)
                return 1
        for _ in range(5):  # draw the results screen too
            app.frame(1 / 30)
        result = session.result()
        print(f"smoke test: score {result.score}/{result.max_score} in {len(session.log)} turns, "
              f"{app.frames} frames, {time.perf_counter() - start:.1f} s ({bot} bots, {players} players)")
        session.close()
        return 0
    except Exception as exc:  # noqa: BLE001
        import traceback

        traceback.print_exc()
        print(f"smoke test: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        app.close()
