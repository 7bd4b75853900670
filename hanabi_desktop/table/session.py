"""A game at the table: seats (people or bots), turn flow and undo, bot pacing, the hot-seat hand-off, card
notes and the private hand order.

The set-up is `table.setup`, the bots' thread `table.seats`, the saved format `table.saves`. No pygame here:
the session is driven by ``update(dt)`` from the app loop (or by ``run_bots()`` headless). Bots live on a worker thread with a copy of the game of their
own: after every action the worker applies it to its copy and lets each bot observe its view, and a bot
decides there too, so neither a slow decision nor the bots' bookkeeping ever freezes a frame. A bot's move is
applied once the chosen pace has passed since the previous action.

>>> s = Session(Setup([SeatSpec("Ann"), SeatSpec("Bot", bot="conventions")], seed="doc"), threaded=False)
>>> s.current, s.is_bot(1), s.viewer
(0, True, 0)
>>> entry = s.play_card(s.hand_order(0)[0])
>>> entry.text.startswith("Ann "), s.current
(True, 1)
>>> [e.seat for e in s.run_bots()]
[1]
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from hanabi_desktop.bots.advice import views_of
from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import (
    Action,
    ColourClue,
    Discard,
    Game,
    GameRecord,
    IllegalAction,
    Play,
    PlayerView,
    RankClue,
)
from hanabi_desktop.engine.events import Event, Tile
from hanabi_desktop.engine.records import TableFacts
from hanabi_desktop.engine.text import clean_text
from hanabi_desktop.i18n import _
from hanabi_desktop.storage import PACES
from hanabi_desktop.table.hint import advisor_for
from hanabi_desktop.table.narrate import describe
from hanabi_desktop.table.seats import (
    Beliefs,
    BotWorker,
    SeatBot,
    decide,
    observe_all,
    seat_bot,
    snapshot_beliefs,
)
from hanabi_desktop.table.setup import MAX_NAME, SeatSpec, Setup

log = logging.getLogger(__name__)

# seconds between a bot's move and the action before it, for each of the settings' bot paces
PACE_SECONDS: dict[str, float] = dict(zip(PACES, (2.0, 1.0, 0.35, 0.0), strict=True))
MAX_NOTE = 60  # a card note: a few words on a card


@dataclass(frozen=True)
class LogEntry:
    """One applied action: who, what (engine action and a sentence), why (a bot's explanation), and its events."""

    index: int
    seat: int
    action: Action
    text: str
    explanation: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Result:
    """How a finished game came out."""

    score: int
    max_score: int
    won: bool
    ended: str  # a sentence for the results screen
    rating: str  # the rulebook's text for the score (victory / defeat in Final flourish)
    final_flourish: bool = False
    fireworks: tuple[int, ...] = ()  # cards played on each firework, in the variant's suit order
    strikes: int = 0
    clue_tokens: int = 0


@dataclass
class _Pending:
    seat: int
    turn: int
    future: Future | None = None
    decision: Decision | Exception | None = None


class Session:
    """A game in progress with its seats. See the module docstring."""

    def __init__(self, setup: Setup, actions: Sequence[Action] = (), *,
                 autosave: Callable[[Session], None] | None = None, threaded: bool = True,
                 deck: Sequence | None = None, tiles: Sequence | None = None,
                 explanations: Sequence[str] = ()) -> None:
        setup.check()
        self.setup = setup
        self.seed: str = setup.seed if setup.seed else secrets.token_hex(4)
        self.variant = setup.make_variant()
        self.names: tuple[str, ...] = tuple(s.name.strip()[:MAX_NAME] for s in setup.seats)
        self.players = len(self.names)
        if deck is None:
            self.game = Game.new(self.variant, self.players, self.seed, names=self.names)
        else:
            self.game = Game(self.variant, self.players, deck, tiles=tiles, seed=self.seed, names=self.names)
        self.deck, self.tiles = self.game.deck, self.game.initial_tiles if self.variant.flamboyants else None
        self.bot_pace = "normal"
        self.threaded = threaded
        self.autosave = None  # not during the replay of saved actions
        self.hand_orders: dict[int, list[int]] = {}  # seat -> its private display order (card ids)
        self.undos = 0  # moves taken back (the results say so)
        self.hints = 0  # hints asked for (counted once per position)
        # the same per seat (the history credits each person their own); None once unknown (a save without them)
        self.undos_by: list[int] | None = [0] * self.players
        self.hints_by: list[int] | None = [0] * self.players
        self.previewed = False  # the clue preview was shown in this game (the results say so)
        self.notes: dict[int, dict[int, str]] = {}  # viewer seat -> card order -> that person's note
        self._worker: BotWorker | None = None  # started after the saved actions are replayed
        self.log: list[LogEntry] = []
        self._start(actions, explanations)
        self.autosave = autosave

    def _start(self, actions: Sequence[Action], explanations: Sequence[str]) -> None:
        """Deal the game afresh, make its bots anew and replay `actions` (each bot observing every step): a new
        game, a resumed one and a game after an undo all start here, so a bot's model is always the one it
        would have built by playing those moves."""
        self.close()
        if actions or self.log:
            self.game = Game(self.variant, self.players, self.deck, tiles=self.tiles, seed=self.seed,
                             names=self.names)
        self.log = []
        self._since = 0.0  # seconds since the last action
        self._last_human: int | None = None
        self._shown: int | None = None
        self._pending: _Pending | None = None
        self._beliefs: Beliefs = (-1, {})  # unthreaded: the latest snapshot
        self.bots: dict[int, SeatBot] = {}
        for seat, spec in enumerate(self.setup.seats):
            if spec.bot is not None:
                self.bots[seat] = seat_bot(create(spec.bot, seat, self.players, self.variant, f"{self.seed}/{seat}"))
        if self.threaded and self.bots:  # the bots re-observe the replayed moves on their thread, not the frame's
            self._worker = BotWorker(self.game.clone(), self.bots)
        for i, action in enumerate(actions):
            seat = self.game.current
            explanation = explanations[i] if i < len(explanations) else ""
            self._apply(action, explanation)
            if seat not in self.bots:
                self._last_human = seat
        self._since = 10.0  # a resumed bot seat need not wait a whole pace

    # -- who is who ------------------------------------------------------------------------------------
    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    @property
    def human_seats(self) -> list[int]:
        """The seats people play."""
        return [s for s in range(self.players) if s not in self.bots]

    @property
    def bot_seats(self) -> list[int]:
        """The seats bots play."""
        return sorted(self.bots)

    @property
    def advisor(self) -> str:
        """The bot that works hints out: the conventions bot at the level of the game's conventions bots."""
        return advisor_for([spec.bot for spec in self.setup.seats])

    @property
    def current(self) -> int:
        """The seat to act now (also while it makes a bonus-tile choice)."""
        return self.game.current

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def viewer(self) -> int | None:
        """Whose eyes the table shows: the current seat if a person, else the last person who acted; None = all bots."""
        humans = self.human_seats
        if not humans:
            return None
        if self.current in humans and not self.over:
            if len(humans) >= 2 and self._shown is not None and self._shown != self.current:
                return self._shown  # the next person has not taken the screen yet (the curtain is due)
            return self.current
        return self._last_human if self._last_human is not None else humans[0]

    @property
    def hand_size(self) -> int:
        """Cards dealt to each hand."""
        return self.game.hand_size

    @property
    def pending_tile(self) -> Tile | None:
        """The bonus tile the current seat is choosing for (5 Flamboyants), if any."""
        return self.game.pending

    def hand(self, seat: int) -> tuple[int, ...]:
        """Card ids of `seat`'s hand in the game's order (slot 1 first); ids are public, identities are not."""
        return tuple(self.game.hands[seat])

    def touched_by(self, seat: int, clue: ColourClue | RankClue) -> frozenset[int]:
        """The cards of `seat`'s hand that `clue` would touch."""
        return frozenset(self.game.touched_by(seat, clue))

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know now."""
        return PlayerView.of(self.game, seat)

    def spectator_view(self) -> PlayerView:
        """Every card face up: for watching an all-bot game."""
        return PlayerView.spectator(self.game)

    # -- people act ---------------------------------------------------------------------------------------
    def refusal(self, action: Action) -> str | None:
        """Why `action` cannot be taken now, in words; None if it can."""
        if self.over:
            return _("the game is over")
        if self.is_bot(self.current):
            return _("it is {player}'s turn").format(player=self.names[self.current])
        try:
            self.game.verify(action)
        except IllegalAction as exc:
            return str(exc)
        return None

    def submit(self, action: Action) -> LogEntry:
        """The current (human) seat takes `action`; `IllegalAction` with the reason if it cannot."""
        reason = self.refusal(action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.current
        entry = self._apply(action, "")
        self._last_human = self._shown = seat
        self._save()
        return entry

    def play_card(self, order: int) -> LogEntry:
        """The current seat plays its card `order` (a deck index)."""
        return self.submit(Play(order))

    def discard_card(self, order: int) -> LogEntry:
        """The current seat discards its card `order`."""
        return self.submit(Discard(order))

    # -- taking moves back ------------------------------------------------------------------------------
    def undo_refusal(self, seat: int | None) -> str | None:
        """Why `seat` cannot take back its last move now, in words; None if it can."""
        if seat is None or self.is_bot(seat):
            return _("Only a person can take back a move.")
        mine = [e for e in self.log if e.seat == seat]
        if not mine:
            return _("You have made no move to take back yet.")
        later = {e.seat for e in self.log[mine[-1].index + 1:]} - set(self.bots)
        if later:
            return _("{player} has moved since: only your own last move can be taken back.").format(
                player=self.names[min(later)])
        return None

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move and every bot move after it (`IllegalAction` saying why it cannot).

        The game is dealt afresh and replayed to the move before, and the bots are made anew and shown every
        step again, so what they believe is what they believed then. The record is the line played from here
        on; `undos` counts the moves taken back.
        """
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        cut = [e for e in self.log if e.seat == seat][-1].index
        kept = self.log[:cut]
        autosave, self.autosave = self.autosave, None
        self._start([e.action for e in kept], [e.explanation for e in kept])
        self._last_human = self._shown = seat
        self.undos += 1
        if self.undos_by is not None:
            self.undos_by[seat] += 1
        self.autosave = autosave
        self._save()

    def seat_views(self, seat: int) -> Callable[[], list[PlayerView]]:
        """`seat`'s views since the deal, worked out when called (on a hint's thread: it replays the game)."""
        record = self.record()
        return lambda: views_of(record, seat)

    def hint_used(self) -> None:
        """A hint was shown for a new position: counted (the results say how many), and saved."""
        self.hints += 1
        if self.hints_by is not None and self.viewer is not None:  # the person at the screen asked
            self.hints_by[self.viewer] += 1
        self._save()

    def hints_reported(self, seat: int, hints: int) -> None:
        """`seat`'s person, at another computer, has been shown `hints` hints in this game (hints are worked out
        there, from the seat's own views): counted for the seat, never fewer than already counted."""
        if self.hints_by is None or hints <= self.hints_by[seat]:
            return
        self.hints += hints - self.hints_by[seat]
        self.hints_by[seat] = hints

    def preview_used(self) -> None:
        """The clue preview was shown: the results say the game was played with it (saved with the game)."""
        if not self.previewed:
            self.previewed = True
            self._save()

    def bot_beliefs(self) -> Beliefs:
        """What each bot believes about its own cards: (the number of actions it is for, seat -> card -> text).

        Threaded, this is the snapshot the bots' thread took after its latest observation or decision (it may
        lag the table by a move: the caller compares the count); unthreaded, it is taken now.
        """
        if self._worker is not None:
            return self._worker.beliefs
        if self._beliefs[0] != len(self.game.actions):
            self._beliefs = snapshot_beliefs(self.bots, self.game)
        return self._beliefs

    # -- card notes ----------------------------------------------------------------------------------------
    def notes_of(self, seat: int) -> dict[int, str]:
        """`seat`'s notes: card id -> text."""
        return dict(self.notes.get(seat, {}))

    def note(self, seat: int, order: int) -> str:
        """`seat`'s note on card `order` ("" if none)."""
        return self.notes.get(seat, {}).get(order, "")

    def set_note(self, seat: int, order: int, text: str) -> None:
        """Write (or with "" erase) `seat`'s note on card `order`; saved with the game."""
        if not 0 <= order < len(self.deck):
            raise IllegalAction(_("There is no such card."))
        text = clean_text(text, MAX_NOTE).strip()
        mine = self.notes.setdefault(seat, {})
        if text:
            mine[order] = text
        else:
            mine.pop(order, None)
        self._save()

    # -- bots act ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> list[LogEntry]:
        """Advance the clock by `dt` seconds; apply a bot's move once it is decided and its pace has passed."""
        self._since += dt
        out: list[LogEntry] = []
        while not self.over and self.is_bot(self.current):
            pending = self._ensure_pending()
            if pending.decision is None:
                if pending.future is None or not pending.future.done():
                    break
                pending.decision = self._result_of(pending)
            if self._since < PACE_SECONDS.get(self.bot_pace, 1.0):
                break
            out.append(self._apply_bot(pending))
            if PACE_SECONDS.get(self.bot_pace, 1.0) > 0 or not self.threaded:
                break
        return out

    def run_bots(self, limit: int = 10_000) -> list[LogEntry]:
        """Apply bot moves at once (no pace, no thread) until a person is to act or the game ends."""
        out: list[LogEntry] = []
        while not self.over and self.is_bot(self.current) and len(out) < limit:
            pending = self._ensure_pending(inline=True)
            if pending.decision is None:
                pending.decision = self._result_of(pending)
            out.append(self._apply_bot(pending))
        return out

    @property
    def thinking(self) -> bool:
        """Is a bot still working out its move?"""
        p = self._pending
        return p is not None and p.decision is None and p.future is not None and not p.future.done()

    def _ensure_pending(self, inline: bool = False) -> _Pending:
        seat, turn = self.current, len(self.game.actions)
        p = self._pending
        if p is not None and p.seat == seat and p.turn == turn:
            return p
        p = _Pending(seat, turn)
        if self._worker is not None:
            p.future = self._worker.decide(seat)
            if inline:  # headless: wait for it (the worker keeps the bots' order of work)
                p.decision = p.future.result()
        else:
            p.decision = decide(self.bots[seat], self.view(seat))
        self._pending = p
        return p

    def _result_of(self, pending: _Pending) -> Decision | Exception:
        assert pending.future is not None
        return pending.future.result()

    def _apply_bot(self, pending: _Pending) -> LogEntry:
        self._pending = None
        decision = pending.decision
        action = getattr(decision, "action", None)
        explanation = str(getattr(decision, "explanation", "") or "").splitlines()[0:1]
        explanation_text = explanation[0] if explanation else ""
        if action is None or not self.game.can(action):
            log.error("bot at seat %d gave an illegal move %r: %r", pending.seat, action, decision)
            action, explanation_text = self._fallback(), _("(the bot erred; a safe legal move was made instead)")
        entry = self._apply(action, explanation_text)
        self._save()
        return entry

    def _fallback(self) -> Action:
        legal = self.game.legal_actions()
        for a in legal:
            if isinstance(a, Discard):
                return a
        clues = [a for a in legal if not isinstance(a, Play)]
        return clues[0] if clues else legal[0]

    # -- applying ------------------------------------------------------------------------------------------
    def _apply(self, action: Action, explanation: str) -> LogEntry:
        seat = self.game.current
        hands = [list(h) for h in self.game.hands]  # the slots the log line names are those before the action
        events = self.game.apply(action)
        entry = LogEntry(len(self.log), seat, action, describe(self.game, seat, hands, action, events), explanation,
                         events)
        self.log.append(entry)
        self._since = 0.0
        if self._worker is not None:
            self._worker.applied(action)
        else:
            observe_all(self.bots, self.game)
        return entry

    def _save(self) -> None:
        if self.autosave is not None:
            try:
                self.autosave(self)
            except Exception:  # noqa: BLE001 - a full disk must not end the game; the log says why
                log.exception("autosave failed")

    # -- hot seat -------------------------------------------------------------------------------------------
    def needs_curtain(self) -> bool:
        """Must the screen be hidden before the current seat looks (another person sat there last)?"""
        return (len(self.human_seats) >= 2 and not self.over and not self.is_bot(self.current)
                and self._shown != self.current)

    def acknowledge_curtain(self) -> None:
        """The person at the current seat has the screen now."""
        self._shown = self.current
        self._last_human = self.current

    def since_last_turn(self, seat: int) -> list[LogEntry]:
        """The log entries after `seat`'s previous action (what they missed)."""
        for i in range(len(self.log) - 1, -1, -1):
            if self.log[i].seat == seat:
                return self.log[i + 1:]
        return list(self.log)

    # -- hands as shown --------------------------------------------------------------------------------------
    # Slot numbers are the game's: slot 1 is the newest card of a hand, as in the log, the curtain, the bots'
    # explanations and the 1-5 keys. A person may rearrange their own hand, but that is a private display
    # order: only the holder sees it (everyone else, in hot seat too, sees the game order), and the table
    # labels each card of a rearranged hand with its game slot.
    def hand_order(self, seat: int, viewer: int | None = -1) -> list[int]:
        """Card ids of `seat`'s hand in the order `viewer` sees them (default: the holder).

        The holder sees their own arrangement (new cards first, then the order they chose); anyone else,
        and a spectator (`viewer` None), sees the game order.
        """
        hand = self.game.hands[seat]
        if viewer != -1 and viewer != seat:
            return list(hand)
        kept = [o for o in self.hand_orders.get(seat, []) if o in hand]
        return [o for o in hand if o not in kept] + kept

    def slot_of(self, order: int) -> int:
        """The game slot (1 = newest) of card `order` in whichever hand holds it."""
        for hand in self.game.hands:
            if order in hand:
                return hand.index(order) + 1
        raise IllegalAction(_("that card is not in a hand"))

    def rearranged(self, seat: int) -> bool:
        """Does `seat` see its own hand in an order other than the game's?"""
        return self.hand_order(seat) != list(self.game.hands[seat])

    def reorder(self, seat: int, order: int, new_index: int) -> None:
        """Move card `order` to position `new_index` of `seat`'s hand as its holder sees it (display only)."""
        cur = self.hand_order(seat)
        if order not in cur:
            raise IllegalAction(_("that card is not in this hand"))
        cur.remove(order)
        cur.insert(max(0, min(len(cur), new_index)), order)
        self.hand_orders[seat] = cur
        self._save()

    # -- results and records ------------------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (hanab.live JSON on `to_json`), with the card notes in its `notes`, the
        bots' explanations, and who sat where with the hints and undos used (`TableFacts`: the history)."""
        record = GameRecord.of(self.game)
        record.explanations = tuple(e.explanation for e in self.log)
        hints_by, undos_by = self.hints_by, self.undos_by
        said = hints_by is not None and undos_by is not None and (sum(hints_by), sum(undos_by)) == (self.hints, self.undos)
        record.table = TableFacts(tuple(s.bot or "" for s in self.setup.seats), self.hints, self.undos, self.previewed,
                                  tuple(hints_by) if said else None, tuple(undos_by) if said else None)
        if any(self.notes.values()):
            record.notes = [[self.note(p, o) for o in range(len(self.deck))] for p in range(self.players)]
        return record

    def result(self) -> Result:
        """The outcome; meaningful once `over`."""
        g = self.game
        v = g.variant
        reason = g.end_reason
        return Result(g.score, v.max_score, g.won, reason.text if reason else _("The game is still going."),
                      v.rating(g.score), v.final_flourish, tuple(g.fireworks), g.strikes, g.clue_tokens)

    def rematch(self) -> Setup:
        """The same seats, variant and options with a fresh deal."""
        s = self.setup
        return Setup([SeatSpec(x.name, x.bot) for x in s.seats], s.variant, s.empty_clues, s.final_flourish,
                     s.flamboyants, None)

    def close(self) -> None:
        """Stop the bot thread (a pending decision is dropped)."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None
