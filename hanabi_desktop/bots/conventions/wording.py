"""The conventions bot's explanations: one line naming the convention, the card and who is to act."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import clue_effect, needs_save, tells_something
from hanabi_desktop.bots.conventions.model import Board, Notes, early_game
from hanabi_desktop.bots.conventions.reading import Reading, read_clue
from hanabi_desktop.bots.conventions.wariness import one_strike_left
from hanabi_desktop.engine import Action, Card, ColourClue, Discard, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.i18n import N_, _


def name_of(view: PlayerView, order: int) -> str:
    """'red 3' for a visible card."""
    return view.variant.card_name(view.visible[order])


def describe(variant: Variant, mask: int) -> str:
    """'known red 3', or 'a card that must be playable' for a mask of several playable identities."""
    ids = identities_in(mask)
    if len(ids) == 1:
        return _("known {card}").format(card=variant.card_name(Card.from_identity(ids[0])))
    ranks = {i % 5 + 1 for i in ids}
    suits = {i // 5 for i in ids}
    if len(ranks) == 1:
        return _("a playable {rank} (every {rank} it can be is playable)").format(rank=ranks.pop())
    if len(suits) == 1:
        return _("the playable {suit} card").format(suit=_(variant.suits[suits.pop()].name))
    names = [variant.card_name(Card.from_identity(i)) for i in ids]
    if len(names) <= 4:  # "I read it as a playable card: yellow 2 or rainbow 1", not a sentence inside a sentence
        return _("a playable card: {cards} or {last}").format(cards=", ".join(names[:-1]), last=names[-1])
    return _("a playable card (every card it can be is playable)")


def clue_text(view: PlayerView, clue: Action) -> str:
    """'red', '5'."""
    if isinstance(clue, ColourClue):
        return _(view.variant.colour_names[clue.colour])
    assert isinstance(clue, RankClue)
    return str(clue.rank)


def save_kind(view: PlayerView, clue: Action, card: Card, reads: int = 0) -> str:
    """The convention a clue on a chop card follows: '5 Save', '2 Save', 'critical save' or 'play clue'; 'play
    or save clue' for a playable card its receiver reads (`reads`, the receiver's reading of it) as maybe a card
    that is not playable. The beginner's Clue Interpretation page, question 4: a colour clue on the chop whose
    focus may be the playable blue 3 or the critical blue 4 is a Chop-Focus play clue or a Critical Save, and
    its receiver notes both and does not play it (deal: the lead's 2-player game 25, turn 55)."""
    if is_rank_save(clue, card):
        return _("{rank} Save").format(rank=card.rank)
    if view.is_playable(card):
        if any(not view.is_playable(Card.from_identity(i)) for i in identities_in(reads)):
            return say("play or save clue", player=view.names[clue.target])
        return _("play clue")
    return _("critical save")


def names_a_save(view: PlayerView, clue: Action, card: Card) -> bool:
    """Is `clue` on the chop card `card` a clue the guide reads as a save (or a play) of it: a 2 or 5 by number,
    a playable card, or a critical one? A colour clue on a chop card that is neither is read as a play clue
    through other cards (the beginner's Clue Interpretation page: a focused chop card is playable or a save), so
    `save_kind` must not call it a critical save (deal: the lead's 3-player Six suits game, turn 11, green on
    Ann's chop green 2 with Cat's green 1 on her finesse position was logged 'critical save'; Cat blind-played)."""
    return is_rank_save(clue, card) or view.is_playable(card) or view.is_critical(card)


def is_rank_save(clue: Action, card: Card) -> bool:
    """Is `clue` a 2 Save or a 5 Save of the chop card `card` (its number, on a 2 or a 5)?"""
    return isinstance(clue, RankClue) and clue.rank == card.rank and card.rank in (2, 5)


def focus_reads(view: PlayerView, notes: Notes, clue: ColourClue | RankClue) -> int:
    """What `clue`'s receiver reads its focus as (its private reading, else the convention's); 0 for none."""
    hit, knowledge, before = clue_effect(view, notes, clue)
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    return 0 if reading.focus is None else read_as(reading, reading.focus)


def read_as(reading: Reading, order: int) -> int:
    """The identities `reading` gives card `order` (the private reading, else the convention's); 0 for none."""
    return reading.private.get(order) or reading.conv.get(order, 0)


def card_of(view: PlayerView, identity: int) -> str:
    """'red 2' for an identity."""
    return view.variant.card_name(Card.from_identity(identity))


def seat_of(view: PlayerView, order: int) -> int:
    """The seat holding card `order`."""
    return next(p for p, h in enumerate(view.hands) if order in h)


def explain_clue(view: PlayerView, notes: Notes, clue: Action, b: Board) -> str:
    """Why this clue: the convention, the card it is about and who is expected to act.

    The log is public, so a card is named only as the convention names it (the card a finesse or prompt
    promises), never as we see it in its holder's hand.
    """
    assert isinstance(clue, ColourClue | RankClue)
    who = view.names[clue.target]
    text = clue_text(view, clue)
    hand = view.hands[clue.target]
    hit, knowledge, before = clue_effect(view, notes, clue)
    if not hit:
        return _("clue to {player}: {clue} (touches nothing, a tempo stall)").format(player=who, clue=text)
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before)
    focus = reading.focus if reading.focus is not None else hit[0]
    slot = hand.index(focus) + 1
    chop = notes.chop(view, clue.target)
    if focus == chop and needs_save(view, notes, chop, b) > 0 and names_a_save(view, clue, view.visible[chop]):
        card = view.visible[chop]
        return _("{save} on {player}'s chop (slot {slot}): {clue}").format(save=save_kind(view, clue, card, read_as(reading, focus)), player=who, slot=slot, clue=text)
    if reading.is_five_stall:
        if not early_game(view):  # the level 2 page's Mid-Game 5 Stall: 8 tokens or every card of mine clued
            return _("5 Stall (I may not discard, nothing to play or save): 5 to {player}, slot {slot}").format(player=who, slot=slot)
        return _("5 Stall (early game, nothing to play or save): 5 to {player}, slot {slot}").format(player=who, slot=slot)
    chain = chain_words(view, reading, hand, text, slot)
    if chain:
        return chain
    for o, (seat, x) in reading.finesse_for.items():
        if o in reading.finessed:
            holder = seat_of(view, o)
            return (_("finesse: {holder} should blind-play slot {their_slot} ({card}) so {player}'s "
                    "{target_card} plays ({clue} to {receiver}, slot {slot})").format(holder=view.names[holder], their_slot=view.hands[holder].index(o) + 1, card=card_of(view, identities_in(reading.finessed[o])[0]),
                    player=view.names[seat], target_card=card_of(view, x), clue=text, receiver=who, slot=slot))
    for o, m in reading.prompted.items():
        if o not in hand and o in reading.prompt_for:
            holder = seat_of(view, o)
            seat, x = reading.prompt_for[o]
            return (_("prompt: {holder} should play clued slot {their_slot} ({card}) so {player}'s {target_card} plays "
                    "({clue} to {receiver}, slot {slot})").format(holder=view.names[holder], their_slot=view.hands[holder].index(o) + 1, card=card_of(view, identities_in(m)[0]),
                    player=view.names[seat], target_card=card_of(view, x), clue=text, receiver=who, slot=slot))
    retouch = bool(hit) and all(o in before or o in notes.finessed for o in hit)
    if retouch and not tells_something(view, notes, clue):
        # a repeated clue is level 8's Hard Burn even on a card that plays: its receiver knew it all already
        return _("hard burn to {player}: {clue}, slot {slot} (a stall: it repeats what {player} knows)").format(
            player=who, clue=text, slot=slot)
    if view.is_playable(view.visible[focus]):
        return _("play clue to {player}: {clue}, slot {slot} is playable").format(player=who, clue=text, slot=slot)  # never name their card
    if retouch:
        # a re-touch of a card that cannot play, telling more (a repeat is a Hard Burn, above), is no Tempo Clue
        # (that one gets a card played): level 8's stall table calls it a Fill-In Clue
        return _("fill-in clue to {player}: {clue}, slot {slot} (a stall: more about cards already clued, "
                 "nothing to play)").format(player=who, clue=text, slot=slot)
    card = view.visible[focus]
    # reachable with what the clue itself tells: green on Bob's g2 and his clued 1 makes that 1 his g1
    # (the beginner's Early Game page, question 2: a delayed play clue through it)
    if reading.understood and (1 << card.identity) & notes.board(view, exclude=focus, knowledge=knowledge, touching=hit).reachable:
        return _("delayed play clue to {player}: {clue}, slot {slot} plays after cards already clued or called").format(player=who, clue=text, slot=slot)
    if reading.understood and focus == chop and names_a_save(view, clue, card):
        return _("{save} on {player}'s chop (slot {slot}): {clue}").format(save=save_kind(view, clue, card, read_as(reading, focus)), player=who, slot=slot, clue=text)
    # never a connection that does not exist: a clue with no play or save behind it is a stall; and never a
    # reason that is not true: "I may not discard" only when no discard is legal (8 clue tokens)
    if not any(isinstance(a, Discard) for a in view.legal):
        return _("stall clue to {player}: {clue}, slot {slot} (no play or save clue to give, and I may not discard)").format(player=who, clue=text, slot=slot)
    return _("stall clue to {player}: {clue}, slot {slot} (no play or save clue to give)").format(player=who, clue=text, slot=slot)


# a chain has at most four links: the 1 to 4 of a suit before its 5 (one link a card it promises, however many
# clued cards its holder plays before that one comes)
CHAIN_NAMES = {("finesse", 2): N_("double finesse"), ("finesse", 3): N_("triple finesse"),
               ("finesse", 4): N_("quadruple finesse"), ("prompt", 1): N_("prompt"), ("prompt", 2): N_("double prompt"),
               ("prompt", 3): N_("triple prompt"), ("prompt", 4): N_("quadruple prompt")}


def chain_words(view: PlayerView, reading: Reading, hand: tuple[int, ...], text: str, slot: int) -> str:
    """Level 2, a clue that calls two to four cards (double, triple or quadruple finesse or prompt, prompt +
    finesse):
    'double finesse: Bob should blind-play slot 1 (red 2), then Cathy should blind-play slot 1 (red 3), so
    Donald's red 4 plays (red to Donald, slot 2)'; "" for a clue that calls fewer.

    A link is a card the chain promises, not a card played for it: a prompt is a promise, so its holder plays
    the clued cards that may be the promised one, left to right, until it comes (`reading.chain`), and each of
    them is prompted as that card. They are one link, named once (deal h31/1 turn 6: Bob's three clued 1s
    prompted as the white 1, then his white 2, is a double prompt, not a quadruple one naming the white 1 thrice);
    a single prompt that goes through several of them is worded here too."""
    links: dict[int, list] = {}  # identity -> [(kind, seat, x, holder, slot)]
    for o, (seat, x) in reading.finesse_for.items():
        if o in reading.finessed and o not in hand:
            holder = seat_of(view, o)
            ident = identities_in(reading.finessed[o])[0]
            links.setdefault(ident, []).append(("finesse", seat, x, holder, view.hands[holder].index(o) + 1))
    prompted = {o: (m, reading.prompt_for[o]) for o, m in reading.prompted.items() if o in reading.prompt_for}
    for o, (m, (seat, x)) in {**prompted, **reading.passed}.items():
        if o not in hand:
            holder = seat_of(view, o)
            ident = identities_in(m)[0]
            links.setdefault(ident, []).append(("prompt", seat, x, holder, view.hands[holder].index(o) + 1))

    def through(cards: list) -> bool:  # one prompt through several clued cards of one holder
        return len(cards) > 1 and all(c[0] == "prompt" and c[3] == cards[0][3] for c in cards)

    if len(links) < 2 and not any(through(cards) for cards in links.values()):
        return ""
    order = sorted(links, key=lambda i: -i if view.variant.suits[i // 5].descending else i)  # play order
    steps = []
    for ident in order:
        cards = sorted(links[ident], key=lambda c: c[4])
        if through(cards):  # `reading.chain` keeps them in one hand
            steps.append(_("{holder} should play clued slots {their_slots} in turn (one of them is {card})").format(
                holder=view.names[cards[0][3]], their_slots=", ".join(str(c[4]) for c in cards), card=card_of(view, ident)))
            continue
        for kind, _seat, _x, holder, their_slot in cards:
            if kind == "finesse":
                steps.append(_("{holder} should blind-play slot {their_slot} ({card})").format(
                    holder=view.names[holder], their_slot=their_slot, card=card_of(view, ident)))
            else:
                steps.append(_("{holder} should play clued slot {their_slot} ({card})").format(
                    holder=view.names[holder], their_slot=their_slot, card=card_of(view, ident)))
    kinds = {c[0] for cards in links.values() for c in cards}
    name = _(CHAIN_NAMES[(kinds.pop(), len(order))]) if len(kinds) == 1 else _("prompt + finesse")
    _kind, seat, x, _holder, _slot = links[order[-1]][-1]
    return _("{chain}: {steps}, so {player}'s {target_card} plays ({clue} to {receiver}, slot {slot})").format(
        chain=name, steps=_(", then ").join(steps), player=view.names[seat],
        target_card=card_of(view, x), clue=text, receiver=view.names[seat], slot=slot)


def explain_forced_clue(view: PlayerView, clue: Action) -> str:
    """A clue given only because one must be given (8 clue tokens or no card to discard), with no play or save
    meaning: say so, so that nobody takes it for a play clue."""
    assert isinstance(clue, ColourClue | RankClue)
    return _("I must give a clue and have no play or save clue: {clue} to {player}, the clue least likely to be "
             "read as a play").format(clue=clue_text(view, clue), player=view.names[clue.target])


# The sentences of the bot's turn, by what they say; `policy` picks one and `say` fills it in.
TURN_LINES: dict[str, str] = {
    "self-finesse": N_('self-finesse: blind play slot {slot}, the card my slot {focus_slot} needs first (nothing else explains that clue)'),
    "finesse": N_("finesse: blind play slot {slot} for {player}'s {card}"),
    "prompt": N_("prompt: playing slot {slot} ({reading}) for {player}'s {card}"),
    "play": N_('playing slot {slot}: {reading}'),
    "moved-chop stall": N_('my chop just moved, so {player} has not seen it: stalling with a {why}'),
    "end-game stall": N_('end-game stall, so the deck lasts: {why}'),
    "last-round clue": N_('last round: a clue instead of a discard, which would draw nothing: {why}'),
    "last-round play clue": N_('last round: a clue that gets a card played, before my own try: {why}'),
    "feed clue": N_('{player} has nothing to play and would discard, so a clue before my own play: {why}'),
    "play before save": N_('play clue before a save: {player} will play instead of discarding, and the save of slot {slot} waits: {why}'),
    "sarcastic discard": N_('sarcastic discard of slot {slot} ({card}): {player} holds the other clued one, so theirs is it'),
    "fix clue": N_('fix clue to {player}: {clue}, slot {slot} is not the card they think it is'),
    "save breaking good touch": N_("{save} on {player}'s chop (slot {slot}): {clue}; no clue saves it without touching a card already played or clued"),
    "save": N_("{save} on {player}'s chop (slot {slot}): {clue}"),
    "discard trash": N_('discarding slot {slot}: known trash'),
    "discard stopped": N_('discarding slot {slot}: a fix clue told me it is not the card I was about to play'),
    "nothing better": N_('nothing better to do'),
    "discard chop": N_('discarding chop (slot {slot}): {why}'),
    "locked-hand clue": N_('locked hand, so a clue instead of a discard: {why}'),
    "last-token save": N_("{why} (the last clue token: everyone before {player} will play, so nobody gets one back in time)"),
    "discard least valuable": N_('discarding slot {slot}: the least valuable card I hold'),
    "forced play": N_('no clue or discard possible: playing my most likely card'),
    "only action": N_('the only action left'),
    "read as": N_('I read it as {card}'),
    "waiting for": N_("I read slot {slot} as {card}: delayed play clue through {player}'s {their_card}"),
    "end-game guess": N_('end game: slot {slot} is playable {percent}% of the time, worth the risk'),
    "end-game free play": N_('deck empty, my last turn: playing slot {slot} ({percent}% it scores) rather than discarding: {errors} error tokens are left, so a misplay can neither end the game nor hurt a later turn'),
    "wary of a save": N_("{why}; I hold slot {slot}: {player} has saved a trash card with such a clue before, so this save may be trash too"),
    "wary of a careless save": N_("{why}; I hold slot {slot}: {player} has touched trash or a copy with a clue before, so this save may be trash too"),
    "wary of an unconfirmed save": N_("{why}; I hold slot {slot} for now: {player}'s 2 Save on it may be on a 2 already played, and with a strike made I wait until a partner has had a turn to fix it"),
    "wary at two strikes": N_("{why}; I hold slot {slot}: {player}'s number clue on my chop may have saved a card already played, as people do, and one more strike ends the game"),
    "wary of a forced delayed play": N_("{why}; I hold slot {slot}: only once other cards play would {player}'s clue on it make it playable, but {player} had to clue (8 tokens or every card clued), so this clue may be a stall that promises nothing, and one more strike ends the game"),
    "wary of a stall": N_("{why}; I hold slot {slot}: {player} had to clue and has touched trash or a copy with a clue before, so this clue may be a stall that promises nothing"),
    "wary of a self-finesse": N_("{why}; I hold slot {slot}: only a self-finesse or a self-prompt would explain {player}'s clue on it, and one of theirs has misplayed before, so this clue may be a stall that promises nothing"),
    "wary of a forced self-finesse": N_("{why}; I hold slot {slot}: only a self-finesse or a self-prompt would explain {player}'s clue on it, and {player} had to clue (8 tokens or every card clued), so this clue may be a stall that promises nothing"),
    "wary of a forced finesse": N_("{why}; I do not blind-play slot {slot}: only a finesse on it would explain {player}'s clue, but {player} had to clue (8 tokens or every card clued) and my blind play for such a clue of theirs has misplayed before, so this clue may be a stall that promises nothing"),
    "wary of a forced finesse at two strikes": N_("{why}; I do not blind-play slot {slot}: only a finesse on it would explain {player}'s clue, but {player} had to clue (8 tokens or every card clued), so this clue may be a stall that promises nothing, and one more strike ends the game"),
    "free clue": N_('free clue from the bonus tile: {why}'),
    "tile replay": N_('bonus tile: putting the discarded {card} into play'),
    "tile recover": N_('bonus tile: shuffling the discarded {card} back into the deck'),
    "tile unused": N_('bonus tile: no discarded card fits, so this choice costs nothing'),
    "wary of a forced double finesse": N_("{why}; I do not blind-play slot {slot}: only a double or triple finesse would explain {player}'s clue, but {player} had to clue (8 tokens or every card clued), so this clue may be a stall that promises nothing"),
    "play or save clue": N_("play or save clue ({player} cannot tell yet whether it is playable or a card to save, so does not play it yet)"),
}


def explain_unread_self(view: PlayerView, notes: Notes, why: str) -> str:
    """`why`, and if I hold the focus of a clue read without the self-finesse or self-prompt only it would have
    (its giver's misplayed before, or its giver had to clue), that I do not read it so; or a card of mine a finesse
    in a forced clue would have called, its giver's forced clue having made my finesse misplay before (deal
    h31/118), while that clue's focus is in a hand. Not for a card of mine now known to be trash: no reading of
    that clue would play it."""
    trash = notes.board(view).trash
    masks = {o: notes.my_mask(view, o, trash) for o in view.my_hand}
    useful = [o for o in view.my_hand if not masks[o] or masks[o] & ~trash]
    for o in useful:
        giver = notes.unread_self.get(o)
        if giver is not None:
            line = "wary of a self-finesse" if giver in notes.no_self_finesse else "wary of a forced self-finesse"
            return say(line, why=why, slot=view.my_hand.index(o) + 1, player=view.names[giver])
    for o in useful:
        giver, focus = notes.unread_finesse.get(o, (None, None))
        if giver is not None and any(focus in hand for hand in view.hands):
            line = ("wary of a forced finesse" if giver in notes.no_self_finesse else
                    "wary of a forced finesse at two strikes" if one_strike_left(view) else "wary of a forced double finesse")
            return say(line, why=why, slot=view.my_hand.index(o) + 1, player=view.names[giver])
    return why


def say(key: str, **fields: object) -> str:
    """The turn sentence `key` (see TURN_LINES) in the player's language, with its fields filled in."""
    return _(TURN_LINES[key]).format(**fields)
