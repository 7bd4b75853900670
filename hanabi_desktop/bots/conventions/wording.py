"""The conventions bot's explanations: one line naming the convention, the card and who is to act."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import clue_mask, needs_save
from hanabi_desktop.bots.conventions.model import Board, Notes
from hanabi_desktop.engine import Action, Card, ColourClue, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import identities_in


def name_of(view: PlayerView, order: int) -> str:
    """'red 3' for a visible card."""
    return view.variant.card_name(view.visible[order])


def describe(variant: Variant, mask: int) -> str:
    """'known red 3', or 'a card that must be playable' for a mask of several playable identities."""
    ids = identities_in(mask)
    if len(ids) == 1:
        return f"known {variant.card_name(Card.from_identity(ids[0]))}"
    ranks = {i % 5 + 1 for i in ids}
    suits = {i // 5 for i in ids}
    if len(ranks) == 1:
        return f"a playable {ranks.pop()} (every {ids[0] % 5 + 1} it can be is playable)"
    if len(suits) == 1:
        return f"the playable {variant.suits[suits.pop()].name} card"
    return "every card it can be is playable"


def clue_text(view: PlayerView, clue: Action) -> str:
    """'red', '5'."""
    if isinstance(clue, ColourClue):
        return view.variant.colour_names[clue.colour]
    assert isinstance(clue, RankClue)
    return str(clue.rank)


def save_kind(view: PlayerView, clue: Action, card: Card) -> str:
    """The convention a clue on a chop card follows: '5 Save', '2 Save', 'critical save' or 'play clue'."""
    if isinstance(clue, RankClue) and clue.rank == card.rank and card.rank in (2, 5):
        return f"{card.rank} Save"
    if view.is_playable(card):
        return "play clue"
    return "critical save"


def explain_clue(view: PlayerView, notes: Notes, clue: Action, b: Board) -> str:
    """Why this clue: what it tells its receiver."""
    assert isinstance(clue, ColourClue | RankClue)
    who = view.names[clue.target]
    text = clue_text(view, clue)
    hand = view.hands[clue.target]
    cm = clue_mask(view, clue)
    hit = [o for o in hand if (1 << view.visible[o].identity) & cm]
    chop = notes.chop(view, clue.target)
    if chop in hit and needs_save(view, notes, chop, b) > 0:
        card = view.visible[chop]
        return f"{save_kind(view, clue, card)} on {who}'s chop (slot {hand.index(chop) + 1}): {text}"
    plays = [o for o in hit if view.is_playable(view.visible[o])]
    if plays:
        return f"play clue to {who}: {text}, slot {hand.index(plays[0]) + 1} is playable"  # never name their card
    if hit:
        return f"clue to {who}: {text}, slot {hand.index(hit[0]) + 1} to play later"
    return f"clue to {who}: {text} (touches nothing, a tempo stall)"
