"""Reading a clue: a pure function of the table and the card notes that returns what the clue means."""

from __future__ import annotations

from dataclasses import dataclass, field

from hanabi_desktop.bots.conventions.model import (
    Board,
    Notes,
    between,
    early_game,
    public_narrowed,
    reach,
    touched,
)
from hanabi_desktop.engine import ColourClue, PlayerView, RankClue, hand_size_for
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
    bad: frozenset[int] = frozenset()  # level 3, a fix clue that gives no new information: do not play these

    def applied_to(self, notes: Notes) -> Notes:
        """The card notes after this reading (a new value; `notes` is left as it was)."""
        out = notes.copy()
        out.conv.update(self.conv)
        out.finessed.update(self.finessed)
        out.private.update(self.private)
        out.finesse_for.update(self.finesse_for)
        out.prompt_for.update(self.prompt_for)
        out.fallback.update(self.fallback)
        out.links.update(self.links)
        out.wrong_prompt_fp.update(self.wrong_prompt_fp)
        out.expected_misplays = out.expected_misplays | self.expected_misplays
        out.bad = out.bad | self.bad
        out.tentative = (out.tentative | self.tentative) - (set(self.finessed) - self.tentative)
        return out


def save_mask(view: PlayerView, clue: ColourClue | RankClue, b: Board) -> int:
    """Identities a clue focused on the chop may be saving: a 5 only by a 5 clue (5 Save), a 2 by a 2 clue
    (2 Save), and the last copy of any other needed card by either kind of clue (critical save)."""
    fives = view.variant.rank_masks[5]
    out = b.critical & ~fives
    if isinstance(clue, RankClue) and clue.rank in (2, 5):
        out |= view.variant.rank_masks[clue.rank] & ~b.trash
    return out


def five_stall(view: PlayerView, notes: Notes, clue: ColourClue | RankClue) -> bool:
    """Level 2, the 5 Stall: in the Early Game a 5 clue off the chop saves the 5s it touches (no play)."""
    return notes.level >= 2 and isinstance(clue, RankClue) and clue.rank == 5 and early_game(view)


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
                used: frozenset[int] = frozenset()) -> int | None:
    """The card a clue prompts for identity `bit`: first seat after the giver, then newest first (not one of
    the cards `used` earlier in the same chain)."""
    for off in range(1, view.players):
        if (giver + off) % view.players == target:
            continue
        for o in view.hands[(giver + off) % view.players]:
            if o in masks and masks[o] & bit and o not in used:
                return o
    return None


@dataclass(frozen=True)
class Link:
    """One card a play clue's focus waits for: a clued card prompted, or a finesse position blind-called."""

    card: int
    identity: int
    kind: str  # "prompt", "finesse", or "wrong prompt" (a clued card that will misplay: a finesse follows)


def chain(view: PlayerView, notes: Notes, giver: int, target: int, focus: int, x: int, missing: list[int],
          masks: dict[int, int], pending: int, seats: list[int]) -> tuple[list[Link] | None, bool]:
    """The cards a play clue on `focus` read as identity `x` waits for, one per identity of `missing` in
    order: a prompt when a clued card may be it (prompts come before finesses), else a finesse position
    holding it (exactly one player can show it). Returns (the links, or None if `x` has no such reading;
    whether a reader who sees the focus is `x` sees a wrong prompt in it)."""
    truth = view.card(focus)
    is_x = truth is not None and truth.identity == x
    used: frozenset[int] = frozenset()
    links: list[Link] = []
    wrong = False
    for c in missing:
        bit = 1 << c
        if pending & bit and any(o not in used and m & bit for o, m in masks.items()):
            p = prompt_card(view, giver, target, masks, bit, used)
            if p is None:
                return None, False
            card = view.card(p)
            if card is not None and card.identity != c:
                # the prompted card is not it: a Wrong Prompt. It will misplay, and then its holder blind-plays
                # its finesse position, if that holds the card (level 2); never a clue to give
                holder = next(q for q, h in enumerate(view.hands) if p in h)
                fp = notes.finesse_pos(view, holder, used)
                seen = view.card(fp) if fp is not None else None
                if notes.level < 2 or seen is None or seen.identity != c:
                    return None, is_x
                links.append(Link(p, c, "wrong prompt"))
                links.append(Link(fp, c, "finesse"))
                used |= {p, fp}
                wrong = is_x
                continue
            if card is None and not (truth is None or is_x):
                return None, False  # our own card, but we see the focus is not x: no prompt
            links.append(Link(p, c, "prompt"))
            used |= {p}
            continue
        holders = []
        for q in seats:
            o = notes.finesse_pos(view, q, used)
            seen = view.card(o) if o is not None else None
            if seen is not None and seen.identity == c:
                holders.append(o)
        mine = notes.finesse_pos(view, view.seat, used)
        tfp = notes.finesse_pos(view, target, used)
        if notes.level >= 2 and tfp is not None and view.card(tfp) is not None and view.card(tfp).identity == c:
            mine = None  # we see the card on the receiver's own finesse position: a self-finesse, not ours
        if not holders and view.seat in seats and mine is not None and is_x:
            holders = [mine]
        if len(holders) != 1:
            return None, False
        links.append(Link(holders[0], c, "finesse"))
        used |= {holders[0]}
    return links, wrong


def fix_reading(view: PlayerView, notes: Notes, clue_given: ColourClue | RankClue, hand: tuple[int, ...],
                hit: list[int], new: list[int], before: set[int], knowledge: dict[int, int],
                prior: dict[int, int], b: Board, focus: int) -> Reading | None:
    """Level 3, the Fix Clue: a clue that touches a card its holder read as playable is about that card.
    If it shows the card is not playable (it fills it in), it is a fix and not a play clue: the other
    cards it touches are only good to keep. If it repeats a clue on those cards, touching no new card and
    telling nothing new, it stops the first of them (a stop clue): that one is bad. None: not a fix clue."""
    def playable(o: int, kn: dict[int, int]) -> bool:
        # as everyone reads it (the giver cannot know the holder's private reading)
        m = notes.refine(view, o, public_narrowed(view, kn[o]), b.trash)
        m = m & ~b.trash or m  # good touch: a clued card is not trash unless the clues prove it
        return bool(m) and not m & ~b.playable

    ready = [o for o in hand if o in before and o in hit and o not in notes.bad and playable(o, prior)]
    if not ready:
        return None
    keep = {o: notes.conv.get(o, view.variant.all_mask) & public_narrowed(view, knowledge[o]) & ~b.trash
            for o in new if public_narrowed(view, knowledge[o]) & ~b.trash}
    if any(not public_narrowed(view, knowledge[o]) & b.playable for o in ready):
        return Reading(focus, keep, understood=True)  # the clues now prove a card read as playable is not
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
    return Reading(focus, keep, understood=True, bad=frozenset({first}))


def seen_called(view: PlayerView, notes: Notes, giver: int, target: int, trash: int,
                knowledge: dict[int, int]) -> int:
    """Identities of the clued or called cards outside `target`'s hand, as `target` sees them.

    We see them too, except our own cards: for those only what everyone can tell counts. The giver's own
    clued cards count only as far as the giver knows them: the giver cannot see them, so its clue promises
    nothing about them (reading it otherwise could make the receiver strike on the giver's mistake).
    """
    out = 0
    for p, hand in enumerate(view.hands):
        if p == target:
            continue
        for o in hand:
            if not (touched(view, o) or o in notes.finessed) or o in notes.tentative:
                continue
            c = view.card(o)
            if p == giver:
                c = None
            if c is not None:
                out |= 1 << c.identity
            else:
                m = notes.public_mask(view, o, trash, knowledge)
                if m and m & (m - 1) == 0:
                    out |= m
    return out


def read_clue(view: PlayerView, notes: Notes, giver: int, clue: ColourClue | RankClue,
              knowledge: dict[int, int], hit: list[int], before: set[int], forced: bool = False,
              prior: dict[int, int] | None = None) -> Reading:
    """What `clue` (given by `giver`, touching the cards `hit`) means to the reader `view.seat`.

    `knowledge` is every card's clue knowledge after the clue; `before` holds the target's cards touched earlier;
    `forced`: the giver had 8 clue tokens, so it had to clue (a clue nothing explains is then a stall);
    `prior`: the clue knowledge before the clue (default: `view.knowledge`, a view from before the clue).
    """
    target = clue.target
    hand = view.hands[target]
    if not hit:
        return Reading()
    new = [o for o in hand if o in hit and o not in before]
    unclued = [o for o in hand if o not in before and o not in notes.finessed]
    chop = unclued[-1] if unclued else None
    if chop is not None and chop in new:
        focus = chop
    elif new:
        focus = new[0]
    else:
        focus = next(o for o in hand if o in hit)
    b = notes.board(view, exclude=focus, knowledge=knowledge)
    if notes.level >= 3:
        fix = fix_reading(view, notes, clue, hand, hit, new, before, knowledge, prior or view.knowledge, b, focus)
        if fix is not None:
            return fix
    k = public_narrowed(view, knowledge[focus])
    if k & ~b.trash:
        k &= ~b.trash
    allowed = b.reachable
    saves = 0
    if focus == chop:
        saves = save_mask(view, clue, b)
    elif five_stall(view, notes, clue):
        saves = view.variant.rank_masks[5] & ~b.trash
    allowed |= saves
    # finesse: the focus may be one past what is reachable, the missing card on a finesse position
    # of a player between giver and target (the only one there holding it)
    fin: dict[int, int] = {}
    finesse_for: dict[int, tuple[int, int]] = {}
    prompt_for: dict[int, tuple[int, int]] = {}
    viable = conns = 0
    seats = between(view, giver, target)
    if notes.level >= 2:  # level 2, the reverse finesse: the blind play may come after the receiver's turn
        seats += between(view, target, giver)
    truth = view.card(focus)
    # the focus may be past what is reachable: the missing cards on finesse positions or prompted clued cards
    # (one of them; from level 2 up to three: double and triple prompts and finesses, prompt + finesse)
    waits = ahead(view, b, 3 if notes.level >= 2 else 1)
    far = k & sum(1 << x for x in waits) & ~allowed
    pending = 0  # identities a clued or called card somewhere may be (they could be a prompt instead)
    masks: dict[int, int] = {}
    for h in view.hands:
        for o in h:
            if o != focus and (touched(view, o) or o in notes.finessed or o in hit):
                masks[o] = notes.public_mask(view, o, b.trash, knowledge)
                pending |= masks[o]
    prompts: dict[int, int] = {}
    wrong_prompt = False
    wrong_fp: dict[int, int] = {}
    expected: set[int] = set()  # clued cards we see will misplay on a wrong prompt
    needs: dict[int, int] = {}  # called card -> identities of the focus whose reading waits for it
    earlier: dict[int, int] = {}  # called card -> identities called before it in the same chain
    for x in identities_in(far):
        chain_links, wrong = chain(view, notes, giver, target, focus, x, waits[x], masks, pending, seats)
        wrong_prompt = wrong_prompt or wrong
        if chain_links is None:
            continue
        viable |= 1 << x
        for link in chain_links:
            if link.kind == "finesse":
                conns |= 1 << link.identity
        if truth is not None and truth.identity != x:
            continue
        before_it = 0
        for link in chain_links:
            needs[link.card] = needs.get(link.card, 0) | 1 << x
            earlier[link.card] = earlier.get(link.card, 0) | before_it
            before_it |= 1 << link.identity
            if link.kind == "wrong prompt":
                expected.add(link.card)
            elif link.kind == "prompt":
                prompts[link.card] = prompts.get(link.card, 0) | 1 << link.identity
                prompt_for[link.card] = (target, x)
                holder = next(p for p, h in enumerate(view.hands) if link.card in h)
                fp = notes.finesse_pos(view, holder)
                if fp is not None:
                    wrong_fp[link.card] = fp
            else:
                fin[link.card] = fin.get(link.card, 0) | 1 << link.identity
                finesse_for[link.card] = (target, x)
    # what the receiver reads, seeing the other hands: good touch (not a copy of a card clued or called
    # elsewhere) and delayed play clues through those cards
    elsewhere = seen_called(view, notes, giver, target, b.trash, knowledge)
    for o, m in prompts.items():  # a card this clue prompts is that card, to the receiver too (it sees it)
        if o not in view.hands[target]:
            elsewhere |= m
    rk = k & ~elsewhere if k & ~elsewhere else k
    r_allowed = (reach(view, b.queued | elsewhere) & ~b.trash) | saves
    links: dict[int, tuple[int, dict[int, int]]] = {}
    self_misread = False  # the receiver would read a self-finesse that is not there and blind-play
    if notes.level >= 2 and not forced and not fin and not prompts and not rk & r_allowed:
        # level 2, the self-finesse: nothing else explains the clue, so the receiver's own finesse position
        # holds the missing card (any of them that is playable now); its blind play tells which. Not when the
        # giver was forced to clue (8 tokens): read defensively, such a clue may be only a stall
        fp = notes.finesse_pos(view, target)
        cands = {connector(view, x): x for x in identities_in(rk & far)}
        cands = {c: x for c, x in cands.items() if (1 << c) & b.playable}
        seen_fp = view.card(fp) if fp is not None else None
        matches = truth is None or (seen_fp is not None and cands.get(seen_fp.identity) == truth.identity)
        self_misread = fp is not None and bool(cands) and not matches and view.seat != target
        if fp is not None and cands and matches:
            fin = {fp: sum(1 << c for c in cands)}
            viable |= sum(1 << x for x in cands.values())
            finesse_for[fp] = (target, truth.identity if truth is not None else next(iter(cands.values())))
            links[fp] = (focus, cands)
    # a focus one past reachable with no finesse behind it would send the players between into blind plays
    misleading = wrong_prompt or self_misread or (truth is not None and bool((1 << truth.identity) & far) and not fin
                                  and not prompts and bool(seats))
    out = {}
    for o in new:  # good touch: no newly clued card was trash when clued
        m = public_narrowed(view, knowledge[o])
        if m & ~b.trash:
            out[o] = notes.conv.get(o, view.variant.all_mask) & m & ~b.trash
    private = {}
    fallback: dict[int, tuple[int, int, int]] = {}
    if k & (allowed | far):
        out[focus] = k & (allowed | far)
        mine_reading = rk & ((r_allowed & ~conns) | viable)
        if mine_reading:
            private[focus] = mine_reading
        if mine_reading & ~viable:  # the receiver cannot tell a finesse happened: nobody blind-plays
            fin = {}
        for o in fin:  # level 2: if the blind play does not come, the readings that wait for it are off
            without = rk & (r_allowed | viable) & ~needs.get(o, 0) & ~earlier.get(o, 0)
            if notes.level >= 2 and without and without != mine_reading:
                fallback[o] = (next(p for p, h in enumerate(view.hands) if o in h), focus, without)
    else:
        fin = {}
        prompts = {}
    for o, m in prompts.items():
        if m & notes.conv.get(o, view.variant.all_mask) & masks[o]:
            out[o] = m
    prompted = {o: m for o, m in prompts.items() if o in out}
    return Reading(focus, out, fin, private, finesse_for, prompt_for, prompted, misleading,
                   bool(k & allowed or viable), fallback, links if fin else {},
                   frozenset(o for o in fin if truth is None and o not in view.my_hand),
                   {o: fp for o, fp in wrong_fp.items() if o in prompted}, frozenset(expected))
