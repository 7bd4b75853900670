"""What one seat may know: the view a bot (or a hot-seat player) acts on.

A `PlayerView` is a snapshot. It holds the other players' cards, but of its own seat's hand only the card
orders and clue knowledge, never the identities: nothing in it (or reachable from it) reveals them.
`PlayerView.spectator(game)` is the face-up view of someone with no seat (replays, all-bot games): every
card in every hand is visible and `seat` is None.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import chain

from hanabi_desktop.engine import board, masks
from hanabi_desktop.engine.actions import Action, ColourClue, RankClue
from hanabi_desktop.engine.cards import Card, bit, identities_in
from hanabi_desktop.engine.events import EndReason, Tile
from hanabi_desktop.engine.game import Game
from hanabi_desktop.engine.knowledge import narrowed, remaining_copies
from hanabi_desktop.engine.variants import Variant


@dataclass(frozen=True)
class PlayerView:
    """Everything seat `seat` may know, at one moment."""

    variant: Variant
    players: int
    seat: int | None  # None: a spectator, who sees every hand
    current: int
    names: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]  # card orders, newest first, for every seat (including our own)
    visible: dict[int, Card]  # identities of every card this seat can see: other hands, played, discarded
    knowledge: dict[int, int]  # clue-knowledge mask of every card in every hand
    clue_history: dict[int, tuple[tuple[int, Action, bool], ...]]
    fireworks: tuple[int, ...]
    discard_pile: tuple[int, ...]
    played: tuple[int, ...]
    clue_tokens: int
    strikes: int
    deck_count: int
    turn: int
    final_turns_left: int | None
    pending: Tile | None
    tiles_left: int
    revealed_tiles: tuple[Tile, ...]
    history: tuple[Action, ...]  # every action so far (recover positions hidden)
    legal: tuple[Action, ...]
    over: bool
    end_reason: EndReason | None
    hand_size: int

    @classmethod
    def spectator(cls, game: Game) -> PlayerView:
        """The face-up view of `game` now, for someone who holds no cards."""
        return cls.of(game, None)

    @classmethod
    def of(cls, game: Game, seat: int | None) -> PlayerView:
        """The view of `seat` on `game` now (None: a spectator's, every card face up).

        This is the hot path of every simulation (a view per seat per turn), so it copies the game's lists
        with C-level calls only (no per-card Python loop) and fills the frozen fields in one step. Nothing in
        the view refers to the game: only copies, and of `seat`'s own cards never the identities.
        """
        deck = game.deck
        hands = tuple(map(tuple, game.hands))
        seen = list(chain.from_iterable(hands if seat is None else hands[:seat] + hands[seat + 1:]))
        seen += game.discard_pile
        seen += game.played
        in_hands = list(chain.from_iterable(hands))
        view = cls.__new__(cls)
        # a frozen dataclass's own __init__ sets each field through object.__setattr__; this is the same result
        view.__dict__.update(
            variant=game.variant,
            players=game.players,
            seat=seat,
            current=game.current,
            names=game.names,
            hands=hands,
            visible=dict(zip(seen, map(deck.__getitem__, seen), strict=True)),
            knowledge=dict(zip(in_hands, map(game.knowledge.__getitem__, in_hands), strict=True)),
            clue_history=dict(zip(in_hands, map(tuple, map(game.clue_history.__getitem__, in_hands)), strict=True)),
            fireworks=tuple(game.fireworks),
            discard_pile=tuple(game.discard_pile),
            played=tuple(game.played),
            clue_tokens=game.clue_tokens,
            strikes=game.strikes,
            deck_count=len(game.draw_pile),
            turn=game.turn,
            final_turns_left=game.final_turns_left,
            pending=game.pending,
            tiles_left=len(game.tiles),
            revealed_tiles=tuple(game.revealed_tiles),
            history=tuple(game.public_actions),
            legal=tuple(game.legal_actions()) if seat is not None and game.current == seat else (),
            over=game.over,
            end_reason=game.end_reason,
            hand_size=game.hand_size,
        )
        return view

    @property
    def my_hand(self) -> tuple[int, ...]:
        """Card orders of this seat's own hand, newest first (a spectator holds none)."""
        return self.hands[self.seat] if self.seat is not None else ()

    def card(self, order: int) -> Card | None:
        """The identity of a card this seat can see, else None."""
        return self.visible.get(order)

    # Derived counts and masks are pure functions of the frozen fields: each is computed once per view, on
    # first use (bots ask for them thousands of times a turn), and handed out as a fresh list where mutable.
    @cached_property
    def _remaining(self) -> tuple[int, ...]:
        return tuple(remaining_copies(self.variant.copies, (c.identity for c in self.visible.values())))

    @cached_property
    def _public_remaining(self) -> tuple[int, ...]:
        visible = self.visible
        return tuple(remaining_copies(
            self.variant.copies, (visible[o].identity for o in self.discard_pile + self.played)))

    @cached_property
    def _discarded(self) -> tuple[int, ...]:
        visible = self.visible
        return tuple(board.discard_counts(self.variant, (visible[o].identity for o in self.discard_pile)))

    @cached_property
    def _playable_mask(self) -> int:
        return masks.playable_mask(self.variant, self.fireworks)

    @cached_property
    def _trash_mask(self) -> int:
        return masks.trash_mask(self.variant, self.fireworks, self._discarded)

    @cached_property
    def _critical_mask(self) -> int:
        return masks.critical_mask(self.variant, self.fireworks, self._discarded)

    @cached_property
    def _holder_remaining(self) -> dict[int, tuple[int, ...]]:
        """By seat: copies of each identity neither that seat nor we can see (filled as asked)."""
        return {}

    def remaining(self) -> list[int]:
        """Copies of each identity this seat cannot see (its own hand and the deck hold them)."""
        return list(self._remaining)

    def empathy(self, order: int) -> int:
        """Identities card `order` in our own hand can still be: clues plus counting what we see."""
        return narrowed(self.knowledge[order], self._remaining)

    def possible(self, order: int) -> list[Card]:
        """`empathy` as a list of cards."""
        return [Card.from_identity(i) for i in identities_in(self.empathy(order))]

    def public_remaining(self) -> list[int]:
        """Copies of each identity that are neither played nor discarded (what everyone can count)."""
        return list(self._public_remaining)

    def public_empathy(self, order: int) -> int:
        """What every player can work out about card `order`: clues plus played and discarded cards."""
        return narrowed(self.knowledge[order], self._public_remaining)

    def holder_empathy(self, order: int) -> int:
        """What the holder of card `order` can know about it (the cards we and they can both see).

        For a card in another hand this is as close as we can get to its holder's own view: they also see
        our hand, which we cannot, so the result may keep identities they have already ruled out.
        """
        holder = next(p for p, h in enumerate(self.hands) if order in h)
        if holder == self.seat:
            return self.empathy(order)
        left = self._holder_remaining.get(holder)
        if left is None:
            theirs = self.hands[holder]
            seen = [c.identity for o, c in self.visible.items() if o not in theirs]
            left = self._holder_remaining[holder] = tuple(remaining_copies(self.variant.copies, seen))
        return narrowed(self.knowledge[order], left)

    def discarded(self) -> list[int]:
        """Copies of each identity in the discard pile."""
        return list(self._discarded)

    def is_playable(self, card: Card) -> bool:
        """Would `card` continue its firework now?"""
        return bool(self._playable_mask >> card.identity & 1)

    def is_trash(self, card: Card) -> bool:
        """Can this card never score?"""
        return bool(self._trash_mask >> card.identity & 1)

    def is_critical(self, card: Card) -> bool:
        """Is this the last copy of a card the display still needs?"""
        return bool(self._critical_mask >> card.identity & 1)

    def known_playable(self, order: int) -> bool:
        """Does the holder know card `order` is playable (every identity it can be is)?"""
        m = self.holder_empathy(order)
        return bool(m) and not m & ~self._playable_mask

    def known_trash(self, order: int) -> bool:
        """Does the holder know card `order` can never score?"""
        m = self.holder_empathy(order)
        return bool(m) and not m & ~self._trash_mask

    def touched(self, clue: ColourClue | RankClue) -> tuple[int, ...]:
        """Orders of the cards `clue` would touch in its target's hand (another seat's: we see those cards)."""
        if clue.target == self.seat:
            raise ValueError("a seat cannot see which of its own cards a clue would touch")
        mask = masks.clue_mask(self.variant, clue)
        return tuple(o for o in self.hands[clue.target] if bit(self.visible[o].identity) & mask)

    def playable_mask(self) -> int:
        """Identities that would continue their firework now (see `engine.masks`)."""
        return self._playable_mask

    def trash_mask(self) -> int:
        """Identities that can never score now."""
        return self._trash_mask

    def critical_mask(self) -> int:
        """Identities of which the last copy is left and still needed."""
        return self._critical_mask

    @property
    def pace(self) -> int:
        """hanab.live's pace, with the best score the discards still allow: the turns the team may still spend
        without playing a card and keep that score within reach."""
        penalty = sum(5 for suit in self.variant.suits if suit.penalty_scoring)  # scored n - 5, counted n here
        best = board.max_reachable(self.variant, self.fireworks, self._discarded) + penalty
        return board.pace(self.variant, self.fireworks, self.deck_count, self.players, best)

    @property
    def full_pace(self) -> int:
        """Pace against the full score (as `Game.full_pace`): what the table's status line shows."""
        return board.pace(self.variant, self.fireworks, self.deck_count, self.players)

    @property
    def firework_score(self) -> int:
        """Points on the fireworks now (as `Game.firework_score`)."""
        return sum(n - 5 if s.penalty_scoring else n for n, s in zip(self.fireworks, self.variant.suits, strict=True))

    @property
    def score(self) -> int:
        """The score by the rules (as `Game.score`): 0 after a strikeout; Final flourish all or nothing at the end."""
        return board.rule_score(self.variant, self.firework_score, self.end_reason)
