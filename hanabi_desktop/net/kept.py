"""What this computer keeps of its network tables between runs, in the player's data folder: the seats this player
holds at other computers' tables, one file per table (address, code, token: a restarted program takes them back),
and each table's card notes (per seat, as at a table at home; notes never go over the network). No pygame.

Writes happen on one thread of their own, in order, never on the frame thread; reads happen where a table is
opened (a worker thread) or looked at (the title reads as it reads the local autosave). A file that cannot be
read is set aside with the reason said, never a traceback, and nothing is lost but that file.
"""

from __future__ import annotations

import json
import logging
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hanabi_desktop import storage
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.i18n import _
from hanabi_desktop.net.places import kept_dir
from hanabi_desktop.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_NAME, MAX_TABLE_NAME, normal_code
from hanabi_desktop.table.saves import read_notes

log = logging.getLogger(__name__)

FORMAT = 1
SEATS = "seats"  # one file per table this player holds a seat at: seats/<CODE>.json (several games at once)
OLD_SEAT_FILE = "seat.json"  # the one seat kept before several were: still read, and forgotten as the others
MAX_CARDS = 120  # more card orders than any variant's deck: a note on a larger one is not a card's

_DISK = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-keep")  # one writer: the latest write wins
_last: Future | None = None


@dataclass(frozen=True)
class KeptSeat:
    """A seat this player took at a table over the network, as kept on disk (`owner`: the owner's token of a table
    this player opened on a server)."""

    address: str
    code: str
    token: str
    seat: int
    name: str
    table: str
    owner: str | None = None

    def __str__(self) -> str:  # never the tokens: this goes to logs
        return f"{self.name} at seat {self.seat + 1} of {self.table!r} ({self.address}, {self.code})"

    @classmethod
    def from_json(cls, data: Any) -> KeptSeat:
        """The seat `json` wrote; `ValueError` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a kept seat")
        address, code, token, seat = data.get("address"), data.get("code"), data.get("token"), data.get("seat")
        name, table, owner = data.get("name"), data.get("table"), data.get("owner")
        if not (isinstance(address, str) and address.startswith(("ws://", "wss://")) and len(address) <= 200):
            raise ValueError("its address is not one")
        table_code(code)
        for token_ in (token, owner):
            if token_ is not None and not (isinstance(token_, str) and 20 <= len(token_) <= 100 and token_.isascii()):
                raise ValueError("its token is not one")
        if token is None:
            raise ValueError("it has no token")
        if type(seat) is not int or not 0 <= seat < 5:
            raise ValueError("its seat is not one")
        if not isinstance(name, str) or not isinstance(table, str):
            raise ValueError("its names are not text")
        return cls(address, code, token, seat, clean_text(name, MAX_NAME), clean_text(table, MAX_TABLE_NAME), owner)

    def json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}


def table_code(code: Any) -> str:
    """`code` as the host keeps it, if it is a table code (it names files here); `ValueError` otherwise."""
    plain = normal_code(code) if isinstance(code, str) else ""
    if len(plain) != CODE_LENGTH or not set(plain) <= set(CODE_ALPHABET):
        raise ValueError("its table code is not one")
    return plain


def folder() -> Path:
    """Where the kept seats and the notes live."""
    return kept_dir()


def seats_dir() -> Path:
    return folder() / SEATS


def seat_path(code: str) -> Path:
    """The file of the seat kept at table `code`; `ValueError` if `code` is no table code."""
    return seats_dir() / f"{table_code(code)}.json"


def notes_path(code: str) -> Path:
    return folder() / f"notes-{table_code(code)}.json"


# -- the seats ------------------------------------------------------------------------------------------------
def load_seats() -> tuple[list[KeptSeat], list[str]]:
    """The kept seats, the latest kept first, and what could not be read: a file that is no kept seat is set aside
    (the text says why and where it was kept, never deleted); one the disk would not let be read stays for next
    time and is said."""
    seats: list[KeptSeat] = []
    problems: list[str] = []
    old = folder() / OLD_SEAT_FILE
    for path in sorted(seats_dir().glob("*.json"), key=_age) + ([old] if old.exists() else []):
        try:
            seat = KeptSeat.from_json(json.loads(storage.read_user_file(path, "kept seat", 100_000)))
            if path != old and path.stem != seat.code:  # forget_seat(code) finds a seat by its file's name
                raise ValueError("it names another table")
        except (ValueError, RecursionError) as exc:
            problems.append(storage.set_aside_said(path, _damaged(exc)))
        except storage.DamagedFile as exc:
            problems.append(storage.set_aside_said(path, str(exc)))
        except storage.SaveError as exc:
            if path.exists():  # else it was forgotten meanwhile (its table ended): nothing to say
                problems.append(str(exc))
        else:
            if all(s.code != seat.code for s in seats):
                seats.append(seat)
    return seats, problems


def _age(path: Path) -> float:
    """Newest first: the seat taken last is offered first."""
    try:
        return -path.stat().st_mtime
    except OSError:
        return 0.0


def _damaged(exc: Exception) -> str:
    return _("Your seat at a network table could not be read back ({problem}).").format(problem=clean_text(str(exc), 80))


def keep_seat(seat: KeptSeat) -> None:
    """Keep `seat` beside the seats kept at other tables (written on the keeper's thread)."""
    _write(seat_path(seat.code), json.dumps(seat.json()))


def forget_seat(code: str) -> None:
    """The seat at table `code` is done with (the game is over, the table is gone): its file goes; the seats kept
    at other tables stay."""
    try:
        code = table_code(code)
    except ValueError:
        return

    def forget() -> None:
        seat_path(code).unlink(missing_ok=True)
        old = folder() / OLD_SEAT_FILE
        try:
            kept = json.loads(old.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(kept, dict) and kept.get("code") == code:
            old.unlink(missing_ok=True)
    _submit(forget)


# -- the notes -------------------------------------------------------------------------------------------------
def load_notes(code: str, players: int) -> dict[int, dict[int, str]]:
    """This computer's card notes at table `code` ({seat: {card: text}}); none for a file that cannot be read
    (set aside and logged: notes are a nicety, the game goes on)."""
    try:
        path = notes_path(code)
    except ValueError:
        return {}
    if not path.exists():
        return {}
    try:
        return read_notes(json.loads(storage.read_user_file(path, "card notes", 1_000_000)), players, MAX_CARDS)
    except (ValueError, RecursionError, storage.SaveError) as exc:
        try:
            kept = storage.set_aside(path)
        except OSError:
            kept = path
        log.error("the card notes %s could not be read (%s); kept as %s", path.name, exc, kept.name)
        return {}


def keep_notes(code: str, notes: dict[int, dict[int, str]]) -> None:
    """Keep the notes of table `code` (written on the keeper's thread)."""
    try:
        path = notes_path(code)
    except ValueError:
        return  # a host that sent no table code: the notes live while the window does
    _write(path, json.dumps({str(s): {str(o): t for o, t in n.items()} for s, n in notes.items() if n}))


def forget_notes(code: str) -> None:
    """The game at `code` is over (its notes went into the replay): the file goes."""
    try:
        path = notes_path(code)
    except ValueError:
        return
    _submit(lambda: path.unlink(missing_ok=True))


# -- the keeper's thread ---------------------------------------------------------------------------------------
def _write(path: Path, text: str) -> None:
    _submit(lambda: storage.write_atomic(path, text))


def _submit(job: Any) -> None:  # noqa: ANN401 - a callable
    global _last

    def run() -> None:
        try:
            job()
        except OSError as exc:  # a full or read-only disk: the table plays on, this is not kept
            log.error("could not keep a network table's file: %s", exc)
    _last = _DISK.submit(run)


def flush(timeout: float = 10.0) -> bool:
    """Wait until every write handed over is done (quit, tests)."""
    last = _last
    if last is None:
        return True
    try:
        last.result(timeout)
    except TimeoutError:
        return False
    return True
