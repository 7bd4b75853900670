"""The Review screen's model, without a window: the headline said exactly or as bounds, the drops listed with
what happened, each move's review text, the worker thread, and the bots' explanations kept with a game."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from hanabi_desktop.engine import Game, GameRecord, Play, get_variant
from hanabi_desktop.review.report import Bound, Review, TurnReview
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup
from hanabi_desktop.ui.replayview import review_model
from hanabi_desktop.ui.replayview.review_model import (
    ReviewJob,
    best_score_line,
    bound_text,
    drops,
    move_text,
    turn_lines,
)
from tests.waiting import wait_until

GAMES = Path(__file__).resolve().parents[1] / "data" / "hanablive"


def _states(record: GameRecord) -> list[Game]:
    game = record.new_game()
    out = [game.clone()]
    for a in record.actions:
        game.apply(a)
        out.append(game.clone())
    return out


def _two_moves() -> tuple[GameRecord, list[Game]]:
    game = Game.new(get_variant("classic"), 2, seed=4, names=["Ann", "Bob"])
    game.apply(Play(game.hands[0][4]))
    game.apply(Play(game.hands[1][0]))
    record = GameRecord.of(game)
    return record, _states(record)


def test_the_headline_is_exact_or_said_as_proven_bounds() -> None:
    assert best_score_line(Review(Bound(24, 24), ())).endswith("every card known: 24")
    line = best_score_line(Review(Bound(22, 25), ()))
    assert "between 22 and 25" in line and "not proven exactly" in line
    assert bound_text(Bound(7, 7)) == "7" and bound_text(Bound(6, 9)) == "between 6 and 9"


def test_drops_list_only_the_moves_that_lowered_the_best_score_with_what_happened() -> None:
    record, states = _two_moves()
    a0, a1 = record.actions
    turns = (TurnReview(0, 0, a0, Bound(25, 25), Bound(24, 24), Play(states[0].hands[0][0]), "play it",
                        "discarded the last red 5"),
             TurnReview(1, 1, a1, Bound(24, 24), Bound(24, 24), None, "", ""))
    review = Review(Bound(25, 25), turns)
    [drop] = drops(review, states)
    assert drop.turn == 0 and drop.before == Bound(25, 25) and drop.after == Bound(24, 24)
    assert drop.text == "Move 1 (25 to 24): discarded the last red 5" and drop.action == move_text(states[0], a0)
    # a move whose bounds only overlap did not provably lose anything: not listed
    loose = Review(Bound(25, 25), (TurnReview(0, 0, a0, Bound(23, 25), Bound(22, 24), None, "", ""),))
    assert drops(loose, states) == []


def test_turn_lines_say_the_move_and_the_bots_differing_move_with_its_reason() -> None:
    record, states = _two_moves()
    a0, a1 = record.actions
    other = Play(states[0].hands[0][1])
    review = Review(Bound(25, 25), (TurnReview(0, 0, a0, Bound(25, 25), Bound(24, 24), other, "a finesse", "lost"),
                                    TurnReview(1, 1, a1, Bound(24, 24), Bound(24, 24), None, "", "")))
    first = turn_lines(review, states, record.actions, 0)
    assert first[0] == f"Move 1: {move_text(states[0], a0)}."
    assert move_text(states[0], other) in first[1] and "Ann saw" in first[1]
    assert first[2] == "Its reason: a finesse" and first[3].startswith("Points lost here: lost")
    assert turn_lines(review, states, record.actions, 1)[1] == "The conventions bot would have made the same move."
    assert turn_lines(None, states, record.actions, 0) == first[:1]  # before the review is ready: the move only
    assert "over" in turn_lines(review, states, record.actions, 2)[0]


def test_the_job_works_on_its_own_thread_and_reports_progress(monkeypatch) -> None:  # noqa: ANN001
    record = GameRecord.loads((GAMES / "example_game_3p.json").read_text())
    gate = threading.Event()
    real = review_model.review_game

    def slow(rec, **kw):  # noqa: ANN001, ANN003, ANN202
        kw["progress"](1, 4)
        gate.wait(10)
        return real(rec, **kw)

    monkeypatch.setattr(review_model, "review_game", slow)
    job = ReviewJob(record, budget_s=1.0)
    wait_until(lambda: job.progress == (1, 4), what=lambda: f"the review at {job.progress}")
    assert not job.done and job.result is None and job.fraction == 0.25
    gate.set()
    assert job.wait(60) and job.error == ""
    assert job.result is not None and len(job.result.turns) == len(record.actions)


def test_a_record_that_does_not_replay_is_an_error_said_not_raised() -> None:
    record, _ = _two_moves()
    record.actions = [record.actions[1], record.actions[0]]  # Bob's play first: illegal
    job = ReviewJob(record, budget_s=0.5)
    assert job.wait(30) and job.result is None and "could not be made" in job.error


def test_a_kept_game_carries_the_bots_explanations_and_reads_them_back() -> None:
    s = Session(Setup([SeatSpec("B1", "conventions"), SeatSpec("B2", "conventions")], seed="why"), threaded=False)
    s.run_bots()
    record = s.record()
    assert record.explanations == tuple(e.explanation for e in s.log) and any(record.explanations)
    data = record.to_json()
    assert data["explanations"] == list(record.explanations)  # an extra key: hanab.live ignores it
    back = GameRecord.from_json(json.loads(json.dumps(data)))
    assert back.explanations == record.explanations and back.actions == record.actions
    # unreadable explanations are dropped, not fatal; a game without any writes no key
    data["explanations"] = [1, 2]
    assert GameRecord.from_json(data).explanations == ()
    assert "explanations" not in GameRecord.of(s.game).to_json()


def test_a_cancelled_job_stops_at_its_next_progress_report(monkeypatch) -> None:  # noqa: ANN001
    record, _ = _two_moves()
    steps = []

    def endless(rec, **kw):  # noqa: ANN001, ANN003, ANN202 - a review that would go on for a minute
        for i in range(6000):
            kw["progress"](i, 6000)
            steps.append(i)
            threading.Event().wait(0.01)
        raise AssertionError("not cancelled")

    monkeypatch.setattr(review_model, "review_game", endless)
    job = ReviewJob(record)
    wait_until(lambda: steps, what="the review's first step")
    job.cancel()
    assert job.wait(5) and job.result is None and job.error == "" and len(steps) < 6000


def test_through_a_seats_eyes_its_own_cards_are_not_named_in_the_turn_text() -> None:
    record, states = _two_moves()
    a0 = record.actions[0]  # Ann plays her slot 5
    assert move_text(states[0], a0, hidden=0) == "Ann plays slot 5"
    assert move_text(states[0], a0, hidden=1) == move_text(states[0], a0)  # Bob sees Ann's card
    assert record.variant.card_name(record.deck[a0.card]) in move_text(states[0], a0)
    assert turn_lines(None, states, record.actions, 0, hidden=0) == ["Move 1: Ann plays slot 5."]
