"""On-table tips: which parts of the table a player may not know yet, and what to say about each. No pygame.

`tips_for(model, final_flourish)` lists the tips the table shows now, each with what it points at (an anchor
the view turns into a rectangle). The table shows the first one the player has not dismissed yet; F1 goes
through every tip that applies again.
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.i18n import N_
from hanabi_desktop.ui.tableview.model import TableModel

TIPS: dict[str, tuple[str, str]] = {  # key -> (title, text), translated where shown
    "pips": (N_("Your hidden cards"),
             N_("You never see your own cards. The small marks on each one (pips) show what it can still be: "
                "clues and the cards you can see rule the others out. Point at a card for its clues.")),
    "pace": (N_("Pace"),
             N_("Pace is how many more cards the team can discard before a perfect score is out of reach. "
                "At 0, every discard costs a point.")),
    "critical": (N_("Last copy"),
                 N_("This mark means a last copy: the only card of its kind left that the fireworks still "
                    "need. If it is discarded or misplayed, that firework can never be finished.")),
    "max": (N_("Best score possible"),
            N_("A card the fireworks needed is gone, so the best score still possible is lower: the red number "
               "beside the score shows it.")),
    "bonus": (N_("Bonus tiles"),
              N_("5 Flamboyants: completing a firework reveals the top bonus tile instead of a clue token. "
                 "Point at a revealed tile to read what it did.")),
    "black": (N_("The black firework"),
              N_("Black Powder: the black firework is built downwards, 5 first, then 4, 3, 2 and 1. No colour "
                 "clue touches a black card; each black card missing at the end costs a point.")),
    "flourish": (N_("Final flourish"),
                 N_("The deck is empty, but in Final flourish the game goes on with the cards in your hands. "
                    "Only a perfect display wins; losing a needed card loses.")),
}


@dataclass(frozen=True)
class Anchor:
    """What a tip points at: 'card' (an order), 'hand' (a seat), 'firework' (a suit), or 'status', 'bonus',
    'deck'."""

    what: str
    index: int = -1


@dataclass(frozen=True)
class TipShown:
    """A tip that applies to the table now, and where it points."""

    key: str
    anchor: Anchor

    @property
    def title(self) -> str:
        return TIPS[self.key][0]

    @property
    def text(self) -> str:
        return TIPS[self.key][1]


def tips_for(model: TableModel, final_flourish: bool) -> list[TipShown]:
    """Every tip that applies to `model` now, in the order they are best read."""
    out: list[TipShown] = []
    if model.viewer is not None and not model.over and model.hands[model.viewer].cards:
        out.append(TipShown("pips", Anchor("hand", model.viewer)))
    out.append(TipShown("pace", Anchor("status")))
    critical = [o for h in model.hands if h.seat != model.viewer for o in h.cards if model.cards[o].critical]
    if critical:
        out.append(TipShown("critical", Anchor("card", critical[0])))
    if model.max_possible < model.max_score and not model.over:
        out.append(TipShown("max", Anchor("status")))
    if model.flamboyants:
        out.append(TipShown("bonus", Anchor("bonus")))
    for s, suit in enumerate(model.suits):
        if suit.descending:
            out.append(TipShown("black", Anchor("firework", s)))
            break
    if final_flourish and model.deck_count == 0 and not model.over:
        out.append(TipShown("flourish", Anchor("deck")))
    return out


def next_tip(applying: list[TipShown], seen: set[str]) -> TipShown | None:
    """The first tip in `applying` not in `seen`."""
    return next((t for t in applying if t.key not in seen), None)
