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
from hanabi_desktop.i18n import N_, _


class RandomBot(Bot):
    """Picks any legal action with equal chance; the same seed and seat give the same choices."""

    name = "random"
    description = N_("Picks a uniformly random legal move: a baseline, not a partner.")
    human_style = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.rng = random.Random(f"random-bot/{seed}/{seat}")

    def decide(self, view: PlayerView) -> Decision:
        """A uniformly random action from `view.legal`."""
        action = self.rng.choice(view.legal)
        return Decision(action, _("random: {move}").format(move=self.describe(view, action)))

    @staticmethod
    def describe(view: PlayerView, action: Action) -> str:
        """The action in slot terms (slot 1 is the newest card), e.g. 'playing slot 2'."""
        match action:
            case Play(card):
                return _("playing slot {slot}").format(slot=view.my_hand.index(card) + 1)
            case Discard(card):
                return _("discarding slot {slot}").format(slot=view.my_hand.index(card) + 1)
            case ColourClue(target, colour):
                return _("clue {clue} to {player}").format(clue=_(view.variant.colour_names[colour]), player=view.names[target])
            case RankClue(target, rank):
                return _("clue {clue} to {player}").format(clue=rank, player=view.names[target])
            case Recover(card):
                return _("shuffling the discarded {card} back into the deck").format(card=view.variant.card_name(view.visible[card]))
            case Replay(card):
                return _("putting the discarded {card} into play").format(card=view.variant.card_name(view.visible[card]))
        raise TypeError(f"not an action: {action!r}")
