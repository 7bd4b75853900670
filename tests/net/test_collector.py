"""`serve`'s garbage collection (collector.py): what `settle` changes, and the pause log the benchmark reads."""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator

import pytest

from hanabi_desktop.measure.net_bench import gc_pauses
from hanabi_desktop.net.collector import FULL_AFTER, MIDDLE, YOUNG, PauseLog, settle


@pytest.fixture
def restored_gc() -> Iterator[None]:
    """`settle` changes the whole process's collector: the test process gets its own back."""
    thresholds, callbacks = gc.get_threshold(), list(gc.callbacks)
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.callbacks[:] = callbacks


def test_settle_freezes_start_up_and_makes_full_collections_rare(restored_gc: None) -> None:
    before = [1.5]  # a tracked object of start-up
    pauses = settle()
    after = [2.5]
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (YOUNG, MIDDLE, FULL_AFTER) and FULL_AFTER > 10  # CPython's default is 10
    assert pauses in gc.callbacks
    gc.collect(1)  # what is not frozen moves on to the old generation...
    old = gc.get_objects(2)
    assert any(o is after for o in old)
    assert not any(o is before for o in old)  # ...start-up's objects are in none: no collection walks them


def test_the_pause_log_says_each_full_collection_and_the_benchmark_reads_it(restored_gc: None,
                                                                             caplog: pytest.LogCaptureFixture) -> None:
    gc.callbacks.append(PauseLog(slow_ms=float("inf")))  # never 'long' here: on a loaded machine the suite's whole
    # heap took over a second of wall time to collect, and the line came as a warning (once in a full run)
    with caplog.at_level(logging.INFO, logger="hanabi_desktop.net.collector"):
        gc.collect(1)  # quick, not full: not logged
        assert not caplog.records
        cycle: list = []
        cycle.append(cycle)
        del cycle
        gc.collect(2)
    assert len(caplog.records) == 1 and caplog.records[0].levelno == logging.INFO
    text = caplog.text
    assert "generation 2" in text
    read = gc_pauses(text)
    assert read["server_full_collections"] == 1
    _, held, cpu, _ = caplog.records[0].args  # two clocks (perf_counter, thread_time): CPU may pass wall by a tick
    assert read["server_gc_longest_ms"] == round(held, 1) and read["server_gc_longest_cpu_ms"] == round(cpu, 1)
    assert read["server_gc_longest_cpu_ms"] > 0
    assert read["server_gc_pauses_50ms"] == (read["server_gc_longest_ms"] >= 50)


def test_a_long_collection_is_a_warning(restored_gc: None, caplog: pytest.LogCaptureFixture) -> None:
    gc.callbacks.append(PauseLog(slow_ms=0.0))  # every collection counts as long
    with caplog.at_level(logging.INFO, logger="hanabi_desktop.net.collector"):
        gc.collect(0)
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert "generation 0" in caplog.text
