"""The bots' seats: the worker thread that keeps the bots' own copy of the game, lets each bot observe its
view and decide there, and the snapshot of what each bot believes about its own cards. No pygame."""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Protocol

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import Action, Game, PlayerView

log = logging.getLogger(__name__)


class SeatBot(Protocol):
    """A bot in a seat, as the table uses it (every `Bot` is one; `seat_bot` makes a plugin class one)."""

    def decide(self, view: PlayerView) -> Decision:
        """The move for `view.seat` (its turn) and why; the table checks what comes back before using it."""
        ...

    def observe(self, view: PlayerView) -> None:
        """Called after every action with this seat's view of the new state."""
        ...

    def beliefs(self, view: PlayerView) -> dict[int, str]:
        """What the bot believes about each of its own cards (card order -> a few words)."""
        ...


class _Plugin:
    """A plugin bot that follows the Bot protocol without subclassing `Bot` (`observe` and `beliefs` are
    optional there): the methods it lacks do nothing."""

    def __init__(self, bot: object) -> None:
        self.bot = bot

    def decide(self, view: PlayerView) -> Decision:
        return self.bot.decide(view)  # type: ignore[attr-defined]  # the registry checked it has decide

    def observe(self, view: PlayerView) -> None:
        if callable(observe := getattr(self.bot, "observe", None)):
            observe(view)

    def beliefs(self, view: PlayerView) -> dict[int, str]:
        return beliefs(view) if callable(beliefs := getattr(self.bot, "beliefs", None)) else {}


def seat_bot(bot: object) -> SeatBot:
    """`bot` as a `SeatBot`: itself if it is a `Bot`, else wrapped (a plugin class need not subclass `Bot`)."""
    return bot if isinstance(bot, Bot) else _Plugin(bot)


class BotWorker:
    """The bots' thread: a copy of the game kept in step action by action, each bot observing it, decisions.

    One worker thread runs the jobs in the order they are handed in, so a decision always sees every action
    before it, and no bot is ever used by two threads at once.
    """

    def __init__(self, game: Game, bots: dict[int, SeatBot]) -> None:
        self.game = game  # the worker's own copy; only the worker thread touches it from now on
        self.bots = bots
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        # what each bot believes about its own cards, taken here after each observation and decision and
        # handed over whole (one assignment: the frame thread reads a finished snapshot or the one before)
        self.beliefs: Beliefs = snapshot_beliefs(bots, game)

    def applied(self, action: Action) -> None:
        """Bring the worker's game up to date with `action` and let every bot observe the result."""
        self.executor.submit(self._apply, action)

    def _apply(self, action: Action) -> None:
        self.game.apply(action)
        observe_all(self.bots, self.game)
        self.beliefs = snapshot_beliefs(self.bots, self.game)

    def decide(self, seat: int) -> Future:
        """The decision of the bot at `seat` on the game as it stands after every action handed in so far."""
        return self.executor.submit(self._decide, seat)

    def _decide(self, seat: int) -> Decision | Exception:
        decision = decide(self.bots[seat], PlayerView.of(self.game, seat))
        self.beliefs = snapshot_beliefs(self.bots, self.game)
        return decision

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


def observe_all(bots: dict[int, SeatBot], game: Game) -> None:
    """Let each bot observe its own view of `game` (a bot that fails is logged and left out of this turn)."""
    for s, bot in bots.items():
        try:
            bot.observe(PlayerView.of(game, s))
        except Exception:  # noqa: BLE001 - a bot bug must not end the player's game
            log.exception("bot at seat %d failed to observe", s)


Beliefs = tuple[int, dict[int, dict[int, str]]]  # (actions seen, bot seat -> own card -> its reading in words)


def snapshot_beliefs(bots: dict[int, SeatBot], game: Game) -> Beliefs:
    """What each bot believes about its own cards now (`SeatBot.beliefs`); a bot whose method fails shows
    nothing rather than end the game."""
    out: dict[int, dict[int, str]] = {}
    for s, bot in bots.items():
        try:
            out[s] = {o: str(t) for o, t in bot.beliefs(PlayerView.of(game, s)).items() if t}
        except Exception:  # noqa: BLE001 - a bot bug must not end the player's game
            log.exception("bot at seat %d failed to tell its beliefs", s)
    return len(game.actions), out


def decide(bot: SeatBot, view: PlayerView) -> Decision | Exception:
    """`bot.decide(view)`, or the exception it raised (the session then makes a safe move instead)."""
    try:
        return bot.decide(view)
    except Exception as exc:  # noqa: BLE001 - a bot bug must not end the player's game
        log.exception("bot %s failed to decide", getattr(bot, "name", bot))
        return exc
