"""What a restarted program can come back to at a network table, as the title (and Join a table) offer it: the
table this computer was hosting when its game stopped (its save), and this player's seats at other computers'
tables (their kept tokens, one per table), each offered while its table is alive. No pygame.

The files are read where the title reads the local autosave (small files, and the network modules are imported
only when there is one); whether the kept seats' tables are alive is asked over the network on a worker thread,
again every `LOOK_SECONDS` (a host may come back), and the frame only looks at the answers.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from hanabi_desktop import storage
from hanabi_desktop.i18n import _, ngettext
from hanabi_desktop.net.places import kept_dir, saved_tables_dir

LOOK_SECONDS = 5.0  # between two looks at the kept seat's table
POLL = 0.1


class Comeback:
    """See the module docstring: `hosted` (a `hometable.SavedHost`) and `seats` (`kept.KeptSeat`s) once `check`ed;
    `problems` says what could not be read (set aside)."""

    def __init__(self) -> None:
        self.hosted: Any = None
        self.seats: list[Any] = []
        self.alive: dict[str, dict] = {}  # the summary of each kept seat's table (by code) while it is alive
        self.problems: list[str] = []
        self._pool: ThreadPoolExecutor | None = None
        self._look: Future | None = None
        self._since = LOOK_SECONDS  # seconds since the last look ended

    def check(self) -> None:
        """Read what is kept (the title's enter and resume)."""
        self.hosted, self.seats = None, []
        tables = saved_tables_dir()
        if tables.is_dir() and any(tables.glob("*.json")):
            from hanabi_desktop.net.hometable import saved_host

            try:
                self.hosted = saved_host()
            except storage.SaveError as exc:
                self.problems.append(str(exc))
        folder = kept_dir()
        if (folder / "seat.json").exists() or (folder / "seats").is_dir():
            from hanabi_desktop.net import kept

            self.seats, problems = kept.load_seats()
            self.problems += problems
        codes = {seat.code for seat in self.seats}
        self.alive = {code: summary for code, summary in self.alive.items() if code in codes}
        self._since = LOOK_SECONDS

    def poll(self, dt: float) -> bool:
        """Look at the kept seats' tables now and then (off the frame thread); True when what is offered changed."""
        if not self.seats:
            return False
        look = self._look
        if look is None:
            self._since += dt
            if self._since >= LOOK_SECONDS:
                if self._pool is None:
                    self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="comeback")
                self._look = self._pool.submit(_look_at, list(self.seats))
            return False
        if not look.done():
            return False
        self._look, self._since = None, 0.0
        alive = {code: summary for code, summary in look.result().items() if any(s.code == code for s in self.seats)}
        changed = alive.keys() != self.alive.keys()
        self.alive = alive
        return changed

    def seats_alive(self) -> list[Any]:
        """The kept seats whose tables answered that their game goes on, the latest kept first."""
        return [seat for seat in self.seats if seat.code in self.alive]

    def offers(self, named: bool = False) -> list[tuple[str, str, str]]:
        """(label, tooltip, what) of each way back offered now; `what` is "host" (the table hosted here) or "seat"
        (one seat kept: it is taken back; several: they are listed to choose from). `named`: a single seat's label
        names its table (up to 40 letters: where the label has the room; else the tooltip names it)."""
        out = []
        if self.hosted is not None:
            out.append((_("Resume your network table"),
                        _("{table}, turn {turn}: the others' programs rejoin by themselves").format(
                            table=self.hosted.name, turn=self.hosted.turn + 1), "host"))
        alive = self.seats_alive()
        if len(alive) == 1:
            seat = alive[0]
            where = _("{player}, seat {seat}, at {address}").format(player=seat.name, seat=seat.seat + 1,
                                                                      address=seat.address)
            table = seat.table or seat.code
            out.append((_("Return to your seat at {table}").format(table=table), where, "seat") if named else
                       (_("Return to your seat"), _("{table}: {where}").format(table=table, where=where), "seat"))
        elif alive:
            out.append((ngettext("Return to one of your {n} tables", "Return to one of your {n} tables",
                                 len(alive)).format(n=len(alive)),
                        ", ".join(seat.table or seat.code for seat in alive), "seat"))
        return out

    def wake_after(self) -> float | None:
        """When the screen should look again (None: nothing to look at)."""
        if not self.seats:
            return None
        return POLL if self._look is not None else max(POLL, LOOK_SECONDS - self._since)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        self._look = None


def _look_at(seats: list[Any]) -> dict[str, dict]:
    """Ask each kept seat's table whether its game goes on (a worker thread): {code: summary} of those that do."""
    from hanabi_desktop.net.hometable import table_alive

    out = {}
    for seat in seats:
        summary = table_alive(seat)
        if summary is not None:
            out[seat.code] = summary
    return out
