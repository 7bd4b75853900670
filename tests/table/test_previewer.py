"""The clue preview at the table (issue 30): worked out off the frame thread from the person's seat only, kept
in step action by action, and started afresh after a take-back."""

from __future__ import annotations

from hanabi_desktop.bots.advice import views_of
from hanabi_desktop.engine import GameRecord
from hanabi_desktop.table.previewer import Previewer, Reader, preview_bot, work_out
from hanabi_desktop.table.session import Session
from hanabi_desktop.table.setup import SeatSpec, Setup


def game_of(seed: str, moves: int) -> Session:
    s = Session(Setup([SeatSpec("Ann", bot="conventions"), SeatSpec("Bob", bot="conventions"),
                       SeatSpec("Cat", bot="conventions")], seed=seed), threaded=False)
    s.run_bots(limit=moves)
    return s


def texts(shown) -> list[str]:  # noqa: ANN001 - a TablePreview
    return [str(p) for seat in sorted(shown.clues) for p in shown.clues[seat]] + sorted(shown.own.values())


def test_a_reader_kept_in_step_says_what_a_fresh_one_says() -> None:
    s = game_of("pv1", 24)
    record = s.record()
    kept = Reader()
    for n in (6, 13, 24):  # the same reader follows the game as it goes
        part = GameRecord(record.variant, record.players, record.deck, record.actions[:n])
        followed = work_out(kept, views_of(part, 0), "conventions")
        fresh = work_out(Reader(), views_of(part, 0), "conventions")
        assert texts(followed) == texts(fresh)
        assert followed.turn == n
    # a take-back: the record no longer continues what was read, so the reader starts afresh
    part = GameRecord(record.variant, record.players, record.deck, record.actions[:10])
    assert texts(work_out(kept, views_of(part, 0), "conventions")) == texts(work_out(Reader(), views_of(part, 0),
                                                                                     "conventions"))
    assert kept.seen == 11
    # a longer line that is not a continuation (another deal; after an undo, other moves): afresh as well
    other = game_of("pv3", 30).record()
    assert texts(work_out(kept, views_of(other, 0), "conventions")) == texts(work_out(Reader(), views_of(other, 0),
                                                                                      "conventions"))


def test_the_previewer_answers_for_the_position_asked_only() -> None:
    s = game_of("pv2", 9)
    p = Previewer()
    try:
        p.ask(s.seat_views(0), preview_bot(s.advisor), ("k", 1))
        p.future.result(timeout=30)
        shown = p.ready(("k", 1))
        assert shown is not None and shown.seat == 0 and set(shown.clues) == {1, 2}
        assert p.ready(("k", 2)) is None
    finally:
        p.close()


def test_the_preview_reads_at_the_tables_level() -> None:
    assert preview_bot("conventions@2") == "conventions@2"
    assert preview_bot("conventions") == "conventions"
