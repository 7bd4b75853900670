"""The session's side of the learning aids: undo, the counts and the card notes in the save, without a window."""

from __future__ import annotations

import json

import pytest

from hanabi_desktop.engine import GameRecord, IllegalAction, RankClue
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup


def _bots(seed: str = "s", **kw) -> Session:  # noqa: ANN003
    return Session(Setup([SeatSpec("Ann"), SeatSpec("Bot", bot="conventions"), SeatSpec("Cy", bot="conventions")],
                         seed=seed), threaded=False, **kw)


def test_undo_replays_to_before_my_last_move_and_can_be_repeated() -> None:
    s = _bots()
    states = []
    for _ in range(3):
        states.append((list(s.game.actions), [list(h) for h in s.game.hands], s.game.clue_tokens))
        s.discard_card(s.hand_order(0)[-1]) if s.game.clue_tokens < 8 else s.submit(
            RankClue(1, s.game.deck[s.game.hands[1][0]].rank))
        s.run_bots()
    for k in (2, 1, 0):
        s.undo(0)
        assert (list(s.game.actions), [list(h) for h in s.game.hands], s.game.clue_tokens) == states[k]
        assert [e.index for e in s.log] == list(range(len(s.log)))
    assert s.undos == 3
    with pytest.raises(IllegalAction, match="no move to take back"):
        s.undo(0)


def test_in_hot_seat_only_the_last_person_to_move_may_take_it_back() -> None:
    s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bob")], seed="hot"), threaded=False)
    s.discard_card(s.hand_order(0)[-1]) if s.game.clue_tokens < 8 else s.submit(RankClue(1, 1))
    s.submit(RankClue(0, s.game.deck[s.game.hands[0][0]].rank))
    assert "Bob has moved since" in s.undo_refusal(0)
    assert s.undo_refusal(1) is None
    assert s.undo_refusal(None) is not None


def test_counts_and_notes_survive_the_save_and_bad_ones_are_set_aside() -> None:
    s = _bots("save")
    s.undos, s.hints = 3, 4
    mine = s.game.hands[0][0]
    s.set_note(0, mine, "  r1, y1  ")
    s.set_note(0, s.game.hands[1][0], "f")
    s.set_note(0, s.game.hands[1][0], "")  # erased
    data = json.loads(json.dumps(save_data(s)))
    back = resume(data, threaded=False)
    assert (back.undos, back.hints, back.notes) == (3, 4, {0: {mine: "r1, y1"}})
    data.update(undos="many", hints=-1, notes={"0": {"999": "x", "abc": "y", str(mine): 7}, "9": {"1": "z"},
                                                "1": {"3": "ok"}})
    back = resume(data, threaded=False)
    assert (back.undos, back.hints, back.notes) == (0, 0, {1: {3: "ok"}})


def test_the_record_carries_the_notes_as_hanab_live_does() -> None:
    s = _bots("rec")
    assert "notes" not in s.record().to_json()
    s.set_note(2, 7, "cm")
    data = s.record().to_json()
    assert [len(n) for n in data["notes"]] == [s.variant.deck_size] * 3 and data["notes"][2][7] == "cm"
    assert GameRecord.from_json(data).notes[2][7] == "cm"
    with pytest.raises(IllegalAction):
        s.set_note(0, 10_000, "x")


def test_every_bot_believes_only_about_its_own_cards() -> None:
    s = _bots("beliefs")
    s.submit(RankClue(1, s.game.deck[s.game.hands[1][0]].rank))
    s.run_bots()
    n, beliefs = s.bot_beliefs()
    assert n == len(s.game.actions) and set(beliefs) <= {1, 2}
    for seat, cards in beliefs.items():
        assert set(cards) <= set(s.game.hands[seat])
