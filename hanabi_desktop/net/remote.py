"""A networked game as the table's screens see it: `table.door.Table` over the messages of one or more seats.

The game window holds no game: it holds what its seats were told. Each seat it plays (one for a player who
joined, several for hot seats at the host's computer) has a `Channel`, the `NetClient` or the host's
`LocalSeat`, whose inbox `pump` reads once a frame (the connection itself lives on its own thread). From the
messages it keeps each seat's `PlayerView` as the host built it, the log (one `LogEntry` per `update`), the
table's seats and their connections, the chat, and what went wrong, said in words. Nothing here knows a card
the seats were not shown: a seat's own cards are not in its views, so they cannot be on its table.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from hanabi_desktop.engine import (
    Action,
    Card,
    ColourClue,
    Discard,
    GameRecord,
    PlayerView,
    RankClue,
    Variant,
)
from hanabi_desktop.engine.events import Tile
from hanabi_desktop.i18n import _
from hanabi_desktop.net import kept
from hanabi_desktop.net.client import Incoming
from hanabi_desktop.net.protocol import ChatLine, ProtocolError, parse_action
from hanabi_desktop.net.scripted import table_variant
from hanabi_desktop.net.seatview import apply_delta, event_from_json, view_from_json
from hanabi_desktop.net.words import clock, error_text, names_text
from hanabi_desktop.table.narrate import describe
from hanabi_desktop.table.session import LogEntry, Result

log = logging.getLogger(__name__)

MAX_CHAT_LINES = 60  # chat lines kept for the screen (no more than the host keeps: `protocol.CHAT_HISTORY`)
CONFIRM_SECONDS = 8.0  # a leaving asked for twice within this time is done
NO_BELIEFS: tuple[int, dict] = (0, {})  # the bots sit at the host: their readings stay there


class Channel(Protocol):
    """One seat's line to the host: its inbox and its intents (a `NetClient` or a host's `LocalSeat`)."""

    inbox: queue.Queue[Incoming]

    def act(self, action: Action, hints: int = 0) -> None: ...

    def chat(self, text: str) -> None: ...

    def sync(self) -> None: ...


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the table's summary says it: who sits there and whether they are connected."""

    name: str
    bot: bool
    taken: bool
    connected: bool
    stand_in: str | None
    remote: bool

    @classmethod
    def of(cls, data: dict[str, Any]) -> SeatInfo:
        return cls(str(data.get("name", ""))[:16], data.get("kind") == "bot", bool(data.get("taken")),
                   bool(data.get("connected")), data.get("stand_in") if isinstance(data.get("stand_in"), str) else None,
                   bool(data.get("remote")))

    def __str__(self) -> str:
        return f"{self.name or '-'}{' (bot)' if self.bot else ''}{'' if self.connected else ' away'}"


@dataclass(frozen=True)
class _Narration:
    """What `narrate.describe` reads of a game, from what a seat was shown: the variant, the names, the cards."""

    variant: Variant
    names: tuple[str, ...]
    deck: dict[int, Card]


class NetTable:
    """A game at a table of a host, seen from the seats this window plays. See the module docstring."""

    def __init__(self, channels: dict[int, Channel], table: dict[str, Any], code: str, *,
                 owner: Callable[[str, int | None], None] | None = None, address: str = "") -> None:
        """`channels`: this window's seats; `table`: the summary its `joined` brought; `owner`: for the table's
        owner, a function doing ("start" | "seat_bot" | "hand_back", seat) at the host."""
        if not channels:
            raise ValueError("a network table needs a seat")
        self.channels = dict(sorted(channels.items()))
        self.lead = min(self.channels)  # the seat whose messages make the log (every seat gets the same moves)
        self.code = code
        self.address = address
        self.owner = owner
        self.variant = table_variant(table)
        self.summary = table
        self.seat_info: list[SeatInfo] = [SeatInfo.of(s) for s in table["seats"]]
        self.players = len(self.seat_info)
        self.names: tuple[str, ...] = tuple(s.name for s in self.seat_info)
        self.lost_at: dict[int, float] = {}  # seat -> when it was seen disconnected (monotonic)
        self.started = False
        self.views: dict[int, list[PlayerView]] = {s: [] for s in self.channels}  # each seat's views since the deal
        self.log: list[LogEntry] = []
        self.chat_lines: list[ChatLine] = []
        self.chat_heard = 0  # chat lines said while this window listened (not the ones a (re)join brought back)
        self.problems: list[str] = []  # what went wrong, in words, not yet shown (the screen takes them)
        self.record_json: dict[str, Any] | None = None  # the whole game, once over
        self.result_data: dict[str, Any] | None = None
        self.connection = "connected"  # this window's own line: connected / reconnecting / closed
        self.closed_reason = ""  # "ended": the host ended the table
        self.paused = False  # the host's game was closed: its table comes back when the host resumes it
        self.since_lost = time.monotonic()  # when this window's own connection dropped
        self.undos = 0
        self.hints = 0
        self.hints_by: dict[int, int] = {}  # the hints shown to each seat played at this screen (sent with its moves)
        self.previewed = False  # the clue preview was shown (where the host allows learning aids)
        self.bot_pace = "normal"  # the host's pace rules: nothing to set here
        # this computer's notes on the cards, per seat: read back after a restart, never sent to the host
        self.notes: dict[int, dict[int, str]] = {s: n for s, n in kept.load_notes(code, self.players).items()
                                                  if s in self.channels}
        self.hand_orders: dict[int, list[int]] = {}
        self._shown: int | None = None
        self._last_own: int | None = None
        self.hosted_here = False  # the table is hosted by this very program (leaving it stops it)
        self.kept_seat: kept.KeptSeat | None = None  # this window's seat as kept on disk (kept again for a next game)
        self.games = 1  # the games played at this table in this window, this one included
        self._asked: dict[str, float] = {}  # a leaving that needs confirming -> when it was first asked for
        self._seats(table)

    # -- the messages ------------------------------------------------------------------------------------------
    def pump(self) -> list[LogEntry]:
        """Read every message waiting for this window's seats (never blocks); the new log entries."""
        before = len(self.log)
        for seat, channel in self.channels.items():
            while True:
                try:
                    message = channel.inbox.get_nowait()
                except queue.Empty:
                    break
                self.take(seat, message)
        return self.log[before:]

    def take(self, seat: int, message: Incoming) -> None:
        """Read one message for `seat` (`pump` reads them from the inbox; the opening of a table gives the `joined`
        it waited for, before everything that came after it). One that cannot be read is skipped and said."""
        try:
            self._take(seat, message)
        except (ProtocolError, KeyError, TypeError, ValueError, IndexError) as exc:
            log.warning("seat %d: a message that cannot be read (%s): %s", seat, message.type, exc)
            self.problems.append(_("The host sent something this program cannot read; it was skipped."))

    def _take(self, seat: int, message: Incoming) -> None:
        data = message.data
        kind = message.type
        if kind == "table":
            self._seats(data["table"])
        elif kind == "joined":
            self._seats(data["table"])
            if seat == self.lead:
                self._chat_back([ChatLine.of(line) for line in data.get("chat", [])])
        elif kind == "state":
            view = view_from_json(data["view"], self.variant)
            if self.over and not view.over:  # the owner dealt the next game at this table
                self._new_game()
            moves = data["moves"]
            if seat == self.lead and moves < len(self.log):
                self._went_back(moves)
            if not self.views[seat] or moves == 0:
                self.views[seat] = [view]
            else:
                self.views[seat] = [v for v in self.views[seat] if len(v.history) < moves] + [view]
            self.started = True
            self.names = view.names
            if seat == self.lead and data["moves"] > len(self.log):  # back after missing moves: the log from the view
                self._log_from_history(view)
        elif kind == "update":
            before = self.views[seat][-1] if self.views[seat] else None
            if before is None or data["index"] != len(before.history):  # a change to a view this seat lacks
                self.channels[seat].sync()  # the host answers with the seat's whole view
                return
            view = apply_delta(before, data["action"], data["delta"])
            if seat == self.lead and data["index"] == len(self.log):
                self._logged(data, before, view)
            self.views[seat].append(view)
        elif kind == "over":
            if self.record_json is None:
                self.record_json, self.result_data = data["record"], data
                self._explained()
                self._keep()
        elif kind == "chat":
            if seat == self.lead:
                self.chat_lines.append(ChatLine.of(data))
                del self.chat_lines[:-MAX_CHAT_LINES]
                self.chat_heard += 1
        elif kind == "error":
            self.problems.append(error_text(data))
        elif kind == "connection":
            state = data.get("state", "")
            if state == "reconnecting" and self.connection != "reconnecting":
                self.since_lost = time.monotonic()
            if state == "reconnecting" and data.get("reason") == "paused":
                self.paused = True
            if state == "connected":
                self.paused = False
            if state == "closed":
                self.closed_reason = str(data.get("reason", ""))
                if self.closed_reason == "ended":
                    kept.forget_seat(self.code)  # nothing to come back to
            self.connection = state

    def _chat_back(self, said: list[ChatLine]) -> None:
        """The table's last lines, as a (re)join brings them: from the first of them on they are the host's word (a
        window that kept its lines shows each once; one whose host came back without its very last lines drops
        them); older lines the window still holds stay before them."""
        if said:
            self.chat_lines = [line for line in self.chat_lines if line.n < said[0].n] + said
            del self.chat_lines[:-MAX_CHAT_LINES]

    def _went_back(self, moves: int) -> None:
        """The host came back from a save older than the last moves this window saw (it stopped before it could
        write them): those moves are to be played again."""
        del self.log[moves:]
        self.problems.append(_("The host's game came back without its last moves: they are played again from here."))

    def _new_game(self) -> None:
        """The table's next game begins (the last one was kept at its end): this window's game starts afresh, at
        the same seats."""
        self.games += 1
        self.started = False
        self.views = {s: [] for s in self.channels}
        self.log = []
        self.record_json = self.result_data = None
        self.undos = self.hints = 0
        self.hints_by = {}
        self.previewed = False
        self.notes = {}
        self.hand_orders = {}
        self._shown = self._last_own = None
        if self.kept_seat is not None:  # a restarted program comes back to this game too
            kept.keep_seat(self.kept_seat)

    def _seats(self, table: dict[str, Any]) -> None:
        if self.over and not table.get("over"):  # the next game is set up (its deal waits for a seat to be taken)
            self._new_game()
        self.summary = table
        now = time.monotonic()
        self.seat_info = [SeatInfo.of(s) for s in table["seats"]]
        for i, info in enumerate(self.seat_info):
            if info.connected or info.bot or not info.taken or info.stand_in is not None:
                self.lost_at.pop(i, None)
            else:
                self.lost_at.setdefault(i, now)
        if not self.started:
            self.names = tuple(s.name for s in self.seat_info)
        self.started = self.started or bool(table.get("started"))

    def _logged(self, data: dict[str, Any], before: PlayerView | None, after: PlayerView) -> None:
        seat, action = int(data["seat"]), parse_action(data["action"])
        events = tuple(event_from_json(e) for e in data["events"])
        hands = before.hands if before is not None else after.hands
        seen = {**(before.visible if before is not None else {}), **after.visible}
        text = describe(_Narration(self.variant, after.names, seen), seat, hands, action, events)  # type: ignore[arg-type]
        self.log.append(LogEntry(len(self.log), seat, action, text, "", events))

    def _log_from_history(self, view: PlayerView) -> None:
        """Moves this window missed (it came back without its count): listed by who acted, without events."""
        for index in range(len(self.log), len(view.history)):
            self.log.append(LogEntry(index, -1, view.history[index], str(view.history[index]), "", ()))

    def _explained(self) -> None:
        """The bots' reasons arrive with the record, once no card they name is hidden from anyone."""
        why = self.record_json.get("explanations") if self.record_json else None
        if isinstance(why, list):
            self.log = [replace(e, explanation=str(why[e.index])[:300]) if e.index < len(why) and why[e.index] else e
                        for e in self.log]

    def _keep(self) -> None:
        """The finished game goes to this player's own Replays with this window's notes, as a game at home does
        (on the writer's thread); the seat and the notes kept for a restart are done with."""
        from hanabi_desktop.table import autosave

        try:
            record = self.record()
            autosave.WRITER.keep(record)
            said = record.table.hints_by if record.table is not None else None
            if said is not None:  # the host's count: a window restarted mid-game had counted only the hints since
                self.hints = max(self.hints, sum(said[seat] for seat in self.channels if seat < len(said)))
        except ValueError as exc:
            self.problems.append(_("The game's record could not be read ({problem}); it is not kept in Replays.").format(
                problem=str(exc)[:80]))
        kept.forget_notes(self.code)
        kept.forget_seat(self.code)

    # -- this window's seats' connection ---------------------------------------------------------------------
    def away(self) -> list[tuple[int, float]]:
        """Seats of people who are not connected now, and for how many seconds."""
        now = time.monotonic()
        return [(seat, now - since) for seat, since in sorted(self.lost_at.items())]

    def offline_for(self) -> float:
        return time.monotonic() - self.since_lost

    def connection_text(self) -> str | None:
        """What is wrong with this window's line to the host, in words (None: nothing)."""
        if self.connection == "reconnecting":
            if self.paused:
                return _("The host closed their game: the table is back when they resume it (waiting {time})…").format(
                    time=clock(self.offline_for()))
            return _("The connection to the host dropped: reconnecting ({time})…").format(time=clock(self.offline_for()))
        if self.connection == "closed":
            if self.closed_reason == "ended":
                return _("The host closed the table.") if self.over else _("The host ended the table: the game cannot go on.")
            return _("The connection to the host is closed: the game cannot go on here.")
        return None

    # -- who is who --------------------------------------------------------------------------------------------
    def _view(self) -> PlayerView | None:
        views = self.views[self.lead]
        return views[-1] if views else None

    @property
    def current(self) -> int:
        view = self._view()
        return view.current if view is not None else 0

    @property
    def over(self) -> bool:
        """The game is over once its record has come (the results are built from it)."""
        return self.record_json is not None

    @property
    def own_seats(self) -> list[int]:
        return list(self.channels)

    @property
    def viewer(self) -> int | None:
        own = self.own_seats
        if self.current in own and not self.over and not self.is_bot(self.current):
            if len(own) >= 2 and self._shown is not None and self._shown != self.current:
                return self._shown
            return self.current
        return self._last_own if self._last_own is not None else own[0]

    def is_bot(self, seat: int) -> bool:
        info = self.seat_info[seat]
        return info.bot or info.stand_in is not None

    @property
    def human_seats(self) -> list[int]:
        """The seats people play at this screen (the table's other people play at theirs)."""
        return [s for s in self.own_seats if not self.is_bot(s)]

    @property
    def bot_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.is_bot(s)]

    @property
    def advisor(self) -> str:
        return "conventions"

    @property
    def hand_size(self) -> int:
        view = self._view()
        return view.hand_size if view is not None else 0

    @property
    def pending_tile(self) -> Tile | None:
        view = self._view()
        return view.pending if view is not None else None

    @property
    def thinking(self) -> bool:
        return False

    def view(self, seat: int) -> PlayerView:
        """What `seat` was last shown (only this window's seats have views)."""
        return self.views[seat][-1]

    def spectator_view(self) -> PlayerView:
        return self.view(self.lead)

    def hand(self, seat: int) -> tuple[int, ...]:
        view = self._view()
        return tuple(view.hands[seat]) if view is not None else ()

    def touched_by(self, seat: int, clue: ColourClue | RankClue) -> frozenset[int]:
        viewer = self.viewer
        return frozenset(self.view(viewer if viewer is not None else self.lead).touched(clue))

    def bot_beliefs(self) -> tuple[int, dict]:
        return NO_BELIEFS

    # -- moves -----------------------------------------------------------------------------------------------
    def refusal(self, action: Action) -> str | None:
        """Why `action` cannot be sent now, as far as this seat can tell (the host has the last word)."""
        if self.over:
            return _("the game is over")
        if self.connection != "connected":
            return _("The connection to the host is down: wait until it is back.")
        seat = self.current
        if seat not in self.channels or self.is_bot(seat):
            return _("it is {player}'s turn").format(player=self.names[seat])
        view = self.view(seat)
        if action in view.legal:
            return None
        if isinstance(action, Discard) and view.clue_tokens >= 8 and view.pending is None:
            return _("discarding is not allowed with 8 clue tokens")
        if isinstance(action, (ColourClue, RankClue)) and view.clue_tokens <= 0 and view.pending is None:
            return _("no clue tokens left")
        if view.pending is not None:
            return _("first finish the bonus tile: {tile}").format(tile=view.pending.text)
        return _("That move is not allowed now.")

    def submit(self, action: Action) -> None:
        """Send the current seat's intent; the move comes back as an `update` (or a refusal, said in words)."""
        seat = self.current
        self._last_own = self._shown = seat
        self.channels[seat].act(action, self.hints_by.get(seat, 0))

    def update(self, dt: float) -> list[LogEntry]:
        return self.pump()

    def undo_refusal(self, seat: int | None) -> str | None:
        return _("No take-backs at a table over the network.")

    def undo(self, seat: int) -> None:
        raise ValueError(self.undo_refusal(seat))

    def seat_views(self, seat: int) -> Callable[[], list[PlayerView]]:
        """What `seat` was shown since the deal (this window kept every view it was sent)."""
        views = list(self.views[seat])
        return lambda: views

    def hint_used(self) -> None:
        """A hint was shown to the person at the screen: counted here (the results) and told to the host with the
        seat's next move, so that every computer's record of the game says it for that seat."""
        self.hints += 1
        seat = self.viewer
        if seat is not None:
            self.hints_by[seat] = self.hints_by.get(seat, 0) + 1

    def preview_used(self) -> None:
        self.previewed = True

    # -- the hot seat at the host's computer --------------------------------------------------------------------
    def needs_curtain(self) -> bool:
        own = self.human_seats
        return len(own) >= 2 and not self.over and self.current in own and self._shown != self.current

    def acknowledge_curtain(self) -> None:
        self._shown = self._last_own = self.current

    def since_last_turn(self, seat: int) -> list[LogEntry]:
        for i in range(len(self.log) - 1, -1, -1):
            if self.log[i].seat == seat:
                return self.log[i + 1:]
        return list(self.log)

    # -- notes and the private hand order (kept in this window) ---------------------------------------------------
    def notes_of(self, seat: int) -> dict[int, str]:
        return dict(self.notes.get(seat, {}))

    def note(self, seat: int, order: int) -> str:
        return self.notes.get(seat, {}).get(order, "")

    def set_note(self, seat: int, order: int, text: str) -> None:
        text = text.strip()[:60]
        mine = self.notes.setdefault(seat, {})
        if text:
            mine[order] = text
        else:
            mine.pop(order, None)
        kept.keep_notes(self.code, self.notes)  # on this computer only, off the frame thread

    def hand_order(self, seat: int, viewer: int | None = -1) -> list[int]:
        hand = list(self.hand(seat))
        if viewer != -1 and viewer != seat:
            return hand
        kept = [o for o in self.hand_orders.get(seat, []) if o in hand]
        return [o for o in hand if o not in kept] + kept

    def slot_of(self, order: int) -> int:
        view = self._view()
        for hand in view.hands if view is not None else ():
            if order in hand:
                return hand.index(order) + 1
        raise ValueError(_("that card is not in a hand"))

    def reorder(self, seat: int, order: int, new_index: int) -> None:
        cur = self.hand_order(seat)
        if order in cur:
            cur.remove(order)
            cur.insert(max(0, min(len(cur), new_index)), order)
            self.hand_orders[seat] = cur

    # -- leaving the table ---------------------------------------------------------------------------------------
    def others(self) -> list[str]:
        """The names of the people at the table's other computers (not its bots, not this window's seats)."""
        return [info.name for seat, info in enumerate(self.seat_info)
                if info.taken and not info.bot and seat not in self.channels]

    def leaving_ends_it(self) -> bool:
        """Would this window's leaving stop the table for other people (it is hosted here, someone else sits at it,
        the game is not over)?"""
        return self.hosted_here and not self.over and bool(self.others())

    def leaving(self) -> tuple[str, str, str] | None:
        """What the room asks before this window leaves the table, when that concerns someone else: (the question,
        what it does, the act's button); None when it concerns nobody (nothing to ask), as once the host has ended
        the table (no seat waits)."""
        if self.connection == "closed":
            return None
        others = self.others()
        playing = self.started and not self.over
        if self.hosted_here and others:
            names = names_text(others)
            if playing:
                return (_("End the game for {names}?").format(names=names),
                        _("The game stops at every computer and cannot be finished: the table is closed."),
                        _("End the game"))
            return (_("Close the table for {names}?").format(names=names),
                    _("Everyone at it leaves it: no next game here, and the chat ends."), _("Close the table"))
        if not self.hosted_here and playing and any(not self.is_bot(s) for s in self.channels):
            return (_("Leave the game?"),
                    _("Your seat waits for you: the others wait for your moves, or the host lets a bot play it. "
                      "Return to your seat on the title brings you back."), _("Leave the game"))
        return None

    def confirmed(self, what: str = "close") -> bool:
        """Close the window now? True if nobody else is concerned or it was asked for a second time within
        `CONFIRM_SECONDS`; else False, and the screen says `leaving_question`."""
        now = time.monotonic()
        if not self.leaving_ends_it() or now - self._asked.get(what, -CONFIRM_SECONDS - 1) <= CONFIRM_SECONDS:
            return True
        self._asked[what] = now
        return False

    def leaving_question(self, what: str = "close") -> str:
        """What the screen says before the window closes (see `confirmed`)."""
        return _("Closing the window stops your table: the others wait until you resume it from the title. "
                 "Close the window again to quit.")

    # -- the owner -----------------------------------------------------------------------------------------------
    def ask_owner(self, what: str, seat: int | None = None) -> None:
        """The owner's requests: "start", "seat_bot" (a bot for an away person) or "hand_back"."""
        if self.owner is None:
            self.problems.append(error_text({"code": "not_owner"}))
            return
        self.owner(what, seat)

    def chat(self, text: str) -> None:
        """A line to the table, from the seat at the screen."""
        viewer = self.viewer
        self.channels[viewer if viewer in self.channels else self.lead].chat(text)

    @property
    def aids(self) -> frozenset[str]:
        """The learning aids the table's owner allows: hints and the clue preview, both worked out here from the
        seat's own views only (`seat_views`)."""
        return frozenset({"hint", "preview"}) if self.summary.get("aids") else frozenset()

    @property
    def chat_open(self) -> bool:
        """May the table chat now (before and after the game; during it only if the owner allowed it)?"""
        return not self.started or self.over or bool(self.summary.get("chat_in_play"))

    # -- the outcome -------------------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The whole game, as the host sent it at the end (`ValueError` before)."""
        if self.record_json is None:
            raise ValueError(_("The game is still going."))
        record = GameRecord.from_json(self.record_json)
        if any(self.notes.values()):  # this window's own notes (the host never had them)
            record.notes = [[self.note(p, o) for o in range(len(record.deck))] for p in range(self.players)]
        return record

    def result(self) -> Result:
        data = self.result_data or {}
        view = self._view()
        v = self.variant
        score = int(data.get("score", 0))
        reason = view.end_reason if view is not None else None
        return Result(score, v.max_score, bool(data.get("won")), reason.text if reason else _("The game is still going."),
                      v.rating(score), v.final_flourish, tuple(view.fireworks) if view else (),
                      view.strikes if view else 0, view.clue_tokens if view else 0)

    def rematch(self) -> None:
        """None: the next game is played at the same table, started from its room by its owner (a local game
        "with the same seats" would turn the friends on other computers into hot seats here)."""
        return None

    def close(self) -> None:
        """Nothing to stop here: the screens close the connection (`NetClient.close`, `HostThread.stop`)."""

