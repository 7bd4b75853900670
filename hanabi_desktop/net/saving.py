"""A host's tables on disk: each table is saved after every change, so a host that stops (a crash, a closed
window, a restarted server) resumes its tables with the same codes, seats and tokens, and players rejoin.

One JSON file per table, `<code>.json`, written off the event loop through `storage.write_atomic`; the game
inside is the local game's own save (`table.saves.save_data`). A file that cannot be read back is set aside with
the reason logged, never deleted, and the other tables load as usual.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from pathlib import Path
from typing import Any

from hanabi_desktop.engine import HanabiError
from hanabi_desktop.net.hosted import OPEN, Seat, Table
from hanabi_desktop.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, ProtocolError, parse_client
from hanabi_desktop.storage import SaveError, read_user_file, set_aside, write_atomic
from hanabi_desktop.table.saves import resume, save_data

log = logging.getLogger(__name__)

FORMAT = 1


def table_save(table: Table) -> dict[str, Any]:
    """Everything needed to bring `table` back (JSON-ready): secrets included, so the folder must stay private."""
    spec = table.spec
    return {"format": FORMAT, "code": table.code, "owner": table.owner,
            "spec": {"name": spec.name, "seats": list(spec.seats), "variant": spec.variant,
                     "empty_clues": spec.empty_clues, "final_flourish": spec.final_flourish,
                     "flamboyants": spec.flamboyants, "public": spec.public, "chat_in_play": spec.chat_in_play,
                     "aids": spec.aids},
            "seats": [{"name": s.name, "token": s.token, "stand_in": s.stand_in} for s in table.seats],
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
    table = Table(code, spec, pace=pace)
    table.owner = owner
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != len(table.seats):
        raise ValueError("its seats do not match its set-up")
    for seat, saved in zip(table.seats, seats, strict=True):
        _read_seat(seat, saved)
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


class TableSaver:
    """Writes tables to `folder` off the event loop, one write per table at a time (the latest state wins)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._writing: dict[str, asyncio.Future] = {}
        self._dirty: set[str] = set()
        # a write still under way when its table is closed must not bring the file back
        self._lock = threading.Lock()
        self._forgotten: set[str] = set()

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def save(self, table: Table) -> None:
        """Write `table` soon (called on the loop after each change)."""
        code = table.code
        if code in self._writing and not self._writing[code].done():
            self._dirty.add(code)
            return
        text = json.dumps(table_save(table))
        future = asyncio.get_running_loop().run_in_executor(None, self._write, code, text)
        self._writing[code] = future
        future.add_done_callback(lambda f: self._written(f, table))

    def _written(self, future: asyncio.Future, table: Table) -> None:
        if future.exception() is not None:
            log.error("table %s could not be saved: %s", table.code, future.exception())
        if table.code in self._dirty:
            self._dirty.discard(table.code)
            self.save(table)

    def _write(self, code: str, text: str) -> None:
        with self._lock:
            if code not in self._forgotten:
                write_atomic(self.path(code), text, False)

    def forget(self, code: str) -> None:
        """The table is closed: its file goes (and a write under way does not bring it back)."""
        with self._lock:
            self._forgotten.add(code)
            self.path(code).unlink(missing_ok=True)

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
