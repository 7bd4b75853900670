"""The hints each person is shown at a network table are counted for their seat by the host (protocol 3: `act`
says them), so that every computer's record of the game, and so its history, says who used how many; before, a
guest's hints were counted only in its own window and every record said 0 for every seat."""

from __future__ import annotations

from hanabi_desktop.engine import Action, Discard, GameRecord, PlayerView, RankClue
from hanabi_desktop.history.summary import summarise
from hanabi_desktop.net.hometable import host_table, join_table
from hanabi_desktop.net.protocol import Act, CreateTable, encode, parse_client
from tests.net.conftest import LOOPBACK, to_move
from tests.waiting import wait_until


def discard_or_clue(view: PlayerView) -> Action:
    """A discard, else a number clue: a move that never ends the game by strikes."""
    return next((a for a in view.legal if isinstance(a, Discard)), None) or next(
        a for a in view.legal if isinstance(a, RankClue))


def test_act_says_the_seats_hints_and_an_old_act_still_reads() -> None:
    move = Discard(3)
    assert parse_client(encode(Act(move, 2))) == Act(move, 2)
    assert parse_client('{"type": "act", "action": {"type": "discard", "card": 3}}') == Act(move, 0)


def test_a_guests_hints_reach_the_hosts_record_and_every_computer_keeps_the_same_counts() -> None:
    spec = CreateTable("Ann's table", ("local", "open"), "classic", public=False, aids=True)
    hosted = host_table(spec, {0: "Ann"}, "test", port=0, bind=LOOPBACK, advertise=False, pace="instant")
    client, guest = join_table(hosted.addresses[0], hosted.table.code, 1, "Bob")
    home = hosted.table
    try:
        home.ask_owner("start")
        wait_until(lambda: home.pump() is not None and home.views[0] and guest.pump() is not None and guest.views[1])
        shown = {0: 0, 1: 0}
        acted = {0: -1, 1: -1}  # the turn each seat last moved at: one move (and at most one hint) a turn

        def play() -> None:
            for seat, table in ((0, home), (1, guest)):
                table.pump()
                view = to_move(table, seat)
                if view is None or acted[seat] == len(table.log):
                    continue
                acted[seat] = len(table.log)
                if seat == 1 or len(table.log) % 4 == 0:  # Bob asks for a hint every turn, Ann every other one
                    table.hint_used()  # as the coach does when it shows one (once a position)
                    shown[seat] += 1
                table.submit(discard_or_clue(view))

        wait_until(lambda: home.over and guest.over, each=play, what="the game's end")
        assert shown[1] > 5 and shown[0] > 0
        wait_until(lambda: home.pump() is not None and home.record_json is not None and guest.pump() is not None
                 and guest.record_json is not None)
        for table in (home, guest):
            record: GameRecord = table.record()
            assert record.table is not None and (record.table.hints_by, record.table.undos_by) == ((shown[0], shown[1]), (0, 0))
            summary = summarise(record, "net.json", 0.0)
            assert summary.hints == shown[0] + shown[1] and summary.hints_by == (shown[0], shown[1])
        assert guest.hints == shown[1] and home.hints == shown[0]  # each window's results say its own
    finally:
        client.close()
        hosted.stop()


def test_a_window_restarted_mid_game_says_its_seats_hints_in_the_results() -> None:
    """Its count began again at 0: the results said only the hints shown since the restart."""
    from hanabi_desktop.net import kept
    from hanabi_desktop.net.hometable import rejoin_table

    spec = CreateTable("Ann's table", ("local", "open"), "classic", public=False, aids=True)
    hosted = host_table(spec, {0: "Ann"}, "test", port=0, bind=LOOPBACK, advertise=False, pace="instant")
    client, guest = join_table(hosted.addresses[0], hosted.table.code, 1, "Bob")
    home, again = hosted.table, None
    try:
        home.ask_owner("start")
        wait_until(lambda: home.pump() is not None and home.views[0] and guest.pump() is not None and guest.views[1])
        home.submit(next(a for a in home.view(0).legal if isinstance(a, RankClue)))
        wait_until(lambda: guest.pump() is not None and len(guest.log) == 1)
        for _ in range(3):
            guest.hint_used()
        guest.submit(next(a for a in guest.view(1).legal if isinstance(a, Discard)))
        wait_until(lambda: home.pump() is not None and len(home.log) == 2)
        assert kept.flush()
        client.close()  # Bob's program stops; restarted, it takes his seat back
        (seat,), _problems = kept.load_seats()
        again, back = rejoin_table(seat)
        wait_until(lambda: back.pump() is not None and len(back.log) == 2)
        tables = {0: home, 1: back}

        def play() -> None:
            for s, table in tables.items():
                table.pump()
                view = to_move(table, s)
                if view is not None:
                    table.submit(discard_or_clue(view))

        wait_until(lambda: home.over and back.over, each=play, what="the game's end")
        wait_until(lambda: back.pump() is not None and back.record_json is not None)
        assert back.hints == 3  # the host's count for his seat, not the 0 shown since the restart
    finally:
        for c in (client, again):
            if c is not None:
                c.close()
        hosted.stop()
