"""A seat's view and the game's events as JSON, and back: what the host sends each seat after every move.

The host builds a seat's message from the engine's `PlayerView` of that seat and nothing else, so what the
view cannot hold (the seat's own cards, the deck, the seed) cannot be in the message. Every card identity in a
message is written one way, ``{"card": order, "identity": [suit, rank]}``, so a test can find every one of
them. A client rebuilds the very `PlayerView` from it (`view_from_json`): the table UI and the bots read it as
they read a local seat's view.

>>> from hanabi_desktop.engine import Game, PlayerView, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3)
>>> view = PlayerView.of(game, 0)
>>> view_from_json(view_json(view), game.variant) == view
True
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hanabi_desktop.engine.actions import Action
from hanabi_desktop.engine.cards import Card
from hanabi_desktop.engine.events import (
    CardDiscarded,
    CardDrawn,
    CardMisplayed,
    CardPlayed,
    CardRecovered,
    CardReplayed,
    ClueGiven,
    ClueTokenGained,
    EndReason,
    ErrorTokenReturned,
    Event,
    FireworkCompleted,
    GameEnded,
    Tile,
    TileLost,
    TileRevealed,
    TurnPassed,
)
from hanabi_desktop.engine.variants import Variant
from hanabi_desktop.engine.view import PlayerView
from hanabi_desktop.net.protocol import ProtocolError, action_json, parse_action


def identity(order: int, card: Card) -> dict[str, Any]:
    """The one form a card identity takes in any message."""
    return {"card": order, "identity": [card.suit, card.rank]}


def view_json(view: PlayerView) -> dict[str, Any]:
    """`view` as JSON data: the fields of the `PlayerView`, with identities only of the cards it shows."""
    return {
        "seat": view.seat, "players": view.players, "current": view.current, "names": list(view.names),
        "hands": [list(h) for h in view.hands],
        "cards": [identity(o, c) for o, c in view.visible.items()],
        "knowledge": [[o, m] for o, m in view.knowledge.items()],
        "clues": [[o, [[t, action_json(a), hit] for t, a, hit in h]] for o, h in view.clue_history.items()],
        "fireworks": list(view.fireworks), "discard_pile": list(view.discard_pile), "played": list(view.played),
        "clue_tokens": view.clue_tokens, "strikes": view.strikes, "deck_count": view.deck_count,
        "turn": view.turn, "final_turns_left": view.final_turns_left,
        "pending": view.pending.value if view.pending else None, "tiles_left": view.tiles_left,
        "revealed_tiles": [t.value for t in view.revealed_tiles],
        "history": [action_json(a) for a in view.history], "legal": [action_json(a) for a in view.legal],
        "over": view.over, "end_reason": view.end_reason.value if view.end_reason else None,
        "hand_size": view.hand_size,
    }


def view_from_json(data: Any, variant: Variant) -> PlayerView:
    """The `PlayerView` that `view_json` wrote; `ProtocolError` if the data is not one."""
    try:
        view = PlayerView.__new__(PlayerView)
        view.__dict__.update(  # as PlayerView.of fills it: a frozen dataclass, set in one step
            variant=variant, players=_int(data["players"]), seat=data["seat"], current=_int(data["current"]),
            names=tuple(str(n) for n in data["names"]), hands=tuple(tuple(map(_int, h)) for h in data["hands"]),
            visible={_int(c["card"]): Card(_int(c["identity"][0]), _int(c["identity"][1])) for c in data["cards"]},
            knowledge={_int(o): _int(m) for o, m in data["knowledge"]},
            clue_history={_int(o): tuple((_int(t), parse_action(a), bool(hit)) for t, a, hit in h)
                          for o, h in data["clues"]},
            fireworks=tuple(map(_int, data["fireworks"])), discard_pile=tuple(map(_int, data["discard_pile"])),
            played=tuple(map(_int, data["played"])), clue_tokens=_int(data["clue_tokens"]),
            strikes=_int(data["strikes"]), deck_count=_int(data["deck_count"]), turn=_int(data["turn"]),
            final_turns_left=data["final_turns_left"],
            pending=Tile(data["pending"]) if data["pending"] is not None else None,
            tiles_left=_int(data["tiles_left"]), revealed_tiles=tuple(Tile(t) for t in data["revealed_tiles"]),
            history=tuple(parse_action(a) for a in data["history"]),
            legal=tuple(parse_action(a) for a in data["legal"]), over=bool(data["over"]),
            end_reason=EndReason(data["end_reason"]) if data["end_reason"] is not None else None,
            hand_size=_int(data["hand_size"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ProtocolError("bad_view", f"the host sent a view this program cannot read ({exc})") from None
    return view


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, not {type(value).__name__}")
    return value


# -- events ---------------------------------------------------------------------------------------------------
_EVENT_NAMES: dict[type, str] = {
    CardDrawn: "drawn", CardPlayed: "played", CardMisplayed: "misplayed", CardDiscarded: "discarded",
    ClueGiven: "clue", FireworkCompleted: "firework_completed", ClueTokenGained: "clue_token_gained",
    TileRevealed: "tile_revealed", TileLost: "tile_lost", ErrorTokenReturned: "error_token_returned",
    CardRecovered: "recovered", CardReplayed: "replayed", TurnPassed: "turn_passed", GameEnded: "game_ended",
}
_EVENT_TYPES = {name: cls for cls, name in _EVENT_NAMES.items()}
HIDDEN_POSITION = -1  # a recovered card's place in the deck is known to nobody at the table


def event_json(event: Event) -> dict[str, Any]:
    """One engine event as every seat may see it: a recovered card's position in the deck is left out."""
    out: dict[str, Any] = {"type": _EVENT_NAMES[type(event)]}
    if isinstance(event, CardPlayed):  # the played card is face up on its firework: one identity form
        return out | {"player": event.player} | identity(event.card, Card(event.suit, event.rank))
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(event, CardRecovered) and f.name == "position":
            continue
        if isinstance(value, (Tile, EndReason)):
            value = value.value
        elif f.name == "clue":
            value = action_json(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def event_from_json(data: Any) -> Event:
    """The engine event `event_json` wrote (a recovered card's position is `HIDDEN_POSITION`)."""
    try:
        cls = _EVENT_TYPES[data["type"]]
        if cls is CardPlayed:
            return CardPlayed(_int(data["player"]), _int(data["card"]), *map(_int, data["identity"]))
        if cls is CardRecovered:
            return CardRecovered(_int(data["card"]), HIDDEN_POSITION)
        values = {}
        for f in fields(cls):
            value = data[f.name]
            if cls in (TileRevealed, TileLost) and f.name == "tile":
                value = Tile(value)
            elif f.name == "reason":
                value = EndReason(value)
            elif f.name == "clue":
                value = parse_action(value)
            elif f.name == "touched":
                value = tuple(map(_int, value))
            values[f.name] = value
        return cls(**values)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("bad_event", f"the host sent an event this program cannot read ({exc})") from None


def actions_json(actions: tuple[Action, ...]) -> list[dict[str, Any]]:
    """Actions in their JSON form."""
    return [action_json(a) for a in actions]
