"""The game state: applies actions, validates them with a reason, enumerates legal actions, emits events.

One generator (`_candidates`) proposes every action the current player might take and one function
(`_refusal`) says why an action is illegal, or None; `can`, `verify` and `apply` are built on `_refusal`.
`legal_actions` builds an ordinary turn's list straight from the rules, because it is the hot path of every
search and simulation; the property tests check that it is exactly the candidates `_refusal` accepts, in order.
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Iterator, Sequence
from operator import attrgetter

from hanabi_desktop.engine import board
from hanabi_desktop.engine.actions import Action, Clue, ColourClue, Discard, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.cards import Card, bit
from hanabi_desktop.engine.errors import HanabiError, IllegalAction
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
from hanabi_desktop.engine.masks import clue_mask
from hanabi_desktop.engine.variants import Variant
from hanabi_desktop.i18n import _

MAX_CLUE_TOKENS = 8
MAX_STRIKES = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 5


def hand_size_for(players: int) -> int:
    """Cards in a full hand: 5 with 2 or 3 players, 4 with 4 or 5."""
    return 5 if players <= 3 else 4


def shuffled_deck(variant: Variant, seed: int | str) -> list[Card]:
    """The variant's deck shuffled by a generator seeded with `seed` (same seed, same deck)."""
    deck = variant.sorted_deck()
    random.Random(f"deck/{seed}").shuffle(deck)
    return deck


def shuffled_tiles(seed: int | str) -> list[Tile]:
    """The six bonus tiles in the order a seed gives them."""
    tiles = list(Tile)
    random.Random(f"tiles/{seed}").shuffle(tiles)
    return tiles


_suit_and_rank = attrgetter("suit", "rank")

_ClueChoices = tuple[tuple[tuple[int, Clue], ...], ...]  # by target seat: (identities touched, clue) pairs


class _VariantTables:
    """What every game of a variant looks up again and again, computed once per variant."""

    def __init__(self, variant: Variant) -> None:
        self.sorted_cards = sorted(map(_suit_and_rank, variant.sorted_deck()))  # as (suit, rank) pairs
        self.plays = tuple(Play(o) for o in range(variant.deck_size))  # by card order
        self.discards = tuple(Discard(o) for o in range(variant.deck_size))
        seats = range(MAX_PLAYERS)
        self.colour_clues: _ClueChoices = tuple(
            tuple((m, ColourClue(t, c)) for c, m in enumerate(variant.colour_masks)) for t in seats)
        self.rank_clues: _ClueChoices = tuple(
            tuple((variant.rank_masks[r], RankClue(t, r)) for r in range(1, 6)) for t in seats)

    def holds_the_deck(self, deck: Sequence[Card]) -> bool:
        """Does `deck` hold exactly the variant's cards, in any order?"""
        return set(map(type, deck)) == {Card} and sorted(map(_suit_and_rank, deck)) == self.sorted_cards


_tables = functools.cache(_VariantTables)


class Game:
    """A game in progress (or over). Create one with `Game.new` or with an explicit deck order.

    Cards are identified by their order (index in `deck`). Hands list card orders newest first: slot 1 is
    `hands[p][0]`, the card drawn last; the oldest card (the chop, by convention) is `hands[p][-1]`.
    """

    def __init__(
        self,
        variant: Variant,
        players: int,
        deck: Sequence[Card],
        *,
        tiles: Sequence[Tile] | None = None,
        seed: int | str = 0,
        names: Sequence[str] | None = None,
        _shuffled: bool = False,  # `new` only: the deck is a shuffle of the variant's own, no need to check it
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise HanabiError(f"Hanabi is for 2 to 5 players, not {players}")
        deck = tuple(deck)
        if len(deck) != variant.deck_size:
            raise HanabiError(f"the deck of {variant.name} has {variant.deck_size} cards, not {len(deck)}")
        self._tables = _tables(variant)
        if not _shuffled and not self._tables.holds_the_deck(deck):
            raise HanabiError(f"the deck does not hold exactly the cards of {variant.name}")
        self.variant = variant
        self.players = players
        self.deck: tuple[Card, ...] = deck
        self.seed = seed
        self.names: tuple[str, ...] = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(players))
        if len(self.names) != players:
            raise HanabiError(f"{len(self.names)} names given for {players} players")
        self.hand_size = hand_size_for(players)
        self._identity = [c.identity for c in deck]
        self._bits = [bit(i) for i in self._identity]  # knowledge bit of each card's identity
        self._recover_rng: random.Random | None = None  # made when first needed (5 Flamboyants' tile 5)

        if variant.flamboyants:
            self.tiles: list[Tile] = list(tiles) if tiles is not None else shuffled_tiles(seed)
            if sorted(t.value for t in self.tiles) != [1, 2, 3, 4, 5, 6]:
                raise HanabiError("the bonus tiles must be the six tiles 1 to 6, each once")
        else:
            self.tiles = []
        self.initial_tiles: tuple[Tile, ...] = tuple(self.tiles)
        self.revealed_tiles: list[Tile] = []
        self.pending: Tile | None = None

        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.draw_pile: list[int] = list(range(len(deck) - 1, -1, -1))  # the top card is the last element
        self.fireworks: list[int] = [0] * len(variant.suits)  # cards played on each firework
        self.played: list[int] = []
        self.discard_pile: list[int] = []
        self.clue_tokens = MAX_CLUE_TOKENS
        self.strikes = 0
        self.knowledge: list[int] = [variant.all_mask] * len(deck)  # identities each card can still be
        self.clue_history: list[list[tuple[int, Action, bool]]] = [[] for _ in deck]  # (turn, clue, touched)
        self.current = 0
        self.turn = 0  # turns completed: one per play, discard or clue (a bonus-tile choice is part of its turn)
        self.actions: list[Action] = []
        self.public_actions: list[Action] = []  # `actions` as every seat sees them: a Recover's position hidden
        self.events: list[Event] = []
        self.final_turns_left: int | None = None
        self.over = False
        self.end_reason: EndReason | None = None
        self._owes_draw = False

        for p in range(players):
            for _card in range(self.hand_size):
                self._draw(p)

    @classmethod
    def new(cls, variant: Variant, players: int, seed: int | str, names: Sequence[str] | None = None) -> Game:
        """A new game dealt from a deck shuffled by `seed` (tiles too, with 5 Flamboyants)."""
        return cls(variant, players, shuffled_deck(variant, seed), seed=seed, names=names, _shuffled=True)

    # ------------------------------------------------------------------------------------------------
    # Reading the state
    # ------------------------------------------------------------------------------------------------
    @property
    def deck_count(self) -> int:
        """Cards left in the draw pile."""
        return len(self.draw_pile)

    def card(self, order: int) -> Card:
        """The identity of card `order` (hidden information: the UI shows it only to those who may see it)."""
        return self.deck[order]

    def holder(self, order: int) -> int | None:
        """The player holding card `order`, or None."""
        for p, hand in enumerate(self.hands):
            if order in hand:
                return p
        return None

    @property
    def firework_score(self) -> int:
        """Points on the table: cards on each firework, less the missing cards of penalty-scored suits."""
        return sum(n - 5 if s.penalty_scoring else n for n, s in zip(self.fireworks, self.variant.suits, strict=True))

    @property
    def score(self) -> int:
        """The score: 0 after a strikeout; in Final flourish the maximum for a win and 0 for a loss."""
        return board.rule_score(self.variant, self.firework_score, self.end_reason)

    @property
    def won(self) -> bool:
        """True once every firework is complete."""
        return self.end_reason is EndReason.PERFECT

    @property
    def full_pace(self) -> int:
        """Pace against the full score: cards played + cards in deck + players - cards in the fireworks when
        complete (turns that may still pass without a play). `PlayerView.pace` counts against the best score
        the discards still allow."""
        return board.pace(self.variant, self.fireworks, self.deck_count, self.players)

    def next_rank(self, suit: int) -> int | None:
        """The rank the firework of `suit` needs next (None: complete)."""
        return self.variant.suits[suit].rank_at(self.fireworks[suit])

    def discarded(self) -> list[int]:
        """Copies of each identity in the discard pile, indexed by packed identity."""
        return board.discard_counts(self.variant, (self._identity[o] for o in self.discard_pile))

    def is_playable(self, card: Card) -> bool:
        """Would `card` continue its firework now?"""
        return board.is_playable(self.variant, self.fireworks, card)

    def is_played(self, card: Card) -> bool:
        """Is this identity already on its firework?"""
        return board.is_played(self.variant, self.fireworks, card)

    def is_trash(self, card: Card) -> bool:
        """Can this card never score: already played, or a card it needs first has no copy left?"""
        return board.is_trash(self.variant, self.fireworks, self.discarded(), card)

    def is_critical(self, card: Card) -> bool:
        """Is this the last copy of a card the display still needs?"""
        return board.is_critical(self.variant, self.fireworks, self.discarded(), card)

    def max_reachable_score(self) -> int:
        """The best score still possible with the cards not yet lost (ignoring the turns left)."""
        return board.max_reachable(self.variant, self.fireworks, self.discarded())

    def touched_by(self, target: int, clue: ColourClue | RankClue) -> tuple[int, ...]:
        """Orders of the cards in `target`'s hand that `clue` would touch."""
        mask = self._clue_mask(clue)
        return tuple(o for o in self.hands[target] if bit(self._identity[o]) & mask)

    # ------------------------------------------------------------------------------------------------
    # Legality
    # ------------------------------------------------------------------------------------------------
    def _candidates(self) -> Iterator[Action]:
        """Every action the current player might take, legal or not (filtered by `_refusal`)."""
        p = self.current
        others = [t for t in range(self.players) if t != p]
        n_colours = len(self.variant.clue_colours)
        if self.pending is None:
            hand = self.hands[p]
            for o in hand:
                yield Play(o)
            for o in hand:
                yield Discard(o)
        if self.pending in (None, Tile.FREE_COLOUR_CLUE):
            for t in others:
                for c in range(n_colours):
                    yield ColourClue(t, c)
        if self.pending in (None, Tile.FREE_RANK_CLUE):
            for t in others:
                for r in range(1, 6):
                    yield RankClue(t, r)
        if self.pending is Tile.RECOVER:
            for o in self.discard_pile:
                yield Recover(o)
        if self.pending is Tile.REPLAY or (self.pending is Tile.RECOVER and not self.draw_pile):
            for o in self.discard_pile:
                yield Replay(o)

    def _refusal(self, action: Action) -> str | None:
        """Why `action` is illegal now, in a player's words; None if it is legal."""
        if self.over:
            return _("the game is over")
        p = self.current
        pending = self.pending
        match action:
            case Play(card) | Discard(card):
                if pending is not None:
                    return _("first finish the bonus tile: {tile}").format(tile=pending.text)
                if card not in self.hands[p]:
                    return _("card {card} is not in {player}'s hand").format(card=card, player=self.names[p])
                if isinstance(action, Discard) and self.clue_tokens >= MAX_CLUE_TOKENS:
                    return _("discarding is not allowed with 8 clue tokens")
                return None
            case ColourClue(target, value) | RankClue(target, value):
                is_colour = isinstance(action, ColourClue)
                free_tile = Tile.FREE_COLOUR_CLUE if is_colour else Tile.FREE_RANK_CLUE
                if pending is not None and pending is not free_tile:
                    return _("first finish the bonus tile: {tile}").format(tile=pending.text)
                if pending is None and self.clue_tokens <= 0:
                    return _("no clue tokens left")
                if not isinstance(target, int) or not 0 <= target < self.players:
                    return _("there is no player {player}").format(player=target)
                if target == p:
                    return _("you cannot give a clue to yourself")
                if is_colour:
                    if not isinstance(value, int) or not 0 <= value < len(self.variant.clue_colours):
                        return _("{value} is not a colour that can be named in {variant}").format(value=repr(value), variant=_(self.variant.name))
                elif value not in (1, 2, 3, 4, 5):
                    return _("{value} is not a rank (1 to 5)").format(value=repr(value))
                if not self.variant.empty_clues and not (self._clue_mask(action) & self._hand_mask(target)):
                    if is_colour:
                        return _("{player} has no {colour} card: a clue must touch at least one card (empty clues are off)").format(player=self.names[target], colour=_(self.variant.colour_names[value]))
                    return _("{player} has no {rank}: a clue must touch at least one card (empty clues are off)").format(player=self.names[target], rank=value)
                return None
            case Recover(card, position):
                if pending is not Tile.RECOVER:
                    return _("no bonus tile lets you take a card back into the deck now")
                if card not in self.discard_pile:
                    return _("card {card} is not in the discard pile").format(card=card)
                if position is not None and not (isinstance(position, int) and 0 <= position <= len(self.draw_pile)):
                    return _("position {position} is outside the deck: positions count from 0 (the top card) to "
                             "{bottom} (the bottom)").format(position=repr(position), bottom=len(self.draw_pile))
                return None
            case Replay(card):
                if pending is not Tile.REPLAY and not (pending is Tile.RECOVER and not self.draw_pile):
                    return _("no bonus tile lets you put a discarded card into play now")
                if card not in self.discard_pile:
                    return _("card {card} is not in the discard pile").format(card=card)
                return None
        return _("{action} is not an action").format(action=repr(action))

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (empty once the game is over).

        In the order of `_candidates`: plays, discards, colour clues, rank clues. An ordinary turn is built
        directly from the rules (this is the engine's hot path); a bonus-tile choice filters the candidates.
        """
        if self.over:
            return []
        if self.pending is not None:
            return [a for a in self._candidates() if self._refusal(a) is None]
        p = self.current
        hand = self.hands[p]
        tables = self._tables
        legal: list[Action] = [tables.plays[o] for o in hand]
        if self.clue_tokens < MAX_CLUE_TOKENS:
            legal += [tables.discards[o] for o in hand]
        if self.clue_tokens > 0:
            targets = [t for t in range(self.players) if t != p]
            if self.variant.empty_clues:
                hand_masks = [-1] * len(targets)  # every clue is legal, touching or not
            else:
                hand_masks = [self._hand_mask(t) for t in targets]
            for choices in (tables.colour_clues, tables.rank_clues):
                for t, hand_mask in zip(targets, hand_masks, strict=True):
                    legal += [clue for touches, clue in choices[t] if touches & hand_mask]
        return legal

    def can(self, action: Action) -> bool:
        """Is `action` legal now?"""
        return self._refusal(action) is None

    def verify(self, action: Action) -> None:
        """Raise `IllegalAction` with the reason if `action` is illegal now."""
        reason = self._refusal(action)
        if reason is not None:
            raise IllegalAction(reason)

    # ------------------------------------------------------------------------------------------------
    # Applying actions
    # ------------------------------------------------------------------------------------------------
    def apply(self, action: Action) -> tuple[Event, ...]:
        """Verify and apply `action` for the current player; return the events it caused."""
        self.verify(action)
        start = len(self.events)
        p = self.current
        match action:
            case Play(card):
                self.hands[p].remove(card)
                self._owes_draw = True
                self._play(p, card)
            case Discard(card):
                self.hands[p].remove(card)
                self._owes_draw = True
                self.discard_pile.append(card)
                self.clue_tokens += 1
                self.events.append(CardDiscarded(p, card))
                self._check_last_copy(card)
            case ColourClue(target, _) | RankClue(target, _):
                free = self.pending is not None
                if free:
                    self.pending = None
                else:
                    self.clue_tokens -= 1
                mask = self._clue_mask(action)
                touched = []
                for o in self.hands[target]:
                    hit = bool(bit(self._identity[o]) & mask)
                    self.knowledge[o] &= mask if hit else ~mask
                    self.clue_history[o].append((self.turn, action, hit))
                    if hit:
                        touched.append(o)
                self.events.append(ClueGiven(p, target, action, tuple(touched), free))
            case Recover(card, position):
                self.pending = None
                self.discard_pile.remove(card)
                if position is None:
                    if self._recover_rng is None:
                        self._recover_rng = random.Random(f"recover/{self.seed}")
                    position = self._recover_rng.randint(0, len(self.draw_pile))
                    action = Recover(card, position)
                self.draw_pile.insert(len(self.draw_pile) - position, card)
                self.events.append(CardRecovered(card, position))
            case Replay(card):
                self.pending = None
                self.discard_pile.remove(card)
                if self.is_playable(self.deck[card]):
                    self.events.append(CardReplayed(card, True))
                    self._add_to_firework(p, card)
                else:
                    self.discard_pile.append(card)
                    self.events.append(CardReplayed(card, False))
        self.actions.append(action)
        self.public_actions.append(Recover(action.card) if isinstance(action, Recover) else action)
        if self.over:
            self.turn += 1  # the action that ends the game completes its turn like any other
        elif self.pending is None:
            if self._owes_draw:
                self._owes_draw = False
                self._draw(p)
            self._end_turn()
        return tuple(self.events[start:])

    def _play(self, player: int, card: int) -> None:
        if self.is_playable(self.deck[card]):
            self._add_to_firework(player, card, announce=True)
            return
        self.discard_pile.append(card)
        self.strikes += 1
        self.events.append(CardMisplayed(player, card, self.strikes))
        if self.strikes >= MAX_STRIKES:
            self._end(EndReason.STRIKEOUT)
        else:
            self._check_last_copy(card)

    def _add_to_firework(self, player: int, card: int, announce: bool = False) -> None:
        c = self.deck[card]
        self.fireworks[c.suit] += 1
        self.played.append(card)
        if announce:
            self.events.append(CardPlayed(player, card, c.suit, c.rank))
        if self.fireworks[c.suit] == 5:
            self.events.append(FireworkCompleted(c.suit))
            if all(n == 5 for n in self.fireworks):
                if not self.variant.flamboyants:  # the usual bonus still counts, as on hanab.live
                    self._gain_clue()
                self._end(EndReason.PERFECT)
            elif self.variant.flamboyants and self.final_turns_left == 1:
                pass  # RULES 7.3: the game's last action reveals no tile and gains no token; the game is over
            else:
                self._completion_bonus()

    def _completion_bonus(self) -> None:
        if not self.tiles:
            self._gain_clue()
            return
        tile = self.tiles.pop(0)
        self.revealed_tiles.append(tile)
        if tile is Tile.CLUE_TOKEN:
            self.events.append(TileRevealed(tile, False))
            self._gain_clue()
        elif tile is Tile.UNDO_ERROR:
            self.events.append(TileRevealed(tile, False))
            if self.strikes > 0:
                self.strikes -= 1
                self.events.append(ErrorTokenReturned(self.strikes))
            self._gain_clue()
        else:
            self.pending = tile
            if self.legal_actions():
                self.events.append(TileRevealed(tile, True))
            else:
                self.pending = None
                self.events.append(TileRevealed(tile, False))
                self.events.append(TileLost(tile))

    def _gain_clue(self) -> None:
        if self.clue_tokens < MAX_CLUE_TOKENS:
            self.clue_tokens += 1
            self.events.append(ClueTokenGained(self.clue_tokens))

    def _check_last_copy(self, card: int) -> None:
        """Final flourish: losing the last copy of a still-needed card loses the game at once."""
        if self.over or not self.variant.final_flourish:
            return
        c = self.deck[card]
        if not self.is_played(c) and self.discarded()[c.identity] >= self.variant.copies[c.identity]:
            self._end(EndReason.LAST_COPY_LOST)

    def _draw(self, player: int) -> None:
        if not self.draw_pile:
            return
        card = self.draw_pile.pop()
        self.hands[player].insert(0, card)
        self.knowledge[card] = self.variant.all_mask
        self.clue_history[card] = []
        self.events.append(CardDrawn(player, card))
        if not self.draw_pile and self.final_turns_left is None and not self.variant.final_flourish:
            self.final_turns_left = self.players + 1  # this turn, then one more for everyone

    def _end_turn(self) -> None:
        self.turn += 1
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
            if self.final_turns_left <= 0:
                self._end(EndReason.DECK_OUT)
                return
        self.current = (self.current + 1) % self.players
        if self.variant.final_flourish and not self.draw_pile:
            for _ in range(self.players):
                if self.hands[self.current] or self.legal_actions():
                    return
                self.events.append(TurnPassed(self.current))
                self.current = (self.current + 1) % self.players
            self._end(EndReason.STALLED)

    def _end(self, reason: EndReason) -> None:
        self.over = True
        self.end_reason = reason
        self.pending = None
        self.events.append(GameEnded(reason, self.score))

    # ------------------------------------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------------------------------------
    def _clue_mask(self, clue: ColourClue | RankClue) -> int:
        return clue_mask(self.variant, clue)

    def _hand_mask(self, player: int) -> int:
        return functools.reduce(operator.or_, map(self._bits.__getitem__, self.hands[player]), 0)

    def clone(self) -> Game:
        """An independent copy (for search and what-if analysis); much faster than deepcopy."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.tiles = list(self.tiles)
        g.revealed_tiles = list(self.revealed_tiles)
        g.hands = [list(h) for h in self.hands]
        g.draw_pile = list(self.draw_pile)
        g.fireworks = list(self.fireworks)
        g.played = list(self.played)
        g.discard_pile = list(self.discard_pile)
        g.knowledge = list(self.knowledge)
        g.clue_history = [list(h) for h in self.clue_history]
        g.actions = list(self.actions)
        g.public_actions = list(self.public_actions)
        g.events = list(self.events)
        if self._recover_rng is not None:
            g._recover_rng = random.Random()
            g._recover_rng.setstate(self._recover_rng.getstate())
        return g

    def __repr__(self) -> str:
        status = self.end_reason.value if self.end_reason else f"turn {self.turn + 1}, {self.names[self.current]} to act"
        return f"<Game {self.variant.name}, {self.players} players, score {self.score}, {status}>"
