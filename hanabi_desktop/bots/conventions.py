"""The `conventions` bot: human-style H-group-like conventions (see `conventions_guide.GUIDE`).

Every seat keeps the same public model of what each clue *means*: a mask of identities per card (its
"convention mask") narrowed from the clue's focus (chop focus or newest new card), read as a play clue or,
on chop, as a save. A giver only gives a clue after reading it the way its receiver will, and only if that
reading makes no one misplay.
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import (
    Action,
    Card,
    ColourClue,
    Discard,
    Play,
    PlayerView,
    RankClue,
    Recover,
    Replay,
    Tile,
    Variant,
)
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.engine.knowledge import narrowed

MISPLAY = -1000.0
CLUE_MIN = 8.0  # a clue worth this much (a card made playable) is given even with the last token
LOW_TOKENS = 2  # with at least this many tokens, any useful clue beats a discard
USEFUL = 0.0  # a clue must be worth more than this to count as useful
DUP = -1000.0  # value of touching a second copy of a card already touched (bad touch)
MOVED_STALL = 3  # with this many tokens, a chop just moved by the previous player's clue is not discarded
TWO_SAVE_VISIBLE = 1.0
PROMPT_VALUE = 8.0  # a clue that prompts a clued card in a third hand: its holder learns it
PRIO_CALLED = 20.0  # above everything else
PRIO_CONNECT = 5.0  # above any rank difference, below the bonus of a 5
NEWCHOP_PENALTY = 3.0
STALL_DECK = 3  # with this few cards left in the deck, a clue (even a stall) beats drawing


@dataclass
class Board:
    """Public facts of one moment as masks of identities: trash, playable now, playable after queued cards."""

    trash: int
    playable: int
    critical: int
    reachable: int  # playable now or once the cards already called in hands are played


def _mask_of(cards: list[int]) -> int:
    out = 0
    for i in cards:
        out |= 1 << i
    return out


def card_bit(card: Card) -> int:
    """The knowledge bit of a card identity."""
    return 1 << card.identity


class ConventionsBot(Bot):
    """Chop, focus, play and save clues, good touch, prompts and finesses: conventions a person can learn."""

    name = "conventions"
    description = "Plays by simple human conventions (chop, clue focus, saves, finesses); the default partner."
    human_style = True

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.conv: dict[int, int] = {}  # card order -> convention mask (identities its clues allow)
        self.finessed: dict[int, int] = {}  # card order -> identity mask it was blind-called as
        self.finesse_for: dict[int, tuple[int, int]] = {}  # blind-called card -> (seat, identity) it leads to
        self.prompt_for: dict[int, tuple[int, int]] = {}  # prompted clued card -> (seat, identity) it leads to
        # card order -> what its holder reads a clue on it as (seeing the other hands), as far as we can tell
        self.private: dict[int, int] = {}
        # card order -> identities it cannot be by good touch: a clued or called card played as X means
        # no other clued or called card is an X
        self.excluded: dict[int, int] = {}
        self.called: set[int] = set()  # cards clued or called when we last looked
        self.seen = 0  # history actions already read
        self.misleading = False  # set by read_clue: the clue just read would start a false finesse
        self.prompted: dict[int, int] = {}  # set by read_clue: cards the clue just read prompts

    # ------------------------------------------------------------------------------------------------
    # Public model
    # ------------------------------------------------------------------------------------------------
    def board(self, view: PlayerView, exclude: int | None = None,
              knowledge: dict[int, int] | None = None) -> Board:
        """Trash/playable/critical masks, and `reachable` using every publicly known called card but `exclude`."""
        v = view.variant
        discarded = view.discarded()
        trash = playable = critical = 0
        for i in range(len(v.copies)):
            c = Card.from_identity(i)
            if view.is_trash(c):
                trash |= 1 << i
            elif view.is_critical(c):
                critical |= 1 << i
            if view.is_playable(c):
                playable |= 1 << i
        queued = 0
        for hand in view.hands:
            for o in hand:
                if o == exclude:
                    continue
                m = self.public_mask(view, o, trash, knowledge)
                if m and m & (m - 1) == 0 and (self.touched(view, o) or o in self.finessed):
                    queued |= m
        reachable = 0
        for s, suit in enumerate(v.suits):
            n = view.fireworks[s]
            while True:
                r = suit.rank_at(n)
                if r is None:
                    break
                b = 1 << (s * 5 + r - 1)
                reachable |= b
                if not queued & b:
                    break
                n += 1
        del discarded
        return Board(trash, playable, critical, reachable & ~trash)

    @staticmethod
    def touched(view: PlayerView, order: int) -> bool:
        """Has any clue touched this card?"""
        return any(hit for _, _, hit in view.clue_history.get(order, ()))

    def public_mask(self, view: PlayerView, order: int, trash: int,
                    knowledge: dict[int, int] | None = None) -> int:
        """What everyone can tell card `order` is: clues, counting of public cards, and conventions."""
        k = (knowledge or view.knowledge).get(order, view.knowledge.get(order, view.variant.all_mask))
        base = narrowed(k, view.public_remaining())
        return self._refine(view, order, base, trash, knowledge is not None and order in knowledge)

    def _refine(self, view: PlayerView, order: int, base: int, trash: int, forced_touch: bool = False,
                private: bool = False) -> int:
        m = base
        conv = self.conv.get(order, view.variant.all_mask) & self.finessed.get(order, view.variant.all_mask)
        if m & conv:
            m &= conv
        if private and m & self.private.get(order, m):
            m &= self.private.get(order, m)
        if forced_touch and order not in self.conv and m & ~trash:
            m &= ~trash  # a card a clue is about to touch: not useless now
        elif m & ~self.excluded.get(order, 0):
            m &= ~self.excluded.get(order, 0)
        return m

    def my_mask(self, view: PlayerView, order: int, trash: int) -> int:
        """What this seat can tell its own card `order` is."""
        return self._refine(view, order, view.empathy(order), trash, private=True)

    def chop(self, view: PlayerView, seat: int) -> int | None:
        """The oldest card no clue touched and not blind-called, in `seat`'s hand."""
        for o in reversed(view.hands[seat]):
            if not self.touched(view, o) and o not in self.finessed:
                return o
        return None

    # ------------------------------------------------------------------------------------------------
    # Reading clues
    # ------------------------------------------------------------------------------------------------
    def finesse_pos(self, view: PlayerView, seat: int) -> int | None:
        """The newest card no clue touched and not already blind-called, in `seat`'s hand."""
        for o in view.hands[seat]:
            if not self.touched(view, o) and o not in self.finessed:
                return o
        return None

    def between(self, view: PlayerView, giver: int, target: int) -> list[int]:
        """Seats after the giver and before the target, in turn order."""
        out = []
        s = (giver + 1) % view.players
        while s != target and s != giver:
            out.append(s)
            s = (s + 1) % view.players
        return out

    def read_clue(self, view: PlayerView, giver: int, clue: ColourClue | RankClue,
                  knowledge: dict[int, int], touched: list[int], before: set[int],
                  ) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """Convention masks a clue sets, blind-play calls it makes (finesses) and the receiver's private
        reading: three {order: mask} maps; `self.prompted` is left holding the cards this clue prompts.

        `before` holds the target's cards touched earlier.
        """
        self.prompted = {}  # a clue read without prompts must not leave an earlier clue's prompts behind
        target = clue.target
        hand = view.hands[target]
        if not touched:
            return {}, {}, {}
        new = [o for o in hand if o in touched and o not in before]
        unclued = [o for o in hand if o not in before and o not in self.finessed]
        chop = unclued[-1] if unclued else None
        if chop is not None and chop in new:
            focus = chop
        elif new:
            focus = new[0]
        else:
            focus = next(o for o in hand if o in touched)
        b = self.board(view, exclude=focus, knowledge=knowledge)
        k = narrowed(knowledge[focus], view.public_remaining())
        if k & ~b.trash:
            k &= ~b.trash
        allowed = b.reachable
        if focus == chop:
            allowed |= b.critical
            if isinstance(clue, RankClue) and clue.rank in (2, 5):
                allowed |= self.variant.rank_masks[clue.rank] & ~b.trash
        # finesse: the focus may be one past what is reachable, the missing card on a finesse position
        # of a player between giver and target (the only one there holding it)
        fin: dict[int, int] = {}
        viable = conns = 0
        seats = self.between(view, giver, target)
        truth = view.card(focus)
        beyond = k & self.beyond(view, b) & ~allowed
        pending = 0  # identities a clued or called card somewhere may be (they could be a prompt instead)
        masks: dict[int, int] = {}
        for h in view.hands:
            for o in h:
                if o != focus and (self.touched(view, o) or o in self.finessed or o in touched):
                    masks[o] = self.public_mask(view, o, b.trash, knowledge)
                    pending |= masks[o]
        prompts: dict[int, int] = {}
        wrong_prompt = False
        for x in identities_in(beyond):
            conn = self.connector(view, b, x)
            if pending & (1 << conn):
                if k & allowed:
                    continue  # the focus may be playable (or saved) as it is: that plain reading comes first
                # prompt: the first clued card (from the seat after the giver, newest first, neither the
                # giver's nor the receiver's) that may be the missing card is it
                p = self.prompt_card(view, giver, target, masks, 1 << conn)
                if p is None:
                    continue
                c = view.card(p)
                if c is not None and c.identity != conn:
                    wrong_prompt = wrong_prompt or (truth is not None and truth.identity == x)
                    continue
                if c is None and not (truth is not None and truth.identity == x):
                    continue  # our own card, but we see the focus is not x: no prompt
                viable |= 1 << x
                if truth is None or truth.identity == x:
                    prompts[p] = 1 << conn
                    self.prompt_for[p] = (target, x)
                continue
            holders = []
            for q in seats:
                o = self.finesse_pos(view, q)
                c = view.card(o) if o is not None else None
                if c is not None and c.identity == conn:
                    holders.append(o)
            mine = self.finesse_pos(view, view.seat)
            if not holders and view.seat in seats and mine is not None and truth is not None and truth.identity == x:
                holders = [mine]
            if len(holders) == 1:
                viable |= 1 << x
                conns |= 1 << conn
                if truth is None or truth.identity == x:
                    fin[holders[0]] = 1 << conn
                    self.finesse_for[holders[0]] = (target, x)
        # a focus one past reachable with no finesse behind it would send the players between into blind plays
        self.misleading = wrong_prompt or (truth is not None and bool((1 << truth.identity) & beyond) and not fin
                                           and not prompts and bool(seats))
        out = {}
        for o in new:  # good touch: no newly clued card was trash when clued
            m = narrowed(knowledge[o], view.public_remaining())
            if m & ~b.trash:
                out[o] = self.conv.get(o, view.variant.all_mask) & m & ~b.trash
        private = {}
        if k & (allowed | beyond):
            out[focus] = k & (allowed | beyond)
            # what the receiver reads, seeing the finesse positions: a possible finesse is assumed
            mine_reading = k & ((allowed & ~conns) | viable)
            if mine_reading:
                private[focus] = mine_reading
            if mine_reading & ~viable:  # the receiver cannot tell a finesse happened: nobody blind-plays
                fin = {}
        else:
            fin = {}
            prompts = {}
        for o, m in prompts.items():
            if m & self.conv.get(o, view.variant.all_mask) & masks[o]:
                out[o] = m
        self.prompted = {o: m for o, m in prompts.items() if o in out}
        return out, fin, private

    def prompt_card(self, view: PlayerView, giver: int, target: int, masks: dict[int, int], bit: int) -> int | None:
        """The card a clue prompts for identity `bit`: first seat after the giver, then newest first."""
        for off in range(1, view.players):
            if (giver + off) % view.players == target:
                continue
            for o in view.hands[(giver + off) % view.players]:
                if o in masks and masks[o] & bit:
                    return o
        return None

    def beyond(self, view: PlayerView, b: Board) -> int:
        """Identities one step past the reachable card of each suit."""
        out = 0
        for s, suit in enumerate(view.variant.suits):
            n = view.fireworks[s]
            while n < 5 and (1 << (s * 5 + suit.rank_at(n) - 1)) & b.reachable:
                n += 1
            if 0 < n < 5 and n - 1 >= view.fireworks[s]:
                r = suit.rank_at(n)
                out |= 1 << (s * 5 + r - 1)
        return out & ~b.trash

    def connector(self, view: PlayerView, b: Board, x: int) -> int:
        """The reachable identity that card identity `x` (one past reachable) waits for."""
        s = x // 5
        suit = view.variant.suits[s]
        r = x % 5 + 1
        return s * 5 + (r + 1 if suit.descending else r - 1) - 1

    def observe(self, view: PlayerView) -> None:
        """Read every new action: clues set convention masks; cards that left hands are forgotten."""
        new = view.history[self.seen:]
        self.seen = len(view.history)
        in_hands = {o for h in view.hands for o in h}
        called = {o for o in in_hands if self.touched(view, o) or o in self.finessed}
        for a in new:
            if isinstance(a, Play) and a.card in self.called and a.card in view.played:
                bit = card_bit(view.visible[a.card])
                for o in called:
                    self.excluded[o] = self.excluded.get(o, 0) | bit
        for d in (self.conv, self.finessed, self.private, self.finesse_for, self.prompt_for, self.excluded):
            for o in [o for o in d if o not in in_hands]:
                del d[o]
        self.called = called
        if len(new) != 1 or not isinstance(new[0], ColourClue | RankClue):
            return
        clue = new[0]
        hand = view.hands[clue.target]
        touched = [o for o in hand if view.clue_history[o] and view.clue_history[o][-1][2]]
        before = {o for o in hand if any(hit for _, _, hit in view.clue_history[o][:-1])}
        giver = (view.current - 1) % view.players if view.pending is None else view.current
        conv, fin, private = self.read_clue(view, giver, clue, view.knowledge, touched, before)
        self.conv.update(conv)
        self.finessed.update(fin)
        self.private.update(private)
        self.called = {o for o in in_hands if self.touched(view, o) or o in self.finessed}

    # ------------------------------------------------------------------------------------------------
    # Giving clues
    # ------------------------------------------------------------------------------------------------
    def needs_save(self, view: PlayerView, order: int, b: Board) -> float:
        """How much saving the visible card `order` (on a chop) is worth; 0 if it may be discarded."""
        card = view.card(order)
        if card is None or (1 << card.identity) & b.trash:
            return 0.0
        if self.duplicated(view, order, card):
            return 0.0
        if (1 << card.identity) & b.critical:
            return 9.0 if card.rank == 5 else 10.0
        suit = view.variant.suits[card.suit]
        if not suit.descending and card.rank == 2:
            if TWO_SAVE_VISIBLE and self.visible_elsewhere(view, order, card):
                return 0.0
            return 5.0
        return 0.0

    def visible_elsewhere(self, view: PlayerView, order: int, card: Card) -> bool:
        """Is another copy of `card` off the chop in a third player's hand (not its holder's, not ours)?"""
        holder = next(p for p, h in enumerate(view.hands) if order in h)
        for p, hand in enumerate(view.hands):
            if p in (holder, view.seat):
                continue
            chop = self.chop(view, p)
            if any(o != chop and view.card(o) == card for o in hand):
                return True
        return False

    def duplicated(self, view: PlayerView, order: int, card: Card) -> bool:
        """Is another copy of `card` already touched or called in some hand (visible to us)?"""
        for hand in view.hands:
            for o in hand:
                if o == order:
                    continue
                c = view.card(o)
                if c == card and (self.touched(view, o) or o in self.finessed):
                    return True
        return False

    def score_clue(self, view: PlayerView, clue: ColourClue | RankClue, b: Board) -> float:
        """Value of a clue when its receiver reads it by the conventions; MISPLAY if it would cause one."""
        v = view.variant
        target = clue.target
        hand = view.hands[target]
        cmask = v.colour_masks[clue.colour] if isinstance(clue, ColourClue) else v.rank_masks[clue.rank]
        touched = [o for o in hand if (1 << view.visible[o].identity) & cmask]
        knowledge = dict(view.knowledge)
        for o in hand:
            knowledge[o] = knowledge[o] & cmask if o in touched else knowledge[o] & ~cmask
        before = {o for o in hand if self.touched(view, o)}
        old = {o: self._refine(view, o, narrowed(view.knowledge[o], view.public_remaining()), b.trash, private=True)
               for o in hand}  # what the receiver already reads each card as
        saved = (dict(self.conv), dict(self.finessed), dict(self.private), dict(self.finesse_for),
                 dict(self.prompt_for))
        updates, fin, private = self.read_clue(view, self.seat, clue, knowledge, touched, before)
        bonus = 14.0 * len(fin)
        for o, m in self.prompted.items():  # a prompted card elsewhere that its holder did not know yet
            if o not in hand and self._refine(view, o, view.public_empathy(o), b.trash, private=True) & ~m:
                bonus += PROMPT_VALUE
        self.conv.update(updates)
        self.private.update(private)
        if self.misleading or (fin and len(fin) != 1):
            self.conv, self.finessed, self.private, self.finesse_for, self.prompt_for = saved
            return MISPLAY
        try:
            return self._value(view, clue, hand, touched, before, knowledge, b, old) + bonus
        finally:
            self.conv, self.finessed, self.private, self.finesse_for, self.prompt_for = saved

    def _value(self, view: PlayerView, clue: ColourClue | RankClue, hand: tuple[int, ...], touched: list[int],
               before: set[int], knowledge: dict[int, int], b: Board, old: dict[int, int]) -> float:
        value = 0.0
        chop = self.chop(view, clue.target)
        seen: set[int] = set()
        for o in hand:
            card = view.visible[o]
            ib = 1 << card.identity
            is_touched = o in touched or o in before
            new_mask = narrowed(knowledge[o], view.public_remaining())
            new_mask = self._refine(view, o, new_mask, b.trash, forced_touch=is_touched, private=True)
            old_mask = old[o]
            if is_touched and not new_mask & ib and not (ib & b.trash and not old_mask & ib):
                return MISPLAY  # a misread, unless the card is useless and was already misread before
            now = new_mask and not new_mask & ~b.playable
            was = old_mask and not old_mask & ~b.playable and (o in before or o in self.finessed)
            if now and not ib & b.playable:
                return MISPLAY
            dup = self.duplicated(view, o, card) or card.identity in seen
            if o in touched and o not in before:
                seen.add(card.identity)
                if ib & b.trash:
                    value -= 4.0
                elif dup:
                    value += DUP
                else:
                    value += 0.5
            if now and not was and not dup:
                value += 10.0 if ib & b.playable else 0.0
                value += 1.0 if card.rank == 5 else 0.0
            elif (is_touched and not dup and new_mask and not new_mask & ~b.reachable
                  and not (old_mask and not old_mask & ~b.reachable and o in before)):
                value += 6.0
            if o == chop and o in touched:
                value += self.needs_save(view, o, b)
        if chop is not None and chop in touched:
            # the chop moves on: a card that then needs saving is left in danger
            after = next((o for o in reversed(hand) if o not in touched and o not in before
                          and o not in self.finessed), None)
            if after is not None and self.needs_save(view, after, b) > 0:
                value -= NEWCHOP_PENALTY
        return value

    def best_clue(self, view: PlayerView, b: Board) -> tuple[float, Action | None]:
        """The legal clue worth most, and its value."""
        best: tuple[float, Action | None] = (MISPLAY, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue):
                s = self.score_clue(view, a, b)
                # nearer partners first: their turn comes sooner
                s -= 0.01 * ((a.target - view.seat) % view.players)
                if s > best[0]:
                    best = (s, a)
        return best

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """Choose a legal action and say why, in convention terms."""
        if self.seen < len(view.history):
            self.observe(view)
        if view.pending is not None:
            return self.choose_tile(view)
        b = self.board(view)
        legal = set(view.legal)
        # 1. known plays
        plays = []
        for slot, o in enumerate(view.my_hand):
            m = self.my_mask(view, o, b.trash)
            if m and not m & ~b.playable and Play(o) in legal:
                prio = self.play_priority(view, m)
                if o in self.finesse_for or o in self.prompt_for:
                    prio += PRIO_CALLED  # someone waits for this one
                prio += PRIO_CONNECT * self.unlocks(view, m, b)
                plays.append((prio, slot, o, m))
        # 2. urgent save for the next player
        nxt = (view.seat + 1) % view.players
        can_clue = view.clue_tokens > 0
        if can_clue and not view.over:
            for off in range(1, view.players):
                fix = self.fix_clue(view, (view.seat + off) % view.players, b)
                if fix is not None:
                    return fix
            save = self.urgent_save(view, nxt, b)
            if save is not None and not (plays and self.has_known_play(view, nxt, b)):
                return save
        if plays:
            plays.sort(reverse=True)
            _, slot, o, m = plays[0]
            if o in self.finesse_for and not self.touched(view, o):
                seat, x = self.finesse_for[o]
                card = view.variant.card_name(Card.from_identity(x))
                return Decision(Play(o), f"finesse: blind play slot {slot + 1} for {view.names[seat]}'s {card}")
            if o in self.prompt_for and len(identities_in(m)) == 1:
                seat, x = self.prompt_for[o]
                card = view.variant.card_name(Card.from_identity(x))
                return Decision(Play(o), f"prompt: playing slot {slot + 1} ({self.describe(m)}) "
                                         f"for {view.names[seat]}'s {card}")
            return Decision(Play(o), f"playing slot {slot + 1}: {self.describe(m)}")
        if can_clue:
            value, clue = self.best_clue(view, b)
            if clue is not None and (value >= CLUE_MIN or (value > USEFUL and view.clue_tokens >= LOW_TOKENS)
                                     or not any(isinstance(a, Discard) for a in legal)):
                return Decision(clue, self.explain_clue(view, clue, b))
            save = None
            for off in range(2, view.players):
                save = save or self.urgent_save(view, (view.seat + off) % view.players, b)
            if save is not None and view.clue_tokens >= 2:
                return save
            if clue is not None and value > MISPLAY / 2 and view.clue_tokens >= MOVED_STALL and self.chop_moved(view):
                prev = view.names[(view.seat - 1) % view.players]
                return Decision(clue, f"my chop just moved, so {prev} has not seen it: stalling with a "
                                      f"{self.explain_clue(view, clue, b)}")
            if 0 < view.deck_count <= STALL_DECK and clue is not None and value > MISPLAY / 2:
                return Decision(clue, f"end-game stall, so the deck lasts: {self.explain_clue(view, clue, b)}")
        return self.discard_or_guess(view, b, legal)

    def chop_moved(self, view: PlayerView) -> bool:
        """Did the previous player's clue just touch my chop, so nobody has looked at my new chop yet?"""
        if not view.history or view.pending is not None:
            return False
        last = view.history[-1]
        if not isinstance(last, ColourClue | RankClue) or last.target != view.seat:
            return False
        chop = self.chop(view, view.seat)
        hand = view.my_hand
        limit = hand.index(chop) if chop is not None else len(hand)
        for o in hand[limit + 1:]:
            hits = [hit for _, _, hit in view.clue_history.get(o, ())]
            if hits and hits[-1] and not any(hits[:-1]):
                return True
        return False

    def unlocks(self, view: PlayerView, mask: int, b: Board) -> int:
        """1 if a clued card in another hand may be the card right after this one (it waits for it)."""
        if len(identities_in(mask)) != 1:
            return 0
        card = Card.from_identity(identities_in(mask)[0])
        suit = view.variant.suits[card.suit]
        nxt = card.rank - 1 if suit.descending else card.rank + 1
        if not 1 <= nxt <= 5:
            return 0
        bit = 1 << (card.suit * 5 + nxt - 1)
        for p, hand in enumerate(view.hands):
            if p != view.seat and any(self.touched(view, o) and view.card(o) is not None
                                      and card_bit(view.card(o)) == bit for o in hand):
                return 1
        return 0

    def play_priority(self, view: PlayerView, mask: int) -> float:
        """Prefer 5s (a clue back), then the lowest ranks (they unlock most)."""
        cards = [Card.from_identity(i) for i in identities_in(mask)]
        rank = max(c.rank for c in cards)
        return (10.0 if rank == 5 and view.clue_tokens < 8 else 0.0) - rank

    def has_known_play(self, view: PlayerView, seat: int, b: Board) -> bool:
        """Does `seat` know of a playable card in its hand (from public information)?"""
        for o in view.hands[seat]:
            m = self._refine(view, o, view.public_empathy(o), b.trash, private=True)
            if m and not m & ~b.playable:
                return True
        return False

    def doomed(self, view: PlayerView, seat: int, b: Board) -> int | None:
        """A card `seat` reads as surely playable (by the conventions) that is not: it would misplay it."""
        for o in view.hands[seat]:
            card = view.card(o)
            m = self._refine(view, o, view.public_empathy(o), b.trash, private=True)
            if card is not None and m and not m & ~b.playable and not card_bit(card) & b.playable:
                return o
        return None

    def fix_clue(self, view: PlayerView, seat: int, b: Board) -> Decision | None:
        """A clue that stops `seat` from misplaying a card it wrongly reads as playable (a fix clue)."""
        if seat == view.seat:
            return None
        o = self.doomed(view, seat, b)
        if o is None:
            return None
        best: tuple[float, Action | None] = (MISPLAY / 2, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat:
                s = self.score_clue(view, a, b)  # a clue that leaves the misread in place scores MISPLAY
                if s > best[0]:
                    best = (s, a)
        if best[1] is None:
            return None
        slot = view.hands[seat].index(o) + 1
        return Decision(best[1], f"fix clue to {view.names[seat]}: {self.clue_text(view, best[1])}, "
                                 f"slot {slot} is not the card they think it is")

    def urgent_save(self, view: PlayerView, seat: int, b: Board) -> Decision | None:
        """A save clue for `seat`'s chop if it holds a card that must not be discarded."""
        if seat == view.seat or self.has_known_play(view, seat, b):
            return None
        chop = self.chop(view, seat)
        if chop is None or self.needs_save(view, chop, b) <= 0:
            return None
        card = view.visible[chop]
        best: tuple[float, Action | None] = (MISPLAY, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat:
                v = view.variant
                cm = v.colour_masks[a.colour] if isinstance(a, ColourClue) else v.rank_masks[a.rank]
                if not cm & (1 << card.identity):
                    continue
                s = self.score_clue(view, a, b)
                if isinstance(a, RankClue) and card.rank in (2, 5):
                    s += 0.5
                if s > best[0]:
                    best = (s, a)
        if best[1] is None or best[0] <= MISPLAY / 2:
            return None
        kind = "5 Save" if card.rank == 5 else "2 Save" if card.rank == 2 else "critical save"
        return Decision(best[1], f"{kind} on {view.names[seat]}'s chop ({self.clue_text(view, best[1])})")

    def discard_or_guess(self, view: PlayerView, b: Board, legal: set[Action]) -> Decision:
        """No play or clue worth giving: discard known trash, then chop, else the least valuable card."""
        hand = view.my_hand
        can_discard = any(isinstance(a, Discard) for a in legal)
        masks = {o: self.my_mask(view, o, b.trash) for o in hand}
        if can_discard:
            for slot, o in enumerate(hand):
                if masks[o] and not masks[o] & ~b.trash:
                    return Decision(Discard(o), f"discarding slot {slot + 1}: known trash")
        endgame = view.deck_count == 0
        if endgame and view.strikes < 2:
            guess = self.best_guess(view, b, masks)
            if guess is not None:
                return guess
        chop = self.chop(view, view.seat)
        ff_risk = view.variant.final_flourish and endgame
        if can_discard and chop is not None and not (ff_risk and masks[chop] & b.critical):
            return Decision(Discard(chop), f"discarding chop (slot {hand.index(chop) + 1}): nothing better to do")
        if chop is None and view.clue_tokens > 0:
            value, clue = self.best_clue(view, b)
            if clue is not None and value > MISPLAY / 2:
                return Decision(clue, f"locked hand, so a clue instead of a discard: {self.explain_clue(view, clue, b)}")
        if can_discard:
            # every card is clued or risky: discard the one least likely to matter
            def risk(o: int) -> tuple[float, int]:
                ids = identities_in(masks[o]) or [0]
                crit = sum(1 for i in ids if (1 << i) & b.critical) / len(ids)
                useful = sum(1 for i in ids if not (1 << i) & b.trash) / len(ids)
                return (crit * 10 + useful, -hand.index(o))
            o = min(hand, key=risk)
            return Decision(Discard(o), f"discarding slot {hand.index(o) + 1}: the least valuable card I hold")
        clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
        if clues:
            value, clue = self.best_clue(view, b)
            clue = clue or clues[0]
            return Decision(clue, self.explain_clue(view, clue, b))
        plays = [a for a in view.legal if isinstance(a, Play)]
        if plays:
            o = max(plays, key=lambda a: self.chance(view, masks[a.card], b))
            return Decision(o, "no clue or discard possible: playing my most likely card")
        return Decision(view.legal[0], "the only action left")

    def chance(self, view: PlayerView, mask: int, b: Board) -> float:
        """Share of a card's possible identities (weighted by copies left) that are playable now."""
        rem = view.remaining()
        ids = identities_in(mask)
        total = sum(max(rem[i], 0) for i in ids)
        good = sum(max(rem[i], 0) for i in ids if (1 << i) & b.playable)
        return good / total if total else 0.0

    def best_guess(self, view: PlayerView, b: Board, masks: dict[int, int]) -> Decision | None:
        """Deck empty, a spare error token: play the card most likely to score, if it is likely enough."""
        best = max(view.my_hand, key=lambda o: self.chance(view, masks[o], b), default=None)
        if best is None:
            return None
        p = self.chance(view, masks[best], b)
        # last round: a misplay costs only an error token we can spare; Final flourish plays on, so care more
        limit = 0.9 if view.variant.final_flourish else 0.01
        if p >= limit:
            return Decision(Play(best), f"end game: slot {view.my_hand.index(best) + 1} is playable "
                                        f"{round(p * 100)}% of the time, worth the risk")
        return None

    # ------------------------------------------------------------------------------------------------
    # Bonus tiles (5 Flamboyants)
    # ------------------------------------------------------------------------------------------------
    def choose_tile(self, view: PlayerView) -> Decision:
        """Pick a bonus tile's choice from `view.legal`."""
        b = self.board(view)
        tile = view.pending
        if tile in (Tile.FREE_COLOUR_CLUE, Tile.FREE_RANK_CLUE):
            value, clue = self.best_clue(view, b)
            clue = clue or view.legal[0]
            return Decision(clue, f"free clue from the bonus tile: {self.explain_clue(view, clue, b)}")
        replays = [a for a in view.legal if isinstance(a, Replay)]
        playable = [a for a in replays if view.is_playable(view.visible[a.card])]
        if playable:
            a = playable[0]
            return Decision(a, f"bonus tile: putting the discarded {self.name_of(view, a.card)} into play")
        recovers = [a for a in view.legal if isinstance(a, Recover)]
        if recovers:
            a = max(recovers, key=lambda r: self.recover_value(view, view.visible[r.card], b))
            return Decision(a, f"bonus tile: shuffling the discarded {self.name_of(view, a.card)} back into the deck")
        a = view.legal[0]
        return Decision(a, "bonus tile: no discarded card fits, so this choice costs nothing")

    def recover_value(self, view: PlayerView, card: Card, b: Board) -> float:
        """How much the display gains from this discarded card coming back."""
        if (1 << card.identity) & b.trash:
            return -1.0
        left = view.public_remaining()[card.identity]
        lost = 20.0 if left == 0 else 0.0
        return lost - card.rank if not view.variant.suits[card.suit].descending else lost - (6 - card.rank)

    # ------------------------------------------------------------------------------------------------
    # Words
    # ------------------------------------------------------------------------------------------------
    def name_of(self, view: PlayerView, order: int) -> str:
        """'red 3' for a visible card."""
        return view.variant.card_name(view.visible[order])

    def describe(self, mask: int) -> str:
        """'known red 3', or 'a card that must be playable' for a mask of several playable identities."""
        ids = identities_in(mask)
        if len(ids) == 1:
            return f"known {self.variant.card_name(Card.from_identity(ids[0]))}"
        ranks = {i % 5 + 1 for i in ids}
        suits = {i // 5 for i in ids}
        if len(ranks) == 1:
            return f"a playable {ranks.pop()} (every {ids[0] % 5 + 1} it can be is playable)"
        if len(suits) == 1:
            return f"the playable {self.variant.suits[suits.pop()].name} card"
        return "every card it can be is playable"

    def clue_text(self, view: PlayerView, clue: Action) -> str:
        """'red', '5'."""
        if isinstance(clue, ColourClue):
            return view.variant.colour_names[clue.colour]
        assert isinstance(clue, RankClue)
        return str(clue.rank)

    def explain_clue(self, view: PlayerView, clue: Action, b: Board) -> str:
        """Why this clue: what it tells its receiver."""
        assert isinstance(clue, ColourClue | RankClue)
        who = view.names[clue.target]
        text = self.clue_text(view, clue)
        hand = view.hands[clue.target]
        v = view.variant
        cm = v.colour_masks[clue.colour] if isinstance(clue, ColourClue) else v.rank_masks[clue.rank]
        touched = [o for o in hand if (1 << view.visible[o].identity) & cm]
        chop = self.chop(view, clue.target)
        if chop in touched and self.needs_save(view, chop, b) > 0:
            card = view.visible[chop]
            kind = "5 Save" if card.rank == 5 else "2 Save" if card.rank == 2 else "critical save"
            return f"{kind} on {who}'s chop: {text}"
        plays = [o for o in touched if view.is_playable(view.visible[o])]
        if plays:
            return f"play clue to {who}: {text}, slot {hand.index(plays[0]) + 1} is playable"  # never name their card
        if touched:
            return f"clue to {who}: {text}, slot {hand.index(touched[0]) + 1} to play later"
        return f"clue to {who}: {text} (touches nothing, a tempo stall)"
