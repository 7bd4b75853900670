"""Hint, undo, warnings, card notes and the bots' beliefs at the table, driven by posted keys and clicks."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop.bots.advice import views_of
from hanabi_desktop.engine import GameRecord, Play, RankClue
from hanabi_desktop.engine.cards import Card
from hanabi_desktop.storage import Settings, check_settings
from hanabi_desktop.table.hint import hint_for
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes.note_editor import NoteEditor
from hanabi_desktop.ui.scenes.table import TableScene, mate_spots
from hanabi_desktop.ui.widgets.controls import Toggle
from tests.waiting import run_until


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings(bot_pace="instant"))
    yield a
    a.close()


def _post(kind: int, **kw) -> None:  # noqa: ANN003
    pygame.event.post(pygame.event.Event(kind, **kw))


def _key(app: App, key: int, text: str = "", mod: int = 0) -> None:
    _post(pygame.KEYDOWN, key=key, mod=mod, unicode=text)
    app.frame(0.02)


def _click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.frame(0.02)


def _table(app: App, session: Session) -> TableScene:
    table = TableScene(app, session)
    app.stack.push(table)
    for _ in range(80):  # the deal: cards fly from the deck
        app.frame(0.05)
        if not table.anim.busy:
            break
    assert app.stack.top is table
    return table


def _vs_bot(seed: str = "aids", actions=(), threaded: bool = True) -> Session:  # noqa: ANN001
    return Session(Setup([SeatSpec("Ann"), SeatSpec("Bot", bot="conventions")], seed=seed), actions,
                   threaded=threaded)


def test_the_hint_key_shows_the_bots_move_for_my_seat_highlighted_with_its_reason_and_counts_it(app: App) -> None:
    session = _vs_bot()
    table = _table(app, session)
    assert table.coach.shown_hint() is None and "Hint" not in table._message_text()[0]
    _key(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    run_until(app, lambda: table.coach.shown_hint() is not None)
    hint = table.coach.shown_hint()
    assert hint == hint_for(views_of(session.record(), 0), "conventions")
    text = table._message_text()[0]
    assert text.startswith("Hint: " + hint.text) and hint.explanation in text
    assert session.hints == 1
    app.frame(0.02)
    surface = app.screen if hasattr(app, "screen") else pygame.display.get_surface()
    for o in hint.cards:  # the gold ring around each card of the hint
        r = table.renderer.rects[o]
        assert surface.get_at((r.x - 5, r.centery))[:3] == theme.ACCENT
    _key(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)  # asked again on the same turn: not counted again
    app.frame(0.05)
    assert session.hints == 1
    data = save_data(session)
    assert resume(data, threaded=False).hints == 1


def test_the_hint_button_is_offered_against_bots_and_in_hot_seat_only_if_chosen(app: App) -> None:
    table = _table(app, _vs_bot())
    names = [n for n, _label, _r in table.coach.buttons(table.renderer.lay)]
    assert names == ["hint", "undo", "beliefs"]
    _click(app, table.coach.buttons(table.renderer.lay)[0][2].center)
    run_until(app, lambda: table.coach.shown_hint() is not None)
    app.stack.pop(table)
    hot = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="hot"))
    table = TableScene(app, hot)
    assert table.coach.buttons(table.renderer.lay or _layout(app, table)) == []
    app.settings.hints_in_hot_seat = True
    assert [n for n, _l, _r in table.coach.buttons(table.renderer.lay)] == ["hint"]


def _layout(app: App, table: TableScene):  # noqa: ANN202
    return table.renderer.place(table.model(), app.size)


def test_undo_takes_back_my_move_and_the_bots_after_it_with_bots_made_anew(app: App) -> None:
    session = _vs_bot("undo")
    table = _table(app, session)
    hand = list(session.game.hands[0])
    old_bot = session.bots[1]
    _key(app, pygame.K_1, "1")
    _key(app, pygame.K_d, "d")  # discard slot 1... unless 8 tokens: then play it
    if not session.log:
        _key(app, pygame.K_1, "1")
        _key(app, pygame.K_p, "p")
    run_until(app, lambda: len(session.log) >= 2 and session.current == 0)
    first = session.log[0].action
    _key(app, pygame.K_u, "u")
    assert session.log == [] and session.game.actions == [] and list(session.game.hands[0]) == hand
    assert session.undos == 1 and "taken back" in table._message_text()[0]
    bot = session.bots[1]
    assert bot is not old_bot and bot.seen == 0  # a new bot, which has seen nothing yet
    # a different move now, by the Undo button; the record is the line played, the undo counted and saved
    _key(app, pygame.K_2, "2")
    _key(app, pygame.K_p, "p")
    assert session.log[0].action != first
    run_until(app, lambda: len(session.log) >= 2 and session.current == 0)
    record = session.record()
    assert record.actions == session.game.actions and record.actions[0] == Play(hand[1])
    run_until(app, lambda: session.bot_beliefs()[0] == len(session.game.actions))  # the bots' thread caught up
    fresh = _vs_bot("undo", record.actions, threaded=False)  # the bot rebuilt is the bot that saw only this line
    assert session.bots[1].notes == fresh.bots[1].notes and session.bots[1].seen == fresh.bots[1].seen > 0
    undo = [r for n, _l, r in table.coach.buttons(table.renderer.lay) if n == "undo"][0]
    _click(app, undo.center)
    assert session.undos == 2 and session.game.actions == []
    data = save_data(session)
    back = resume(data, threaded=False)
    assert back.undos == 2 and back.game.actions == []


def test_undo_says_why_when_there_is_nothing_to_take_back(app: App) -> None:
    session = _vs_bot()
    table = _table(app, session)
    _key(app, pygame.K_u, "u")
    assert session.undos == 0 and "no move to take back" in table._message_text()[0]


def test_a_play_that_could_be_the_third_error_asks_for_confirmation_when_the_warning_is_on(app: App) -> None:
    from hanabi_desktop.engine import Game, get_variant

    seed = next(s for s in range(300) if sum(
        1 for o in Game.new(get_variant("classic"), 2, seed=f"w{s}").hands[0][:3]
        if Game.new(get_variant("classic"), 2, seed=f"w{s}").deck[o].rank > 1) >= 3)
    g = Game.new(get_variant("classic"), 2, seed=f"w{seed}")
    bad = [o for o in g.hands[0][:3] if g.deck[o].rank > 1]
    other = next(o for o in g.hands[1] if g.deck[o].rank > 1)
    session = _vs_bot(f"w{seed}", [Play(bad[0]), Play(other)])
    assert session.game.strikes == 2 and session.current == 0
    app.settings.warn_third_error = True
    table = _table(app, session)
    slot = session.game.hands[0].index(bad[1]) + 1
    _key(app, pygame.K_1 + slot - 1, str(slot))
    _key(app, pygame.K_p, "p")
    assert len(session.game.actions) == 2 and "game is lost" in table._message_text()[0]
    _key(app, pygame.K_p, "p")  # asked again: made
    assert session.game.actions[-1] == Play(bad[1]) and session.over


def test_without_the_warning_the_risky_play_is_made_at_once(app: App) -> None:
    from hanabi_desktop.engine import Game, get_variant

    g = Game.new(get_variant("classic"), 2, seed="w-off")
    bad = [o for o in g.hands[0] if g.deck[o].rank > 1]
    other = next(o for o in g.hands[1] if g.deck[o].rank > 1)
    session = _vs_bot("w-off", [Play(bad[0]), Play(other)])
    _table(app, session)
    slot = session.game.hands[0].index(bad[1]) + 1
    _key(app, pygame.K_1 + slot - 1, str(slot))
    _key(app, pygame.K_p, "p")
    assert session.over


def _type(app: App, text: str) -> None:
    _post(pygame.TEXTINPUT, text=text)
    app.frame(0.02)


def test_a_note_by_right_click_narrows_my_cards_pips_is_saved_and_goes_to_the_record(app: App) -> None:
    session = _vs_bot("notes")
    table = _table(app, session)
    order = session.game.hands[0][0]
    before = table.model().cards[order].possible
    _click(app, table.renderer.rects[order].center, button=3)
    assert isinstance(app.stack.top, NoteEditor)
    _type(app, "r1, y1")
    _key(app, pygame.K_RETURN, "\r")
    assert app.stack.top is table and session.note(0, order) == "r1, y1"
    card = table.model().cards[order]
    v = session.variant
    wanted = (1 << Card(0, 1).identity) | (1 << Card(1, 1).identity)
    assert card.note == "r1, y1" and card.possible == before & wanted != before
    # N over a teammate's card: a chop-move mark
    mate = session.game.hands[1][-1]
    _post(pygame.MOUSEMOTION, pos=table.renderer.rects[mate].center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    _key(app, pygame.K_n, "n")
    assert isinstance(app.stack.top, NoteEditor)
    _type(app, "cm")
    _key(app, pygame.K_RETURN, "\r")
    assert table.model().cards[mate].marks == {"cm"}
    # saved and resumed; written to hanab.live's notes (per player, per card order) and read back
    back = resume(save_data(session), threaded=False)
    assert back.notes == {0: {order: "r1, y1", mate: "cm"}}
    exported = session.record().to_json()
    assert len(exported["notes"]) == 2 and len(exported["notes"][0]) == v.deck_size
    assert exported["notes"][0][order] == "r1, y1" and exported["notes"][1] == [""] * v.deck_size
    record = GameRecord.from_json(exported)
    assert record.notes[0][mate] == "cm"
    from hanabi_desktop.ui.scenes.replay_viewer import ReplayScene

    replay = ReplayScene(app, record)
    assert replay.model().cards[order].note == "r1, y1"


def test_esc_in_the_note_editor_keeps_the_note_as_it_was(app: App) -> None:
    session = _vs_bot("notes2")
    table = _table(app, session)
    order = session.game.hands[0][1]
    _key(app, pygame.K_2, "2")
    _key(app, pygame.K_n, "n")
    _type(app, "f")
    _key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and session.note(0, order) == ""


def test_the_beliefs_toggle_shows_each_bots_reading_of_its_own_cards_only(app: App) -> None:
    app.settings.clue_preview = False  # its reading of the person's own cards is tested with the preview
    session = _vs_bot("beliefs")
    table = _table(app, session)
    bot_hand = session.game.hands[1]
    one = next((o for o in bot_hand if session.game.deck[o].rank == 1), bot_hand[0])
    _click(app, mate_spots(table.renderer.rects[one])[1].center)  # a number clue to the bot
    assert isinstance(session.game.actions[0], RankClue)
    assert not any(c.belief for c in table.model().cards.values())  # not shown yet
    _key(app, pygame.K_b, "b")
    assert app.settings.show_beliefs
    run_until(app, lambda: any(table.model().cards[o].belief for o in session.game.hands[1]))
    model = table.model()
    assert not any(model.cards[o].belief for o in session.game.hands[0])  # a bot's reading: never a person's cards
    beliefs = {o: model.cards[o].belief for o in session.game.hands[1] if model.cards[o].belief}
    n, snapshot = session.bot_beliefs()
    assert beliefs == {o: t for o, t in snapshot[1].items() if o in session.game.hands[1]}
    _key(app, pygame.K_b, "b")
    assert not any(c.belief for c in table.model().cards.values())


def test_the_settings_page_has_a_row_for_each_aid_and_check_settings_checks_them(app: App) -> None:
    from hanabi_desktop.ui.scenes import open_scene

    page = open_scene(app, "settings")
    app.frame(0.02)
    labels = [w.label for w in page.widgets.widgets if isinstance(w, Toggle)]
    for label in ("Hints in hot seat", "Undo in hot seat", "Warn before a possible third error",
                  "Warn: a critical card on a chop", "Warn before a double discard",
                  "Show the bots' readings of their cards"):
        assert label in labels
    row = [w for w in page.widgets.widgets if isinstance(w, Toggle) and w.label == "Warn before a double discard"][0]
    _click(app, row.switch_rect().center)
    assert app.settings.warn_double_discard is True
    values, problems = check_settings({"warn_third_error": "yes", "show_beliefs": True})
    assert values == {"show_beliefs": True} and problems == ["warn_third_error was reset"]


def test_the_results_say_how_many_undos_and_hints_the_game_had(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from hanabi_desktop.ui.scenes.results import ResultsScene, learning_line

    session = _vs_bot("results")
    session.undos, session.hints = 2, 1
    drawn: list[str] = []
    real = theme.blit_text
    monkeypatch.setattr(theme, "blit_text", lambda surface, s, *a, **k: drawn.append(s) or real(surface, s, *a, **k))
    app.stack.push(ResultsScene(app, session))
    app.frame(0.02)
    assert "Played with 2 undos and 1 hint." in drawn

    assert learning_line(0, 0) == ""
    assert learning_line(2, 0) == "Played with 2 undos."
    assert learning_line(1, 3) == "Played with 1 undo and 3 hints."


def test_in_hot_seat_the_mover_takes_a_move_back_from_the_curtain_only_if_undo_is_on(app: App) -> None:
    from hanabi_desktop.ui.scenes.curtain import CurtainScene
    from hanabi_desktop.ui.widgets.controls import Button

    for on in (False, True):
        app.settings.undo_in_hot_seat = on
        session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed=f"hot-undo-{on}"))
        session.acknowledge_curtain()  # Ann has the screen
        table = _table(app, session)
        _key(app, pygame.K_1, "1")
        _key(app, pygame.K_p, "p")
        assert len(session.log) == 1
        run_until(app, lambda: isinstance(app.stack.top, CurtainScene))
        curtain = app.stack.top
        buttons = [w for w in curtain.widgets.widgets if isinstance(w, Button) and "take back" in w.text]
        if not on:
            assert buttons == []
            app.stack.clear()
            continue
        _click(app, buttons[0].rect.center)
        assert app.stack.top is table and session.log == [] and session.undos == 1
        assert session.viewer == 0 and not session.needs_curtain()
        app.frame(0.05)
        assert "taken back" in table._message_text()[0]
        assert table.seen == 0 and table.model().key[0] == 0


def test_a_bot_that_fails_to_advise_gives_a_message_not_a_crash(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from hanabi_desktop.table import hint as hint_mod

    def broken(views, bot):  # noqa: ANN001, ANN202
        raise RuntimeError("bot bug")

    monkeypatch.setattr(hint_mod, "hint_for", broken)
    session = _vs_bot("broken")
    table = _table(app, session)
    _key(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    run_until(app, lambda: "No hint this time" in table._message_text()[0])
    assert session.hints == 0 and table.coach.shown_hint() is None and not table.coach.working()


def test_a_spectator_of_an_all_bot_game_can_watch_the_bots_readings(app: App) -> None:
    seats = [SeatSpec(f"Bot {i}", bot="conventions") for i in range(3)]
    session = Session(Setup(seats, seed="watch-beliefs"))
    app.settings.bot_pace = "fast"
    table = _table(app, session)
    assert [n for n, _l, _r in table.coach.buttons(table.renderer.lay)] == ["beliefs"]
    _key(app, pygame.K_b, "b")
    run_until(app, lambda: len(session.log) >= 3 and any(c.belief for c in table.model().cards.values()))
    model = table.model()
    shown = {o for o, c in model.cards.items() if c.belief}
    assert shown <= {o for hand in model.hands for o in hand.cards}  # on cards in hands only
    _key(app, pygame.K_b, "b")
    assert not any(c.belief for c in table.model().cards.values())


def test_the_mover_takes_a_move_back_from_the_curtain_with_u_as_at_the_table(app: App) -> None:
    """Seen playing hot seat with Undo in hot seat on: the curtain's 'Ann: take back my move' showed no key and U did
    nothing there, though the README says U takes back one's last move, in hot seat from the curtain."""
    from hanabi_desktop.ui.scenes.curtain import CurtainScene
    from hanabi_desktop.ui.widgets.controls import Button

    app.settings.undo_in_hot_seat = True
    session = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="hot-undo-key"))
    session.acknowledge_curtain()
    table = _table(app, session)
    _key(app, pygame.K_1, "1")
    _key(app, pygame.K_p, "p")
    run_until(app, lambda: isinstance(app.stack.top, CurtainScene))
    button = next(w for w in app.stack.top.widgets.widgets if isinstance(w, Button) and "take back" in w.text)
    assert button.hint == "U"
    _key(app, pygame.K_u, "u")
    assert app.stack.top is table and session.log == [] and session.undos == 1 and session.viewer == 0


@pytest.mark.parametrize("language", ["en", "fr", "de", "es", "ja"])
def test_the_take_back_button_has_room_for_its_key_in_every_language(language: str) -> None:
    """German with an eleven-letter name: 'Bartholomew: meinen Zug zurücknehmen' left no room for the U cap."""
    from hanabi_desktop.ui.scenes.curtain import CurtainScene

    small = App((800, 600), settings=Settings(language=language, undo_in_hot_seat=True))
    try:
        session = Session(Setup([SeatSpec("Bartholomew"), SeatSpec("Cassandra")], seed="hot-undo-words"),
                          threaded=False)
        session.acknowledge_curtain()
        session.submit(session.game.legal_actions()[0])
        small.stack.push(CurtainScene(small, session))
        small.frame(0.02)
        with theme.collect_overflows() as overflows:
            small.stack.draw(small.window)
        assert overflows == []
    finally:
        small.close()
