"""A game window's network side in a process of its own, for the tests that kill a program mid-game and start it
again (tests/net/test_restarts.py). Its HANABI_DESKTOP_HOME is the test's; it prints one JSON line per news.

    python -m tests.net.restart_player host        host a saved table (Ann at seat 0, seat 1 open, a bot)
    python -m tests.net.restart_player resume BACK      host again the table this home saved (BACK moves made)
    python -m tests.net.restart_player join URL CODE    take seat 1 as Bob
    python -m tests.net.restart_player return BACK      take back the seat this home kept (BACK moves made)

The people it plays make one move per turn (the first legal clue, else the first legal discard), once each move
before it has reached the window; a host starts the game once every seat is taken. A last number is how many
moves it plays until it stops (its seat kept).
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time

from hanabi_desktop.engine import ColourClue, Discard, RankClue
from hanabi_desktop.net import hometable, kept
from hanabi_desktop.net.protocol import CreateTable
from hanabi_desktop.net.remote import NetTable
from hanabi_desktop.net.seatview import view_json

LOOPBACK = "127.0.0.1"
LIFETIME = 300.0  # seconds: no test keeps a player that long


def say(**news: object) -> None:
    print(json.dumps(news), flush=True)


def play(table: NetTable, moves: int | None) -> None:
    """Pump `table` and play its seats' turns until `moves` moves were made (None: forever)."""
    started = False
    while moves is None or len(table.log) < moves:
        table.pump()
        if table.owner is not None and not table.started and not started and all(s.taken for s in table.seat_info):
            table.ask_owner("start")
            started = True
        views = {s: table.views[s][-1] for s in table.own_seats if table.views[s]}
        seat = table.current
        view = views.get(seat)
        if (view is not None and not table.over and view.current == seat and len(view.history) == len(table.log)
                and table.connection == "connected"):
            clue = next((a for a in view.legal if isinstance(a, (ColourClue, RankClue))), None)
            table.submit(clue or next(a for a in view.legal if isinstance(a, Discard)))
            deadline = time.monotonic() + 10
            while len(table.log) == len(view.history) and time.monotonic() < deadline:
                table.pump()
                time.sleep(0.01)
            say(moved=len(table.log), seat=seat)
        time.sleep(0.01)


def settle(table: NetTable, moves: int) -> None:
    """Pump until the messages that bring the seat back (the deal, then each of the `moves` moves) have all come.
    Waiting for the count, not for a quiet half second: under load the moves came after such a pause, and the
    window reported a log short of them."""
    deadline = time.monotonic() + 60
    while len(table.log) < moves or not table.views[table.lead] or table.connection != "connected":
        assert time.monotonic() < deadline, f"the seat's view did not come back ({len(table.log)} of {moves} moves)"
        table.pump()
        time.sleep(0.01)


def main(argv: list[str]) -> None:
    # the test kills this process; if it cannot (killed itself, say), the process ends by itself all the same
    ender = threading.Timer(LIFETIME, os._exit, (3,))
    ender.daemon = True
    ender.start()
    mode = argv[0]
    if mode == "host":
        hosted = hometable.host_table(CreateTable("Ann's table", ("local", "open", "conventions"), "classic",
                                                  public=False), {0: "Ann"}, "test", port=0, bind=LOOPBACK,
                                      advertise=False, pace="instant", saved=True)
        table = hosted.table
    elif mode == "resume":
        hosted = hometable.resume_hosted("test", bind=LOOPBACK, advertise=False, pace="instant")
        table = hosted.table
        settle(table, int(argv[1]))
        say(resumed=len(table.log), seats=[e.seat for e in table.log], view=view_json(table.views[0][-1]))
    elif mode == "join":
        _client, table = hometable.join_table(argv[1], argv[2], 1, "Bob")
    else:
        seats, _problems = kept.load_seats()
        assert len(seats) == 1, f"{len(seats)} seats were kept"
        seat = seats[0]
        _client, table = hometable.rejoin_table(seat)
        settle(table, int(argv[1]))
        say(returned=len(table.log), seats=[e.seat for e in table.log], view=view_json(table.views[1][-1]),
            notes=table.notes_of(1))
    say(port=int(table.address.rsplit(":", 1)[1]), code=table.code)
    moves = int(argv[-1]) if len(argv) > (2 if mode in ("resume", "return") else 1) and argv[-1].isdigit() else None
    play(table, moves)
    if mode == "join":  # a note on a card, and it is kept before the process is killed
        table.set_note(1, table.hand(1)[0], "kept across a restart")
        kept.flush()
        say(noted=table.hand(1)[0])
    while True:  # the test kills this process; meanwhile it keeps its seat
        table.pump()
        time.sleep(0.05)


if __name__ == "__main__":
    main(sys.argv[1:])
