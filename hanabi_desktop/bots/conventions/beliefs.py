"""What the conventions bot believes about its own cards, read from its card notes: a few words per card.

A learner sees how the bot understood the clues: 'play r1', 'r2 r3 r4', 'finessed: b3', 'save', 'trash',
'chop'. Read only: nothing here changes the bot's model.
"""

from __future__ import annotations

from hanabi_desktop.bots.conventions.model import Notes, touched
from hanabi_desktop.engine import Card, PlayerView
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.i18n import _

MAX_NAMED = 3  # more identities than this are not listed on a card


def names(view: PlayerView, mask: int) -> str:
    """'r2 r3' for a mask of a few identities."""
    return " ".join(view.variant.card_text(Card.from_identity(i)) for i in identities_in(mask))


def card_belief(view: PlayerView, notes: Notes, order: int) -> str:
    """The bot's reading of its own card `order` in a few words ("" if it reads nothing into it)."""
    trash = view.trash_mask()
    mask = notes.my_mask(view, order, trash)
    called = order in notes.finessed
    if not mask:
        return ""
    if not mask & ~trash:
        return _("trash")
    few = len(identities_in(mask)) <= MAX_NAMED
    if called:
        return _("finessed: {cards}").format(cards=names(view, mask)) if few else _("finessed: play")
    if not touched(view, order):
        return _("chop") if notes.chop(view, view.seat) == order else ""
    if not mask & ~view.playable_mask():
        return _("play {cards}").format(cards=names(view, mask)) if few else _("play")
    if few:
        return names(view, mask)
    if not mask & ~(view.critical_mask() | view.variant.rank_masks[2]):
        return _("save")
    ids = identities_in(mask)
    ranks = {i % 5 + 1 for i in ids}
    if len(ranks) == 1:
        return _("a {rank}").format(rank=ranks.pop())
    suits = {i // 5 for i in ids}
    if len(suits) == 1:
        return view.variant.suits[suits.pop()].name
    return _("{n} options").format(n=len(ids))


def beliefs(view: PlayerView, notes: Notes) -> dict[int, str]:
    """The bot's reading of each of its own cards (the seat of `view`), those it reads nothing into left out."""
    out = {}
    for order in view.my_hand:
        text = card_belief(view, notes, order)
        if text:
            out[order] = text
    return out
