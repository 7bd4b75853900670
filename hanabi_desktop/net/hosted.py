"""One table of the host: its seats (people over the network, bots, people at the host's computer), the game
and what each seat is told.

The game itself is the local game's `Session` from the table package (the same turn flow, bots on their worker
thread, pace and save format): the host feeds it the seats' intents, which `Session.submit` checks with the engine's own refusal,
and drives its bots with `tick`. Every message to a seat is built from that seat's `PlayerView` (see
`seatview`); the deck, the seed and the bots' explanations (a reason may name a card its reader holds) go out
only with the record once the game is over. A table lives on the host's event loop thread: nothing here locks.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from hanabi_desktop.engine import Action, Game, HanabiError, IllegalAction, PlayerView
from hanabi_desktop.i18n import _
from hanabi_desktop.net.protocol import CHAT_HISTORY, ChatLine, CreateTable, action_json, encode, shown_code
from hanabi_desktop.net.seatview import Moment, MoveDelta, event_json, view_json
from hanabi_desktop.table.saves import resume, save_data
from hanabi_desktop.table.session import LogEntry, Session
from hanabi_desktop.table.setup import SeatSpec, Setup, name_key

NO_TABLE = "no table answers to that code"
OPEN = "open"  # a seat for a person over the network
LOCAL = "local"  # a seat for a person at the host's own computer (the game window talks to it in-process)


class Peer(Protocol):
    """One connection's sending side: `deliver` queues a text message and never blocks."""

    def deliver(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


class Refusal(Exception):
    """A request the table turns down: `code` for programs, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class Seat:
    """One seat as the host keeps it."""

    kind: str  # OPEN, LOCAL or a bot's registry name
    name: str = ""
    token: str | None = None  # the person's secret once the seat is taken
    stand_in: str | None = None  # a bot playing for a person who is away (the owner chose it)
    peers: set[Peer] = field(default_factory=set)

    @property
    def is_bot(self) -> bool:
        return self.kind not in (OPEN, LOCAL)

    @property
    def taken(self) -> bool:
        return self.is_bot or self.token is not None

    def json(self) -> dict[str, Any]:
        """The seat as every connection sees it (never its token)."""
        return {"name": self.name, "kind": "bot" if self.is_bot else "person", "taken": self.taken,
                "connected": self.is_bot or bool(self.peers), "stand_in": self.stand_in,
                "remote": self.kind == OPEN}


def new_token() -> str:
    """A seat's or an owner's secret."""
    return secrets.token_urlsafe(32)


class Table:
    """A table: seats, then a game. Requests raise `Refusal`; every change is sent to the peers concerned."""

    def __init__(self, code: str, spec: CreateTable, *, pace: str = "normal", local_name: str = "",
                 on_change: Callable[[Table], None] | None = None) -> None:
        self.code = code
        self.owner = new_token()
        self.spec = spec
        self.pace = pace
        self.on_change = on_change  # the server's hook (lobby, LAN advertisement)
        self.seats: list[Seat] = []
        for i, kind in enumerate(spec.seats):
            if kind in (OPEN, LOCAL):
                self.seats.append(Seat(kind, local_name if kind == LOCAL else ""))
            else:
                named = spec.names[i] if i < len(spec.names) else ""  # as the table's opener called it, else its kind
                self.seats.append(Seat(kind, named or f"{kind.partition('@')[0]} {i + 1}"))
        for i, bot in enumerate(self.seats):
            if bot.is_bot:  # two bots called alike would refuse to be dealt; say so when the table is opened
                self._check_name(bot.name, i)
        self.session: Session | None = None
        # The game as sent so far: the session's moves are applied to it one by one, so that each move goes out
        # with the view right after it (a bot observing it over the network sees every step, as at home).
        self.mirror: Game | None = None
        self.idle = 0.0  # seconds with nobody connected
        # the table's last chat lines, public to every seat (nothing else is ever in it): a seat that comes back
        # gets them with its `joined`, and they are saved with the table
        self.chat_lines: deque[ChatLine] = deque(maxlen=CHAT_HISTORY)
        self.chat_next = 0  # the number of the table's next chat line

    # -- what everyone may know ------------------------------------------------------------------------------
    def summary(self, with_code: bool) -> dict[str, Any]:
        """The table as the lobby and its seats see it (the code only where it may be shown)."""
        s = self.spec
        out = {"name": s.name, "variant": {"preset": s.variant, "empty_clues": s.empty_clues,
                                           "final_flourish": s.final_flourish, "flamboyants": s.flamboyants},
               "seats": [seat.json() for seat in self.seats], "started": self.session is not None,
               "over": self.session is not None and self.session.over, "chat_in_play": s.chat_in_play,
               "aids": s.aids}
        if with_code:
            out["code"] = shown_code(self.code)
        return out

    @property
    def free_seats(self) -> list[int]:
        """Open seats nobody has taken yet."""
        return [i for i, seat in enumerate(self.seats) if seat.kind == OPEN and not seat.taken]

    @property
    def connected(self) -> bool:
        return any(seat.peers for seat in self.seats)

    # -- people come and go -----------------------------------------------------------------------------------
    def join(self, peer: Peer, seat: int, name: str, *, local: bool = False) -> str:
        """Seat `peer` at `seat` as `name`; the seat's token. The seat must be free and of the right kind."""
        if not 0 <= seat < len(self.seats):
            raise Refusal("no_seat", f"this table has seats 0 to {len(self.seats) - 1}")
        target = self.seats[seat]
        if target.kind != (LOCAL if local else OPEN):
            raise Refusal("not_open", "that seat is not open to a person over the network")
        if target.taken:
            raise Refusal("seat_taken", "that seat is taken")
        self._check_name(name, seat)
        target.name, target.token = name, new_token()
        target.peers.add(peer)
        self._joined(peer, seat)
        return target.token

    def _check_name(self, name: str, seat: int) -> None:
        """Refuse `name` for `seat` if another seat (a person's or a bot's) has a name that reads the same: the log,
        the chat and the results name each seat, so two alike could not be told apart. Refused, not renamed: a
        person's name is theirs to choose, and the Join screen keeps what they typed to change it."""
        key = name_key(name)
        for i, other in enumerate(self.seats):
            if i != seat and (other.taken or other.is_bot) and name_key(other.name) == key:
                raise Refusal("name_taken", f"another seat at this table is called {other.name}")

    def rejoin(self, peer: Peer, token: str, seen: int = -1) -> int:
        """Put `peer` back in the seat whose token this is (a connection still open there is closed); a client
        that saw the first `seen` moves is sent each later move as it would have been (0: the deal's view first),
        else the view now."""
        seat = self.seat_of_token(token)
        if seat is None:
            raise Refusal("no_table", NO_TABLE)  # the same words as a wrong code: nothing said of the table
        for old in self.seats[seat].peers - {peer}:
            old.close(4002, "the seat was taken up by a newer connection")
        self.seats[seat].peers = {peer}
        self._joined(peer, seat, seen)
        return seat

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token `token` is (compared in constant time), or None."""
        found = None
        for i, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                found = i
        return found

    def _joined(self, peer: Peer, seat: int, seen: int = -1) -> None:
        peer.deliver(encode({"type": "joined", "code": shown_code(self.code), "seat": seat,
                             "token": self.seats[seat].token, "table": self.summary(self.spec.public),
                             "chat": [line.json() for line in self.chat_lines]}))
        if self.session is not None:
            assert self.mirror is not None
            if 0 <= seen <= len(self.mirror.actions):
                if seen == 0:  # a window that has nothing (restarted): the deal first, then every move from it
                    peer.deliver(self._state(seat, self._dealt()))
                for text in self._catch_up(seat, seen):
                    peer.deliver(text)
            else:
                peer.deliver(self._state(seat))
            if self.session.over:
                peer.deliver(self._over())
        self.changed()

    def detach(self, peer: Peer) -> None:
        """`peer`'s connection has ended (the seat stays the person's: their token brings them back)."""
        for seat in self.seats:
            if peer in seat.peers:
                seat.peers.discard(peer)
                self.changed()

    def leave(self, seat: int) -> None:
        """The person leaves `seat` for good: before the game it opens again; during it, it waits for a bot."""
        target = self.seats[seat]
        target.token = None
        target.peers.clear()
        if self.session is None:
            target.name = ""
        self.changed()

    # -- the owner ------------------------------------------------------------------------------------------------
    def check_owner(self, owner: str) -> None:
        """Refuse anyone but the table's owner."""
        if not secrets.compare_digest(self.owner, owner):
            raise Refusal("not_owner", "only the table's owner may do that")

    def start(self) -> None:
        """Deal and start the game; every seat must be taken."""
        if self.session is not None:
            raise Refusal("started", "the game has already started")
        if not all(seat.taken for seat in self.seats):
            raise Refusal("seats_free", "every seat must be taken before the game starts")
        s = self.spec
        setup = Setup([SeatSpec(seat.name, seat.kind if seat.is_bot else None) for seat in self.seats],
                      s.variant, s.empty_clues, s.final_flourish, s.flamboyants)
        try:
            self.session = Session(setup)
        except (ValueError, HanabiError) as exc:
            raise Refusal("setup", str(exc)) from None
        self.session.bot_pace = self.pace
        self.mirror = self._dealt()
        for i, seat in enumerate(self.seats):
            for peer in seat.peers:
                peer.deliver(self._state(i))
        self.changed()

    def next_game(self) -> None:
        """The owner's next game at this table, once the last one is over: the same seats (people keep them and
        their tokens, bots stay, a bot standing in for a person gives the seat back), a new deal. A seat whose
        person left for good opens again; the game then starts when every seat is taken, as the first did. Each
        window has kept the last game's record (it came with `over`)."""
        if self.session is None or not self.session.over:
            raise Refusal("not_over", "the next game starts once this one is over")
        self.session.close()
        self.session = self.mirror = None
        for seat in self.seats:
            seat.stand_in = None
            if seat.kind == OPEN and seat.token is None:
                seat.name = ""
        if all(seat.taken for seat in self.seats):
            self.start()  # its `state`s follow the last game's `over`: each window takes them as the new deal
        else:
            self.changed()

    def _dealt(self) -> Game:
        """The session's game as dealt, before any move."""
        s = self.session
        assert s is not None
        return Game(s.variant, s.players, s.deck, tiles=s.tiles, seed=s.seed, names=s.names)

    def seat_bot(self, seat: int, bot: str) -> None:
        """A bot plays `seat` for its person from now on (they may come back and watch; the owner hands back)."""
        target = self._person_seat(seat)
        target.stand_in = bot  # before the seats' news goes out: every window says a bot plays there
        self._reseat(seat, bot)

    def hand_back(self, seat: int) -> None:
        """The person plays `seat` again."""
        target = self._person_seat(seat)
        if target.stand_in is None:
            raise Refusal("no_stand_in", "no bot is playing that seat")
        target.stand_in = None
        self._reseat(seat, None)

    def _person_seat(self, seat: int) -> Seat:
        if self.session is None or self.session.over:
            raise Refusal("not_playing", "a bot can stand in only during the game")
        if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
            raise Refusal("no_seat", "that is not a person's seat")
        return self.seats[seat]

    def _reseat(self, seat: int, bot: str | None) -> None:
        """The same game with `seat` played by `bot` (None: its person): the session is resumed from its own
        save with that seat changed, so a stand-in bot has observed every move as if it had sat there."""
        assert self.session is not None
        save = save_data(self.session)
        save["setup"]["seats"][seat]["bot"] = bot
        old = self.session
        self.session = resume(save)
        self.session.bot_pace = self.pace
        old.close()
        self.changed()

    # -- play ------------------------------------------------------------------------------------------------------
    def act(self, seat: int, action: Action, hints: int = 0) -> None:
        """`seat`'s intent: applied if the engine allows it, else `Refusal` with the engine's reason. `hints`: how many
        hints the seat's person has been shown so far (counted for the seat, before the move that may end the game)."""
        session = self.session
        if session is None:
            raise Refusal("not_started", "the game has not started")
        if self.seats[seat].stand_in is not None:
            raise Refusal("stand_in", "a bot is playing this seat until the owner hands it back")
        if session.over:
            raise Refusal("refused", _("the game is over"))
        session.hints_reported(seat, hints)  # shown to the person, whether or not this move is the one that counts
        if session.current != seat:
            raise Refusal("refused", _("it is {player}'s turn").format(player=session.names[session.current]))
        try:
            session.submit(action)
        except IllegalAction as exc:
            raise Refusal("refused", str(exc)) from None
        self.send_moves()

    def tick(self, dt: float) -> None:
        """Advance the bots' clock by `dt` seconds and send any move they made."""
        if self.session is not None and not self.session.over and self.session.is_bot(self.session.current):
            if self.session.update(dt):
                self.send_moves()

    def send_moves(self) -> None:
        """Send each move the seats have not seen, one by one, each seat its own view; then the end if it came."""
        session, mirror = self.session, self.mirror
        assert session is not None and mirror is not None
        entries = session.log[len(mirror.actions):]
        for entry in entries:
            before = Moment.of(mirror)
            mirror.apply(entry.action)
            update = self._update(entry, MoveDelta.of(before, mirror))
            for i, seat in enumerate(self.seats):
                if seat.peers:
                    text = update(i)
                    for peer in seat.peers:
                        peer.deliver(text)
        if session.over and entries:
            over = self._over()
            for seat in self.seats:
                for peer in seat.peers:
                    peer.deliver(over)
            self.changed()
        elif entries and self.on_change is not None:
            self.on_change(self)  # the server saves the table after every move

    def chat(self, seat: int, text: str) -> None:
        """A line of chat from `seat` to everyone at the table."""
        playing = self.session is not None and not self.session.over
        if playing and not self.spec.chat_in_play:
            raise Refusal("no_chat", "the owner has turned chat off during play")
        line = ChatLine(self.chat_next, seat, self.seats[seat].name, text)
        self.chat_next += 1
        self.chat_lines.append(line)
        message = encode({"type": "chat", **line.json()})
        for s in self.seats:
            for peer in s.peers:
                peer.deliver(message)
        if self.on_change is not None:
            self.on_change(self)  # the server saves the table: a host that comes back from its save still has it

    # -- messages ------------------------------------------------------------------------------------------------
    def _state(self, seat: int, game: Game | None = None) -> str:
        """`seat`'s view of `game` (by default the game as sent so far)."""
        game = game if game is not None else self.mirror
        assert game is not None
        return encode({"type": "state", "moves": len(game.actions), "view": view_json(PlayerView.of(game, seat))})

    def sync(self, seat: int) -> str:
        """`seat`'s whole view now, for a client that asks for it (it could not follow the changes)."""
        return self._state(seat)

    @staticmethod
    def _update(entry: LogEntry, move: MoveDelta) -> Callable[[int], str]:
        """Move `entry` as each seat sees it: the move and its events (written once), and what it changed of the
        seat's view."""
        head = encode({"type": "update", "index": entry.index, "seat": entry.seat, "action": action_json(entry.action),
                       "events": [event_json(ev) for ev in entry.events]})
        return lambda seat: f'{head[:-1]},"delta":{move.text(seat)}}}'

    def _catch_up(self, seat: int, seen: int) -> list[str]:
        """The updates of every move after the first `seen`, replayed from the deal, for a client coming back."""
        assert self.session is not None and self.mirror is not None
        game = self._dealt()
        out = []
        for entry in self.session.log[:len(self.mirror.actions)]:
            before = Moment.of(game) if entry.index >= seen else None
            game.apply(entry.action)
            if before is not None:
                out.append(self._update(entry, MoveDelta.of(before, game))(seat))
        return out

    def _over(self) -> str:
        assert self.session is not None
        result = self.session.result()
        record = self.session.record().to_json()
        return encode({"type": "over", "score": result.score, "max_score": result.max_score, "won": result.won,
                       "end_reason": self.session.game.end_reason.value if self.session.game.end_reason else None,
                       "record": record})

    def changed(self) -> None:
        """Tell every connection at the table (and the server) that the seats changed."""
        text = encode({"type": "table", "table": self.summary(self.spec.public)})
        for seat in self.seats:
            for peer in seat.peers:
                peer.deliver(text)
        if self.on_change is not None:
            self.on_change(self)

    def end(self, code: int, reason: str) -> None:
        """Close every connection at the table with `code` (`protocol.CLOSE_ENDED` or `CLOSE_PAUSED`), so that
        each window says what happened rather than a dropped line."""
        for seat in self.seats:
            for peer in list(seat.peers):
                peer.close(code, reason)

    def close(self) -> None:
        """Stop the game's bot thread."""
        if self.session is not None:
            self.session.close()
