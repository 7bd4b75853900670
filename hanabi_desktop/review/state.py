"""A compact, immutable game state for the full-information solver, mirroring the engine's rules.

With every card and the deck order known, a clue changes nothing that matters to the score but the clue tokens:
the solver treats every clue as one move, 'clue' (the engine action it stands for is chosen when a line is
turned back into actions). Everything else follows `engine.game.Game.apply` step by step, every variant
included (5 Flamboyants' tiles, Final flourish's shrinking hands, Black Powder's descending suit);
tests/review/test_state.py plays thousands of random actions through both and checks they agree at every step.

Moves are small tuples: (PLAY, order), (DISCARD, order), (CLUE,), (RECOVER, order), (REPLAY, order).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from hanabi_desktop.engine import Action, ColourClue, Discard, Game, Play, RankClue, Recover, Replay
from hanabi_desktop.engine.cards import ColourClues, identity_of
from hanabi_desktop.engine.events import EndReason, Tile
from hanabi_desktop.engine.game import MAX_CLUE_TOKENS, MAX_STRIKES

PLAY, DISCARD, CLUE, RECOVER, REPLAY = range(5)
Move = tuple[int, ...]


class Deal:
    """What never changes during one game: the variant, the players, every card's identity, the seed."""

    def __init__(self, game: Game) -> None:
        v = game.variant
        self.variant = v
        self.players = game.players
        self.seed = game.seed
        self.ident = tuple(c.identity for c in game.deck)
        self.suit_of = tuple(c.suit for c in game.deck)
        self.rank_of = tuple(c.rank for c in game.deck)
        self.n_suits = len(v.suits)
        # next_ident[s][n]: the identity firework s needs when n cards are on it (-1: complete)
        self.next_ident = tuple(
            tuple(identity_of(s, suit.rank_at(n)) if n < 5 else -1 for n in range(6)) for s, suit in enumerate(v.suits))
        self.copies = v.copies
        self.penalty = 5 * sum(1 for s in v.suits if s.penalty_scoring)
        self.max_score = v.max_score
        self.final_flourish = v.final_flourish
        self.flamboyants = v.flamboyants
        self.empty_clues = v.empty_clues
        self.has_colours = bool(v.clue_colours)
        self.colour_touched = tuple(v.suits[c.suit].colour_clues is not ColourClues.NONE for c in game.deck)
        # first_pos[n][i]: the first deck index >= n holding identity i, else -1. Without 5 Flamboyants the draw
        # pile is always the deck's tail, deck[n:], so this answers 'where is the next copy?' in one look-up.
        n_ids = len(v.copies)
        first_pos = [(-1,) * n_ids]
        for n in range(len(self.ident) - 1, -1, -1):
            row = list(first_pos[-1])
            row[self.ident[n]] = n
            first_pos.append(tuple(row))
        self.first_pos = tuple(reversed(first_pos))

    def playable(self, fw: tuple[int, ...], order: int) -> bool:
        """Would card `order` continue its firework?"""
        return self.next_ident[self.suit_of[order]][fw[self.suit_of[order]]] == self.ident[order]


@dataclass(frozen=True, slots=True)
class State:
    """One moment of a game, as the solver sees it. `pile` lists the draw pile top first."""

    deal: Deal
    fw: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    tokens: int
    strikes: int
    cur: int
    final_left: int | None
    tiles: tuple[Tile, ...] = ()
    pending: Tile | None = None
    end: EndReason | None = None

    @classmethod
    def of(cls, game: Game) -> State:
        """The state of an engine game (a deal made once for it)."""
        return cls.of_deal(Deal(game), game)

    @classmethod
    def of_deal(cls, deal: Deal, game: Game) -> State:
        """The state of `game`, a position of `deal`."""
        return cls(deal, tuple(game.fireworks), tuple(map(tuple, game.hands)), tuple(reversed(game.draw_pile)),
                   tuple(game.discard_pile), game.clue_tokens, game.strikes, game.current, game.final_turns_left,
                   tuple(game.tiles), game.pending, game.end_reason)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Has the game ended?"""
        return self.end is not None

    @property
    def firework_score(self) -> int:
        """Cards on the fireworks, less Black Powder's missing cards."""
        return sum(self.fw) - self.deal.penalty

    @property
    def score(self) -> int:
        """The score as the engine counts it (0 after a strikeout; Final flourish: all or nothing)."""
        if self.end is EndReason.STRIKEOUT:
            return 0
        if self.end is not None and self.deal.final_flourish:
            return self.deal.max_score if self.end is EndReason.PERFECT else 0
        return self.firework_score

    def key(self) -> tuple:
        """What decides the rest of the game: card orders of one identity are interchangeable, and so are all
        cards that can never be played (shown as -1)."""
        d = self.deal
        ident = d.ident
        if d.flamboyants:  # a discarded card may come back: no card is sure to be useless
            hands = tuple(tuple(sorted(map(ident.__getitem__, h))) for h in self.hands)
        else:
            in_pile = d.first_pos[len(ident) - len(self.pile)]
            live = set()
            for h in self.hands:
                live.update(map(ident.__getitem__, h))
            need = set()
            for suit, n in enumerate(self.fw):
                nxt = d.next_ident[suit]
                while n < 5 and (nxt[n] in live or in_pile[nxt[n]] >= 0):
                    need.add(nxt[n])
                    n += 1
            hands = tuple(tuple(sorted(i if i in need else -1 for i in map(ident.__getitem__, h)))
                          for h in self.hands)
        if not self.deal.flamboyants:  # the pile is the deck's tail and the discards follow from the rest
            return self.fw, hands, len(self.pile), self.tokens, self.strikes, self.cur, self.final_left
        return (self.fw, hands, tuple(map(ident.__getitem__, self.pile)), self.tokens, self.strikes, self.cur,
                self.final_left, tuple(sorted(map(ident.__getitem__, self.discard))), self.tiles, self.pending)

    def clue_possible(self, colour: bool | None = None) -> bool:
        """Could the current player give a clue (of a colour: True, a rank: False, either: None) now?"""
        if self.deal.empty_clues:
            return colour is not True or self.deal.has_colours
        others = [o for p, h in enumerate(self.hands) if p != self.cur for o in h]
        if colour is True:
            return self.deal.has_colours and any(map(self.deal.colour_touched.__getitem__, others))
        return bool(others)  # a rank clue touches any card

    def legal(self) -> list[Move]:
        """Every move (clues as one), unpruned, in the engine's order."""
        if self.end is not None:
            return []
        p = self.pending
        if p is Tile.FREE_COLOUR_CLUE or p is Tile.FREE_RANK_CLUE:
            return [(CLUE,)] if self.clue_possible(p is Tile.FREE_COLOUR_CLUE) else []
        if p is Tile.RECOVER:
            moves = [(RECOVER, o) for o in self.discard]
            return moves + [(REPLAY, o) for o in self.discard] if not self.pile else moves
        if p is Tile.REPLAY:
            return [(REPLAY, o) for o in self.discard]
        hand = self.hands[self.cur]
        moves = [(PLAY, o) for o in hand]
        if self.tokens < MAX_CLUE_TOKENS:
            moves += [(DISCARD, o) for o in hand]
        if self.tokens > 0 and self.clue_possible():
            moves.append((CLUE,))
        return moves

    # -- applying --------------------------------------------------------------------------------
    def apply(self, move: Move) -> State:
        """The state after `move` (assumed legal), exactly as the engine would leave it."""
        return _Step(self).run(move)

    def action(self, move: Move, game: Game) -> Action:
        """The engine action `move` stands for in `game` (a game in this state): a clue becomes a real one."""
        kind = move[0]
        if kind == PLAY:
            return Play(move[1])
        if kind == DISCARD:
            return Discard(move[1])
        if kind == RECOVER:
            return Recover(move[1])
        if kind == REPLAY:
            return Replay(move[1])
        return next(a for a in game.legal_actions() if isinstance(a, ColourClue | RankClue))

    @staticmethod
    def move_of(action: Action) -> Move:
        """The move an engine action is."""
        match action:
            case Play(card):
                return (PLAY, card)
            case Discard(card):
                return (DISCARD, card)
            case Recover(card, _):
                return (RECOVER, card)
            case Replay(card):
                return (REPLAY, card)
        return (CLUE,)


class _Step:
    """One move applied to a copy of the state's fields (the engine's `apply`, transcribed)."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.d = s.deal
        self.fw = list(s.fw)
        self.hands = list(s.hands)
        self.pile = s.pile
        self.discard = s.discard
        self.tokens = s.tokens
        self.strikes = s.strikes
        self.cur = s.cur
        self.final_left = s.final_left
        self.tiles = s.tiles
        self.pending = s.pending
        self.end: EndReason | None = None

    def run(self, move: Move) -> State:
        kind = move[0]
        p = self.cur
        if kind == PLAY or kind == DISCARD:
            o = move[1]
            self.hands[p] = tuple(c for c in self.hands[p] if c != o)
            if kind == PLAY:
                self._play(o)
            else:
                self.discard += (o,)
                self.tokens += 1
                self._check_last_copy(o)
        elif kind == CLUE:
            if self.pending is not None:
                self.pending = None
            else:
                self.tokens -= 1
        elif kind == RECOVER:
            o = move[1]
            self.pending = None
            self.discard = _without(self.discard, o)
            position = random.Random(f"recover/{self.d.seed}").randint(0, len(self.pile))
            self.pile = self.pile[:position] + (o,) + self.pile[position:]
        elif kind == REPLAY:
            o = move[1]
            self.pending = None
            self.discard = _without(self.discard, o)
            if self.d.playable(tuple(self.fw), o):
                self._add_to_firework(o)
            else:
                self.discard += (o,)
        if self.end is None and self.pending is None:
            # a clue draws nothing; a play or discard draws, and so does a tile's choice (its play drew nothing)
            if kind != CLUE or self.s.pending is not None:
                self._draw(p)
            self._end_turn()
        return State(self.d, tuple(self.fw), tuple(self.hands), self.pile, self.discard, self.tokens,
                     self.strikes, self.cur, self.final_left, self.tiles, self.pending, self.end)

    def _play(self, o: int) -> None:
        if self.d.playable(tuple(self.fw), o):
            self._add_to_firework(o)
            return
        self.discard += (o,)
        self.strikes += 1
        if self.strikes >= MAX_STRIKES:
            self.end = EndReason.STRIKEOUT
        else:
            self._check_last_copy(o)

    def _add_to_firework(self, o: int) -> None:
        s = self.d.suit_of[o]
        self.fw[s] += 1
        if self.fw[s] == 5:
            if all(n == 5 for n in self.fw):
                if not self.d.flamboyants:
                    self._gain_clue()
                self.end = EndReason.PERFECT
                self.pending = None
            elif not (self.d.flamboyants and self.final_left == 1):  # the game's last action: no tile (7.3)
                self._completion_bonus()

    def _completion_bonus(self) -> None:
        if not self.tiles:
            self._gain_clue()
            return
        tile, self.tiles = self.tiles[0], self.tiles[1:]
        if tile is Tile.CLUE_TOKEN:
            self._gain_clue()
        elif tile is Tile.UNDO_ERROR:
            self.strikes = max(0, self.strikes - 1)
            self._gain_clue()
        else:
            self.pending = tile
            probe = State(self.d, tuple(self.fw), tuple(self.hands), self.pile, self.discard, self.tokens,
                          self.strikes, self.cur, self.final_left, self.tiles, tile, None)
            if not probe.legal():
                self.pending = None  # the tile is lost

    def _gain_clue(self) -> None:
        if self.tokens < MAX_CLUE_TOKENS:
            self.tokens += 1

    def _check_last_copy(self, o: int) -> None:
        if self.end is not None or not self.d.final_flourish:
            return
        d = self.d
        i = d.ident[o]
        s = d.suit_of[o]
        suit = d.variant.suits[s]
        n = self.fw[s]
        rank = d.rank_of[o]
        played = rank > 5 - n if suit.descending else rank <= n
        if not played and sum(d.ident[c] == i for c in self.discard) >= d.copies[i]:
            self.end = EndReason.LAST_COPY_LOST

    def _draw(self, p: int) -> None:
        if not self.pile:
            return
        self.hands[p] = (self.pile[0], *self.hands[p])
        self.pile = self.pile[1:]
        if not self.pile and self.final_left is None and not self.d.final_flourish:
            self.final_left = self.d.players + 1

    def _end_turn(self) -> None:
        if self.final_left is not None:
            self.final_left -= 1
            if self.final_left <= 0:
                self.end = EndReason.DECK_OUT
                return
        players = self.d.players
        self.cur = (self.cur + 1) % players
        if self.d.final_flourish and not self.pile:
            for _ in range(players):
                probe = State(self.d, tuple(self.fw), tuple(self.hands), self.pile, self.discard, self.tokens,
                              self.strikes, self.cur, self.final_left, self.tiles, None, None)
                if self.hands[self.cur] or probe.legal():
                    return
                self.cur = (self.cur + 1) % players
            self.end = EndReason.STALLED


def _without(cards: tuple[int, ...], o: int) -> tuple[int, ...]:
    i = cards.index(o)
    return cards[:i] + cards[i + 1:]


def line_actions(game: Game, moves: list[Move]) -> Iterator[Action]:
    """Apply `moves` to a clone of `game`, yielding the engine action each stands for."""
    g = game.clone()
    deal = Deal(g)
    for m in moves:
        a = State.of_deal(deal, g).action(m, g)
        g.apply(a)
        yield a
