"""Reading a clue: a pure function of the table and the card notes that returns what the clue means."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import permutations

from hanabi_desktop.bots.conventions.model import (
    Board,
    Notes,
    between,
    early_game,
    public_narrowed,
    reach,
    touched,
)
from hanabi_desktop.bots.conventions.wariness import one_strike_left
from hanabi_desktop.engine import MAX_CLUE_TOKENS, Card, ColourClue, PlayerView, RankClue, hand_size_for
from hanabi_desktop.engine.cards import identities_in


@dataclass(frozen=True)
class Reading:
    """What one clue means, as a reader at `view.seat` can tell: card-note updates and calls."""

    focus: int | None = None
    conv: dict[int, int] = field(default_factory=dict)  # convention masks the clue sets
    finessed: dict[int, int] = field(default_factory=dict)  # blind-play calls (finesses) it makes
    private: dict[int, int] = field(default_factory=dict)  # the receiver's private reading of the focus
    finesse_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # called card -> (seat, identity)
    prompt_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # prompted card -> (seat, identity)
    prompted: dict[int, int] = field(default_factory=dict)  # clued cards elsewhere the clue prompts
    misleading: bool = False  # the clue would start a false finesse or a wrong prompt
    understood: bool = False  # the focus has a play or save reading (else the clue means nothing)
    # blind-called card -> (its holder, the focus, the focus's reading if the holder does not blind-play)
    fallback: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    # self-finessed card -> (the focus, {identity the blind card may be: the focus's identity then})
    links: dict[int, tuple[int, dict[int, int]]] = field(default_factory=dict)
    # blind plays the reader expects without seeing the focus (the receiver): it waits for them, but does not
    # count on them when it gives clues (their holders decide on what they see)
    tentative: frozenset[int] = frozenset()
    # prompted card -> its holder's finesse position when the clue was given (level 2, the Wrong Prompt: if the
    # prompted card misplays, the giver meant that card)
    wrong_prompt_fp: dict[int, int] = field(default_factory=dict)
    expected_misplays: frozenset[int] = frozenset()  # clued cards we see the clue wrong-prompts
    # (the giver's reading) a clued card the clue would prompt, which an earlier prompt made one of several cards
    # the giver cannot tell apart -> the identity it would be prompted as: the clue has no such reading, and its
    # holder may pass the prompt on to a later clued card (`chain`; named by the clue preview)
    unsure_prompts: dict[int, int] = field(default_factory=dict)
    # (the giver's reading) a card the clue blind-calls -> (the card its holder may take for it instead, the identity
    # called) (`Link.taken`): the clue is misleading, and the clue preview names that card
    mistaken_calls: dict[int, tuple[int, int]] = field(default_factory=dict)
    bad: frozenset[int] = frozenset()  # level 3, a fix clue that gives no new information: do not play these
    is_five_stall: bool = False  # a 5 Stall (`five_stall`): the 5s it touches are saved, none plays
    focus_of: dict[int, int] = field(default_factory=dict)  # a card touched besides the focus -> the focus
    # self-prompted card -> (the focus, {identity it may be: the focus's identity then}), as `links`
    prompt_links: dict[int, tuple[int, dict[int, int]]] = field(default_factory=dict)
    # prompted card -> its holder's next clued cards that may be the prompted card (`Notes.prompt_next`)
    prompt_next: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # the focus -> its giver, when only a self-finesse or self-prompt would explain the clue and that giver's
    # misplayed before (`Notes.no_self_finesse`): not read so, and the receiver says why
    unread_self: dict[int, int] = field(default_factory=dict)
    # a card a finesse in the clue would have called -> (its giver, the focus), when that giver had to clue and
    # such a clue of theirs made a finesse misplay before (`saw_forced_finesse`), or one more strike would end the
    # game: not read so, its holder says why
    unread_finesse: dict[int, tuple[int, int]] = field(default_factory=dict)
    # self-finessed or self-prompted cards whose focus this clue shows is none of the cards it was read as: the
    # blind play or the prompt is off (`broken_links`)
    unlinked: frozenset[int] = frozenset()
    # prompted cards the clue shows are not the card prompted: the prompt left them (`prompt_disproved`)
    disproved: frozenset[int] = frozenset()
    # clued cards we see a prompt pass through after the one its holder reads it on -> (identity mask, (seat,
    # identity of the focus)): not called yet, only named in the clue's explanation
    passed: dict[int, tuple[int, tuple[int, int]]] = field(default_factory=dict)
    # called card on the receiver's finesse position -> my finesse position, called instead if the receiver's turn
    # passes without the blind play (`Notes.hand_over`)
    hand_over: dict[int, int] = field(default_factory=dict)
    # a 2 Save's focus -> {identity the Visible Rule kept it off: the card whose copy we saw} (`Notes.kept_off`)
    kept_off: dict[int, dict[int, int]] = field(default_factory=dict)

    def applied_to(self, notes: Notes) -> Notes:
        """The card notes after this reading (a new value; `notes` is left as it was)."""
        out = notes.copy()
        out.conv.update(self.conv)
        out.finessed.update(self.finessed)
        out.private.update(self.private)
        out.finesse_for.update(self.finesse_for)
        out.prompt_for.update(self.prompt_for)
        out.fallback.update(self.fallback)
        out.hand_over.update(self.hand_over)
        out.kept_off.update(self.kept_off)
        out.links.update(self.links)
        out.wrong_prompt_fp.update(self.wrong_prompt_fp)
        out.focus_of.update(self.focus_of)
        out.links.update(self.prompt_links)
        out.prompt_next.update(self.prompt_next)
        if self.focus is not None:
            out.unread_self.pop(self.focus, None)  # a later clue on the card: read afresh
        out.unread_self.update(self.unread_self)
        for o in [*self.conv, *self.finessed]:
            out.unread_finesse.pop(o, None)  # touched or called by a later clue: read afresh
        out.unread_finesse.update(self.unread_finesse)
        for o in self.disproved:
            out.prompt_for.pop(o, None)
            out.prompt_next.pop(o, None)
        out.expected_misplays = out.expected_misplays | self.expected_misplays
        out.bad = out.bad | self.bad
        out.tentative = (out.tentative | self.tentative) - (set(self.finessed) - self.tentative)
        for o in self.unlinked - set(self.links) - set(self.prompt_links):  # (not one this clue links afresh)
            _focus, cands = out.links.pop(o)
            called = sum(1 << c for c in cands)
            for d in (out.conv, out.private):
                if o in d and d[o] & ~called:
                    d[o] &= ~called
                else:
                    d.pop(o, None)
            for d in (out.finessed, out.finesse_for, out.fallback, out.prompt_for, out.prompt_next):
                d.pop(o, None)
        return out


def broken_links(notes: Notes, hand: tuple[int, ...], knowledge: dict[int, int]) -> frozenset[int]:
    """The self-finessed or self-prompted cards (`Notes.links`) whose focus, in the hand a clue went to, the clues
    now show is none of the cards the blind play or the prompt made it (`knowledge`: after the clue): that reading
    is off (deal s24x/239 t21-23, level 2: 3 on Bob's green 3, read as the yellow 3 through his clued yellow card;
    a green clue then touched it, and he still played the yellow card as the yellow 2)."""
    return frozenset(o for o, (focus, cands) in notes.links.items()
                     if focus in hand and not any(knowledge[focus] >> x & 1 for x in cands.values()))


def prompt_disproved(notes: Notes, hand: tuple[int, ...], knowledge: dict[int, int], reading: Reading) -> Reading:
    """`reading` with the prompts on `hand`'s cards that the clue (`knowledge`: after it) shows are not the card
    they were prompted as moved on to the holder's next clued card that may be it, as when the prompted card plays
    as another (`Notes.blind_played`): the giver made sure the cards before the promised one are good. Deal
    s24x/112 t10-14, level 3: blue on Bob's blue 3 prompts Cathy's clued 2s; she reads her white 2 as the blue 2,
    and white on it tells her the next one, her other 2, is the blue 2 (trash since: a Fix Clue)."""
    conv, prompt_for, prompt_next = dict(reading.conv), dict(reading.prompt_for), dict(reading.prompt_next)
    disproved = set()
    for o in hand:
        wanted = notes.conv.get(o, 0)
        if o not in notes.prompt_for or not wanted or wanted & (wanted - 1) or knowledge[o] & wanted:
            continue
        later = [q for q in notes.prompt_next.get(o, ()) if q in hand and q not in notes.prompt_for]
        nxt = next((q for q in later if knowledge[q] & wanted), None)
        if nxt is None or nxt in reading.conv:
            continue
        conv[nxt] = wanted
        prompt_for[nxt] = notes.prompt_for[o]
        prompt_next[nxt] = tuple(q for q in later if q != nxt)
        disproved.add(o)
    if not disproved:
        return reading
    return replace(reading, conv=conv, prompt_for=prompt_for, prompt_next=prompt_next, disproved=frozenset(disproved))


def save_mask(view: PlayerView, clue: ColourClue | RankClue, b: Board, visible: int = 0) -> int:
    """Identities a clue focused on the chop may be saving: a 5 only by a 5 clue (5 Save), a 2 by a 2 clue
    (2 Save) unless its other copy is `visible` (the Visible Rule), and the last copy of any other needed
    card by either kind of clue (critical save)."""
    fives = view.variant.rank_masks[5]
    out = b.critical & ~fives
    if isinstance(clue, RankClue) and clue.rank == 5:
        out |= fives & ~b.trash
    if isinstance(clue, RankClue) and clue.rank == 2:
        out |= view.variant.rank_masks[2] & ~b.trash & ~(visible & ~b.critical)
    return out


def visible_off_chop(view: PlayerView, notes: Notes, giver: int, target: int) -> dict[int, int]:
    """The cards giver and receiver both see in a third hand, off that hand's chop, identity -> card: a 2 Save is
    never on a 2 whose other copy is one of them (the Visible Rule; a copy on a chop is Double Chop 2s)."""
    out = {}
    for p, hand in enumerate(view.hands):
        if p in (giver, target):
            continue
        chop = notes.chop(view, p)
        for o in hand:
            card = view.card(o)
            if card is not None and o != chop:
                out.setdefault(card.identity, o)
    return out


def five_stall(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, giver: int, new: list[int],
               chop: int | None, tokens: int | None = None, reader: int | None = None,
               hit: tuple[int, ...] | list[int] = (), prior: dict[int, int] | None = None) -> bool:
    """The 5 Stall (level 2): a 5 clue that touches a 5 for the first time off the chop (`new`: the cards it
    touches for the first time; `chop`: the receiver's chop before it) saves the 5s it touches (no play) in the
    Early Game, and from a giver who could not discard (8 clue tokens, or every card of theirs clued): the level
    2 page says one "might see someone do a 5 Stall in the Mid-Game" then. The page's 5 Stall is a save clue "to
    off chop 5's", as a 5 Save is one on "a previously-unclued 5": a 5 clue that touches no new card is a Tempo
    Clue (a play clue on its leftmost re-touched card), and one whose new cards hold the chop is a 5 Save. But
    from a giver with a locked hand, one that tells nothing (`hit`: the cards it touches, all known 5s by the
    clue knowledge `prior` to it) is a stall too. Below level 2 the bot gives none, but reads a partner's so (people forced to clue stall on
    5s). `tokens`: the clue tokens the giver had (default: the view's, a view from before the clue); `reader`:
    who reads it (default: the view's seat)."""
    if not (isinstance(clue, RankClue) and clue.rank == 5) or chop in new:
        return False
    if not new:
        # a 5 clue that tells nothing new (every card it touches known a 5 already) from a giver whose every card
        # is clued: a stall, as the 5 Stall is ("nothing to play, save or discard"), not a Tempo Clue, which a
        # player with a locked hand cannot be asked to hold back for (deal s24x/86 t34-51, level 3, 2 players: Bob,
        # locked, re-touched my 5 Stalled green 5 four times; I read it as the blue 5 through his blue 4, and struck)
        # (read so from a partner; the bot stalls otherwise, so its own clue is not one)
        return notes.level >= 2 and giver != (view.seat if reader is None else reader) and all(
            touched(view, o) for o in view.hands[giver]) and all(
            not public_narrowed(view, (prior or view.knowledge)[o]) & ~view.variant.rank_masks[5] for o in hit)
    tokens = view.clue_tokens if tokens is None else tokens
    forced = tokens >= MAX_CLUE_TOKENS or all(touched(view, o) for o in view.hands[giver])
    if notes.level >= 2:
        return early_game(view) or forced
    return forced and giver != (view.seat if reader is None else reader)


def ahead(view: PlayerView, b: Board, steps: int) -> dict[int, list[int]]:
    """Identities 1 to `steps` past the reachable card of each suit, each with the identities it waits for
    (the missing cards a play clue on it promises, lowest first): a double finesse or prompt waits for two."""
    out: dict[int, list[int]] = {}
    for s, suit in enumerate(view.variant.suits):
        n = view.fireworks[s]
        while n < 5 and (1 << (s * 5 + suit.rank_at(n) - 1)) & b.reachable:
            n += 1
        if n - 1 < view.fireworks[s]:
            continue  # nothing of this suit is reachable (complete, or its next card is gone)
        missing = [s * 5 + suit.rank_at(n - 1) - 1]  # the last reachable card: nobody is known to hold it
        for m in range(n, min(n + steps, 5)):
            x = s * 5 + suit.rank_at(m) - 1
            if not (1 << x) & b.trash:
                out[x] = list(missing)
            missing.append(x)
    return out


def connector(view: PlayerView, x: int) -> int:
    """The reachable identity that card identity `x` (one past reachable) waits for."""
    s = x // 5
    suit = view.variant.suits[s]
    r = x % 5 + 1
    return s * 5 + (r + 1 if suit.descending else r - 1) - 1


def prompt_card(view: PlayerView, giver: int, target: int, masks: dict[int, int], bit: int,
                used: frozenset[int] = frozenset(), self_prompt: bool = False) -> int | None:
    """The card a clue prompts for identity `bit`: first seat after the giver, then newest first (not one of
    the cards `used` earlier in the same chain); with `self_prompt`, the receiver's own clued cards last (a
    Self-Prompt: 4 to Bob with no 4 playable, Bob's clued 3 is the 3 it needs)."""
    seats = [(giver + off) % view.players for off in range(1, view.players)]
    for seat in [s for s in seats if s != target] + ([target] if self_prompt else []):
        for o in view.hands[seat]:
            if o in masks and masks[o] & bit and o not in used:
                return o
    return None


def receiver_plays_it(view: PlayerView, notes: Notes, target: int, focus: int, used: frozenset[int],
                      c: int) -> int | None:
    """The receiver's clued card besides the focus, not one of the chain's cards `used`, that is identity `c` (as I
    see it) and that everyone can tell it plays anyway (every card it may be is playable); None if none."""
    return next((o for o in view.hands[target] if o != focus and o not in used and (s := view.card(o)) is not None
                 and s.identity == c and touched(view, o) and (m := notes.public_mask(view, o, view.trash_mask()))
                 and not m & ~view.playable_mask()), None)


def unseen_visible_rule(view: PlayerView, notes: Notes, giver: int, target: int, holder: int, fp: int, c: int,
                        masks: dict[int, int]) -> int | None:
    """A clued 2 that, to `holder`, may be the 2 `c` on its finesse position `fp`, and that a clue to `target`
    would prompt (`masks`: the prompt candidates; not the receiver's own, which it prompts only when nothing else
    explains the clue): the 2 Save that clued it was kept off `c` by the Visible Rule through `fp` itself
    (`Notes.kept_off`), which `holder` cannot see, and no other clued copy of `c` keeps it off by good touch. To
    `holder` a clue needing `c` prompts that card first. (A 2 Save in the receiver's hand does not: deal h31/250
    t3, level 3, 4 players, green on Bob's green 3 with his 2 Saved white 2 and Donald's green 2 on his finesse
    position; Donald blind-plays it once the green 1 has played.)"""
    bit = 1 << c
    if any(q != fp and touched(view, q) and (s := view.card(q)) is not None and s.identity == c
           for h in view.hands for q in h):
        return None
    for o, kept in notes.kept_off.items():
        if kept.get(c) == fp and o in masks and not masks[o] & bit and view.knowledge[o] & bit \
                and not any(o in view.hands[p] for p in (giver, target, holder)):
            return o
    return None


@dataclass(frozen=True)
class Link:
    """One card a play clue's focus waits for: a clued card prompted, or a finesse position blind-called."""

    card: int
    identity: int
    # "prompt", "finesse", "wrong prompt" (a clued card that will misplay: a finesse follows), "plays" (the
    # reader's clued card it plays anyway: a delayed play clue through it), or "unsure prompt" (the giver's prompt
    # through a card an earlier prompt made one of several cards it cannot tell apart: the chain ends, no reading)
    kind: str
    # a blind play on the receiver's own finesse position that may be mine instead (a Reverse Finesse on me, which
    # the receiver, who sees my card, waits for): my finesse position, which takes the call if the receiver's
    # turn passes without the blind play
    instead: int | None = None
    # (the giver's chain) a card the blind player may take for this one, so the clue is not one to give: its own
    # card I count as called only until its turn tells, which it would blind-play instead, or a clued 2 elsewhere
    # it may read as prompted (`unseen_visible_rule`)
    taken: int | None = None


def chain(view: PlayerView, notes: Notes, giver: int, target: int, focus: int, x: int, missing: list[int],
          masks: dict[int, int], pending: int, seats: list[int], queued: int, self_prompt: bool = False,
          anyway: dict[int, int] | None = None, theirs: dict[int, int] | None = None,
          coming: dict[int, int] | None = None, touching: dict[int, int] | None = None
          ) -> tuple[list[Link] | None, bool]:
    """The cards a play clue on `focus` read as identity `x` waits for, one per identity of `missing` in
    order: a prompt when a clued card may be it (prompts come before finesses), else a finesse position
    holding it (exactly one player can show it); `queued`: the identities of the called cards their holders
    will play (`to_be_played`); `anyway`: the reader's own clued cards it will play whatever they are, each
    with what it may be (`plays_anyway`); `theirs`: the same of the other players' (`others_play_anyway`);
    `coming`: the clued cards we see whose holders play them anyway, each with its identity (`seen_coming`);
    `touching`: the other cards this clue touches, each with what everyone can tell it is after the clue.
    Returns (the links, or None if `x` has no such reading, or one "unsure prompt" link if the giver cannot count
    on it; whether a reader who sees the focus is `x` sees a wrong prompt in it, or a finesse its blind player would
    read as a delayed play through a wrong card)."""
    truth = view.card(focus)
    is_x = truth is not None and truth.identity == x
    used: frozenset[int] = frozenset()
    links: list[Link] = []
    wrong = False
    played = 0  # identities the chain's cards play, in order

    def plays(card: Card) -> bool:
        # a card played before the promised one must play successfully: playable now, and not a copy of a card
        # its holder will play (Bob's red 2, known by the clues or read as playable by the conventions), nor of
        # one played earlier in the chain; only one copy plays, the other misplays (deal h31/43: a red 2
        # prompted as the red 3 after Bob's red 2)
        return view.is_playable(card) and not (1 << card.identity) & (queued | played)

    for c in missing:
        bit = 1 << c
        seen = next((o for o, i in (coming or {}).items() if i == c and o not in used), None)
        if seen is not None:
            # a clued card we see is the missing one and its holder plays it anyway: the clue waits for it (a
            # delayed play clue through it), it calls nobody for that card ("if the player was already going to
            # play the card, it isn't a Prompt", level 1). Deal h31/287: 1 to Alice on her red 1 and green 1, then
            # 3 on her red 3: only the red 2 is missing, and Bob blind-plays it after her red 1, not for both
            links.append(Link(seen, c, "plays"))
            used |= {seen}
            played |= bit
            continue
        # a missing card the clue itself touches is the receiver's own (it plays first, then the focus): the
        # connecting card is "present and accounted for", a clued card, and nobody blind-plays for it (blind plays
        # only "if there are no clued cards that match", hanabi.github.io/summary). Deal h31/274 t8 (5 players):
        # Cathy's green to Eve on her green 2 and green 4, green 3 clued in Dave's hand: Dave does not blind-play
        # his finesse position for the 2. Only where everyone can tell the touched card is that one: the receiver,
        # who cannot see it, must read the clue as its giver does (deal h31/182 t15, 5 players: yellow to Cathy on
        # her new yellow 3 and her 2 Save, the yellow 2, with the yellow 1 on Donald's finesse position; a giver who
        # links a touched card the receiver cannot tell is the card sends her to play the focus as the yellow 1)
        beside = next((o for o, m in (touching or {}).items() if o not in used and m == bit
                       and ((s := view.card(o)) is None or s.identity == c)), None)
        if beside is not None:
            links.append(Link(beside, c, "plays"))
            used |= {beside}
            played |= bit
            continue
        # "if the player was already going to play the card, it isn't a Prompt" (level 1): where no card the
        # reader sees explains the clue, a clued card of its own that it plays anyway and that may be the missing
        # one makes it a delayed play clue through that card ("all of the in-between cards ... present and
        # accounted for"), not a finesse on its own finesse position (deal h31/1: red on Cathy's red 2 while
        # Bob's clued 1s, which he plays anyway, may be the red 1: Bob does not blind-play for it). The players
        # who see the card know better (Donald's red 1 on his finesse position: he blind-plays it)
        own = next((o for o, m in (anyway or {}).items() if o not in used and m & bit and view.card(o) is None
                    and (truth is None or is_x)), None)
        # (a clued card of the giver's own is never prompted by its clue: the giver cannot see it. Deal h31/256 t39,
        # level 3, 5 players: Donald's green on Emily's green 3 with the green 2 on Bob's finesse position, a Reverse
        # Finesse; Donald's own green card, to everyone the green 2 or 4, kept Bob from reading it, and he discarded)
        if pending & bit and any(o not in used and m & bit and o not in view.hands[giver] for o, m in masks.items()):
            p = prompt_card(view, giver, target, masks, bit, used, self_prompt)
            mine_c = next((o for o in view.hands[view.seat] if o in masks and masks[o] & bit and o not in used),
                          None) if view.seat != giver and (self_prompt or view.seat != target) else None
            if mine_c is not None and p is not None and p not in view.hands[view.seat] and not any(
                    o not in used and (seen := view.card(o)) is not None and seen.identity == c
                    for q, h in enumerate(view.hands) if q != view.seat for o in h if o in masks):
                # a Prompt on me as I read it: if my clued card is the missing one, the players whose clued cards
                # may be it too see mine and are not prompted, and no card I see is it (deal s24x/64 t8, level 2,
                # a Self-Prompt: white 1 played, a 3 on my chop white 3 while Cathy's clued 2, the blue 2, may be
                # the white 2; my clued 2 is the white 2. Deal h31/86 t16, level 3, 5 players: green on Cathy's
                # green 3, the green 1 on Emily's finesse position; Bob's clued 2 is the blue 2, so Donald's clued 2
                # is the green 2, and Donald waits for Emily's green 1 to play it)
                p = mine_c
            if own is not None and (p is None or (p_card := view.card(p)) is not None and p_card.identity != c):
                # nor where the clued card it would prompt is one I see is not the card: its holder sees mine, and
                # the clue waits for mine (deal h31/140 t31, level 3, 4 players: green on Bob's green 4 through my
                # clued 2, the green or white 2 I play anyway, and Alice's clued green 3; taking Alice's card for the
                # green 2, a Wrong Prompt, I read the focus as the green 2 and gave a "fix" that misled Cathy)
                links.append(Link(own, c, "plays"))
                used |= {own}
                played |= bit
                continue
            if own is not None and p in view.hands[view.seat]:
                # a clue that would prompt another clued card of mine while one I play anyway may be the card is a
                # delayed play clue through that one; if it plays as another card, the prompt goes on to the next
                # (`Notes.blind_played`). Deals h31/68 and h31/85: 3 to Cathy, slot 1 playable, then a delayed
                # play clue through it on red 4: she plays slot 1, the red 3, not her slot 3 (the blue 3)
                links.append(Link(own, c, "prompt"))
                used |= {own}
                played |= bit
                continue
            if p is None:
                return None, False
            if view.seat == giver and p in notes.prompt_for and (was := notes.conv.get(p, 0)) & (was - 1) \
                    and was & ~bit:
                # a card an earlier clue prompted, which I read as one of several cards because I cannot see that
                # clue's focus: its holder, who sees it, reads it as exactly one of them, so my prompt may pass over
                # it to the next clued card. Never a clue to give (deal h31/255 t21-25, level 3, 5 players: 4 on
                # my own green 4 prompted Emily's leftmost 2 as the green 2, to me the green or white 2; my 4 on
                # Alice's white 4 counted that card, the white 2, and Emily played her other 2, the green 2)
                return [Link(p, c, "unsure prompt")], is_x
            card = view.card(p)
            holder = next(q for q, h in enumerate(view.hands) if p in h)
            if view.seat == giver and holder != target \
                    and receiver_plays_it(view, notes, target, focus, used, c) is not None:
                # the receiver holds the missing card, clued, and plays it anyway (every card it may be is playable):
                # the prompted player sees it and reads a delayed play clue through it ("if the player was already
                # going to play the card, it isn't a Prompt", level 1), so it takes its own clued card for the next
                # card (deal h31/124 t51, 3 players: 5 on Alice's yellow 5 meant as a double prompt on Bob's yellow 3
                # and yellow 4; Alice's clued 3, a yellow 3 she played as a playable 3, came first and Bob played his
                # yellow 3 as the yellow 4). Never a clue to give
                wrong = wrong or is_x
            while card is not None and card.identity != c and plays(card):
                # the prompt is a promise: its holder plays its clued cards that may be it, left to right, until
                # the promised one comes; each one before it must play too (the Prompt, beginner's guide: "It is
                # the responsibility of the player giving the clue to ensure that all those previous cards will
                # play successfully")
                links.append(Link(p, c, "prompt"))
                played |= 1 << card.identity
                used |= {p}
                q = prompt_card(view, giver, target, masks, bit, used, self_prompt)
                if q is None or q not in view.hands[holder]:
                    return None, False
                p, card = q, view.card(q)
            if card is not None and card.identity != c and self_prompt and p in view.hands[target] and not is_x:
                # a Self-Prompt on a receiver's clued card that is not the card, for a reading of the focus that is
                # not its identity: the receiver sees neither card, so to it the Prompt is sound, and "a Prompt
                # comes before a Finesse" (it reads a Self-Finesse "only if there are no other possibilities",
                # level 2): it plays that card wrongly (deal s24x/55 t11, level 2: 3 on Alice's white 3 meant as a
                # Self-Finesse on her white 2; she read the green 3 through her clued green 4 and played it)
                return None, True
            if card is not None and card.identity != c:
                # the prompted card is not it: a Wrong Prompt. It will misplay, and then its holder blind-plays
                # its finesse position, if that holds the card (level 2); never a clue to give
                fp = notes.finesse_pos(view, holder, used)
                seen = view.card(fp) if fp is not None else None
                if notes.level < 2 or seen is None or seen.identity != c:
                    return None, is_x
                links.append(Link(p, c, "wrong prompt"))
                links.append(Link(fp, c, "finesse"))
                used |= {p, fp}
                played |= bit
                wrong = is_x
                continue
            if card is None and not (truth is None or is_x):
                return None, False  # our own card, but we see the focus is not x: no prompt
            links.append(Link(p, c, "prompt"))
            used |= {p}
            played |= bit
            continue
        if notes.level < 2 and len(missing) > 1:
            return None, False  # double finesses and prompt + finesse are the level 2 page's
        holders = []
        for q in seats:
            o = notes.finesse_pos(view, q, used)
            seen = view.card(o) if o is not None else None
            if seen is not None and seen.identity == c:
                holders.append(o)
        if not holders and own is not None:
            links.append(Link(own, c, "plays"))  # before a blind play of my own: the clued card I play anyway
            used |= {own}
            played |= bit
            continue
        mine = notes.finesse_pos(view, view.seat, used)
        tfp = notes.finesse_pos(view, target, used)
        instead = None
        if notes.level >= 2 and tfp is not None and view.card(tfp) is not None and view.card(tfp).identity == c:
            # we see the card on the receiver's own finesse position: a Self-Finesse, not ours. Unless I play after
            # the receiver and my finesse position may hold it too: then the receiver, who sees mine, reads a
            # Reverse Finesse on me if it does, and waits ("If the clue looks like it could be a Reverse Finesse,
            # then the clue receiver will not play anything", level 2). Its turn tells: if it passes without the
            # blind play, the card is mine (deal h31/21 t5, 5 players: the red 2 on Bob's finesse position and on
            # mine; I read a Self-Finesse for good, Bob waited for me, and my later clue counted his slot 1 spent)
            if not holders and mine is not None and is_x and view.seat in between(view, target, giver):
                holders, instead = [tfp], mine
            mine = None
        if not holders and view.seat in seats and mine is not None and is_x:
            holders = [mine]
        if len(holders) != 1:
            return None, False
        q = next(p for p, h in enumerate(view.hands) if holders[0] in h)
        if view.seat == giver and q != target and receiver_plays_it(view, notes, target, focus, used, c) is not None:
            # the same with a finesse: the blind player, and every other player, sees the receiver's clued card
            # that it plays anyway is the missing card, so nobody blind-plays for it, and a blind play that did
            # come would be a copy. Never a clue to give (deal final7/375 t2, level 3, 4 players: Bob's 3 on Cathy's
            # green 3, her clued 1 the green 1, meant as a double finesse on Alice's green 1 and green 2; Cathy
            # played her green 1, and Donald, seeing Alice's finesse position was no green 2, blind-played his).
            # Counting her card as one the clue waits for instead (a delayed play clue through it) cost 0.013-0.017
            # a game at 3-5 players (level 3, h31): she cannot see it, and reads the clue otherwise (deal h31/114)
            wrong = wrong or is_x
        taken = None
        unsettled = [o for o in view.hands[q][:view.hands[q].index(holders[0])] if o in notes.hand_over
                     and o not in used] if view.seat == giver else []
        if unsettled:
            # the blind player's finesse position lies past a card I count as called only until its turn tells
            # (`Notes.hand_over`: a Self-Finesse on it, or a Reverse Finesse on my own finesse position, which it
            # sees and I do not): if the call is mine, it takes that card for the finesse position, and blind-plays
            # it for this clue. Never a clue to give before the call is settled (deal final7/145 t1-7, level 3,
            # 4 players: Alice's 2 on Bob's yellow 2, the yellow 1 on his finesse position and on mine; at my turn,
            # after his 2 Save, my blue on Alice's blue 3 counted his slot 3 spent and called his slot 4, the blue 1;
            # he blind-played slot 3, the yellow 1 that was his to play for me, and Cathy struck for the blue 1)
            wrong = wrong or is_x
            taken = unsettled[0]
        elif view.seat == giver and q != view.seat and \
                (prompt_seen := unseen_visible_rule(view, notes, giver, target, q, holders[0], c, masks)) is not None:
            # the blind player cannot see its own 2, the one copy that kept a 2 Saved elsewhere off it: to it that
            # 2 may be the card, and "a Prompt comes before a Finesse". It waits, and the receiver, seeing no blind
            # play, takes the focus for the 2 (deal final7/34 t13-15, level 3, 4 players: Alice's yellow on Cathy's
            # yellow 3 with the yellow 2 on Bob's finesse position; Donald's 2 Saved white 2 was, to Bob, maybe the
            # yellow 2. Bob discarded, and Cathy played her yellow 3 as the yellow 2)
            wrong = wrong or is_x
            taken = prompt_seen
        if q != view.seat and any(o in view.hands[q] and o not in used and m & bit for o, m in (theirs or {}).items()):
            # the blind player holds a clued card it plays anyway that may be the missing one: it reads the clue
            # as a delayed play clue through that card (`own` above) and plays it instead (deal h31/54: Donald's
            # clued white 1, red on Bob's red 2 with Donald's red 1 on his finesse position). "If you try to
            # Finesse them, they will assume it is a Prompt and will play their clued card ... you can't give a
            # Finesse" (the Hidden Finesse, level 5): a clue a reader who sees the focus never gives
            wrong = wrong or is_x
        links.append(Link(holders[0], c, "finesse", instead, taken))
        used |= {holders[0]}
        played |= bit
    if notes.level < 2 and len(missing) > 1:
        # below level 2 a focus that waits for several clued cards is no reading (the Double Prompt is the level 2
        # page's), but a clue a beginner may read as one must not make its first card misplay: the Prompt page,
        # question 3 (purple 1 played, Cathy's clued purple 3 left of her purple 2: "this would signal a Prompt to
        # Cathy ... the purple 3 would misplay from slot 4"), caught above as a wrong prompt
        return None, False
    return links, wrong


def fix_reading(view: PlayerView, notes: Notes, clue_given: ColourClue | RankClue, hand: tuple[int, ...],
                hit: list[int], new: list[int], before: set[int], knowledge: dict[int, int],
                prior: dict[int, int], b: Board, focus: int) -> Reading | None:
    """Level 3, the Fix Clue: a clue that touches a card its holder read as playable is about that card.
    If it shows the card is not playable (it fills it in), it is a fix and not a play clue: the other
    cards it touches keep what the clues say. If it repeats a clue on those cards, touching no new card and
    telling nothing new, it stops the first of them (a stop clue): that one is bad. None: not a fix clue."""
    def playable(o: int, kn: dict[int, int]) -> bool:
        # as everyone reads it (the giver cannot know the holder's private reading)
        m = notes.refine(view, o, public_narrowed(view, kn[o]), b.trash)
        m = m & ~b.trash or m  # good touch: a clued card is not trash unless the clues prove it
        return bool(m) and not m & ~b.playable

    ready = [o for o in hand if o in before and o in hit and o not in notes.bad and playable(o, prior)]
    if not ready:
        return None
    if any(not public_narrowed(view, knowledge[o]) & b.playable for o in ready):
        # the clues now prove a card read as playable is not. "A clue cannot be a Play Clue and a Fix Clue at the
        # same time. If you receive a Fix Clue and it touches other ancillary cards, none of them are necessarily
        # playable" (level 3, Fix Clues): its giver may have had no fix that touches no trash, so good touch does
        # not hold for them either (deal t40/471 t41-42, level 3, 2 players: green fixed Bob's green 4, read as a
        # playable 4, and touched his new green 1, green 1 played; read as a green card still needed, it was the
        # green 2 to him, and he struck)
        return Reading(focus=focus, understood=True)
    repeated = all(any(c == clue_given and hit_then for _t, c, hit_then in view.clue_history[o][:-1])
                   for o in hit)
    if new or not repeated or any(knowledge[o] != prior[o] for o in hit):
        return None  # new cards or new information: a play clue or a tempo clue, not a stop
    # a stop only where the clues and good touch alone make the card playable: what the giver surely knows
    def proven(o: int) -> int:
        return public_narrowed(view, knowledge[o]) & ~b.trash

    ready = [o for o in ready if not proven(o) & ~b.playable and proven(o) & (proven(o) - 1)]  # not known
    if not ready:
        return None
    fresh = view.players * hand_size_for(view.players)
    first = max(ready, key=lambda o: (o >= fresh, hand.index(o)))  # the play order: fresh 1s, then oldest
    return Reading(focus=focus, understood=True, bad=frozenset({first}))


def seen_called(view: PlayerView, notes: Notes, giver: int, target: int, trash: int,
                knowledge: dict[int, int]) -> int:
    """Identities of the clued or called cards outside `target`'s hand, as `target` sees them.

    We see them too, except our own cards: for those only what their holder reads counts. The giver's own
    clued cards count only as far as the giver knows them (by the clues and the conventions): the giver cannot
    see them, so its clue promises nothing more about them.
    """
    out = 0
    for p, hand in enumerate(view.hands):
        if p == target:
            continue
        for o in hand:
            if not (touched(view, o) or o in notes.finessed):
                continue
            if o in notes.tentative and (view.seat in (giver, target) or p == giver):
                # a blind play called by a clue on my own card: I do not count on it when I give a clue or read
                # one to me (it may never come), but a receiver who sees my card knows the call (deal h31/158 t4,
                # level 3, 4 players: the yellow 1 called on Alice by a 2 on my yellow 2; Cathy's new yellow card
                # is not the yellow 1 to her, so my yellow 3 on my finesse position is called). Nor a call in the
                # hand of the clue's giver: that clue shows the giver does not hold the call (deal h31/131 t48)
                continue
            c = view.card(o)
            if p == giver:
                c = None
            if c is not None:
                out |= 1 << c.identity
            else:
                m = known_by_holder(view, notes, o, trash, knowledge)
                if p == view.seat and not m & view.empathy(o):
                    continue  # my card is not what I read it as (I see that card elsewhere); the target sees so too
                if m and m & (m - 1) == 0:
                    out |= m
    return out


def ruled_out_by_mine(view: PlayerView, notes: Notes, giver: int, target: int, stray: int, trash: int,
                      knowledge: dict[int, int]) -> bool:
    """Would my own clued cards, if they are the `stray` identities (one card each), keep the receiver from reading
    a focus I see as those cards? Then they are: the giver sees my cards and gives no clue its receiver would
    misplay on ("it is the responsibility of the player giving the clue" that the cards it waits for play, the
    Prompt), and the receiver, seeing my cards, reads the focus as the giver means it. Not for the giver or the
    receiver itself. Deal t40/204 t36-41 (level 3): blue on Alice's blue 5, through Bob's clued 3 (the blue 3 to
    everyone else, to him the red or blue 3) and the blue 4 on his finesse position; Bob, taking Alice to read her
    blue card as a blue 3 he might not hold, never blind-played, and she played it as the blue 4."""
    if view.seat in (giver, target):
        return False
    mine = [known_by_holder(view, notes, o, trash, knowledge) for o in view.my_hand
            if (touched(view, o) or o in notes.finessed) and o not in notes.tentative]
    ids = identities_in(stray)
    if len(ids) > len(mine):
        return False
    return any(all(mine[i] >> x & 1 for i, x in zip(pick, ids, strict=True))
               for pick in permutations(range(len(mine)), len(ids)))


def known_by_holder(view: PlayerView, notes: Notes, order: int, trash: int, knowledge: dict[int, int]) -> int:
    """What the holder of card `order` reads it as: the clues, counting and the conventions, with the holder's
    own reading of a clue's focus (Cathy's red play clue: her red card is red 1, and everyone knows she reads it
    so). A card known this way counts for good touch and delayed play clues like a card in plain sight."""
    base = public_narrowed(view, knowledge.get(order, view.knowledge.get(order, view.variant.all_mask)))
    return notes.refine(view, order, base, trash, private=True)


def to_be_played(view: PlayerView, notes: Notes, focus: int, b: Board, knowledge: dict[int, int]) -> int:
    """Identities of the clued or called cards their holders will play, as we can tell: those everyone knows
    exactly (`b.queued`), and each card but `focus` whose holder reads it as playable now (by the clues and the
    conventions, `known_by_holder`): the identity we see, or the one its holder knows it is. A prompt's card
    played before the promised one must not be a copy of one of these (the Prompt, beginner's guide)."""
    out = b.queued
    for hand in view.hands:
        for o in hand:
            if o == focus or o in notes.tentative or not (touched(view, o) or o in notes.finessed):
                continue
            m = known_by_holder(view, notes, o, b.trash, knowledge)
            if not m or m & ~b.playable:
                continue  # its holder does not play it yet
            seen = view.card(o)
            if seen is not None:
                out |= 1 << seen.identity
            elif not m & (m - 1):
                out |= m
    return out


def seen_coming(view: PlayerView, notes: Notes, giver: int, target: int, focus: int, new: list[int], b: Board,
                knowledge: dict[int, int]) -> dict[int, int]:
    """The clued or called cards we see (not our own, not the focus, not one this clue touches first) whose
    holders read them as playable now and so play them anyway, each with the identity we see (a card a finesse
    called counts though we could not check the call: its holder blind-plays it all the same, deal s24x/137). The giver leaves
    out the receiver's: the receiver cannot see them, and the giver's reading is the one the receiver can make
    (deal h31/114: 3 on Cathy's white 3 through her own clued white 2 read as a 2 she plays; she reads the 3 as
    the red 3). A reader who is not the giver adds the giver's own blind calls that it counts only tentatively,
    with the identity called: the giver plays them in turn (below)."""
    out = {}
    for p, hand in enumerate(view.hands):
        if p == target and view.seat == giver:
            continue
        for o in hand:
            seen = view.card(o)
            if seen is None or o == focus or o in new or not (touched(view, o) or o in notes.finessed):
                continue
            m = known_by_holder(view, notes, o, b.trash, knowledge)
            if p == giver and m & (m - 1):
                continue  # the giver's own card counts only as far as the giver knows it (`seen_called`)
            if m and not m & ~b.playable and (1 << seen.identity) & b.playable:
                out[o] = seen.identity
    if view.seat != giver:
        # the giver's own blind call that a clue on my card made: I count it only tentatively (I cannot see that
        # focus, `Notes.tentative`), but the giver saw it and blind-plays the card in turn, so a clue of the giver's
        # that needs that card waits for it, a delayed play clue through it (deal final7/224 t18-23, level 3, 4
        # players: Alice's 4 on my green 4 called Bob's green 3; Bob's 5 on Donald's green 5 went past it, and I
        # blind-played my own finesse position for the green 3)
        for o in view.hands[giver]:
            m = notes.finessed.get(o, 0)
            if o in notes.tentative and m and not m & (m - 1):
                out.setdefault(o, identities_in(m)[0])
    return out


def prompt_candidates(view: PlayerView, notes: Notes, masks: dict[int, int], new: list[int],
                      knowledge: dict[int, int], b: Board) -> dict[int, int]:
    """The clued or called cards a play clue may prompt, each with what everyone can tell it is. Not a card
    this clue touches for the first time (a second card touched by a clue does not answer it), and not a card
    its holder was already going to play: "if the player was already going to play the card, it isn't a
    Prompt" (level 1), so the clue is a finesse instead."""
    out = {}
    for o, m in masks.items():
        if o in new:
            continue
        # a card of mine I hold defensively: its giver reads it as the guide does; one it reads as exactly one card
        # is that card, as a prompt for it plays it (deal h31/91 t57: white on Alice's known white 5, a stall; my
        # clued 4 held defensively is the white 4 to every giver, and no finesse on me for it)
        seen = m & notes.trusted.get(o, -1)
        if seen & (seen - 1) == 0:
            seen = m
        if seen and not seen & ~b.playable:  # as everyone can tell: the holders' private readings differ
            continue
        out[o] = m
    return out


def plays_anyway(view: PlayerView, masks: dict[int, int], new: list[int], b: Board, giver: int,
                 target: int) -> dict[int, int]:
    """The reader's own clued or called cards that everyone can tell it will play (every card each may be is
    playable now), each with what it may be, when the reader is neither the clue's giver nor its receiver: a
    play clue waiting for one of them is a delayed play clue through it, not a prompt ("if the player was
    already going to play the card, it isn't a Prompt", level 1) nor a finesse on the reader. Not a card this
    clue touches; one that can be only one card is counted already (`Board.queued`)."""
    if view.seat in (giver, target):
        return {}
    out = {}
    for o in view.hands[view.seat]:
        m = masks.get(o, 0)
        if o not in new and m and not m & ~b.playable and m & (m - 1):
            out[o] = m
    return out


def others_play_anyway(view: PlayerView, masks: dict[int, int], new: list[int], b: Board, giver: int,
                       target: int) -> dict[int, int]:
    """`plays_anyway` for the other players than the reader, the giver and the receiver: their clued or called
    cards that everyone can tell they will play, each with what it may be. A player holding one that may be the
    card a finesse calls on them reads the clue as a delayed play clue through it, and plays it instead."""
    out = {}
    for p, hand in enumerate(view.hands):
        if p in (view.seat, giver, target):
            continue
        for o in hand:
            m = masks.get(o, 0)
            if o not in new and m and not m & ~b.playable and m & (m - 1):
                out[o] = m
    return out


def apart_from_focus(view: PlayerView, others: list[int], masks: dict[int, int], focus: int,
                     possible: dict[int, int], trash: int) -> dict[int, int]:
    """Good touch from the focus: once the focus is known to be one card, the other cards the clue touches are
    not copies of it. One that then can be nothing its holder thinks `possible` but a played card or such a
    copy is trash (white 4 played, white on slots 4 and 5: slot 5 is the white 5, slot 4 trash)."""
    if not focus or focus & (focus - 1):
        return {}
    out = {}
    for o in others:
        m = masks.get(o, 0) & possible[o] & ~focus
        if m:
            out[o] = m
        elif possible[o] & trash & ~focus:
            out[o] = possible[o] & trash & ~focus
    return out


def touched_useful(view: PlayerView, knowledge: dict[int, int], others: list[int], reading: int, wider: int,
                   found: Connections, trash: int) -> int:
    """Good touch, the receiver ("the other touched cards (besides the focus) will be eventually useful",
    hanabi.github.io, Good Touch Principle): the focus readings (`reading`) but those whose finesse calls
    elsewhere the one useful card left for another card the clue touches for the first time: under them that
    card is trash. With none left, those of `wider` (the focus's readings without the finesse preference). Deal
    s24x/269 t34-35, level 3, 3 players: green on Bob's chop green 4 and his green 5; he read the chop as the
    green 5 through Cathy's green 4 on her finesse position (a Reverse Finesse), his other green card as the
    green 4 by good touch, and played it: under that reading it could only be trash."""
    if not others or not reading:
        return reading

    def own(o: int) -> int:
        return public_narrowed(view, knowledge[o]) & (view.empathy(o) if o in view.my_hand else view.variant.all_mask)

    def holds(x: int) -> bool:
        calls = sum(m for c, m in found.finessed.items() if found.needs.get(c, 0) >> x & 1)
        for o in others:
            left = own(o) & ~trash & ~(1 << x)
            # only the call rules it out: a clue that touches trash by itself is read as before (deal s24x/179
            # t52, the last round: yellow on Cathy's yellow 4 and her yellow 1)
            if left and not left & ~calls:
                return False
        return True

    kept = sum(1 << x for x in identities_in(reading) if holds(x))
    if not kept:
        kept = sum(1 << x for x in identities_in(wider) if holds(x))
    return kept or reading


def good_touch_later(view: PlayerView, notes: Notes, giver: int, target: int, new: list[int],
                     knowledge: dict[int, int], trash: int) -> dict[int, int]:
    """Good touch, read later: a clue that touches new cards tells the holder of a card clued earlier, who sees
    them, that it is none of them (the giver saw that card too); what the holders read (what they see). A focus
    so narrowed to one card narrows the cards its clue touched besides it in turn (`Notes.refine`)."""
    seen = 0
    for n in new:
        card = view.card(n)
        if card is not None:
            seen |= 1 << card.identity
    seen &= ~trash
    if not seen:
        return {}

    def possible(o: int) -> int:
        m = public_narrowed(view, knowledge.get(o, view.knowledge[o]))
        return m & view.empathy(o) if o in view.my_hand else m

    out: dict[int, int] = {}
    for p, hand in enumerate(view.hands):
        if p in (giver, target):
            continue  # the giver cannot see its own cards; the target cannot see the cards just clued
        for o in hand:
            if not touched(view, o):
                continue
            m = notes.refine(view, o, possible(o), trash, private=True)
            if m & seen and m & ~seen:
                out[o] = m & ~seen
    return out


def clue_focus(notes: Notes, hand: tuple[int, ...], hit: list[int], before: set[int], fresh: int | None = None
               ) -> tuple[int, int | None, list[int]]:
    """The clue's focus, the receiver's chop before it, and the cards it touches for the first time: the chop if
    it is among those, else the leftmost of them; with none, the leftmost re-touched card (a tempo clue).
    `fresh`: a level-3 1 clue, whose focus is the 1 that plays first ("Playing Multiple 1's", Focus): after the
    chop, the leftmost card drawn after the deal (card order `fresh` or later), else the oldest."""
    new = [o for o in hand if o in hit and o not in before]
    unclued = [o for o in hand if o not in before and o not in notes.finessed]
    chop = unclued[-1] if unclued else None
    if chop is not None and chop in new:
        return chop, chop, new
    if new and fresh is not None:
        drawn = [o for o in new if o >= fresh]
        return (drawn[0] if drawn else new[-1]), chop, new
    if new:
        return new[0], chop, new
    return next(o for o in hand if o in hit), chop, new


@dataclass
class Connections:
    """What the focus read one past what is reachable waits for: the cards prompted and blind-called."""

    finessed: dict[int, int] = field(default_factory=dict)  # blind-called card -> identities it is called as
    finesse_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # called card -> (seat, identity)
    prompts: dict[int, int] = field(default_factory=dict)  # prompted clued card -> identities
    prompt_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # prompted card -> (seat, identity)
    viable: int = 0  # identities of the focus some chain of prompts and finesses explains
    conns: int = 0  # identities a finesse in such a chain calls
    wrong_prompt: bool = False  # a reader who sees the focus sees a wrong prompt in the clue
    delayed: int = 0  # identities of the focus only cards their holders play anyway wait for (no call)
    blind: int = 0  # identities of the focus whose chain calls a blind play (a finesse in it)
    # clued card -> identities of the focus whose chain prompts it (every identity, the one we see or not)
    prompted_by: dict[int, int] = field(default_factory=dict)
    wrong_fp: dict[int, int] = field(default_factory=dict)  # prompted card -> its holder's finesse position
    expected: set[int] = field(default_factory=set)  # clued cards we see will misplay on a wrong prompt
    # the giver's prompted card it cannot count on ("unsure prompt") -> the identity, for the focus we see
    unsure: dict[int, int] = field(default_factory=dict)
    needs: dict[int, int] = field(default_factory=dict)  # called card -> identities of the focus that wait for it
    earlier: dict[int, int] = field(default_factory=dict)  # called card -> identities called before it
    # the receiver's own clued card a lone prompt calls -> {identity it is called as: the focus's identity then}
    self_prompts: dict[int, dict[int, int]] = field(default_factory=dict)
    # called card on the receiver's finesse position -> my finesse position, called instead if the receiver's turn
    # passes without the blind play (`Link.instead`)
    hand_over: dict[int, int] = field(default_factory=dict)
    # (the giver's) blind-called card -> (the card its holder may take for it (`Link.taken`), the identity called),
    # for the focus we see
    taken: dict[int, tuple[int, int]] = field(default_factory=dict)


def connections(view: PlayerView, notes: Notes, giver: int, target: int, focus: int, far: int,
                waits: dict[int, list[int]], promptable: dict[int, int], seats: list[int], queued: int,
                self_prompt: bool = False, anyway: dict[int, int] | None = None,
                theirs: dict[int, int] | None = None, coming: dict[int, int] | None = None,
                touching: dict[int, int] | None = None) -> Connections:
    """For each identity of the focus in `far`, the chain of prompts and finesses that would explain it (see
    `chain`; `queued`: identities of the called cards their holders will play; `self_prompt`: the receiver's
    own clued cards may be prompted); the calls are kept only for the focus's true identity when we see it."""
    out = Connections()
    pending = 0  # identities a clued or called card somewhere may be (they could be a prompt instead)
    for m in promptable.values():
        pending |= m
    truth = view.card(focus)
    for x in identities_in(far):
        chain_links, wrong = chain(view, notes, giver, target, focus, x, waits[x], promptable, pending, seats,
                                   queued, self_prompt, anyway, theirs, coming, touching)
        out.wrong_prompt = out.wrong_prompt or wrong
        if chain_links and chain_links[-1].kind == "unsure prompt":
            if truth is not None and truth.identity == x:
                out.unsure[chain_links[-1].card] = chain_links[-1].identity
            continue
        if chain_links is None:
            continue
        out.viable |= 1 << x
        if all(link.kind == "plays" for link in chain_links):
            out.delayed |= 1 << x
        for link in chain_links:
            if link.kind == "finesse":
                out.conns |= 1 << link.identity
                out.blind |= 1 << x
            elif link.kind == "prompt":
                out.prompted_by[link.card] = out.prompted_by.get(link.card, 0) | 1 << x
        if len(chain_links) == 1 and chain_links[0].kind == "prompt" and chain_links[0].card in view.hands[target]:
            out.self_prompts.setdefault(chain_links[0].card, {})[chain_links[0].identity] = x
        if truth is not None and truth.identity != x:
            continue
        before_it = 0
        for link in chain_links:
            out.needs[link.card] = out.needs.get(link.card, 0) | 1 << x
            out.earlier[link.card] = out.earlier.get(link.card, 0) | before_it
            before_it |= 1 << link.identity
            if link.kind == "plays":
                continue  # nobody is called: its holder plays it anyway
            if link.kind == "wrong prompt":
                out.expected.add(link.card)
            elif link.kind == "prompt":
                out.prompts[link.card] = out.prompts.get(link.card, 0) | 1 << link.identity
                out.prompt_for[link.card] = (target, x)
                holder = next(p for p, h in enumerate(view.hands) if link.card in h)
                fp = notes.finesse_pos(view, holder)
                if fp is not None:
                    out.wrong_fp[link.card] = fp
            else:
                out.finessed[link.card] = out.finessed.get(link.card, 0) | 1 << link.identity
                out.finesse_for[link.card] = (target, x)
                if link.instead is not None:
                    out.hand_over[link.card] = link.instead
                if link.taken is not None:
                    out.taken[link.card] = (link.taken, link.identity)
    return out


def self_finesse(view: PlayerView, notes: Notes, target: int, focus: int, hit: list[int], candidates: int,
                 b: Board) -> tuple[int | None, dict[int, int], bool]:
    """Level 2, the self-finesse: nothing else explains the clue, so the receiver's own finesse position holds
    the missing card (any of them that is playable now); its blind play tells which. Also at 8 clue tokens: at
    levels 2 and 3 the only stall is the 5 Stall, so a clue that is not one is no stall.

    Returns the receiver's finesse position (None if no self-finesse), {identity it may be: the focus's
    identity then}, and whether the receiver would read a self-finesse we see is not there (it would
    blind-play wrongly)."""
    fp = notes.finesse_pos(view, target, frozenset(hit))
    cands = {connector(view, x): x for x in identities_in(candidates)}
    cands = {c: x for c, x in cands.items() if (1 << c) & b.playable}
    truth = view.card(focus)
    seen_fp = view.card(fp) if fp is not None else None
    matches = truth is None or (seen_fp is not None and cands.get(seen_fp.identity) == truth.identity)
    misread = fp is not None and bool(cands) and not matches and view.seat != target
    if fp is None or not cands or not matches:
        return None, {}, misread
    return fp, cands, misread


def still_waiting(view: PlayerView, notes: Notes, focus: int, k: int, b: Board, elsewhere: int) -> int:
    """A re-touched focus's public reading (`Notes.conv`) that the blind plays already called would make
    playable: a Tempo Clue on a card everyone already reads as a delayed play asks for no new blind play; it
    plays when the cards it waits for have played. The calls count here even where its holder inferred them
    from this very card (`Notes.tentative`): they are the reason it reads the card so (deal h31/173 t42-49,
    level 3, 3 players: Cathy's end-game stall re-touched Alice's yellow 4, read by everyone through Alice's
    clued yellow 2 and Cathy's finessed yellow 3; Alice read a self-finesse on her slot 1 and struck twice)."""
    reading = notes.conv.get(focus, 0) & k
    if not reading:
        return 0
    called = 0
    for o, m in notes.finessed.items():  # (the notes keep only cards in the hands: `Notes.forget`)
        if o != focus and m and not m & (m - 1):
            called |= m
    pending = reach(view, b.queued | elsewhere | called) & ~b.trash
    return reading if not reading & ~pending else 0


def read_clue(view: PlayerView, notes: Notes, giver: int, clue: ColourClue | RankClue,
              knowledge: dict[int, int], hit: list[int], before: set[int],
              prior: dict[int, int] | None = None, tokens: int | None = None, reader: int | None = None
              ) -> Reading:
    """What `clue` (given by `giver`, touching the cards `hit`) means to the reader `view.seat`.

    `knowledge` is every card's clue knowledge after the clue; `before` holds the target's cards touched earlier;
    `prior`: the clue knowledge before the clue (default: `view.knowledge`, a view from before the clue);
    `tokens`: the clue tokens the giver had (default: `view.clue_tokens`, likewise); `reader`: whose reading
    it is where the bot's own clues and a partner's differ (below level 2, a forced 5 clue is a 5 Stall from a
    partner, never from the bot): the view's seat by default; the clue preview, worked out from the giver's
    seat, reads as the receiver does.
    """
    target = clue.target
    hand = view.hands[target]
    if not hit:
        return Reading()
    ones = notes.level >= 3 and isinstance(clue, RankClue) and clue.rank == 1
    focus, chop, new = clue_focus(notes, hand, hit, before, view.players * hand_size_for(view.players) if ones else None)
    b = notes.board(view, exclude=focus, knowledge=knowledge, touching=hit, giver=giver)
    if notes.level >= 3:
        fix = fix_reading(view, notes, clue, hand, hit, new, before, knowledge, prior or view.knowledge, b, focus)
        if fix is not None:
            return prompt_disproved(notes, hand, knowledge, replace(fix, unlinked=broken_links(notes, hand, knowledge)))
    k = public_narrowed(view, knowledge[focus])
    # a focus the clues prove useless breaks good touch in the clue itself (a player who had to clue, stalling
    # on trash): it promises nothing about the other cards it touches either (deal h31/3: 2 on a chop that
    # cannot be the green 2, the one 2 still needed, and on slot 1, the white 2 already played)
    broken = not k & ~b.trash
    if not broken:
        k &= ~b.trash  # good touch: the focus is not useless
    saves = 0
    stall = five_stall(view, notes, clue, giver, new, chop, tokens, reader, hit, prior)
    kept_off: dict[int, dict[int, int]] = {}
    if focus == chop:
        seen = visible_off_chop(view, notes, giver, target)
        saves = save_mask(view, clue, b, sum(1 << x for x in seen))
        if isinstance(clue, RankClue) and clue.rank == 2:
            kept = {x: o for x, o in seen.items() if (1 << x) & view.variant.rank_masks[2] & ~b.trash & ~b.critical}
            if kept:
                kept_off[focus] = kept
    elif stall:
        saves = view.variant.rank_masks[5] & ~b.trash
    allowed = b.reachable | saves
    seats = between(view, giver, target)  # who may blind-play: the players between giver and receiver
    if notes.level >= 2:  # level 2, the reverse finesse: the blind play may come after the receiver's turn
        seats += between(view, target, giver)
    truth = view.card(focus)
    # the focus may be past what is reachable: the missing cards on finesse positions or prompted clued cards
    # (up to three: double and triple prompts; from level 2 also double and triple finesses, prompt + finesse)
    waits = ahead(view, b, 3)
    far = k & sum(1 << x for x in waits) & ~allowed
    forced = (view.clue_tokens if tokens is None else tokens) >= MAX_CLUE_TOKENS or \
        all(touched(view, o) for o in view.hands[giver])
    late_forced = forced and not early_game(view)  # a forced clue after the Early Game: it may be a stall
    masks = {o: notes.public_mask(view, o, b.trash, knowledge, o in hit) for h in view.hands for o in h
             if o != focus and (touched(view, o) or o in notes.finessed or o in hit)}
    promptable = prompt_candidates(view, notes, masks, new, knowledge, b)
    anyway = plays_anyway(view, masks, new, b, giver, target)
    theirs = others_play_anyway(view, masks, new, b, giver, target)
    playing = to_be_played(view, notes, focus, b, knowledge)
    coming = seen_coming(view, notes, giver, target, focus, new, b, knowledge)
    # (not, for the giver, a card it reads as called only tentatively, by a clue on its own card: the receiver saw
    # that clue's focus and knows whether it was called. Deal final7/363 t6, level 3, 4 players: Alice's 2 Save on
    # my white 2 was to me maybe a yellow 2 calling Donald's yellow 1; my yellow on his yellow 1 and chop yellow 2
    # I read as the yellow 2 through that 1, and he played the chop as the yellow 1)
    touching = {o: masks[o] for o in hit if o != focus and not (view.seat == giver and o in notes.tentative)}
    found = connections(view, notes, giver, target, focus, far, waits, promptable, seats, playing, anyway=anyway,
                        theirs=theirs, coming=coming, touching=touching)
    unread_finesse: dict[int, tuple[int, int]] = {}
    if found.conns and late_forced and (giver in notes.no_self_finesse or one_strike_left(view) and found.finessed):
        unread_finesse = {o: (giver, focus) for o in found.finessed}  # its holder says why it does not blind-play
        # a giver whose forced clue made a finesse misplay stalls so (`saw_forced_finesse`); with two strikes any
        # forced clue may be a stall (deal h31/269: a 5 re-touching a known white 5 at 8 tokens, not a finesse)
        found = Connections()
    elif late_forced and len(found.finessed) >= 2:
        # nor a forced clue after the Early Game that only a Double (or triple) Finesse explains: levels 1-3 leave a
        # player with nothing to play or save and no 5 to stall on no clue that means nothing, and people forced so
        # give one that reads as blind plays in a row (deal t40/325 t7, level 3: Alice at 8 tokens re-clued 4 to
        # Cathy's blue 4 with the blue 1 played; Bob blind-played his blue 3 as the blue 2). In the Early Game a
        # Double Finesse is a common first clue, and the bot gives and reads it (a listed difference)
        unread_finesse = {o: (giver, focus) for o in found.finessed}
        found = Connections()
    fin, finesse_for, prompts, viable = found.finessed, found.finesse_for, found.prompts, found.viable
    # what the receiver reads, seeing the other hands: good touch (not a copy of a card clued or called
    # elsewhere) and delayed play clues through those cards
    elsewhere = seen_called(view, notes, giver, target, b.trash, knowledge)
    for o, m in prompts.items():  # a card this clue prompts is that card, to the receiver too (it sees it)
        if o not in view.hands[target]:
            elsewhere |= m
    rk = k & ~elsewhere if k & ~elsewhere else k
    if truth is None and not forced:
        # my own focus: good touch, seen by its giver, keeps it off the identity of each clued or called card of
        # mine I know exactly (deal h31/53 t15, level 3, 5 players: green on Bob's green 4, his 2 Save read as the
        # green 2; the green 2 kept as a reading of the focus, the prompt on Cathy's clued 3 seemed unsure to him).
        # Not in a clue its giver had to give: it may touch a copy (deal h31/497 t38, 2 players: a stall at 8
        # tokens, 3 on my red 3 and my green card; my 3 read as the white 3 only and misplayed)
        mine = 0
        for o in hand:
            if o != focus and o not in new and (touched(view, o) or o in notes.finessed):
                m = notes.my_mask(view, o, b.trash)
                if m and not m & (m - 1):
                    mine |= m
        if rk & ~mine:
            rk &= ~mine
    r_allowed = (reach(view, b.queued | elsewhere) & ~b.trash) | saves
    waiting = still_waiting(view, notes, focus, k, b, elsewhere) if focus not in new else 0
    r_allowed |= waiting
    trusted = giver not in notes.no_self_finesse  # not a giver whose self-prompt or self-finesse misplayed
    # nor a clue its giver had to give after the Early Game (8 tokens, or every card of theirs clued): people
    # forced to clue stall with clues that only a self-finesse or self-prompt would explain (a defensive reading)
    trusted = trusted and not late_forced
    wrong_self_prompt = False  # the receiver would read a Self-Prompt that is not there and play a clued card
    unread_self: dict[int, int] = {}  # (a stall, a partner who does not give them): the reading they would have had is not made
    if not rk & (r_allowed | viable):
        # nothing else explains the clue: the receiver's own clued cards may be the cards it waits for (a
        # Self-Prompt: 4 to Bob with no 4 playable, his clued 3 is the green or blue 3 and plays first). One he
        # was going to play anyway counts here: the clue waits for it (a delayed play clue through his own card)
        own = {o: masks[o] for o in hand if o in masks and o not in new and o not in promptable}
        alt = connections(view, notes, giver, target, focus, far, waits, {**promptable, **own}, seats, playing,
                          self_prompt=True, anyway=anyway, theirs=theirs, coming=coming, touching=touching)
        wrong_self_prompt = trusted and alt.wrong_prompt  # (a receiver who does not trust it reads none)
        if rk & alt.viable and not trusted:
            unread_self = {focus: giver}
        elif rk & alt.viable and not (late_forced and len(alt.finessed) >= 2):  # (as above)
            found = alt
            fin, finesse_for, prompts, viable = found.finessed, found.finesse_for, found.prompts, found.viable
    links: dict[int, tuple[int, dict[int, int]]] = {}
    self_misread = False  # the receiver would read a self-finesse that is not there and blind-play
    if notes.level >= 2 and not fin and not prompts and not rk & r_allowed:
        fp, cands, self_misread = self_finesse(view, notes, target, focus, hit, rk & far, b)
        if fp is not None and not trusted:
            unread_self = {focus: giver}
        if not trusted:
            fp, self_misread = None, False
        if fp is not None:
            fin = {fp: sum(1 << c for c in cands)}
            viable |= sum(1 << x for x in cands.values())
            finesse_for = {**finesse_for, fp: (target, truth.identity if truth is not None else next(iter(cands.values())))}
            links[fp] = (focus, cands)
    # a focus one past reachable with no finesse behind it would send the players between into blind plays
    # (below level 2 only one: a beginner blind-plays for one missing card, never two)
    blind = far if notes.level >= 2 else far & sum(1 << x for x, w in waits.items() if len(w) == 1)
    blind &= ~found.delayed & ~waiting  # a delayed play clue through cards played anyway or called calls none
    misleading = found.wrong_prompt or wrong_self_prompt or self_misread or (
        truth is not None and bool((1 << truth.identity) & blind) and not fin and not prompts and bool(seats))
    out = {}
    for o in new:  # good touch: no newly clued card was trash when clued
        m = public_narrowed(view, knowledge[o])
        if m & ~b.trash and not broken:
            out[o] = notes.conv.get(o, view.variant.all_mask) & m & ~b.trash
    private = {}
    fallback: dict[int, tuple[int, int, int]] = {}
    # the play and save readings: an identity past what is reachable only where a chain of prompts and finesses
    # explains it (`viable`). With none, the clue has no meaning by the conventions (a stall from a player who
    # had to clue: a 4 from a locked hand through a red card its giver cannot tell is the red 3): good touch
    # alone, and nothing plays on it
    meant = k & (allowed | viable | r_allowed)
    if focus in new and meant & ~b.queued:
        # good touch, public: a card touched for the first time is not a copy of a card everyone knows is clued
        # or called already ("a Bad Touch if someone touched a card that ... was already clued in someone else's
        # hand", hanabi.github.io/beginner/good-touch-principle). It holds where the holder's own reading of the
        # focus is ruled out later: deal s24x/10 t27-31 (level 2): green on Alice's green 4 read as the green 3
        # through Bob's known green 2; a 3 clue missed it, and she played it as the green 2. Not a re-touch: a
        # copy clued since is the duplicate, not this card (deal h31/209 t52). In a clue its giver had to give, the
        # receiver's own clued cards count by what the clues say only: its giver, who sees them, may have stalled
        # on one earlier with a clue read as something it is not (deal t40/310 t31-42, level 3, 2 players: Alice,
        # locked, stalled with 4 on Bob's chop red 4, read as a Critical Save, the blue 4 once a white stall
        # missed it; locked again, 4 on his new chop, the blue 4, was then the green 4 to him, and he struck)
        gone = b.queued if not forced else notes.board(view, exclude=focus, knowledge=knowledge, touching=hit,
                                                       giver=giver, literal=target).queued
        meant = meant & ~gone or meant
    if meant:
        # what the receiver may read it as: a delayed play clue through cards it sees clued elsewhere counts
        # even where the public notes of those cards say less (4 to Bob through Cathy's clued yellow 2 and 3)
        out[focus] = meant
        mine_reading = rk & ((r_allowed & ~found.conns) | viable)
        mine_reading = touched_useful(view, knowledge, [o for o in new if o != focus], mine_reading,
                                      rk & (r_allowed | viable), found, b.trash)
        if not new and late_forced and one_strike_left(view):
            # a re-touch its giver had to give, with one strike left (a Tempo Clue Stall or a Hard Burn from a
            # locked hand or at 8 tokens: "players should not read too closely into any clues given during this
            # state", level 9): it drops no identity of the focus's earlier reading that the clues still allow and
            # that is still reachable (deal h31/209 t52: 4 on my yellow 4, waiting on the giver's clued yellow 3,
            # read as the red 4 once good touch counts the giver's yellow 4 clued since)
            mine_reading |= notes.private.get(focus, notes.conv.get(focus, 0)) & k & (r_allowed | allowed | viable)
        if mine_reading:
            private[focus] = mine_reading
        stray = mine_reading & ~viable & ~(saves & ~b.playable)
        if view.seat == giver and fin:
            # a reading that only prompts explain, one of them on a card of the blind player's: the blind player
            # cannot see that card and so reads that reading as one its receiver plays without the blind play,
            # and does not blind-play (below). Deal h31/222 t14, level 3, 5 players: Donald's 4 on Bob's chop
            # yellow 4, a finesse on Cathy's yellow 3, was to Bob also the white 4 through Alice's and Cathy's clued
            # white 2 and 3; Cathy did not blind-play, and Bob later played it as the white 4
            blind_hands = [h for h in view.hands if any(o in h for o in fin)]
            stray |= sum(1 << y for y in identities_in(mine_reading & viable & ~found.blind)
                         if any(found.prompted_by.get(o, 0) >> y & 1 for h in blind_hands for o in h))
        if stray and truth is not None and (1 << truth.identity) & viable \
                and ruled_out_by_mine(view, notes, giver, target, stray, b.trash, knowledge):
            stray = 0
        if stray:
            # the receiver may read the focus as a card it would play without the blind play: nobody blind-plays.
            # A save it may be instead is kept and waits (Reverse, II?: 4 on a chop green 4 with a white 4 left
            # to save; the player holding the green 3 sees the green 4, a play clue, and blind-plays)
            fin = {}
        for o in fin:  # level 2: if the blind play does not come, the readings that wait for it are off
            without = rk & (r_allowed | viable) & ~found.needs.get(o, 0) & ~found.earlier.get(o, 0)
            if notes.level >= 2 and without and without != mine_reading:
                fallback[o] = (next(p for p, h in enumerate(view.hands) if o in h), focus, without)
    else:
        fin = {}
        prompts = {}
    # a prompt on another hand that only some readings of a focus we cannot see (our own card) make is no public
    # narrowing: its holder sees the focus and knows whether the prompt is meant (deal s24x/112 t13-18, level 3:
    # 3 on Bob's green 3, read by Bob as the green, blue or white 3; the blue 3's prompt on Cathy's clued 2 kept
    # as public, Bob took her 2, the other copy of a blue 2 played since, as known trash and fixed nothing).
    # Some of the readings we have, seeing the other hands: one that every reading of ours makes is meant as
    # surely as our reading (deal h31/292 t8, level 3, 5 players: white on Bob's white 3, which he reads as the
    # white 3 only, Emily's clued 1 and Donald's clued 2 being the white 1 and 2; Donald's 2 left unread, Bob's
    # notes went apart from everyone's and he spent the last clue on a needless fix clue)
    unmeant = {o for o in prompts if truth is None and o not in view.my_hand
               and private.get(focus, out.get(focus, 0)) & ~found.needs.get(o, 0)}
    # nor, on my own clued card, a prompt only for readings of my focus that I rule out (deal h31/437 t33, level 3:
    # 5 on my yellow 5, read as the yellow or white 5, Alice's clued 5 being the blue 5; my 3 was still prompted as
    # the blue 3 for the blue 5, and misplayed)
    unmeant |= {o for o in prompts if truth is None and o in view.my_hand and focus in private
                and not found.needs.get(o, 0) & private[focus]}
    # a prompt that passes through clued cards we see are other cards (they play first: "it is the responsibility
    # of the player giving the clue to ensure that all those previous cards will play successfully") reaches its
    # holder on the leftmost of them only: the holder cannot see them, and the later ones wait for that one to play
    # as another card (`prompt_next`, `Notes.blind_played`). Deal s24x/112 t10-15, level 3: blue on Bob's blue 3
    # prompts Cathy's clued 2s, her white 2 and then her blue 2; Bob noted the blue 2 as prompted, Cathy read her
    # white 2 as the one. Alice played her own 2 Save, the other blue 2, and Bob, taking Cathy for knowing her blue
    # 2 trash, fixed nothing: she played it as a playable 2 and struck
    passed = {o: (prompts[o], found.prompt_for[o]) for h in view.hands for i, o in enumerate(h)
              if o in prompts and o in found.prompt_for and any(prompts.get(q, 0) & prompts[o] for q in h[:i])}
    unmeant |= set(passed)
    prompts = {o: m for o, m in prompts.items() if o not in unmeant}
    for o, m in prompts.items():
        if m & notes.conv.get(o, view.variant.all_mask) & masks[o]:
            out[o] = m
    others = [o for o in new if o != focus]
    if focus in out:
        public = {o: public_narrowed(view, knowledge[o]) for o in others}
        out.update(apart_from_focus(view, others, out, out[focus], public, b.trash))
        if focus in private:  # the receiver also counts the copies it sees (our own cards: our empathy)
            def own(o: int) -> int:
                return public_narrowed(view, knowledge[o]) & (view.empathy(o) if o in view.my_hand else view.variant.all_mask)
            private.update(apart_from_focus(view, others, {o: private.get(o, out.get(o, 0)) for o in others},
                                            private[focus] & own(focus), {o: own(o) for o in others}, b.trash))
    prompted = {o: m for o, m in prompts.items() if o in out}
    prompt_links = {o: (focus, cands) for o, cands in found.self_prompts.items() if focus in out and o not in unmeant}
    prompt_next = {}
    for o in prompted:  # the holder's next clued cards that may be the card prompted, left to right
        hand_o = next(h for h in view.hands if o in h)
        # (a card of mine I play anyway comes first wherever it sits; then my others, left to right)
        later = [q for q in hand_o if q != o] if o in anyway else hand_o[hand_o.index(o) + 1:]
        prompt_next[o] = tuple(q for q in later if q in masks and masks[q] & prompted[o])
    private = {**good_touch_later(view, notes, giver, target, new, knowledge, b.trash), **private}
    reading = Reading(focus=focus, conv=out, finessed=fin, private=private, finesse_for=finesse_for,
                   prompt_for={o: w for o, w in found.prompt_for.items() if o not in unmeant}, prompted=prompted, misleading=misleading,
                   understood=bool(k & (allowed | r_allowed) or viable), fallback=fallback, links=links if fin else {},
                   tentative=frozenset(o for o in fin if truth is None and o not in view.my_hand),
                   wrong_prompt_fp={o: fp for o, fp in found.wrong_fp.items() if o in prompted},
                   expected_misplays=frozenset(found.expected), unsure_prompts=dict(found.unsure),
                   mistaken_calls=dict(found.taken),
                   focus_of={o: focus for o in others},
                   prompt_links=prompt_links, prompt_next=prompt_next, unread_self=unread_self, is_five_stall=stall,
                   unread_finesse=unread_finesse, unlinked=broken_links(notes, hand, knowledge),
                   passed={o: w for o, w in passed.items() if o not in hand},
                   hand_over={o: m for o, m in found.hand_over.items() if o in fin}, kept_off=kept_off)
    return prompt_disproved(notes, hand, knowledge, reading)
