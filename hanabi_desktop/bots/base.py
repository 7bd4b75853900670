"""The bot interface: a bot sees only its own seat's `PlayerView` and answers with an action and a reason."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

from hanabi_desktop.engine import Action, PlayerView, Variant


@dataclass(frozen=True)
class Decision:
    """A bot's move and its one-line explanation in convention terms ('2 Save on Bob's chop')."""

    action: Action
    explanation: str
    # a play made knowing it may miss, e.g. a last-turn guess with an error token to spare: its misplay is a risk
    # taken on purpose, not a misread clue (the simulator counts the two apart)
    guess: bool = False


class Bot(ABC):
    """A player. Subclasses set `name` and `description` and implement `decide`.

    The bot is created once per game for one seat. It is shown nothing but `PlayerView`s of that seat:
    `decide` on its own turns, and `observe` after every action (anyone's), so that bots that keep their own
    model of the game (conventions, hat guessing) can update it.
    """

    name: ClassVar[str]
    description: ClassVar[str]
    human_style: ClassVar[bool] = True  # False for bots using conventions no person follows
    offered: ClassVar[bool] = True  # False for bots kept for measurement only (not offered as a seat in the game)

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        self.seat = seat
        self.players = players
        self.variant = variant
        self.seed = seed

    @abstractmethod
    def decide(self, view: PlayerView) -> Decision:
        """Choose a legal action for `view.seat` (it is this bot's turn) and say why."""

    def observe(self, view: PlayerView) -> None:  # noqa: B027 - optional hook, empty by default
        """Called after every action with this seat's view of the new state. Default: nothing."""

    def beliefs(self, view: PlayerView) -> dict[int, str]:
        """What this bot believes about each of its own cards (card order -> a few words, as a note on the card),
        for a learner to see how it read the clues; `view` is its seat's view now. Default: nothing."""
        return {}
