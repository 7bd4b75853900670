"""The level-3 stand-in: `Level2Proxy` (`level2_proxy.py`) with level 3's Fix Clue, given and read.

- `Level3Proxy` ('level3-proxy'): the level-2 player who also gives and reads the Fix Clue of the level 3 page
  (The Fix Clue, its several-card and no-additional-information forms, "fixed as soon as possible", the Misplay
  Cost Principle and Information Lock; the beginner's guide has no Fix Clue section): it fixes a partner's clued
  card that is a copy of a card played and that they read as useful, or that they read as playable now while it
  is not (`fix_clue`), and reads a re-touch that shows its card cannot play, contradicting its reading, as a fix
  (`_read_fix`; a partner's, `_read_convention`). The partner table seats it with the level-3 bot, `Level2Proxy`
  with the level-2 bot. Of level 3 it knows the Fix Clue and the Sarcastic Discard, given
  (`sarcastic_discard`) and read (`_read_discard`).
  Where it differs from the Fix Clue page on purpose: it gives no Fix Clue that gives no additional information
  (it reads one), since a level-2 reader takes it as a Tempo Clue on the card about to misplay; and a clued copy
  of a card played that its holder does not read as playable gets a fix only with a clue that a reader who does
  not know the Fix Clue reads right too (the page: "as soon as possible, regardless of whether the misplay
  happens immediately"); a card they read as playable but may read as one whose suit died since it was clued
  (`died_since`: good touch promised it useful then, so they may wait) only with a clue that touches no new
  card, or with the deck empty.
"""

from __future__ import annotations

from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.proxies import (
    BeginnerProxy,
    after_clue,
    chop_finesse,
    latest_touched,
    play_order,
    playable_through,
    played_mask,
    touched_before,
)
from hanabi_desktop.engine import Action, ColourClue, Discard, Play, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import bit


class Level3Proxy(Level2Proxy):
    """The careful player after H-group level 2, with level 3's Fix Clue and Sarcastic Discard."""

    name = "level3-proxy"
    description = ("A stand-in for a person at H-group level 3: the level-2 stand-in who also gives and reads the "
                   "Fix Clue and the Sarcastic Discard; for measuring how bots cope with people.")
    # level 3, The Sarcastic Discard: Alice, holding a clued 3, clues a 3 to Bob: "This is a mistake, because it
    # might be violating Good Touch Principle" (a giver's clue promises no copy of a card they know they hold)
    own_good_touch = True

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.bad: set[int] = set()  # my clued cards a Fix Clue that gave no new information called bad

    def _read(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """A Fix Clue to me is read as one (`_read_fix`), and nothing else is read from it; any other clue as the
        level-2 player reads it (`Level2Proxy._read`)."""
        if clue.target == view.seat and self._read_fix(view, clue, giver):
            return
        super()._read(view, clue, giver)

    def _read_fix(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> bool:
        """Level 3, The Fix Clue: "Since Bob was about to play this card, Bob knows that this was a Fix Clue", and
        "A clue cannot be a Play Clue and a Fix Clue at the same time. If you receive a Fix Clue and it touches
        other ancillary cards, none of them are necessarily playable ... Bob marks the blue card on slot 1 as
        either blue 2, blue 3, blue 4, or blue 5. He then discards the blue 1." A clue to me (`view` after it)
        that re-touches a clued card of mine, shows it does not play now (it "reveals" the card) and contradicts
        what I read it as (Information Lock: "A direct conflict is the only thing that can break an information
        lock") or shows it trash, fixes it: that card is what the clues say, and the new cards it touches are only
        good to keep. The Fix Clue That Gives No Additional Information: "Since Bob was going to play the 1
        already without Alice doing anything, the clue must have some other meaning ... the 1 that Bob was about
        to play is bad": a clue that touches no new card of mine and repeats the clues on the cards it touches,
        when I was about to play one of them, makes the first I would play bad, but "we only assume a Fix Clue of this nature if there is no other more-ordinary
        explanation for the clue": not from a giver who had to clue (8 clue tokens, or every card of theirs
        clued: a stall), and only on a card whose clues and good touch leave it playable but not one known card,
        as the page's unknown 1s (a card I know exactly cannot be bad). True if the clue was a Fix Clue (read
        here)."""
        hand = view.my_hand
        hit = latest_touched(view, hand)
        new = [o for o in hit if not touched_before(view, o)]
        trash, playable, played = view.trash_mask(), view.playable_mask(), played_mask(view)
        # the page's fix "reveals" the card unplayable: a clue that shows my card plays, whatever I read it as, is
        # a play clue (deal h31/6, turn 50: blue on my blue 2 I had taken for another 2, as an end-game stall);
        # a card I may have known to be the copy of a card played (`played_apart`) is fixed too, once the clue
        # shows it is that copy (deal h31/57, turn 31, level-2 stand-ins: yellow on my 2-saved yellow 2, since
        # played, and on my new yellow 5, which I played as the yellow 3); not a card of a suit that died since it
        # was clued, which broke no good touch (deal h31/210, turn 28: a play clue on my new blue 4 with 4, which
        # also showed my white card a dead white 4)
        broken = [o for o in hit if o not in new and o in self.notes and not view.empathy(o) & playable
                  and self.notes[o] & ~self.played_apart(view, o) & ~trash
                  and (not view.empathy(o) & self.notes[o] & ~self.played_apart(view, o)
                       or not view.empathy(o) & ~played)]
        if broken:
            for o in broken:
                self.notes[o] = view.empathy(o)  # what the clues say: trash if they show it is
            for o in new:
                self.notes[o] = view.empathy(o) & ~trash or view.empathy(o)  # good touch: useful some day
        elif not new and all(any(c == clue and was for _, c, was in view.clue_history[o][:-1]) for o in hit) \
                and not self.forced_clue(view, giver):
            # the card I would play first of them (the careful player's choice, without a late habit's delay), of
            # those the clues and good touch alone show playable, as the page's 1s, which the giver surely knows I
            # would play (deal h31/24, turn 54: a red clue repeated on my red 4 I knew by the conventions, the red
            # 5 still possible by the clues, as an end-game stall, read as a Tempo Clue on it)
            known = {o: view.empathy(o) & ~trash for o in hit}
            ready = BeginnerProxy.play(self, view, {Play(o) for o in hit if view.empathy(o) & trash
                                                    and known[o] & (known[o] - 1) and not known[o] & ~playable})
            if ready is None:
                return False  # no card of mine it touches was about to play: a Tempo Clue, read as one
            self.bad.add(ready.action.card)
            broken = [ready.action.card]
        else:
            return False
        for o in broken:
            for held in (self.marked, self.prompted, self.deferred, self.awaiting, self.unexplained):
                held.pop(o, None)
        self.fix_read = len(view.history)
        return True

    def _read_discard(self, view: PlayerView, discard: Discard, discarder: int, before: PlayerView) -> None:
        """Level 3, The Sarcastic Discard: a player who knows their clued card is a copy of a clued card in a
        teammate's hand, "and it is unknown which one", discards theirs, and the teammate then knows their clued
        card is exactly that card. A partner's discard (`view` after it, `before` the view before it) of a clued
        card that is not trash and that they read as exactly that card (`holder_reads`: its clues, what we both
        see, and the conventions' reading of its clues), while no other clued card I see is that card, makes my
        one clued card that can be it that card (with several, one of them is: I narrow none). Not from a locked
        hand (every other card of theirs clued): "when a player is locked, they can choose to 'sacrifice' one of
        the cards in their hand that is non-critical. And in this situation, it does not imply a Sarcastic
        Discard" (level 22, as the bot reads it). Deal t40/294, turn 28: Bob discarded his red 3, known by my red
        play clue, while my red card from an earlier red clue was the red 3; I never played it and later read the
        bot's 4 on my red 4 as the blue 4 and misplayed it."""
        o = discard.card
        card = view.visible[o]
        if not touched_before(before, o, last=False) or view.is_trash(card):
            return
        if all(touched_before(before, c, last=False) for c in before.hands[discarder] if c != o):
            return  # a locked hand's sacrifice
        it = bit(card.identity)
        if self.holder_reads(before, o) != it:
            return  # they did not know it was that card: an ordinary discard of a clued card
        if any(view.visible[c].identity == card.identity and touched_before(view, c, last=False)
               for p, hand in enumerate(view.hands) if p != view.seat for c in hand):
            return  # the clued copy it passes to is another player's
        mine = [c for c in view.my_hand if touched_before(view, c, last=False) and self.mask(view, c) & it]
        if len(mine) == 1:
            self.notes[mine[0]] = it

    def sarcastic_discard(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """Level 3, The Sarcastic Discard: "the first player who fully realizes that they have the duplicate card
        should discard it (as opposed to playing it or holding on to it) ... it communicates to the other player
        that they 100% have the discarded card" ("Bob knows that he has the red 3 ... Bob performs a Sarcastic
        Discard to pass the red 3 back to Alice"). A clued card of mine that my reading makes exactly one useful
        card, while exactly one partner's clued card is that card, the only one of their clued cards that they can
        tell may be it: I discard mine instead of my chop (the reading, `_read_discard`). Deal h31/172, turn 26.
        Where it differs from the page on purpose: a card that plays now I play (its copy is then a copy of a card
        played, which good touch, `played_apart`, or a Fix Clue shows its holder), and the discard waits for a turn
        I would discard on (after plays, saves and play clues). Discarding a playable card, as the page's red 3, or
        before a play, cost the level-3 stand-ins' 2-player self-play (h31 300: -0.110, then -0.057; deal h31/251,
        turn 53, 3 players: Bob threw his known green 4 instead of playing the green 3 a clue had just named)."""
        trash = view.trash_mask()
        for slot, o in enumerate(view.my_hand, start=1):
            m = self.mask(view, o)
            if Discard(o) not in legal or not touched_before(view, o, last=False) or m & (m - 1) or m & trash \
                    or m & view.playable_mask():  # (one known card, useful and not playable now: see above)
                continue
            copies = [(p, c) for p, hand in enumerate(view.hands) if p != view.seat for c in hand
                      if bit(view.visible[c].identity) == m and touched_before(view, c, last=False)]
            if len(copies) != 1:
                continue
            p, c = copies[0]
            # it passes the card to one card they can tell: with several clued cards of theirs that can be it, "it
            # only promises that they have the card somewhere", and a card they cannot name waits unplayed (deal
            # h31/61, turn 5: my green 1 against Bob's two 1s, one maybe a copy of the red 1 played; he played
            # neither, and I had discarded a playable card)
            if [x for x in view.hands[p] if touched_before(view, x, last=False) and view.holder_empathy(x) & m] == [c]:
                return Decision(Discard(o), f"sarcastic discard of slot {slot} ({self.describe(m)}): "
                                            f"{view.names[p]}'s slot {view.hands[p].index(c) + 1} is the same card")
        return None

    def _read_convention(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """The conventions' reading of a clue to a partner (`BeginnerProxy._read_convention`), but a clue that
        shows a clued card of theirs does not play and contradicts what they read it as (or shows it trash) is a
        Fix Clue to them as to me (`_read_fix`): that card is what its clues say, and the new cards it touches are
        only good to keep, none read as playable."""
        hand = view.hands[clue.target]
        before = {o: self.read_as[o] for o in hand if o in self.read_as and touched_before(view, o)}
        bad = self.repeat_fixes(view, clue, giver)
        super()._read_convention(view, clue, giver)
        hit = latest_touched(view, hand)
        if bad is not None:
            self.fix_read = len(view.history)
            self.convention.pop(bad, None)
            self.read_as[bad] = view.holder_empathy(bad) & view.trash_mask()
            return
        # good touch: what they read it as is useful (a card played since, it is not: deal h31/40, turn 21, white
        # on a 2-saved white 2 since played, read by the third player as a Finesse on them)
        trash, playable = view.trash_mask(), view.playable_mask()
        broken = [o for o in hit if o in before and before[o] & ~trash
                  and not view.holder_empathy(o) & (before[o] & ~trash | playable)]
        played = played_mask(view)
        broken += [o for o in hit if o in before and before[o] & ~trash and o not in broken
                   and not view.holder_empathy(o) & ~played]  # shown a copy of a card played, as `_read_fix` reads it
        if not broken:
            return
        self.fix_read = len(view.history)
        for o in hit:
            self.convention.pop(o, None)
            k = view.holder_empathy(o)
            if o in broken:
                self.read_as[o] = k
            else:
                self.read_as[o] = k & before.get(o, ~trash) or k

    def repeat_fixes(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> int | None:
        """The partner's card a clue to them (`view` after it) calls bad as The Fix Clue That Gives No Additional
        Information (level 3): "Since Bob was going to play the 1 already without Alice doing anything, the clue must
        have some other meaning ... the 1 that Bob was about to play is bad", read as `_read_fix` reads one to me: it
        touches no new card and repeats the clues on the cards it touches, its giver did not have to clue, and of
        them the card their holder would play first (a 5, the lowest rank, the rightmost) is one their clues and good
        touch show playable but not one known card, which a copy of a card played can be. None if it is no such
        clue (deal t40/505, turn 27: Cathy re-clued 2 on Bob's 2-saved blue 2, a copy of the blue 2 just played,
        which he read as the yellow 2 or white 2; I took it for no fix and gave a second one that touched his new
        blue 5 and blue 4, and he played the 5 as the blue 3)."""
        hand = view.hands[clue.target]
        hit = latest_touched(view, hand)
        if not hit or self.forced_clue(view, giver) or any(
                not touched_before(view, o)
                or not any(c == clue and was for _, c, was in view.clue_history[o][:-1]) for o in hit):
            return None
        trash, playable = view.trash_mask(), view.playable_mask()
        ready = []
        for o in hit:
            k = self.holder_reads(view, o)
            if k and not k & ~playable:
                ready.append((play_order(k, hand.index(o) + 1), o))
        if not ready:
            return None  # no card of theirs it touches was about to play: a Tempo Clue
        o = min(ready)[1]
        k = self.holder_reads(view, o)
        return o if k & (k - 1) and view.holder_empathy(o) & trash else None

    def _read_prompt(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """A play clue to a partner may ask me for a card (`BeginnerProxy._read_prompt`); a Fix Clue asks for none
        ("The only information that a Fix Clue conveys is to fix the violation of Good Touch Principle")."""
        if self.fix_read != len(view.history):
            super()._read_prompt(view, clue, giver)

    def mask(self, view: PlayerView, order: int) -> int:
        """My reading (`BeginnerProxy.mask`), but a card a Fix Clue called bad is trash (`_read_fix`)."""
        if order in self.bad:
            bad = view.empathy(order) & view.trash_mask()
            if bad:
                return bad
        return super().mask(view, order)

    def stops(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Level 3, The Fix Clue (That Gives No Additional Information): "Since Bob was going to play the 1 already
        without Alice doing anything, the clue must have some other meaning. Thus, it is a Fix Clue". A clue that
        touches no new card, repeats the clues on the cards it touches and re-touches a card its holder already
        reads as playable stops that card: no Tempo Clue or stall of mine is one (deal h31/0, turn 57: number 3 on
        a red 3 its holder knew played, as a tempo clue; they discarded it)."""
        hit = view.touched(clue)
        if not hit or any(not touched_before(view, o, last=False)
                          or not any(c == clue and was for _, c, was in view.clue_history[o]) for o in hit):
            return False
        playable = view.playable_mask()
        return any(self.holder_reads(view, o) and not self.holder_reads(view, o) & ~playable for o in hit)

    def holder_reads(self, view: PlayerView, order: int) -> int:
        """What the holder of a partner's clued card `order` reads it as: its clues and what they can count, useful
        by Good Touch, and narrowed by the conventions' reading of its clues (`read_as`) unless that is broken: a
        card read as one that has been played since is known trash (deal h31/1, turn 40: the yellow 4 saved as
        one)."""
        k = view.holder_empathy(order)
        return (k & self.read_as.get(order, k) or k) & ~view.trash_mask()

    def misplay_ahead(self, view: PlayerView, seat: int, order: int) -> str | None:
        """Why partner `seat`'s clued card `order` needs a Fix Clue, or None. The Fix Clue: "violations of Good
        Touch Principle should be fixed as soon as possible, regardless of whether the misplay happens immediately
        or not" ('trash': the copy of a card played, which they read as useful), and "Alice knows that from
        Good Touch Principle, Bob will conclude that the card is a purple 5, and he will likely misplay it on his
        next turn" ('misplay': they read it as playable now, it is not, and no card I see clued or on a finesse
        position makes it playable first: a Finesse, a Prompt or a Delayed Play Clue they wait for is no misplay);
        'dead' for such a card they may also read as a card whose suit died since it was clued (`died_since`)."""
        card = view.visible[order]
        reads = self.holder_reads(view, order)
        if not reads:
            return None
        if played_mask(view) & bit(card.identity):
            return "trash"  # a duplicate: "Duplicate cards will lead to misplays"
        playable = view.playable_mask()
        if view.is_playable(card) or reads & ~playable:
            return None
        waited = self.queued(view, seat)
        for c in view.hands[seat]:  # a Delayed Play Clue through their own clued card (deal h31/10, turn 10)
            if c != order and touched_before(view, c, last=False):
                waited |= bit(view.visible[c].identity)
        for p in range(view.players):
            fin = chop_finesse(view, p) if p not in (seat, view.seat) else None
            if fin is not None:
                waited |= bit(view.visible[fin].identity)
        if playable_through(view, waited) & bit(card.identity):
            return None
        return "dead" if self.died_since(view, order) else "misplay"

    def died_since(self, view: PlayerView, order: int) -> bool:
        """May the holder of a partner's clued card `order` read it as a card whose suit died after it was clued? Good
        touch promises a card useful when it is clued (the beginner's guide, Good Touch Principle: "we only touch
        cards that will eventually be played"), and the conventions' reading of its clues (`read_as`) left out only
        the trash of that time (`holder_reads` leaves out today's)."""
        dead = view.trash_mask() & ~played_mask(view)
        return bool(view.holder_empathy(order) & self.read_as.get(order, 0) & dead)

    def fix_clue(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """Level 3, The Fix Clue: "Duplicate cards will lead to misplays, so it is the team's responsibility to fix
        the problem and intervene before this happens", "as soon as possible"; and the Misplay Cost Principle: "it
        is almost always worth it to spend one clue to stop one strike". For the nearest partner holding a clued
        card that needs it (`misplay_ahead`), a clue that "fills in" the card: after it, what its holder can know
        of it by the clues has no playable card (and no useful one, if it is trash), so it contradicts their
        reading and they read the fix. Of those, one whose ordinary reading also misleads nobody (a reader who does
        not know the Fix Clue takes it as a play clue on its new card: no receiver or third player may play a wrong
        card for it), then the one that touches the fewest new cards; only a card its clues, counting and good
        touch show playable, which anyone reads as about to play, gets a fix that such a reader would misread (the
        page's blue clue on the 1 read as the green 1: "Alice may have had no choice"). I give no Fix Clue that
        gives no additional information: a level-2 reader takes it as a Tempo Clue on the card about to misplay."""
        if view.clue_tokens == 0:
            return None
        trash, playable = view.trash_mask(), view.playable_mask()
        for step in range(1, view.players):
            p = (view.seat + step) % view.players
            for o in view.hands[p]:
                if not touched_before(view, o, last=False):
                    continue
                why = self.misplay_ahead(view, p, o)
                if why is None:
                    continue
                # about to misplay by what everyone sees (its clues, counting and good touch), so a reader who knows
                # the Fix Clue reads one: a card they play only by the conventions may not be read as ready (deal
                # h31/63, turn 22: white on a white 3 clued with 3, the white 1 and the chop's white 4 new; the
                # holder took it as a play clue on the chop and misplayed the white 4)
                k = view.holder_empathy(o) & ~trash
                soon = bool(k) and not k & ~playable
                best: tuple[tuple[bool, int], ColourClue | RankClue] | None = None
                for clue in view.legal:
                    if not isinstance(clue, ColourClue | RankClue) or clue.target != p or clue not in legal \
                            or o not in view.touched(clue):
                        continue
                    k = after_clue(view, clue).holder_empathy(o)
                    if k & playable or (why == "trash" and k & ~trash):
                        continue  # it does not fill the card in
                    plain = self.touches_no_trash(view, clue) and not self.misread(view, clue) \
                        and not self.misleads(view, clue)
                    if not plain and not soon:
                        continue
                    new = sum(1 for c in view.touched(clue) if not touched_before(view, c, last=False))
                    if why == "dead" and new and view.deck_count:
                        # they may read it as the dead card and wait, so no misplay is sure; a fix that touches a
                        # new card they may read as a play is worse (deal t40/471, turn 41: the bot's green 4, saved
                        # before it discarded the last green 3, "fixed" with green, which touched its new green 1,
                        # played as the green 2; t40/529, turn 53: red on a red 5 saved before red died touched a
                        # red 1, played as the red 3). One that touches none still tells them it is dead, and with
                        # the deck empty any fix does: their last turns may be a guess (t40/93, turn 66: without red
                        # on its red 5, the bot's last turn played it as the blue 5, 50%, not its real blue 5)
                        continue
                    key = (plain, -new)
                    if best is None or key > best[0]:
                        best = (key, clue)
                if best is not None:
                    slot = view.hands[p].index(o) + 1
                    what = "is a copy of a card played" if why == "trash" else "is not playable"
                    return Decision(best[1], f"fix clue: {self.clue_text(view, best[1])} to {view.names[p]}, slot "
                                             f"{slot} ({view.variant.card_name(view.visible[o])}) {what}")
        return None
