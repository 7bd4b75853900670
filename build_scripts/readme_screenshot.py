"""Render the README's table screenshot (assets/screenshots/table.png) with the real table scene.

    SDL_VIDEODRIVER=dummy python build_scripts/readme_screenshot.py

A 4-player game (Ann, a person, with three conventions bots) after a few rounds, Ann to act, at 1600x900.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main(out: Path = ROOT / "assets" / "screenshots" / "table.png", turns: int = 14) -> None:
    import pygame

    from hanabi_desktop.bots.registry import create
    from hanabi_desktop.table.session import Session
    from hanabi_desktop.table.setup import SeatSpec, Setup
    from hanabi_desktop.ui.app import App, DefaultSettings
    from hanabi_desktop.ui.scenes.table import TableScene

    setup = Setup([SeatSpec("Ann"), SeatSpec("Bob", "conventions"), SeatSpec("Cat", "conventions"),
                   SeatSpec("Dan", "conventions")], seed="readme-7")
    session = Session(setup, threaded=False)
    stand_in = create("conventions", 0, 4, session.variant, "readme")  # plays Ann's turns sensibly
    while len(session.log) < turns and not session.over:
        if session.current == 0:
            session.submit(stand_in.decide(session.view(0)).action)
        session.run_bots()
        stand_in.observe(session.view(0))
    app = App((1600, 900), settings=DefaultSettings(muted=True))
    try:
        session.acknowledge_curtain()
        table = TableScene(app, session)
        app.stack.push(table)
        for _ in range(120):
            app.frame(0.05)
            if not table.anim.busy:
                break
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(out))
        print(f"wrote {out.relative_to(ROOT)}")
    finally:
        app.close()


if __name__ == "__main__":
    main()
