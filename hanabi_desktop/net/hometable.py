"""Opening a network table from the game window: hosted at this computer (a `HostThread`), or on a server
(`serve`) the window reaches as a client, or joined at another player's table. No pygame.

Each opener blocks for the network's round trips (a socket to bind, an answer to wait for), so the screens call
it on a worker thread and look for the result once a frame; what it returns is a `NetTable` ready to pump.
"""

from __future__ import annotations

import json
import queue
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from hanabi_desktop import storage
from hanabi_desktop.engine import GameRecord, HanabiError, RecordError
from hanabi_desktop.i18n import _
from hanabi_desktop.net import kept
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.host import HostThread, LocalSeat
from hanabi_desktop.net.hosted import LOCAL, Refusal, Table
from hanabi_desktop.net.places import hosted_dir, saved_tables_dir
from hanabi_desktop.net.protocol import (
    CLOSE_ENDED,
    CLOSE_PAUSED,
    MAX_NAME,
    CreateTable,
    HandBack,
    NextGame,
    SeatBot,
    Start,
    encode,
    shown_code,
)
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.words import error_text

DEFAULT_PORT = 8765  # as `serve`'s; another is taken when it is busy
EVERY_NETWORK = "0.0.0.0"
BIND = EVERY_NETWORK  # where a table at this computer listens: every network it is on
STAND_IN = "conventions"  # the bot the owner seats for a person who is away
ANSWER_SECONDS = 8.0  # how long a host may take to answer a join
CLOSE_SECONDS = 1.0  # how long a host that stops waits for its players' connections to close


class OpenError(Exception):
    """The table could not be opened or joined: the message says why, in the player's words; `code` is the
    host's error code, if it answered one ("no_table": no table there has that code, or it ended)."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Hosted:
    """A table at this computer: its host thread (stopped when the table is left), the host's table and the
    window's."""

    host: HostThread
    table: NetTable
    addresses: tuple[str, ...]  # ws:// addresses players nearby can type
    home: Table | None = None

    def stop(self, ending: bool = False) -> None:
        """Stop hosting. `ending`: the host ends the table (the others are told so, its save goes); else the
        window is closing (the others are told the table comes back when this computer resumes it; its save
        stays)."""
        home = self.home
        if home is not None and self.host.thread.is_alive():
            code, reason = (CLOSE_ENDED, "the host ended the table") if ending else (
                CLOSE_PAUSED, "the host's game was closed: the table comes back when they resume it")
            self.host.call(home.end, code, reason)
            deadline = time.monotonic() + CLOSE_SECONDS  # the close frames go out before the server stops
            while time.monotonic() < deadline and self.host.call(_remote_peers, home):
                time.sleep(0.02)
            if ending:
                self.host.call(self.host.server.remove, home.code)
        self.host.stop()


def room_args(opened: Hosted | tuple[NetClient, NetTable]) -> tuple:
    """What the room screen (`net_lobby`) is opened with for a table just opened: hosted here (`Hosted`), or at
    another computer or a server (its client and table): the table, how to leave it, the addresses to tell."""
    if isinstance(opened, Hosted):
        return opened.table, opened.stop, opened.addresses
    client, table = opened
    return table, lambda ending: leave_table(client, table, ending)


def leave_table(client: NetClient, table: NetTable, ending: bool) -> None:
    """A guest's window leaves `table` (`ending`: the player left it, else the window is closing). Outside a game in
    progress the seat is left for good, so the host can seat someone else and no Return to your seat is offered;
    during one it waits for the player, as the room's dialog says."""
    leaving = ending and not (table.started and not table.over)
    if leaving:
        kept.forget_seat(table.code)
    client.close(leave=leaving)


def _remote_peers(table: Table) -> int:
    return sum(len(seat.peers) for seat in table.seats if seat.kind != LOCAL)


# -- the table this computer hosts, saved ------------------------------------------------------------------------
def _port_path() -> Path:
    return hosted_dir() / "port.json"


def _saved_port() -> int | None:
    """The port the saved table listened on (players reconnect there), if it can be read."""
    try:
        port = json.loads(_port_path().read_text(encoding="utf-8")).get("port")
    except (OSError, ValueError, AttributeError):
        return None
    return port if type(port) is int and 0 < port < 65536 else None


def _forget_saved_tables() -> None:
    """A new table replaces the one hosted before: its save goes (its players' seats with it)."""
    for path in saved_tables_dir().glob("*.json") if saved_tables_dir().is_dir() else ():
        path.unlink(missing_ok=True)


def host_table(spec: CreateTable, local: dict[int, str], host_name: str, *, port: int | None = None,
               bind: str | None = None, advertise: bool = True, pace: str = "normal",
               bot_names: dict[int, str] | None = None, saved: bool = False) -> Hosted:
    """Start a host, open `spec`'s table (its "local" seats are `local`: seat -> name; its bots are called
    `bot_names`), seat those people, and announce it on the local network; `OpenError` saying why not.
    `saved`: the table is saved after every change (in `saved_tables_dir`, replacing any table saved before), so
    that a window that stops brings it back (`resume_hosted`)."""
    if saved:
        _forget_saved_tables()
    host = HostThread(name=host_name, pace=pace, saves=saved_tables_dir() if saved else None)
    bind = bind if bind is not None else BIND
    try:
        try:
            port = host.start(bind, port if port is not None else DEFAULT_PORT)
        except OSError:  # the usual port is busy (another table, another program): any free one
            port = host.start(bind, 0)
        if saved:
            storage.write_atomic(_port_path(), json.dumps({"port": port}))  # on the opener's thread, not the frame's
        named = bot_names or {}  # as the table's spec names them: the host checks them against every seat's
        spec = replace(spec, names=tuple(named.get(i, "").strip()[:MAX_NAME] for i in range(len(spec.seats))))
        table = host.create_table(spec, next(iter(local.values()), ""))
        seats: dict[int, LocalSeat] = {}
        for seat, name in local.items():
            seats[seat] = host.seat_local(table, seat, name)
        if advertise and spec.public:
            try:
                host.advertise(host_name)
            except OSError:  # no multicast here: the address and code still work
                pass
    except Refusal as exc:
        host.stop()
        raise OpenError(error_text({"code": exc.code, "message": str(exc)})) from None
    except OSError as exc:
        host.stop()
        raise OpenError(str(exc)) from None
    return _hosted(host, table, seats, bind, port)


def _hosted(host: HostThread, table: Table, seats: dict[int, LocalSeat], bind: str, port: int) -> Hosted:
    """The window's side of the host's `table`, once its people at this computer sit in `seats`."""
    lead = seats[min(seats)]
    joined = _wait(lead.inbox, "joined")
    from hanabi_desktop.net.discovery import lan_addresses

    reach = lan_addresses() if bind == EVERY_NETWORK else [bind]
    addresses = tuple(f"ws://{a}:{port}" for a in (reach or ["127.0.0.1"]))
    net = NetTable(dict(seats), joined.data["table"], shown_code(table.code), owner=_host_owner(host, table, lead),
                   address=addresses[0])
    net.take(lead.seat, joined)  # first: put back in the inbox, it came after the news that followed it (its seats)
    net.hosted_here = True
    return Hosted(host, net, addresses, table)


@dataclass(frozen=True)
class SavedHost:
    """The table this computer hosted, as its save says: what the title tells of it."""

    name: str
    code: str
    turn: int  # moves played (0: before the game or at its first move)
    started: bool

    def __str__(self) -> str:
        return f"{self.name} ({shown_code(self.code)}, {self.turn} moves)"


def saved_host() -> SavedHost | None:
    """The table this computer was hosting when its game stopped, if there is one to resume (a game over is not:
    its save goes). Only the engine replays it here (the bots wake when it is resumed, off the frame thread); a save
    that cannot be read is set aside: `storage.DamagedFile` says why and where it is."""
    folder = saved_tables_dir()
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    if not files:
        return None
    path = files[-1]
    try:
        data = json.loads(storage.read_user_file(path, "saved table"))
        code, name = kept.table_code(data["code"]), str(data["spec"]["name"])[:40]
        session = data.get("session")
        game = None
        if session is not None:
            record = GameRecord.from_json(session["record"])
            game = record.new_game()
            for action in record.actions:
                game.apply(action)
    except (ValueError, RecursionError, KeyError, TypeError, HanabiError, RecordError) as exc:
        raise storage.DamagedFile(storage.set_aside_said(path, _(
            "Your network table could not be resumed ({problem}).").format(problem=str(exc)[:80]))) from None
    if game is not None and game.over:
        path.unlink(missing_ok=True)
        return None
    return SavedHost(name, code, len(game.actions) if game is not None else 0, game is not None)


def resume_hosted(host_name: str, *, bind: str | None = None, advertise: bool = True,
                  pace: str = "normal") -> Hosted:
    """Host again the table this computer saved (`host_table(saved=True)`): the same code, seats and tokens, on
    the same port if it is free (the others' programs reconnect there by themselves); `OpenError` if not."""
    host = HostThread(name=host_name, pace=pace, saves=saved_tables_dir())
    bind = bind if bind is not None else BIND
    moved = False
    try:
        try:
            port = host.start(bind, _saved_port() or DEFAULT_PORT)
        except OSError:  # another program took the port meanwhile: the others need the new address
            port, moved = host.start(bind, 0), True
        storage.write_atomic(_port_path(), json.dumps({"port": port}))
        tables = host.call(lambda: [t for t in host.server.tables.values()
                                    if any(s.kind == LOCAL and s.token for s in t.seats)
                                    and not (t.session is not None and t.session.over)])
        if not tables:
            raise OpenError(_("There is no network table to resume: it was ended, or its save could not be read."))
        table = tables[-1]
        seats: dict[int, LocalSeat] = {}
        for i, seat in enumerate(table.seats):
            if seat.kind == LOCAL and seat.token is not None:
                seats[i] = LocalSeat(host, table, i)
                host.call(table.rejoin, seats[i], seat.token, 0)  # the window's log and views from the deal
        if advertise and table.spec.public:
            try:
                host.advertise(host_name)
            except OSError:
                pass
    except OpenError:
        host.stop()
        raise
    except (OSError, Refusal) as exc:
        host.stop()
        raise OpenError(str(exc)) from None
    hosted = _hosted(host, table, seats, bind, port)
    if moved:
        hosted.table.problems.append(_("The table's old port was taken: pass the new address on to the others."))
    return hosted


def _host_owner(host: HostThread, table: Table, lead: LocalSeat) -> Callable[[str, int | None], None]:
    """The owner's requests, done on the host's loop without waiting (a refusal comes back as an `error`)."""
    def ask(what: str, seat: int | None) -> None:
        def run() -> None:
            try:
                if what == "start":
                    table.start()
                elif what == "next_game":
                    table.next_game()
                elif what == "seat_bot" and seat is not None:
                    table.seat_bot(seat, STAND_IN)
                elif what == "hand_back" and seat is not None:
                    table.hand_back(seat)
            except Refusal as exc:
                lead.deliver(encode({"type": "error", "code": exc.code, "message": str(exc)}))
        host.loop.call_soon_threadsafe(run)
    return ask


def _client_owner(client: NetClient, code: str, owner: str) -> Callable[[str, int | None], None]:
    def ask(what: str, seat: int | None) -> None:
        if what == "start":
            client.send(Start(code, owner))
        elif what == "next_game":
            client.send(NextGame(code, owner))
        elif what == "seat_bot" and seat is not None:
            client.send(SeatBot(code, owner, seat, STAND_IN))
        elif what == "hand_back" and seat is not None:
            client.send(HandBack(code, owner, seat))
    return ask


def look_table(url: str, code: str) -> tuple[NetClient, dict]:
    """Connect to `url` and ask for table `code`'s seats: the connection (kept for the join) and the summary."""
    client = NetClient(url).start()
    client.look(code)
    try:
        return client, _wait(client.inbox, "table").data["table"]
    except OpenError:
        client.close()
        raise


def free_seats(table: dict) -> list[int]:
    """The seats of a table summary a person over the network may take."""
    return [i for i, s in enumerate(table.get("seats", [])) if s.get("remote") and not s.get("taken")]


def join_table(url: str, code: str, seat: int, name: str, *, client: NetClient | None = None) -> tuple[NetClient, NetTable]:
    """Join seat `seat` of table `code` at `url` as `name`; the connection and the table (`OpenError` if not)."""
    client = client or NetClient(url).start()
    client.join(code, seat, name)
    try:
        joined = _wait(client.inbox, "joined")
    except OpenError:
        client.close()
        raise
    table = NetTable({int(joined.data["seat"]): client}, joined.data["table"], str(joined.data["code"]), address=url)
    table.take(int(joined.data["seat"]), joined)
    table.kept_seat = _keep(url, joined.data, name)
    return client, table


def _keep(url: str, joined: dict, name: str, owner: str | None = None) -> kept.KeptSeat | None:
    """Keep the seat `joined` gave on disk, so that this program, restarted, takes it back; the seat kept."""
    try:
        seat = kept.KeptSeat(url, kept.table_code(joined.get("code")), str(joined["token"]), int(joined["seat"]),
                             name, str(joined.get("table", {}).get("name", ""))[:40], owner)
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # a host that answered no code or token: the seat lives while the window does
    kept.keep_seat(seat)
    return seat


def rejoin_table(seat: kept.KeptSeat) -> tuple[NetClient, NetTable]:
    """Take back the kept `seat` (this program was restarted): its table as it is, every move since the deal
    again (the log, the views); `OpenError` if not (`code` "no_table": the table is gone, and so is the kept seat)."""
    client = NetClient(seat.address).start()
    client.rejoin(seat.code, seat.token, 0)
    try:
        joined = _wait(client.inbox, "joined")
    except OpenError as exc:
        client.close()
        if exc.code == "no_table":
            kept.forget_seat(seat.code)
        raise
    owner = _client_owner(client, seat.code, seat.owner) if seat.owner is not None else None
    table = NetTable({int(joined.data["seat"]): client}, joined.data["table"], str(joined.data["code"]),
                     address=seat.address, owner=owner)
    table.take(int(joined.data["seat"]), joined)
    table.kept_seat = seat
    return client, table


def table_alive(seat: kept.KeptSeat) -> dict | None:
    """The summary of the kept `seat`'s table if its game is still to be played (not over), else None; the kept
    seat is forgotten when the host says the table is gone (a host that does not answer may come back)."""
    try:
        client, summary = look_table(seat.address, seat.code)
    except OpenError as exc:
        if exc.code == "no_table":
            kept.forget_seat(seat.code)
        return None
    client.close()
    if summary.get("over"):
        kept.forget_seat(seat.code)
        return None
    return summary


def create_on_server(url: str, spec: CreateTable, name: str) -> tuple[NetClient, NetTable]:
    """Open `spec`'s table on the server at `url` and take its first open seat as `name` (the owner)."""
    client = NetClient(url).start()
    try:
        client.create(spec)
        created = _wait(client.inbox, "created")
        code, owner = str(created.data["code"]), str(created.data["owner"])
        client, table = join_table(url, code, spec.seats.index("open"), name, client=client)
    except OpenError:
        client.close()
        raise
    table.owner = _client_owner(client, code, owner)
    table.kept_seat = _keep(url, {"code": code, "token": client.token, "seat": client.seat, "table": table.summary},
                            name, owner)
    return client, table


def list_tables(url: str) -> list[dict]:
    """The public tables of the server at `url` (its lobby)."""
    client = NetClient(url, reconnect=False).start()
    try:
        client.list_tables()
        return list(_wait(client.inbox, "lobby").data.get("tables", []))
    finally:
        client.close()


def _wait(inbox: queue.Queue[Incoming], kind: str) -> Incoming:
    """The first `kind` message, skipping the connection's own news; `OpenError` for an error, a closed
    connection or silence."""
    deadline = time.monotonic() + ANSWER_SECONDS
    while True:
        try:
            message = inbox.get(timeout=max(0.01, deadline - time.monotonic()))
        except queue.Empty:
            raise OpenError(_no_answer()) from None
        if message.type == kind:
            return message
        if message.type == "error":
            raise OpenError(error_text(message.data), str(message.data.get("code", "")))
        if message.type == "connection" and message.data.get("state") == "reconnecting":
            raise OpenError(_no_answer())
        if message.type == "connection" and message.data.get("state") == "closed":
            raise OpenError(_no_answer())


def _no_answer() -> str:
    return _("No host answered at that address: check it, and that the host's game is still open.")


def this_computer() -> str:
    """This computer's name, for the tables it announces."""
    return socket.gethostname()[:40] or "Hanabi"


__all__ = ["LOCAL", "Hosted", "OpenError", "create_on_server", "free_seats", "host_table", "join_table",
           "list_tables", "look_table", "rejoin_table", "resume_hosted", "saved_host", "table_alive", "this_computer"]
