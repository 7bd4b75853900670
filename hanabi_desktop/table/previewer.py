"""The clue preview at the table, worked out off the frame thread. No pygame.

`Previewer` keeps, on a thread of its own, a conventions bot at the person's seat that reads the game from that
seat's views only (the table's `seat_views`, as hints get them; `clue_preview.reader_for`'s way, kept up to date
view by view rather than read again from the deal), and
for each position works out how the partner will read every clue to every teammate (on the seat's own turn)
and what the team reads the person's own cards as (`conventions.beliefs`). The frame thread asks, then looks each frame whether the
answer is ready, as it does for hints (`table.hint.Hinter`).

>>> from hanabi_desktop.bots.advice import views_of
>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
>>> shown = work_out(Reader(), views_of(GameRecord.of(game), 0), "conventions")
>>> shown.seat, len(shown.clues[1]) > 0, shown.own
(0, True, {0: 'chop'})
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from hanabi_desktop.bots.clue_preview import Clue, Preview, preview_clues
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.conventions.beliefs import beliefs
from hanabi_desktop.bots.registry import create, split_level
from hanabi_desktop.engine import Action, PlayerView

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TablePreview:
    """One position's preview for `seat`: every clue's reading by teammate, and the team's reading of the seat's
    own cards (card -> a few words), all from that seat's view."""

    turn: int
    seat: int
    clues: dict[int, tuple[Preview, ...]]
    own: dict[int, str]

    def of(self, clue: Clue) -> Preview | None:
        """The preview of `clue`, if it is one of the legal clues worked out."""
        return next((p for p in self.clues.get(clue.target, ()) if p.clue == clue), None)


class Reader:
    """A conventions bot at one seat and the views it has read, kept in step view by view (thread-confined: only
    the previewer's thread touches it)."""

    def __init__(self) -> None:
        self.key: tuple[int, str] | None = None  # (seat, bot) it reads for
        self.seen = 0  # views read (the deal's included)
        self.history: tuple[Action, ...] = ()  # the actions of the last view read
        self.bot: ConventionsBot | None = None

    def follow(self, views: Sequence[PlayerView], bot: str) -> ConventionsBot:
        """The reader of the seat of `views` (its views at the deal and after each action), having read every
        one: only the new ones if they continue what was read; from the deal after an undo, for another seat or
        at another level."""
        now = views[-1]
        assert now.seat is not None
        key = (now.seat, bot)
        if (self.key != key or self.bot is None or not 0 < self.seen <= len(views)
                or tuple(views[self.seen - 1].history) != self.history):
            made = create(bot, now.seat, now.players, now.variant, f"preview/{now.seat}")
            assert isinstance(made, ConventionsBot), "the clue preview reads with the conventions bot"
            self.bot, self.key, self.seen = made, key, 1
        for view in views[self.seen:]:
            self.bot.observe(view)
        self.seen, self.history = len(views), tuple(now.history)
        return self.bot


def work_out(reader: Reader, views: Sequence[PlayerView], bot: str) -> TablePreview:
    """The preview of the position of `views[-1]` (one seat's views since the deal), by `reader` (bot `bot`)."""
    reader_bot = reader.follow(views, bot)
    view = views[-1]
    seat = view.seat
    assert seat is not None
    mine = view.current == seat and not view.over  # the clues this seat may give: on its own turn only
    clues = {p: preview_clues(view, reader_bot.notes, p) for p in range(view.players) if p != seat and mine}
    return TablePreview(len(views) - 1, seat, clues, beliefs(view, reader_bot.notes))


def preview_bot(advisor: str) -> str:
    """The bot the preview reads with: the conventions bot at the table's level (`advisor`'s)."""
    _base, level = split_level(advisor)
    return "conventions" if level is None else f"conventions@{level}"


class Previewer:
    """Works previews out off the frame thread, one position at a time (the newest asked for)."""

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._reader = Reader()
        self.future: Future | None = None
        self.key: tuple | None = None

    def ask(self, views: Callable[[], Sequence[PlayerView]], bot: str, key: tuple) -> None:
        """Start working out the preview of the seat whose views `views()` gives (called on this thread: the
        table's `seat_views`, which replays the game there)."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="preview")
        if self.future is not None and self.key != key:
            self.future.cancel()  # a position already left: not worth working out
        self.key = key
        self.future = self._executor.submit(self._safely, views, bot)

    def _safely(self, views: Callable[[], Sequence[PlayerView]], bot: str) -> TablePreview | None:
        try:
            return work_out(self._reader, views(), bot)
        except Exception:  # noqa: BLE001 - a bot bug must not end the game: no preview this time, the log says why
            log.exception("the clue preview failed")
            self._reader = Reader()
            return None

    def ready(self, key: tuple) -> TablePreview | None:
        """The preview asked for `key` once worked out; None while working, if it failed, or for another key."""
        f = self.future
        if f is None or self.key != key or not f.done() or f.cancelled():
            return None
        return f.result()

    def working(self, key: tuple) -> bool:
        """Is the preview for `key` still being worked out?"""
        return self.future is not None and self.key == key and not self.future.done()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
