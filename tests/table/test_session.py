"""The session: seats, turn flow, refusals in words, paced bots in a thread, hot-seat curtain, save and resume."""

from __future__ import annotations

import json
import time

import pytest

from hanabi_desktop.engine import ColourClue, Discard, IllegalAction, Play, RankClue
from hanabi_desktop.storage import SaveError
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import LogEntry, Session
from hanabi_desktop.table.setup import SeatSpec, Setup

BOT = "conventions"


def hot_seat(n: int = 2, seed: str = "s1", **kw: object) -> Session:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:n]
    return Session(Setup([SeatSpec(x) for x in names], seed=seed), threaded=False, **kw)


def with_bots(seed: str = "s2", threaded: bool = False) -> Session:
    return Session(Setup([SeatSpec("Ann"), SeatSpec("B1", BOT), SeatSpec("B2", BOT)], seed=seed),
                   threaded=threaded)


def test_setup_checks_seats_and_round_trips() -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        Setup([SeatSpec("Ann")]).check()
    with pytest.raises(ValueError, match="same name"):
        Setup([SeatSpec("Ann"), SeatSpec("ann")]).check()
    with pytest.raises(ValueError, match="no bot called"):
        Setup([SeatSpec("Ann"), SeatSpec("X", "nobody")]).check()
    with pytest.raises(ValueError, match="unknown variant"):
        Setup([SeatSpec("Ann"), SeatSpec("Bob")], variant="chess").check()
    s = Setup([SeatSpec("Ann"), SeatSpec("Bob", BOT)], "rainbow", empty_clues=True, flamboyants=True, seed="x")
    assert Setup.from_json(json.loads(json.dumps(s.to_json()))) == s
    v = s.make_variant()
    assert v.empty_clues and v.flamboyants and not v.final_flourish


def test_same_seed_same_deal_and_no_seed_a_fresh_one() -> None:
    assert hot_seat(seed="a").game.deck == hot_seat(seed="a").game.deck
    s1 = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")]), threaded=False)
    s2 = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")]), threaded=False)
    assert s1.seed != s2.seed


def test_turns_pass_and_the_log_tells_each_action() -> None:
    s = hot_seat()
    o = s.hand_order(0)[0]
    card = s.variant.card_name(s.game.deck[o])
    entry = s.discard_card(o) if s.game.clue_tokens < 8 else s.submit(RankClue(1, s.game.deck[s.game.hands[1][0]].rank))
    assert isinstance(entry, LogEntry) and entry.seat == 0 and s.current == 1 and entry.explanation == ""
    assert entry.text.startswith("Ann clues Bob") or card in entry.text
    entry = s.play_card(s.hand_order(1)[2])
    assert entry.text.startswith("Bob ") and "slot 3" in entry.text and s.current == 0


def test_refusals_are_words_and_change_nothing() -> None:
    s = hot_seat()
    assert s.refusal(Discard(s.hand_order(0)[0])) == "discarding is not allowed with 8 clue tokens"
    with pytest.raises(IllegalAction, match="8 clue tokens"):
        s.discard_card(s.hand_order(0)[0])
    assert s.refusal(Play(s.hand_order(1)[0])) is not None  # not your card
    assert s.game.actions == [] and s.log == []


def test_a_person_cannot_act_for_a_bot() -> None:
    s = with_bots()
    s.submit(ColourClue(1, 0) if s.game.can(ColourClue(1, 0)) else RankClue(1, s.game.deck[s.game.hands[1][0]].rank))
    assert s.is_bot(s.current)
    assert "B1's turn" in s.refusal(RankClue(2, 1))


def test_bots_wait_for_the_pace_then_act_with_an_explanation() -> None:
    s = with_bots()
    s.bot_pace = "normal"
    s.submit(s.game.legal_actions()[-1])
    assert s.update(0.5) == []  # thinking done inline, but the pace has not passed
    applied = s.update(0.6)
    assert [e.seat for e in applied] == [1] and applied[0].explanation
    s.bot_pace = "instant"
    applied = s.update(0.0)
    assert [e.seat for e in applied] == [2] and s.current == 0


def test_bot_thinking_happens_in_a_worker_thread_and_never_blocks_update() -> None:
    s = with_bots(threaded=True)
    s.bot_pace = "instant"
    s.submit(s.game.legal_actions()[-1])
    t0 = time.perf_counter()
    deadline = t0 + 10
    while s.current != 0 and time.perf_counter() < deadline:
        s.update(0.016)
        time.sleep(0.001)
    assert s.current == 0 and len(s.log) == 3
    s.close()


def test_a_bot_error_never_ends_the_game() -> None:
    s = with_bots()

    class Broken:
        def decide(self, view: object) -> object:
            raise RuntimeError("bug")

        def observe(self, view: object) -> None:
            raise RuntimeError("bug")

    s.bots[1] = Broken()
    s.submit(s.game.legal_actions()[-1])
    [entry] = s.update(5.0)
    assert entry.seat == 1 and "erred" in entry.explanation and s.current == 2


def test_bots_only_ever_get_their_own_seat_view() -> None:
    s = with_bots()
    seen = []
    for seat, bot in s.bots.items():
        original = bot.decide

        def spy(view, original=original, seat=seat):  # noqa: ANN001, ANN202
            seen.append((seat, view.seat, set(view.visible) & set(s.game.hands[seat])))
            return original(view)

        bot.decide = spy
    s.submit(s.game.legal_actions()[-1])
    s.run_bots()
    assert seen and all(seat == vs and not own for seat, vs, own in seen)


def test_curtain_for_two_people_never_for_one_person_with_bots() -> None:
    s = hot_seat(3)
    assert s.needs_curtain()  # the first player must take the screen too
    s.acknowledge_curtain()
    assert not s.needs_curtain()
    s.submit(s.game.legal_actions()[-1])
    assert s.needs_curtain() and s.viewer == 0  # Bob's view only once Bob has the screen
    s.acknowledge_curtain()
    assert not s.needs_curtain() and s.viewer == 1
    b = with_bots()
    for _ in range(6):
        assert not b.needs_curtain()
        b.submit(b.game.legal_actions()[-1])
        b.run_bots()


def test_viewer_is_the_last_person_during_bot_turns_and_none_when_spectating() -> None:
    s = with_bots()
    s.submit(s.game.legal_actions()[-1])
    assert s.current == 1 and s.viewer == 0
    spect = Session(Setup([SeatSpec("B1", BOT), SeatSpec("B2", BOT)], seed="x"), threaded=False)
    assert spect.viewer is None
    spect.run_bots()
    assert spect.over and spect.result().max_score == 25


def test_reorder_is_display_only_and_new_cards_come_first() -> None:
    s = hot_seat()
    hand = list(s.game.hands[0])
    s.reorder(0, hand[0], 4)
    assert s.hand_order(0) == hand[1:] + hand[:1] and s.game.hands[0] == hand
    s.acknowledge_curtain()
    s.play_card(hand[2])
    new = s.game.hands[0][0]
    assert s.hand_order(0)[0] == new and hand[2] not in s.hand_order(0)
    with pytest.raises(IllegalAction):
        s.reorder(0, s.hand_order(1)[0], 0)


def test_save_and_resume_mid_game_gives_the_same_state() -> None:
    saved: list[dict] = []
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("B1", BOT), SeatSpec("Cat")], "rainbow", flamboyants=True,
                      seed="resume"), threaded=False, autosave=lambda x: saved.append(json.loads(json.dumps(save_data(x)))))
    s.reorder(0, s.hand_order(0)[0], 3)
    for _ in range(5):
        s.acknowledge_curtain()
        s.submit(s.game.legal_actions()[-1])
        s.run_bots()
    assert len(saved) == 1 + len(s.log) >= 8  # after every action and every reorder
    r = resume(saved[-1], threaded=False)
    g, h = s.game, r.game
    assert (h.hands, h.fireworks, h.clue_tokens, h.strikes, h.turn, h.current, h.deck, h.tiles) == \
        (g.hands, g.fireworks, g.clue_tokens, g.strikes, g.turn, g.current, g.deck, g.tiles)
    assert [e.text for e in r.log] == [e.text for e in s.log]
    assert [e.explanation for e in r.log] == [e.explanation for e in s.log]
    assert r.hand_order(0) == s.hand_order(0)
    a = s.game.legal_actions()[0]
    assert r.submit(a).text == s.submit(a).text


@pytest.mark.parametrize("data", [None, [], {"setup": {"seats": "x"}},
                                  {"setup": {"seats": [{"name": "A"}, {"name": "B"}]}, "record": {"deck": []}}])
def test_bad_save_data_is_a_save_error(data: object) -> None:
    with pytest.raises(SaveError, match="cannot be resumed"):
        resume(data)


def test_results_and_rematch() -> None:
    s = Session(Setup([SeatSpec("A", BOT), SeatSpec("B", BOT)], final_flourish=True, seed="ff"), threaded=False)
    s.run_bots()
    r = s.result()
    assert s.over and r.final_flourish and r.score in (0, 25) and r.rating.split(":")[0] in ("victory", "defeat")
    assert r.won == (r.score == 25)
    again = s.rematch()
    assert again.seed is None and again.final_flourish and [x.bot for x in again.seats] == [BOT, BOT]
    assert s.record().replay().score == s.game.score


def test_bots_observe_and_decide_off_the_thread_that_applies_moves_and_narrating_copies_no_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    from hanabi_desktop.engine import Game

    s = with_bots("threads", threaded=True)
    where: list[tuple[str, str]] = []
    for bot in list(s.bots.values()):
        real_observe, real_decide = bot.observe, bot.decide

        def observe(view, real=real_observe):  # noqa: ANN001, ANN202
            where.append(("observe", threading.current_thread().name))
            return real(view)

        def decide(view, real=real_decide):  # noqa: ANN001, ANN202
            where.append(("decide", threading.current_thread().name))
            return real(view)

        bot.observe, bot.decide = observe, decide
    clones = []
    real_clone = Game.clone
    monkeypatch.setattr(Game, "clone", lambda self: clones.append(1) or real_clone(self))
    s.bot_pace = "instant"
    s.submit(s.game.legal_actions()[0])
    deadline = time.monotonic() + 20
    while s.current != 0 and time.monotonic() < deadline:
        s.update(0.05)
        time.sleep(0.01)
    assert s.current == 0 and len(s.log) == 3
    assert clones == []  # no copy of the game per action just to narrate it
    assert {kind for kind, _ in where} == {"observe", "decide"}
    assert all(name != threading.main_thread().name for _, name in where)
    s.close()


def test_the_log_names_the_rainbow_suit_as_the_variant_list_does() -> None:
    from hanabi_desktop.engine import PRESETS

    assert PRESETS["rainbow"].name == "Rainbow"
    for variant in ("rainbow", "colour-avalanche"):
        sessions = (Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], variant=variant, seed=f"names-{i}"),
                            threaded=False) for i in range(50))
        s = next(x for x in sessions
                 if any(x.game.variant.suits[x.game.deck[o].suit].letter == "m" for o in x.game.hands[0]))
        g = s.game
        o = next(x for x in g.hands[0] if g.variant.suits[g.deck[x].suit].letter == "m")
        entry = s.play_card(o)
        assert " rainbow " in entry.text and "multicolour" not in entry.text, entry.text
