"""Game records, and reading and writing hanab.live's JSON game format (RULES.md section 8).

A record is players + variant (+ options) + deck order + actions. `GameRecord.from_json` accepts hanab.live
exports (including older ones that say `suit` for `suitIndex`) and reports anything it cannot use as a
`RecordError` with a clear message; `replay` applies the actions and names the first illegal one.

Our key `table` (`TableFacts`) says how this program's table played the game beyond its moves: who sat in each
seat (a person, or a bot by its registry name and level) and the hints and undos the people used, in all and per
seat (`hints_by`, `undos_by`: who used them, in hot seat; absent in the first records). A record
without it (an older one, a hanab.live export) has `table` None: unknown, never guessed.

Our extensions, used only by variants hanab.live lacks (5 Flamboyants): `options.flamboyantTiles` (the tile
order, numbers 1-6), action type 10 (tile 5: `target` = discarded card, `value` = deck position from the top)
and type 11 (tile 6: `target` = discarded card). Free clues from tiles 3 and 4 are plain types 2 and 3.

Records come from anywhere (a download, an edited file), so reading one never raises anything but
`RecordError`: not JSON, numbers too long for Python to read, nesting too deep, wrong types (an option flag must
be a JSON boolean), all say what is wrong, quoting the value in at most a few dozen characters. Player names are
cleaned of characters no screen can draw (see `engine.text`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hanabi_desktop.engine.actions import Action, ColourClue, Discard, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.cards import Card
from hanabi_desktop.engine.errors import HanabiError, IllegalAction, RecordError
from hanabi_desktop.engine.events import Tile
from hanabi_desktop.engine.game import MAX_PLAYERS, MIN_PLAYERS, Game
from hanabi_desktop.engine.text import clean_text, parse_json, shown
from hanabi_desktop.engine.variants import Variant, variant_from_hanablive
from hanabi_desktop.i18n import _

PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE, GAME_OVER, GAME_OVER_BY_VOTE = 0, 1, 2, 3, 4, 5
RECOVER, REPLAY = 10, 11
# Options that change the rules in ways we do not implement: refused when set.
UNSUPPORTED_OPTIONS = {
    "cardCycle": "card cycling",
    "oneExtraCard": "one extra card",
    "oneLessCard": "one less card",
    "detrimentalCharacters": "detrimental characters",
}
MAX_NAME = 40  # a player's name as kept from a record (hanab.live names are at most 15 characters)
MAX_AIDS = 1_000_000  # hints or undos: counts a person makes one click at a time, a million is beyond any game


@dataclass(frozen=True)
class TableFacts:
    """How our table played a game beyond its moves: each seat's kind ("" a person, else the bot's registry
    name with its level, 'conventions@2'), the hints and undos the people used, and whether the clue preview
    was shown.

    >>> f = TableFacts(("", "conventions@2"), hints=1, undos=0, previewed=True)
    >>> str(f), TableFacts.from_json(f.to_json(), 2) == f
    ('person, conventions@2; 1 hint, 0 undos, clue preview', True)
    """

    seats: tuple[str, ...]
    hints: int = 0
    undos: int = 0
    previewed: bool = False
    # per seat, who asked for them (a hot seat has several people); None: not said (the first records)
    hints_by: tuple[int, ...] | None = None
    undos_by: tuple[int, ...] | None = None

    def __str__(self) -> str:
        kinds = ", ".join(s or "person" for s in self.seats)
        return (f"{kinds}; {self.hints} hint{'s' * (self.hints != 1)}, {self.undos} undo{'s' * (self.undos != 1)}"
                + (", clue preview" if self.previewed else ""))

    def to_json(self) -> dict[str, Any]:
        """Our key `table` of the JSON game."""
        out: dict[str, Any] = {"seats": [s or None for s in self.seats], "hints": self.hints, "undos": self.undos,
                               "preview": self.previewed}
        if self.hints_by is not None and self.undos_by is not None:
            out["hints_by"], out["undos_by"] = list(self.hints_by), list(self.undos_by)
        return out

    @classmethod
    def from_json(cls, raw: Any, players: int) -> TableFacts | None:  # noqa: ANN401 - anything a file holds
        """The facts from a file, None if absent or not readable whole (a nicety: never a reason to refuse the
        game, and never half-read: a wrong count is no count)."""
        if not isinstance(raw, dict) or not isinstance(raw.get("seats"), list) or len(raw["seats"]) != players:
            return None
        seats = raw["seats"]
        if not all(s is None or isinstance(s, str) for s in seats):
            return None
        counts = [raw.get(k) for k in ("hints", "undos")]
        if not all(type(n) is int and 0 <= n <= MAX_AIDS for n in counts):
            return None
        previewed = raw.get("preview", False)  # absent in the first records that said their table
        if not isinstance(previewed, bool):
            return None
        by = [raw.get(k) for k in ("hints_by", "undos_by")]
        if not all(isinstance(b, list) and len(b) == players and all(type(n) is int and n >= 0 for n in b)
                   and sum(b) == total for b, total in zip(by, counts, strict=True)):
            by = [None, None]  # absent (older records) or not adding up: who used them is not said
        return cls(tuple(clean_text(s, 80).strip() if s else "" for s in seats), counts[0], counts[1], previewed,
                   None if by[0] is None else tuple(by[0]), None if by[1] is None else tuple(by[1]))


@dataclass
class GameRecord:
    """A whole game as data: enough to replay it exactly."""

    variant: Variant
    players: tuple[str, ...]
    deck: tuple[Card, ...]
    actions: list[Action] = field(default_factory=list)
    tiles: tuple[Tile, ...] | None = None
    notes: list[list[str]] | None = None
    ended_by: tuple[int, int] | None = None  # a trailing hanab.live 'game over' action: (target, value)
    extra: dict[str, Any] = field(default_factory=dict)  # hanab.live's id, seed, ... kept as they came
    # Our key `explanations` (hanab.live ignores keys it does not know): per action, why the bot that made it
    # did so ("" for a person's move), as it said at the table. Kept, not recomputed on replay: the record does
    # not name each seat's bot and level, and a later version of a bot may choose differently.
    explanations: tuple[str, ...] = ()
    # What reading the file dropped because no game of this record could hold it (notes of players the game
    # does not have, ...), in a player's words: the reader says it rather than keep it or refuse the game.
    dropped: tuple[str, ...] = ()
    table: TableFacts | None = None  # our key `table`: None for a record that does not say (see the module doc)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        """The record of a game so far."""
        return cls(
            variant=game.variant,
            players=game.names,
            deck=game.deck,
            actions=list(game.actions),
            tiles=game.initial_tiles if game.variant.flamboyants else None,
        )

    def new_game(self) -> Game:
        """The game as dealt, before any action."""
        return Game(self.variant, len(self.players), self.deck, tiles=self.tiles, names=self.players)

    def replay(self, upto: int | None = None) -> Game:
        """Apply the actions (the first `upto` of them) and return the game; `RecordError` names a bad one."""
        game = self.new_game()
        for i, action in enumerate(self.actions[:upto]):
            if game.over:
                raise RecordError(f"action {i}: the game is already over ({game.end_reason.value})")
            try:
                game.apply(action)
            except IllegalAction as exc:
                raise RecordError(f"action {i}: {action} is illegal: {exc}") from None
        return game

    # -- hanab.live JSON -------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The record as a hanab.live JSON game (a dict ready for `json.dump`)."""
        options: dict[str, Any] = {"variant": self.variant.hanablive_name}
        if self.variant.final_flourish:
            options["allOrNothing"] = True
        if self.variant.empty_clues:
            options["emptyClues"] = True
        if self.variant.flamboyants and self.tiles is not None:
            options["flamboyantTiles"] = [t.value for t in self.tiles]
        data: dict[str, Any] = {}
        data.update({k: v for k, v in self.extra.items() if k in ("id", "seed")})
        data["players"] = list(self.players)
        data["deck"] = [{"suitIndex": c.suit, "rank": c.rank} for c in self.deck]
        data["actions"] = [action_to_json(a) for a in self.actions]
        if self.ended_by is not None:
            data["actions"].append({"type": GAME_OVER, "target": self.ended_by[0], "value": self.ended_by[1]})
        data["options"] = options
        if self.notes is not None:
            data["notes"] = self.notes
        if any(self.explanations):
            data["explanations"] = list(self.explanations)
        if self.table is not None:
            data["table"] = self.table.to_json()
        return data

    def dumps(self) -> str:
        """JSON text of `to_json`."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a hanab.live JSON game (already parsed); raise `RecordError` saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("not a hanab.live game: the file must hold a JSON object")
        for key in ("players", "deck", "actions"):
            if key not in data:
                raise RecordError(f"not a hanab.live game: the key {key!r} is missing")
        players = data["players"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError("'players' must be a list of names")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise RecordError(f"games of {len(players)} players are not supported (2 to 5)")
        players = [clean_text(p, MAX_NAME).strip() or f"Player {i + 1}" for i, p in enumerate(players)]
        options = data.get("options")
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        for key, what in UNSUPPORTED_OPTIONS.items():
            if _flag(options, key):
                raise RecordError(f"the option {key!r} ({what}) is not supported")
        name = options.get("variant", "No Variant")
        if not isinstance(name, str):
            raise RecordError("'options.variant' must be a variant name")
        try:
            variant = variant_from_hanablive(
                name, empty_clues=_flag(options, "emptyClues"), all_or_nothing=_flag(options, "allOrNothing")
            )
        except HanabiError as exc:
            raise RecordError(str(exc)) from None
        deck = _read_deck(data["deck"], variant)
        tiles = _read_tiles(options.get("flamboyantTiles"), variant)
        dropped: list[str] = []
        raw_actions = data["actions"]
        limit = max_actions(variant)
        if isinstance(raw_actions, list) and len(raw_actions) > limit:
            dropped.append(_("{n} actions past the most a game can hold ({limit})").format(n=len(raw_actions) - limit, limit=limit))
            raw_actions = raw_actions[:limit]
        actions, ended_by = _read_actions(raw_actions, len(deck))
        notes = _read_notes(data.get("notes"), len(players), len(deck), dropped)
        extra = {k: data[k] for k in ("id", "seed") if isinstance(data.get(k), (str, int))}  # kept only if writable
        why = data.get("explanations")  # a nicety too: unreadable ones are dropped
        explanations: tuple[str, ...] = ()
        if isinstance(why, list) and all(isinstance(x, str) for x in why):
            explanations = tuple(clean_text(x, 500) for x in why[:len(actions)])
            if len(why) > len(actions):
                dropped.append(_("{n} explanations of actions the game does not have").format(n=len(why) - len(actions)))
        table = TableFacts.from_json(data.get("table"), len(players))
        return cls(variant, tuple(players), deck, actions, tiles, notes, ended_by, extra, explanations, tuple(dropped),
                   table)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Parse JSON text (a leading byte-order mark allowed) into a record; `RecordError` if it is not one."""
        return cls.from_json(parse_json(text))


def max_actions(variant: Variant) -> int:
    """More actions than any game of `variant` can hold.

    Each play or discard takes a card from the deck (tile 5 gives one back, tile 6 plays one); a clue spends a
    token that only the start, a discard or a completion gives, and tiles 3 and 4 give two free ones."""
    return 2 * (variant.deck_size + 1) + 8 + len(variant.suits) + 2 * len(Tile)


MAX_NOTE = 200  # characters of one note kept from a record (a note is drawn on its card and on hover)


def _read_notes(raw: Any, players: int, cards: int, dropped: list[str]) -> list[list[str]] | None:
    """hanab.live's notes (per player, per card order), cut to the game's players and cards (what is cut is
    added to `dropped`); notes are a nicety, so unreadable ones give None rather than refuse the game."""
    if not (isinstance(raw, list) and all(isinstance(n, list) for n in raw[:players])):
        return None
    rows = raw[:players]
    if not all(isinstance(x, str) for n in rows for x in n[:cards]):
        return None
    if len(raw) > players:
        dropped.append(_("notes of {n} players the game does not have").format(n=len(raw) - players))
    extra = sum(max(0, len(n) - cards) for n in rows)
    if extra:
        dropped.append(_("{n} notes on cards the deck does not have").format(n=extra))
    return [[clean_text(x, MAX_NOTE) for x in n[:cards]] for n in rows]  # drawn on hover: made drawable here


def action_to_json(action: Action) -> dict[str, int]:
    """One action as a hanab.live {type, target, value} object."""
    match action:
        case Play(card):
            return {"type": PLAY, "target": card, "value": 0}
        case Discard(card):
            return {"type": DISCARD, "target": card, "value": 0}
        case ColourClue(target, colour):
            return {"type": COLOUR_CLUE, "target": target, "value": colour}
        case RankClue(target, rank):
            return {"type": RANK_CLUE, "target": target, "value": rank}
        case Recover(card, position):
            return {"type": RECOVER, "target": card, "value": -1 if position is None else position}
        case Replay(card):
            return {"type": REPLAY, "target": card, "value": 0}
    raise HanabiError(f"cannot write {action!r}")


def _flag(options: dict, key: str) -> bool:
    """An option switch: absent or null is off; anything but a JSON boolean is refused."""
    value = options.get(key)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise RecordError(f"the option {key!r} must be true or false, not {shown(value)}")
    return value


MAX_INT = 10_000  # far above any index, rank, colour or type in a game; keeps numbers short in messages


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} must be a whole number, not {shown(value)}")
    if not -MAX_INT <= value <= MAX_INT:
        raise RecordError(f"{what} is out of range ({shown(value, 24)})")
    return value


def _read_deck(raw: Any, variant: Variant) -> tuple[Card, ...]:
    if not isinstance(raw, list):
        raise RecordError("'deck' must be a list of cards")
    if len(raw) != variant.deck_size:
        raise RecordError(f"the deck has {len(raw)} cards; {variant.name} has {variant.deck_size}")
    deck = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict):
            raise RecordError(f"deck card {i} must be an object with 'suitIndex' and 'rank'")
        suit = c.get("suitIndex", c.get("suit"))
        if suit is None or "rank" not in c:
            raise RecordError(f"deck card {i} needs 'suitIndex' (or 'suit') and 'rank'")
        suit = _int(suit, f"deck card {i}'s suit")
        rank = _int(c["rank"], f"deck card {i}'s rank")
        if not 0 <= suit < len(variant.suits):
            raise RecordError(f"deck card {i} has suit {suit}; {variant.name} has suits 0 to {len(variant.suits) - 1}")
        if not 1 <= rank <= 5:
            raise RecordError(f"deck card {i} has rank {rank}; ranks are 1 to 5")
        deck.append(Card(suit, rank))
    counts: dict[Card, int] = {}
    for c in deck:
        counts[c] = counts.get(c, 0) + 1
    for c, n in sorted(counts.items()):
        want = variant.copies[c.identity]
        if n != want:
            raise RecordError(
                f"the deck holds {n} copies of {variant.card_name(c)}; {variant.name} has {want}"
            )
    return tuple(deck)


def _read_tiles(raw: Any, variant: Variant) -> tuple[Tile, ...] | None:
    if not variant.flamboyants:
        return None
    if (not isinstance(raw, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw)
            or sorted(raw) != [1, 2, 3, 4, 5, 6]):
        raise RecordError("a 5 Flamboyants game needs 'options.flamboyantTiles': the tiles 1 to 6 in their order")
    return tuple(Tile(x) for x in raw)


def _read_actions(raw: Any, deck_size: int) -> tuple[list[Action], tuple[int, int] | None]:
    if not isinstance(raw, list):
        raise RecordError("'actions' must be a list")
    actions: list[Action] = []
    ended_by = None
    for i, a in enumerate(raw):
        if ended_by is not None:
            raise RecordError(f"action {i}: actions after the game-over action")
        if not isinstance(a, dict) or "type" not in a:
            raise RecordError(f"action {i}: must be an object with 'type', 'target' and 'value'")
        kind = _int(a["type"], f"action {i}'s type")
        target = _int(a.get("target", 0), f"action {i}'s target")
        value = _int(a.get("value", 0), f"action {i}'s value")
        if kind in (PLAY, DISCARD, RECOVER, REPLAY) and not 0 <= target < deck_size:
            raise RecordError(f"action {i}: there is no card {target} (cards are 0 to {deck_size - 1})")
        if kind == PLAY:
            actions.append(Play(target))
        elif kind == DISCARD:
            actions.append(Discard(target))
        elif kind == COLOUR_CLUE:
            actions.append(ColourClue(target, value))
        elif kind == RANK_CLUE:
            actions.append(RankClue(target, value))
        elif kind == RECOVER:
            actions.append(Recover(target, value))  # a negative position is refused by the game, with the reason
        elif kind == REPLAY:
            actions.append(Replay(target))
        elif kind in (GAME_OVER, GAME_OVER_BY_VOTE):
            ended_by = (target, value)
        else:
            raise RecordError(f"action {i}: unknown action type {kind}")
    return actions, ended_by
