"""A network table's card notes and clue preview, at real tables on 127.0.0.1: the notes stay on this computer
(kept across a restart of the window, in the replay at the end, never sent to the host), and the clue preview,
offered where the host allows learning aids, reads only the seat's own views."""

from __future__ import annotations

import json
from collections.abc import Sequence

from hanabi_desktop import storage
from hanabi_desktop.engine import Discard, PlayerView
from hanabi_desktop.net import kept
from hanabi_desktop.net.hometable import host_table, join_table
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.table import previewer
from hanabi_desktop.table.previewer import TablePreview
from hanabi_desktop.ui.tableview.coach import Coach
from tests.net.conftest import LOOPBACK, to_move
from tests.waiting import wait_until


def test_notes_stay_on_this_computer_come_back_after_a_restart_and_go_into_the_replay() -> None:
    spec = CreateTable("Ann's table", ("local", "open"), "classic", public=False)
    hosted = host_table(spec, {0: "Ann"}, "test", port=0, bind=LOOPBACK, advertise=False, pace="instant")
    address = hosted.addresses[0]
    client, guest = join_table(address, hosted.table.code, 1, "Bob")
    home = hosted.table
    again = None
    try:
        home.ask_owner("start")
        wait_until(lambda: home.pump() is not None and home.views[0] and guest.pump() is not None and guest.views[1])
        own = guest.hand(1)
        guest.set_note(1, own[0], "chop: maybe a 5")
        guest.set_note(1, own[1], "red?")
        guest.set_note(1, own[1], "")  # a note cleared is gone
        assert kept.flush()
        saved = json.loads(kept.notes_path(guest.code).read_text())
        assert saved == {"1": {str(own[0]): "chop: maybe a 5"}}
        # the window is closed and opened again (the same seat, by its kept token): the notes are back
        (seat,), _problems = kept.load_seats()
        assert (seat.seat, seat.name, seat.address) == (1, "Bob", address)
        client.close()
        from hanabi_desktop.net.hometable import rejoin_table

        again, back = rejoin_table(seat)
        assert back.note(1, own[0]) == "chop: maybe a 5" and back.notes_of(1) == {own[0]: "chop: maybe a 5"}
        # the host never had them: not in its table, not in what it sends
        saved_table = hosted.host.call(lambda: json.dumps(__import__(
            "hanabi_desktop.net.saving", fromlist=["table_save"]).table_save(hosted.host.server.tables[
                hosted.table.code.replace("-", "")])))
        assert "maybe a 5" not in saved_table
        # the game ends: the notes go into Bob's replay, and the kept files go
        def play() -> None:
            for seat_no, table in ((0, home), (1, back)):
                table.pump()
                view = to_move(table, seat_no)
                if view is not None:
                    table.submit(next((a for a in view.legal if isinstance(a, Discard)), view.legal[0]))

        wait_until(lambda: home.over and back.over, each=play, what="the game's end")
        record = back.record()
        assert record.notes is not None and record.notes[1][own[0]] == "chop: maybe a 5"
        assert home.record().notes is None  # Ann wrote none; Bob's never reached her
        assert kept.flush()
        assert not kept.notes_path(back.code).exists() and kept.load_seats() == ([], [])
    finally:
        for c in (client, again):
            if c is not None:
                c.close()
        hosted.stop()


def test_a_damaged_notes_or_seat_file_is_set_aside_and_said(tmp_path) -> None:  # noqa: ANN001
    kept.folder().mkdir(parents=True, exist_ok=True)
    kept.notes_path("ABCDEFGHJKMN").write_text("{not json")
    kept.seats_dir().mkdir()
    kept.seat_path("ABCDEFGHJKMN").write_text('{"format": 1, "address": "http://evil", "code": "../../x"}')
    assert kept.load_notes("ABCD-EFGH-JKMN", 2) == {}
    seats, (said,) = kept.load_seats()
    assert seats == [] and "could not be read back" in said and "ABCDEFGHJKMN.json.damaged-" in said
    names = sorted(p.name for p in kept.folder().iterdir()) + sorted(p.name for p in kept.seats_dir().iterdir())
    assert len(names) == 3 and names[1] == "seats" and all(".damaged-" in n for n in names[::2])  # nothing deleted
    assert kept.load_seats() == ([], [])


def test_the_clue_preview_is_offered_where_aids_are_and_reads_only_the_seats_own_views(monkeypatch) -> None:  # noqa: ANN001
    fed: list[Sequence[PlayerView]] = []
    real = previewer.work_out

    def watched(reader: previewer.Reader, views: Sequence[PlayerView], bot: str) -> TablePreview:
        fed.append(list(views))
        return real(reader, views, bot)
    monkeypatch.setattr(previewer, "work_out", watched)
    # two people at the host's computer (a hot seat) and one over the network; learning aids on
    spec = CreateTable("t", ("local", "local", "open"), "classic", public=False, aids=True)
    hosted = host_table(spec, {0: "Ann", 1: "Cid"}, "test", port=0, bind=LOOPBACK, advertise=False, pace="instant")
    client, guest = join_table(hosted.addresses[0], hosted.table.code, 2, "Bob")
    home = hosted.table
    coach = Coach(home, storage.Settings())
    coach.offered = home.aids
    try:
        assert home.aids == guest.aids == frozenset({"hint", "preview"})
        home.ask_owner("start")
        wait_until(lambda: home.pump() is not None and home.views[0] and home.views[1])
        assert home.current == 0
        home.submit(next(a for a in home.view(0).legal if getattr(a, "target", None) == 2))  # a clue to Bob
        wait_until(lambda: home.pump() is not None and home.current == 1 and len(home.views[1]) == 2)
        home.acknowledge_curtain()  # Cid sits down at the screen
        assert coach.preview_on()
        wait_until(lambda: coach.preview() is not None)
        shown = coach.preview()
        assert shown is not None and shown.seat == 1 and shown.clues  # Cid's turn: his clues are previewed
        cid_cards = set(home.hand(1))
        assert set(shown.own) <= cid_cards
        assert fed, "the preview was not worked out"
        for views in fed:
            for view in views:
                assert view.seat == 1
                assert not set(view.hands[1]) & set(view.visible), "the preview saw the seat's own cards"
        # this very window holds views that show Cid's cards (Ann's): the preview did not take them
        assert cid_cards & set(home.view(0).visible)
    finally:
        coach.close()
        client.close()
        hosted.stop()


def test_without_learning_aids_a_network_table_offers_no_preview() -> None:
    spec = CreateTable("t", ("local", "open"), "classic", public=False, aids=False)
    hosted = host_table(spec, {0: "Ann"}, "test", port=0, bind=LOOPBACK, advertise=False)
    try:
        coach = Coach(hosted.table, storage.Settings())
        coach.offered = hosted.table.aids
        assert hosted.table.aids == frozenset() and not coach.preview_on() and not coach.allowed("hint")
    finally:
        hosted.stop()
