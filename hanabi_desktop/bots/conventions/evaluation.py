"""Valuing a clue: read it the way its receiver will, then count the cards it gets played or saved."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.model import Board, Notes, card_bit, public_narrowed, touched
from hanabi_desktop.bots.conventions.reading import Reading, prompt_card, read_clue
from hanabi_desktop.engine import Action, Card, ColourClue, PlayerView, RankClue
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.engine.knowledge import remaining_copies

MISPLAY = -1000.0
DUP = -1000.0  # value of touching a second copy of a card already touched (bad touch)
TWO_SAVE_VISIBLE = 1.0
PROMPT_VALUE = 8.0  # a clue that prompts a clued card in a third hand: its holder learns it
NEWCHOP_PENALTY = 3.0
# a clue that a misread would turn into a strike (`misread_strikes`), against one that it would not: less than the
# 0.5 a newly touched card is worth, so it only chooses between clues otherwise about as good
MISREAD_RISK = 0.4


def clue_mask(view: PlayerView, clue: ColourClue | RankClue) -> int:
    """Identities a clue touches."""
    v = view.variant
    return v.colour_masks[clue.colour] if isinstance(clue, ColourClue) else v.rank_masks[clue.rank]


def needs_save(view: PlayerView, notes: Notes, order: int, b: Board) -> float:
    """How much saving the visible card `order` (on a chop) is worth; 0 if it may be discarded."""
    card = view.card(order)
    if card is None or (1 << card.identity) & b.trash or view.deck_count == 0:
        return 0.0  # (the deck is empty: nobody draws again, so a discard loses nothing a save would keep)
    if duplicated(view, notes, order, card):
        return 0.0
    if (1 << card.identity) & b.critical:
        return 9.0 if card.rank == 5 else 10.0
    suit = view.variant.suits[card.suit]
    if not suit.descending and card.rank == 2:
        if TWO_SAVE_VISIBLE and visible_elsewhere(view, notes, order, card):
            return 0.0
        return 5.0
    return 0.0


def visible_elsewhere(view: PlayerView, notes: Notes, order: int, card: Card) -> bool:
    """Is another copy of `card` off the chop in a third player's hand (not its holder's, not ours)?"""
    holder = next(p for p, h in enumerate(view.hands) if order in h)
    for p, hand in enumerate(view.hands):
        if p in (holder, view.seat):
            continue
        chop = notes.chop(view, p)
        if any(o != chop and view.card(o) == card for o in hand):
            return True
    return False


def duplicated(view: PlayerView, notes: Notes, order: int, card: Card) -> bool:
    """Is another copy of `card` already touched or called in some hand: one we see, or one of ours we read as
    exactly that card (Good Touch: "already clued in someone else's hand", hanabi.github.io/beginner/
    good-touch-principle; deal s24x/102 t9: Cathy, holding the green 3 Bob's finesse told her, clued 3 on his
    green 3, and Bob, who sees hers, read his as another 3). Not for a card that is critical: its one copy is the
    one we see, so our reading of ours is wrong."""
    for hand in view.hands:
        for o in hand:
            if o == order or not (touched(view, o) or o in notes.finessed):
                continue
            c = view.card(o)
            if c == card:
                return True
            if c is None and not view.is_critical(card) \
                    and notes.my_mask(view, o, view.trash_mask()) == card_bit(card):
                return True
    return False


def bad_touch_reasons(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board
                      ) -> list[tuple[int, str]]:
    """The new cards `clue` touches that break good touch, each with why: "trash" (played already), "twice"
    (touched twice by this clue) or "copy" (a copy of a card clued or called elsewhere)."""
    seen: set[int] = set()
    bad = []
    for o in view.hands[clue.target]:
        card = view.visible[o]
        if not (1 << card.identity) & clue_mask(view, clue) or notes.called(view, o):
            continue
        if (1 << card.identity) & b.trash:
            bad.append((o, "trash"))
        elif card.identity in seen:
            bad.append((o, "twice"))
        elif duplicated(view, notes, o, card):
            bad.append((o, "copy"))
        seen.add(card.identity)
    return bad


def bad_touches(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> int:
    """How many new cards `clue` touches that break good touch (`bad_touch_reasons`)."""
    return len(bad_touch_reasons(view, notes, clue, b))


def clue_effect(view: PlayerView, notes: Notes, clue: ColourClue | RankClue
                ) -> tuple[list[int], dict[int, int], set[int]]:
    """What a clue we could give would touch, everyone's clue knowledge after it, and the receiver's cards
    touched before."""
    hand = view.hands[clue.target]
    cmask = clue_mask(view, clue)
    hit = [o for o in hand if (1 << view.visible[o].identity) & cmask]
    knowledge = dict(view.knowledge)
    for o in hand:
        knowledge[o] = knowledge[o] & cmask if o in hit else knowledge[o] & ~cmask
    return hit, knowledge, {o for o in hand if touched(view, o)}


def tells_something(view: PlayerView, notes: Notes, clue: ColourClue | RankClue) -> bool:
    """Does `clue` narrow what its receiver can tell of some card (a repeated clue tells nothing)?"""
    _hit, knowledge, _before = clue_effect(view, notes, clue)
    return any(public_narrowed(view, knowledge[o]) != public_narrowed(view, view.knowledge[o])
               for o in view.hands[clue.target])


def score_clue(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board, forced: bool = False) -> float:
    """Value of a clue when its receiver reads it by the conventions; MISPLAY if it would cause one, or if it
    means nothing (no play or save reading) unless the giver is `forced` to clue."""
    hand = view.hands[clue.target]
    hit, knowledge, before = clue_effect(view, notes, clue)
    old = {o: notes.refine(view, o, public_narrowed(view, view.knowledge[o]), b.trash, private=True)
           for o in hand}  # what the receiver already reads each card as
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    bonus = 14.0 * len(reading.finessed)
    for o, m in reading.prompted.items():  # a prompted card elsewhere that its holder did not know yet
        if o not in hand and notes.holder_reads(view, o, b.trash) & ~m:
            bonus += PROMPT_VALUE
    # one blind play (from level 2, up to three: double and triple finesses)
    if reading.misleading or len(reading.finessed) > (3 if notes.level >= 2 else 1):
        return MISPLAY
    if not reading.understood and not forced:
        return MISPLAY  # no play or save reading: a clue that means nothing (Minimum Clue Value Principle)
    if forced_reads_as_self_finesse(view, notes, clue, b, reading):
        return MISPLAY  # a person reads it as a Self-Finesse: a blind play of a card that is not the one
    if fix_reads_as_play(view, notes, clue, b, reading):
        return MISPLAY  # a fix to me, to its receiver a play clue on the new card: a blind play of a card not there
    if reads_as_wrong_prompt(view, notes, clue, b, reading):
        return MISPLAY  # a person reads it as a play clue whose Prompt plays a card that is not the one
    if self_finesse_read_elsewhere(view, notes, clue, b, reading):
        return MISPLAY  # a Self-Finesse I mean, to its receiver a Finesse on a partner's hand for another card
    focus = view.visible[reading.focus] if reading.focus is not None else None
    if focus is not None and not forced and reading.focus == notes.chop(view, clue.target) \
            and not (1 << focus.identity) & b.reachable and not needs_save(view, notes, reading.focus, b) \
            and not reading.finessed and not reading.prompted:
        # a save of a card that needs none (a 2 whose copy is visible elsewhere): not a clue to give. A chop card
        # a finesse or a prompt makes playable is a play clue, not a save
        return MISPLAY
    if focus is not None and not forced and reading.focus == notes.chop(view, clue.target) \
            and not reading.finessed and not reading.prompted and not (1 << focus.identity) & b.playable \
            and chop_behind_blind_play(view, notes, clue.target, reading.focus):
        # a save on a chop that is one only because an older card waits to be blind-played: a person may count
        # that card as the chop and read the clue as one off the chop (a play clue: deal s24x/161, a 5 there read
        # as a Reverse Finesse). The blind play comes first, then the save is plain.
        return MISPLAY
    after = reading.applied_to(notes)
    if misled_elsewhere(view, notes, after, clue, b):
        return MISPLAY
    if reads_as_sooner_card(view, notes, clue, b, reading, knowledge, hit):
        return MISPLAY  # its receiver plays it as a card that plays sooner, once that one is reachable
    after.finessed = notes.finessed  # the blind-play calls are valued above, not as notes
    # good touch counts the cards the clue calls too: red on a red 1 and a chop red 2 finessing Bob's red 1
    # touches a copy of the card Bob is about to play
    calls = {view.visible[o].identity for o in (*reading.finessed, *reading.prompted) if o in view.visible}
    # colour over number when the clues are otherwise the same (the beginner's guide): the one that tells the
    # focus more exactly
    told = after.private.get(reading.focus) or after.conv.get(reading.focus, 0) if reading.focus is not None else 0
    vague = 0.02 * min(len(identities_in(told)) - 1, 10) if told else 0.0
    risk = MISREAD_RISK if misread_strikes(view, clue, reading, knowledge, hit, before, b) else 0.0
    return _value(view, after, clue, hand, hit, before, knowledge, b, old, calls) + bonus - vague - risk


def reads_as_sooner_card(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board,
                         reading: Reading, knowledge: dict[int, int], hit: list[int]) -> bool:
    """Does `clue`, a play clue on a card that waits (`waits_as_play`) for cards nobody has clued or called
    (none of my reading's Finesses or Prompts get it), leave its focus a public reading that the cards already
    clued or called make playable? Its receiver reads that one: it needs no blind play, and "if there are no
    other possibilities" is when a Finesse or Self-Finesse is read (hanabi.github.io/level-2). Deal s24x/36
    turn 15 (level 3, 3 players, the careful level-3 stand-in as Alice): green on Alice's green 4 beside her
    clued green 2 (green 1 played) reads as the green 3; she played it as that and struck."""
    if reading.finessed or reading.prompted or not waits_as_play(view, notes, clue, b, reading):
        return False
    focus = reading.focus
    reachable = notes.board(view, exclude=focus, knowledge=knowledge, touching=hit).reachable  # once it is read
    if (1 << view.visible[focus].identity) & reachable:
        return False
    return bool(reading.conv.get(focus, 0) & reachable)


def misread_strikes(view: PlayerView, clue: ColourClue | RankClue, reading: Reading, knowledge: dict[int, int],
                    hit: list[int], before: set[int], b: Board) -> bool:
    """Would `clue` strike if its receiver took another newly touched card for its focus, the slip people make most
    with a clue on two new cards? Such a card is not playable, yet playable as far as the clues tell (deal h31/161
    turn 17, level 3, 2 players: yellow on Bob's chop y3 touched his y4 too, with y2 next; he played the y4 as it.
    3 saved the y3 as well, and touched a b3 no clue could make playable)."""
    new = [o for o in hit if o not in before]
    return len(new) >= 2 and any(
        o != reading.focus and not (1 << view.visible[o].identity) & b.playable
        and public_narrowed(view, knowledge[o]) & b.playable for o in new)


def chop_behind_blind_play(view: PlayerView, notes: Notes, seat: int, chop: int) -> bool:
    """Is `seat`'s chop card `chop` its chop only because an older card no clue touched is called to blind-play?"""
    hand = view.hands[seat]
    return any(not touched(view, o) and o in notes.finessed for o in hand[hand.index(chop) + 1:])


def _value(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, hand: tuple[int, ...], hit: list[int],
           before: set[int], knowledge: dict[int, int], b: Board, old: dict[int, int],
           calls: set[int] | frozenset[int] = frozenset()) -> float:
    value = 0.0
    chop = notes.chop(view, clue.target)
    seen: set[int] = set(calls)
    for o in hand:
        card = view.visible[o]
        ib = 1 << card.identity
        is_touched = o in hit or o in before
        new_mask = public_narrowed(view, knowledge[o])
        new_mask = notes.refine(view, o, new_mask, b.trash, forced_touch=is_touched, private=True)
        old_mask = old[o]
        if is_touched and not new_mask & ib and not (ib & b.trash and not old_mask & ib):
            return MISPLAY  # a misread, unless the card is useless and was already misread before
        if o in hit and o not in before and ib & b.trash and public_narrowed(view, knowledge[o]) & ~b.trash:
            # a useless card newly touched that only good touch from the focus tells is useless: the guide
            # reads it so, but a person who misses that plays it; given defensively, such a clue is not given
            return MISPLAY
        now = new_mask and not new_mask & ~b.playable
        was = old_mask and not old_mask & ~b.playable and (o in before or o in notes.finessed)
        if now and not ib & b.playable:
            return MISPLAY
        dup = duplicated(view, notes, o, card) or card.identity in seen
        if o in hit and o not in before:
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
        if o == chop and o in hit:
            value += needs_save(view, notes, o, b)
    if chop is not None and chop in hit:
        # the chop moves on: a card that then needs saving is left in danger
        nxt = next((o for o in reversed(hand) if o not in hit and o not in before
                    and o not in notes.finessed), None)
        if nxt is not None and needs_save(view, notes, nxt, b) > 0:
            value -= NEWCHOP_PENALTY
            # and if it is worth more than the card saved, the save loses more than it gains
            value -= max(0.0, needs_save(view, notes, nxt, b) - needs_save(view, notes, chop, b))
    return value


def misled_elsewhere(view: PlayerView, notes: Notes, after: Notes, clue: ColourClue | RankClue, b: Board
                     ) -> list[int]:
    """The clued cards of third hands (neither the giver's nor the receiver's) whose holder reads them, once
    `clue` is read (`after`: the notes then), as surely playable when they are not, and did not before: good
    touch read later narrows them (`reading.good_touch_later`). After deal h31/118: Cathy's 2 Saved 2 is the red
    2, and she reads it as not the red 2 that Alice, who saw hers, clued in Bob's hand and he played; green to
    Bob on his green 2 then tells her it is not the green 2 either, so she reads it as the blue or white 2, both
    playable, and strikes."""
    out = []
    for p, hand in enumerate(view.hands):
        if p in (view.seat, clue.target):
            continue
        for o in hand:
            card = view.card(o)
            if card is None or not touched(view, o) or (1 << card.identity) & b.playable:
                continue
            now = after.holder_reads(view, o, b.trash)
            was = notes.holder_reads(view, o, b.trash)
            if now and not now & ~b.playable and not (was and not was & ~b.playable):
                out.append(o)
    return out


def is_tempo(view: PlayerView, notes: Notes, clue: ColourClue | RankClue) -> bool:
    """Does the clue touch no new card (a tempo clue, which the Minimum Clue Value Principle forbids)?"""
    cmask = clue_mask(view, clue)
    return not any((1 << view.visible[o].identity) & cmask and not notes.called(view, o)
                   for o in view.hands[clue.target])


def proves_playable(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Is `clue` a Tempo Clue (it touches no new card) whose first card is playable while its holder cannot tell
    it from trash (a copy of a card played that no clue promised it apart from, see `promised_apart`)? The
    re-touch says "play it now" (deal h31/142: Bob's clued 1s may be the red 1 he clued in Alice's hand; blue
    on his blue 1 gets it played)."""
    hit = view.touched(clue)
    if not hit or not view.is_playable(view.visible[hit[0]]):
        return False
    m = notes.holder_reads(view, hit[0], b.trash)
    return bool(m & b.trash and m & b.playable)


def tempo_reads_as_finesse(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Would a partner read tempo clue `clue` as a Finesse on their own hand and blind-play a card that is not
    the one? A person reads a re-touch as a play clue on its leftmost card (a Tempo Clue): each card it waits for
    is a called card everyone reads as that card, or a Prompt or a Finesse. A reader who finds each other missing
    card clued, or on a finesse position, in a hand I see waits for it; one who finds one nowhere I see it (in my
    own hand, unread, or in nobody's) reads it on their own hand: a player between me and the receiver as a
    Finesse (the Finesse page), the receiver as a Self-Finesse (level 2). Deals h31/31 and h31/60, turn 59 (the
    all-habits level-2 stand-in as Cathy): an end-game stall re-touched a 5 whose 4 was clued in the giver's hand
    by clues that did not tell which card it was; Cathy blind-played a card of her own and struck."""
    return missing_read_on_own_hand(view, notes, view.visible[view.touched(clue)[0]], b)


def copy_of_mine(view: PlayerView, notes: Notes, order: int) -> bool:
    """Is `order` a card I wait to see blind-played (a Finesse I read on a clue to me, its focus unseen) whose
    identity my clued card is if the blind play does not come? The blind play is what tells me which one mine is
    (level 2, The Reverse Finesse: "If a blind-play does happen, then it means that the clued card is the next card
    in the chain"), so a stall that gets it played tells me wrong ("Stomping on a Finesse", level 2). Deal t40/140
    turn 11 (level 3, 3 players, the careful stand-in as Alice): white on Bob's white 1, read by him as the white
    2 through Cathy's white 1 on her finesse position, else the white 1; his stall clued her white 1, she played
    it, and he played his white card as the white 2."""
    if order not in notes.tentative or touched(view, order) or order not in notes.fallback:
        return False
    return bool(notes.fallback[order][2] & notes.finessed.get(order, 0))


def tempo_reads_as_wrong_prompt(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Would a partner read tempo clue `clue` (a play clue on its leftmost card) as a Prompt on a clued card that
    is not the card it waits for (`prompt_lands_wrong`)? Deal h31/151, turn 50 (level 2, 3 players, the
    all-habits level-2 stand-in as Cathy): green 3 played, Alice's clued 4s are the blue 4 (slot 4) and the
    green 4 (slot 5), neither told apart by the clues; an end-game stall re-touched Cathy's green 5, Alice took
    the Prompt on her leftmost 4 and played the blue 4."""
    return prompt_lands_wrong(view, notes, view.touched(clue)[0], b, clue.target)


def prompt_lands_wrong(view: PlayerView, notes: Notes, focus: int, b: Board, target: int,
                       knowledge: dict[int, int] | None = None) -> bool:
    """Would a reader of a play clue on card `focus` (held by `target`, the clue mine) take a Prompt on a clued card
    that is not the card it waits for? The Prompt (level 1): the prompted player plays their leftmost clued card
    that could be the missing card, the first player after the giver first (`reading.prompt_card`, the model a
    play clue is read with). Each card up to `card` counts here, the ones I count as called too (`Board.queued`):
    my notes may tell a card apart that its holder does not (my readings of a clue whose focus I saw keep only
    what I saw it is), so what a card may be is what the clues on it say. Good touch aside too: two clued cards
    that each may be the card or trash, one copy left, are one of each to their holder, who does not know which
    (turn 53 of that deal: the blue 4 trash by then); but not a copy of a clued or called card its holder sees
    (deal h31/227: a clued 3 that may be the yellow 3 is not it to a holder who sees the yellow 3 clued). A
    prompted card that
    plays as another card hands the prompt on to its holder's next one (the guide's "all those previous cards
    will play successfully"); my own cards, which I cannot see, are taken as the card. Not a card its holder
    plays anyway ("if the player was already going to play the card, it isn't a Prompt", level 1). `knowledge`:
    the clue knowledge once the clue is given (a clue on a new card also tells the cards it re-touches)."""
    knowledge = view.knowledge if knowledge is None else knowledge
    card = view.visible[focus]
    suit = view.variant.suits[card.suit]
    n = view.fireworks[card.suit]
    masks = {}
    for hand in view.hands:
        for o in hand:
            if o in notes.finessed:
                masks[o] = notes.finessed[o]
            elif touched(view, o) and o != focus:
                m = public_narrowed(view, knowledge[o])
                if m & ~b.playable:
                    masks[o] = m
    played = 0
    used: frozenset[int] = frozenset()
    while n < 5 and suit.rank_at(n) != card.rank:
        x = card.suit * 5 + suit.rank_at(n) - 1
        n += 1
        # good touch: a card is not a copy of a clued or called card its holder sees elsewhere (one I see)
        others = {q: any(view.visible[o].identity == x for h in view.hands if h is not view.hands[q]
                         for o in h if o in view.visible and (o in notes.finessed or touched(view, o)))
                  for q in range(view.players)}
        cands = {o: m for o, m in masks.items()
                 if not others[next(q for q, h in enumerate(view.hands) if o in h)]}
        while True:
            p = prompt_card(view, view.seat, target, cands, 1 << x, used, self_prompt=True)
            if p is None:
                break  # no clued card may be it: a Finesse, if anything (`missing_read_on_own_hand`)
            used |= {p}
            seen = view.card(p)
            if seen is None or seen.identity == x:
                break
            if not (view.is_playable(seen) and not (1 << seen.identity) & played):
                return True  # the prompted card is not the missing one, and does not play
            played |= 1 << seen.identity
        played |= 1 << x
    return False


def fix_reads_as_play(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board, reading: Reading) -> bool:
    """Level 3: would a partner read `clue`, which I read as a Fix Clue (it shows a re-touched card the clues
    make playable is not), as a play clue on the new card it touches, and blind-play a card that is not the one
    (`missing_read_on_own_hand`) or take a Prompt on a wrong clued card (`prompt_lands_wrong`)? A fix only to a
    receiver who reads a re-touched card as playable (`Notes.holder_reads`, as `doomed` in the policy); to one
    who does not, a clue on a new card off the chop that is no 5 Stall is a play clue on it (a 5 on an off-chop
    5 outside the Early Game "will typically look like a Play Clue on that 5", level 2). Deal s24x/89, turn 42
    (level 3, 2 players, the all-habits level-3 stand-in as Alice): both yellow 4s gone, Alice's clued yellow 5
    read as the yellow 3 by good touch, though not by her; Bob's 5 clue touched it and her new green 5 (slot 2),
    no green 4 anywhere: she blind-played slot 1 (a red 1) as the green 4, the third strike."""
    if notes.level < 3 or not reading.understood or reading.focus is None or reading.finessed or reading.prompted \
            or reading.is_five_stall:
        return False
    focus = reading.focus
    if touched(view, focus) or focus == notes.chop(view, clue.target):
        return False  # a tempo clue, or a save
    card = view.visible[focus]
    if (1 << card.identity) & (b.reachable | b.trash):
        return False
    fixed = [o for o in view.touched(clue) if touched(view, o)]
    if not fixed:
        return False
    for o in fixed:
        m = notes.holder_reads(view, o, b.trash)
        if m and not m & ~b.playable and not (1 << view.visible[o].identity) & b.playable:
            return False  # its holder reads it as playable: the fix it is to them
    return missing_read_on_own_hand(view, notes, card, b) or prompt_lands_wrong(view, notes, focus, b, clue.target)


def tempo_reads_as_stop(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Would a level-3 reader take tempo clue `clue` as a Fix Clue that stops a card they read as playable? The
    Fix Clue That Gives No Additional Information (level 3): "Since Bob was going to play the 1 already without
    Alice doing anything, the clue must have some other meaning. Thus, it is a Fix Clue": a clue that repeats a
    clue on each card it touches, one of which its holder reads as playable (by the clues and what they count,
    not known as one card), makes that card bad, and they discard it (`fix_reading`; the level-2 stand-in's
    `_read_fix`). The holder sees my hand, which I do not: an identity all of whose copies left (as they count)
    may be in my hand may be ruled out by them. Deal h31/183, turn 47 (level 3, 3 players, the careful stand-in
    last): an end-game stall repeated 3 on the stand-in's white 3 it read as a playable 3, and it discarded it."""
    if notes.level < 3:
        return False
    hit = view.touched(clue)
    if not hit or any(not any(c == clue and was for _t, c, was in view.clue_history[o]) for o in hit):
        return False  # new information: a Tempo Clue, not this Fix Clue
    mine = [view.empathy(o) for o in view.my_hand]
    theirs = set(view.hands[clue.target])
    # the copies of each identity the receiver cannot account for by what we both see
    left = remaining_copies(view.variant.copies, (c.identity for o, c in view.visible.items() if o not in theirs))
    for o in hit:
        k = view.holder_empathy(o) & ~b.trash
        proven = public_narrowed(view, view.knowledge[o]) & ~b.trash  # what `fix_reading` counts: more, never less
        if not k or not proven & (proven - 1):
            continue  # known as one card (or trash): "a card I know exactly cannot be bad"
        waits = [x for x in identities_in(k & ~b.playable)
                 if left[x] > sum(1 for m in mine if m & (1 << x))]  # no copy of it may hide in my hand
        if not waits:
            return True
    return False


def waits_for(view: PlayerView, card: Card, b: Board) -> list[int]:
    """The identities of the cards `card` waits for that are not a called card everyone reads as one card (mine
    too: my partners know I know it), lowest first."""
    suit = view.variant.suits[card.suit]
    n = view.fireworks[card.suit]
    missing = []
    while n < 5 and suit.rank_at(n) != card.rank:
        x = card.suit * 5 + suit.rank_at(n) - 1
        if not (1 << x) & b.queued:
            missing.append(x)
        n += 1
    return missing


def forced_tempo_reads_as_finesse(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Would a third player read forced clue `clue`, a re-touch, as a Finesse on their own hand
    (`tempo_reads_as_finesse`) and blind-play a card that is not the one? With 3 or more players, and only for a
    re-touched card that waits for one card: no page asks for several cards with a Tempo Clue, and the receiver
    of a stall does not take it as a Self-Finesse (the bot holds such a card, `Wariness`). Deals s24x/20 turn 22
    (level 2: red 3 played, red to Cathy on her clued red 5 alone, no red 4 anywhere; Bob blind-played his yellow
    3) and s24x/244 turn 36 (yellow on Alice's clued yellow 4 and 5, no yellow 3 anywhere; Bob, after her,
    blind-played a green 1)."""
    hit = view.touched(clue)
    if view.players < 3 or not hit or not is_tempo(view, notes, clue):
        return False
    return len(waits_for(view, view.visible[hit[0]], b)) == 1 and tempo_reads_as_finesse(view, notes, clue, b)


def missing_read_on_own_hand(view: PlayerView, notes: Notes, card: Card, b: Board, unseen: int | None = None
                             ) -> bool:
    """Is a card that `card` waits for (not a called card everyone reads as one card) nowhere I see it clued or
    on a finesse position (a chain takes each seat's next one)? Then a partner who reads a play clue on `card`
    reads it on their own hand: a Finesse, or the receiver's Self-Finesse (level 2). `unseen`: a seat whose hand
    does not count either (the receiver's, which it cannot see)."""
    missing = waits_for(view, card, b)
    used: dict[int, frozenset[int]] = {p: frozenset() for p in range(view.players)}

    def shows(seat: int, x: int) -> bool:  # a Prompt or a Finesse on `seat` that gets card identity `x`
        if any(view.visible[o].identity == x and notes.called(view, o) for o in view.hands[seat]):
            return True
        fin = notes.finesse_pos(view, seat, used[seat])  # a second missing card: the next finesse position
        if fin is None or view.visible[fin].identity != x:
            return False
        used[seat] |= {fin}
        return True

    return any(not any(shows(p, x) for p in range(view.players) if p not in (view.seat, unseen)) for x in missing)


def self_finesse_read_elsewhere(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board,
                                reading: Reading) -> bool:
    """Does `clue`, which I mean as a Self-Finesse (`reading.links`), have another reading its receiver finds
    first: a card the focus may be whose missing cards are each clued, or on a finesse position, in a hand the
    receiver sees (not its own, and not mine, which I cannot see)? The receiver reads a Self-Finesse "only if
    there are no other possibilities" (level 2), so it waits for that Finesse (from level 2 a Reverse Finesse
    too), and the partner who holds the card may blind-play it. Deal s24x/219, turn 16 (level 3, 3 players, the
    all-habits stand-in as Cathy): 2 to Bob on his green 2 meant his green 1 (slot 2) first; Cathy held the
    white 1 on her finesse position, so Bob read his card as the white 2 and waited, the team's notes parted, and
    a late stall on that 2 made him blind-play into a strike."""
    for _fp, (focus, cands) in reading.links.items():
        truth = view.card(focus)
        if truth is None:
            continue
        for x in cands.values():
            if x != truth.identity and not missing_read_on_own_hand(view, notes, Card.from_identity(x), b,
                                                                    unseen=clue.target):
                return True
    return False


def forced_reads_as_self_finesse(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board,
                                 reading: Reading) -> bool:
    """Would a partner read forced clue `clue`, which has no play or save reading (`reading`, mine), as a Finesse
    on their own hand and blind-play a card that is not the one? At levels 1 to 3 the guide's only stalls are the
    5 Stall and the Tempo Clue; a clue on a new card that is not playable and whose focus reads as no save is, to
    a person, a play clue: the cards it waits for are a Prompt or a Finesse, and where none is to be seen, a
    Self-Finesse ("only if there are no other possibilities", level 2). Deals h31/95 turn 10 and h31/99 turn 16
    (level 3, 2 players, the careful level-2 stand-in first): at 8 tokens the bot gave 3 on a red 3, no red
    played; the stand-in blind-played its slot 1 and struck."""
    if notes.level < 2 or not read_as_play(view, notes, clue, b, reading):
        return False
    card = view.visible[reading.focus]
    # the page's Self-Finesse is one blind play of the card one away ("Cathy plays her Finesse Position card as
    # any 2"): a focus that waits for two or more cards nobody has called has no such reading, and counting one
    # made every number clue look as bad as a colour clue on a lone new card, which its receiver plays as the 1
    # (deal s24x/2 turn 1, level 3, 2 players: yellow on Bob's yellow 2, played; 4 on his red 4 reads as no play)
    return len(waits_for(view, card, b)) == 1 and missing_read_on_own_hand(view, notes, card, b)


def reads_as_wrong_prompt(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board,
                          reading: Reading) -> bool:
    """Would a partner read `clue` (`reading`, mine), which touches a new card, as a play clue whose Prompt lands
    on a clued card that is not the card it waits for (`prompt_lands_wrong`)? "If a player is Prompted and there
    are multiple cards in their hand that the Prompt could apply to, they should play the leftmost" (level 1, The
    Prompt), and what a clued card may be, to its holder, is what the clues on it say. So a forced clue that means
    nothing to me, a Delayed Play Clue through cards I read as known by an earlier clue's focus, or a fix whose new
    card a person reads as a play: deals t40/394 turn 42 (5 on Bob's green 5 off the chop, green 3 played, Alice's
    clued green cards a green 1 and the green 4: she played the green 1 as the 4) and t40/107 turn 48 (a fix that
    touched a new green 3 too, no green played: Alice played her green 4 as the 1). A clue I read with its own
    Prompts or Finesses is left alone: checking those by the clues alone cost the careful stand-in's 3-player games
    on seed s24x more good Prompts than it saved (-0.020 a game, 300 deals)."""
    if reading.understood and (reading.prompted or reading.finessed):
        return False  # my reading has its Prompts and Finesses: a person finds the same ones (`prompt_card`)
    if not waits_as_play(view, notes, clue, b, reading):
        return False
    # what the clue tells the cards it re-touches counts (deal s24x/32 turn 21, level 2: blue on Bob's new blue 3
    # and his clued 2 tells him that 2 is the blue 2, not his other 2)
    return prompt_lands_wrong(view, notes, reading.focus, b, clue.target, clue_effect(view, notes, clue)[1])


def read_as_play(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board, reading: Reading) -> bool:
    """Is forced clue `clue`, which has no play or save reading (`reading`, mine) and touches a new card, a play
    clue on a card that waits to a person (`waits_as_play`)?"""
    return not reading.understood and waits_as_play(view, notes, clue, b, reading)


def waits_as_play(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board, reading: Reading) -> bool:
    """Is `clue`, which touches a new card, a play clue on a card that waits to a person: its focus not playable,
    nor one the clues may tell useless, nor a save (a 2 Save, a 5 Save, a Critical Save), nor a 5 Stall? Such a
    clue asks for the cards it waits for: a Prompt on a clued card that may be the first of them (level 1)."""
    if reading.focus is None or reading.is_five_stall or is_tempo(view, notes, clue):
        return False
    card = view.visible[reading.focus]
    ib = 1 << card.identity
    if ib & (b.playable | b.trash):
        return False  # a play of a card that plays, or one the clues may tell useless: not this misread
    if reading.focus == notes.chop(view, clue.target) and (
            needs_save(view, notes, reading.focus, b) > 0
            or (isinstance(clue, RankClue) and card.rank in (2, 5))):
        return False  # a save reading: a 2 Save, a 5 Save, a Critical Save
    return True


def best_clue(view: PlayerView, notes: Notes, b: Board, tempo: bool = False,
              forced: bool = False, playable_tempo: bool = False) -> tuple[float, Action | None]:
    """The legal clue worth most, and its value; tempo clues only if `tempo` (a stall), never one whose leftmost
    card is useless nor (a stall) one a partner reads as a Finesse on their own hand (`tempo_reads_as_finesse`; a
    forced clue: `forced_tempo_reads_as_finesse`) or, from level 3, as a Fix Clue that stops a card they read as
    playable (`tempo_reads_as_stop`), nor (a stall or a forced clue) one whose Prompt a partner takes on a clued
    card that is not the card it waits for (`tempo_reads_as_wrong_prompt`), and with `playable_tempo` only on a
    card playable now and none touching a card I wait to see blind-played that my clued card may be a copy of
    (`copy_of_mine`); clues that mean nothing only if `forced` (8 clue tokens or a locked hand: a clue must be
    given)."""
    best: tuple[float, Action | None] = (MISPLAY, None)
    for a in view.legal:
        if isinstance(a, ColourClue | RankClue) and (tempo or forced or not is_tempo(view, notes, a)
                                                      or proves_playable(view, notes, a, b)):
            hit = view.touched(a)
            if hit and is_tempo(view, notes, a) and (
                    (playable_tempo and not view.is_playable(view.visible[hit[0]]))
                    or (1 << view.visible[hit[0]].identity) & b.trash
                    or (tempo and (tempo_reads_as_finesse(view, notes, a, b)
                                   or tempo_reads_as_stop(view, notes, a, b)))
                    or (forced and forced_tempo_reads_as_finesse(view, notes, a, b))
                    or ((tempo or forced) and tempo_reads_as_wrong_prompt(view, notes, a, b))
                    or (playable_tempo and any(copy_of_mine(view, notes, o) for o in hit))):
                # a person reads a re-touch as "play it now" (a Tempo Clue): with `playable_tempo`, not a card
                # that waits; never a useless card, which no reading of theirs says is useless (deal h31/269:
                # white 1 played, a late stall re-touched the level-2 stand-in's clued white 1 and white 2, and
                # it played the white 1); nor, in a stall outside the end game, a card I wait to see
                # blind-played that my own clued card may be a copy of (`copy_of_mine`; in the end game the stall
                # that keeps the deck is worth more: there, level 3 self-play on t40 lost 0.012 a game)
                continue
            s = score_clue(view, notes, a, b, forced)
            # nearer partners first: their turn comes sooner
            s -= 0.01 * ((a.target - view.seat) % view.players)
            if s > best[0]:
                best = (s, a)
    return best


def misplays_caused(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> int:
    """How many cards the receiver (or a player it calls on) would play wrongly after `clue`, as the receiver
    reads it; a clue that calls for blind plays it does not mean counts each of them."""
    return clue_harm(view, notes, clue, b)[0]


def receiver_masks(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board
                   ) -> tuple[list[int], Reading, Notes, dict[int, int]]:
    """A clue we could give, read by its receiver: the cards it touches, its reading, the notes after it, and what
    the receiver then reads each card of its hand as (`clue_harm`, and the last round's sure play)."""
    hit, knowledge, before = clue_effect(view, notes, clue)
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    after = reading.applied_to(notes)
    reads = {o: after.refine(view, o, public_narrowed(view, knowledge[o]), b.trash,
                             forced_touch=o in hit or o in before, private=True)
             for o in view.hands[clue.target]}
    return hit, reading, after, reads


def clue_harm(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> tuple[int, int]:
    """(`misplays_caused`, and how many more touched cards the receiver may play wrongly: it reads them as cards
    it is not, one playable, and the others may be ruled out by what it sees and the giver cannot, the giver's
    own hand). Red on Alice's chop red 3 (no red played, the other red 2 discarded) reads to Bob as the red 1 or
    a critical save of the red 2, but Alice sees the last red 2 in Bob's hand and plays her card as the red 1
    (deal h31/36)."""
    hit, reading, after, reads = receiver_masks(view, notes, clue, b)
    bad = max(len(reading.finessed), 1) if reading.misleading else 0  # a blind play nobody meant, at least
    bad += forced_reads_as_self_finesse(view, notes, clue, b, reading)  # its receiver's finesse card, misplayed
    # a Prompt on a clued card that is not the card the clue waits for: that card, misplayed
    bad += (not reading.understood and reads_as_wrong_prompt(view, notes, clue, b, reading)) or (
        bool(hit) and is_tempo(view, notes, clue) and tempo_reads_as_wrong_prompt(view, notes, clue, b))
    bad += forced_tempo_reads_as_finesse(view, notes, clue, b)  # a third player's blind play of a wrong card
    bad += len(misled_elsewhere(view, notes, after, clue, b))
    # a stop clue on a card that does play (level 3): it would be discarded instead, as bad as a misplay
    bad += sum(1 for o in reading.bad if (1 << view.visible[o].identity) & b.playable)
    maybe = 0
    for o, m in reads.items():
        ib = 1 << view.visible[o].identity
        if m and not m & ~b.playable and not ib & b.playable:
            bad += 1
        elif o in hit and m & b.playable and not m & ib and in_my_hand(view, m & ~b.playable, clue.target):
            maybe += 1
    return bad, maybe


def in_my_hand(view: PlayerView, mask: int, target: int) -> bool:
    """May `target`, seeing my hand, rule out every identity of `mask`: none of them in its own hand, and the
    copies I cannot see of them all one card of mine could be?"""
    left = view.remaining()
    ids = identities_in(mask)
    if sum(left[i] for i in ids) > 1:
        return False
    if any(view.visible[o].identity in ids for o in view.hands[target]):
        return False  # it cannot see its own copy: that one stays possible to it
    return not sum(left[i] for i in ids) or any(view.empathy(o) & mask for o in view.my_hand)


def least_harmful_clue(view: PlayerView, notes: Notes, b: Board) -> Action | None:
    """The clue to give when one must be given and none has a play or save reading (8 tokens, nothing to
    play): one that makes nobody misplay, nor tells a card as a set of cards, one playable, that it is not (its
    receiver may rule out the others), touching as few new cards as it can; the nearest partner first."""
    best: tuple[tuple[int, int, int, int], Action] | None = None
    for a in view.legal:
        if not isinstance(a, ColourClue | RankClue):
            continue
        new = sum(1 for o in view.hands[a.target] if (1 << view.visible[o].identity) & clue_mask(view, a)
                  and not notes.called(view, o))
        bad, maybe = clue_harm(view, notes, a, b)
        key = (bad + focus_reads_as_play(view, notes, a, b), maybe, new, (a.target - view.seat) % view.players)
        if best is None or key < best[0]:
            best = (key, a)
    return None if best is None else best[1]


def focus_reads_as_play(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """Does a person read forced clue `clue` as a play clue on its new focus, which waits: at levels 2-3 the only
    stall at 8 tokens is the 5 Stall (hanabi.github.io level 2, "5 Stall"), and below level 2 the guide has no stall
    at all, so at every level a clue on a new card is a play or a save clue to them, and they play its focus if the
    clues leave it possibly playable. Blue on Bob's b3 b3 (b1
    played) reads as the b2 and strikes; 3 on them, no 3 playable nor any 2 to finesse, does not (deal h31/192 t5)."""
    hit, knowledge, before = clue_effect(view, notes, clue)
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    return (reading.focus is not None and reading.focus not in before
            and waits_as_play(view, notes, clue, b, reading)
            and bool(public_narrowed(view, knowledge[reading.focus]) & b.playable))
