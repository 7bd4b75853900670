"""Scripted human-proxy partners: players written from the H-group pages (hanabi.github.io), not from our bots.

They stand in for people when we measure how a bot copes with a partner who is not its clone. They share no
code with the conventions bot: each reads clues with the few rules a person at that stage knows.

- `BeginnerProxy` ('beginner-proxy'): a careful player who has read the beginner's guide; it blind-plays only into a
  finesse aimed at it.
  Clue focus: the chop if the clue touches it, else the newest newly touched card. A clue off the chop is a play
  clue (maybe delayed, through cards already clued); a clue on the chop is a play clue or a save (a 5 Save is
  number 5 only, a 2 Save number 2 only, a Critical Save either). Other touched cards are good-touch: not the
  card the focus is known to be (a Tempo Clue's too, even if that leaves trash), and useful some day (not a copy
  of a card played since, nor of one clued in another hand, when the later clue's giver saw the earlier card: else
  it may be that copy, then trash; but a card whose suit died since may be it). When later clues leave one card a clue newly touched able to be what
  its focus is, that card is its focus. Nobody sees their own hand: a giver's clued cards it does not know count
  for nothing in its clue, but for one it reads as one card by the conventions (a play clue's focus). A clue that touches no new card is a Tempo Clue: a
  play clue on its leftmost card. A blind play right after a play clue to it, by a player between the giver and
  it, is a Finesse: its focus is then the next card of that suit. It plays a clued card once every
  identity its reading allows is playable, saves a partner's chop (5s with 5, 2s with 2, other last copies with a
  clue that touches no trash), gives plain direct play clues that touch no trash and no duplicate (nor a card one
  of its own clued cards may be: someone else gives that one; with 2 players, by number only), and otherwise
  discards its chop. No clue it gives (play clue, save or stall) makes a third player play a wrong card, reading
  it as a Prompt or a Finesse aimed at them (on the Finesse page a clue asking for a card is read as a promise). Forced to clue (8 tokens), it gives a Tempo Clue to a clued card that plays, else the clue
  least likely to be read as a play; with 2 players, of those, one whose cards are not read as cards they are not,
  that re-touches clued cards (a Fill-In first) or touches only trash its receiver can tell, over one that
  touches new cards (`two_player_risk`). When the next player has no card they know plays (so they will discard
  their chop), it saves that chop before playing. With a locked hand and no clue token it discards the card least
  likely to be needed. It takes a Prompt (the beginner's guide's page): when a play clue to
  someone after it focuses a card that needs one card nobody else can supply, it plays its own leftmost clued
  card that can be it (wherever it sits: the clued player waits for it), and if that card plays as another one, its
next clued card to the right. It takes a Finesse (the beginner's guide's page): when that card is missing and it
plays between the giver and the clued player, with no clued card that can be it and nobody before it holding it
on their finesse position, it blind-plays its finesse position at once; a called card that a later clue shows is not
the card called it does not play. When more of its clued cards read as one card than copies of it are left (good
touch broken), it trusts only the clues and counting for them, but for the focus of a clue.
- `Level2Proxy` ('level2-proxy', in `level2_proxy.py`): the same player after level 2.
- `Level3Proxy` ('level3-proxy', in `level3_proxy.py`): the level-2 player with level 3's Fix Clue.

Each sees only its seat's `PlayerView`; its reading of a clue is computed by `read_clue`, a pure function.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    Variant,
)
from hanabi_desktop.engine.cards import bit, identities_in
from hanabi_desktop.engine.knowledge import narrowed, remaining_copies
from hanabi_desktop.engine.masks import clue_mask

GUESS_ODDS = 0.2  # a person's last-turn guess: worth it when about one time in five it scores


def latest_touched(view: PlayerView, hand: list[int] | tuple[int, ...]) -> list[int]:
    """The cards of `hand` that the latest clue to it touched (`view` after that clue)."""
    return [o for o in hand if view.clue_history[o] and view.clue_history[o][-1][2]]


def touched_before(view: PlayerView, order: int, last: bool = True) -> bool:
    """Had card `order` been touched by a clue before its latest clue (`last`), or ever (not `last`)?"""
    history = view.clue_history[order]
    return any(hit for _, _, hit in (history[:-1] if last else history))


def chop(view: PlayerView, seat: int, exclude: frozenset[int] = frozenset()) -> int | None:
    """`seat`'s chop: its oldest card no clue has touched (and not in `exclude`), or None."""
    for o in reversed(view.hands[seat]):
        if o not in exclude and not touched_before(view, o, last=False):
            return o
    return None


def needed_before(variant: Variant, fireworks: tuple[int, ...], card: Card) -> list[int] | None:
    """Identities that must be played before `card` plays, in order; None if it never will (already played)."""
    suit = variant.suits[card.suit]
    out = []
    n = fireworks[card.suit]
    while True:
        rank = suit.rank_at(n)
        if rank is None:
            return None
        if rank == card.rank:
            return out
        out.append(card.suit * 5 + rank - 1)
        n += 1


def play_order(mask: int, slot: int) -> tuple[int, int, int]:
    """Which of several clued cards known playable a careful player plays first (the smaller key): a 5, then the
    lowest rank, then the rightmost (`slot`, 1-based). `mask`: the identities the card may be."""
    ranks = {i % 5 + 1 for i in identities_in(mask)}
    return -(5 in ranks), min(ranks), -slot


def played_mask(view: PlayerView) -> int:
    """Identities already on the fireworks."""
    mask = 0
    for s, suit in enumerate(view.variant.suits):
        for n in range(view.fireworks[s]):
            mask |= bit(s * 5 + suit.rank_at(n) - 1)
    return mask


def playable_through(view: PlayerView, queued: int) -> int:
    """Identities playable now or once the identities in `queued` have played (a Delayed Play Clue)."""
    mask = 0
    for i in range(len(view.variant.copies)):
        need = needed_before(view.variant, view.fireworks, Card.from_identity(i))
        if need is not None and all(queued & bit(n) for n in need):
            mask |= bit(i)
    return mask


def save_mask(view: PlayerView, clue: ColourClue | RankClue) -> int:
    """Identities a clue on the chop may save: with number 5 every 5, with number 2 every 2, with any clue a
    critical card other than a 5 (a 5 Save is given with number 5 only: colour on a chop 5 is a play clue)."""
    mask = view.critical_mask() & ~view.variant.rank_masks[5]
    if isinstance(clue, RankClue) and clue.rank in (2, 5):
        mask |= view.variant.rank_masks[clue.rank] & ~view.trash_mask()
    return mask


@dataclass(frozen=True)
class Reading:
    """What a clue means to its receiver: the focused card and the identities each touched card may be."""

    focus: int | None  # None: the clue touched nothing (empty clues); a Tempo Clue focuses its leftmost card
    save: bool  # the focus is on the chop and may be a save
    notes: dict[int, int]  # card order -> identities it can be by the convention


@dataclass(frozen=True)
class Asked:
    """A card a clue to someone else asks its reader to play: a 'prompt' or a 'finesse', as an identity."""

    kind: str  # 'prompt' (a clued card) or 'finesse' (the finesse position, blind)
    card: int  # the reader's card that plays
    identity: int  # what it plays as
    focus: int  # the clued card that waits for it


def after_clue(view: PlayerView, clue: ColourClue | RankClue) -> PlayerView:
    """The giver's `view` as it will be right after they give `clue` (to another seat, whose cards they see): the
    target's cards know the clue, it is in the history, a clue token is spent and the next player is to act."""
    mask = clue_mask(view.variant, clue)
    knowledge, history = dict(view.knowledge), dict(view.clue_history)
    for o in view.hands[clue.target]:
        hit = bool(bit(view.visible[o].identity) & mask)
        knowledge[o] &= mask if hit else ~mask
        history[o] = (*history[o], (view.turn, clue, hit))
    return replace(view, knowledge=knowledge, clue_history=history, history=(*view.history, clue),
                   clue_tokens=view.clue_tokens - 1, turn=view.turn + 1,
                   current=(view.current + 1) % view.players, legal=())


def read_clue(view: PlayerView, clue: ColourClue | RankClue, empathy: dict[int, int], queued: int) -> Reading:
    """Read the clue just given (`view` is the state after it) as the beginner's guide says.

    `empathy` holds what the receiver can know of each card in its hand; `queued` the identities clued elsewhere
    that the receiver can count on to be played (for Delayed Play Clues).
    """
    hand = view.hands[clue.target]
    touched = latest_touched(view, hand)
    new = [o for o in touched if not touched_before(view, o)]
    old_chop = next((o for o in reversed(hand) if not touched_before(view, o)), None)
    trash = view.trash_mask()
    notes = {o: empathy[o] & ~trash or empathy[o] for o in touched}
    allowed = playable_through(view, queued)
    if not touched:
        return Reading(None, False, notes)
    # a Tempo Clue (beginner's guide, MCVP): a play clue that gets no new card, on the leftmost re-touched card
    focus = touched[0] if not new else old_chop if old_chop in new else new[0]
    on_chop = bool(new) and focus == old_chop
    if on_chop:
        allowed |= save_mask(view, clue)
    notes[focus] = empathy[focus] & allowed or notes[focus]
    f = notes[focus]
    if f and not f & (f - 1):
        # Good Touch Principle: "Slot 3 was also touched by the clue, but it was not the focus ... Bob marks his
        # slot 3 card as either yellow 4, or yellow 5": no other card the clue touched is the focus's card, even
        # if what is left is trash (a card whose suit died since it was clued)
        for o in touched:
            rest = empathy[o] & ~f
            if o != focus and rest:
                notes[o] = rest & ~trash or rest
    return Reading(focus, on_chop, notes)


class BeginnerProxy(Bot):
    """A careful player who has read the H-group beginner's guide: it blind-plays only into a finesse."""

    name = "beginner-proxy"
    description = ("A stand-in for a careful person who has read the H-group beginner's guide: blind-plays only "
                   "into a finesse; for measuring how bots cope with people.")
    human_style = True
    offered = False  # a stand-in for measuring, not a partner offered in the game
    # Does a partner's clue promise no copy of their own clued card that they knew by the conventions, once it is
    # played (`played_apart`)? The beginner's Good Touch Principle names only a card "already clued in someone
    # else's hand"; level 3 (The Sarcastic Discard) calls a clue a mistake that may copy the giver's own clued card.
    own_good_touch = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.notes: dict[int, int] = {}  # my card -> identities my reading of its clues allows
        self.marked: dict[int, str] = {}  # my card -> 'prompt' or 'finesse' (I was told to play it)
        # my prompted card -> (the identity it was prompted as, the clued card waiting for it): if it plays as
        # another card, the prompt goes on to my next clued card (the beginner's guide, The Prompt)
        self.prompted: dict[int, tuple[int, int]] = {}
        # the focus of each clue given me since my last turn: a blind play before my turn may be for it (a finesse)
        self.awaiting: dict[int, int] = {}  # card -> the giver of that clue
        self.clued: set[int] = set()  # cards any clue had touched when I last looked (a play of another is blind)
        # (what a clue's focus is, the cards it newly touched) of each clue to me whose focus could be more than
        # one of them by clues and counting: the one the clues leave able to be it is the focus (`_focus_found`)
        self.promises: list[tuple[int, tuple[int, ...]]] = []
        # the focus of a direct play clue given me with 2 strikes already made (a careful giver, no strike since)
        self.direct: set[int] = set()
        # my cards that were the focus of a clue to me: the card a clue is about (Single Card Focus), against a card
        # it also touched (`mask`)
        self.focused: set[int] = set()
        # a card I saw clued in a partner's hand -> (the turn of its first clue, its holder): once it is played, is
        # my clued card a copy of it by good touch (`played_apart`)?
        self.first_touch: dict[int, tuple[int, int]] = {}
        # a partner's card in `first_touch` -> the turn from which its holder knew it by the conventions
        # (`convention_since`), kept once it is played: a clue they gave after then promised no copy of it
        self.known_since: dict[int, int] = {}
        # a partner's clued card -> the one card its holder reads it as by the conventions (`_read_convention`)
        self.convention: dict[int, int] = {}
        # a partner's card in `convention` -> the turn of the clue from which its holder has read it as that card: a
        # clue they gave before then promised nothing about it (`clued_apart`)
        self.convention_since: dict[int, int] = {}
        # a partner's clued card -> the identities its holder reads it as by the conventions, whether right or not
        # (`_read_convention`): what a Fix Clue must contradict (level 3, `Level3Proxy.fix_clue`)
        self.read_as: dict[int, int] = {}
        self.fix_read = -1  # the history length at the last clue I read as a Fix Clue (level 3), to me or not
        self.seen = 0
        self.actor = 0  # who acts next, as of the last view read (so: who took the action read next)
        # the last view read: a card that leaves a hand leaves the next view with its clues (`_read_discard`)
        self.before: PlayerView | None = None

    # ------------------------------------------------------------------------------------------------
    # Reading
    # ------------------------------------------------------------------------------------------------
    def observe(self, view: PlayerView) -> None:
        """Read the newest action."""
        self._sync(view)

    def _sync(self, view: PlayerView) -> None:
        if len(view.history) > self.seen:
            self.seen = len(view.history)
            action = view.history[-1]
            if isinstance(action, ColourClue | RankClue):
                self._read(view, action, self.actor)
            elif isinstance(action, Play) and self.actor != view.seat:
                self._read_blind_play(view, action, self.actor)
            elif isinstance(action, Play) and action.card in self.prompted:
                self._prompt_goes_on(view, action.card)
            elif isinstance(action, Discard) and self.actor != view.seat and self.before is not None:
                self._read_discard(view, action, self.actor, self.before)
            if self.actor == view.seat:
                self.awaiting.clear()
            self._focus_found(view)
        self.actor = view.current
        self.before = view
        mine = set(view.my_hand)
        self.notes = {o: m for o, m in self.notes.items() if o in mine}
        self.marked = {o: k for o, k in self.marked.items() if o in mine}
        self.awaiting = {o: g for o, g in self.awaiting.items() if o in mine}
        self.prompted = {o: p for o, p in self.prompted.items() if o in mine}
        self.direct &= mine
        self.focused &= mine
        held = {o for h in view.hands for o in h}
        self.convention = {o: i for o, i in self.convention.items() if o in held}
        self.convention_since = {o: t for o, t in self.convention_since.items() if o in self.convention}
        self.read_as = {o: m for o, m in self.read_as.items() if o in held}
        self.clued = {o for h in view.hands for o in h if touched_before(view, o, last=False)}
        for p, hand in enumerate(view.hands):
            for o in hand:
                if p != view.seat and o in self.clued and o not in self.first_touch:
                    self.first_touch[o] = (next(t for t, _, hit in view.clue_history[o] if hit), p)
                if o in self.convention and self.convention[o] == view.visible[o].identity:
                    self.known_since.setdefault(o, self.convention_since[o])

    def queued(self, view: PlayerView, exclude: int, skip: frozenset[int] = frozenset(),
               giver: int | None = None, reader: int | None = None, acting: bool = False) -> int:
        """Identities clued in hands other than `exclude`'s that will play some day, as `reader` (default: me)
        counts them: mine, the ones I know exactly (from my reading of their clues and what the clues say now);
        another reader's own, and mine as they count them, those the clues tell their holder exactly. The `giver`
        of a clue cannot see their own hand: their clued cards count only when they know them exactly, by the
        clues or by the conventions (`_read_convention`): a clue cannot connect through, or avoid a copy of, a
        card its giver does not know they hold. With `acting`, mine count only as I would play them (`played_as`)."""
        mask = 0
        trash = view.trash_mask()
        mine = reader in (None, view.seat)
        for p, hand in enumerate(view.hands):
            if p == exclude:
                continue
            for o in hand:
                if p == view.seat and mine:
                    m = self.mask(view, o) if o in self.notes and o not in skip else 0
                    if m and not m & (m - 1) and not m & trash:
                        mask |= m
                elif not touched_before(view, o, last=False):
                    continue
                elif p in (reader, view.seat):  # the reader's cards, or mine as the reader counts them: by clues
                    m = view.holder_empathy(o) if p == reader else self.known_to_both(view, o, reader)
                    if p == view.seat and acting:
                        m |= self.played_as(view, o)  # one card only if I would play it as that one
                    if not m & (m - 1) and not m & trash:
                        mask |= m
                elif not view.is_trash(view.visible[o]):
                    m = view.holder_empathy(o)
                    if p != giver or not m & (m - 1) or self.convention.get(o) == view.visible[o].identity:
                        mask |= bit(view.visible[o].identity)
        return mask

    def played_as(self, view: PlayerView, order: int) -> int:
        """What I would play my clued card `order` as (`play`): my reading, but with 2 strikes only what its clues
        prove unless a direct play clue given with the strikes made, a Prompt or a Finesse told me to play it."""
        if view.strikes >= 2 and order not in self.direct and order not in self.marked:
            return view.empathy(order)
        return self.mask(view, order)

    def known_to_both(self, view: PlayerView, order: int, reader: int) -> int:
        """What `reader` can count on my knowing of my clued card `order`: my reading of its clues (the conventions
        are public: a Delayed Play Clue's focus is the card that plays through the cards clued before it), narrowed
        by the cards we both see. Not by the cards in their hand: they cannot see those (deal s24x/74, turn 43: I
        counted my yellow card as the yellow 4 by the yellow 3 and yellow 5 in Cathy's hand, and clued her 5 as a
        Delayed Play Clue through it)."""
        seen = [c.identity for o, c in view.visible.items() if o not in view.hands[reader]]
        m = narrowed(view.knowledge[order], remaining_copies(view.variant.copies, seen))
        return m & self.notes.get(order, m) or m

    def _read(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        target = clue.target
        if target == view.seat:
            empathy = {o: self.notes.get(o, view.variant.all_mask) & view.empathy(o) or view.empathy(o)
                       for o in view.my_hand}
            # a Delayed Play Clue may connect through my own clued cards, those I know exactly
            reading = read_clue(view, clue, empathy, self.queued(view, -1, giver=giver))
            self.notes.update(reading.notes)
            played = played_mask(view)
            dead = view.trash_mask() & ~played
            for o in reading.notes:
                # a card clued before may still be a copy of a played card good touch does not rule out, or a card
                # whose suit died since it was clued (it is then trash): the new clue's reading does not make it
                # useful (Good Touch Principle: a clue promises only the cards it newly touches; deal s24x/52,
                # 2 players, turn 41: a 5 Save on my chop also touched my blue 5, saved before both blue 2s were
                # discarded; I read it as the red 5 and misplayed it)
                if o != reading.focus and touched_before(view, o):
                    self.notes[o] |= empathy[o] & (played & ~self.played_apart(view, o) | dead)
            if reading.focus is not None:
                self.focused.add(reading.focus)
                f = reading.notes[reading.focus]
                if view.strikes >= 2 and f and not f & ~view.playable_mask() and not reading.save:
                    self.direct.add(reading.focus)
                new = tuple(o for o in view.my_hand if view.clue_history[o][-1:] and view.clue_history[o][-1][2]
                            and not touched_before(view, o))
                if sum(1 for o in new if view.empathy(o) & f) > 1:
                    self.promises.append((f, new))
            # a play clue, on the chop too when read as a playable card or as a card no save is for (the beginner's
            # guide saves only 5s, 2s and critical cards): a blind play before my turn may then connect to it. A
            # Critical Save's card too, when the clue leaves it able to be a card one away from playable: a blind
            # play right after it is a Finesse on it (The Finesse: "a blind-play immediately happened after the
            # clue"; deal s24x/236, turn 35: 3 on my chop, read as the critical yellow 3, the white 3 needing the
            # white 2; Cathy blind-played the white 2, and I played my other 3, the yellow 3, as the white 3)
            playable = view.playable_mask()
            one_away = playable_through(view, playable) & ~playable
            if reading.focus is not None and (not reading.save or reading.notes[reading.focus]
                                              & (playable | ~save_mask(view, clue))
                                              or not (isinstance(clue, RankClue) and clue.rank in (2, 5))
                                              and view.empathy(reading.focus) & one_away):
                self.awaiting[reading.focus] = giver
            return
        self._read_convention(view, clue, giver)
        if giver != view.seat:
            self._read_prompt(view, clue, giver)

    def _read_convention(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """The one card a clue to a partner tells them their focused card is, by the conventions, when it is that
        card: they know it as well as by the clues (the Delayed Play Clue page: "Bob knows that he has the red 1
        ... Cathy knows that her red card must be the red 2"), and a clue they give later may connect through it
        or avoid its copies (deal h31/64, turn 12: Cathy clued white on my white 3 after her white 2, the focus of
        a delayed play clue through Bob's white 1; I read mine as the white 2)."""
        target = clue.target
        reading = read_clue(view, clue, {o: view.holder_empathy(o) for o in view.hands[target]},
                            self.queued(view, target, giver=giver, reader=target))
        if reading.focus is None:
            return
        # good touch as the holder sees it: not a card clued in another hand ("Cathy knows that her red card must
        # be the red 2", Bob holding the clued red 1), in the giver's only if they know it
        others = 0
        for p, hand in enumerate(view.hands):
            for o in hand if p not in (target, view.seat) else ():
                m = view.holder_empathy(o)
                if touched_before(view, o, last=False) and (p != giver or not m & (m - 1)
                                                            or self.convention.get(o) == view.visible[o].identity):
                    others |= bit(view.visible[o].identity)
        f = reading.notes[reading.focus] & ~others or reading.notes[reading.focus]
        for o, m in {**reading.notes, reading.focus: f}.items():
            # Information Lock (level 3): a later clue only narrows the reading, unless it contradicts it
            self.read_as[o] = self.read_as.get(o, m) & m or m
        identity = view.visible[reading.focus].identity
        if f == bit(identity):
            if self.convention.get(reading.focus) != identity:
                self.convention_since[reading.focus] = view.turn - 1
            self.convention[reading.focus] = identity

    def _focus_found(self, view: PlayerView) -> None:
        """Single Card Focus: a clue has one focus, the card its reading is about; of the cards a clue to me newly
        touched, once the clues and counting leave only one that can be what its focus is, that one is the focus,
        whichever I took for it (a card I took for it that a later clue shows is something else is not it)."""
        hand, played = set(view.my_hand), played_mask(view)
        keep = []
        for f, cards in self.promises:
            if not hand.issuperset(cards) or not f & ~played:
                continue  # a card left my hand (played or discarded), or what it promised is played: it is over
            can = [o for o in cards if view.empathy(o) & f]
            if len(can) == 1:
                o = can[0]
                self.notes[o] = view.empathy(o) & f
            elif can:
                keep.append((f, cards))
        self.promises = keep

    def _prompt_goes_on(self, view: PlayerView, played: int) -> None:
        """The Prompt (beginner's guide): "if the leftmost card is not the correct one, the player should continue
        to play his clued cards (left to right) until the expected card is found". My prompted card `played` was
        not the card the clued card waits for (it is still unplayed): my next clued card to its right that can be
        it is, while that clued card is still in a hand."""
        m, focus = self.prompted.pop(played)
        if played_mask(view) & bit(m) or not any(focus in hand for hand in view.hands):
            return
        for o in view.my_hand:
            # an older card (drawn before, so a lower order) is to the right of the one played
            if o < played and touched_before(view, o, last=False) and o not in self.marked \
                    and self.mask(view, o) & bit(m):
                self.notes[o] = bit(m)
                self.marked[o] = "prompt"
                self.prompted[o] = (m, focus)
                return

    def _read_blind_play(self, view: PlayerView, play: Play, player: int) -> None:
        """Beginner's guide, the Finesse: "Cathy sees that a blind-play immediately happened after the red clue, she
        knows she must have the next card": a blind play (of a card no clue touched) between a play clue to me and
        my turn, by a player between the giver and me, makes my focused card the one that play connects to (in its
        suit, playable now)."""
        if play.card not in view.played or play.card in self.clued:
            return
        card = view.visible[play.card]
        suit = sum(bit(i) for i in range(len(view.variant.copies)) if Card.from_identity(i).suit == card.suit)
        for o, giver in sorted(self.awaiting.items()):
            # the clued cards it may connect through, as the giver counts them: not a card of theirs they do not
            # know (deal t40/401, turn 5: Bob's red on my red 2, red at 0, Cathy's red 1 blind-played; Bob's 2 I
            # had saved was the red 2, unknown to him, and I read mine as the red 2 or 3, later the 3)
            queued = self.queued(view, -1, skip=frozenset(self.awaiting), giver=giver)
            m = view.empathy(o) & playable_through(view, queued) & suit
            between = 0 < (player - giver) % view.players < (view.seat - giver) % view.players
            if m and between:
                self.notes[o] = m
                if not m & (m - 1):
                    # good touch: the other cards that clue newly touched are not the focus's card
                    turn = view.clue_history[o][-1][0]
                    for c in view.my_hand:
                        if c != o and c in self.notes and any(t == turn and hit for t, _, hit in view.clue_history[c]) \
                                and not touched_before(view, c):
                            self.notes[c] = self.notes[c] & ~m or view.empathy(c) & ~view.trash_mask() & ~m \
                                or self.notes[c]
        self.awaiting.clear()

    def _read_discard(self, view: PlayerView, discard: Discard, discarder: int, before: PlayerView) -> None:
        """A partner's discard (`view` after it, `before` the view before it): the beginner and the level-2 player
        read nothing from it; level 3 reads the Sarcastic Discard (`Level3Proxy`)."""

    def _read_prompt(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """A play clue to someone else that asks me for a card: a Prompt or a Finesse (`prompt_reading`)."""
        asked = self.prompt_reading(view, clue, giver, view.seat)
        if asked is not None:
            self.notes[asked.card] = bit(asked.identity)
            self.marked[asked.card] = asked.kind
            if asked.kind == "prompt":
                self.prompted[asked.card] = (asked.identity, asked.focus)

    def play_clue_asks(self, view: PlayerView, clue: ColourClue | RankClue, giver: int,
                       reader: int) -> tuple[Reading, list[int]] | None:
        """`clue` (to someone else, `view` the state after it) as `reader` reads it: None when its focus is no play
        clue (no focus, trash, playable now, or a save); else the reading and the identities its focus needs
        played first that `reader` cannot count as clued or queued anywhere (nobody sees their own hand: nor does
        the giver)."""
        reading = read_clue(view, clue, {o: view.holder_empathy(o) for o in view.hands[clue.target]},
                            self.queued(view, clue.target, giver=giver, reader=reader))
        if reading.focus is None:
            return None
        card = view.visible[reading.focus]
        if view.is_trash(card) or view.is_playable(card):
            return None
        if reading.save and save_mask(view, clue) & bit(card.identity):
            return None  # a save, not a play clue
        need = needed_before(view.variant, view.fireworks, card) or []
        queued = self.queued(view, -1, giver=giver, reader=reader)
        return reading, [n for n in need if not queued & bit(n)]

    def prompt_reading(self, view: PlayerView, clue: ColourClue | RankClue, giver: int,
                       reader: int) -> Asked | None:
        """How `reader` (me, or a partner as I see them when I give `clue`) reads a play clue to someone else on a
        card that needs one card no one else can give: it is in the reader's hand, a Prompt (beginner's guide:
        their leftmost clued card that can be it plays) or, when they play before the clued player, a Finesse
        (beginner's guide: they blind-play their finesse position). `view` is the state after the clue. A partner
        knows their own cards by their clues only (what I can count of them), and I do not know which of their
        cards they already hold as prompted or finessed."""
        target = clue.target
        mine = reader == view.seat
        asks = self.play_clue_asks(view, clue, giver, reader)
        if asks is None:
            return None
        reading, missing = asks
        if len(missing) != 1:
            return None
        m = missing[0]
        between = [(giver + k) % view.players for k in range(1, (target - giver) % view.players)]
        for p in between:  # someone before the target who can see it on their finesse position plays it
            if p == reader:
                continue
            fin = chop_finesse(view, p)
            if fin is not None and view.visible[fin].identity == m:
                return None
        # a prompt: the reader's leftmost clued card that can be it. The Prompt page's reasoning ("Bob does not see
        # a red 3 clued in anyone else's hand. So, Alice must be promising him that his unknown red card is red 3")
        # holds wherever they sit: the clued player waits for their card (a Delayed Play Clue), even when they play
        # after them
        marked = self.marked if mine else {}
        for o in view.hands[reader]:
            known = self.mask(view, o) if mine else view.holder_empathy(o)
            if touched_before(view, o, last=False) and o not in marked and known & bit(m):
                return Asked("prompt", o, m, reading.focus)
        if reader not in between:
            return None  # a finesse is only on a player before the clued one (they see no blind play otherwise)
        target_fin = chop_finesse(view, target)
        if target_fin is not None and view.visible[target_fin].identity == m:
            return None  # level 2, The Self-Finesse: the reader sees it on the clued player's own finesse position
        fin = chop_finesse(view, reader, frozenset(marked))
        if fin is None:
            return None
        # the beginner's guide, The Finesse: "he is promised that his left-most unclued card is the red 3 ... Bob
        # blind-plays his slot 1 card"
        return Asked("finesse", fin, m, reading.focus)

    def misleads(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Would `clue`, given by me now, make a third player play a card it is not, reading it as a Prompt or a
        Finesse aimed at them? The Finesse page: "Assuming Alice is not making a mistake, this clue implies that
        someone has the red 3" and "he is promised that his left-most unclued card is the red 3"; the Prompt page:
        "It is the responsibility of the player giving the clue to ensure that all those previous cards will play
        successfully". As they would read it (`prompt_reading`, the reading I use as a receiver), the card they
        would play must be the one asked."""
        if view.players < 3:
            return False
        after = after_clue(view, clue)
        for p in range(view.players):
            if p in (view.seat, clue.target):
                continue
            asked = self.prompt_reading(after, clue, view.seat, p)
            if asked is not None and after.visible[asked.card].identity != asked.identity:
                return True
        return False

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def mask(self, view: PlayerView, order: int) -> int:
        """What my card `order` can be: my reading narrowed by what I can count (re-read if it went stale)."""
        m = self.read_mask(view, order)
        if m and not m & (m - 1) and order in self.notes:
            # Good Touch Principle (beginner's guide): a clue touching two cards as the same one "would violate Good
            # Touch Principle, since the red 4's would be duplicated in Bob's hand". When more of my clued cards
            # read as one card than copies of it are left, someone broke good touch (or I misread): I trust only the
            # clues and counting for each, as when a reading is gone (deal s24x/99, turn 39: my two blue cards both
            # read as the last blue 4, the blue 3 ruled out by Alice's blue clue on Bob's blue 3; I played the blue
            # 3 as the blue 4), unless the ones a clue was about (its focus) are enough: a card "touched by the
            # clue, but ... not the focus" is not the focus's card (deal h31/84, turn 27: a 2 Save on my chop, the
            # blue 2, also touched a yellow 2 on slot 1)
            same = [o for o in view.my_hand if o in self.notes and self.read_mask(view, o) == m]
            left = view.remaining()[m.bit_length() - 1]
            focused = [o for o in same if o in self.focused]
            if len(same) > left and (order not in focused or len(focused) > left):
                return view.empathy(order)
        return m

    def read_mask(self, view: PlayerView, order: int) -> int:
        """What my card `order` can be by my reading of its clues alone (`mask` checks it against my other cards)."""
        empathy = view.empathy(order)
        note = self.notes.get(order)
        if note is None:
            return empathy
        # good touch: a clued card is not a copy of a card played since (that was the other copy, see
        # `played_apart`), nor of a card clued in another hand when a clue promised it (see `apart`), but a card
        # whose suit died since it was clued may still be it
        live = note & empathy & ~self.played_apart(view, order)
        apart = self.clued_apart(view, order)
        if live & ~apart:
            return live & ~apart
        if live:
            # a later clue by a giver who saw my card touched the card my reading says it is: my reading was
            # wrong, it is what the clues, counting and good touch leave
            return empathy & ~self.played_apart(view, order) & ~apart or live
        # every identity the reading allowed is gone (a copy was played, or it was misread): trust only the
        # clues and counting from now on
        return empathy

    def played_apart(self, view: PlayerView, order: int) -> int:
        """Identities played that my clued card `order` is not a copy of by good touch: all of them, but a card
        clued in a partner's hand whose later clue's giver could not see the earlier card (I clued theirs after
        mine was clued, or they clued mine after theirs was): mine may be its copy, then trash (Good Touch
        Principle: "the clued card is ... a duplicate": a card that can only be a played one is trash)."""
        mask = played_mask(view)
        mine = next((t for t, _, hit in view.clue_history[order] if hit), None)
        if mine is None:
            return mask
        for o in view.played:
            if o not in self.first_touch:
                continue
            theirs, p = self.first_touch[o]
            if self.own_good_touch and theirs < mine and self.known_since.get(o, mine) < mine:
                continue  # its holder knew it by the conventions when they clued mine (as `clued_apart`)
            if max(mine, theirs) % view.players == (view.seat if theirs > mine else p):
                mask &= ~bit(view.visible[o].identity)
        return mask

    def clued_apart(self, view: PlayerView, order: int) -> int:
        """Identities of cards clued in other hands that my clued card `order` cannot be by good touch: the later
        of the two clues promised no copy of the earlier card, if its giver could see that card (nobody sees
        their own hand, so a clue I gave promises nothing about my cards, nor one its holder gave, unless they knew
        it by the conventions, `_read_convention`)."""
        mine = next((t for t, _, hit in view.clue_history[order] if hit), None)
        if mine is None:
            return 0
        mask = 0
        for p, hand in enumerate(view.hands):
            if p == view.seat:
                continue
            for o in hand:
                theirs = next((t for t, _, hit in view.clue_history[o] if hit), None)
                if theirs is None:
                    continue
                giver = max(mine, theirs) % view.players
                if giver != (view.seat if theirs > mine else p) or (
                        theirs < mine and self.convention.get(o) == view.visible[o].identity
                        and self.convention_since[o] < mine):
                    # (its holder knew it by the conventions when they clued mine: not from a clue after theirs,
                    # deal s24x/52, turn 39: Alice learned her card was the blue 2 at turn 38, after her blue clue
                    # to me at turn 28, and I read mine as not the blue 2)
                    mask |= bit(view.visible[o].identity)
        return mask

    def decide(self, view: PlayerView) -> Decision:
        """Play what I know plays, save a chop, give a direct play clue, else discard my chop."""
        self._sync(view)
        legal = set(view.legal)
        if view.pending is not None:
            return self.tile(view)
        # The Finesse, Finesse Urgency: "if a player is Finessed, they should usually blind-play the card
        # immediately, even if they have other important cards to play or some good clue to give"
        blind = self.play(view, {a for a in legal if not isinstance(a, Play) or self.marked.get(a.card) == "finesse"})
        if blind is not None:
            return blind
        fix = self.fix_clue(view, legal)
        if fix is not None:
            return fix
        nxt = (view.seat + 1) % view.players
        # (in the last round a save keeps nothing: nobody draws again, and my play scores)
        if view.final_turns_left is None and not any(view.known_playable(o) for o in view.hands[nxt]):
            # the next player has nothing to play, so they will discard their chop: save it before playing
            urgent = self.save(view, legal, seats=(nxt,))
            if urgent is not None:
                return urgent
        for choose in (self.play, self.last_turn_guess, self.final_round_clue, self.save, self.play_clue,
                       self.sarcastic_discard, self.discard, self.stall):
            decision = choose(view, legal)
            if decision is not None:
                return decision
        return self.forced(view)

    def play(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """A card I know is playable (by clues and counting, or by a prompt or finesse I read)."""
        for o in [o for o in self.marked if not self.notes.get(o, 0) & view.empathy(o)]:
            # a clue since shows my called card cannot be the card called (by what it does not touch too): the call
            # is off, as a Prompt that plays another card is (The Prompt: the expected card is elsewhere). Deal
            # s24x/15, turn 26 (level-3 stand-ins): after a white clue to Bob I took my white card as the white 1;
            # Bob's 1 clue then touched another card of mine, and I still played my white card, a white 2, as the 1
            del self.marked[o]
            self.prompted.pop(o, None)
            self.notes.pop(o, None)
        playable = view.playable_mask()
        best: tuple[tuple[int, ...], int, str] | None = None
        for slot, o in enumerate(view.my_hand, start=1):
            if Play(o) not in legal:
                continue
            kind = self.marked.get(o)
            if kind is not None:
                m = self.notes.get(o, 0)
                if m and not m & ~playable:
                    why = f"playing slot {slot} into the {kind}: {self.describe(m)}"
                    key = (0, 0, 0)
                elif m and not m & ~playable_through(view, self.queued(view, view.seat)):
                    # the card called plays after a card clued in another hand (the Delayed Play Clue's logic: the
                    # clued cards before it play first): I keep it and play it then (deal s24x/111, turn 14: blue
                    # on Alice's blue 4 with her blue 2 known, and my blue 3 on my finesse position; I dropped the
                    # call at my next turn, blue at 1, and discarded)
                    continue
                else:
                    del self.marked[o]
                    continue
            else:
                if not touched_before(view, o, last=False):
                    continue  # never blind: only clued cards
                # one more strike ends the game: with 2 strikes only what clues and counting prove, or a direct
                # play clue given with 2 strikes made (deal h31/209, 2 players, turn 37: yellow on my yellow 3,
                # yellow at 2; I never played it and Bob re-clued it three times)
                m = self.played_as(view, o)
                if not m or m & ~playable:
                    continue
                why = f"playing slot {slot}: {self.describe(m)}"
                key = (1, *play_order(m, slot))
            if best is None or key < best[0]:
                best = (key, o, why)
        return None if best is None else Decision(Play(best[1]), best[2])

    def fix_clue(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """A Fix Clue on a partner's clued card they would misplay: level 3 teaches it (`Level3Proxy`), the
        beginner and the level-2 player give none."""
        return None

    def sarcastic_discard(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """A discard of my clued card that a partner's clued card duplicates, instead of my chop: level 3 teaches it
        (`Level3Proxy`), the beginner and the level-2 player give none."""
        return None

    def last_turn_guess(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """My last turn of the game and a spare error token: nothing I do later can use this card, so a person
        plays the clued card of theirs most likely to score (never an unclued one: no blind play)."""
        if view.final_turns_left is None or view.final_turns_left > view.players or view.strikes >= 2:
            return None
        playable, rem = view.playable_mask(), view.remaining()

        def odds(o: int) -> float:
            ids = identities_in(self.mask(view, o))
            total = sum(max(rem[i], 0) for i in ids)
            return sum(max(rem[i], 0) for i in ids if playable & bit(i)) / total if total else 0.0

        plays = [o for o in view.my_hand if Play(o) in legal and touched_before(view, o, last=False)]
        best = max(plays, key=odds, default=None)
        if best is None or odds(best) < GUESS_ODDS:
            return None
        return Decision(Play(best), f"my last turn: slot {view.my_hand.index(best) + 1} plays "
                                    f"{round(odds(best) * 100)}% of the time, and an error cannot lose the game",
                        guess=True)

    def final_round_clue(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """The deck is gone (or its last card is the next one drawn): a play clue to the nearest partner who still
        has a turn and knows no card to play, on a card that plays now and that they will read as playable, or
        that the clue shows them plays by the clues alone. Nobody draws again, so good touch no longer
        matters (a card touched besides the focus is never played or kept for later), and a save saves nothing:
        only a play scores (deal h31/3, 3 players, turn 55: Bob held the green 2, the one card still to play; I
        discarded a trash card, and Bob misplayed a green 1 on his last turn). A guess of mine comes first: the
        partner guesses too when they know no play, so my clue adds less than a point, and a guess may also make a
        card they know playable (deal s24x/234, 2 players, turn 66: my red 4 guess, 67%, then Alice's blue 4)."""
        left = view.final_turns_left
        if left is None and view.deck_count == 1:
            left = view.players  # the next card drawn is the last: everyone, the receiver too, has a turn after it
        if left is None or view.clue_tokens == 0:
            return None
        seats = tuple((view.seat + step) % view.players for step in range(1, min(left, view.players)))
        if not seats:
            return None
        careful = self.play_clue(view, legal, seats=seats, now=True)
        if careful is not None:
            return careful  # one that keeps good touch, as any other turn
        playable = view.playable_mask()
        for p in seats:
            if any(view.known_playable(o) or o in self.read_as and not self.read_as[o] & ~playable
                   for o in view.hands[p]):
                continue  # they have a play already (by the clues or the conventions), and only one turn
            for clue in view.legal:
                if not isinstance(clue, ColourClue | RankClue) or clue.target != p or clue not in legal:
                    continue
                read = self.receiver_reading(view, clue)
                if read is None:
                    continue
                focus, reading, _ = read
                card = view.visible[focus]
                if not view.is_playable(card) and reading and not reading & ~playable:
                    continue  # they would play its focus, which does not play
                if view.is_playable(card) and reading & bit(card.identity) and not reading & ~playable:
                    shown = focus
                else:
                    # or it shows them a card they then know plays by the clues alone (deal h31/49, turn 58: red
                    # on Bob's two clued 2s, the red 2 on slot 5, and two new red cards)
                    after = after_clue(view, clue)
                    shown = next((o for o in view.touched(clue) if after.known_playable(o)), None)
                    if shown is None:
                        continue
                return Decision(clue, f"last round: {self.clue_text(view, clue)} to {view.names[p]}, slot "
                                      f"{view.hands[p].index(shown) + 1} "
                                      f"({view.variant.card_name(view.visible[shown])}) plays now")
        return None

    def describe(self, mask: int) -> str:
        """'red 1' for one identity, else 'one of N cards, each playable now'."""
        ids = identities_in(mask)
        if len(ids) == 1:
            return self.variant.card_name(Card.from_identity(ids[0]))
        return f"one of {len(ids)} cards my clues allow, each playable now"

    def chop_needs_save(self, view: PlayerView, seat: int, order: int) -> str | None:
        """'5 Save', '2 Save' or 'Critical Save' if `seat`'s chop card `order` must be saved, else None."""
        card = view.visible[order]
        if view.is_trash(card) or self.queued(view, -1) & bit(card.identity):
            return None  # useless, or a copy is clued already
        elsewhere = [o for p, h in enumerate(view.hands) if p not in (seat, view.seat) for o in h
                     if o != order and view.visible[o] == card]
        if card.rank == 5 and not elsewhere:
            return "5 Save"
        if view.is_critical(card):
            return "Critical Save"
        if card.rank == 2 and not elsewhere and view.variant.copies[card.identity] > 1:
            return "2 Save"
        return None

    def save(self, view: PlayerView, legal: set[Action], seats: tuple[int, ...] = ()) -> Decision | None:
        """Save the chop of the nearest partner (of `seats`, if given) who has one in danger."""
        if view.clue_tokens == 0:
            return None
        for p in seats or [(view.seat + step) % view.players for step in range(1, view.players)]:
            o = chop(view, p)
            if o is None:
                continue
            kind = self.chop_needs_save(view, p, o)
            if kind is None:
                continue
            # Other General Strategy, Give Play Clues Over Save Clues: "If a player could be given a Play Clue or a
            # Save Clue, then just give them a Play Clue. There's no need to save a card now if you can preoccupy
            # the player with playing a card!"
            busy = self.play_clue(view, legal, seats=(p,), now=True)
            if busy is not None:
                return busy
            card = view.visible[o]
            options: list[ColourClue | RankClue] = [RankClue(p, card.rank)]
            if kind == "Critical Save":
                options += [ColourClue(p, c) for c, m in enumerate(view.variant.colour_masks) if m & bit(card.identity)]
            for clue in options:
                if clue in legal and self.touches_no_trash(view, clue) and not self.misleads(view, clue):
                    slot = view.hands[p].index(o) + 1
                    name = view.variant.card_name(card)
                    return Decision(clue, f"{kind} on {view.names[p]}'s chop (slot {slot}, {name}) with "
                                          f"{self.clue_text(view, clue)}")
        return None

    def clue_text(self, view: PlayerView, clue: ColourClue | RankClue) -> str:
        return view.variant.colour_names[clue.colour] if isinstance(clue, ColourClue) else f"number {clue.rank}"

    def touches_no_trash(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Good touch: no newly touched card is trash or a copy of a card clued elsewhere, of one I wait to see
        blind-played (`awaited`), or touched twice."""
        return not self.bad_touched(view, clue)

    def bad_touched(self, view: PlayerView, clue: ColourClue | RankClue) -> list[int]:
        """The cards `clue` newly touches against good touch (`touches_no_trash`)."""
        seen = self.queued(view, clue.target) | self.awaited(view)
        for o in view.hands[clue.target]:
            if touched_before(view, o, last=False):
                seen |= bit(view.visible[o].identity)
        bad = []
        for o in view.touched(clue):
            if touched_before(view, o, last=False):
                continue
            b = bit(view.visible[o].identity)
            if view.is_trash(view.visible[o]) or seen & b:
                bad.append(o)
            seen |= b
        return bad

    def bad_touch_risk(self, view: PlayerView, clue: ColourClue | RankClue) -> int:
        """How a forced clue's bad touch can hurt (`stall`): 0 none; 1 every card it touches against good touch is
        one its receiver can tell is useless from the clues; 2 they cannot, but none reads as playable; 3 one reads
        as playable now or once the clue's focus has played (a 1 on two white 1s: the second is read as another
        1, deal s24x/237, turn 1), so they will misplay it. The focus is read by good touch, as a reader does: deal
        h31/139, turn 20, yellow on a chop y1 known not a 4 reads as the y5, so the y2 it also touches reads as the
        y4, which plays."""
        bad = self.bad_touched(view, clue)
        if not bad:
            return 0
        read = self.receiver_reading(view, clue, good_touch=True)
        trash, mask, risk = view.trash_mask(), clue_mask(view.variant, clue), 1
        queued = self.queued(view, clue.target, giver=view.seat, reader=clue.target)
        if read is not None and read[1] and not read[1] & (read[1] - 1):
            queued |= read[1]  # the focus, read as one card, plays first
        allowed = playable_through(view, queued)
        for o in bad:
            m = view.knowledge[o] & mask & ~trash
            if read is not None and o != read[0] and read[1] and not read[1] & (read[1] - 1):
                m &= ~read[1]  # good touch: not the card the focus is read as
            if m:
                risk = max(risk, 3 if not m & ~allowed else 2)
        return risk

    def awaited(self, view: PlayerView) -> int:
        """Identities of partners' cards I wait to see blind-played (level 2, `Level2Proxy`; the beginner waits for
        none)."""
        return 0

    def play_clue(self, view: PlayerView, legal: set[Action], seats: tuple[int, ...] = (),
                  now: bool = False) -> Decision | None:
        """The direct play clue that gets the most cards played, read by its receiver as the guide says (to one
        of `seats`, if given; with `now`, only one whose focus plays now)."""
        if view.clue_tokens == 0:
            return None
        best: tuple[tuple[int, int, int], ColourClue | RankClue, str] | None = None
        for clue in view.legal:
            if not isinstance(clue, ColourClue | RankClue) or (seats and clue.target not in seats) \
                    or not self.touches_no_trash(view, clue):
                continue
            target = clue.target
            hand = view.hands[target]
            new = [o for o in view.touched(clue) if not touched_before(view, o, last=False)]
            read = self.receiver_reading(view, clue)
            if read is None or not new:
                continue  # MCVP: a clue must get a new card (a Tempo Clue only when forced to clue)
            focus, reading, allowed = read
            if now and not view.is_playable(view.visible[focus]):
                continue
            card = view.visible[focus]
            if not allowed & bit(card.identity):
                continue
            if not view.is_playable(card) and not playable_through(view, self.queued(
                    view, target, giver=view.seat, reader=target, acting=True)) & bit(card.identity):
                # a clue cannot connect through a card of mine I will not play (deal h31/244, 2 players, turn 18:
                # I read a yellow save on my chop as a play clue on my other yellow card, the yellow 1, at 2
                # strikes, so I never played it, and clued Alice's yellow 2 as a Delayed Play Clue through it; she
                # played it as the yellow 1, the third strike)
                continue
            if not reading & bit(card.identity) or reading & ~allowed:
                continue  # it would be read as something else, or held as a save
            if self.misleads(view, clue):
                continue  # a third player would play the wrong card for it (a Prompt or a Finesse misread)
            if (view.players > 2 or isinstance(clue, RankClue)) and self.may_hold(view, card.identity):
                # my clued card may be its copy (beginner's guide, Good Touch Principle, question 3: "it is
                # possible that Alice's clued 2 is a yellow 2 ... violating Good Touch Principle and ... wasting a
                # clue ... it is not Alice's responsibility to clue the yellow 2. Someone else on the team will
                # take care of that", by colour or by number). With two players there is nobody else: then I only
                # refuse a number clue, as its receiver, seeing mine as it, would read theirs as another card of
                # that rank (a colour clue names the suit; refusing those too cost the level-2 stand-in's 2-player
                # self-play 0.42 a game, h31 300 games)
                continue
            if self.stomps(view, clue):
                continue  # it touches a card I wait to see blind-played
            good = sum(1 for o in new if allowed & bit(view.visible[o].identity))
            now = view.is_playable(card)
            step = (target - view.seat) % view.players
            key = (good + now, -step, -len(new))
            if best is None or key > best[0]:
                what = "play clue" if now else "delayed play clue"
                best = (key, clue, f"{what}: {self.clue_text(view, clue)} to {view.names[target]}, focus slot "
                                   f"{hand.index(focus) + 1} ({view.variant.card_name(card)})")
        return None if best is None else Decision(best[1], best[2])

    def may_hold(self, view: PlayerView, identity: int) -> bool:
        """May one of my clued cards be `identity`, by my reading of its clues? Then a play clue on a partner's
        copy may touch a duplicate (Good Touch Principle), and a number clue's receiver, who sees my card, reads
        theirs as another card of that rank when mine is it (deal s24x/100, turn 27: my 3 from a Critical Save could
        be the red 3 or the green 3, and I clued 3 on Bob's red 3 as a play clue; he saw my red 3 and blind-played
        for another 3; s24x/96, turn 28: my 3 could be the blue 3, and I clued 3 on Cathy's blue 3; she saw mine and
        misplayed hers as the white 3)."""
        return any(touched_before(view, o, last=False) and self.mask(view, o) & bit(identity)
                   for o in view.my_hand)

    def stomps(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Would `clue` touch a card I wait to see blind-played (level 2, Stomping on a Finesse: "a player clues a
        card directly that was going to be blind-played from a Finesse")? The beginner waits for none."""
        return False

    def receiver_reading(self, view: PlayerView, clue: ColourClue | RankClue, good_touch: bool = False,
                         through: bool = False) -> tuple[int, int, int] | None:
        """How the receiver would read `clue`: (focus, identities its reading allows, identities that play now
        or through cards clued elsewhere); None if the clue touches no new card. With `good_touch`, a new focus
        is also read as no trash and no copy of a card they know is clued (`known_clued`). With `through`, also
        through their own clued cards the clue leaves them knowing exactly (a forced clue, `two_player_risk`)."""
        target = clue.target
        hit = view.touched(clue)
        new = [o for o in hit if not touched_before(view, o, last=False)]
        if not hit:
            return None
        old_chop = chop(view, target)
        # a clue that gets no new card is a Tempo Clue on the leftmost re-touched card
        focus = (old_chop if old_chop in new else new[0]) if new else hit[0]
        # their own clued cards the clue leaves them knowing exactly play first too (a Delayed Play Clue through
        # cards already clued; the beginner's guide, Good Touch Principle: not the focus either)
        own = 0
        if through:
            after, trash = after_clue(view, clue), view.trash_mask()
            for o in view.hands[target]:
                m = after.holder_empathy(o) if o != focus and touched_before(view, o, last=False) else 0
                if m and not m & (m - 1) and not m & trash:
                    own |= m
        allowed = playable_through(view, self.queued(view, target, giver=view.seat, reader=target) | own)
        # clue knowledge and counting the cards the receiver sees: those I see too, and my cards I know exactly
        # (they see the rest of my hand too: we may over-estimate)
        seen = [c.identity for o, c in view.visible.items() if o not in view.hands[target]]
        for o in view.my_hand:
            m = self.mask(view, o) if touched_before(view, o, last=False) else 0
            if m and not m & (m - 1):
                seen.append(m.bit_length() - 1)
        left = remaining_copies(view.variant.copies, seen)
        empathy = narrowed(view.knowledge[focus] & clue_mask(view.variant, clue), left)
        if focus in new:
            empathy = empathy & ~own or empathy
        if good_touch and focus in new:
            empathy = empathy & ~view.trash_mask() & ~self.known_clued(view, target, focus) or empathy
        reading = empathy & (allowed | (save_mask(view, clue) if focus == old_chop else 0)) or empathy
        return focus, reading, allowed

    def known_clued(self, view: PlayerView, reader: int, besides: int) -> int:
        """Identities of the clued cards (but `besides`) that `reader` knows: those in other hands (mine only
        as I know them exactly), and theirs that the clues or the conventions tell them exactly. Good Touch
        Principle: a new card a clue touches is none of them."""
        known = 0
        for p, hand in enumerate(view.hands):
            for o in hand:
                if o == besides or not touched_before(view, o, last=False):
                    continue
                if p == view.seat:
                    m = self.mask(view, o)
                elif p == reader:
                    m = bit(self.convention[o]) if o in self.convention else view.holder_empathy(o)
                else:
                    m = bit(view.visible[o].identity)
                if m and not m & (m - 1):
                    known |= m
        return known

    def misread(self, view: PlayerView, clue: ColourClue | RankClue, through: bool = False) -> bool:
        """Would the receiver play the focus as a card it is not (its reading all playable, the card not in it)?
        `through`: as `receiver_reading`."""
        read = self.receiver_reading(view, clue, through=through)
        if read is None:
            return False
        focus, reading, allowed = read
        return not reading & bit(view.visible[focus].identity) and not reading & ~allowed

    def discard(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """Known trash first, else my chop."""
        trash = view.trash_mask()
        for slot, o in enumerate(view.my_hand, start=1):
            m = self.mask(view, o)
            if Discard(o) in legal and m and not m & ~trash:
                return Decision(Discard(o), f"discarding slot {slot}: it can only be trash")
        o = chop(view, view.seat, frozenset(self.marked))
        if o is not None and Discard(o) in legal:
            return Decision(Discard(o), f"discarding my chop (slot {view.my_hand.index(o) + 1})")
        return None

    def stall(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """No play, no save, no play clue and no discard (8 tokens, or every card of mine clued): a Tempo Clue
        on a clued card that plays (the beginner's guide allows it when a player is forced to clue), else the
        clue least likely to be misread as a play. Every clue is read as a play or a save, a Tempo Clue
        included, so a clue that only re-touches a card that does not play would make it misplay."""
        clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
        for c in clues:
            if any(not touched_before(view, o, last=False) for o in view.touched(c)):
                continue
            read = self.receiver_reading(view, c)
            if read is None:
                continue
            focus, reading, allowed = read
            card = view.visible[focus]
            if view.is_playable(card) and not self.misread(view, c) and not reading & ~view.playable_mask() \
                    and not self.misleads(view, c) and not self.stops(view, c):
                return Decision(c, f"tempo clue (I must clue): {self.clue_text(view, c)} to {view.names[c.target]}, "
                                   f"slot {view.hands[c.target].index(focus) + 1} ({view.variant.card_name(card)}) "
                                   "plays now")
        stall = self.five_stall_clue(view, clues)
        if stall is not None:
            return stall
        if clues:
            # nor may it make a third player misplay, reading it as a Prompt or a Finesse aimed at them (the Finesse
            # page puts that on the giver; a stall to the next player has nobody between); then the receiver (a
            # misread, or from level 3 a stop of a card they would play, `stops`), then what only a reader past the
            # beginner's guide takes as a Finesse (`misleads` at level 2: before, a clue that check refused fell
            # through to one the receiver misreads, deal h31/5), then good touch (`bad_touch_risk`): a clue that
            # touches a duplicate beats one a partner blind-plays a wrong card for (deal s24x/237, turn 1: a 4 on
            # Cathy's green 4 made Bob blind-play a blue 2 for a Double Finesse; 2 on Bob's chop, a 2 Save on his
            # yellow 2 that also touches his two blue 2s, asks nobody for a card)
            # With 2 players nobody else can blind-play for a clue: the receiver alone reads it (`two_player_risk`)
            def risk(c: ColourClue | RankClue) -> tuple[int, ...]:
                if view.players == 2:
                    return self.two_player_risk(view, c)
                bad = self.bad_touch_risk(view, c)
                return (BeginnerProxy.misleads(self, view, c), self.misread(view, c) or self.stops(view, c),
                        self.misleads(view, c), bad > 0, bad)

            risks = {c: risk(c) for c in clues}
            least = min(risks.values())
            c = [c for c in clues if risks[c] == least][-1]
            # every clue makes my partner play a wrong card (`two_player_risk`'s first three: a misread, a bad touch
            # read as playable, a focus misnamed as a card that plays): with 2 players, a clued card of mine that is
            # not likely a last copy costs less than a strike and the card (deals h31/111, turn 33; h31/139, turn 20)
            if view.players == 2 and any(least[:3]) and view.clue_tokens < 8:
                spare = self.spare_discard(view)
                if spare is not None:
                    return spare
            return Decision(c, f"stalling: {self.clue_text(view, c)} to {view.names[c.target]} (nothing to play, "
                               "save or discard)")
        # no clue tokens and every card clued (a locked hand): discard the card least likely to be needed, as a
        # careful player would (never a card it knows is a 5 while another may be a copy it can spare)
        ds = [a for a in view.legal if isinstance(a, Discard)]
        if ds:
            critical, trash = view.critical_mask(), view.trash_mask()

            def risk(a: Discard) -> tuple[float, float, int]:
                ids = identities_in(self.mask(view, a.card)) or [0]
                crit = sum(1 for i in ids if critical & bit(i)) / len(ids)
                useful = sum(1 for i in ids if not trash & bit(i)) / len(ids)
                return crit, useful, -view.my_hand.index(a.card)

            a = min(ds, key=risk)
            return Decision(a, f"locked hand and no clue tokens: discarding slot {view.my_hand.index(a.card) + 1}, "
                               "the card least likely to be needed")
        return None

    def spare_discard(self, view: PlayerView) -> Decision | None:
        """With every clue one my partner plays a wrong card for (a strike, and the card lost), a clued card of mine
        that is at most an even chance of a last copy, the least likely first."""
        critical, trash = view.critical_mask(), view.trash_mask()

        def risk(a: Discard) -> tuple[float, float]:
            ids = identities_in(self.mask(view, a.card)) or [0]
            return (sum(1 for i in ids if critical & bit(i)) / len(ids),
                    sum(1 for i in ids if not trash & bit(i)) / len(ids))

        ds = [a for a in view.legal if isinstance(a, Discard)]
        if not ds:
            return None
        a = min(ds, key=risk)
        if risk(a)[0] > 0.5:
            return None
        return Decision(a, f"every clue would read as a play of a wrong card: discarding slot "
                           f"{view.my_hand.index(a.card) + 1} instead")

    def two_player_risk(self, view: PlayerView, clue: ColourClue | RankClue) -> tuple[int, ...]:
        """How a forced clue to my one partner can hurt (`stall`), worst first. The beginner's guide, Good Touch
        Principle: "we only touch cards that will eventually be played", and the receiver reads every touched card
        so ("From Good Touch Principle, Bob knows that it must be playable in the future") and the focus as a play or
        a save. So, in turn: they play a card for it now or stop one they would play (`misread`, `stops`); a card it
        touches against good touch reads as playable (`bad_touch_risk` 3); its focus is read as cards it is not,
        one of them playable now, then none (`misnamed`): they keep it as such and play it when that card would
        play; a card it touches against good touch they keep as useful (2); then a clue that gives them a new card
        to keep over one that re-touches clued cards only or touches only cards they can tell are trash, and of
        those a Fill-In over a re-clue that tells nothing (the Stalling page's table, for a locked hand and 8 clues:
        "Fill-In Clue (giving extra information to already-clued cards ...)" before "Hard Burn (re-cluing an
        unplayable card that gives no new information ...)"); then a Finesse only a level-2 reader sees
        (`misleads`), then bad touch (good touch before `misleads`: the other way cost the level-2 stand-in's
        2-player self-play 0.13 misplays a game). Deal t40/310 (level-3 bot after me): with a locked hand I re-clued
        4 seven times, each time touching new 4s, the last time a white 4 and a yellow 4 on its chop, read as the
        white 4, while red or blue re-touched its known red 4 or blue 4; it misplayed the yellow 4 as the white 4.
        Deal t40/46, turn 33, 8 clues: 4 on its chop red 4 (red 3 not played), read as the white 4, while number 1
        touched only its 1s, all dead, which it then discarded. The receiver reads the focus through their own clued
        cards the clue leaves them knowing exactly (`receiver_reading`'s `through`; here only: as the reading of
        every clue given, it cost the level-2 and level-3 stand-ins' 2-player self-plays 0.14 points a game). Deal
        t40/503, turn 30, my hand locked: yellow on the bot's new yellow 3 and its clued 2, the yellow 2, reads as
        the yellow 3; I took it as a misread yellow 2 and gave red on its chop red 1, which it played as the red 2."""
        bad = self.bad_touch_risk(view, clue)
        new = [o for o in view.touched(clue) if not touched_before(view, o, last=False)]
        kept = len(new) - len(self.bad_touched(view, clue))
        mask = clue_mask(view.variant, clue)
        fills = any(view.knowledge[o] & ~mask for o in view.touched(clue))
        misnamed = self.misnamed(view, clue)
        return (self.misread(view, clue, through=True) or self.stops(view, clue), bad == 3, misnamed == 2,
                misnamed == 1, bad == 2, kept > 0, not fills, self.misleads(view, clue), bad)

    def misnamed(self, view: PlayerView, clue: ColourClue | RankClue) -> int:
        """Does the receiver read the focus of `clue` as cards it is not (its reading, by good touch too, leaves out
        the card)? 0 no; 2 yes, and one of them plays now, so they may play it before a clue corrects them (deal
        t40/112, turn 31: green on the bot's chop, a green 2 already played, read as the green 3 or a saved green 4;
        it played it as the green 3 three turns later); 1 yes, none plays now."""
        read = self.receiver_reading(view, clue, good_touch=True, through=True)
        if read is None or read[1] & bit(view.visible[read[0]].identity):
            return 0
        return 2 if read[1] & view.playable_mask() else 1

    def stops(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Would `clue` be read as a Fix Clue that stops a card its receiver was about to play (level 3,
        `Level3Proxy`; the beginner and the level-2 player read none)?"""
        return False

    def five_stall_clue(self, view: PlayerView, clues: list[ColourClue | RankClue]) -> Decision | None:
        """A stall the player's level teaches besides the Tempo Clue (the beginner's: none)."""
        return None

    def forced(self, view: PlayerView) -> Decision:
        """Nothing else is legal: play the card most likely to be playable."""
        plays = [a for a in view.legal if isinstance(a, Play)]
        if plays:
            playable = view.playable_mask()

            def odds(a: Play) -> float:
                ids = identities_in(self.mask(view, a.card)) or [0]
                return sum(1 for i in ids if playable & bit(i)) / len(ids)

            a = max(plays, key=odds)
            return Decision(a, f"playing slot {view.my_hand.index(a.card) + 1}: no other move is legal")
        return Decision(view.legal[0], "the only move left")

    def tile(self, view: PlayerView) -> Decision:
        """A bonus tile: put a playable discarded card into play, else bring back the most needed card."""
        for a in view.legal:
            if isinstance(a, Replay) and view.is_playable(view.visible[a.card]):
                return Decision(a, f"bonus tile: putting the discarded {view.variant.card_name(view.visible[a.card])}"
                                   " into play")
        recovers = [a for a in view.legal if isinstance(a, Recover)]
        if recovers:
            a = max(recovers, key=lambda r: (view.is_critical(view.visible[r.card]),
                                             not view.is_trash(view.visible[r.card])))
            return Decision(a, f"bonus tile: shuffling the discarded {view.variant.card_name(view.visible[a.card])}"
                               " back into the deck")
        legal = set(view.legal)
        for choose in (self.save, self.play_clue, self.stall):
            decision = choose(view, legal)
            if decision is not None:
                return decision
        return Decision(view.legal[0], "bonus tile: the first choice offered")


def chop_finesse(view: PlayerView, seat: int, exclude: frozenset[int] = frozenset()) -> int | None:
    """`seat`'s finesse position: its newest card no clue has touched (and not in `exclude`), or None."""
    for o in view.hands[seat]:
        if o not in exclude and not touched_before(view, o, last=False):
            return o
    return None
