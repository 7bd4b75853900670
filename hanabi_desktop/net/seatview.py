"""A seat's view and the game's events as JSON, and back: what the host sends each seat after every move.

The host builds a seat's message from the engine's `PlayerView` of that seat and nothing else, so what the
view cannot hold (the seat's own cards, the deck, the seed) cannot be in the message. Every card identity in a
message is written one way, ``{"card": order, "identity": [suit, rank]}``, so a test can find every one of
them. A client rebuilds the very `PlayerView` from it (`view_from_json`): the table UI and the bots read it as
they read a local seat's view.

A seat gets its whole view once (on joining, coming back, or asking after a gap); after each move it gets only
what the move changed of its view (`MoveDelta.of`, worked out once for every seat), and rebuilds the new
`PlayerView` from the one before (`apply_delta`), the same to the last field and dict order.

>>> from hanabi_desktop.engine import Game, PlayerView, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3)
>>> view = PlayerView.of(game, 0)
>>> view_from_json(view_json(view), game.variant) == view
True
>>> before = Moment.of(game)
>>> action = game.legal_actions()[0]
>>> _ = game.apply(action)
>>> delta = MoveDelta.of(before, game).seat(0)
>>> apply_delta(view, action_json(action), delta) == PlayerView.of(game, 0)
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property
from itertools import chain
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
from hanabi_desktop.engine.game import Game
from hanabi_desktop.engine.variants import Variant
from hanabi_desktop.engine.view import PlayerView
from hanabi_desktop.net.protocol import ProtocolError, action_json, encode, parse_action


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


# -- what a move changed of each seat's view --------------------------------------------------------------------
@dataclass(frozen=True)
class Moment:
    """What a move may change of the seats' views, taken just before it: hands, piles and the clues' marks."""

    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[Tile, ...]]  # fireworks, discards, played, tiles
    knowledge: dict[int, int]  # of every card in a hand
    clue_counts: dict[int, int]  # clues recorded on every card in a hand

    @classmethod
    def of(cls, game: Game) -> Moment:
        """The game as it is now (copies: the game moves on)."""
        in_hands = list(chain.from_iterable(game.hands))
        return cls(tuple(map(tuple, game.hands)), _piles(game),
                   dict(zip(in_hands, map(game.knowledge.__getitem__, in_hands), strict=True)),
                   {o: len(game.clue_history[o]) for o in in_hands})


def _piles(game: Game) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[Tile, ...]]:
    return tuple(game.fireworks), tuple(game.discard_pile), tuple(game.played), tuple(game.revealed_tiles)


_PILES = ("fireworks", "discard_pile", "played", "revealed_tiles")


@dataclass(frozen=True)
class MoveDelta:
    """One move's changes to the views: the part every seat shares, built once, and the cards each seat now sees."""

    shared: dict[str, Any]
    cards: tuple[list[dict[str, Any]], ...]  # by seat: identities the seat sees now and did not before
    current: int
    legal: list[dict[str, Any]]  # the current seat's legal actions

    @classmethod
    def of(cls, before: Moment, game: Game) -> MoveDelta:
        """What changed since `before`; nothing in it but what each seat's `PlayerView` holds."""
        shared: dict[str, Any] = {
            "current": game.current, "turn": game.turn, "clue_tokens": game.clue_tokens, "strikes": game.strikes,
            "deck_count": len(game.draw_pile), "final_turns_left": game.final_turns_left,
            "pending": game.pending.value if game.pending else None, "tiles_left": len(game.tiles),
            "over": game.over, "end_reason": game.end_reason.value if game.end_reason else None}
        hands = tuple(map(tuple, game.hands))
        if hands != before.hands:
            shared["hands"] = [list(h) for h in hands]
        piles = _piles(game)
        for name, old, new in zip(_PILES, before.piles, piles, strict=True):
            if old != new:
                shared[name] = [t.value for t in new] if name == "revealed_tiles" else list(new)
        in_hands = list(chain.from_iterable(hands))
        knowledge = [[o, game.knowledge[o]] for o in in_hands if before.knowledge.get(o) != game.knowledge[o]]
        if knowledge:
            shared["knowledge"] = knowledge
        clues = []
        for o in in_hands:
            start, history = before.clue_counts.get(o, 0), game.clue_history[o]
            if len(history) != start:
                clues.append([o, start, [[t, action_json(a), hit] for t, a, hit in history[start:]]])
        if clues:
            shared["clues"] = clues
        public = set(piles[1]) | set(piles[2])
        was_public = set(before.piles[1]) | set(before.piles[2])
        everyone, was_everyone = set(in_hands), set(chain.from_iterable(before.hands))
        deck = game.deck
        cards = tuple(
            [identity(o, deck[o]) for o in sorted((public | (everyone - set(hands[s])))
                                                  - (was_public | (was_everyone - set(before.hands[s]))))]
            for s in range(game.players))
        legal = [action_json(a) for a in game.legal_actions()] if not game.over else []
        return cls(shared, cards, game.current, legal)

    def seat(self, seat: int) -> dict[str, Any]:
        """The delta of `seat`'s view: the shared changes, the cards it newly sees, its legal actions if it moves."""
        out = dict(self.shared)
        if self.cards[seat]:
            out["cards"] = self.cards[seat]
        if seat == self.current and self.legal:
            out["legal"] = self.legal
        return out

    @cached_property
    def _shared_text(self) -> str:
        return encode(self.shared)

    def text(self, seat: int) -> str:
        """`seat(seat)` as JSON text: the shared part is written once for all seats (the host's hot path)."""
        own = {}
        if self.cards[seat]:
            own["cards"] = self.cards[seat]
        if seat == self.current and self.legal:
            own["legal"] = self.legal
        return f"{self._shared_text[:-1]},{encode(own)[1:]}" if own else self._shared_text


def apply_delta(view: PlayerView, action: Any, delta: Any) -> PlayerView:
    """The view after the move `action` (its JSON form) whose `delta` was sent; `ProtocolError` if it cannot be."""
    try:
        hands = tuple(tuple(map(_int, h)) for h in delta["hands"]) if "hands" in delta else view.hands
        if len(hands) != view.players:
            raise ValueError("a hand for every seat")
        piles = {name: tuple(map(_int, delta[name])) if name in delta else getattr(view, name)
                 for name in ("fireworks", "discard_pile", "played")}
        revealed = tuple(Tile(t) for t in delta["revealed_tiles"]) if "revealed_tiles" in delta else view.revealed_tiles
        known = view.visible | {_int(c["card"]): Card(_int(c["identity"][0]), _int(c["identity"][1]))
                                for c in delta.get("cards", ())}
        seat = view.seat
        others = chain.from_iterable(h for i, h in enumerate(hands) if i != seat)
        visible = {o: known[o] for o in chain(others, piles["discard_pile"], piles["played"])}
        in_hands = list(chain.from_iterable(hands))
        marks = view.knowledge | {_int(o): _int(m) for o, m in delta.get("knowledge", ())}
        knowledge = {o: marks[o] for o in in_hands}
        added = {_int(o): (_int(start), tuple((_int(t), parse_action(a), bool(hit)) for t, a, hit in entries))
                 for o, start, entries in delta.get("clues", ())}
        clue_history = {}
        for o in in_hands:
            old = view.clue_history.get(o, ())
            if o in added:
                start, entries = added[o]
                old = old[:start] + entries
            clue_history[o] = old
        new = PlayerView.__new__(PlayerView)
        new.__dict__.update(
            variant=view.variant, players=view.players, seat=seat, current=_int(delta["current"]), names=view.names,
            hands=hands, visible=visible, knowledge=knowledge, clue_history=clue_history,
            fireworks=piles["fireworks"], discard_pile=piles["discard_pile"], played=piles["played"],
            clue_tokens=_int(delta["clue_tokens"]), strikes=_int(delta["strikes"]),
            deck_count=_int(delta["deck_count"]), turn=_int(delta["turn"]),
            final_turns_left=delta["final_turns_left"],
            pending=Tile(delta["pending"]) if delta["pending"] is not None else None,
            tiles_left=_int(delta["tiles_left"]), revealed_tiles=revealed,
            history=view.history + (parse_action(action),),
            legal=tuple(parse_action(a) for a in delta.get("legal", ())), over=bool(delta["over"]),
            end_reason=EndReason(delta["end_reason"]) if delta["end_reason"] is not None else None,
            hand_size=view.hand_size,
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise ProtocolError("bad_delta", f"the host sent a change this program cannot apply ({exc!r})") from None
    return new


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
