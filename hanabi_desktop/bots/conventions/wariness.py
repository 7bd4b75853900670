"""Reading partners defensively: the readings of the guide the bot stops trusting for a partner who has shown a
habit that breaks them, or when one more strike would end the game.

The guide's readings assume a partner who follows it. A person slips, and a slip taught by the guide's own
reading costs a strike. What this module keeps, and the card notes it widens in consequence (`widened`):
- Saves on trash. By good touch a 2 saved on my chop is a 2 still needed, so once every such 2 is playable the
  bot would play it; a partner who has saved a trash card with a clue (a 2 Save on a 2 already played, a habit
  people have) gets no good touch on that kind of save again: the card keeps the trash identities of that moment
  and waits for a clue that proves it. Nor does a 2 Save from a partner whose clue has touched trash or a copy
  (see stalls below; deal h31/77: a stall on two green 1s, then a 2 Save on a red 2 already played). With two
  strikes every partner's number save is read exactly as the clues say, with no good touch at all (it may be a 2
  already played, or a copy of a card its giver knows).
- Self-finesses and self-prompts. From level 2, a partner whose clue read as a self-finesse or a self-prompt made
  a blind play misplay (a player who does not give them, or who stalls at 8 tokens) is not read as giving them
  again (`Notes.no_self_finesse`); nor is a partner whose clue given when they had to clue (8 tokens or a locked
  hand) made my finesse misplay read as giving a finesse, when they have to clue again.
- Stalls that break good touch. A partner whose clue has touched trash or a copy of a clued card they could see
  is not read by the conventions when they had to clue (8 tokens or a locked hand, after the Early Game: people
  stall on trash): the cards such a clue touches keep only what the clues say, its focus too. With two strikes
  every forced clue is read so beside its focus, and so is any clue of such a partner; nor does a forced clue
  then call a blind play (`one_strike_left`, in `reading.read_clue`; deal h31/269: at 8 tokens a 5 re-touching a
  saved white 5, read as a double finesse on me, was a stall). A Fix Clue that shows my
  card was trash when a partner's clue touched it shows that partner breaks good touch, and its new cards are
  beside the card it fixes (the Fix Clue page: "none of them are necessarily playable"; deal h31/297).
- A 2 Save that may be a 2 already played, with a strike made (level 3). The first trash 2 Save of a partner
  cannot be told from a good one, and played at once it is a strike that leaves one more to lose the game (deals
  h31/114 and h31/209). The Fix Clue page: "violations of Good Touch Principle should be fixed as soon as
  possible", and it is the team's job: such a card waits until a partner has had a turn with a clue token, in
  which a saver who saved a played 2 fixes it (`waiting`); a partner who passes confirms the guide's reading.
`held` names the card such a reading holds and why, for the bot's line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hanabi_desktop.bots.conventions.model import Notes, early_game, public_narrowed
from hanabi_desktop.engine import MAX_CLUE_TOKENS, MAX_STRIKES, ColourClue, PlayerView, RankClue

SaveKind = tuple[int, str, int]


def one_strike_left(view: PlayerView) -> bool:
    """Would one more strike end the game? (Then a forced clue calls no blind play: see `reading.read_clue`.)"""
    return view.strikes >= MAX_STRIKES - 1


def had_to_clue(view: PlayerView, giver: int) -> bool:
    """Did `giver`, whose clue was the last action of `view`, have to clue: 8 clue tokens or a locked hand (every
    card clued), after the Early Game? (Such a clue may be a stall.)"""
    locked = all(any(h for _, _, h in view.clue_history[o]) for o in view.hands[giver])
    return (view.clue_tokens >= MAX_CLUE_TOKENS - 1 or locked) and not early_game(view)  # (giver, 'colour' or 'rank', its value): one partner's kind of save clue


def save_kind(giver: int, clue: ColourClue | RankClue) -> SaveKind:
    """The partner and the clue of a save, whoever it was given to."""
    if isinstance(clue, RankClue):
        return giver, "rank", clue.rank
    return giver, "colour", clue.colour


# the card notes a card read exactly as the clues say goes without: what good touch and the conventions made it
LITERAL = ("conv", "private", "excluded")


def writable(notes: Notes, out: Notes) -> Notes:
    """`out`, the notes `widened` returns, ready to change: a copy of `notes` while it is still `notes` itself
    (copy on write: `notes` is left as it was)."""
    return notes.copy() if out is notes else out


def says(notes: Notes, order: int, names: tuple[str, ...]) -> bool:
    """Does any of the card-note fields `names` say something of card `order`?"""
    return any(order in getattr(notes, n) for n in names)


def dropped(notes: Notes, out: Notes, order: int, names: tuple[str, ...]) -> Notes:
    """`out` without what its fields `names` say of card `order` (made `writable` first); `out` itself if they
    say nothing of it."""
    if not says(out, order, names):
        return out
    out = writable(notes, out)
    for n in names:
        getattr(out, n).pop(order, None)
    return out


@dataclass
class Wariness:
    """What one seat has seen its partners' saves touch, and which of its own cards it reads defensively."""

    seat: int
    # saved card -> (its save, trash then, given at 8 clue tokens: maybe a forced stall, which shows no habit)
    saves: dict[int, tuple[SaveKind, int, bool]] = field(default_factory=dict)
    shown: set[SaveKind] = field(default_factory=set)  # saves that touched trash: not trusted again
    # my card -> (giver, what the guide's reading I no longer trust reads it as, why: the held card's line)
    doubted: dict[int, tuple[int, int, str]] = field(default_factory=dict)
    self_finessed: dict[int, int] = field(default_factory=dict)  # card blind-called by a self-finesse -> giver
    no_self_finesse: set[int] = field(default_factory=set)  # givers whose 'self-finesse' or 'self-prompt' misplayed
    # card first touched by a clue its giver had to give (maybe a stall that broke good touch) -> (giver, focus?)
    stalled: dict[int, tuple[int, bool]] = field(default_factory=dict)
    # the focus of such a clue that its reading then could not play at once (a delayed play clue, or one through a
    # card not played yet): with two strikes it keeps only what the clues say (a stall may touch trash) -> what
    # the conventions read it as (every giver's reading), once it does (-1 until then)
    delayed: dict[int, int] = field(default_factory=dict)
    # card -> (the partner whose clue first touched it, trash then, the other clued cards then, not in their hand)
    touched_by: dict[int, tuple[int, int, frozenset[int]]] = field(default_factory=dict)
    careless: set[int] = field(default_factory=set)  # partners a clue of whom has touched trash or a copy
    beside: dict[int, int] = field(default_factory=dict)  # my card first touched beside a partner's focus -> giver
    # my card read as the clues say -> (the giver, what good touch would have read it as)
    unread: dict[int, tuple[int, int]] = field(default_factory=dict)
    # level 3: my card a partner's 2 Save touched while a 2 already played was among what its clues allowed ->
    # that saver, until a partner (any: fixing is the team's job) has had a turn with a clue token since
    unconfirmed: dict[int, int] = field(default_factory=dict)

    def saw_turn(self, actor: int, tokens: int) -> None:
        """`actor` takes a turn with `tokens` clue tokens: a partner who could have fixed my waiting 2 Saves and
        did not (a clue on such a card then is read as it comes) has confirmed them."""
        if tokens > 0 and actor != self.seat:
            self.unconfirmed.clear()

    def saw_clue(self, view: PlayerView, notes: Notes, giver: int, focus: int | None, new: list[int]) -> None:
        """A clue by `giver` focused on `focus`, touching the cards `new` for the first time. Given at 8 clue
        tokens or from a locked hand after the Early Game, the giver had to clue and may have had nothing that
        keeps good touch (people stall on trash and copies): see `widened`. A later clue focused on such a card
        stands. A new card I can see that is trash or a copy of another clued card the giver sees shows at once
        that the giver breaks good touch; my own cards show it when they are played or discarded, or when a
        clue (a Fix Clue) shows one was trash when it was touched: the new cards of such a fix count as beside
        its focus (the card it fixes)."""
        if focus is not None:
            self.stalled.pop(focus, None)
            self.delayed.pop(focus, None)
        if had_to_clue(view, giver):
            self.stalled.update({o: (giver, o == focus) for o in new})
            if focus is not None and focus in new:
                reads = notes.my_mask if focus in view.my_hand else notes.holder_reads
                if reads(view, focus, view.trash_mask()) & ~view.playable_mask():
                    self.delayed[focus] = -1
        if giver == self.seat:
            return
        clued = frozenset(o for p, h in enumerate(view.hands) if p != giver for o in h
                          if any(hit for _, _, hit in view.clue_history[o]))
        trash = view.trash_mask()
        self.beside.update({o: giver for o in new if o != focus and o in view.my_hand})
        for o in view.my_hand:
            toucher, trash_then, _clued = self.touched_by.get(o, (None, 0, frozenset()))
            k = public_narrowed(view, view.knowledge[o])
            if toucher is not None and o not in new and view.clue_history[o][-1][2] and k and not k & ~trash_then:
                # a Fix Clue shows my card was trash when that partner's clue touched it (deal h31/297: a 2 Save on
                # the yellow 2 already played, then yellow on it): that partner breaks good touch, and the new
                # cards the fix touched are not promised playable ("none of them are necessarily playable")
                self.careless.add(toucher)
                self.beside.update({c: giver for c in new if c in view.my_hand})
        for o in new:
            if not public_narrowed(view, view.knowledge[o]) & ~trash:
                continue  # the clue itself says it is trash (a colour whose pile is complete): no broken promise
            self.touched_by[o] = (giver, trash, clued - {o})
            if view.card(o) is not None:
                self.saw_card(view, o)

    def saw_self_finesse(self, giver: int, blind: list[int]) -> None:
        """A clue by `giver` read as a self-finesse on the cards `blind`."""
        if giver == self.seat:
            return  # my own clue: its receiver's misplay says nothing about how I give clues
        for o in blind:
            self.self_finessed[o] = giver

    def saw_forced_finesse(self, view: PlayerView, giver: int, blind: list[int]) -> None:
        """A clue by `giver` (`view`: just after it) that calls my cards `blind` for a finesse: if the giver had to
        clue, a misplay of theirs shows a stall (the same clue again, deal h31/118: a locked hand re-touching a
        saved red 5), and that giver's clues are no longer read as finesses when they have to clue."""
        if had_to_clue(view, giver):
            self.saw_self_finesse(giver, blind)

    def saw_misplay(self, order: int) -> None:
        """Card `order` misplayed: if a self-finesse (or a finesse in a clue its giver had to give) called it,
        its giver did not mean one (a player who does not give self-finesses, or a stall the guide does not have
        at that level): their clues are no longer read as self-finesses, nor as finesses when they have to
        clue."""
        giver = self.self_finessed.pop(order, None)
        if giver is not None:
            self.no_self_finesse.add(giver)

    def saw_save(self, view: PlayerView, giver: int, clue: ColourClue | RankClue, focus: int,
                 new: list[int]) -> None:
        """A partner's clue focused on a chop, touching the cards `new` for the first time: a trash focus I can
        see shows the habit; the cards it touched in my hand wait to be seen. A clue given at 8 clue tokens may
        be a forced stall, which shows no habit (but may be trash all the same)."""
        if giver == self.seat:
            return
        kind = save_kind(giver, clue)
        forced = view.clue_tokens >= MAX_CLUE_TOKENS - 1
        card = view.card(focus)
        if card is not None and view.is_trash(card) and not forced:
            self.shown.add(kind)
        for o in new:
            if o in view.my_hand:
                self.saves[o] = (kind, view.trash_mask(), forced)
                if kind[1:] == ("rank", 2) and view.knowledge[o] & view.trash_mask():
                    self.unconfirmed[o] = giver

    def saw_card(self, view: PlayerView, order: int) -> None:
        """Card `order` was played or discarded (or is in view): if a partner saved it while it was trash, the
        habit shows; if a partner's clue touched it while it was trash or a copy of another clued card they
        could see, that partner breaks good touch."""
        giver, trash_then, clued_then = self.touched_by.pop(order, (None, 0, frozenset()))
        card = view.visible[order]
        if giver is not None and (1 << card.identity & trash_then
                                  or any(view.visible.get(o) == card for o in clued_then)):
            self.careless.add(giver)
        kind, trash_then, forced = self.saves.pop(order, (None, 0, False))
        if kind is not None and 1 << view.visible[order].identity & trash_then and not forced:
            self.shown.add(kind)

    def widened(self, notes: Notes, in_hands: set[int], strikes: int = 0) -> Notes:
        """The card notes with my cards saved by a save kind that has touched trash, or by a 2 Save from a partner
        who has broken good touch, read defensively: the trash identities of that moment stay possible; if one
        more strike ends the game, every partner's number save keeps only what the clues say. The cards a clue
        its giver had to give touched: if that giver has broken good touch before, they keep only what the clues
        say (its focus too: such a stall is no play clue); if one more strike ends the game (`strikes`), so do
        the cards beside its focus, and the focus is not read as not being a copy of a card played since; so do
        the cards beside the focus of any clue of a partner who has broken good touch (a new value; `notes` is
        left as it was)."""
        self.saves = {o: s for o, s in self.saves.items() if o in in_hands}
        self.self_finessed = {o: g for o, g in self.self_finessed.items() if o in in_hands}
        self.doubted = {o: d for o, d in self.doubted.items() if o in in_hands}
        self.stalled = {o: f for o, f in self.stalled.items() if o in in_hands}
        self.delayed = {o: t for o, t in self.delayed.items() if o in self.stalled}
        self.touched_by = {o: t for o, t in self.touched_by.items() if o in in_hands}
        self.beside = {o: g for o, g in self.beside.items() if o in in_hands}
        self.unread = {o: u for o, u in self.unread.items() if o in self.stalled}
        self.unconfirmed = {o: g for o, g in self.unconfirmed.items() if o in self.saves}
        out = notes
        if out.no_self_finesse != self.no_self_finesse:
            out = replace(notes.copy(), no_self_finesse=frozenset(self.no_self_finesse))
        for o, (giver, focus) in self.stalled.items():
            if giver not in self.careless and strikes < MAX_STRIKES - 1:
                continue
            # a careless stall's focus is no play clue either; nor, with two strikes, one that waits for other cards
            # (but a number save: the saves below read it so, keeping what every giver reads it as)
            waits = o in self.delayed and self.saves.get(o, ((0, "", 0),))[0][1] != "rank"
            literal = giver in self.careless or not focus or waits
            names = LITERAL if literal else ("excluded",)
            if giver in self.careless and says(out, o, names):  # (with two strikes alone the line would be untrue)
                self.unread[o] = (giver, out.conv.get(o, -1) & ~out.excluded.get(o, 0))
            elif waits and says(out, o, ("conv", "private")):  # what every giver reads it as (later clues narrow it)
                self.delayed[o] = out.conv.get(o, -1) & out.private.get(o, -1) & ~out.excluded.get(o, 0)
            out = dropped(notes, out, o, names)
        for o, giver in self.beside.items():
            if strikes < MAX_STRIKES - 1 or giver not in self.careless:
                continue
            # with two strikes the cards beside the focus of a careless partner's clue keep only what the clues
            # say (deal h31/91: a stall on two yellow 1s, the second read as the yellow 4 once 2 and 3 played)
            out = dropped(notes, out, o, LITERAL)
        for o, (kind, trash_then, _forced) in self.saves.items():
            if strikes >= MAX_STRIKES - 1 and kind[1] == "rank":
                # with two strikes a number save is read exactly as the clues say, from anyone: people save 2s
                # already played or copies of cards they know (deal h31/196), and a misplay now loses every
                # point, while a save held costs at most a late play
                names = (*LITERAL, "focus_of")
                if o not in self.doubted and says(out, o, names):
                    trusted = out.conv.get(o, -1) & out.private.get(o, -1) & ~out.excluded.get(o, 0)
                    self.doubted[o] = (kind[0], trusted, "wary at two strikes")
                out = dropped(notes, out, o, names)
                continue
            careless_2 = kind[0] in self.careless and kind[1:] == ("rank", 2)
            if (kind not in self.shown and not careless_2) or o in self.doubted or o not in out.conv:
                continue
            out = writable(notes, out)
            out.conv[o] |= trash_then
            if o in out.private:
                out.private[o] |= trash_then
            why = "wary of a save" if kind in self.shown else "wary of a careless save"
            self.doubted[o] = (kind[0], ~trash_then, why)
        trusted = {o: t for o, t in self.delayed.items() if t != -1} | \
            {o: t for o, (_giver, t, _why) in self.doubted.items()} | {o: t for o, (_g, t) in self.unread.items()}
        if trusted != out.trusted:
            out = writable(notes, out)
            out.trusted = trusted
        return out

    def waiting(self, notes: Notes, strikes: int) -> set[int]:
        """Level 3, with a strike made: my cards a partner's 2 Save touched while a 2 already played was among
        what the clues allowed, no partner having had a turn with a clue token since. The guide's reading stands
        (good touch: a useful 2), but I do not play such a card yet: a Fix Clue comes "as soon as possible" (the
        Fix Clue page), so a saver who saved a played 2 by mistake fixes it then, and a partner who passes on
        that confirms the save. Without a strike made, a misplay would not bring the game's end one strike
        away, and I play at once, as the guide does."""
        return set(self.unconfirmed) if notes.level >= 3 and strikes >= 1 else set()

    def held(self, view: PlayerView, notes: Notes, playable: int) -> tuple[int, int, str] | None:
        """(a card of mine, the partner who clued it, why: 'wary of a save', 'wary of a careless save', 'wary at
        two strikes', 'wary of a stall', 'wary of a forced delayed play' or 'wary of an unconfirmed save') that the
        reading I no longer trust from that partner (or do not trust yet) would play."""
        for o in view.my_hand:
            m = notes.my_mask(view, o, view.trash_mask())
            if o in self.doubted:
                giver, trusted, why = self.doubted[o]
                trusting = m & trusted
            elif o in self.unread:
                giver, trusted = self.unread[o]
                trusting, why = m & trusted, "wary of a stall"
            elif self.delayed.get(o, -1) != -1:
                giver, trusting, why = self.stalled[o][0], m & self.delayed[o], "wary of a forced delayed play"
            elif o in self.waiting(notes, view.strikes):
                giver, trusting, why = self.unconfirmed[o], m, "wary of an unconfirmed save"
                m |= self.saves[o][1] & view.knowledge[o]  # (a 2 already played, which it may be)
            else:
                continue
            if trusting and not trusting & ~playable and m & ~playable:
                return o, giver, why
        return None
