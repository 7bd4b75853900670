"""A recorded game stepped through: every state from the deal to the last action, the log line and bot
explanation of each action, and what any seat (or a spectator) saw at each step. No pygame.

>>> from hanabi_desktop.engine import Game, GameRecord, Play, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> _ = game.apply(Play(game.hands[0][1]))
>>> r = Replay(GameRecord.of(game))
>>> r.last, r.lines[0][0], r.view(1, None).turn
(1, 'Ann plays green 1 from slot 2', 1)
"""

from __future__ import annotations

from hanabi_desktop.engine import Game, GameRecord, PlayerView
from hanabi_desktop.engine.events import EndReason, Event
from hanabi_desktop.table.narrate import describe


class Replay:
    """`record` replayed once, its states kept (measured: 9 ms for the 53 actions of a 5-player hanab.live game,
    building and narrating every state)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        game = record.new_game()
        self.states: list[Game] = [game.clone()]
        self.lines: list[tuple[str, str]] = []  # (what happened, the bot's explanation) for each action
        self.events: list[tuple[Event, ...]] = []  # what each action produced
        why = record.explanations
        for i, action in enumerate(record.actions):
            if game.over:
                break
            seat, hands = game.current, [list(h) for h in game.hands]
            events = game.apply(action)
            self.lines.append((describe(game, seat, hands, action, events), why[i] if i < len(why) else ""))
            self.events.append(tuple(events))
            self.states.append(game.clone())

    @property
    def last(self) -> int:
        """The index of the final state (number of actions replayed)."""
        return len(self.states) - 1

    def view(self, index: int, pov: int | None) -> PlayerView:
        """The table after `index` actions as seat `pov` saw it (None: every card face up)."""
        game = self.states[index]
        return PlayerView.spectator(game) if pov is None else PlayerView.of(game, pov)

    def over(self, index: int) -> bool:
        """Is the game over after `index` actions?"""
        return self.states[index].over

    def end_reason(self, index: int) -> EndReason | None:
        """How the game had ended after `index` actions (None while it went on)."""
        return self.states[index].end_reason
