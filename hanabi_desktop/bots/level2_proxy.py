"""The level-2 stand-in: `BeginnerProxy` (`proxies.py`) after H-group level 2.

- `Level2Proxy` ('level2-proxy'): the same player after level 2: it also reads the 5 Stall, waits for a Reverse
  Finesse (on a clued card that plays now, or on one that needs the blind-played card) and for a Double Finesse's
  second blind play, plays the several cards a clue to a partner asks of it (a Double Finesse, a Prompt + Finesse),
  does not stomp on a blind play it waits for, and takes a Self-Finesse when nothing else explains a play clue to
  it. It gives and reads no Fix Clue (level 3): the partner table seats it with the level-2 bot; with the level-3
  bot it seats `Level3Proxy` (`level3_proxy.py`), this player with level 3's Fix Clue.
"""

from __future__ import annotations

from collections.abc import Sequence

from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.proxies import (
    Asked,
    BeginnerProxy,
    after_clue,
    chop,
    chop_finesse,
    latest_touched,
    needed_before,
    playable_through,
    played_mask,
    save_mask,
    touched_before,
)
from hanabi_desktop.engine import (
    MAX_CLUE_TOKENS,
    Action,
    Card,
    ColourClue,
    Discard,
    Play,
    PlayerView,
    RankClue,
    Variant,
)
from hanabi_desktop.engine.cards import bit


class Level2Proxy(BeginnerProxy):
    """The careful player after H-group level 2: it also reads the 5 Stall and waits for a Reverse Finesse."""

    name = "level2-proxy"
    description = ("A stand-in for a person at H-group level 2: the careful beginner who also reads the 5 Stall "
                   "and waits for a reverse finesse; for measuring how bots cope with people.")

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        # my clued card -> (turn until which I wait, my reading without a reverse finesse, the card I wait for)
        self.deferred: dict[int, tuple[int, int, int]] = {}
        # the focus of a play clue to me that nothing I could see explained: a Self-Finesse, unless a blind play or
        # a prompted card explains it before my turn (`self_finesse`)
        self.unexplained: dict[int, tuple[int, int]] = {}  # ... -> (its giver, the newest card dealt then)
        # my card waiting for a Reverse Finesse -> the card next to the one blind-played, as they were at the clue: a
        # Double Finesse's second blind play (`double_finesse`)
        self.beside: dict[int, int | None] = {}
        self.self_finessed: dict[int, int] = {}  # my card blind-played as a Self-Finesse -> the focus it is for
        # my play clue's focus that cannot play yet, waiting for a Reverse Finesse -> the card it is if the blind play
        # comes (`reverse_chain`)
        self.chained: dict[int, int] = {}
        # a clue that asks me for two or more cards (`several_asked`): my card called -> (the identity that plays
        # before it, my card called for that one if known then, my note on it before the call, the strikes then: a
        # strike since calls it off); and (the identity before, the identity, the clue's focus, the strikes then) of
        # each Prompt I take once the card before it has played
        self.after_card: dict[int, tuple[int, int | None, int | None, int]] = {}
        self.later_prompts: list[tuple[int, int, int, int]] = []

    def _read(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """Level 2, the Reverse Finesse: before playing a card a play clue gave me, look at everyone's finesse
        position; if one holds a playable card that connects to my card, wait a go-around for its blind play
        (my card is then the next one); if it does not come, my card is the card it could have been."""
        super()._read(view, clue, giver)
        if clue.target != view.seat:
            return
        if self.five_stall(view, clue, giver):
            saved = set()
            for o in view.my_hand:  # the 5s it touched are saved, none of them is asked to play
                if view.clue_history[o] and view.clue_history[o][-1][2] and not touched_before(view, o):
                    self.notes[o] = view.empathy(o) & ~view.trash_mask() or view.empathy(o)
                    self.awaiting.pop(o, None)
                    saved.add(o)
            # nor has it a focus for a later clue to find among them (`_focus_found`): deal t40/518, turn 36 (level-3
            # bot after me), a 5 Stall on my yellow 5 and green 5, red at 4, read first as a play clue on the red 5;
            # a green Fill-In on the green 5 then left the other as 'the focus', and I played it as the red 5
            self.promises = [(f, cards) for f, cards in self.promises if not saved & set(cards)]
            return
        playable = view.playable_mask()
        hand = view.hands[view.seat]
        new = [o for o in latest_touched(view, hand) if not touched_before(view, o)]
        old_chop = next((o for o in reversed(hand) if not touched_before(view, o)), None)
        focus = (old_chop if old_chop in new else new[0]) if new else None
        for o in view.my_hand:
            note = self.notes.get(o)
            if note is None or not touched_before(view, o, last=False) or note & ~playable or o in self.deferred:
                continue
            for p in range(view.players):
                fin = chop_finesse(view, p) if p not in (view.seat, giver) else None
                card = view.visible.get(fin) if fin is not None else None
                if card is None or not view.is_playable(card):
                    continue
                after = needed_after(view.variant, card)
                # "If a card in someone's Finesse Position is playable and "connects" to the clue": my card may be
                # it, or the clue's focus may be the card after it (deal h31/284, turn 21: number 4 on my chop, the
                # yellow 4 playable, Bob's red 3 on his finesse position; I played my red 4 as the yellow 4)
                if not bit(card.identity) & note and not (o == focus and after is not None
                                                          and view.empathy(o) & bit(after)):
                    continue
                beside = next((c for c in view.hands[p] if c < fin and not touched_before(view, c, last=False)), None)
                if after is not None and not view.empathy(o) & bit(after):
                    # it cannot be the next card (both copies in sight), but the card beside the blind one is it (a
                    # Double Finesse, two blind plays: deal h31/235, turn 24: green on my green 3, Bob's green 1 and
                    # green 2 on slots 1 and 2, the other green 2 in Cathy's hand; I played mine as the green 1), or
                    # a card clued elsewhere is (a Finesse + Prompt: deal h31/286, turn 24, blue on my blue 3, Bob's
                    # blue 1 on his finesse position and his clued blue 2; I played mine as the blue 1)
                    # (or several clued cards are: deal s24x/218, turn 24, white on my white 4, Bob's white 1 on
                    # his finesse position and his clued white 2 and white 3; I played mine as the white 1)
                    if beside is not None and view.visible[beside].identity == after:
                        after = needed_after(view.variant, view.visible[beside])
                    else:
                        queued = self.queued(view, view.seat, giver=giver)
                        while after is not None and not view.empathy(o) & bit(after) and queued & bit(after):
                            after, beside = needed_after(view.variant, Card.from_identity(after)), None
                if after is None or not view.empathy(o) & bit(after):
                    continue
                self.deferred[o] = (view.turn + view.players, note, fin)
                self.notes[o] = note | bit(after)
                self.beside[o] = beside
                break
        if focus is None:
            return  # a Tempo Clue
        note = self.notes.get(focus, 0)
        known = self.mask(view, focus) if note else 0
        if known and not known & (known - 1) and not known & playable and focus not in self.deferred:
            self.prompt_finesse(view, focus, known, giver)
        if focus == old_chop and note & save_mask(view, clue):
            return  # it may be a save
        if focus not in self.deferred:
            self.reverse_chain(view, focus, giver)
        # a giver who had to clue (The 5 Stall: "not allowed to discard") may be stalling: that is another
        # possibility, so no Self-Finesse (deal h31/209, 2 players, turn 32: at 8 tokens Bob clued 4 on my blue 4,
        # blue at 2, and I blind-played a green 1 as the blue 3)
        if not note & playable_through(view, self.queued(view, -1, giver=giver)) and self.good_touch(view, new) \
                and not self.forced_clue(view, giver):
            self.unexplained[focus] = (giver, max(o for h in view.hands for o in h))

    def reverse_chain(self, view: PlayerView, focus: int, giver: int) -> None:
        """Level 2, The Reverse Finesse: "Players in this situation need to check out everyone else's Finesse
        Position. If a card in someone's Finesse Position is playable and "connects" to the clue, then they should
        defer playing the clued card for at least one go-around and wait to see what happens. If a blind-play does
        happen, then it means that the clued card is the next card in the chain." My play clue's focus that cannot
        play now, nor through cards clued elsewhere, waits for the blind play of a playable card on the finesse
        position of a player after me (and before the giver) that it can be the next card of; if that card is
        blind-played, my card is that next card (deal h31/246, turn 2: number 2 on my white 2, Alice after me with
        the white 1 on her finesse position; she blind-played it and I never read my 2 as the white 2). A partner
        between the giver and me blind-plays before my turn: the Finesse (`BeginnerProxy._read_blind_play`)."""
        note = self.notes.get(focus, 0)
        if not note or note & playable_through(view, self.queued(view, -1, giver=giver)):
            return  # a direct or delayed play clue
        for step in range(1, (giver - view.seat) % view.players):
            p = (view.seat + step) % view.players
            fin = chop_finesse(view, p)
            card = view.visible.get(fin) if fin is not None else None
            if card is None or not view.is_playable(card):
                continue
            after = needed_after(view.variant, card)
            if after is None:
                continue
            # the card beside it may be blind-played next (a Double Finesse, `double_finesse`): my card may then be
            # the one after that (deal h31/181, turn 12: blue on my blue 4, Bob's blue 2 and blue 3 beside it; I
            # played my card as the blue 3 after his blue 2)
            beside = next((c for c in view.hands[p] if c < fin and not touched_before(view, c, last=False)), None)
            second = needed_after(view.variant, Card.from_identity(after)) \
                if beside is not None and view.visible[beside].identity == after else None
            if note & view.empathy(focus) & (bit(after) | (bit(second) if second is not None else 0)):
                self.deferred[focus] = (view.turn + view.players, note, fin)
                self.chained[focus] = after
                self.beside[focus] = beside
                return

    @staticmethod
    def good_touch(view: PlayerView, new: list[int]) -> bool:
        """Can the cards a clue newly touched in my hand all be useful, different cards (Good Touch Principle)?
        A clue that cannot is no play clue to read a Self-Finesse into: a 2 on two of my cards when the only 2 still
        useful is a green 2 whose other copy I see (deal h31/36, 2 players, a forced clue at 8 tokens)."""
        useful = [view.empathy(o) & ~view.trash_mask() for o in new]
        if not all(useful):
            return False
        union = 0
        for m in useful:
            union |= m
        left = view.remaining()
        return sum(left[i] for i in range(len(left)) if union & bit(i)) >= len(new)

    def prompt_finesse(self, view: PlayerView, focus: int, note: int, giver: int) -> None:
        """Level 2, The Prompt + Finesse: "Normally, Cathy would think she has a red 3. However, as she saw a red 3
        on Bob's finesse position at the moment of giving the clue, she waits a turn to give him a chance to play
        it" (Bob holds the clued red 2 the clue prompts and blind-plays the red 3 on his next turn). My play clue's
        focus, read as the one card `note` that plays once a partner's clued card does, waits while that partner's finesse
        position holds that very card: if it is blind-played, mine is the next one (deal h31/8, turn 14: blue on
        my blue 4 with Cathy's clued blue 2 and her blue 3 on slot 1; I played my card as the blue 3)."""
        card = Card.from_identity(note.bit_length() - 1)
        need = needed_before(view.variant, view.fireworks, card)
        after = needed_after(view.variant, card)
        if not need or after is None or not view.empathy(focus) & bit(after):
            return
        for p in range(view.players):
            fin = chop_finesse(view, p) if p not in (view.seat, giver) else None
            if fin is None or view.visible[fin].identity != card.identity:
                continue
            if any(touched_before(view, o, last=False) and view.visible[o].identity == need[-1] for o in view.hands[p]):
                self.deferred[focus] = (view.turn + 2 * view.players, self.notes[focus], fin)
                self.notes[focus] = note | bit(after)
                return

    def _read_prompt(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """A play clue to a partner that asks me for one card (`BeginnerProxy._read_prompt`), or for several
        (`several_asked`)."""
        marked = dict(self.marked)
        super()._read_prompt(view, clue, giver)
        if self.marked == marked:
            self.several_asked(view, clue, giver)

    def several_asked(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """Level 2, The Double Finesse: "it is possible to get a single player to blind-play 2 cards in a row ...
        since they see that the blind cards are not in anyone else's hands, they will blind-play two turns in a
        row, playing from left to right"; The Prompt + Finesse: "Bob knows he must have both red 2 and red 3 ... but
        he only has one clued red card in his hand. So this must be both a Prompt on him and a Finesse on him at
        the same time. Since Prompts take precedence over Finesses, he plays the clued red card first ... On his
        next turn, Bob blind-plays slot 2 as red 3 (His Finesse Position at the time of the clue was slot 1)"; and
        The Reverse Finesse when I play after the clued player. A play clue to a partner whose focus needs two or
        more cards nobody clued, none of which I see in anyone's hand, asks me for all of them, in order: each my
        leftmost clued card that can be it (a Prompt; after the first, the one that can be it once the card before
        it has played), else my next finesse position as it is now; each plays on a turn after the one before it
        has played (deal h31/269, turn 11: number 5 on Cathy's yellow 5 with yellow at 2, my yellow 3 and yellow 4
        on slots 1 and 2; I played neither). After a strike, or if the card before one misplays, the rest are no
        longer called (What to Do After a Strike)."""
        if giver == view.seat or clue.target == view.seat or self.five_stall(view, clue, giver) \
                or all(touched_before(view, o) for o in latest_touched(view, view.hands[clue.target])):
            return  # (a Tempo Clue on a card that cannot play: no page example asks for several cards so)
        asks = self.play_clue_asks(view, clue, giver, view.seat)
        if asks is None or len(asks[1]) < 2:
            return
        reading, missing = asks
        # what is in someone else's hand for this: a clued card (good touch: it is taken care of), or a card on a
        # partner's finesse position or next to it (a Finesse, a Double Finesse). A copy elsewhere in a hand is no
        # one's to play: its holder cannot know of it (deal s24x/34, level-3 bots, turn 11: 3 on Cathy's white 3,
        # white at 0, my white 1 and white 2 on my slots 1 and 2; her white 2 on her slot 3 kept me from both). Not
        # the giver's hand: they cannot see it, and a clued card of theirs they know is queued, not missing (deal
        # t40/404, turn 24: Cathy's green on Bob's green 3, green at 0; her clued 2, by number only, was the green 2,
        # and my finesse position the green 1, my clued 2 the other green 2; her 2 kept me from both, and Bob
        # played his green 3 as the green 1). A giver who had to clue (8 tokens, a locked hand) may have given the
        # least misleading clue they had, not a Finesse on me: their clued card still counts there (deal s24x/20,
        # level-3 stand-ins, turn 29: Bob, locked, clued 4 on Cathy's yellow 4, yellow at 0, my clued 3 the yellow
        # 3 and his 2-saved 2 the yellow 2; without it I blind-played slot 1 as the yellow 1)
        forced = self.forced_clue(view, giver)
        offered = 0
        for p, hand in enumerate(view.hands):
            if p == view.seat or p == giver and not forced:
                continue
            fin = chop_finesse(view, p) if p != giver else None
            beside = chop_finesse(view, p, frozenset({fin})) if fin is not None else None
            for o in hand:
                if o in (fin, beside) or touched_before(view, o, last=False):
                    offered |= bit(view.visible[o].identity)
        if any(offered & bit(m) for m in missing):
            return  # someone else may give one of them: not all of them on me
        used = set(self.marked)
        first, before = True, None
        for k, (prev, m) in enumerate(zip([None, *missing], missing, strict=False)):
            o = self.prompt_card(view, m, used, missing[k + 1:])
            if o is not None and not first:
                # which clued card it is I tell when the card before it has played: I may know more then (deal h31/102,
                # turn 6: red on Bob's red 4 asked me for the red 2 and red 3; my two 3s, the focus of a Self-Finesse
                # I had yet to take, were the red 3 and a white 3)
                self.later_prompts.append((prev, m, reading.focus, view.strikes))
                before = None
                continue
            kind = "prompt"
            if o is None:
                o, kind = chop_finesse(view, view.seat, frozenset(used)), "finesse"
            if o is None:
                return
            used.add(o)
            if prev is not None:
                self.after_card[o] = (prev, before, self.notes.get(o), view.strikes)
            self.notes[o] = bit(m)
            self.marked[o] = kind
            if kind == "prompt":
                self.prompted[o] = (m, reading.focus)
            first, before = False, o

    def still_called(self, view: PlayerView, identity: int) -> bool:
        """Is a card of mine still called to play as `identity` (marked, or a Prompt I take later)?"""
        return any(self.notes.get(o) == bit(identity) for o in self.marked if o in view.my_hand) \
            or any(m == identity for _, m, _, _ in self.later_prompts)

    def prompt_card(self, view: PlayerView, identity: int, used: set[int],
                    later: Sequence[int] = ()) -> int | None:
        """My clued card (not in `used`) that a Prompt for `identity` plays: one I know is it, else my leftmost
        that can be it; of those, one that leaves a clued card that can be each card asked `later` (The Double
        Prompt: "he knows that his two red cards must be a red 2 and a red 3 (in order from left-to-right)", and
        Prompts take precedence over Finesses: deal h31/92, turn 41: yellow on Cathy's yellow 3 asked me for the
        yellow 1 and 2; of my clued yellow cards, slot 5 could be the yellow 1 (or a saved yellow 4), not the
        yellow 2; I played slot 2 as the yellow 1 and marked my finesse position as the yellow 2)."""
        clued = [o for o in view.my_hand if touched_before(view, o, last=False) and o not in used]
        can = [o for o in clued if self.mask(view, o) & bit(identity)]
        can = [o for o in can if self.mask(view, o) == bit(identity)] + \
            [o for o in can if self.mask(view, o) != bit(identity)]
        if not can:
            return None

        def matched(ids: Sequence[int], cards: list[int]) -> int:
            """How many of `ids` distinct cards of `cards` can be, at most."""
            if not ids:
                return 0
            rest = matched(ids[1:], cards)
            for o in cards:
                if self.mask(view, o) & bit(ids[0]):
                    rest = max(rest, 1 + matched(ids[1:], [c for c in cards if c != o]))
            return rest

        left = {o: matched(later, [c for c in clued if c != o]) for o in can}
        return next(o for o in can if left[o] == max(left.values()))

    def double_finesse(self, view: PlayerView, o: int, fin: int) -> None:
        """Level 2, The Double Finesse: "she sees that when the clue happened, there was a red 2 next to the red 1.
        Thus, Cathy discards, giving Bob a chance to blind-play the red 2": the Reverse Finesse I waited for came
        (`fin` played); if the card beside it then is the next card, I wait again for its blind play (deal h31/108,
        turn 15: blue on my blue 3, Bob's blue 1 and blue 2 on slots 1 and 2; after his blue 1 I played my card as
        the blue 2)."""
        beside = self.beside.pop(o, None)
        nxt = needed_after(view.variant, view.visible[fin])
        if beside is None or nxt is None or not any(beside in h for h in view.hands) \
                or view.visible[beside].identity != nxt:
            return
        after = needed_after(view.variant, Card.from_identity(nxt))
        if after is not None and view.empathy(o) & bit(after):
            self.deferred[o] = (view.turn + view.players, bit(nxt), beside)
            self.notes[o] = bit(nxt) | bit(after)

    def self_finesse(self, view: PlayerView) -> None:
        """Level 2, The Self-Finesse: "Alice clues number 3 to Cathy, touching one 3 on slot 2. Bob discards. Cathy
        knows that this was a Play Clue on the 3, but there are no 3's that are directly playable. Thus, someone
        must have the connecting 2. Since Bob discarded, Cathy must be the one who has the connecting 2. Thus,
        Cathy plays her Finesse Position card as any 2", but "the player receiving the clue will only consider the
        possibility of a Self-Finesse if there are no other possibilities for the clue": not when the focus may play
        now or through cards clued (a direct or delayed play clue, a Finesse's blind play seen), nor when a
        partner's clued card or finesse position holds a card it needs (a Prompt, a Finesse or a Reverse Finesse on
        them). At my first turn after such a clue I blind-play my finesse position as any card one away from the
        focus's identities; when it plays, the focus is the card it connects to (deal h31/21, turn 26: number 3 on
        my white 3, white 1 played and no white 2 in sight; I waited and later blind-played a wrong card)."""
        for fin, focus in list(self.self_finessed.items()):
            if fin in view.hands[view.seat]:
                continue
            del self.self_finessed[fin]
            if fin in view.played and focus in self.notes:
                suit = view.visible[fin].suit
                same = sum(bit(i) for i in range(len(view.variant.copies)) if Card.from_identity(i).suit == suit)
                self.notes[focus] = self.notes[focus] & same or self.notes[focus]
        unexplained, self.unexplained = self.unexplained, {}
        for focus, (giver, newest) in unexplained.items():
            if focus not in view.hands[view.seat]:
                continue
            queued = self.queued(view, -1, giver=giver)
            m = self.mask(view, focus)
            if m & playable_through(view, queued):
                # a blind play or a card called explained it; one called in my hand since (a Finesse or Prompt on
                # me), it is the card that plays after it (deal h31/102, turn 7: number 3 on my red 3, then red on
                # Bob's red 4 called my red 2; I blind-played it, kept my 3 as any 3 and played my other 3 as the
                # red 3), unless a Double Finesse's second blind play may still come (`double_finesse`)
                called = 0
                for o in self.marked:
                    called |= self.notes.get(o, 0) if o in view.my_hand else 0
                after = m & playable_through(view, called)
                if after and focus in self.notes and focus not in self.deferred:
                    self.notes[focus] = after
                continue
            others = [p for p in range(view.players) if p not in (view.seat, giver)]
            # what a partner may give: a clued card, or a blind play from the finesse position at the clue (a card
            # drawn since is on none) or from the card beside it (a Double Finesse)
            offered = 0
            for p in others:
                newer = frozenset(o for o in view.hands[p] if o > newest)
                fin = chop_finesse(view, p, newer)
                beside = chop_finesse(view, p, newer | {fin}) if fin is not None else None
                for o in view.hands[p]:
                    if o in (fin, beside) or touched_before(view, o, last=False):
                        offered |= bit(view.visible[o].identity)
            for o in view.hands[view.seat]:
                if o != focus and touched_before(view, o, last=False):
                    offered |= self.mask(view, o)  # a card of mine already clued may be one it needs
            firsts, explained = 0, False
            for i in range(len(view.variant.copies)):
                if not m & bit(i):
                    continue
                need = [n for n in needed_before(view.variant, view.fireworks, Card.from_identity(i)) or []
                        if not queued & bit(n)]
                # a Finesse, Reverse Finesse or Prompt on a partner, if they may give every card it needs (deal
                # s24x/155, turn 14: number 4 on my red 4 with red at 2; Alice's blue 2 on her finesse position
                # could not make it a blue 4, nobody could give the blue 3, and I never took the Self-Finesse)
                explained |= all(offered & bit(n) for n in need)
                if len(need) == 1:
                    firsts |= bit(need[0])
            if not firsts or explained:
                continue
            fin = chop_finesse(view, view.seat, frozenset(self.marked))
            if fin is None:
                continue
            self.notes[fin] = firsts
            self.marked[fin] = "finesse"
            self.self_finessed[fin] = focus

    def decide(self, view: PlayerView) -> Decision:
        self._sync(view)
        self.self_finesse(view)
        return super().decide(view)

    def _read_blind_play(self, view: PlayerView, play: Play, player: int) -> None:
        """Level 2, the Double Finesse: "Cathy would normally think that she has red 2 ... However, she sees that
        when the clue happened, there was a red 2 next to the red 1. Thus, Cathy discards, giving Bob a chance to
        blind-play the red 2. If he does not blind-play it, then it was a normal Finesse and she has red 2. If he
        does blind-play it, then it was a Double Finesse and she has red 3." A blind play that connects to a play
        clue's focus of mine (the Finesse, `BeginnerProxy._read_blind_play`), when the card after it was, at the
        clue, next to it in that player's hand or on the finesse position of a player after them and before me (the
        page's first example: "Bob plays red 2 ... Cathy plays red 3 ... Donald plays red 4"), makes me wait a
        go-around for that card's blind play: if it comes, my card is the card after it."""
        awaiting = dict(self.awaiting)
        blind = play.card in view.played and play.card not in self.clued
        for o, (_, _, fin) in self.deferred.items():
            beside = self.beside.get(o)
            if fin == play.card and blind and o in self.chained and (
                    beside is None or view.visible[beside].identity != self.chained[o]):
                # the Reverse Finesse came (`reverse_chain`), and no Double Finesse's second blind play may follow
                self.notes[o] = bit(self.chained.pop(o))
        super()._read_blind_play(view, play, player)
        if not blind:
            return
        nxt = needed_after(view.variant, view.visible[play.card])
        if nxt is None:
            return
        # the card next to the one played (an older card, so a lower order), then the later players' finesse
        # positions; none of them has acted since the clue
        beside = next((o for o in view.hands[player] if o < play.card and not touched_before(view, o, last=False)),
                      None)
        for o, giver in sorted(awaiting.items()):
            note = self.notes.get(o, 0)
            if (o not in view.my_hand or not note & bit(nxt)
                    or not 0 < (player - giver) % view.players < (view.seat - giver) % view.players):
                continue
            later = [(player + k) % view.players for k in range(1, (view.seat - player) % view.players)]
            for fin in [beside, *(chop_finesse(view, q) for q in later)]:
                if fin is None or view.visible[fin].identity != nxt:
                    continue
                after = needed_after(view.variant, Card.from_identity(nxt))
                if after is not None and view.empathy(o) & bit(after):
                    self.deferred[o] = (view.turn + view.players, note, fin)
                    self.notes[o] = note | bit(after)
                break

    def stomps(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """Level 2, Stomping on a Finesse: "a player clues a card directly that was going to be blind-played from a
        Finesse ... essentially wastes a clue for the team". I give no clue that touches a card I wait to see
        blind-played (a Reverse Finesse's or a Double Finesse's)."""
        waited = {fin for _, _, fin in self.deferred.values()}
        return any(o in waited for o in view.touched(clue))

    def awaited(self, view: PlayerView) -> int:
        """Identities of the partners' cards I wait to see blind-played: a Reverse Finesse's or a Double Finesse's
        (`deferred`), and a Double Finesse's second card beside the first (`beside`). Good Touch Principle: a card
        a finesse has called is as good as clued, a clue on its other copy touches a duplicate (deal h31/181, turn
        13: waiting for Bob's blue 2 and blue 3 for my blue 4, I clued 2 on Cathy's blue 2)."""
        mask = 0
        for o, (_, _, fin) in self.deferred.items():
            card = view.visible.get(fin)
            if card is None or not any(fin in h for h in view.hands):
                continue  # played (then it is trash) or discarded
            mask |= bit(card.identity)
            beside = self.beside.get(o)
            if beside is not None and beside in view.visible and \
                    view.visible[beside].identity == needed_after(view.variant, card):
                mask |= bit(view.visible[beside].identity)
        return mask

    def five_stall_clue(self, view: PlayerView, clues: list[ColourClue | RankClue]) -> Decision | None:
        """The Early Game page, The 5 Stall: "in the Early Game, you are allowed to clue number 5 as a Save Clue to
        off chop 5's. Doing this is just interpreted as a "stall" clue", and "you might see someone do a 5 Stall in
        the Mid-Game if they are in a special situation where they are not allowed to discard": number 5 on a new
        5 off a partner's chop, touching no trash, when I must clue (this is only asked when I must)."""
        for c in clues:
            if not isinstance(c, RankClue) or c.rank != 5 or not self.touches_no_trash(view, c):
                continue
            new = [o for o in view.touched(c) if not touched_before(view, o, last=False)]
            if not new or chop(view, c.target) in new or self.misleads(view, c):
                continue
            slot = view.hands[c.target].index(new[0]) + 1
            return Decision(c, f"5 Stall: number 5 to {view.names[c.target]} (slot {slot}, off the chop; nothing to "
                               "play, save or discard)")
        return None

    def misread(self, view: PlayerView, clue: ColourClue | RankClue, through: bool = False) -> bool:
        """The beginner's check (`BeginnerProxy.misread`), but a 5 clue my partners read as a 5 Stall (level 2, The
        5 Stall: "just interpreted as a "stall" clue", in the Mid-Game when the giver is "not allowed to discard")
        asks them to play nothing (deal t40/470, 2 players, turn 31, 8 clues: number 5 on the bot's new yellow 5,
        dead, green at 4, which it read as a stall; I feared it would play it as the green 5 and gave number 4 on
        its blue 4 instead, which it played as the white 4)."""
        return not self.five_stall(after_clue(view, clue), clue, view.seat) and super().misread(view, clue, through)

    def misleads(self, view: PlayerView, clue: ColourClue | RankClue) -> bool:
        """The beginner's check (`BeginnerProxy.misleads`), and what level 2 teaches its readers: a play clue on a
        card that needs cards nobody has clued is a Double (or Triple) Finesse, or with one card missing and
        nobody else able to give it, a Self-Finesse on the receiver. My partners read at level 2 at least as I do:
        a clue whose focus is read as a play clue on a card that needs two or more cards not clued elsewhere, or
        one that no partner is asked for (by the beginner's reading) and that is on no partner's finesse
        position, makes someone blind-play a wrong card (deal h31/204, turn 1: number 4 on the white 4 on Cathy's
        chop, white 1 to 3 missing, made Bob blind-play a blue 5). A save (a 5, 2 or critical card on the chop
        with a clue that can save it) and a 5 Stall ask for nothing."""
        if super().misleads(view, clue):
            return True
        target = clue.target
        after = after_clue(view, clue)
        asks = self.play_clue_asks(after, clue, view.seat, target)
        if asks is None:
            return False
        reading, missing = asks
        if self.five_stall(after, clue, view.seat):
            # a 5 Stall saves, asks for nothing. A new 5 off the chop in the Mid-Game from a giver free to discard is
            # a play clue (deal s24x/266, turn 48: I clued 5 on Alice's red 5 off her chop, red at 2; Bob's leftmost
            # clued red card, a red 4, took the Prompt for the red 3). A 5 clue that touches no new card is a Tempo
            # Clue, a play clue on its leftmost 5 (deal s24x/257, turn 13: forced to clue, I re-touched Bob's known
            # white 5 with white 2 to 4 missing, and Cathy blind-played a blue 3 for it)
            return False
        if self.prompt_lands_wrong(after, reading.focus, target):
            return True
        if not missing:
            return False
        if len(missing) > 1:
            return True
        if any(self.prompt_reading(after, clue, view.seat, p) is not None
               for p in range(view.players) if p not in (view.seat, target)):
            return False  # the beginner's reading asks someone for it, and `BeginnerProxy.misleads` checked it
        for p in range(view.players):
            fin = chop_finesse(after, p) if p != view.seat else None
            if fin is not None and after.visible[fin].identity == missing[0]:
                return False  # a Finesse, Reverse Finesse or Self-Finesse on the right card
        return True

    def prompt_lands_wrong(self, view: PlayerView, focus: int, target: int) -> bool:
        """Would my play clue on `focus` (`view` after it) make a partner take a Prompt on a clued card that is not
        the card it waits for? The Prompt page: "It is the responsibility of the player giving the clue to ensure
        that all those previous cards will play successfully"; level 2, The Double Prompt: each card the focus
        needs is, in order, the leftmost clued card that can be it, of the first player after me who holds one (the
        receiver's own last), as its holder can tell from the clues; not a card its holder plays anyway, nor one in
        a hand whose holder sees a clued copy of it elsewhere (good touch). A prompted card that plays as another
        card hands the prompt on to its holder's next one. My own cards, which I cannot see, are never prompted by
        my clue (deal s24x/217, turn 18: 4 on Alice's red 4, Bob's clued red 2 and his two clued 3s, the left one a blue
        3: his prompt for the red 3 took the blue 3)."""
        card = view.visible[focus]
        need = needed_before(view.variant, view.fireworks, card) or []
        playable = view.playable_mask()
        seats = [(view.seat + k) % view.players for k in range(1, view.players)]
        seats = [p for p in seats if p != target] + [target]
        # what each holder can tell of their clued card: the clues, or the one card a play clue told them it is
        clued = {o: bit(self.convention[o]) if o in self.convention else view.holder_empathy(o)
                 for p in seats for o in view.hands[p] if o != focus and touched_before(view, o, last=False)}
        clued = {o: m for o, m in clued.items() if m & ~playable}  # one its holder plays anyway is no prompt
        used: set[int] = set()
        played = 0
        for x in need:
            while True:
                holder = next((p for p in seats for o in view.hands[p] if o in clued and o not in used
                               and clued[o] & bit(x) and not Level2Proxy.copy_seen(view, p, x)), None)
                if holder is None:
                    break  # no clued card can be it: a Finesse, if anything (`misleads`)
                o = next(o for o in view.hands[holder] if o in clued and o not in used and clued[o] & bit(x))
                used.add(o)
                seen = view.visible[o]
                if seen.identity == x:
                    break
                if not view.is_playable(seen) or played & bit(seen.identity):
                    return True  # the prompted card is not the one it waits for, and does not play
                played |= bit(seen.identity)
            played |= bit(x)
        return False

    @staticmethod
    def copy_seen(view: PlayerView, holder: int, x: int) -> bool:
        """Does `holder` see a clued card `x` in another hand (one I see: good touch, not a copy of it)?"""
        return any(view.visible[o].identity == x for p, h in enumerate(view.hands) if p not in (holder, view.seat)
                   for o in h if touched_before(view, o, last=False))

    def prompt_reading(self, view: PlayerView, clue: ColourClue | RankClue, giver: int,
                       reader: int) -> Asked | None:
        """The beginner's reading (`BeginnerProxy.prompt_reading`), and level 2's Reverse Finesse on the reader: "If
        you give a Finesse clue to someone who gets to have a turn before the blind-play occurs, it is called a
        Reverse Finesse"; the clued player waits ("he has to give a chance for Cathy to prove whether or not a
        Reverse Finesse is happening"), so a reader after the clued player whose missing card nobody else holds on
        a finesse position, nor may hold clued, blind-plays their finesse position (deals h31/282 and h31/294, turn
        3: the stand-in, as Cathy, discarded; Bob, seeing no blind play, played his red 2 as the red 1). A 5 Stall to
        a partner asks nobody for a card (The 5 Stall: "Doing this is just interpreted as a "stall" clue")."""
        if self.five_stall(view, clue, giver):
            return None
        asked = super().prompt_reading(view, clue, giver, reader)
        target = clue.target
        if asked is not None or reader in (giver, target):
            return asked
        if 0 < (reader - giver) % view.players < (target - giver) % view.players:
            return None  # before the clued player: the beginner's Finesse, which found nothing
        asks = self.play_clue_asks(view, clue, giver, reader)
        if asks is None or len(asks[1]) != 1:
            return None
        reading, (m,) = asks
        for p in range(view.players):
            if p in (reader, giver):
                continue
            fin = chop_finesse(view, p)
            if fin is not None and view.visible[fin].identity == m:
                return None  # on another player's finesse position (theirs to blind-play, the clued one's own too)
            # a card clued before this clue there may be it: a Prompt on them, not a Finesse on me (the cards this
            # clue touches besides its focus are no Prompt: deals s24x/170 and s24x/297, white on Bob's white 2 and 4)
            if any(touched_before(view, o, last=p == target) and view.holder_empathy(o) & bit(m)
                   for o in view.hands[p] if o != reading.focus):
                return None
        fin = chop_finesse(view, reader, frozenset(self.marked if reader == view.seat else {}))
        return None if fin is None else Asked("finesse", fin, m, reading.focus)

    @staticmethod
    def forced_clue(view: PlayerView, giver: int) -> bool:
        """Did `giver` have to clue (8 clue tokens before their clue, `view` after it, or every card of theirs
        clued: the 5 Stall page's "not allowed to discard")?"""
        return view.clue_tokens + 1 >= MAX_CLUE_TOKENS or all(
            view.clue_history[o] and any(hit for _, _, hit in view.clue_history[o]) for o in view.hands[giver])

    @staticmethod
    def five_stall(view: PlayerView, clue: ColourClue | RankClue, giver: int) -> bool:
        """The level 2 page's 5 Stall, read as a person does: a 5 clue off my chop in the Early Game (nobody has
        discarded yet), or from a giver who could not discard (8 clue tokens before the clue, or every card of
        theirs clued: the page's Mid-Game 5 Stall), to me or to a partner. `view` is the state after the clue."""
        if not (isinstance(clue, RankClue) and clue.rank == 5):
            return False
        hand = view.hands[clue.target]
        new = [o for o in latest_touched(view, hand) if not touched_before(view, o)]
        old_chop = next((o for o in reversed(hand) if not touched_before(view, o)), None)
        if not new or old_chop in new:
            return False  # on the chop it is a 5 Save
        early = not any(isinstance(a, Discard) for a in view.history)
        return early or Level2Proxy.forced_clue(view, giver)

    def play(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        for o, (until, note, fin) in list(self.deferred.items()):
            if o not in view.my_hand:
                del self.deferred[o]
            elif fin in view.played:
                del self.deferred[o]  # the blind play came: my card is the next one
                if o in self.chained:
                    self.notes[o] = bit(self.chained.pop(o))
                self.double_finesse(view, o, fin)
            elif view.turn >= until or all(fin not in h for h in view.hands):
                del self.deferred[o]  # no blind play: my card is the one it could have been
                self.notes[o] = note
        self.chained = {o: i for o, i in self.chained.items() if o in self.deferred}
        waiting = {o for o in self.deferred}
        played = played_mask(view)
        # What to Do After a Strike: the calls still to come are off
        self.later_prompts = [c for c in self.later_prompts if c[3] == view.strikes]
        for entry in list(self.later_prompts):
            prev, m, focus, _ = entry
            if played & bit(prev):
                self.later_prompts.remove(entry)
                o = self.prompt_card(view, m, set(self.marked))
                if o is not None:
                    self.notes[o], self.marked[o], self.prompted[o] = bit(m), "prompt", (m, focus)
            elif not self.still_called(view, prev):
                self.later_prompts.remove(entry)
        for o, (prev, before, note, strikes) in list(self.after_card.items()):
            if o not in view.my_hand or o not in self.marked:
                del self.after_card[o]
                continue
            if strikes == view.strikes:
                # the card before it has played: it plays now, whoever's copy played it (deal t40/22, turn 18: red on
                # Bob's red 4 asked me for the red 2, my clued 2, then the red 3, my finesse position; Cathy played
                # her own clued red 2, and I waited on my 2 for good)
                if before in view.played or played & bit(prev):
                    del self.after_card[o]
                    continue
                if before in view.my_hand if before is not None else self.still_called(view, prev):
                    waiting.add(o)  # it plays after the card called before it
                    continue
            # a strike, or the card before it misplayed or was not played: the call is off
            del self.after_card[o]
            del self.marked[o]
            self.prompted.pop(o, None)
            if note is None:
                self.notes.pop(o, None)
            else:
                self.notes[o] = note
        decision = super().play(view, legal - {Play(o) for o in waiting})
        return decision


def needed_after(variant: Variant, card: Card) -> int | None:
    """The identity that plays right after `card` on its firework, or None after its last card."""
    suit = variant.suits[card.suit]
    nxt = card.rank - 1 if suit.descending else card.rank + 1
    return card.suit * 5 + nxt - 1 if 1 <= nxt <= 5 else None
