"""The conventions bot's model of the table: card notes (what the clues mean) and the public board masks.

Every seat keeps the same card notes for every card: a mask of identities per card (its "convention mask")
narrowed from the clue's focus, the blind-play calls (finesses) and what a clue's receiver privately reads.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace

from hanabi_desktop.engine import Action, Card, ColourClue, Discard, Play, PlayerView, RankClue
from hanabi_desktop.engine.cards import identities_in, identity_of
from hanabi_desktop.engine.masks import clue_mask


@dataclass
class Board:
    """Public facts of one moment as masks of identities: trash, playable now, playable after queued cards."""

    trash: int
    playable: int
    critical: int
    reachable: int  # playable now or once the cards already called in hands are played
    queued: int = 0  # identities of called cards everyone knows exactly


# Bots ask these thousands of times a turn about the same view, so each thread keeps its last view's answer.
# Per thread: the bots' worker, the hint thread and the review thread read views at the same time.
class _LastView(threading.local):
    """One thread's last view asked about, with its answers (a fresh pair in each thread)."""

    def __init__(self) -> None:
        self.gone: tuple[PlayerView | None, int] = (None, 0)
        self.touched: tuple[PlayerView | None, frozenset[int]] = (None, frozenset())


_last = _LastView()


def public_gone(view: PlayerView) -> int:
    """Identities of which every copy is played or discarded."""
    cached = _last.gone
    if cached[0] is not view:
        gone = 0
        for i, n in enumerate(view.public_remaining()):
            if n <= 0:
                gone |= 1 << i
        cached = _last.gone = (view, gone)
    return cached[1]


def public_narrowed(view: PlayerView, mask: int) -> int:
    """`mask` without the identities every copy of which is played or discarded (`knowledge.narrowed` with
    the public counts)."""
    return mask & ~public_gone(view)


def card_bit(card: Card) -> int:
    """The knowledge bit of a card identity."""
    return 1 << card.identity


def touched(view: PlayerView, order: int) -> bool:
    """Has any clue touched this card?"""
    cached = _last.touched
    if cached[0] is not view:
        hit = frozenset(o for o, h in view.clue_history.items() if any(hit for _, _, hit in h))
        cached = _last.touched = (view, hit)
    return order in cached[1]


def early_game(view: PlayerView) -> bool:
    """The Early Game: nobody has discarded yet."""
    return not any(isinstance(a, Discard) for a in view.history)


def knowledge_before_last_clue(view: PlayerView, hand: tuple[int, ...]) -> dict[int, int]:
    """Everyone's clue knowledge with the cards of `hand` as they were before the latest clue to that hand."""
    prior = dict(view.knowledge)
    for o in hand:
        m = view.variant.all_mask
        for _turn, c, hit in view.clue_history[o][:-1]:
            m = m & clue_mask(view.variant, c) if hit else m & ~clue_mask(view.variant, c)
        prior[o] = m
    return prior


def between(view: PlayerView, giver: int, target: int) -> list[int]:
    """Seats after the giver and before the target, in turn order."""
    out = []
    s = (giver + 1) % view.players
    while s != target and s != giver:
        out.append(s)
        s = (s + 1) % view.players
    return out


@dataclass
class Notes:
    """Card notes every seat keeps alike (as far as it can tell): card order -> identity mask."""

    conv: dict[int, int] = field(default_factory=dict)  # what the clues on a card mean by convention
    finessed: dict[int, int] = field(default_factory=dict)  # blind-called cards -> identity they were called as
    finesse_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # blind-called -> (seat, identity) it leads to
    prompt_for: dict[int, tuple[int, int]] = field(default_factory=dict)  # prompted clued card -> (seat, identity)
    private: dict[int, int] = field(default_factory=dict)  # what its holder reads a clue as, seeing the other hands
    # identities a card cannot be by good touch: a clued or called card played as X means no other one is an X
    excluded: dict[int, int] = field(default_factory=dict)
    level: int = 1  # the H-group level whose conventions these notes follow (0: the beginner's guide)
    # blind-called card -> (its holder, the clue's focus, the focus's reading if the holder does not blind-play)
    fallback: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    # blind-called card on a clue receiver's finesse position -> my finesse position, which takes the call if the
    # receiver's turn passes without the blind play (the receiver saw the card on mine: a Reverse Finesse, level 2)
    hand_over: dict[int, int] = field(default_factory=dict)
    # self-finessed card -> (the clue's focus, {identity the blind card may be: the focus's identity then})
    links: dict[int, tuple[int, dict[int, int]]] = field(default_factory=dict)
    tentative: frozenset[int] = frozenset()  # blind plays expected without seeing the clue's focus
    # prompted card -> its holder's finesse position when the prompt was given (level 2, the Wrong Prompt)
    wrong_prompt_fp: dict[int, int] = field(default_factory=dict)
    expected_misplays: frozenset[int] = frozenset()  # clued cards a wrong prompt will make misplay, as we see
    bad: frozenset[int] = frozenset()  # level 3: cards a fix clue stopped (never played; discarded first)
    # givers a clue of whom read as a self-finesse (or as a finesse, given when they had to clue) made a blind
    # play misplay: not read so again (defensive; the finesse only in a clue they have to give)
    no_self_finesse: frozenset[int] = frozenset()
    # a card a clue touched besides its focus -> that focus: good touch from the focus holds between them
    focus_of: dict[int, int] = field(default_factory=dict)
    # prompted card -> its holder's next clued cards that may be the prompted card, left to right: if it plays
    # as another card, the prompt goes on to the next of them (the Prompt, beginner's guide)
    prompt_next: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # a clue's focus -> its giver, when only a self-finesse or self-prompt explained it and that giver is in
    # `no_self_finesse`: not read so (its receiver says why while it holds the card)
    unread_self: dict[int, int] = field(default_factory=dict)
    # a card a finesse in a forced clue would have called -> (its giver, the clue's focus), that giver's forced
    # clue having made a finesse misplay before (`no_self_finesse`): not read so (its holder says why)
    unread_finesse: dict[int, tuple[int, int]] = field(default_factory=dict)
    # blind-called cards whose holder let one turn pass while we saw it hold the called card: a person may take a
    # finesse a turn late, so the focus falls back only at the holder's second turn without the blind play
    waited: frozenset[int] = frozenset()
    # my cards a defensive reading widened (`Wariness.widened`) -> what that reading no longer trusts them to be
    # (a mask to narrow them by): what the conventions, and so every giver, read them as
    trusted: dict[int, int] = field(default_factory=dict)
    # a 2 Saved card -> {identity of a 2 the Visible Rule kept it off: the card whose copy we saw then}; the player
    # holding that copy cannot see it, so to them the saved 2 may still be it (`reading.unseen_visible_rule`)
    kept_off: dict[int, dict[int, int]] = field(default_factory=dict)

    def copy(self) -> Notes:
        """An independent copy (the notes as they would be after a clue that was not given)."""
        # every dict field copied (the frozensets and the level are values already)
        return replace(self, **{f.name: dict(getattr(self, f.name)) for f in fields(self)
                                if isinstance(getattr(self, f.name), dict)})

    def forget(self, in_hands: set[int]) -> None:
        """Drop the notes of cards that left every hand."""
        for d in (self.conv, self.finessed, self.private, self.finesse_for, self.prompt_for, self.excluded,
                  self.fallback, self.links, self.wrong_prompt_fp, self.focus_of, self.prompt_next, self.unread_self,
                  self.unread_finesse, self.trusted, self.kept_off):
            for o in [o for o in d if o not in in_hands]:
                del d[o]
        # a self-finesse whose focus left the hand first (discarded, misplayed) calls its card no more (deal
        # s24x/254: Cathy kept her stale blind call as a blue 2 and gave a delayed play clue through it)
        for o in [o for o, (focus, _) in self.links.items() if focus not in in_hands]:
            for d in (self.links, self.finessed, self.finesse_for, self.fallback):
                d.pop(o, None)
        self.hand_over = {o: m for o, m in self.hand_over.items() if o in self.finessed and m in in_hands}
        self.expected_misplays = self.expected_misplays & in_hands
        self.bad = self.bad & in_hands
        self.waited = self.waited & in_hands

    def blind_played(self, order: int, identity: int) -> None:
        """A card played as `identity`. Self-finessed or self-prompted: the clue's focus is the card right after
        it. Prompted as another card: the prompt goes on to the holder's next clued card that may be that one
        (Bob's three 3s prompted as the red 3: the leftmost was the blue 3, so the next one is the red 3)."""
        focus, cands = self.links.get(order, (None, {}))
        if focus is not None and identity in cands:
            self.conv[focus] = self.private[focus] = 1 << cands[identity]
        # a clue's focus played as another card than the one a blind call was for: nothing waits for that call.
        # Deal final7/224 t7-26, level 3, 5 players: Bob's 3 on my red 3 was to me maybe the green 3, calling
        # Donald's chop as the green 2; I played my 3 as the red 3 and kept his chop called, so Emily's save on it
        # was to me a play clue on his green 3 through my finesse position, and I struck. (Not a focus discarded:
        # a Sarcastic Discard passes its identity on, and the call stands, deal h31/72 t18-21)
        for o in [o for o, (_, f, _) in self.fallback.items()
                  if f == order and o in self.finesse_for and self.finesse_for[o][1] != identity]:
            for d in (self.finessed, self.finesse_for, self.fallback, self.hand_over):
                d.pop(o, None)
            self.tentative = self.tentative - {o}
            self.waited = self.waited - {o}
        wanted = self.conv.get(order, 0)
        if order in self.prompt_for and wanted and not wanted & (wanted - 1) and wanted != 1 << identity:
            nxt = next((o for o in self.prompt_next.get(order, ()) if o not in self.prompt_for), None)
            if nxt is not None:
                self.prompt_goes_on(order, nxt, wanted)

    def prompt_goes_on(self, prompted: int, nxt: int, wanted: int) -> None:
        """The prompt on card `prompted` (for identity mask `wanted`) goes on to its holder's next clued card `nxt`
        that may be it, with the candidates still after that one."""
        self.conv[nxt] = self.private[nxt] = wanted
        self.prompt_for[nxt] = self.prompt_for[prompted]
        self.prompt_next[nxt] = tuple(o for o in self.prompt_next[prompted] if o != nxt)

    def unfinessed(self, actor: int, action: Action, called_play: bool, idle_discard: bool,
                   view: PlayerView) -> None:
        """`actor` took a turn without the blind play it was finessed for: the finesse did not happen, so the
        focus falls back to its reading without it (the guide: the clued card is then the other copy). A turn
        spent playing another called card (the first of two blind plays, a prompt first) is not such a turn.
        Nor is the first such turn of a holder `view` sees holding the very card called: a person may take a
        finesse a turn late, so we wait one more turn of theirs (deal s24x/129 t8-10, level 3: Cathy's white 2
        called for Alice's white 3; Cathy played another card first, and Alice's white 3 misplayed as the white 2)."""
        if called_play:
            return
        # nor a turn at which the called card could not play yet: a card it waits for is still to come, or was
        # played this very turn (deal s24x/194 t20-25, level 2: red to Alice's red 4 through Cathy's clued 2, the
        # red 2 she plays anyway, and her red 3 on her finesse position; she played the red 2 first, and Alice,
        # reading the finesse as not taken, played her red 4 as the red 3)
        ready = ready_before(view, action)
        for o, instead in list(self.hand_over.items()):
            # a receiver who saw the card on my finesse position waits for me (a Reverse Finesse): its turn passed
            # without the blind play, so the call is mine (after an idle discard at once; after something urgent, at
            # its second such turn, as a late blind play waits below)
            if o not in view.hands[actor] or not self.finessed.get(o, 0) & ready:
                continue
            if not idle_discard and o not in self.waited:
                self.waited |= {o}
                continue
            self.finessed[instead] = self.finessed.pop(o)
            if o in self.finesse_for:
                self.finesse_for[instead] = self.finesse_for.pop(o)
            for d in (self.fallback, self.links, self.hand_over):
                d.pop(o, None)
            self.waited = self.waited - {o}
            self.tentative = self.tentative - {o}
        mine = [o for o, (holder, _, _) in self.fallback.items()
                if holder == actor and self.finessed.get(o, 0) & ready]
        # (not a holder who just clued a card that may be the card called: they look for it elsewhere; deal
        # s24x/239 t31-34, level 2: Cathy, called for her white 3, clued Alice's white 3 with 3)
        wanted = 0
        for o in mine:
            wanted |= self.finessed.get(o, 0)
        hit = [q for q in view.hands[action.target] if view.clue_history[q] and view.clue_history[q][-1][2]] \
            if isinstance(action, ColourClue | RankClue) else []
        # (nor an idle discard, of a card no clue or call had given a job, or of trash: nothing more urgent than the
        # blind play came first, so the holder declined; the guide: "if Bob discarded instead of blind-played,
        # Cathy would go on to think that she had the red 3" (hanabi.github.io, beginner, The Finesse). The one-turn
        # wait is for a turn spent on something urgent, and a Sarcastic Discard of a clued card is one: deal h31/273
        # t31, level 3, Alice finessed for the yellow 1 first discarded her prompted yellow 2 sarcastically. The
        # lead's 3-player game, runs/s35/play, t29-t37: Bob's white called Ann's white 1 for Cat's white 2, and to
        # Cat Ann's white 2 and 3 behind it for a white 4; Ann played the 1 and discarded her chop, and Cat kept
        # "white 2 or white 4" two more turns)
        if not idle_discard and not any(view.knowledge[q] & wanted for q in hit) and any(
                o not in self.waited and self.holds_called(view, o) for o in mine):
            self.waited |= set(mine)
            return
        fallen: set[int] = set()
        for o, (holder, focus, direct) in list(self.fallback.items()):
            if holder != actor or o not in mine:
                continue
            del self.fallback[o]
            self.waited = self.waited - {o}
            self.finessed.pop(o, None)
            self.finesse_for.pop(o, None)
            if focus not in fallen:  # two calls of one clue missed at once: the first (kept first) did not come,
                # so neither did the later one; the focus reads as it does without the first (deal h31/215 t16:
                # red to Cathy, Alice's red 1 and red 3 called for a red 4; Alice played neither, so the focus
                # is the red 1, not the red 3 the second call's fallback says)
                self.private[focus] = direct
                fallen.add(focus)

    def holds_called(self, view: PlayerView, order: int) -> bool:
        """Is the blind-called card `order` the card it was called as, as far as `view` can tell? A card we see
        is checked; our own is: we were called for it, and a turn we spent on something more urgent (a Fix Clue,
        a save) refused nothing (deal s24x/121 t17-22, level 3: Cathy, finessed for her green 1, gave a Fix Clue
        first, then dropped her own call and played her yellow 3; Alice took the finesse as not there and played
        her green 2 as the green 1)."""
        c = view.card(order)
        if c is None:
            return order in view.my_hand
        return bool((1 << c.identity) & self.finessed.get(order, 0))

    def after_strike(self, view: PlayerView, card: int, recent: list[tuple[int | None, frozenset[int]]]) -> None:
        """After a strike (every level; taught at level 2): `card` (clued or called) misplayed. From level 2, if
        a clue had prompted it and its holder has a next clued card that may be the prompted card, the prompt goes
        on to that one; if none, it was a Wrong Prompt: the giver meant the finesse position of its holder at that
        clue, which now blind-plays as the prompted card. Otherwise the information of the clues it answered resets: their focus and the cards
        they called go back to what the clues literally say (one mistake, one strike). So do the cards a clue
        touched beside `card` when `card` was its focus: good touch from the focus read them as not the card the
        focus was read as, and the strike shows that reading was wrong (deal h31/162: the yellow focus read as
        the yellow 3 was the yellow 2, so the other yellow card may be the yellow 3 after all)."""
        if card in self.expected_misplays:
            return  # we saw the wrong prompt coming: the finesse behind it stands
        fp = self.wrong_prompt_fp.get(card)
        wanted = self.conv.get(card, 0)
        nxt = next((o for o in self.prompt_next.get(card, ()) if o not in self.prompt_for
                    and any(o in h for h in view.hands)), None)
        if self.level >= 2 and card in self.prompt_for and nxt is not None and wanted and not wanted & (wanted - 1):
            # the holder's next clued card that may be the card: Prompts take precedence over Finesses (level 2),
            # so the prompt goes on to it as after a prompted card that plays as another (`blind_played`); the
            # finesse position waits for it to misplay too. Deal h31/151, turn 52 (level 2, 3 players): Alice's
            # clued 4s were the blue 4 and the green 4, a prompt for Cathy's green 5 played the blue 4 and
            # struck; she then blind-played her finesse position for the green 5 (a red 1) instead of the green 4
            self.prompt_goes_on(card, nxt, wanted)
            if fp is not None:
                self.wrong_prompt_fp[nxt] = fp
            return
        if self.level >= 2 and fp is not None and card in self.prompt_for and any(fp in h for h in view.hands) \
                and not touched(view, fp) and fp not in self.finessed:
            self.finessed[fp] = self.conv.get(card, 0)
            self.finesse_for[fp] = self.prompt_for[card]
            return
        if self.focus_of.get(card) is not None:  # a card beside a clue's focus played as playable: its holder took
            # it for the focus, so how they read the focus is not known; it keeps what the clues say (deal s24x/105)
            self.conv.pop(self.focus_of[card], None)
            self.private.pop(self.focus_of[card], None)
        for o in [o for o, f in self.focus_of.items() if f == card]:
            self.conv.pop(o, None)
            self.private.pop(o, None)
        for focus, calls in recent:
            for o in {focus, *calls} - {None}:
                for d in (self.conv, self.private, self.finessed, self.finesse_for, self.prompt_for, self.fallback,
                          self.links, self.wrong_prompt_fp):
                    d.pop(o, None)
            self.tentative = self.tentative - calls

    def finesse_declined(self, view: PlayerView, actor: int, action: Action, called_play: bool) -> None:
        """`actor` discarded, or played a card nobody had called, while holding a card blind-called for a
        finesse: they did not take the finesse (a finessed player blind-plays at once; a save clue may come
        first, so a clue declines nothing). The card is no longer called: anyone may clue it directly, and the
        clue's receiver keeps its card until the missing card is played."""
        if not isinstance(action, Discard | Play):
            return
        if called_play:
            return
        hand = view.hands[actor]
        # (nor a play before the called card could play: the card it waits for, which its holder read as playable
        # anyway; deal t40/204 t36-41, level 3: blue on Alice's blue 5, through Bob's clued 3, to him a red or blue 3
        # he plays, and the blue 4 on his finesse position; his blue 3 played, he dropped the call)
        ready = ready_before(view, action)
        for o in [o for o in self.finessed if o in hand and o not in self.fallback and o not in self.hand_over
                  and self.finessed[o] & ready]:
            # a self-finesse too once its receiver discards instead: the card is no longer called (deal h31/121
            # t41-45, level 3, 2 players: Alice's 3 on Bob's green 3 called his green 2 on his finesse position;
            # he discarded, then clued green to her green 2 and 4. She kept his green 2 called, read her green 2
            # as the green 4 by good touch, her green 4 as the green 2, and struck). A receiver who plays another
            # card first may read the clue as a prompt of that card and find the blind play next turn (deal
            # t40/182 t11-12, level 3 self-play: Bob played his clued 2 first); that call stands
            if o in self.links and not isinstance(action, Discard):
                continue
            self.links.pop(o, None)
            del self.finessed[o]
            self.finesse_for.pop(o, None)

    def calls_played(self, trash: int) -> None:
        """Blind calls whose every identity is now played (`trash`), by another card: the blind play they asked for
        is no longer needed, so the cards are not called (nor off the chop). Deal s24x/61 t4-17, level 3: a 2 Save
        on Bob's chop, read by him as maybe the green 2 through Cathy's green 1 on her finesse position (she saw
        his yellow 2 and played nothing); his own clued 1 was the green 1, and he kept her card called, so her chop
        was one card left of it to him: his save there was a play clue to her, and she struck."""
        for o, m in list(self.finessed.items()):
            if m and not m & ~trash and o not in self.links:
                for d in (self.finessed, self.finesse_for, self.fallback):
                    d.pop(o, None)
                self.tentative = self.tentative - {o}
                self.waited = self.waited - {o}

    # ------------------------------------------------------------------------------------------------
    def called(self, view: PlayerView, order: int) -> bool:
        """Clued or blind-called: a card the team already 'got'."""
        return order in self.finessed or touched(view, order)

    def chop(self, view: PlayerView, seat: int) -> int | None:
        """The oldest card no clue touched and not blind-called, in `seat`'s hand."""
        for o in reversed(view.hands[seat]):
            if not touched(view, o) and o not in self.finessed:
                return o
        return None

    def finesse_pos(self, view: PlayerView, seat: int, used: frozenset[int] = frozenset()) -> int | None:
        """The newest card no clue touched and not already blind-called, in `seat`'s hand; in a chain, not one
        of the cards `used` before it either (a player's second blind play is their next finesse position)."""
        for o in view.hands[seat]:
            if not touched(view, o) and o not in self.finessed and o not in used:
                return o
        return None

    def board(self, view: PlayerView, exclude: int | None = None,
              knowledge: dict[int, int] | None = None, touching: Iterable[int] = (),
              giver: int | None = None, literal: int | None = None) -> Board:
        """Trash/playable/critical masks, and `reachable` using every publicly known called card but `exclude`;
        `knowledge` and `touching`: the clue knowledge after a clue and the cards it touches (`public_mask`).
        Not a card we see is not what everyone reads it as, unless it is in the hand of the clue's `giver` (by
        default we give it), who cannot see it: it misplays, it supplies nothing a clue could wait for (deal
        s24x/147 t50: Alice's trash 2 Save, the green 2, read as the yellow 2; Bob, who sees it, clued Cathy's
        yellow 4 as a delayed play clue through it, and Cathy, who sees it too, blind-played for the yellow 2).
        `literal`: a seat whose cards count by what the clues say only, not by their readings."""
        touching = frozenset(touching)
        blind = view.hands[view.seat if giver is None else giver]
        trash = view.trash_mask()
        playable = view.playable_mask()
        critical = view.critical_mask() & ~trash
        queued = 0
        for p, hand in enumerate(view.hands):
            for o in hand:
                if o == exclude:
                    continue
                if o in self.tentative or not (touched(view, o) or o in self.finessed):
                    continue
                if p == literal:
                    m = public_narrowed(view, (knowledge or view.knowledge).get(o, view.knowledge[o]))
                    m = m & ~trash or m
                else:
                    m = self.public_mask(view, o, trash, knowledge, o in touching)
                seen = view.card(o) if o not in blind else None
                if seen is not None and card_bit(seen) != m:
                    continue
                if p == view.seat and not m & view.empathy(o):
                    # my own card, read as a card I see elsewhere: everyone who sees it knows it is not that card
                    # (deal h31/54 t42, 3 players: Bob's white card, a trash white 1 touched by a save and read as
                    # the white 5, kept Alice's 5 Save off the white 5 he saw on it; he then "fixed" it)
                    continue
                if m and m & (m - 1) == 0:
                    queued |= m
        return Board(trash, playable, critical, reach(view, queued) & ~trash, queued)

    def public_mask(self, view: PlayerView, order: int, trash: int,
                    knowledge: dict[int, int] | None = None, touching: bool = False) -> int:
        """What everyone can tell card `order` is: clues, counting of public cards, and conventions; `touching`:
        the clue read now touches it (good touch: not useless). Only such a card: a clued card whose reading a
        strike reset, or that a careless partner's clue touched, keeps only what its notes say (deals s24x/124
        t39-41 and s24x/285 t53: a trash 2 Save's other 2, reset by the strike on the first, counted as the one
        useful 2 in the delayed play clues of two givers who saw, or held, it)."""
        k = (knowledge or view.knowledge).get(order, view.knowledge.get(order, view.variant.all_mask))
        base = public_narrowed(view, k)
        return self.refine(view, order, base, trash, touching)

    def refine(self, view: PlayerView, order: int, base: int, trash: int, forced_touch: bool = False,
               private: bool = False) -> int:
        """`base` (what the clues allow) narrowed by the card notes; `private`: as its holder reads it."""
        m = base
        if private and m & self.private.get(order, m):
            m &= self.private.get(order, m)  # first: it may say trash where good touch alone would not
        conv = self.conv.get(order, view.variant.all_mask) & self.finessed.get(order, view.variant.all_mask)
        if m & conv:
            m &= conv
        if order in self.bad and m & ~view.playable_mask():
            m &= ~view.playable_mask()  # a stop clue: whatever it is, it does not play now
        if forced_touch and order not in self.conv and m & ~trash:
            m &= ~trash  # a card a clue is about to touch: not useless now
        elif m & ~self.excluded.get(order, 0):
            m &= ~self.excluded.get(order, 0)
        focus = self.focus_of.get(order)
        if focus is not None and focus not in self.focus_of:
            # good touch from the focus, re-applied whenever the focus narrows (a later clue, a card played):
            # four on slots 3 and 5 read as yellow or blue 4, then the blue 4 clued elsewhere: the chop is the
            # yellow 4, slot 3 is not a copy of it, so it is trash
            fm = self.refine(view, focus, view.variant.all_mask, trash, private=private)
            if fm and not fm & (fm - 1) and m & fm:
                m = m & ~fm or base & trash & ~fm or m
        return m

    def my_mask(self, view: PlayerView, order: int, trash: int) -> int:
        """What this seat can tell its own card `order` is."""
        return self.refine(view, order, view.empathy(order), trash, private=True)

    def holder_reads(self, view: PlayerView, order: int, trash: int) -> int:
        """What the holder of a card in another hand reads it as (from public information and the notes)."""
        return self.refine(view, order, view.public_empathy(order), trash, private=True)

    def reads(self, view: PlayerView, order: int, trash: int) -> int:
        """What the holder of card `order` reads it as: my own reading for a card of mine (`my_mask`), else
        `holder_reads`."""
        return self.my_mask(view, order, trash) if order in view.my_hand else self.holder_reads(view, order, trash)

    def sarcastic_targets(self, view: PlayerView, discarded: int, bit: int, seat: int,
                          called: Iterable[int]) -> list[int]:
        """Level 3, the Sarcastic Discard: the clued cards of `seat`'s hand that discarding the clued card
        `discarded` (identity `bit`) passes that card to, as that seat can tell. Its own clued cards it reads
        as possibly that card (its reading, which good touch from what it sees narrows: Bob's white clue on my
        white card once his white 3 was known reads as the white 4, so his white 3 discarded passes nothing to
        me, deal h31/62), if no clued card elsewhere may be it as that seat sees them (one I see only if it is
        it, one of mine as I read it). Empty: nothing passes to that seat. One model for giving and reading."""
        trash = view.trash_mask()

        def is_it(o: int) -> bool:
            seen = view.card(o)
            return card_bit(seen) == bit if seen is not None else bool(self.my_mask(view, o, trash) & bit)

        hand = view.hands[seat]
        others = [o for o in called if o != discarded]
        if any(o not in hand and is_it(o) for o in others):
            return []
        return [o for o in others if o in hand and self.reads(view, o, trash) & bit]


def ready_before(view: PlayerView, action: Action) -> int:
    """Identities that were playable before `action` (`view`: just after it), as far as a played card shows: a card
    played leaves its whole suit out (what it made playable was not, and it was itself)."""
    ready = view.playable_mask()
    if isinstance(action, Play) and action.card in view.played:
        ready &= ~sum(1 << identity_of(view.visible[action.card].suit, r) for r in range(1, 6))
    return ready


def reach(view: PlayerView, queued: int) -> int:
    """Identities playable now or once the `queued` identities are played."""
    reachable = 0
    for s, suit in enumerate(view.variant.suits):
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
    return reachable


def pigeonholed(order: int, masks: dict[int, int], empathy: dict[int, int], left: list[int], playable: int) -> bool:
    """Do more cards read as playable copies of what card `order` can be (by `empathy`, clues and counting),
    and able to be nothing else, than there are such copies `left` unseen? Then one of them is not playable.

    `masks` is each card's reading, `empathy` what clues and counting allow. It happens when a copy was played
    after the cards were clued (three clued 5s in Black Powder, able to be only red 5, yellow 5 or a black 5
    that is now useless: one of them is the black 5)."""
    e = empathy[order]
    p = e & playable
    copies = sum(left[i] for i in identities_in(p))
    n = sum(1 for o, m in masks.items() if m and not m & ~p and not empathy[o] & ~e)
    return n > copies
