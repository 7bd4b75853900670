"""The conventions bot's explanations: one line naming the convention, the card and who is to act."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import clue_effect, needs_save
from hanabi_desktop.bots.conventions.model import Board, Notes
from hanabi_desktop.bots.conventions.reading import five_stall, read_clue
from hanabi_desktop.engine import Action, Card, ColourClue, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.i18n import _


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


def card_of(view: PlayerView, identity: int) -> str:
    """'red 2' for an identity."""
    return view.variant.card_name(Card.from_identity(identity))


def seat_of(view: PlayerView, order: int) -> int:
    """The seat holding card `order`."""
    return next(p for p, h in enumerate(view.hands) if order in h)


def explain_clue(view: PlayerView, notes: Notes, clue: Action, b: Board) -> str:
    """Why this clue: the convention, the card it is about and who is expected to act.

    The log is public, so a card is named only as the convention names it (the card a finesse or prompt
    promises), never as we see it in its holder's hand.
    """
    assert isinstance(clue, ColourClue | RankClue)
    who = view.names[clue.target]
    text = clue_text(view, clue)
    hand = view.hands[clue.target]
    hit, knowledge, before = clue_effect(view, notes, clue)
    if not hit:
        return f"clue to {who}: {text} (touches nothing, a tempo stall)"
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    focus = reading.focus if reading.focus is not None else hit[0]
    slot = hand.index(focus) + 1
    chop = notes.chop(view, clue.target)
    if focus == chop and needs_save(view, notes, chop, b) > 0:
        card = view.visible[chop]
        return f"{save_kind(view, clue, card)} on {who}'s chop (slot {slot}): {text}"
    if focus != chop and five_stall(view, notes, clue):
        return f"5 Stall (early game, nothing to play or save): 5 to {who}, slot {slot}"
    for o, (seat, x) in reading.finesse_for.items():
        if o in reading.finessed:
            holder = seat_of(view, o)
            return (f"finesse: {view.names[holder]} should blind-play slot {view.hands[holder].index(o) + 1} "
                    f"({card_of(view, identities_in(reading.finessed[o])[0])}) so {view.names[seat]}'s "
                    f"{card_of(view, x)} plays ({text} to {who}, slot {slot})")
    for o, m in reading.prompted.items():
        if o not in hand and o in reading.prompt_for:
            holder = seat_of(view, o)
            seat, x = reading.prompt_for[o]
            return (f"prompt: {view.names[holder]} should play clued slot {view.hands[holder].index(o) + 1} "
                    f"({card_of(view, identities_in(m)[0])}) so {view.names[seat]}'s {card_of(view, x)} plays "
                    f"({text} to {who}, slot {slot})")
    if view.is_playable(view.visible[focus]):
        return f"play clue to {who}: {text}, slot {slot} is playable"  # never name their card
    if hit and all(o in before or o in notes.finessed for o in hit):
        return f"tempo clue to {who}: {text}, slot {slot} (a stall)"
    if not reading.understood:
        return f"stall clue to {who}: {text}, slot {slot} (no play or save clue to give, and I may not discard)"
    return f"delayed play clue to {who}: {text}, slot {slot} plays after cards already clued or called"


def explain_forced_clue(view: PlayerView, clue: Action) -> str:
    """A clue given only because one must be given (8 clue tokens or no card to discard), with no play or save
    meaning: say so, so that nobody takes it for a play clue."""
    assert isinstance(clue, ColourClue | RankClue)
    return _("I must give a clue and have no play or save clue: {clue} to {player}, the clue least likely to be "
             "read as a play").format(clue=clue_text(view, clue), player=view.names[clue.target])
