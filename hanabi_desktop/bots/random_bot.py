"""The `random` bot: a uniformly random legal action. A baseline for the simulator and a fuzzer for the engine."""

from __future__ import annotations

import random

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import (
    Action,
    ColourClue,
    Discard,
    Play,
    PlayerView,
    RankClue,
    Recover,
    Replay,
    Variant,
)


class RandomBot(Bot):
    """Picks any legal action with equal chance; the same seed and seat give the same choices."""

    name = "random"
    description = "Picks a uniformly random legal move: a baseline, not a partner."
    human_style = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.rng = random.Random(f"random-bot/{seed}/{seat}")

    def decide(self, view: PlayerView) -> Decision:
        """A uniformly random action from `view.legal`."""
        action = self.rng.choice(view.legal)
        return Decision(action, "random: " + self.describe(view, action))

    @staticmethod
    def describe(view: PlayerView, action: Action) -> str:
        """The action in slot terms (slot 1 is the newest card), e.g. 'playing slot 2'."""
        match action:
            case Play(card):
                return f"playing slot {view.my_hand.index(card) + 1}"
            case Discard(card):
                return f"discarding slot {view.my_hand.index(card) + 1}"
            case ColourClue(target, colour):
                return f"clue {view.variant.colour_names[colour]} to {view.names[target]}"
            case RankClue(target, rank):
                return f"clue {rank} to {view.names[target]}"
            case Recover(card):
                return f"shuffling the discarded {view.variant.card_name(view.visible[card])} back into the deck"
            case Replay(card):
                return f"putting the discarded {view.variant.card_name(view.visible[card])} into play"
        raise TypeError(f"not an action: {action!r}")
