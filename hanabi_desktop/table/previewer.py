"""The clue preview at the table, worked out off the frame thread. No pygame.

`Previewer` keeps, on a thread of its own, a conventions bot at the person's seat that reads the game from that
seat's views only (`clue_preview.reader_for`'s way, kept up to date action by action rather than replayed), and
for each position works out how the partner will read every clue to every teammate (on the seat's own turn)
and what the team reads the person's own cards as (`conventions.beliefs`). The frame thread asks, then looks each frame whether the
answer is ready, as it does for hints (`table.hint.Hinter`).

>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
>>> shown = work_out(Reader(), GameRecord.of(game), 0, "conventions")
>>> shown.seat, len(shown.clues[1]) > 0, shown.own
(0, True, {0: 'chop'})
"""

from __future__ import annotations

import logging
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from hanabi_desktop.bots.clue_preview import Clue, Preview, preview_clues
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.conventions.beliefs import beliefs
from hanabi_desktop.bots.registry import create, split_level
from hanabi_desktop.engine import Action, Game, GameRecord, PlayerView

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
    """A conventions bot at one seat and the game it has read, kept in step action by action (thread-confined:
    only the previewer's thread touches it)."""

    def __init__(self) -> None:
        self.key: tuple[int, str] | None = None  # (seat, bot) it reads for
        self.game: Game | None = None
        self.actions: list[Action] = []
        self.bot: ConventionsBot | None = None

    def follow(self, record: GameRecord, seat: int, bot: str) -> tuple[PlayerView, ConventionsBot]:
        """The seat's view now and its reader, having read every action of `record` (only the new ones if
        `record` continues what was read; from the deal after an undo, another seat or another level)."""
        actions = list(record.actions)
        if (self.key != (seat, bot) or self.game is None or self.bot is None
                or actions[:len(self.actions)] != self.actions):
            self.game = record.new_game()
            made = create(bot, seat, len(record.players), record.variant, f"preview/{seat}")
            assert isinstance(made, ConventionsBot), "the clue preview reads with the conventions bot"
            self.bot, self.key, self.actions = made, (seat, bot), []
        for action in actions[len(self.actions):]:
            self.game.apply(action)
            self.actions.append(action)
            self.bot.observe(PlayerView.of(self.game, seat))
        return PlayerView.of(self.game, seat), self.bot


def work_out(reader: Reader, record: GameRecord, seat: int, bot: str) -> TablePreview:
    """The preview of the position after `record`'s actions for `seat`, by `reader` (the conventions bot `bot`)."""
    view, reader_bot = reader.follow(record, seat, bot)
    mine = view.current == seat and not view.over  # the clues this seat may give: on its own turn only
    clues = {p: preview_clues(view, reader_bot.notes, p) for p in range(view.players) if p != seat and mine}
    return TablePreview(len(record.actions), seat, clues, beliefs(view, reader_bot.notes))


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

    def ask(self, record: GameRecord, seat: int, bot: str, key: tuple) -> None:
        """Start working out the preview for `seat` after `record` (a copy the table made: this thread owns it)."""
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="preview")
        if self.future is not None and self.key != key:
            self.future.cancel()  # a position already left: not worth working out
        self.key = key
        self.future = self._executor.submit(self._safely, record, seat, bot)

    def _safely(self, record: GameRecord, seat: int, bot: str) -> TablePreview | None:
        try:
            return work_out(self._reader, record, seat, bot)
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
