"""Optional warnings before a risky move, as hanab.live's H-group mode gives them. No pygame.

Each is switched on in Settings (all off by default) and judged from the acting seat's own view only:

- a play that would be the third error (the game would be lost) when the card is not known to be playable;
- a discard while a teammate's chop holds a critical card a clue could still save;
- a double discard: the previous player just discarded a card whose other copy is now the last one, and the
  card being discarded could be that copy.

The chop is the H-group chop as the table knows it: the oldest card no clue has touched.

>>> from hanabi_desktop.engine import Game, get_variant
>>> from hanabi_desktop.storage import Settings
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> warning(PlayerView.of(game, 0), Play(game.hands[0][0]), Settings()) is None  # all off by default
True
"""

from __future__ import annotations

from hanabi_desktop.engine import Action, Discard, Play, PlayerView
from hanabi_desktop.engine.cards import bit
from hanabi_desktop.engine.game import MAX_STRIKES
from hanabi_desktop.i18n import _


def chop(view: PlayerView, seat: int) -> int | None:
    """`seat`'s chop as the table knows it: its oldest card no clue has touched (None if every card is)."""
    for order in reversed(view.hands[seat]):
        if not any(touched for _turn, _clue, touched in view.clue_history.get(order, ())):
            return order
    return None


def third_error(view: PlayerView, action: Action) -> str | None:
    """The warning for a play that would lose the game if it misplays (None if the card is known playable)."""
    if not isinstance(action, Play) or view.strikes < MAX_STRIKES - 1:
        return None
    possible = view.empathy(action.card)
    if possible and not possible & ~view.playable_mask():
        return None
    return _("Two errors are used: if this card does not play, the game is lost. Play it again to confirm.")


def critical_on_chop(view: PlayerView, action: Action) -> str | None:
    """The warning for a discard while a teammate's chop holds a critical card and a clue could save it."""
    if not isinstance(action, Discard) or view.clue_tokens == 0 or view.seat is None:
        return None
    for k in range(1, view.players):
        mate = (view.seat + k) % view.players
        order = chop(view, mate)
        card = view.card(order) if order is not None else None
        if card is not None and view.is_critical(card):
            return _("{player}'s chop is {card}, the last copy: you could save it with a clue. "
                     "Discard again to confirm.").format(player=view.names[mate], card=view.variant.card_name(card))
    return None


def double_discard(view: PlayerView, action: Action) -> str | None:
    """The warning for discarding right after the previous player discarded a card whose twin may be ours."""
    if not isinstance(action, Discard) or not view.history or not isinstance(view.history[-1], Discard):
        return None
    card = view.card(view.history[-1].card)
    if card is None or not view.is_critical(card):
        return None
    if not view.empathy(action.card) & bit(card.identity):
        return None
    return _("Double discard: {card} was just discarded and the card you discard could be the last one. "
             "Discard again to confirm.").format(card=view.variant.card_name(card))


def warning(view: PlayerView, action: Action, settings) -> str | None:  # noqa: ANN001 - storage.Settings
    """The first warning turned on in `settings` that `action` (by `view.seat`) deserves, or None."""
    checks = ((settings.warn_third_error, third_error), (settings.warn_critical_chop, critical_on_chop),
              (settings.warn_double_discard, double_discard))
    for on, check in checks:
        if on:
            said = check(view, action)
            if said is not None:
                return said
    return None
