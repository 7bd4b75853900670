"""A host's tables on disk: each table is saved after every change, so a host that stops (a crash, a closed
window, a restarted server) resumes its tables with the same codes, seats and tokens, and players rejoin.

One JSON file per table, `<code>.json`, written by a thread of its own (`TableSaver`) through
`storage.write_atomic`; the game
inside is the local game's own save (`table.saves.save_data`). A file that cannot be read back is set aside with
the reason logged, never deleted, and the other tables load as usual.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
import time
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import HanabiError
from hanabi_desktop.net.hosted import OPEN, Refusal, Seat, Table
from hanabi_desktop.net.protocol import (
    CHAT_HISTORY,
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_NAME,
    ChatLine,
    ProtocolError,
    parse_client,
)
from hanabi_desktop.storage import SaveError, read_user_file, set_aside, write_atomic
from hanabi_desktop.table.saves import resume, save_data

log = logging.getLogger(__name__)

FORMAT = 1
SAVE_SECONDS = 0.05  # a change waits this long before its table is written (the changes meanwhile join it)
BATCH_MOST = 25  # tables encoded at once (about 0.2 ms each, on the event loop), then written by the thread
BUSY_LOOK = 0.01  # seconds between two looks whether the writer is done with its batch
RETRY_FIRST = 1.0  # seconds before a refused write is tried again; doubled after each refusal in a row ...
RETRY_MOST = 60.0  # ... up to this


def table_save(table: Table) -> dict[str, Any]:
    """Everything needed to bring `table` back (JSON-ready): secrets included, so the folder must stay private."""
    spec = table.spec
    return {"format": FORMAT, "code": table.code, "owner": table.owner,
            "spec": {"name": spec.name, "seats": list(spec.seats), "variant": spec.variant,
                     "empty_clues": spec.empty_clues, "final_flourish": spec.final_flourish,
                     "flamboyants": spec.flamboyants, "public": spec.public, "chat_in_play": spec.chat_in_play,
                     "aids": spec.aids},
            "seats": [{"name": s.name, "token": s.token, "stand_in": s.stand_in} for s in table.seats],
            "chat": {"next": table.chat_next, "lines": [line.json() for line in table.chat_lines]},
            "session": save_data(table.session) if table.session is not None else None}


def table_from_save(data: Any, *, pace: str, threaded: bool = True) -> Table:
    """The table `table_save` wrote; `ValueError` saying what is wrong with the data (`threaded` False: its bots
    think on the caller's thread, for a look at the save)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a saved network table")
    code, owner = data.get("code"), data.get("owner")
    if not (isinstance(code, str) and len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)):
        raise ValueError("its table code is not one")
    if not isinstance(owner, str) or not 20 <= len(owner) <= 100:
        raise ValueError("its owner's token is not one")
    try:
        spec = parse_client(json.dumps({"type": "create_table", **data.get("spec", {})}))
    except (ProtocolError, TypeError) as exc:
        raise ValueError(f"its set-up: {exc}") from None
    try:
        table = Table(code, spec, pace=pace)
    except Refusal as exc:  # a set-up the host would not open today (two bots called alike)
        raise ValueError(f"its set-up: {exc}") from None
    table.owner = owner
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != len(table.seats):
        raise ValueError("its seats do not match its set-up")
    for seat, saved in zip(table.seats, seats, strict=True):
        _read_seat(seat, saved)
    table.chat_next = _read_chat(table, data.get("chat", {"next": 0, "lines": []}))  # none in a save from before it
    if data.get("session") is not None:
        try:
            table.session = resume(data["session"], threaded=threaded)
        except (SaveError, HanabiError) as exc:
            raise ValueError(str(exc)) from None
        table.session.bot_pace = pace
        table.mirror = table._dealt()
        for entry in table.session.log:
            table.mirror.apply(entry.action)
    return table


def _read_seat(seat: Seat, saved: Any) -> None:
    if not isinstance(saved, dict):
        raise ValueError("a seat is not an object")
    name, token, stand_in = saved.get("name"), saved.get("token"), saved.get("stand_in")
    if not isinstance(name, str) or len(name) > max(MAX_NAME, 40):
        raise ValueError("a seat's name is not one")
    if token is not None and not (isinstance(token, str) and 20 <= len(token) <= 100):
        raise ValueError("a seat's token is not one")
    if stand_in is not None and (seat.kind != OPEN or not isinstance(stand_in, str)):
        raise ValueError("a stand-in bot sits where no person can be away")
    seat.name, seat.token, seat.stand_in = name, token, stand_in


def _read_chat(table: Table, saved: Any) -> int:
    """Put the saved chat lines back at `table`; the number of its next line."""
    if not isinstance(saved, dict) or not isinstance(saved.get("lines"), list) or len(saved["lines"]) > CHAT_HISTORY:
        raise ValueError(f"its chat is not a list of at most {CHAT_HISTORY} lines")
    try:
        lines = [ChatLine.of(line) for line in saved["lines"]]
    except ProtocolError as exc:
        raise ValueError(f"its chat: {exc}") from None
    following = saved.get("next")
    if type(following) is not int or any(a.n >= b.n for a, b in itertools.pairwise(lines)) or any(
            line.seat >= len(table.seats) or line.n >= following for line in lines):
        raise ValueError("its chat lines are not numbered in order")
    table.chat_lines.extend(lines)
    return following


class TableSaver:
    """Writes tables to `folder`: the event loop only encodes, one writer thread of its own does the disk.

    After a change the table waits `SAVE_SECONDS` (its later changes meanwhile join it), then the loop encodes the
    latest state of the tables that changed (`BATCH_MOST` at a time) and hands them to the writer in one batch;
    while the writer is still writing (a slow disk, many tables), the loop waits for it and encodes nothing, so a
    busy table costs one encoding per write, and what waits is one state per table. A write the disk refuses
    (full, read-only, gone) is said in the log, kept (a newer state of the table replaces it) and retried,
    `RETRY_FIRST` s later and doubling up to `RETRY_MOST`; the log says when saving works again. A crash loses
    only what was not yet written: normally the changes of the last `SAVE_SECONDS` and of the batch being written
    (about 0.3 ms a table).
    """

    def __init__(self, folder: Path, *, delay: float = SAVE_SECONDS, retry_first: float = RETRY_FIRST) -> None:
        self.folder = folder
        self.delay = delay
        self.retry_first = retry_first
        self._dirty: dict[str, Table | None] = {}  # loop side: code -> the table to save, None: its file goes
        self._timer: asyncio.TimerHandle | None = None
        self._cond = threading.Condition()  # guards what follows, shared with the writer thread
        self._batch: dict[str, str | None] = {}  # handed over, not yet written: code -> text, None: remove
        self._writing = False
        self._stopping = False
        self._failing: str = ""  # why the last write failed, while writes fail
        self._thread: threading.Thread | None = None

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    # -- the loop's side -----------------------------------------------------------------------------------------
    def save(self, table: Table) -> None:
        """Write `table` soon (called on the loop after each change)."""
        self._dirty[table.code] = table
        self._soon()

    def forget(self, code: str) -> None:
        """The table is closed: its file goes (after any write of it still waiting)."""
        self._dirty[code] = None
        self._soon()

    def _soon(self, delay: float | None = None) -> None:
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.delay if delay is None else delay,
                                                                self._hand_over)

    def _hand_over(self) -> None:
        """Encode the tables that changed (`BATCH_MOST` at most: the loop is held a few ms at most) and give them
        to the writer; while it is still busy, look again in `BUSY_LOOK` s."""
        self._timer = None
        with self._cond:
            busy = self._writing or bool(self._batch)
        if busy:
            self._soon(BUSY_LOOK)
            return
        batch = self._encode(list(self._dirty)[:BATCH_MOST])
        if self._dirty:
            self._soon(BUSY_LOOK)  # the rest once the writer is done with these
        with self._cond:
            self._batch = batch
            self._start_writer()
            self._cond.notify_all()

    def _encode(self, codes: list[str]) -> dict[str, str | None]:
        """The text of each of these changed tables (None: its file goes), taken off the changed ones."""
        batch: dict[str, str | None] = {}
        for code in codes:
            table = self._dirty.pop(code)
            try:
                batch[code] = None if table is None else json.dumps(table_save(table))
            except Exception:  # noqa: BLE001 - a fault in one table's save must not stop the others' or the server
                log.exception("table %s could not be saved", code)
        return batch

    def _start_writer(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._write_batches, name="table-saver", daemon=True)
            self._thread.start()

    async def flush(self, timeout: float = 10.0) -> bool:
        """Write every change now and wait until it is on disk (at most `timeout` s); False if it is not."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._cond:
                idle = not self._writing and not self._batch
            if idle and not self._dirty:
                return True
            if idle:
                if self._timer is not None:
                    self._timer.cancel()
                self._hand_over()
            await asyncio.sleep(0.005)
        return False

    async def close(self, timeout: float = 3.0) -> None:
        """Write what is waiting (within about `timeout` s, one last try if the disk is refusing; the log says
        what could not be written), then end the writer."""
        if not self._failing:
            await self.flush(timeout)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        last = self._encode(list(self._dirty))
        with self._cond:
            self._batch.update(last)  # newer than what waits there
            self._stopping = True
            if self._batch:
                self._start_writer()
            self._cond.notify_all()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, 1.0)  # its last try of what the disk refused
        with self._cond:
            waiting = len(self._batch)
        if waiting:
            log.error("stopping with %d tables not saved (%s): they resume from their previous save", waiting,
                      self._failing or "the disk is too slow")

    # -- the writer thread ---------------------------------------------------------------------------------------
    def _write_batches(self) -> None:
        pause = self.retry_first
        while True:
            with self._cond:
                while not self._batch and not self._stopping:
                    self._cond.wait(60.0)  # woken by each batch; the timeout only bounds the wait
                if not self._batch:
                    return
                batch, self._batch, self._writing = self._batch, {}, True
            refused = self._write(batch)
            with self._cond:
                for code, text in refused.items():
                    self._batch.setdefault(code, text)  # a newer state handed over meanwhile replaces it
                self._writing = False
                self._cond.notify_all()
                if refused and self._stopping:
                    return  # tried once more on the way out: `close` says what is left
                if refused:
                    self._cond.wait(pause)  # a retry after the pause (at once if the server stops)
            pause = min(RETRY_MOST, pause * 2) if refused else self.retry_first

    def _write(self, batch: dict[str, str | None]) -> dict[str, str | None]:
        """Write (or remove) each table's file; the ones the disk refused, said in the log."""
        refused: dict[str, str | None] = {}
        problem = ""
        for code, text in batch.items():
            try:
                if text is None:
                    self.path(code).unlink(missing_ok=True)
                else:
                    write_atomic(self.path(code), text, False)
            except OSError as exc:
                refused[code], problem = text, f"{exc.strerror or exc} ({self.folder})"
            except Exception:  # noqa: BLE001 - the writer never dies: it says the fault and keeps the table waiting
                log.exception("table %s could not be saved", code)
                refused[code], problem = text, "an unexpected fault (see above)"
        if refused:
            log.error("%d of %d tables could not be saved: %s; they wait in memory and saving is tried again "
                      "(a crash meanwhile loses their changes since their last save)", len(refused), len(batch),
                      problem)
        elif self._failing:
            log.warning("tables are saved again (%d written) after: %s", len(batch), self._failing)
        self._failing = problem
        return refused

    def load_all(self, pace: str) -> list[Table]:
        """Every table saved in the folder; a file that is not one is set aside (and logged)."""
        tables = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else ():
            try:
                tables.append(table_from_save(json.loads(read_user_file(path, "saved table")), pace=pace))
            except (SaveError, ValueError, RecursionError) as exc:
                try:
                    kept = set_aside(path)
                except OSError:
                    kept = path
                log.error("%s is not a table this host can resume (%s); kept as %s", path.name, exc, kept.name)
        return tables
