"""The clue preview at the table (issue 30), driven by posted clicks and pointer moves: the chooser's reading of
the clue pointed at, its warning marks, the one-click spot's reading, the team's reading of one's own cards,
the setting, and the results' line."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop.bots.advice import views_of
from hanabi_desktop.bots.clue_preview import preview_clue
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.engine import ColourClue, PlayerView, RankClue
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser
from hanabi_desktop.ui.scenes.results import learning_line
from hanabi_desktop.ui.scenes.table import TableScene, mate_spots
from tests.waiting import run_until


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings(bot_pace="instant"))
    yield a
    a.close()


def _post(kind: int, **kw) -> None:  # noqa: ANN003
    pygame.event.post(pygame.event.Event(kind, **kw))


def _table(app: App, session: Session) -> TableScene:
    table = TableScene(app, session)
    app.stack.push(table)
    run_until(app, lambda: not table.anim.busy)
    return table


def _expected(session: Session, clue) -> str:  # noqa: ANN001
    """The preview worked out here, from seat 0's views, by a reader that followed the game."""
    views = views_of(session.record(), 0)
    reader = ConventionsBot(0, session.players, session.variant)
    for v in views[1:]:
        reader.observe(v)
    return preview_clue(views[-1], reader.notes, clue).line


def test_the_chooser_says_how_the_partner_reads_the_clue_pointed_at(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-ui"))
    table = _table(app, session)
    table.open_chooser(1)
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser)
    run_until(app, lambda: table.coach.preview() is not None)
    assert "Point at a clue, or press its key" in chooser.reading_lines()[0][0]
    clue, _label, _letter = chooser.options[0]
    _post(pygame.MOUSEMOTION, pos=chooser.rects[0].center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    assert chooser.hover == clue
    lines = chooser.reading_lines()
    assert lines[0][0] == _expected(session, clue)
    warned = table.coach.preview().of(clue).warnings
    assert len(lines) == 1 + len(warned)
    assert session.previewed  # shown: the results will say so
    last, label, letter = chooser.options[-1]  # a key chooses another clue, the pointer still resting on the first
    text = letter or label
    _post(pygame.KEYDOWN, key=pygame.key.key_code(text), mod=0, unicode=text)
    app.frame(0.02)
    assert chooser.hover is None and chooser.choice == last
    assert chooser.reading_lines()[0][0] == _expected(session, last)


def test_the_preview_is_off_in_settings_and_in_hot_seat_without_hints(app: App) -> None:
    app.settings.clue_preview = False
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-off"))
    table = _table(app, session)
    assert table.coach.preview() is None and not table.coach.preview_on()
    table.open_chooser(1)
    assert app.stack.top.reading_lines() == [] and app.stack.top.reading.h == 0
    app.stack.pop(app.stack.top)
    app.settings.clue_preview = True
    hot = Session(Setup([SeatSpec("Ann"), SeatSpec("Cat")], seed="pv-hot"))
    hot_table = TableScene(app, hot)
    assert not hot_table.coach.preview_on()
    app.settings.hints_in_hot_seat = True
    assert hot_table.coach.preview_on()
    assert not session.previewed


def test_pointing_at_a_number_spot_shows_how_that_one_click_clue_reads(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-spot"))
    table = _table(app, session)
    run_until(app, lambda: table.coach.preview() is not None)
    order = session.hand(1)[0]
    _colour, rank_r = mate_spots(table.renderer.rects[order])
    _post(pygame.MOUSEMOTION, pos=rank_r.center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    clue = table.spot_preview()[0]
    assert isinstance(clue, RankClue)
    sections = table.tooltip()
    assert sections[0][0] == "If you click:"
    assert sections[0][1][0] == _expected(session, clue)


def test_my_own_cards_show_the_teams_reading_after_a_clue_on_them(app: App) -> None:
    # Bob (the bot) moves first and clues Ann: her touched cards get the team's reading as a tag
    session = Session(Setup([SeatSpec("Bob", bot="conventions"), SeatSpec("Ann")], seed="pv-own"))
    table = _table(app, session)
    run_until(app, lambda: session.current == 1 and table.coach.preview() is not None)
    own = table.coach.preview().own
    assert own and set(own) <= set(session.hand(1))
    model = table.model()
    assert {o: model.cards[o].belief for o in own} == own
    assert all(not model.cards[o].belief for o in session.hand(0))  # the bot's own: only with Beliefs on


def test_the_results_and_the_save_say_the_game_was_played_with_the_preview() -> None:
    assert learning_line(0, 0, True) == "Played with the clue preview."
    assert learning_line(1, 0, True) == "Played with 1 undo. Played with the clue preview."
    assert learning_line(0, 0, False) == ""
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-save"), threaded=False)
    session.preview_used()
    assert resume(save_data(session), threaded=False).previewed
    data = save_data(session)
    data["previewed"] = "yes"
    assert not resume(data, threaded=False).previewed


def test_a_colour_clue_preview_matches_the_position(app: App) -> None:
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-ui"))
    table = _table(app, session)
    run_until(app, lambda: table.coach.preview() is not None)
    shown = table.coach.preview()
    view = PlayerView.of(session.game, 0)
    colour = next(a for a in view.legal if isinstance(a, ColourClue))
    assert shown.of(colour).line == _expected(session, colour)


def test_no_preview_where_the_table_offers_only_some_aids(app: App) -> None:
    # a network table says which aids it offers (coach.offered); the window holds no record to read from
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob", bot="conventions")], seed="pv-net"))
    table = TableScene(app, session)
    assert table.coach.preview_on()
    table.coach.offered = frozenset()
    assert not table.coach.preview_on() and table.coach.preview() is None
    table.coach.offered = frozenset({"preview"})
    assert table.coach.preview_on()


def test_in_hot_seat_each_person_sees_the_preview_of_their_own_seat_only(app: App) -> None:
    # hints on in hot seat: the preview is on; it is worked out for the person at the screen, and the team's
    # reading of one person's cards is never drawn on the table the next person sees
    app.settings.hints_in_hot_seat = True
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Cat")], seed="pv-hot2"))
    session.acknowledge_curtain()
    table = TableScene(app, session)
    app.stack.push(table)
    run_until(app, lambda: table.coach.preview() is not None)
    assert table.coach.preview().seat == 0
    session.submit(RankClue(1, 1) if session.refusal(RankClue(1, 1)) is None else RankClue(1, 2))
    assert session.needs_curtain() and session.viewer == 0  # Ann's eyes until Cat takes the screen
    session.acknowledge_curtain()
    assert session.viewer == 1
    run_until(app, lambda: table.coach.preview() is not None)
    shown = table.coach.preview()
    assert shown.seat == 1 and set(shown.clues) == {0}
    model = table.model()
    assert all(not model.cards[o].belief for o in session.hand(0))  # Ann's cards: no reading on Cat's screen
    assert {o: model.cards[o].belief for o in shown.own} == shown.own
