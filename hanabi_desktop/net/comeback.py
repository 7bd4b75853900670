"""What a restarted program can come back to at a network table, as the title (and Join a table) offer it: the
table this computer was hosting when its game stopped (its save), and this player's seat at another computer's
table (its kept token), offered while that table is alive. No pygame.

The files are read where the title reads the local autosave (small files, and the network modules are imported
only when there is one); whether the kept seat's table is alive is asked over the network on a worker thread,
again every `LOOK_SECONDS` (its host may come back), and the frame only looks at the answer.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from hanabi_desktop import storage
from hanabi_desktop.i18n import _
from hanabi_desktop.net.places import kept_dir, saved_tables_dir

LOOK_SECONDS = 5.0  # between two looks at the kept seat's table
POLL = 0.1


class Comeback:
    """See the module docstring: `hosted` (a `hometable.SavedHost`) and `seat` (a `kept.KeptSeat`) once `check`ed;
    `problems` says what could not be read (set aside)."""

    def __init__(self) -> None:
        self.hosted: Any = None
        self.seat: Any = None
        self.alive: dict | None = None  # the kept seat's table summary while it is alive
        self.problems: list[str] = []
        self._pool: ThreadPoolExecutor | None = None
        self._look: Future | None = None
        self._since = LOOK_SECONDS  # seconds since the last look ended

    def check(self) -> None:
        """Read what is kept (the title's enter and resume)."""
        self.hosted, self.seat = None, None
        tables = saved_tables_dir()
        if tables.is_dir() and any(tables.glob("*.json")):
            from hanabi_desktop.net.hometable import saved_host

            try:
                self.hosted = saved_host()
            except storage.SaveError as exc:
                self.problems.append(str(exc))
        if (kept_dir() / "seat.json").exists():
            from hanabi_desktop.net import kept

            try:
                self.seat = kept.load_seat()
            except storage.SaveError as exc:
                self.problems.append(str(exc))
        if self.seat is None:
            self.alive = None
        self._since = LOOK_SECONDS

    def poll(self, dt: float) -> bool:
        """Look at the kept seat's table now and then (off the frame thread); True when what is offered changed."""
        if self.seat is None:
            return False
        look = self._look
        if look is None:
            self._since += dt
            if self._since >= LOOK_SECONDS:
                from hanabi_desktop.net.hometable import table_alive

                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="comeback")
                self._look = self._pool.submit(table_alive, self.seat)
            return False
        if not look.done():
            return False
        self._look, self._since = None, 0.0
        alive = look.result()
        changed = (alive is None) != (self.alive is None)
        self.alive = alive
        return changed

    def offers(self) -> list[tuple[str, str, str]]:
        """(label, tooltip, what) of each way back offered now; `what` is "host" or "seat"."""
        out = []
        if self.hosted is not None:
            out.append((_("Resume your network table"),
                        _("{table}, turn {turn}: the others' programs rejoin by themselves").format(
                            table=self.hosted.name, turn=self.hosted.turn + 1), "host"))
        if self.seat is not None and self.alive is not None:
            out.append((_("Return to your seat at {table}").format(table=self.seat.table or self.seat.code),
                        _("{player}, seat {seat}, at {address}").format(player=self.seat.name, seat=self.seat.seat + 1,
                                                                        address=self.seat.address), "seat"))
        return out

    def wake_after(self) -> float | None:
        """When the screen should look again (None: nothing to look at)."""
        if self.seat is None:
            return None
        return POLL if self._look is not None else max(POLL, LOOK_SECONDS - self._since)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._look = None
