"""The app's notices (a new game's news, a save that failed) never cover a player's name or a card: each screen
with names or cards keeps a room for them (the table and the replay: the bottom of the log's panel; the results:
over the score; the title: over the fan of cards). Seen: the next game's news over the replay viewer covered the
name label of the hand at the top."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop import storage
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes import open_scene
from hanabi_desktop.ui.widgets.notice_view import draw_notices
from tests.ui.test_results_screen import stormed

SIZES = [(800, 600), (1024, 640), (1920, 1080)]
NEWS = ["The next game has begun at Ann's table: close this screen to join it. The last one is kept in Replays.",
        "Saving is off: the disk is full. You can play, but games will not be kept until this is fixed.",
        "Settings could not be saved: the disk is full. They apply until you close the game."]


def table_things(scene) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001 - a table or a replay scene
    """Every name label and card place of a table drawn by the table's renderer."""
    lay = scene.renderer.lay
    out = [(f"hand {i}'s name", h.plate) for i, h in enumerate(lay.hands)]
    out += [(f"hand {i}'s card {j + 1}", c) for i, h in enumerate(lay.hands) for j, c in enumerate(h.cards)]
    out += [("deck", lay.deck)] + [(f"firework {i}", r) for i, r in enumerate(lay.fireworks)]
    out += [(f"discard row {i}", r) for i, r in enumerate(lay.discard_rows)]
    return out + [(f"bonus tile {i}", r) for i, r in enumerate([lay.bonus_pile, *lay.bonus_revealed]) if r is not None]


def results_things(scene) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001
    place = scene.placement()
    out = [(f"firework {i}", r) for i, r in enumerate(place.fireworks)]
    out += [(f"{scene.hands[s][0]}'s name", r) for s, r in enumerate(place.names)]
    return out + [(f"{scene.hands[s][0]}'s card {j + 1}", r) for s, rects in enumerate(place.cards)
                  for j, r in enumerate(rects)]


def title_things(scene) -> list[tuple[str, pygame.Rect]]:  # noqa: ANN001
    return [(f"fan card {i + 1}", r) for i, (_card, r) in enumerate(scene.fan())]


def screen(app: App, which: str, players: int):  # noqa: ANN201
    """Open `which` screen on a game of `players` (the person struck out; the bots played on)."""
    open_scene(app, "title")
    if which == "title":
        return app.stack.top, title_things
    variant = "deluxe" if players == 3 else "flamboyants"
    if which == "table":  # a game under way: the person's turn after a few moves of the bots
        names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:players]
        session = Session(Setup([SeatSpec(names[0])] + [SeatSpec(n, "conventions") for n in names[1:]], variant,
                                seed=f"notices-{players}"), threaded=False)
        session.submit(session.game.legal_actions()[-1])
        session.run_bots()
        return open_scene(app, "table", session), table_things
    session = stormed(f"notices-{players}", variant, players)
    if which == "replay":
        return open_scene(app, "replay", session.record()), table_things
    return open_scene(app, "results", session), results_things


@pytest.mark.parametrize("which", ["table", "replay", "results", "title"])
@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: "x".join(map(str, s)))
def test_no_notice_covers_a_name_or_a_card(size: tuple[int, int], players: int, which: str) -> None:
    app = App(size, settings=storage.Settings(language="en"))
    try:
        scene, things = screen(app, which, players)
        for text in NEWS:
            app.notices.post(text)
        app.frame(0.02)
        assert app.stack.top is scene
        app.stack.draw(app.window)
        drawn = draw_notices(app.window, app.notices.visible(), app.stack.notice_room())
        assert drawn, "the newest notice is always shown"
        assert all(app.window.get_rect().contains(r) for r in drawn)
        covered = [(name, r, n) for n in drawn for name, r in things(scene) if n.colliderect(r)]
        assert covered == [], covered
        assert all(a.bottom <= b.y for a, b in zip(drawn, drawn[1:], strict=False))  # nor each other
    finally:
        app.close()
