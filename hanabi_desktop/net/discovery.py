"""Tables on the local network: the host advertises each public table over mDNS/DNS-SD (zeroconf), and a
joining player's game finds them without typing an address.

One service of type `SERVICE` per public table, its TXT properties: the protocol version (`v`), the host
computer's name (`host`), the name of the person at the host who opened it (`player`, none for a server's table:
a joining player's window reads "Ann's table" in its own language), the table's name (`table`), its variant preset (`variant`), its free seats (`free`) and its code
(`code`: a public table's code is shown in the lobby too). Private tables are never advertised.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.net.hosted import LOCAL, Table
from hanabi_desktop.net.loopend import END_WAIT
from hanabi_desktop.net.protocol import MAX_NAME, PROTOCOL_VERSION, normal_code, shown_code

log = logging.getLogger(__name__)

SERVICE = "_hanabi._tcp.local."


@dataclass(frozen=True)
class FoundTable:
    """A table some host on the local network advertises."""

    url: str  # ws://address:port
    code: str
    table: str
    host: str
    variant: str
    free: int
    version: int
    player: str = ""  # the person at the host who opened it ("": a server's table)

    def __str__(self) -> str:
        return f"{self.table} ({self.player or '-'} at {self.host}, {self.variant}, {self.free} free) {self.url} {self.code}"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (not the loopback): where players nearby can reach it."""
    return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.")]


def table_info(table: Table, host_name: str, addresses: Sequence[str], port: int) -> ServiceInfo:
    """The service record of one public table."""
    player = next((seat.name for seat in table.seats if seat.kind == LOCAL and seat.name), "")
    props = {"v": str(PROTOCOL_VERSION), "host": host_name[:40], "player": player, "table": table.spec.name,
             "variant": table.spec.variant, "free": str(len(table.free_seats)), "code": table.code}
    return ServiceInfo(SERVICE, f"{table.spec.name[:30]} {table.code}.{SERVICE}",
                       addresses=[socket.inet_aton(a) for a in addresses], port=port, properties=props,
                       server=f"hanabi-{table.code.lower()}.local.")


class Advertiser:
    """Keeps the local network's view of a server's public tables up to date (runs on the server's loop)."""

    def __init__(self, server: Any, addresses: Sequence[str], host_name: str,
                 interfaces: Sequence[str] | None = None) -> None:
        self.server = server
        self.addresses = list(addresses)
        self.host_name = host_name
        self.zc = AsyncZeroconf(interfaces=list(interfaces) if interfaces else InterfaceChoice.All, ip_version=IPVersion.V4Only)
        self.shown: dict[str, ServiceInfo] = {}
        self._busy: asyncio.Task | None = None
        self._again = False
        server.listeners.append(self.changed)
        self.changed(server)

    def changed(self, server: Any) -> None:
        """A table changed: bring the advertisements in line (one update at a time, the latest state wins)."""
        if self._busy is not None and not self._busy.done():
            self._again = True
            return
        self._busy = asyncio.get_running_loop().create_task(self._sync())

    async def _sync(self) -> None:
        while True:
            self._again = False
            wanted = {code: table_info(t, self.host_name, self.addresses, self.server.port)
                      for code, t in self.server.tables.items()
                      if t.spec.public and t.session is None and t.free_seats}
            for code in list(self.shown):
                if code not in wanted:
                    await (await self.zc.async_unregister_service(self.shown.pop(code)))
            for code, info in wanted.items():
                if code not in self.shown:
                    await (await self.zc.async_register_service(info))
                elif self.shown[code].properties != info.properties:
                    await (await self.zc.async_update_service(info))
                self.shown[code] = info
            if not self._again:
                return

    async def close(self) -> None:
        """Withdraw every advertisement; an update under way is cancelled and awaited first, so no task is left."""
        self.server.listeners.remove(self.changed)
        if self._busy is not None:
            self._busy.cancel()
            _done, pending = await asyncio.wait([self._busy], timeout=END_WAIT)
            if pending:
                log.warning("the LAN advertisement's update did not stop within %.0f s", END_WAIT)
            self._busy = None
        await self.zc.async_unregister_all_services()
        await self.zc.async_close()


def browse(seconds: float = 2.0, interfaces: Sequence[str] | None = None) -> list[FoundTable]:
    """The tables advertised on the local network, listening for `seconds` (blocks: not on the frame thread)."""
    zc = Zeroconf(interfaces=list(interfaces) if interfaces else InterfaceChoice.All, ip_version=IPVersion.V4Only)
    names: list[str] = []

    def seen(zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed and name not in names:
            names.append(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[seen])
    try:
        import time

        time.sleep(seconds)
        found = []
        for name in list(names):
            info = zc.get_service_info(SERVICE, name, timeout=1000)
            if info is None:
                continue
            table = _found(info)
            if table is not None:
                found.append(table)
        return found
    finally:
        browser.cancel()
        zc.close()


def _found(info: ServiceInfo) -> FoundTable | None:
    """A table from a service record, or None if the record is not one of ours (anyone may advertise)."""
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
             for k, v in info.properties.items() if isinstance(k, bytes)}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port or not props.get("v", "").isdigit() or not props.get("free", "").isdigit():
        return None
    return FoundTable(f"ws://{addresses[0]}:{info.port}", shown_code(normal_code(props.get("code", "")[:20])), props.get("table", "")[:40],
                      props.get("host", "")[:40], props.get("variant", "")[:40], int(props["free"]), int(props["v"]),
                      clean_text(props.get("player", ""), MAX_NAME).strip())
