"""Opening a network table from the game window: hosted at this computer (a `HostThread`), or on a server
(`serve`) the window reaches as a client, or joined at another player's table. No pygame.

Each opener blocks for the network's round trips (a socket to bind, an answer to wait for), so the screens call
it on a worker thread and look for the result once a frame; what it returns is a `NetTable` ready to pump.
"""

from __future__ import annotations

import queue
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from hanabi_desktop.i18n import _
from hanabi_desktop.net import kept
from hanabi_desktop.net.client import Incoming, NetClient
from hanabi_desktop.net.host import HostThread, LocalSeat
from hanabi_desktop.net.hosted import LOCAL, Refusal, Table
from hanabi_desktop.net.protocol import CreateTable, HandBack, SeatBot, Start, encode, shown_code
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.words import error_text

DEFAULT_PORT = 8765  # as `serve`'s; another is taken when it is busy
EVERY_NETWORK = "0.0.0.0"
BIND = EVERY_NETWORK  # where a table at this computer listens: every network it is on
STAND_IN = "conventions"  # the bot the owner seats for a person who is away
ANSWER_SECONDS = 8.0  # how long a host may take to answer a join


class OpenError(Exception):
    """The table could not be opened or joined: the message says why, in the player's words; `code` is the
    host's error code, if it answered one ("no_table": no table there has that code, or it ended)."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Hosted:
    """A table at this computer: its host thread (stopped when the table is left) and the window's table."""

    host: HostThread
    table: NetTable
    addresses: tuple[str, ...]  # ws:// addresses players nearby can type

    def stop(self) -> None:
        self.host.stop()


def host_table(spec: CreateTable, local: dict[int, str], host_name: str, *, port: int | None = None,
               bind: str | None = None, advertise: bool = True, pace: str = "normal",
               bot_names: dict[int, str] | None = None) -> Hosted:
    """Start a host, open `spec`'s table (its "local" seats are `local`: seat -> name; its bots are called
    `bot_names`), seat those people, and announce it on the local network; `OpenError` saying why not."""
    host = HostThread(name=host_name, pace=pace)
    bind = bind if bind is not None else BIND
    try:
        try:
            port = host.start(bind, port if port is not None else DEFAULT_PORT)
        except OSError:  # the usual port is busy (another table, another program): any free one
            port = host.start(bind, 0)
        table = host.create_table(spec, next(iter(local.values()), ""))
        for seat, name in (bot_names or {}).items():
            if table.seats[seat].is_bot and name.strip():
                host.call(setattr, table.seats[seat], "name", name.strip()[:16])
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
    lead = seats[min(seats)]
    joined = _wait(lead.inbox, "joined")
    lead.inbox.put(joined)  # the table reads it too
    from hanabi_desktop.net.discovery import lan_addresses

    reach = lan_addresses() if bind == EVERY_NETWORK else [bind]
    addresses = tuple(f"ws://{a}:{port}" for a in (reach or ["127.0.0.1"]))
    net = NetTable(dict(seats), joined.data["table"], shown_code(table.code), owner=_host_owner(host, table, lead),
                   address=addresses[0])
    return Hosted(host, net, addresses)


def _host_owner(host: HostThread, table: Table, lead: LocalSeat) -> Callable[[str, int | None], None]:
    """The owner's requests, done on the host's loop without waiting (a refusal comes back as an `error`)."""
    def ask(what: str, seat: int | None) -> None:
        def run() -> None:
            try:
                if what == "start":
                    table.start()
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
    client.inbox.put(joined)
    table = NetTable({int(joined.data["seat"]): client}, joined.data["table"], str(joined.data["code"]), address=url)
    _keep(url, joined.data, name)
    return client, table


def _keep(url: str, joined: dict, name: str, owner: str | None = None) -> None:
    """Keep the seat `joined` gave on disk, so that this program, restarted, takes it back."""
    try:
        seat = kept.KeptSeat(url, kept.table_code(joined.get("code")), str(joined["token"]), int(joined["seat"]),
                             name, str(joined.get("table", {}).get("name", ""))[:40], owner)
    except (ValueError, KeyError, TypeError, AttributeError):
        return  # a host that answered no code or token: the seat lives while the window does
    kept.keep_seat(seat)


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
    client.inbox.put(joined)
    owner = _client_owner(client, seat.code, seat.owner) if seat.owner is not None else None
    table = NetTable({int(joined.data["seat"]): client}, joined.data["table"], str(joined.data["code"]),
                     address=seat.address, owner=owner)
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
    _keep(url, {"code": code, "token": client.token, "seat": client.seat, "table": table.summary}, name, owner)
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
           "list_tables", "look_table", "rejoin_table", "table_alive", "this_computer"]
