"""The table scene driven like a player would: posted mouse and key events through `App.frame`."""

from __future__ import annotations

import pygame
import pytest

from hanabi_desktop.bots import registry
from hanabi_desktop.engine import ColourClue, Discard, Play, RankClue
from hanabi_desktop.storage import Settings
from hanabi_desktop.table.saves import save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.app import App
from hanabi_desktop.ui.art import theme
from hanabi_desktop.ui.scenes.clue_chooser import ClueChooser
from hanabi_desktop.ui.scenes.table import TableScene, mate_spots, own_buttons
from tests.waiting import run_until


def _hot_seat(seed: str = "table-test") -> object:
    setup = Setup(seats=[SeatSpec("Ann"), SeatSpec("Bob")], seed=seed)
    return Session(setup)


@pytest.fixture()
def app():
    a = App((1280, 800), settings=Settings())
    yield a
    a.close()


def _table(app: App, session) -> TableScene:  # noqa: ANN001
    table = TableScene(app, session)
    app.stack.push(table)
    app.frame(0.02)
    for _ in range(60):  # the deal: cards fly from the deck
        if not table.anim.busy:
            break
        app.frame(0.05)
    if type(app.stack.top).__name__ == "CurtainScene":  # a hot-seat game starts behind the curtain
        _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        app.frame(0.02)
    assert app.stack.top is table
    for _ in range(60):  # the deal resumes once the curtain is lifted
        if not table.anim.busy:
            break
        app.frame(0.05)
    return table


def _post(kind: int, **kw) -> None:  # noqa: ANN003
    pygame.event.post(pygame.event.Event(kind, **kw))


def _click(app: App, pos: tuple[int, int]) -> None:
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.frame(0.02)


def _drag(app: App, a: tuple[int, int], b: tuple[int, int], steps: int = 5) -> None:
    _post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        _post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    _post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.frame(0.02)


def _settle(app: App, table: TableScene, frames: int = 1) -> None:
    """Run frames; get past the hot-seat curtain the way a player would (Enter, else a click).

    The curtain falls once the last move's animation has landed, so keep going while one is due.
    """
    due = 0
    while frames > 0 or (table.session.needs_curtain() and due < 100):
        frames -= 1
        due += 1
        app.frame(0.05)
        top = app.stack.top
        if top is not table and type(top).__name__ == "CurtainScene":
            _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
            app.frame(0.05)
            if app.stack.top is top:
                _click(app, (app.size[0] // 2, app.size[1] // 2))
            if app.stack.top is top:  # a curtain we cannot operate: acknowledge it directly
                table.session.acknowledge_curtain()
                app.stack.pop(top)


def _centre(r: pygame.Rect) -> tuple[int, int]:
    return (r.centerx, r.y + r.h * 2 // 5)


def test_a_whole_hot_seat_game_by_mouse(app: App) -> None:
    session = _hot_seat()
    table = _table(app, session)
    done = 0
    while not session.over and done < 200:
        _settle(app, table)
        if session.over:
            break
        assert app.stack.top is table
        me = session.viewer
        assert me == session.current
        g = session.game
        lay = table.renderer.lay
        hand = list(session.hand_order(me))
        playable = [o for o in hand if g.is_playable(g.deck[o])]
        before = len(g.actions)
        if playable:
            o = playable[0]
            _drag(app, _centre(table.renderer.rects[o]), lay.fireworks[g.deck[o].suit].center)
            assert g.actions[-1] == Play(o)
        elif g.clue_tokens < 8:
            o = hand[-1]
            _click(app, own_buttons(table.renderer.rects[o])[1].center)
            assert g.actions[-1] == Discard(o)
        else:
            mate = 1 - me
            o = session.hand_order(mate)[0]
            _click(app, mate_spots(table.renderer.rects[o])[1].center)
            assert g.actions[-1] == RankClue(mate, g.deck[o].rank)
        assert len(g.actions) == before + 1
        done += 1
    assert session.over and g.strikes == 0
    assert g.score == sum(g.fireworks) > 0
    assert len(g.actions) == done
    assert len(table.renderer.rects) > 0
    for _ in range(60):  # the table hands over to the results screen (or says the game is over)
        app.frame(0.1)
    assert app.stack.top is not table or "Game over" in table.message


def test_a_clue_through_the_chooser_highlights_the_touched_cards(app: App) -> None:
    session = _hot_seat("chooser")
    table = _table(app, session)
    g = session.game
    _click(app, table.renderer.hand_layout(1, session.players).plate.center)
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser) and chooser.target == 1
    assert {c.rank for c, _, _ in chooser.options if isinstance(c, RankClue)} == {g.deck[o].rank for o in g.hands[1]}
    rank_opts = [(c, r) for (c, _, _), r in zip(chooser.options, chooser.rects, strict=True) if isinstance(c, RankClue)]
    clue, rect = max(rank_opts, key=lambda cr: len(g.touched_by(1, cr[0])))
    _click(app, rect.center)
    assert chooser.choice == clue
    touched = set(g.touched_by(1, clue))
    assert chooser.touched() == touched
    surface = pygame.display.get_surface()
    for o in g.hands[1]:
        r = table.renderer.rects[o]
        ring = tuple(surface.get_at((r.x - 4, r.centery)))[:3]
        assert (ring == theme.ACCENT) == (o in touched), o
    _click(app, chooser.confirm.center)
    assert chooser not in app.stack
    assert g.actions == [clue] and g.clue_tokens == 7
    assert all(any(t for _, _, t in g.clue_history[o]) == (o in touched) for o in g.hands[1])
    assert table.model().last_clue == touched  # arrows point at the cards the last clue touched


def test_an_illegal_drop_snaps_back_and_says_why(app: App) -> None:
    session = _hot_seat("refusal")
    table = _table(app, session)
    g = session.game
    lay = table.renderer.lay
    o = session.hand_order(0)[1]
    rest = pygame.Rect(table.renderer.rects[o])
    _drag(app, _centre(rest), lay.discard_zone.center)
    assert g.actions == [] and o in g.hands[0]
    assert "8 clue tokens" in table.message
    assert o in table.anim.in_flight()
    for _ in range(30):
        app.frame(0.05)
    assert not table.anim.in_flight() and table.renderer.rects[o] == rest


def test_reorder_by_drag_and_play_by_keyboard(app: App) -> None:
    """Keys 1-5 are the game's slots (as the log says), whatever order the hand is shown in."""
    session = _hot_seat("reorder")
    table = _table(app, session)
    g = session.game
    hand = list(session.hand_order(0))
    o = hand[0]
    target = table.renderer.hand_layout(0, session.players).cards[3]
    _drag(app, _centre(table.renderer.rects[o]), target.center)
    assert list(session.hand_order(0))[3] == o and g.actions == []
    second = g.hands[0][1]
    assert list(session.hand_order(0))[1] != second  # the display order differs from the game's
    _post(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2")
    _post(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")
    app.frame(0.02)
    assert g.actions == [Play(second)]
    assert " from slot 2" in session.log[-1].text


def test_a_rearranged_hand_is_labelled_with_game_slots_and_private_to_its_holder(app: App) -> None:
    session = _hot_seat("private-order")
    table = _table(app, session)
    g = session.game
    first = g.hands[0][0]
    _drag(app, _centre(table.renderer.rects[first]), table.renderer.hand_layout(0, session.players).cards[4].center)
    assert session.hand_order(0)[4] == first
    for _ in range(20):  # the cards slide to their new places
        app.frame(0.05)
    surface = pygame.display.get_surface()
    from hanabi_desktop.ui.art.cards import SLOT_TAG, slot_tag_rect

    for o in g.hands[0]:  # every card of the rearranged hand carries its game slot's label
        tag = slot_tag_rect(table.renderer.rects[o])
        assert tuple(surface.get_at((tag.centerx, tag.y + 2)))[:3] == SLOT_TAG, o
    _post(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")
    app.frame(0.02)
    assert table.selected == first and "Slot 1 selected" in table._message_text()[0]
    _post(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")  # 8 clue tokens: a clue instead
    app.frame(0.02)
    assert g.actions == []
    mate_card = g.hands[1][0]
    _click(app, mate_spots(table.renderer.rects[mate_card])[1].center)
    assert len(g.actions) == 1
    _settle(app, table, 3)
    assert session.viewer == 1 and app.stack.top is table
    # Bob sees Ann's hand in the game's order, unlabelled: Ann's arrangement is hers alone
    assert table.model().hands[0].cards == tuple(g.hands[0])
    assert not any(table.model().cards[o].label_slot for o in g.hands[0])
    r = table.renderer.rects[g.hands[0][0]]
    assert r == table.renderer.hand_layout(0, session.players).cards[0]


def _reach_pending(tiles: set) -> object:  # noqa: ANN401
    """A 5 Flamboyants hot-seat session driven (greedy play, else discard) to a pending bonus tile in `tiles`."""
    for seed in range(120):
        setup = Setup(seats=[SeatSpec("Ann"), SeatSpec("Bob")],
                                  variant="flamboyants", seed=f"tiles-{seed}")
        session = Session(setup)
        g = session.game
        while not g.over and g.pending is None:
            legal = g.legal_actions()
            plays = [a for a in legal if isinstance(a, Play) and g.is_playable(g.card(a.card))]
            discards = [a for a in legal if isinstance(a, Discard)]
            session.submit(plays[0] if plays else (discards[-1] if discards else legal[-1]))
        if g.pending in tiles and g.discard_pile:
            return session
    pytest.skip("no seed reached the bonus tile")


def test_a_bonus_tile_choice_is_made_in_the_discard_pile(app: App) -> None:
    from hanabi_desktop.engine import Recover, Replay, Tile

    session = _reach_pending({Tile.RECOVER, Tile.REPLAY})
    table = _table(app, session)
    _settle(app, table, 2)
    g = session.game
    assert app.stack.top is table and session.viewer == g.current
    assert "Bonus tile" in table._message_text()[0]
    o = g.discard_pile[0]
    before = len(g.actions)
    _click(app, table.renderer.rects[o].center)
    assert len(g.actions) == before + 1 and isinstance(g.actions[-1], Recover | Replay)
    assert g.actions[-1].card == o and g.pending is None


def test_a_bonus_tile_choice_is_made_by_keys_alone(app: App) -> None:
    """In a keyboard-only game a tile that takes a discarded card could not be answered: only a click would do."""
    from hanabi_desktop.engine import Recover, Replay, Tile

    session = _reach_pending({Tile.RECOVER, Tile.REPLAY})
    table = _table(app, session)
    _settle(app, table, 2)
    g = session.game
    assert "Left and Right" in table._message_text()[0]
    before = len(g.actions)
    _post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    app.frame(0.02)
    assert table.picked == g.discard_pile[0]  # the first card the tile may take is ringed
    surface = pygame.display.get_surface()
    ring = table.renderer.rects[table.picked].inflate(8, 8)
    assert tuple(surface.get_at((ring.centerx, ring.top + 1)))[:3] == theme.ACCENT
    if len(g.discard_pile) > 1:
        _post(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
        _post(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")
        app.frame(0.02)
        assert table.picked == g.discard_pile[0]
    chosen = table.picked
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.frame(0.02)
    assert len(g.actions) == before + 1 and isinstance(g.actions[-1], Recover | Replay)
    assert g.actions[-1].card == chosen and g.pending is None and table.picked is None


def test_a_free_clue_tile_opens_a_chooser_with_only_that_kind(app: App) -> None:
    from hanabi_desktop.engine import ColourClue, Tile

    session = _reach_pending({Tile.FREE_COLOUR_CLUE})
    table = _table(app, session)
    _settle(app, table, 2)
    g = session.game
    mate = 1 - session.viewer
    tokens = g.clue_tokens
    _click(app, table.renderer.hand_layout(mate, session.players).plate.center)
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser) and chooser.options
    assert all(isinstance(c, ColourClue) for c, _, _ in chooser.options)
    _click(app, chooser.rects[0].center)
    _click(app, chooser.confirm.center)
    assert g.actions[-1] == chooser.options[0][0] and g.clue_tokens == tokens and g.pending is None


def test_a_free_clue_tile_by_keys_alone_as_the_table_says(app: App) -> None:
    """The table said only 'click a teammate's hand' for a free clue tile; C (then the chooser's keys) does it too."""
    from hanabi_desktop.engine import ColourClue, Tile

    session = _reach_pending({Tile.FREE_COLOUR_CLUE})
    table = _table(app, session)
    _settle(app, table, 2)
    g = session.game
    assert "press C" in table._message_text()[0]
    tokens = g.clue_tokens
    _post(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")
    app.frame(0.02)
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser) and all(isinstance(c, ColourClue) for c, _, _ in chooser.options)
    letter = chooser.options[0][2]
    _post(pygame.KEYDOWN, key=pygame.key.key_code(letter), mod=0, unicode=letter)
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.frame(0.02)
    assert g.actions[-1] == chooser.options[0][0] and g.clue_tokens == tokens and g.pending is None


def test_spectating_bots_shows_every_hand_face_up_and_logs_their_moves(app: App) -> None:
    seats = [SeatSpec(f"Bot {i}", registry.DEFAULT_BOT) for i in range(3)]
    session = Session(Setup(seats=seats, seed="spectate"))
    app.settings.bot_pace = "fast"  # the table hands the player's bot pace to the session
    table = _table(app, session)
    assert session.bot_pace == "fast"
    run_until(app, lambda: len(session.log) >= 4 or session.over)  # the bots think in a worker thread
    assert session.viewer is None and len(session.log) >= 4
    model = table.model()
    g = session.game
    assert all(model.cards[o].face == (g.deck[o].suit, g.deck[o].rank) for o in table.renderer.hand_of)
    assert [line.text for line in model.log] == [e.text for e in session.log]
    assert "Spectating" in table._message_text()[0]


def test_hover_tells_the_clues_a_card_got_and_what_its_holder_knows() -> None:
    from hanabi_desktop.engine import ColourClue, Game, PlayerView, get_variant
    from hanabi_desktop.ui.tableview.model import build_model

    g = Game.new(get_variant("classic"), 2, 11, names=["Ann", "Bob"])
    o = g.hands[1][0]
    card = g.deck[o]
    g.apply(RankClue(1, card.rank))
    g.apply(Discard(g.hands[1][-1]))
    g.apply(ColourClue(1, g.variant.clue_colours.index(card.suit)))
    tip = build_model(PlayerView.of(g, 0)).cards[o].tooltip
    assert tip == (f"turn 1: is {card.rank}", f"turn 3: is {g.variant.suits[card.suit].name}",
                   f"Bob knows it is {g.variant.card_name(card)}")


def test_the_table_follows_a_window_resize(app: App) -> None:
    session = _hot_seat("resize")
    table = _table(app, session)
    big = table.renderer.lay.card
    pygame.display.set_mode((1024, 640), pygame.RESIZABLE)  # what the window manager does; then SDL reports it
    _post(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640)
    app.frame(0.02)
    lay = table.renderer.lay
    assert lay.size == (1024, 640) and lay.card[0] < big[0]
    o = session.hand_order(0)[0]
    g = session.game
    playable = g.is_playable(g.deck[o])
    _drag(app, _centre(table.renderer.rects[o]), lay.fireworks[0].center)
    assert g.actions == [Play(o)] and (g.strikes == 0) == playable


def test_framebench_times_a_bot_table() -> None:
    from hanabi_desktop.measure.framebench import bench

    seats = [SeatSpec(f"Bot {i}", registry.DEFAULT_BOT) for i in range(5)]
    session = Session(Setup(seats=seats, seed="bench"))
    result = bench(frames=40, size=(1024, 640), session=session, dt=0.1)
    assert result.frames == 40 and result.worst > 0
    assert result.animated > 0 and result.actions > 0
    assert "autosave on" in str(result) and session.autosave is not None  # the real flow, saves included


def test_card_size_and_symbol_settings_apply_when_the_table_resumes(app: App) -> None:
    table = _table(app, _hot_seat("settings"))
    normal = table.renderer.lay.card
    app.settings.card_scale = 0.7
    app.settings.colour_blind_symbols = False
    table.resume()  # the settings screen was popped
    app.frame(0.02)
    assert table.renderer.lay.card[0] < normal[0] and table.renderer.symbols is False


def test_the_last_copy_mark_on_a_teammates_card_is_not_hidden_by_the_clue_spots(app: App) -> None:
    from hanabi_desktop.ui.art.cards import critical_marker_rect

    session = _hot_seat("crit5")
    table = _table(app, session)
    g = session.game
    five = next(o for o in g.hands[1] if g.deck[o].rank == 5)
    assert g.is_critical(g.deck[five]) and table.my_turn
    app.frame(0.02)  # the spots are drawn on teammates' cards during the viewer's turn
    r = table.renderer.rects[five]
    mark = critical_marker_rect(r)
    assert not any(mark.colliderect(spot) for spot in mate_spots(r))
    surface = pygame.display.get_surface()
    assert tuple(surface.get_at((mark.centerx - mark.w // 4, mark.centery)))[:3] == theme.ERROR


def test_a_hot_seat_move_brings_the_curtain_at_once_with_no_stale_tooltip(app: App) -> None:
    session = _hot_seat("handoff")
    table = _table(app, session)
    g = session.game
    o = g.hands[1][0]
    r = table.renderer.rects[o]
    _post(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))
    _click(app, mate_spots(r)[1].center)  # Ann clues Bob: the card now has a clue, so it has a tooltip
    assert len(g.actions) == 1
    app.frame(0.02)
    top = app.stack.top
    assert type(top).__name__ == "CurtainScene"  # not after the animation: Bob's hand was face up on screen
    assert "pass them the computer" in table._message_text()[0] and "thinking" not in table._message_text()[0]
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.frame(0.02)
    assert app.stack.top is table and session.viewer == 1
    assert table.tooltip() == []  # Ann's pointer position is not Bob's


def test_the_log_shows_the_newest_move_when_one_arrives(app: App) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot", registry.DEFAULT_BOT)]
    session = Session(Setup(seats, seed="log-scroll"), threaded=False)
    for _ in range(3):
        session.submit(session.game.legal_actions()[-1])
        session.run_bots()
    table = _table(app, session)
    lay = table.renderer.lay
    _post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    table.handle(__import__("hanabi_desktop.ui.intents", fromlist=["Scroll"]).Scroll(lay.log.center, 2))
    assert table.renderer.log_scroll > 0
    session.submit(session.game.legal_actions()[-1])
    app.frame(0.02)
    assert table.renderer.log_scroll == 0


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1280, 800), (1920, 1080)])
def test_the_last_clue_arrow_stays_between_the_players_name_and_the_card(size: tuple[int, int]) -> None:
    """Above the card (the clue chips along its top stay visible) and below the name plate (it hid the
    players' names)."""
    from hanabi_desktop.ui.tableview.layout import layout
    from hanabi_desktop.ui.tableview.render import clue_arrow

    for players in (2, 3, 4, 5):
        lay = layout(size, players, 6, 4 if players > 3 else 5)
        for hand in lay.hands:
            for r in hand.cards:
                pts = clue_arrow(r, lay.arrow_room)
                assert max(y for _, y in pts) <= r.y + 1
                assert min(y for _, y in pts) >= hand.plate.bottom, (players, size)
                assert max(x for x, _ in pts) - min(x for x, _ in pts) >= 10  # still an arrow one sees


def test_revealed_bonus_tiles_fit_their_label_and_explain_themselves_on_hover(app: App) -> None:
    from hanabi_desktop.engine import Tile
    from hanabi_desktop.engine.events import TILE_TEXT
    from hanabi_desktop.ui.art.cards import TILE_LABELS

    session = _reach_pending({Tile.RECOVER, Tile.REPLAY, Tile.FREE_COLOUR_CLUE, Tile.FREE_RANK_CLUE})
    table = _table(app, session)
    _settle(app, table, 2)
    lay = table.renderer.lay
    tile = session.game.revealed_tiles[0]
    r = lay.bonus_revealed[0]
    size = max(7, round(r.h * 0.2))
    for label in TILE_LABELS.values():
        assert theme.fit_text(label, size, r.w - 2) == label
    _post(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    assert table.tooltip() == [(f"Bonus tile {tile.value}:", [TILE_TEXT[tile]])]


def test_revealed_bonus_tiles_are_labelled_in_the_players_language_and_fit_at_800x600() -> None:
    """The tile labels were English in every language: each is translated, drawn in the chosen language (the
    cached art follows it) and fits its tile at the smallest window."""
    from hanabi_desktop.engine import Tile
    from hanabi_desktop.i18n import LANGUAGES
    from hanabi_desktop.ui.art import cards

    app = App((800, 600), settings=Settings())
    try:
        session = _reach_pending({Tile.RECOVER, Tile.REPLAY, Tile.FREE_COLOUR_CLUE, Tile.FREE_RANK_CLUE})
        table = _table(app, session)
        _settle(app, table, 2)
        r = table.renderer.lay.bonus_revealed[0]
        size = max(7, round(r.h * 0.2))
        english = cards.bonus_tile(r.w, r.h, 1).copy()
        for language in LANGUAGES:
            app.set_language(language)
            labels = [cards.tile_label(value) for value in range(1, 7)]
            if language != "en":  # a word may be the same ("-1 error" in Spanish), the set is not
                assert labels != list(cards.TILE_LABELS.values()), (language, labels)
            for label in labels:
                assert theme.fit_text(label, size, r.w - 2) == label, (language, label, r.size)
            if language == "fr":
                assert labels == ["+indice", "-orage", "couleur", "valeur", "recycler", "rejouer"]
                drawn = cards.bonus_tile(r.w, r.h, 1)
                assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(english, "RGBA")
    finally:
        app.close()


def test_the_curtain_lists_bot_reasons_without_nested_brackets(app: App) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot", registry.DEFAULT_BOT),
             SeatSpec("Cat")]
    for seed in range(30):
        session = Session(Setup(seats, seed=f"curtain-{seed}"), threaded=False)
        session.submit(session.game.legal_actions()[-1])
        session.run_bots()
        if "(" in session.log[-1].explanation:
            break
    from hanabi_desktop.ui.scenes import scene_class

    curtain = scene_class("curtain")(app, session)
    line = curtain.missed()[-1]
    assert line == f"{session.log[-1].text}  -  {session.log[-1].explanation}"
    assert not line.endswith("))")


def _three(seed: str) -> object:
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cat")]
    return Session(Setup(seats, seed=seed))


def test_pointing_at_a_spot_previews_the_cards_its_clue_touches_before_giving_it(app: App) -> None:
    session = _hot_seat("spot-preview")
    table = _table(app, session)
    g = session.game
    o = g.hands[1][2]
    spot = mate_spots(table.renderer.rects[o])[1]
    _post(pygame.MOUSEMOTION, pos=spot.center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    clue = RankClue(1, g.deck[o].rank)
    touched = set(g.touched_by(1, clue))
    assert table.spot_preview() == (clue, 1, frozenset(touched)) and g.actions == []
    assert table._message_text()[0].startswith(f"Click to clue Bob {g.deck[o].rank}: touches slot")
    surface = pygame.display.get_surface()
    for c in g.hands[1]:
        r = table.renderer.rects[c]
        ring = tuple(surface.get_at((r.x - 4, r.centery)))[:3]
        assert (ring == theme.ACCENT) == (c in touched), c


def test_the_chooser_keeps_the_fireworks_in_sight_preselects_the_card_and_switches_teammate(app: App) -> None:
    session = _three("chooser-switch")
    table = _table(app, session)
    g = session.game
    o = g.hands[1][0]
    _click(app, table.renderer.rects[o].center)  # the card itself, not a spot
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser) and chooser.target == 1
    assert not any(chooser.panel.colliderect(f) for f in table.renderer.lay.fireworks)
    suit = g.deck[o].suit
    assert chooser.choice == ColourClue(1, g.variant.clue_colours.index(suit))
    _post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
    app.frame(0.02)
    assert chooser.target == 2 and chooser.choice is None
    assert {c.rank for c, _, _ in chooser.options if isinstance(c, RankClue)} == {g.deck[x].rank for x in g.hands[2]}
    _click(app, chooser.tabs[0].center)
    assert chooser.target == 1


def test_hovering_a_teammates_card_tells_what_they_can_tell(app: App) -> None:
    session = _hot_seat("mate-tip")
    table = _table(app, session)
    o = session.game.hands[1][3]
    _post(pygame.MOUSEMOTION, pos=table.renderer.rects[o].center, rel=(0, 0), buttons=(0, 0, 0))
    app.frame(0.02)
    assert table.tooltip() == [("No clues on this card yet.", ["What Bob can tell:"])]
    assert table.model().cards[o].possible == session.view(0).holder_empathy(o)


def test_losing_a_needed_last_copy_is_said_and_heard_and_the_header_shows_the_best_score_left(app: App) -> None:
    session = next(s for s in (_hot_seat(f"drop-{i}") for i in range(40))
                   if any(s.game.deck[o].rank == 5 for o in s.game.hands[0]))
    table = _table(app, session)
    heard: list[str] = []
    app.sound.play = lambda name, volume=1.0: heard.append(name)
    g = session.game
    _click(app, mate_spots(table.renderer.rects[g.hands[1][0]])[1].center)  # Ann spends a clue token
    _settle(app, table, 3)
    _click(app, mate_spots(table.renderer.rects[g.hands[0][0]])[1].center)  # Bob clues back
    _settle(app, table, 3)
    five = next(o for o in g.hands[0] if g.deck[o].rank == 5)
    assert table.model().max_possible == 25
    heard.clear()
    _click(app, own_buttons(table.renderer.rects[five])[1].center)  # Ann discards her 5
    assert g.actions[-1] == Discard(five)
    assert table.model().max_possible == 24
    assert "best score possible is now 24" in table.message and "misplay" in heard


def test_the_clue_chooser_draws_the_table_once_per_frame(app: App) -> None:
    session = _hot_seat("one-draw")
    table = _table(app, session)
    calls = []
    real = table.renderer.draw
    table.renderer.draw = lambda *a, **k: calls.append(1) or real(*a, **k)
    _click(app, table.renderer.hand_layout(1, session.players).plate.center)
    chooser = app.stack.top
    assert isinstance(chooser, ClueChooser)
    _click(app, chooser.rects[0].center)  # a clue is shown: its cards are highlighted
    calls.clear()
    _post(pygame.MOUSEMOTION, pos=chooser.rects[0].center, rel=(1, 0), buttons=(0, 0, 0))  # a frame that draws
    app.frame(0.02)
    assert calls == [1] and table.preview[0]


def test_a_full_disk_is_said_on_the_table_and_the_game_goes_on(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from hanabi_desktop import storage
    from hanabi_desktop.table import autosave

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    seats = [SeatSpec("Ann"), SeatSpec("Bot", registry.DEFAULT_BOT)]
    session = Session(Setup(seats, seed="full-disk"), autosave=autosave.save)
    autosave.listen(app.notices)  # as new_session and resume_session do
    table = _table(app, session)
    monkeypatch.setattr(storage, "save_autosave", full)
    o = session.game.hands[1][0]
    _click(app, mate_spots(table.renderer.rects[o])[1].center)
    assert len(session.game.actions) == 1
    autosave.flush(5)
    draws = app.draws
    app.frame(0.02)
    said = [n.text for n in app.notices.visible()]
    assert app.draws == draws + 1  # the notice is drawn at once, over the table
    assert len(said) == 1 and "the disk is full" in said[0] and not session.over  # one line, updated per save
    monkeypatch.undo()
    autosave.WRITER.put(save_data(session))
    assert autosave.flush(5) and autosave.WRITER.error is None
    assert "works again" in app.notices.visible()[0].text
