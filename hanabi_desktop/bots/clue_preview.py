"""How the practice partner will read a clue before it is given, with plain warnings. No pygame.

The reading is the conventions bot's own (`conventions.reading.read_clue`, the model its clues are chosen and
explained by), worked out from the giver's seat: `view` is the giver's `PlayerView` and `notes` the card notes a
conventions bot at that seat keeps (`reader_for` makes one from the seat's own views). The receiver's private
reading is the one `read_clue` models for it (what it sees of the other hands, as far as the giver can tell).
So a preview uses only what the giver may know: the receiver's and other teammates' cards, never the giver's
own, which a `PlayerView` does not hold.

Warnings, judged on the cards the giver sees:
- misplay: a card the receiver (or a blind-player it calls on) would play is not playable;
- finesse: the giver holds a card a finesse called that can be blind-played now (a clue instead tells the others
  the finesse was not on it);
- lost: a card that must be saved would be read as trash, or is left on the next player's chop, or becomes
  the receiver's chop;
- trash: the clue touches a card already played or a copy of one already clued (Good Touch);
- nothing: the clue has no play or save reading at the table's level (Minimum Clue Value).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.conventions.beliefs import names
from hanabi_desktop.bots.conventions.evaluation import (
    bad_touch_reasons,
    clue_effect,
    misled_elsewhere,
    needs_save,
    tells_something,
)
from hanabi_desktop.bots.conventions.model import Board, Notes, public_narrowed, reach, touched
from hanabi_desktop.bots.conventions.reading import Reading, read_clue
from hanabi_desktop.bots.conventions.wording import card_of, clue_text, seat_of
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import ColourClue, PlayerView, RankClue
from hanabi_desktop.engine.cards import identities_in
from hanabi_desktop.i18n import N_, _

Clue = ColourClue | RankClue

#: Warning kinds, most serious first (the chooser shows the first one on a clue's button).
KINDS: tuple[str, ...] = ("misplay", "finesse", "lost", "trash", "nothing")

#: The guide's name of the rule each warning kind is about (the review names it too).
RULES: dict[str, str] = {
    "misplay": N_("Play clues and the clue focus"),
    "finesse": N_("The Finesse"),
    "lost": N_("Save clues and the chop"),
    "trash": N_("Good Touch Principle"),
    "nothing": N_("Minimum Clue Value Principle"),
}


@dataclass(frozen=True)
class Warning:
    """One thing wrong with a clue as the partner will read it: its kind (one of `KINDS`) and a sentence."""

    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


@dataclass(frozen=True)
class Preview:
    """How one clue will be read: the clue, the reading in the guide's words, and the warnings it deserves."""

    clue: Clue
    line: str
    warnings: tuple[Warning, ...] = ()

    @property
    def worst(self) -> Warning | None:
        """The most serious warning, if any."""
        return min(self.warnings, key=lambda w: KINDS.index(w.kind), default=None)

    def __str__(self) -> str:
        return "; ".join([self.line, *map(str, self.warnings)])


def reader_for(views: Sequence[PlayerView], level: int | str) -> ConventionsBot:
    """A conventions bot at the seat of `views` (that seat's views at the deal and after each action) that has
    read the game so far at `level`: its card notes are the team's readings as that seat can tell them."""
    now = views[-1]
    assert now.seat is not None
    bot = create(f"conventions@{level}", now.seat, now.players, now.variant, f"preview/{now.seat}")
    assert isinstance(bot, ConventionsBot)
    for view in views[1:]:
        bot.observe(view)
    return bot


def level_name(level: int) -> str:
    """'beginner', 'level 2': the table's level as the New game screen names it."""
    return _("beginner") if level == 0 else _("level {n}").format(n=level)


def receiver_reads(view: PlayerView, notes: Notes, clue: Clue) -> tuple[Reading, dict[int, int], list[int],
                                                                          set[int], Board]:
    """The reading of `clue` (from the giver `view.seat`), what the receiver then reads each of its cards as
    (its private reading, as `evaluation.misplays_caused` counts it), the cards touched, touched before, and
    the board before the clue."""
    b = notes.board(view)
    hit, knowledge, before = clue_effect(view, notes, clue)
    # as the practice partner receiving it reads it (a person's forced 5 clue is a 5 Stall to it at every level)
    reading = read_clue(view, notes, view.seat, clue, knowledge, hit, before, reader=clue.target)
    after = reading.applied_to(notes)
    # the receiver counts the cards it sees in the other hands too (as far as the giver can tell: not the giver's
    # own): a 5 Save on Bob's chop is no white 5 to him when Cathy holds it (the clue only narrows `knowledge`)
    reads = {o: after.refine(view, o, public_narrowed(view, knowledge[o] & view.holder_empathy(o)), b.trash,
                             forced_touch=o in hit or o in before, private=True)
             for o in view.hands[clue.target]}
    return reading, reads, hit, before, b


def preview_clue(view: PlayerView, notes: Notes, clue: Clue) -> Preview:
    """How the partner at the table's level (`notes.level`) will read `clue` given by `view.seat`."""
    assert view.seat is not None and clue.target != view.seat
    if not view.touched(clue):
        return Preview(clue, _("{clue} touches none of {player}'s cards.").format(
            clue=clue_text(view, clue), player=view.names[clue.target]),
            (Warning("nothing", nothing_text(view, notes)),))
    reading, reads, hit, before, b = receiver_reads(view, notes, clue)
    line = reading_line(view, notes, clue, reading, reads, hit, before)
    warnings = (misplays(view, notes, clue, reading, reads, b) + finesse_waiting(view, notes, clue, reading, b)
                + losses(view, notes, clue, reading, reads, hit, before, b) + bad_touches(view, notes, clue, before, b))
    if not reading.understood and not reading.bad:
        warnings.append(Warning("nothing", nothing_text(view, notes)))
    return Preview(clue, line, tuple(warnings))


def preview_clues(view: PlayerView, notes: Notes, target: int) -> tuple[Preview, ...]:
    """The preview of every legal clue to `target`, in the order `view.legal` lists them."""
    return tuple(preview_clue(view, notes, a) for a in view.legal
                 if isinstance(a, ColourClue | RankClue) and a.target == target)


# -- the reading in words ---------------------------------------------------------------------------------
def reading_line(view: PlayerView, notes: Notes, clue: Clue, reading: Reading, reads: dict[int, int],
                 hit: list[int], before: set[int]) -> str:
    """The reading in the guide's words: who will do what, and the convention that says so."""
    target = clue.target
    who = view.names[target]
    hand = view.hands[target]
    focus = reading.focus if reading.focus is not None else hit[0]
    slot = hand.index(focus) + 1
    if reading.bad:
        stopped = next(iter(reading.bad))
        return _("Fix clue: {player} will not play slot {slot} after all.").format(player=who,
                                                                                   slot=hand.index(stopped) + 1)
    calls = called_words(view, reading, hand, who)
    if calls and reading.misleading:  # the players will read it otherwise (the warning says how)
        return _("As you mean it: {calls}").format(calls=calls)
    if calls:
        return calls
    if not reading.understood:
        return _("{player} finds no play or save in it.").format(player=who)
    m = reads.get(focus, 0)
    cards = few_names(view, m)
    waited = reverse_wait(view, notes, clue, focus, reading, m)
    if waited is not None:  # the receiver waits for a blind play the giver sees will not come
        blind_seat, blind_slot, seen = waited
        return _("{player} will wait for a possible Reverse Finesse on {other}'s slot {blind}; when {other} does "
                 "not blind-play it, {player} plays slot {slot}{cards}.").format(
            player=who, other=view.names[blind_seat], blind=blind_slot, slot=slot, cards=few_names(view, seen))
    chop = notes.chop(view, target)
    new = [o for o in hit if o not in before]
    if m and not m & ~view.playable_mask():
        if not new and not tells_something(view, notes, clue):
            return _("A stall: {player} already knows all this; slot {slot} plays as before{cards}.").format(
                player=who, slot=slot, cards=cards)
        if not new:
            return _("Tempo clue: {player} will play slot {slot} now{cards}.").format(player=who, slot=slot,
                                                                                      cards=cards)
        return _("{player} will read it as a play clue on slot {slot} and play it now{cards}.").format(
            player=who, slot=slot, cards=cards)
    # reachable with what the clue itself tells (green on Bob's g2 and his clued 1: that 1 is his g1)
    b = notes.board(view, exclude=focus, knowledge=(effect := clue_effect(view, notes, clue))[1], touching=effect[0])
    delayed = bool(m) and not m & ~b.reachable
    # a colour clue on the chop whose every reading plays, some after the receiver's own clued cards, is a play
    # clue, not a save (Rainbow: yellow on the chop's y2 with a clued rainbow card that may be m2: y2 m2 m3)
    if focus == chop and (not delayed or isinstance(clue, RankClue) and clue.rank in (2, 5)):
        return _("{save} on {player}'s chop: slot {slot} is kept{cards}.").format(
            save=save_name(view, clue, m), player=who, slot=slot, cards=cards)
    if reading.is_five_stall:  # read as the receiver does: the bot reads a person's forced 5 clue so
        return _("5 Stall: {player} keeps the 5s it touches; nothing to play.").format(player=who)
    if m and m & view.trash_mask() == m:
        return _("{player} will read slot {slot} as trash.").format(player=who, slot=slot)
    if delayed:
        return _("Delayed play clue: {player} will play slot {slot} once the cards already clued are played"
                 "{cards}.").format(player=who, slot=slot, cards=cards)
    return _("{player} will keep slot {slot}{cards}.").format(player=who, slot=slot, cards=cards)


def reverse_wait(view: PlayerView, notes: Notes, clue: Clue, focus: int, reading: Reading,
                 m: int) -> tuple[int, int, int] | None:
    """(seat, slot, the focus's identity mask) when the receiver reads the focus as `m`, the card after one on the
    finesse position of a player after it (a possible Reverse Finesse, so it waits for that player's turn), while
    the giver sees the focus is a card playable now that the clue can mean: that player sees it too, reads the clue
    as direct and does not blind-play, and the receiver then plays the focus as the playable card (level 2, The
    Reverse Finesse). None otherwise (a real Reverse Finesse is named by `called_words`)."""
    seen = view.card(focus)
    if seen is None or not m or m & view.playable_mask() or reading.finessed:
        return None
    true = 1 << seen.identity
    if not true & view.playable_mask() or true & m or not true & reading.conv.get(focus, 0):
        return None
    giver = view.seat
    assert giver is not None
    seat = (clue.target + 1) % view.players
    while seat != giver:
        blind = notes.finesse_pos(view, seat)
        card = view.card(blind) if blind is not None else None
        if blind is not None and card is not None and m & reach(view, 1 << card.identity):
            return seat, view.hands[seat].index(blind) + 1, true
        seat = (seat + 1) % view.players
    return None


def few_names(view: PlayerView, mask: int) -> str:
    """' (as r1 y1)' for a reading of up to three identities, else ''."""
    ids = identities_in(mask)
    if not ids or len(ids) > 3:
        return ""
    return _(" (as {cards})").format(cards=names(view, mask))


def save_name(view: PlayerView, clue: Clue, mask: int) -> str:
    """The guide's name of a save on the chop: '5 Save', '2 Save' or 'Critical save'."""
    if isinstance(clue, RankClue) and clue.rank in (2, 5):
        return _("{rank} Save").format(rank=clue.rank)
    return _("Critical save")


def called_words(view: PlayerView, reading: Reading, hand: tuple[int, ...], who: str) -> str:
    """'Cathy will blind-play slot 1 (finesse) so that Bob's red 2 plays' for the blind plays and prompts the
    clue calls on other hands (several joined in play order); '' if none."""
    steps: list[tuple[int, str]] = []
    goal = None
    for o, (seat, x) in reading.finesse_for.items():
        if o not in reading.finessed:
            continue
        holder = seat_of(view, o)
        goal = (seat, x)
        s = view.hands[holder].index(o) + 1
        ident = identities_in(reading.finessed[o])[0]
        if holder == hand_owner(view, hand):
            text = _("{player} will blind-play slot {slot} (self-finesse)").format(player=who, slot=s)
        else:
            text = _("{player} will blind-play slot {slot} (finesse)").format(player=view.names[holder], slot=s)
        steps.append((ident, text))
    for o, m in reading.prompted.items():
        if o in hand or o not in reading.prompt_for:
            continue
        holder = seat_of(view, o)
        goal = reading.prompt_for[o]
        s = view.hands[holder].index(o) + 1
        steps.append((identities_in(m)[0], _("{player} will play clued slot {slot} (prompt)").format(
            player=view.names[holder], slot=s)))
    if not steps or goal is None:
        return ""
    steps.sort()
    seat, x = goal
    card = card_of(view, x)
    return _("{steps} so that {player}'s {card} plays.").format(
        steps=_(", then ").join(t for _i, t in steps), player=view.names[seat], card=card)


def hand_owner(view: PlayerView, hand: tuple[int, ...]) -> int:
    """The seat whose hand is `hand`."""
    return next(p for p, h in enumerate(view.hands) if h == hand)


def nothing_text(view: PlayerView, notes: Notes) -> str:
    """The warning of a clue with no play or save reading at the table's level."""
    return _("At this level ({level}) the clue means nothing: it has no play or save reading.").format(
        level=level_name(notes.level))


# -- the warnings -------------------------------------------------------------------------------------------
def misplays(view: PlayerView, notes: Notes, clue: Clue, reading: Reading, reads: dict[int, int],
             b: Board) -> list[Warning]:
    """A card the receiver would read as playable that is not, a prompt its player may take past the card meant,
    and blind plays the clue calls for nothing."""
    out = []
    who = view.names[clue.target]
    for o, c in reading.unsure_prompts.items():  # a prompt its player may take past the card meant (`chain`)
        holder = seat_of(view, o)
        hand = view.hands[holder]
        later = next((q for q in hand[hand.index(o) + 1:] if touched(view, q)
                      and notes.holder_reads(view, q, b.trash) >> c & 1), None)
        card = view.card(later) if later is not None else None
        if card is not None and card.identity != c and not view.is_playable(card):
            out.append(Warning("misplay", _(
                "{player} took clued slot {slot} for {cards} at an earlier prompt, you cannot see which: if not the "
                "{wanted}, the prompt falls on clued slot {next}, {card}: {player} would strike."
            ).format(player=view.names[holder], slot=hand.index(o) + 1, cards=names(view, notes.conv.get(o, 0)),
                     wanted=card_of(view, c), next=hand.index(later) + 1, card=view.variant.card_name(card))))
    for o, (other, c) in reading.mistaken_calls.items():  # a blind player who may take another card for the call
        holder, owner = seat_of(view, o), seat_of(view, other)
        card = view.card(other)
        if card is None:
            continue
        if owner == holder:
            text = _("{player} may blind-play slot {slot}, {card}, for it: you count that card as called only "
                     "until {player}'s turn shows whose it is.")
        else:
            text = _("{player} may take {holder}'s clued slot {slot} for the {called} (a Prompt: {player} cannot see "
                     "their own) and not blind-play.")
        out.append(Warning("misplay", text.format(player=view.names[holder], slot=view.hands[owner].index(other) + 1,
                                                  card=view.variant.card_name(card), holder=view.names[owner],
                                                  called=card_of(view, c))))
    for o, m in reads.items():
        card = view.card(o)
        if card is None or not m or m & ~b.playable or view.is_playable(card):
            continue
        out.append(Warning("misplay", _("{card} is not playable: {player} would strike.").format(
            card=view.variant.card_name(card), player=who)))
    for o in misled_elsewhere(view, notes, reading.applied_to(notes), clue, b):  # good touch read by a third player
        out.append(Warning("misplay", _("{card} is not playable: {player} would strike.").format(
            card=view.variant.card_name(view.visible[o]), player=view.names[seat_of(view, o)])))
    for o in reading.expected_misplays:
        card = view.card(o)
        if card is not None:
            out.append(Warning("misplay", _("{player} would play the clued {card} as prompted, and strike.").format(
                player=view.names[seat_of(view, o)], card=view.variant.card_name(card))))
    if reading.misleading and not out:
        between = [view.names[s] for s in range(view.players) if s not in (view.seat, clue.target)]
        out.append(Warning("misplay", _("{players} would take it for a finesse that is not there, and blind-play "
                                        "for nothing.").format(players=_(" or ").join(between) or who)))
    return out


def waiting_call(view: PlayerView, notes: Notes, b: Board) -> int | None:
    """The card of the seat of `view` that a finesse called and that can be blind-played now, by its own notes
    (the call is what the conventions read, never the card itself; not a call it only supposes may be its own:
    `Notes.tentative`); None if it holds none."""
    assert view.seat is not None
    for o in view.hands[view.seat]:
        m = notes.finessed.get(o, 0)
        if m and not m & ~b.playable and o in notes.finesse_for and o not in notes.tentative:
            return o
    return None


def call_words(view: PlayerView, notes: Notes, order: int) -> dict[str, object]:
    """The words a waiting call is said with: its slot, what it is called as, for whose card."""
    assert view.seat is not None
    seat, x = notes.finesse_for[order]
    return {"slot": view.hands[view.seat].index(order) + 1, "cards": names(view, notes.finessed[order]),
            "player": view.names[seat], "card": card_of(view, x)}


def finesse_waiting(view: PlayerView, notes: Notes, clue: Clue, reading: Reading, b: Board) -> list[Warning]:
    """The giver's own card a finesse called, which can be blind-played now (`waiting_call`), unless `clue` saves a
    card on a chop (urgent: the bot saves before it blind-plays, and reads a partner's save so): a clue instead is
    a turn without the blind play, which the players waiting for it read as "the finesse was not on them" (the bot
    reads it so: the call passes to a player who saw the card on their finesse position, or the clue's focus falls
    back to a reading without the blind play), so one of them may play a wrong card for it. Deal final7/54 t21
    (level 3, 5 players): Alice, called for the yellow 2 behind her yellow 1, played the 1; a yellow re-clue to
    Donald's yellow 3 instead of the blind play made Bob blind-play his slot 1, a white 5."""
    focus = reading.focus
    if focus is not None and focus == notes.chop(view, clue.target) and needs_save(view, notes, focus, b) > 0:
        return []
    called = waiting_call(view, notes, b)
    if called is None:
        return []
    return [Warning("finesse", _(
        "Your slot {slot} was called for a blind play ({cards}, so that {player}'s {card} plays) and can play now: "
        "a clue instead may tell the others the finesse was not on you, and one of them may play a wrong card "
        "for it.").format(**call_words(view, notes, called)))]


def losses(view: PlayerView, notes: Notes, clue: Clue, reading: Reading, reads: dict[int, int], hit: list[int],
           before: set[int], b: Board) -> list[Warning]:
    """A card that must be saved and would be lost: read as trash, left on the next player's chop (unless the
    clue gives them a play: a blind play or a prompt the clue calls on them counts), or made the receiver's new
    chop."""
    out = []
    target = clue.target
    who = view.names[target]
    for o in hit:
        card = view.card(o)
        m = reads.get(o, 0)
        if card is not None and view.is_critical(card) and m and not m & ~b.trash:
            out.append(Warning("lost", _("{player} would read slot {slot} as trash and may discard it: it is {card}, "
                                         "the last copy.").format(player=who, slot=view.hands[target].index(o) + 1,
                                                                  card=view.variant.card_name(card))))
    nxt = (view.seat + 1) % view.players
    chop = notes.chop(view, nxt)
    called = set(reading.finessed) | set(reading.prompted)  # the next player plays one of these instead
    if chop is not None and chop not in hit and needs_save(view, notes, chop, b) > 0 \
            and not called & set(view.hands[nxt]) \
            and not known_play(view, notes, nxt, reads if nxt == target else None, b):
        card = view.card(chop)
        assert card is not None  # the next player is a teammate: we see the card
        out.append(Warning("lost", _("{player}'s chop, slot {slot}, is {card}, which must be saved: this clue "
                                     "does not save it.").format(player=view.names[nxt],
                                                                 slot=view.hands[nxt].index(chop) + 1,
                                                                 card=view.variant.card_name(card))))
    old_chop = notes.chop(view, target)
    if old_chop is not None and old_chop in hit:
        new_chop = next((o for o in reversed(view.hands[target]) if o not in hit and o not in before
                         and o not in notes.finessed), None)
        card = view.card(new_chop) if new_chop is not None else None
        if card is not None and view.is_critical(card) and needs_save(view, notes, new_chop, b) > 0:
            out.append(Warning("lost", _("{player}'s new chop, slot {slot}, is {card}, the last copy: it may be "
                                         "discarded next.").format(player=who,
                                                                   slot=view.hands[target].index(new_chop) + 1,
                                                                   card=view.variant.card_name(card))))
    return out


def known_play(view: PlayerView, notes: Notes, seat: int, reads: dict[int, int] | None, b: Board) -> bool:
    """Does `seat` know of a playable card (after the clue, when `reads` are its readings then)?"""
    for o in view.hands[seat]:
        m = reads[o] if reads is not None else notes.holder_reads(view, o, b.trash)
        if m and not m & ~b.playable:
            return True
    return False


def bad_touches(view: PlayerView, notes: Notes, clue: Clue, before: set[int], b: Board) -> list[Warning]:
    """The new cards `clue` touches that break Good Touch (the bot's own `evaluation.bad_touch_reasons`), said."""
    words = {"trash": N_("It touches {card}, which is no longer needed (Good Touch)."),
             "twice": N_("It touches both copies of {card}: only one will be played (Good Touch)."),
             "copy": N_("It touches a second {card}: one is already clued (Good Touch).")}
    return [Warning("trash", _(words[why]).format(card=view.variant.card_name(view.visible[o])))
            for o, why in bad_touch_reasons(view, notes, clue, b) if o not in before]
