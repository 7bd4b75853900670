"""Log lines for actions, in a player's words ("Ann plays red 3 from slot 2"). No pygame.

Slot numbers are the game's (slot 1 = the newest card), taken from the hands as they were before the action,
so narrating needs no copy of the game: the acting seat, its hands before, the action and its events.

>>> from hanabi_desktop.engine import Game, Play, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> hands = [list(h) for h in game.hands]
>>> describe(game, 0, hands, Play(game.hands[0][1]), game.apply(Play(game.hands[0][1])))
'Ann plays green 1 from slot 2'
"""

from __future__ import annotations

from collections.abc import Sequence

from hanabi_desktop.engine import Action, ColourClue, Discard, Game, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.events import CardMisplayed, CardReplayed, ClueGiven
from hanabi_desktop.i18n import _, ngettext


def describe(game: Game, seat: int, hands: Sequence[Sequence[int]], action: Action, events: Sequence) -> str:
    """A log line for `action`, taken by `seat` when the hands were `hands`, which produced `events`.

    `game` is the game (before or after the action: only its variant, names and deck are read).
    """
    v = game.variant
    who = game.names[seat]
    match action:
        case Play(card) | Discard(card):
            name = v.card_name(game.deck[card])
            slot = list(hands[seat]).index(card) + 1
            if isinstance(action, Discard):
                return _("{player} discards {card} from slot {slot}").format(player=who, card=name, slot=slot)
            if any(isinstance(e, CardMisplayed) for e in events):
                return _("{player} misplays {card} from slot {slot}").format(player=who, card=name, slot=slot)
            return _("{player} plays {card} from slot {slot}").format(player=who, card=name, slot=slot)
        case ColourClue(target, value) | RankClue(target, value):
            what = _(v.colour_names[value]) if isinstance(action, ColourClue) else str(value)
            given = next((e for e in events if isinstance(e, ClueGiven)), None)
            touched = set(given.touched) if given is not None else set()
            slots = [i + 1 for i, o in enumerate(hands[target]) if o in touched]
            free = _(" (bonus tile)") if given is not None and given.free else ""
            if not slots:
                return _("{player} clues {target} {clue}{free}: no cards").format(player=who, target=game.names[target], clue=what, free=free)
            return ngettext("{player} clues {target} {clue}{free}: slot {slots}", "{player} clues {target} {clue}{free}: slots {slots}", len(slots)).format(
                player=who, target=game.names[target], clue=what, free=free, slots=", ".join(map(str, slots)))
        case Recover(card):
            return _("{player} shuffles {card} back into the deck").format(player=who, card=v.card_name(game.deck[card]))
        case Replay(card):
            ok = any(isinstance(e, CardReplayed) and e.success for e in events)
            return (_("{player} puts {card} into play") if ok else _("{player} puts {card} into play: it did not fit")).format(player=who, card=v.card_name(game.deck[card]))
    return f"{who}: {action}"
