"""How a game ended, in the results screen's words: the card and the seat of the third error, and every last copy
of a card the display still needed that was lost (who lost it, how, on which turn). No pygame.

>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> g = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
>>> while not g.over:
...     _ = g.apply(g.legal_actions()[0])  # the first card of each hand played blind: the storm comes
>>> losses(GameRecord.of(g))[-1].third
True
>>> ending_lines(GameRecord.of(g))[0]
'Bob misplayed red 3 on turn 4: the third error.'
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.engine import Discard, GameRecord, Play
from hanabi_desktop.engine.events import CardMisplayed
from hanabi_desktop.i18n import _, ngettext

SAID = 3  # lost cards named one by one; more are counted


@dataclass(frozen=True)
class Loss:
    """A card lost to the display: `seat` (`player`) discarded or misplayed `card` (its name; `article_name`: as it
    follows a definite article) on `turn`; `last`: it was the last copy of a card the display still needed; `third`: the
    misplay was the third error."""

    seat: int
    player: str
    card: str
    article_name: str
    turn: int
    misplayed: bool
    last: bool
    third: bool

    def __str__(self) -> str:
        how = "misplayed" if self.misplayed else "discarded"
        what = ", the last copy" if self.last else ""
        return f"turn {self.turn}: {self.player} {how} {self.card}{what}" + (" (third error)" if self.third else "")


def losses(record: GameRecord) -> list[Loss]:
    """The third error and every last copy of a needed card lost in `record`, in the order they happened."""
    game = record.new_game()
    found = []
    for turn, action in enumerate(record.actions, start=1):
        if game.over:
            break
        seat = game.current
        card = game.deck[action.card] if isinstance(action, (Play, Discard)) else None
        last = card is not None and game.is_critical(card)
        events = game.apply(action)
        missed = [e for e in events if isinstance(e, CardMisplayed)]
        third = bool(missed) and game.strikes >= 3 and game.end_reason is not None
        if card is not None and (isinstance(action, Discard) and last or missed and (last or third)):
            v = game.variant
            found.append(Loss(seat, game.names[seat], v.card_name(card), v.article_card_name(card), turn, bool(missed),
                              last, third))
    return found


def ending_lines(record: GameRecord) -> tuple[str, ...]:
    """What the results say beyond how the game ended: the third error, then the last copies lost."""
    found = losses(record)
    lines = []
    third = next((x for x in found if x.third), None)
    if third is not None:
        # Translators: {card} is the card's name as it follows a definite article: write it as "die {card}" in
        # German, "le {card}" in French, "el {card}" in Spanish (it reads "die grüne 4", "le 4 vert", "el 4 verde").
        lines.append(_("{player} misplayed {card} on turn {turn}: the third error.").format(
            player=third.player, card=third.article_name, turn=third.turn))
    lost = [x for x in found if x.last]
    if lost:
        said = [(_("{player} misplayed the last {card} (turn {turn})") if x.misplayed else
                 _("{player} discarded the last {card} (turn {turn})")).format(
                     player=x.player, card=x.article_name, turn=x.turn)
                for x in lost[:SAID]]
        more = len(lost) - SAID
        tail = ngettext(" and {n} more", " and {n} more", more).format(n=more) if more > 0 else ""
        lines.append(_("Lost for good: {cards}{more}.").format(cards="; ".join(said), more=tail))
    return tuple(lines)
