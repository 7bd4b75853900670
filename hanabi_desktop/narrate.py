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
                return f"{who} discards {name} from slot {slot}"
            if any(isinstance(e, CardMisplayed) for e in events):
                return f"{who} misplays {name} from slot {slot}"
            return f"{who} plays {name} from slot {slot}"
        case ColourClue(target, value) | RankClue(target, value):
            what = v.colour_names[value] if isinstance(action, ColourClue) else str(value)
            given = next((e for e in events if isinstance(e, ClueGiven)), None)
            touched = set(given.touched) if given is not None else set()
            slots = [i + 1 for i, o in enumerate(hands[target]) if o in touched]
            free = " (bonus tile)" if given is not None and given.free else ""
            if not slots:
                return f"{who} clues {game.names[target]} {what}{free}: no cards"
            return f"{who} clues {game.names[target]} {what}{free}: slot{'s' if len(slots) != 1 else ''} " + \
                ", ".join(map(str, slots))
        case Recover(card):
            return f"{who} shuffles {v.card_name(game.deck[card])} back into the deck"
        case Replay(card):
            ok = any(isinstance(e, CardReplayed) and e.success for e in events)
            return f"{who} puts {v.card_name(game.deck[card])} into play" + ("" if ok else ": it did not fit")
    return f"{who}: {action}"
