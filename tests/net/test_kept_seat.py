"""The seat kept on disk for a table opened on a server (`serve`): the owner's token is kept with it, so the player
who opened the table, their program restarted, takes back both their seat and the owner's buttons."""

from __future__ import annotations

from hanabi_desktop.net import kept
from hanabi_desktop.net.hometable import create_on_server, join_table, rejoin_table
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable
from tests.net.conftest import url
from tests.waiting import wait_until


def test_the_owner_of_a_table_on_a_server_comes_back_as_its_owner(host: HostThread) -> None:
    client, ann = create_on_server(url(host), CreateTable("Ann's table", ("open", "open"), "classic"), "Ann")
    assert kept.flush()
    (mine,), problems = kept.load_seats()
    assert problems == [] and (mine.seat, mine.name, mine.table) == (0, "Ann", "Ann's table")
    assert mine.owner is not None and mine.owner != mine.token
    client.close()  # Ann's program stops before the game starts
    again, table = rejoin_table(mine)
    cid = None
    try:
        assert table.owner is not None and table.own_seats == [0] and table.code == ann.code
        cid = join_table(url(host), table.code, 1, "Cid")[0]
        wait_until(lambda: table.pump() is not None and all(s.taken for s in table.seat_info))
        table.ask_owner("start")  # the owner's button works again after the restart
        wait_until(lambda: table.pump() is not None and table.started and bool(table.views[0]))
    finally:
        again.close()
        if cid is not None:
            cid.close()
