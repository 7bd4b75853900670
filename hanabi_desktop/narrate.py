"""Log lines for actions, in a player's words ("Ann plays red 3 from slot 2"). No pygame.

>>> from hanabi_desktop.engine import Game, Play, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> before = game.clone()
>>> describe(before, Play(game.hands[0][1]), game.apply(Play(game.hands[0][1])))
'Ann plays green 1 from slot 2'
"""

from __future__ import annotations

from hanabi_desktop.engine import Action, ColourClue, Discard, Game, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.events import CardMisplayed, CardReplayed


def describe(game: Game, action: Action, events: tuple) -> str:
    """A log line for `action`, taken by the current player of `game` (the state before it) with `events`."""
    v = game.variant
    p = game.current
    who = game.names[p]
    match action:
        case Play(card) | Discard(card):
            name = v.card_name(game.deck[card])
            slot = game.hands[p].index(card) + 1
            if isinstance(action, Discard):
                return f"{who} discards {name} from slot {slot}"
            if any(isinstance(e, CardMisplayed) for e in events):
                return f"{who} misplays {name} from slot {slot}"
            return f"{who} plays {name} from slot {slot}"
        case ColourClue(target, value) | RankClue(target, value):
            what = v.colour_names[value] if isinstance(action, ColourClue) else str(value)
            slots = [i + 1 for i, o in enumerate(game.hands[target]) if o in game.touched_by(target, action)]
            free = " (bonus tile)" if game.pending is not None else ""
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
