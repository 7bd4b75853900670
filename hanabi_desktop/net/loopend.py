"""Ending an event loop that runs on a thread of its own the way `asyncio.run` ends its loop: every task left on it
is cancelled and awaited (within a time limit), then the loop is stopped, its thread joined and the loop closed.

Stopping such a loop without this leaves its tasks pending, and Python says "Task was destroyed but it is
pending!" when they are collected (at the latest at exit).
"""

from __future__ import annotations

import asyncio
import logging
import threading

log = logging.getLogger(__name__)

#: How long the tasks left on a loop get to end once cancelled, and the thread to stop.
END_WAIT = 5.0


async def cancel_rest(timeout: float = END_WAIT) -> int:
    """Cancel every task on the running loop but the caller and wait up to `timeout` s for them; how many were left."""
    rest = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    if rest:
        done, pending = await asyncio.wait(rest, timeout=timeout)
        for task in done:
            if not task.cancelled() and task.exception() is not None:  # retrieved, so it is said once, here
                log.warning("a task ended with an error while the loop stopped: %r", task.exception())
        for task in pending:
            log.warning("a task did not end within %.0f s of being cancelled: %r", timeout, task)
    await asyncio.get_running_loop().shutdown_asyncgens()
    return len(rest)


def end_loop(loop: asyncio.AbstractEventLoop, thread: threading.Thread, timeout: float = END_WAIT) -> None:
    """Cancel and await the tasks left on `loop` (run by `thread`), stop it, join `thread` and close the loop."""
    if thread.is_alive():
        asyncio.run_coroutine_threadsafe(cancel_rest(timeout), loop).result(timeout + 5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout)
    if not thread.is_alive() and not loop.is_closed():
        loop.close()
