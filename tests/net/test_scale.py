"""Many tables at once on `serve --workers 2`: 12 tables of 5 clients (one process of asyncio clients, as the
benchmark runs them), every client rebuilding its seat's view from the deltas; every game ends, and every move
reached all 5 seats of its table. Timings are the benchmark's business (`net-bench load`), not this test's."""

from __future__ import annotations

import asyncio

from hanabi_desktop.measure.net_bench import family, play_table, start_server


def test_twelve_tables_of_five_play_to_the_end_at_once_over_two_workers() -> None:
    proc, url = start_server(max_tables=50, workers=2)
    try:
        assert len(family(proc.pid)) == 3  # the front and its two workers

        async def all_tables() -> list:
            return await asyncio.gather(*(play_table(url, 0.0, seed=i, model=True, timeout=120) for i in range(12)))
        results = asyncio.run(all_tables())
    finally:
        proc.terminate()
        proc.wait(10)
    assert len(results) == 12
    for result in results:
        assert result["moves"] > 20  # discards and clues until the deck runs out
        assert len(result["latencies"]) == result["moves"]  # each move reached all 5 seats' views
