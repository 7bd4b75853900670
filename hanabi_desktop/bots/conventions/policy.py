"""The conventions bot's turn: fix, save, play, clue or discard, in that order of urgency."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.conventions.beliefs import beliefs
from hanabi_desktop.bots.conventions.endgame import hand_odds, last_round_clue
from hanabi_desktop.bots.conventions.evaluation import (
    MISPLAY,
    bad_touches,
    best_clue,
    clue_effect,
    clue_harm,
    clue_mask,
    is_tempo,
    least_harmful_clue,
    misplays_caused,
    needs_save,
    receiver_masks,
    score_clue,
    tells_something,
)
from hanabi_desktop.bots.conventions.model import (
    Board,
    Notes,
    card_bit,
    early_game,
    knowledge_before_last_clue,
    pigeonholed,
    public_narrowed,
    ready_before,
    touched,
)
from hanabi_desktop.bots.conventions.reading import read_clue
from hanabi_desktop.bots.conventions.wariness import Wariness
from hanabi_desktop.bots.conventions.wording import (
    clue_text,
    describe,
    explain_clue,
    explain_forced_clue,
    explain_unread_self,
    focus_reads,
    name_of,
    save_kind,
    say,
)
from hanabi_desktop.engine import (
    MAX_CLUE_TOKENS,
    MAX_STRIKES,
    Action,
    Card,
    ColourClue,
    Discard,
    Play,
    PlayerView,
    RankClue,
    Recover,
    Replay,
    Tile,
    Variant,
    hand_size_for,
)
from hanabi_desktop.engine.cards import identities_in, identity_of
from hanabi_desktop.engine.knowledge import remaining_copies
from hanabi_desktop.i18n import N_, _

CLUE_MIN = 8.0  # a clue worth this much (a card made playable) is given even with the last token
LOW_TOKENS = 2  # with at least this many tokens, any useful clue beats a discard
USEFUL = 0.0  # a clue must be worth more than this to count as useful
MOVED_STALL = 3  # with this many tokens, a chop just moved by the previous player's clue is not discarded
PRIO_CALLED = 20.0  # above everything else
PRIO_CONNECT = 5.0  # above any rank difference, below the bonus of a 5
STALL_DECK = 3  # with this few cards left in the deck, a clue (even a stall) beats drawing
STALL_PACE = 4  # with a pace this low, a clue (even a stall) beats spending a turn on a discard


LEVELS: dict[str, int] = {"beginner": 0, "1": 1, "2": 2, "3": 3}  # H-group levels the bot can play at
DEFAULT_LEVEL = "beginner"  # what a person who has read the beginner's guide expects


def parse_level(level: int | str) -> int:
    """The level number of 'beginner', '1', 2 ... (ValueError naming the choices if it is none of them)."""
    key = str(level).strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown H-group level {level!r}; choose from: " + ", ".join(LEVELS))
    return LEVELS[key]



def reads_surely_playable(view: PlayerView, order: int, reads: int, b: Board) -> bool:
    """Does the holder of card `order`, who reads it as `reads` by the clues and conventions, take it for a card
    that plays now? Less the copies we both see (they see my hand too, so they may rule out more); none left: the
    clues say more than what is seen, and the reading stands."""
    m = reads & view.holder_empathy(order) or reads
    return bool(m) and not m & ~b.playable

class ConventionsBot(Bot):
    """The H-group conventions by level: chop, focus, play and save clues, good touch, prompts, finesses."""

    name = "conventions"
    description = N_("Plays the H-group conventions (beginner's guide, levels 1-3): the default partner.")
    human_style = True
    levels: ClassVar[dict[str, int]] = LEVELS

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0,
                 level: int | str = DEFAULT_LEVEL) -> None:
        super().__init__(seat, players, variant, seed)
        self.level = parse_level(level)  # 0 is the beginner's guide, which plays as level 1
        self.notes = Notes(level=self.level)  # what every clue so far means (card notes)
        self.called: set[int] = set()  # cards clued or called when we last looked
        self.holders: dict[int, int] = {}  # card -> seat holding it, when we last looked
        self.first_clued: dict[int, int | None] = {}  # card -> turn of the first clue that touched it
        self.first_called: dict[int, int] = {}  # blind-called card -> turn of the first clue that called it
        self.known_at: dict[int, int] = {}  # clued card -> the first turn its holder knew which card it is
        # level 3: clued card -> (identity of a card played it may be a copy of, seats yet to pass on fixing it)
        self.unfixed: dict[int, tuple[int, set[int]]] = {}
        self.tokens = MAX_CLUE_TOKENS  # clue tokens when we last looked
        self.seen = 0  # history actions already read
        self.chop_focused: set[int] = set()  # cards a number clue focused on the chop
        # the last clues read: (their index in the history, their focus, the cards they called)
        self.recent: list[tuple[int, int | None, frozenset[int]]] = []
        self.wariness = Wariness(seat)  # partners' saves that touched trash, and my cards read defensively

    def beliefs(self, view: PlayerView) -> dict[int, str]:
        """Its reading of each own card, from its card notes (see `conventions.beliefs`)."""
        return beliefs(view, self.notes)

    def observe(self, view: PlayerView) -> None:
        """Read every new action: clues update the card notes; cards that left hands are forgotten."""
        new = view.history[self.seen:]
        self.seen = len(view.history)
        was_called = set(self.notes.finessed) | set(self.notes.prompt_for)  # before the cards played are forgotten
        was_clued = self.called  # clued or called at my last look, the card just discarded among them
        in_hands = {o for h in view.hands for o in h}
        called = {o for o in in_hands if self.notes.called(view, o)}
        for i, a in enumerate(new, start=len(view.history) - len(new)):
            if isinstance(a, Play) and a.card not in view.played:
                # a strike: the clues given since the player's last turn (the ones it answered) reset (the level 2
                # page: "this convention for what to do after a strike applies at all levels")
                answered = [(f, c) for t, f, c in self.recent if t > i - view.players]
                self.notes.after_strike(view, a.card, answered)
            if isinstance(a, Play | Discard):
                self.wariness.saw_card(view, a.card)
            if isinstance(a, Play) and a.card not in view.played:
                self.wariness.saw_misplay(a.card)
            if isinstance(a, Play) and a.card in view.played:
                self.notes.blind_played(a.card, view.visible[a.card].identity)
            if len(new) == 1 and self.unfixed:
                self.passed_fix(view, a)
            if isinstance(a, Play) and a.card in self.called and a.card in view.played:
                bit = card_bit(view.visible[a.card])
                for o in called:
                    if self.promised_apart(view, a.card, o):  # else it may be that copy, now trash
                        self.notes.excluded[o] = self.notes.excluded.get(o, 0) | bit
                    elif self.level >= 3 and len(new) == 1 and view.knowledge[o] & bit and (
                            view.players >= 3 or a.card in self.first_called):
                        # (a card that can be that copy: a 1 played is not one a 2 waits on, replacing it)
                        holder, player = self.holders.get(o), self.holders.get(a.card)
                        # with 2 players, after a blind play only (a copy of a clued card played stays doubtful: deal
                        # h31/12), the other player sees it and fixes it at their next turn if it is the copy (deal
                        # t40/171 t2-6, level 3: my 1s, her yellow 1 blind-played into my self-finesse)
                        seats = set(range(view.players)) - {holder, player} if view.players >= 3 else {1 - holder}
                        self.unfixed[o] = (bit, seats)
            if self.level >= 3 and isinstance(a, Discard) and a.card in self.called:
                self.read_sarcastic(view, a.card, called)
        self.notes.forget(in_hands)
        self.notes.calls_played(view.trash_mask())
        self.chop_focused &= in_hands
        self.called = called
        self.holders = {o: p for p, h in enumerate(view.hands) for o in h}
        self.first_clued = {o: next((t for t, _, hit in view.clue_history[o] if hit), None) for o in in_hands}
        self.first_called = {o: t for o, t in self.first_called.items() if o in in_hands}
        if len(new) == 1:
            self.read_action(view, new[0], was_called, was_clued, in_hands)
        self.notes = self.wariness.widened(self.notes, in_hands, view.strikes)
        self.known_at = {o: t for o, t in self.known_at.items() if o in in_hands}
        self.unfixed = {o: w for o, w in self.unfixed.items() if o in in_hands}
        self.tokens = view.clue_tokens
        trash = view.trash_mask()
        for o in self.called - self.known_at.keys():
            m = self.notes.reads(view, o, trash)
            if m and not m & (m - 1):
                self.known_at[o] = view.turn

    def read_action(self, view: PlayerView, action: Action, was_called: set[int], was_clued: set[int],
                    in_hands: set[int]) -> None:
        """The latest action, read on its own: a finesse not taken, a clue's meaning."""
        actor = (view.current - 1) % view.players if view.pending is None else view.current
        called_play = isinstance(action, Play) and action.card in was_called
        # a discard of a card nobody clued or called, or of one that is trash, does nothing a blind play should
        # wait for; a clued card still useful thrown away is a Sarcastic Discard, which may come first (deal h31/273)
        idle_discard = isinstance(action, Discard) and (
            action.card not in was_clued or view.is_trash(view.visible[action.card]))
        self.wariness.saw_turn(actor, self.tokens)
        self.notes.unfinessed(actor, action, called_play, idle_discard, view)
        self.notes.finesse_declined(view, actor, action, called_play)
        if not isinstance(action, ColourClue | RankClue):
            return
        clue = action
        hand = view.hands[clue.target]
        hit = [o for o in hand if view.clue_history[o] and view.clue_history[o][-1][2]]
        before = {o for o in hand if any(h for _, _, h in view.clue_history[o][:-1])}
        reading = read_clue(view, self.notes, actor, clue, view.knowledge, hit, before,
                            prior=knowledge_before_last_clue(view, hand), tokens=view.clue_tokens + 1)
        self.notes = reading.applied_to(self.notes)
        for o in reading.finessed:
            self.first_called.setdefault(o, view.turn - 1)
        chop_before = next((o for o in reversed(hand) if o not in before and o not in self.notes.finessed), None)
        if isinstance(clue, RankClue) and reading.focus is not None and reading.focus == chop_before:
            self.chop_focused.add(reading.focus)  # level 3: a 1 clue's chop focus plays before fresh 1s
        self.wariness.saw_self_finesse(actor, [*reading.links, *reading.prompt_links])
        self.wariness.saw_forced_finesse(view, actor, [o for o in reading.finessed if o in view.my_hand])
        self.wariness.saw_clue(view, self.notes, actor, reading.focus, [o for o in hit if o not in before])
        if reading.focus is not None and reading.focus == chop_before:
            self.wariness.saw_save(view, actor, clue, reading.focus, [o for o in hit if o not in before])
        calls = frozenset(reading.finessed) | frozenset(reading.prompted)
        self.recent = [*self.recent[-view.players:], (len(view.history) - 1, reading.focus, calls)]
        self.called = {o for o in in_hands if self.notes.called(view, o)}

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """Choose a legal action and say why, in convention terms (and why a card I would have played waits)."""
        if self.seen < len(view.history):
            self.observe(view)
        decision = self.choose(view)
        held = self.wariness.held(view, self.notes, view.playable_mask()) if view.pending is None else None
        if isinstance(decision.action, Play):
            return decision  # a play: the card held would not have come first anyway
        if held is None:
            return Decision(decision.action, explain_unread_self(view, self.notes, decision.explanation))
        o, giver, why = held
        return Decision(decision.action, say(why, why=decision.explanation, slot=view.my_hand.index(o) + 1,
                                             player=view.names[giver]))

    def choose(self, view: PlayerView) -> Decision:
        """The action of my turn and its line, the card notes up to date."""
        if view.pending is not None:
            return self.choose_tile(view)
        b = self.notes.board(view)
        legal = set(view.legal)
        if self.level >= 3:
            sarcastic = self.sarcastic_discard(view, b)
            if sarcastic is not None:
                return sarcastic
        # 1. known plays
        plays = []
        waiting = self.wariness.waiting(self.notes, view.strikes)  # a partner's 2 Save they may still fix
        for slot, o in enumerate(view.my_hand):
            m = self.notes.my_mask(view, o, b.trash)
            if m and not m & ~b.playable and self.crowded(view, o, b):
                continue  # more of my cards can only be these than there are copies left: one is not playable
            if m and not m & ~b.playable and Play(o) in legal and o not in self.notes.bad | waiting:
                prio = self.play_priority(view, m)
                if self.level >= 3 and all(i % 5 == 0 for i in identities_in(m)):
                    if o in self.chop_focused:
                        prio += 0.75  # level 3, the chop-focus exception: before the fresh 1s
                    elif o >= view.players * hand_size_for(view.players):
                        prio += 0.5  # level 3, the fresh 1s rule: a 1 drawn later plays before the starting hand's
                if o in self.notes.finesse_for or o in self.notes.prompt_for:
                    prio += PRIO_CALLED  # someone waits for this one
                prio += PRIO_CONNECT * self.unlocks(view, m, b)
                plays.append((prio, slot, o, m))
        # 2. urgent save for the next player
        nxt = (view.seat + 1) % view.players
        can_clue = view.clue_tokens > 0
        if can_clue and not view.over:
            for off in range(1, view.players if self.level >= 3 else 1):  # fix clues: level 3
                fix = self.fix_clue(view, (view.seat + off) % view.players, b)
                if fix is not None:
                    return fix
            if self.level >= 3:
                fix = self.copy_fix(view, b)
                if fix is not None:
                    return fix
            if self.level >= 3 and plays:
                fix = self.fix_before_play(view, max(plays)[3], b)
                if fix is not None:
                    return fix
            # finesse urgency: a blind play the team waits for comes before a save
            blind = any(o in self.notes.finesse_for and not touched(view, o) for _, _, o, _ in plays)
            save = None if blind else self.urgent_save(view, nxt, b)
            if save is not None and not (plays and self.has_known_play(view, nxt, b)):
                return (self.play_before_save(view, nxt, b) if view.players == 2 else None) or save
        # a card the team waits for (a finesse, a self-finesse, a prompt) is played first: a turn spent elsewhere
        # reads as "I was not called"
        called = any(o in self.notes.finesse_for or o in self.notes.prompt_for or o in self.notes.links
                     for _, _, o, _ in plays)
        if can_clue and plays and not called and view.players == 2 and view.deck_count > 0 \
                and not self.has_known_play(view, nxt, b):
            feed = self.feed_clue(view, nxt, b)
            if feed is not None:
                return feed
        if plays:
            plays.sort(reverse=True)
            _score, slot, o, m = plays[0]
            if o in self.notes.links and not touched(view, o) and self.notes.links[o][0] in view.my_hand:
                focus = self.notes.links[o][0]
                return Decision(Play(o), say("self-finesse", slot=slot + 1, focus_slot=view.my_hand.index(focus) + 1))
            if o in self.notes.finesse_for and not touched(view, o):
                seat, x = self.notes.finesse_for[o]
                card = view.variant.card_name(Card.from_identity(x))
                return Decision(Play(o), say("finesse", slot=slot + 1, player=view.names[seat], card=card))
            if o in self.notes.prompt_for and len(identities_in(m)) == 1:
                seat, x = self.notes.prompt_for[o]
                card = view.variant.card_name(Card.from_identity(x))
                return Decision(Play(o), say("prompt", slot=slot + 1, reading=self.reading_words(view, o, m, b), player=view.names[seat], card=card))
            return Decision(Play(o), say("play", slot=slot + 1, reading=self.reading_words(view, o, m, b)))
        if view.deck_count == 0 and can_clue:
            # the last round: a partner who would guess wrong plays a sure card instead of my own try, which
            # scores less than for sure (a clue touching trash costs nothing now: nobody draws again). Paired,
            # seed h31: level 3 self-play +0.06 (3 players) and +0.07 (5 players) a game, 500 deals, beginner
            # +0.03 to +0.05 with and without the careful stand-in, 300 deals; with 2 players +0.01 (7 of 500
            # deals: the old last-round play clue covers most of the partner's one turn)
            later = {s for s in range(view.players) if s != view.seat and self.has_turn_left(view, s)}
            sure = last_round_clue(view, self.notes, b, later)
            if sure is not None:
                return Decision(sure, say("last-round play clue", why=explain_clue(view, self.notes, sure, b)))
        free = self.free_play(view, b) if self.error_harmless(view) else None
        if free is not None and view.final_turns_left == 1:
            return free  # the game's last turn: no clue can help anyone, a play may still score
        if free is not None:
            # the deck is empty and a misplay harms nothing: only a clue that gets a card played in time beats
            # a card that may score (a save keeps nothing: nobody draws again)
            value, clue = best_clue(view, self.notes, b, tempo=True) if can_clue else (MISPLAY, None)
            if clue is not None and value >= CLUE_MIN and self.has_turn_left(view, clue.target):
                return Decision(clue, say("last-round play clue", why=explain_clue(view, self.notes, clue, b)))
            return free
        if can_clue:
            value, clue = best_clue(view, self.notes, b)
            if value <= MISPLAY / 2 and not any(isinstance(a, Discard) for a in legal):
                value, clue = best_clue(view, self.notes, b, forced=True)  # 8 tokens: the least harmful clue
                if value <= MISPLAY / 2:  # every clue breaks a convention: one nobody reads as a play
                    clue = least_harmful_clue(view, self.notes, b)
                    if clue is not None:
                        return Decision(clue, explain_forced_clue(view, clue))
            # the early game (nobody has discarded yet): every play and save clue is given before a discard
            early = early_game(view)
            if clue is not None and (value >= CLUE_MIN or (value > USEFUL and (view.clue_tokens >= LOW_TOKENS or early))
                                     or not any(isinstance(a, Discard) for a in legal)):
                kept = self.last_token_save(view, b, clue)
                if kept is not None:
                    return kept
                return Decision(clue, explain_clue(view, self.notes, clue, b))
            save = None
            for off in range(2, view.players):
                save = save or self.urgent_save(view, (view.seat + off) % view.players, b)
            if save is not None and view.clue_tokens >= 2:
                return save
            late = view.deck_count <= STALL_DECK or view.pace <= STALL_PACE
            moved = view.clue_tokens >= MOVED_STALL and self.chop_moved(view)
            if moved or late:
                # a stall, where the guide allows a tempo clue (a clue that gets no new card); the moved-chop
                # stall is not in the guide, so it must not send anyone into a play that waits: a person
                # reads a re-touch as "play it now" (and no stall re-touches a useless card: `best_clue`)
                value, clue = best_clue(view, self.notes, b, tempo=True, playable_tempo=not late)
            if clue is not None and value > MISPLAY / 2 and view.clue_tokens >= MOVED_STALL and self.chop_moved(view):
                prev = view.names[(view.seat - 1) % view.players]
                return Decision(clue, say("moved-chop stall", player=prev, why=explain_clue(view, self.notes, clue, b)))
            if late and view.deck_count > 0 and clue is not None and value > MISPLAY / 2:
                return Decision(clue, say("end-game stall", why=explain_clue(view, self.notes, clue, b)))
            if view.deck_count == 0 and clue is not None and value > MISPLAY / 2 and self.has_turn_left(view, clue.target):
                # the last round: a discard draws nothing, a clue that gets a card played scores
                return Decision(clue, say("last-round clue", why=explain_clue(view, self.notes, clue, b)))
        if can_clue and self.level >= 3 and free is None:
            fix = self.trash_fix(view, b)
            if fix is not None:
                return fix
        return free or self.discard_or_guess(view, b, legal)

    def error_harmless(self, view: PlayerView) -> bool:
        """Deck empty: can a misplay now cost nothing that a discard would keep? Not the last error token, each
        later turn of the final round still holds a spare error token of its own, and a later turn finds a clue
        token without the one a discard would give (Final flourish plays on after the deck: never)."""
        left = view.final_turns_left
        if view.deck_count > 0 or left is None or view.variant.final_flourish:
            return False
        later = left - 1  # turns after mine: each gets one in the final round
        return view.strikes + 1 + later < MAX_STRIKES and (later == 0 or view.clue_tokens > 0)

    def free_play(self, view: PlayerView, b: Board) -> Decision | None:
        """The card of mine most likely to score, played because a misplay harms nothing now (see
        `error_harmless`); None if no card of mine can be playable."""
        masks = {o: self.notes.my_mask(view, o, b.trash) for o in view.my_hand}
        odds = self.odds(view, masks, b)
        o = max(view.my_hand, key=lambda o: odds[o], default=None)
        if o is None or Play(o) not in view.legal or odds[o] <= 0:
            return None
        errors = MAX_STRIKES - view.strikes
        return Decision(Play(o), say("end-game free play", slot=view.my_hand.index(o) + 1,
                                     percent=round(odds[o] * 100), errors=errors),
                        guess=True)

    def feed_clue(self, view: PlayerView, seat: int, b: Board) -> Decision | None:
        """2 players: `seat` has nothing to play and would discard: a play clue now, so their turn plays a card
        instead of drawing one (and maybe losing a card nobody has looked at); my own play keeps for my next turn.
        At any pace, not only late: +0.23 +- 0.08 points a game in beginner self-play, +0.25 +- 0.09 at level 3
        (seed h31, 500 paired games each), +0.15 / +0.10 with the careful beginner stand-in. Not a clue touching a
        card my play may be: played first, it would make mine trash (deal h31/292: red on Bob's red 2 while my
        saved 2 is the red or the blue 2; the guide's Good Touch question 3 leaves that card to someone else)."""
        mine = 0  # identities my known plays may be
        for o in view.my_hand:
            m = self.notes.my_mask(view, o, b.trash)
            if m and not m & ~b.playable:
                mine |= m
        best: tuple[float, Action | None] = (CLUE_MIN, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat \
                    and not any(card_bit(view.visible[o]) & mine for o in view.touched(a)):
                s = score_clue(view, self.notes, a, b)
                if s >= best[0]:
                    best = (s, a)
        if best[1] is None:
            return None
        return Decision(best[1], say("feed clue", player=view.names[seat], why=explain_clue(view, self.notes, best[1], b)))

    def has_turn_left(self, view: PlayerView, seat: int) -> bool:
        """Does `seat` still get a turn after this one (the deck is empty: one more turn each)?"""
        left = view.final_turns_left
        return left is None or (seat - view.seat) % view.players < left

    def crowded(self, view: PlayerView, order: int, b: Board) -> bool:
        """Counting, whatever good touch says: is my card `order` one of more cards read as playable than there
        are copies left for them (see `model.pigeonholed`)? Then playing it could strike."""
        masks = {o: self.notes.my_mask(view, o, b.trash) for o in view.my_hand}
        empathy = {o: view.empathy(o) for o in view.my_hand}
        return pigeonholed(order, masks, empathy, view.remaining(), b.playable)

    def promised_apart(self, view: PlayerView, played: int, order: int) -> bool:
        """Good touch: did the later of the clues on `played` and `order` promise it was not the same card as
        the earlier one? Only if its giver could see the earlier card: nobody sees their own hand, so a clue
        given by the holder of the other card promises nothing about it (the guide's Good Touch Principle,
        question 3: "it is possible that Alice's clued 2 is a yellow 2"); then `order` may be a copy of
        `played`, trash once it is played, for its holder and for everyone reading its hand alike (deal h31/12:
        Alice clued Bob's 1s, Bob then her yellow 1, which she played; his clued 1 may be the other yellow 1)."""
        # a blind-called card counts from the clue that called it: a call its giver gave without seeing the other
        # card promises nothing about it either (deal t40/51 t2-4, level 3, 2 players: Alice clued my 1s, I clued
        # her white 2 and she blind-played her white 1 into the self-finesse; my clued 1 was the other white 1)
        tp = self.first_clued.get(played)
        to = self.first_clued.get(order)
        tp = self.first_called.get(played) if tp is None else tp
        to = self.first_called.get(order) if to is None else to
        if tp is None or to is None:
            return True  # called otherwise (a Wrong Prompt's finesse position): the call said which card it is
        # ... or if that giver knew which card its own was (the red 1 a play clue called): it touched no copy of it
        if tp <= to:
            return to % view.players != self.holders.get(played) or self.known_at.get(played, to + 1) <= to
        return tp % view.players != self.holders.get(order) or self.known_at.get(order, tp + 1) <= tp

    def passed_fix(self, view: PlayerView, action: Action) -> None:
        """Level 3: a clued card that may be the copy of a card played (`promised_apart` says nothing) is read as
        not that copy once every third player, who sees both, has had a turn with a clue token and not fixed
        it: "violations of Good Touch Principle should be fixed as soon as possible", and "we assume by default
        that all of our cards are good unless it is explicitly demonstrated otherwise" (the Fix Clue). With 2
        players the one partner's turn counts only if its holder, reading it as not that copy, would have played
        it: a careful partner leaves a copy that does not misplay yet (deal t40/511 t59-63: my clued red 2, the
        red 4 or 5 to me, read as the red 4 once Bob played his red 2 and then his red 3 without a fix)."""
        actor = (view.current - 1) % view.players if view.pending is None else view.current
        trash = view.trash_mask()

        def would_misplay(o: int, bit: int) -> bool:
            m = self.notes.reads(view, o, trash)
            rest = m & ~bit
            return bool(rest) and not rest & ~ready_before(view, action)  # (as it was at the partner's turn)

        for o, (bit, seats) in list(self.unfixed.items()):
            if o not in view.knowledge:
                continue  # it left the hands with this action: forgotten after it
            if isinstance(action, ColourClue | RankClue) and o in view.hands[action.target] \
                    and view.clue_history[o][-1][2]:
                del self.unfixed[o]  # a clue on it: read as any clue
                continue
            if actor in seats and self.tokens > 0 and (view.players >= 3 or would_misplay(o, bit)):
                seats.discard(actor)
            if not seats:
                self.notes.excluded[o] = self.notes.excluded.get(o, 0) | bit
                del self.unfixed[o]

    def sarcastic_discard(self, view: PlayerView, b: Board) -> Decision | None:
        """Level 3, the Sarcastic Discard: a clued card of mine I know is X, while I see another player's
        clued card that is X too: I discard mine, which tells them theirs is the X."""
        for slot, o in enumerate(view.my_hand):
            m = self.notes.my_mask(view, o, b.trash)
            if not touched(view, o) or len(identities_in(m)) != 1 or m & b.trash or Discard(o) not in view.legal:
                continue
            for p, hand in enumerate(view.hands):
                for h in hand:
                    c = view.card(h)
                    if p != view.seat and c is not None and card_bit(c) == m and self.notes.called(view, h) \
                            and self.notes.holder_reads(view, h, b.trash) != m and self.passes_to(view, o, h, m, b):
                        return Decision(Discard(o), say("sarcastic discard", slot=slot + 1, card=describe(view.variant, m), player=view.names[p]))
        return None

    def passes_to(self, view: PlayerView, mine: int, theirs: int, bit: int, b: Board) -> bool:
        """Would discarding `mine` pass the card `bit` to the holder of `theirs`: every other clued card that can
        be it, as that holder can tell (seeing the other hands), is in that hand (the page: with several, it
        promises one of them, not the leftmost; "An Unexpected Discard": Bob's clued 3s, which Cathy sees are
        not the blue 3, leave the blue 3 to hers)?"""
        seat = next(p for p, h in enumerate(view.hands) if theirs in h)
        called = [o for h in view.hands for o in h if self.notes.called(view, o)]
        return theirs in self.notes.sarcastic_targets(view, mine, bit, seat, called)

    def read_sarcastic(self, view: PlayerView, order: int, called: set[int]) -> None:
        """A clued card that was not trash was discarded: the one clued card of another player that it passes
        to, as that player can tell, is it (`Notes.sarcastic_targets`; with several, one of them is)."""
        card = view.visible[order]
        if view.is_trash(card):
            return
        bit = card_bit(card)
        discarder = self.holders.get(order)
        if all(o in self.called for o, p in self.holders.items() if p == discarder and o != order):
            # a locked hand's sacrifice: "when a player is locked, they can choose to 'sacrifice' one of the cards
            # in their hand that is non-critical. And in this situation, it does not imply a Sarcastic Discard"
            # (level 22). Deal h31/63, turn 10: Alice, locked, threw a clued 2 she knew only as a 2, and Bob played
            # his red card as that red 2
            return
        for seat in range(view.players):
            if seat == discarder:
                continue
            targets = self.notes.sarcastic_targets(view, order, bit, seat, called)
            if len(targets) == 1:
                self.notes.conv[targets[0]] = self.notes.private[targets[0]] = bit

    def chop_moved(self, view: PlayerView) -> bool:
        """Did the previous player's clue just touch my chop, so nobody has looked at my new chop yet?"""
        if not view.history or view.pending is not None:
            return False
        last = view.history[-1]
        if not isinstance(last, ColourClue | RankClue) or last.target != view.seat:
            return False
        chop = self.notes.chop(view, view.seat)
        hand = view.my_hand
        limit = hand.index(chop) if chop is not None else len(hand)
        for o in hand[limit + 1:]:
            hits = [hit for _, _, hit in view.clue_history.get(o, ())]
            if hits and hits[-1] and not any(hits[:-1]):
                return True
        return False

    def unlocks(self, view: PlayerView, mask: int, b: Board) -> int:
        """1 if a clued card in another hand may be the card right after this one (it waits for it)."""
        if len(identities_in(mask)) != 1:
            return 0
        card = Card.from_identity(identities_in(mask)[0])
        suit = view.variant.suits[card.suit]
        nxt = card.rank - 1 if suit.descending else card.rank + 1
        if not 1 <= nxt <= 5:
            return 0
        bit = 1 << (card.suit * 5 + nxt - 1)
        for p, hand in enumerate(view.hands):
            if p != view.seat and any(touched(view, o) and view.card(o) is not None
                                      and card_bit(view.card(o)) == bit for o in hand):
                return 1
        return 0

    def play_priority(self, view: PlayerView, mask: int) -> float:
        """Prefer 5s (a clue back), then the lowest ranks (they unlock most)."""
        cards = [Card.from_identity(i) for i in identities_in(mask)]
        rank = max(c.rank for c in cards)
        return (10.0 if rank == 5 and view.clue_tokens < 8 else 0.0) - rank

    def has_known_play(self, view: PlayerView, seat: int, b: Board) -> bool:
        """Does `seat` know of a playable card in its hand (from public information)?"""
        for o in view.hands[seat]:
            m = self.notes.holder_reads(view, o, b.trash)
            if m and not m & ~b.playable:
                return True
        return False

    def doomed(self, view: PlayerView, seat: int, b: Board, shown: int = 0) -> int | None:
        """A card `seat` reads as surely playable (by the conventions, less the copies it sees elsewhere) that is
        not: it would misplay it. Deal s24x/220 turn 39 (level 3, the careful stand-in as Alice): a Critical Save
        in red on her chop red 4 also touched her red 1, trash, which the clues leave as the red 3 or 5; she sees
        Bob's red 5, so it is the red 3 to her, and she played it. Not a card that waits for a card of mine
        called for it: its holder sees mine, where I read its clue without it (deal final7/54 t21, level 3, 5
        players: Emily's yellow on Donald's yellow 3 called my yellow 2 from my finesse position; to me, who
        could not see it then, Donald reads his card as the yellow 2 once my yellow 1 played, and I gave him a
        fix instead of blind-playing my yellow 2)."""
        mine = {call for o, call in (*self.notes.finesse_for.items(), *self.notes.prompt_for.items())
                if o in view.my_hand}
        for o in view.hands[seat]:
            card = view.card(o)
            if card is not None and (seat, card.identity) in mine:
                continue
            if card is not None and reads_surely_playable(view, o, self.notes.holder_reads(view, o, b.trash) & ~shown, b) \
                    and not card_bit(card) & b.playable:
                return o
        return None

    def fix_clue(self, view: PlayerView, seat: int, b: Board, shown: int = 0, direct: bool = False) -> Decision | None:
        """A clue that stops `seat` from misplaying a card it wrongly reads as playable (a fix clue); `shown`:
        identities it rules out beyond what the notes do (`doomed`); `direct`: only a clue touching that card."""
        if seat == view.seat:
            return None
        o = self.doomed(view, seat, b, shown)
        if o is None:
            return None
        best: tuple[float, Action | None] = (MISPLAY / 2, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat and (not direct or o in view.touched(a)):
                s = score_clue(view, self.notes, a, b, forced=True)  # one leaving the misread in place: MISPLAY
                if s > best[0] and not self.still_doomed(view, a, o, b, shown):
                    best = (s, a)
        if best[1] is None:
            return None
        slot = view.hands[seat].index(o) + 1
        return Decision(best[1], say("fix clue", player=view.names[seat], clue=clue_text(view, best[1]), slot=slot))

    def fix_before_play(self, view: PlayerView, mask: int, b: Board) -> Decision | None:
        """Level 3, the Fix Clue before my play of a card read as `mask` when that play, whichever of `mask` it
        is, would make a partner's clued trash card read as playable (`doomed` on the board after it): "Fix
        Clues should be given as soon as possible" (hanabi.github.io/level-3, The Fix Clue); my play first would
        send the partner into the misplay. Deal t40/426 turn 63 (level 3, 2 players, the careful stand-in last):
        Bob's blue Critical Save on his chop blue 4 also touched his blue 1, trash, which he reads as the blue 3
        once Alice's blue 2 is played; she played it, and he played the blue 1. Only for a trash card."""
        if view.deck_count == 0 and view.strikes + 1 < MAX_STRIKES:
            return None  # the final round: that misplay costs only a spare error token, my play scores
        for off in range(1, view.players):
            seat = (view.seat + off) % view.players
            fix = None
            for i in identities_in(mask):
                after = self.board_after_play(view, i, b)
                # good touch: the card just played is no longer one its clued cards may be
                shown = self.shown_from_mine(view, seat, after) | 1 << i
                o = self.doomed(view, seat, after, shown)
                if o is None or not card_bit(view.visible[o]) & after.trash:
                    # a useful card read as another: its holder would take my fix for "trash" and discard it
                    # (deal h31/455 turn 50, level 3 self-play: Alice's blue 4, fixed, then discarded)
                    break
                # a fix touching it: one on another card may read as "that one is trash" (deal t40/143 turn 54,
                # the careful stand-in first: 5 on Alice's red 5 to fix her red 1, and she discarded the 5)
                fix = fix or self.fix_clue(view, seat, after, shown, direct=True)
            else:
                if fix is not None:
                    return fix
        return None

    def shown_from_mine(self, view: PlayerView, seat: int, b: Board) -> int:
        """Identities `seat` sees every copy of outside its hand, counting the cards of mine I know exactly
        (it sees my hand; deal t40/426 turn 63: Bob sees Alice's blue 5, so his blue card is not the blue 5)."""
        theirs = view.hands[seat]
        seen = [c.identity for o, c in view.visible.items() if o not in theirs]
        for o in view.my_hand:
            m = self.notes.my_mask(view, o, b.trash)
            if m and not m & (m - 1):
                seen.append(m.bit_length() - 1)
        left = remaining_copies(view.variant.copies, seen)
        return sum(1 << i for i, n in enumerate(left) if n <= 0)

    def board_after_play(self, view: PlayerView, identity: int, b: Board) -> Board:
        """The board once my card `identity` (playable) is played: it is trash, the next of its suit playable."""
        played = 1 << identity
        s = Card.from_identity(identity).suit
        rank = view.variant.suits[s].rank_at(view.fireworks[s] + 1)  # a descending suit (Black Powder) goes down
        nxt = 1 << identity_of(s, rank) if rank is not None else 0
        return replace(b, trash=b.trash | played, playable=(b.playable & ~played) | nxt)

    def still_doomed(self, view: PlayerView, clue: ColourClue | RankClue, o: int, b: Board, shown: int = 0) -> bool:
        """Does card `o` still read as surely playable to its holder after fix clue `clue` (`doomed`)? A fix must
        leave it read as no playable card: one that only scores best may tell it nothing new."""
        if not public_narrowed(view, clue_effect(view, self.notes, clue)[1][o]) & ~b.trash:
            return False  # known trash: fixed
        return reads_surely_playable(view, o, receiver_masks(view, self.notes, clue, b)[3][o] & ~shown, b)

    def copy_fix(self, view: PlayerView, b: Board) -> Decision | None:
        """Level 3, the Fix Clue on a clued card that is the copy of a card played while its holder cannot tell
        (`unfixed`), when a turn of mine passing on it would tell its holder it is good (`passed_fix`):
        "violations of Good Touch Principle should be fixed as soon as possible, regardless of whether the
        misplay happens immediately or not". A clue that leaves it read as trash only: the best one by value,
        else one that makes nobody misplay and touches no new useless card."""
        for o, (bit, seats) in self.unfixed.items():
            seat = self.holders.get(o)
            if view.seat not in seats or seat is None or seat == view.seat or card_bit(view.visible[o]) != bit:
                continue
            m = self.notes.holder_reads(view, o, b.trash)
            if not (m & bit and m & ~b.trash):
                continue
            fixes = [a for a in view.legal if isinstance(a, ColourClue | RankClue) and a.target == seat
                     and self.fixes_copy(view, a, o, b)]
            scored = [(score_clue(view, self.notes, a, b, forced=True), i) for i, a in enumerate(fixes)]
            value, i = max(scored, default=(MISPLAY, -1))
            # The Fix Clue That Gives No Additional Information: the clue on it again, touching nothing else,
            # stops it while its holder reads it as playable (deal h31/10, turn 17)
            stops = [a for a in view.legal if isinstance(a, ColourClue | RankClue) and a.target == seat
                     and self.reads_as_stop(view, a, o)]
            if value > MISPLAY / 2:
                fix = fixes[i]
            elif stops:
                fix = stops[0]
            else:
                # none touching a new useless card: its holder reads it by good touch as a useful card, and
                # plays it once that one is playable (deals h31/23, h31/38, h31/273)
                harms = {a: clue_harm(view, self.notes, a, b) for a in fixes}
                safe = [a for a in fixes if harms[a] == (0, 0) and not bad_touches(view, self.notes, a, b)]
                rest = m & ~bit
                harmless = [a for a in fixes if not harms[a][0]]  # no misplay for sure
                if safe:
                    fix = safe[0]
                elif harmless and len(seats) == 1 and not rest & ~b.playable:
                    # I am the last to pass on it, and passing tells its holder it is the card that plays now:
                    # a strike for sure, where a fix touching a new useless card costs a clue's good touch
                    # (deal final7/127 t40, level 3, 4 players: Alice's 2 Saved blue 2, whose copy Bob played,
                    # read as the yellow 2 once my 3 on her blue 3 passed on it: she played it, and Bob then his
                    # red 2 as the yellow 2. Blue fixes it and touches her blue 1, tried only on her last turn)
                    fix = min(harmless, key=lambda a: (harms[a], bad_touches(view, self.notes, a, b)))
                else:
                    continue
            slot = view.hands[seat].index(o) + 1
            return Decision(fix, say("fix clue", player=view.names[seat], clue=clue_text(view, fix), slot=slot))
        return None

    def trash_fix(self, view: PlayerView, b: Board) -> Decision | None:
        """Level 3, the Fix Clue on a clued card that is trash while its holder reads it as a useful card: "violations
        of Good Touch Principle should be fixed as soon as possible, regardless of whether the misplay happens
        immediately or not" (hanabi.github.io/level-3, The Fix Clue). Given instead of a discard, with a clue after
        which its holder reads it as trash, that makes nobody misplay and leaves no other trash card it touches read
        as useful; only once every useful card its holder reads it as plays now or after the cards already called
        (earlier, the clue cost more than the fix gained: -0.016 a game, level 3, 3 players, h31 500). Deal h31/20
        turn 9 (level 3, 2 players): Bob's clued 1 is the yellow 1 Alice played since, and reads to him as one of
        the 1s still to play; Alice discarded, and he held it to the end (17 points); yellow shows him (22)."""
        for off in range(1, view.players):
            seat = (view.seat + off) % view.players
            for o in view.hands[seat]:
                if not touched(view, o) or o in self.notes.bad or not card_bit(view.visible[o]) & b.trash:
                    continue
                m = self.notes.holder_reads(view, o, b.trash) & ~b.trash
                if not m:
                    continue  # its holder knows it is trash
                if m & ~b.reachable:
                    continue  # it may wait for a card nobody has called: it is not going to be played soon
                for a in view.legal:
                    if isinstance(a, ColourClue | RankClue) and a.target == seat and self.fixes_copy(view, a, o, b) \
                            and self.fix_is_clean(view, a, b):
                        slot = view.hands[seat].index(o) + 1
                        return Decision(a, say("fix clue", player=view.names[seat], clue=clue_text(view, a), slot=slot))
        return None

    def fix_is_clean(self, view: PlayerView, clue: ColourClue | RankClue, b: Board) -> bool:
        """Does `clue` make nobody misplay (nor read as a play clue on a new card, `score_clue`) and leave every
        trash card it touches read by its holder as trash?"""
        if clue_harm(view, self.notes, clue, b) != (0, 0) or score_clue(view, self.notes, clue, b, forced=True) <= MISPLAY / 2:
            return False
        hit, _reading, _after, reads = receiver_masks(view, self.notes, clue, b)
        return not any(card_bit(view.visible[o]) & b.trash and reads[o] & ~b.trash for o in hit)

    def fixes_copy(self, view: PlayerView, clue: ColourClue | RankClue, o: int, b: Board) -> bool:
        """Does its holder read card `o` as trash only once `clue` is read? A clue on it that leaves nothing else,
        or one that shows a card prompted before it is another card, so the prompt goes on to `o` (deal s24x/112
        t14: white on Cathy's white 2, read as the blue 2 a prompt called, makes her other 2 the blue 2, played)."""
        hit, knowledge, before = clue_effect(view, self.notes, clue)
        if o in hit:
            return not self.notes.refine(view, o, public_narrowed(view, knowledge[o]), b.trash, private=True) & ~b.trash
        after = read_clue(view, self.notes, view.seat, clue, knowledge, hit, before).applied_to(self.notes)
        return not after.refine(view, o, public_narrowed(view, knowledge[o]), b.trash, private=True) & ~b.trash

    def reads_as_stop(self, view: PlayerView, clue: ColourClue | RankClue, o: int) -> bool:
        """Would every reader take `clue` as the Fix Clue that stops card `o` (`fix_reading`): a clue it had
        before, on it alone, while the clues with good touch alone make it playable (not one card)?"""
        if view.touched(clue) != (o,) or o in self.notes.bad \
                or not any(c == clue and was for _t, c, was in view.clue_history[o]):
            return False
        trash, playable = view.trash_mask(), view.playable_mask()
        proven = public_narrowed(view, view.knowledge[o]) & ~trash
        m = self.notes.refine(view, o, public_narrowed(view, view.knowledge[o]), trash)
        m = m & ~trash or m
        return bool(m) and not m & ~playable and not proven & ~playable and bool(proven & (proven - 1))

    def play_before_save(self, view: PlayerView, seat: int, b: Board) -> Decision | None:
        """A play clue to `seat`, whose chop needs a save, instead of the save: the beginner's guide ("Play Clues
        should be given over Save Clues. There's no need to give a Save Clue to someone if you can preoccupy
        them with playing a card!"). They play rather than discard, and their chop waits for a save a round
        later. A clue that touches the chop is the save itself; a tempo clue only at 8 tokens, where the guide
        allows one (a forced clue). 2 players only: 500 paired deals (seed h31), careful beginner +0.29 +- 0.10
        and +0.32 +- 0.10 points a game in the two seatings, beginner self-play +0.31 +- 0.09, level 3 +0.17 +-
        0.10; with 3 and 4 players nothing beyond noise (-0.03 to +0.03), as the save then waits a whole round
        of two or more other turns."""
        chop = self.notes.chop(view, seat)
        if chop is None:
            return None
        best: tuple[float, Action | None] = (CLUE_MIN, None)
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat and chop not in view.touched(a) \
                    and (view.clue_tokens == MAX_CLUE_TOKENS or not is_tempo(view, self.notes, a)):
                s = score_clue(view, self.notes, a, b)
                if s > best[0]:
                    best = (s, a)
        if best[1] is None:
            return None
        return Decision(best[1], say("play before save", player=view.names[seat], slot=view.hands[seat].index(chop) + 1,
                                     why=explain_clue(view, self.notes, best[1], b)))

    def urgent_save(self, view: PlayerView, seat: int, b: Board) -> Decision | None:
        """A save clue for `seat`'s chop if it holds a card that must not be discarded (and that saving it does
        not leave a card worth more on their chop: a 2 goes before a critical card behind it)."""
        if seat == view.seat or self.has_known_play(view, seat, b):
            return None
        chop = self.notes.chop(view, seat)
        if chop is None or needs_save(view, self.notes, chop, b) <= 0 or self.behind_worth_more(view, seat, chop, b):
            return None
        card = view.visible[chop]
        saving = [a for a in view.legal if isinstance(a, ColourClue | RankClue) and a.target == seat
                  and self.may_save(view, a, card, b)]
        best: tuple[float, Action | None] = (MISPLAY, None)
        for a in saving:
            s = score_clue(view, self.notes, a, b)
            if isinstance(a, RankClue) and card.rank in (2, 5):
                s += 0.5
            if s > best[0]:
                best = (s, a)
        slot = view.hands[seat].index(chop) + 1
        if best[1] is None or best[0] <= MISPLAY / 2:
            if not card_bit(card) & b.critical:
                return None
            # every clue that saves this last copy breaks good touch (a second copy, a played card): losing it
            # costs a point for sure, so the save is given anyway, with a clue that makes nobody misplay
            safe = [a for a in saving if not misplays_caused(view, self.notes, a, b)]
            if not safe:
                return None
            clue = min(safe, key=lambda a: bad_touches(view, self.notes, a, b))
            return Decision(clue, say("save breaking good touch", save=save_kind(view, clue, card, focus_reads(view, self.notes, clue)), player=view.names[seat], slot=slot, clue=clue_text(view, clue)))
        return Decision(best[1], say("save", save=save_kind(view, best[1], card, focus_reads(view, self.notes, best[1])), player=view.names[seat], slot=slot, clue=clue_text(view, best[1])))

    def last_token_save(self, view: PlayerView, b: Board, clue: ColourClue | RankClue) -> Decision | None:
        """With the last clue token, about to give `clue`: the save of a last copy (not a 5) on a later player's
        chop, when every player before them will play (with no token left they play a known card, or a card
        `clue` calls, and no discard brings a token back before that chop is discarded); None if none is needed
        or `clue` goes to that player. In level-3 self-play (seed final7, 500 deals) a card that had to be saved
        was on a later chop when the last token went to another clue, and was then thrown at 0 tokens, 22 times
        at 3 players, 48 at 4, 62 at 5 (deal final7/4 t33, 5 players: Cathy's play clue to Alice took the last
        token; Donald, Emily and Alice played, and Bob threw the blue 3, the last copy). Most were 5s, but a
        5 Save there instead of the play clue cost points (beginner self-play, seed h31, 300 deals: -0.05 a
        game at 5 players), so only the other last copies are saved so."""
        if view.clue_tokens != 1:
            return None
        _hit, reading, _after, reads = receiver_masks(view, self.notes, clue, b)
        gets_play = any(m and not m & ~b.playable for m in reads.values())  # `clue` gives its receiver a play
        called = set(reading.finessed) | set(reading.prompted)  # and the cards it calls, blind plays and prompts
        for off in range(1, view.players):
            seat = (view.seat + off) % view.players
            if seat == clue.target and not gets_play:
                return None  # a save or a clue that waits: they still discard, and a token comes back
            chop = self.notes.chop(view, seat)
            last = chop is not None and bool(card_bit(view.visible[chop]) & b.critical & ~view.variant.rank_masks[5])
            if off >= 2 and seat != clue.target and last:
                save = self.urgent_save(view, seat, b)
                if save is not None:
                    return Decision(save.action, say("last-token save", why=save.explanation,
                                                     player=view.names[seat]))
            plays = seat == clue.target or bool(called & set(view.hands[seat])) or self.has_known_play(view, seat, b)
            if not plays:
                return None  # they discard: a token comes back for the save
        return None

    def may_save(self, view: PlayerView, clue: ColourClue | RankClue, card: Card, b: Board) -> bool:
        """Does `clue` touch `card` and save it as the guide allows (a 5 with 5 only, a 2 that is not the last
        copy with 2 only, a playable card or another last copy with either kind)?"""
        v = view.variant
        if not clue_mask(view, clue) & card_bit(card):
            return False
        by_rank = isinstance(clue, RankClue) and clue.rank == card.rank
        return by_rank or view.is_playable(card) or bool(card_bit(card) & b.critical & ~v.rank_masks[5])

    def behind_worth_more(self, view: PlayerView, seat: int, chop: int, b: Board) -> bool:
        """Is the card that becomes `seat`'s chop once `chop` is saved worth more saving than `chop` (a 2 with a
        critical card behind it)?"""
        nxt = next((o for o in reversed(view.hands[seat]) if o != chop and not touched(view, o)
                    and o not in self.notes.finessed), None)
        return nxt is not None and needs_save(view, self.notes, nxt, b) > needs_save(view, self.notes, chop, b)

    def discard_or_guess(self, view: PlayerView, b: Board, legal: set[Action]) -> Decision:
        """No play or clue worth giving: discard known trash, then chop, else the least valuable card."""
        hand = view.my_hand
        can_discard = any(isinstance(a, Discard) for a in legal)
        masks = {o: self.notes.my_mask(view, o, b.trash) for o in hand}
        if can_discard:
            for slot, o in enumerate(hand):
                if masks[o] and not masks[o] & ~b.trash:
                    return Decision(Discard(o), say("discard trash", slot=slot + 1))
            for slot, o in enumerate(hand):
                if o in self.notes.bad:
                    return Decision(Discard(o), say("discard stopped", slot=slot + 1))
        endgame = view.deck_count == 0
        if endgame and view.strikes < 2:
            guess = self.best_guess(view, b, masks)
            if guess is not None:
                return guess
        chop = self.notes.chop(view, view.seat)
        ff_risk = view.variant.final_flourish and endgame
        if can_discard and chop is not None and not (ff_risk and masks[chop] & b.critical):
            why = self.waiting_words(view, masks, b) or say("nothing better")
            return Decision(Discard(chop), say("discard chop", slot=hand.index(chop) + 1, why=why))
        if chop is None and view.clue_tokens > 0:
            value, clue = best_clue(view, self.notes, b, forced=True)
            if clue is not None and value > MISPLAY / 2 and tells_something(view, self.notes, clue):
                return Decision(clue, say("locked-hand clue", why=explain_clue(view, self.notes, clue, b)))
        if can_discard:
            # every card is clued or risky: discard the one least likely to matter
            def risk(o: int) -> tuple[float, int]:
                ids = identities_in(masks[o]) or [0]
                crit = sum(1 for i in ids if (1 << i) & b.critical) / len(ids)
                useful = sum(1 for i in ids if not (1 << i) & b.trash) / len(ids)
                return (crit * 10 + useful, -hand.index(o))
            o = min(hand, key=risk)
            return Decision(Discard(o), say("discard least valuable", slot=hand.index(o) + 1))
        clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
        if clues:
            value, clue = best_clue(view, self.notes, b, forced=True)
            if clue is not None and value > MISPLAY / 2:
                return Decision(clue, explain_clue(view, self.notes, clue, b))
            clue = least_harmful_clue(view, self.notes, b) or clues[0]
            return Decision(clue, explain_forced_clue(view, clue))
        plays = [a for a in view.legal if isinstance(a, Play)]
        if plays:
            odds = self.odds(view, masks, b)
            o = max(plays, key=lambda a: odds[a.card])
            return Decision(o, say("forced play"))
        return Decision(view.legal[0], say("only action"))

    def reading_words(self, view: PlayerView, order: int, mask: int, b: Board) -> str:
        """'known red 3' when the clues alone prove it, else 'I read it as red 3': never a guess as a fact."""
        explicit = view.empathy(order)
        if explicit and not explicit & ~b.playable:
            return describe(view.variant, explicit if len(identities_in(explicit)) == 1 else mask)
        return say("read as", card=describe(view.variant, mask).removeprefix(_("known {card}").format(card="")))

    def waiting_words(self, view: PlayerView, masks: dict[int, int], b: Board) -> str:
        """'I read slot 3 as red 2: delayed play clue through P2's red 1' for a clued card of ours that waits."""
        for slot, o in enumerate(view.my_hand):
            m = masks[o]
            if not (touched(view, o) and len(identities_in(m)) == 1) or m & (b.playable | b.trash):
                continue
            x = identities_in(m)[0]
            card = Card.from_identity(x)
            suit = view.variant.suits[card.suit]
            prev = card.rank + 1 if suit.descending else card.rank - 1
            want = card.suit * 5 + prev - 1
            for p, hand in enumerate(view.hands):
                for h in hand:
                    c = view.card(h)
                    if p != view.seat and c is not None and c.identity == want and self.notes.called(view, h):
                        return say("waiting for", slot=slot + 1, card=view.variant.card_name(card), player=view.names[p], their_card=view.variant.card_name(c))
        return ""

    def odds(self, view: PlayerView, masks: dict[int, int], b: Board) -> dict[int, float]:
        """How likely each card of mine is playable now: deck empty, my hand as a whole holds exactly what I
        cannot see (`hand_odds`, my readings first, then the clues alone); otherwise each card by itself
        (`chance`)."""
        if view.deck_count == 0:
            empathy = {o: view.empathy(o) for o in view.my_hand}
            odds = hand_odds([masks, empathy], view.remaining(), b.playable)
            if odds is not None:
                return odds
        return {o: self.chance(view, masks[o], b) for o in view.my_hand}

    def chance(self, view: PlayerView, mask: int, b: Board) -> float:
        """Share of a card's possible identities (weighted by copies left) that are playable now."""
        rem = view.remaining()
        ids = identities_in(mask)
        total = sum(max(rem[i], 0) for i in ids)
        good = sum(max(rem[i], 0) for i in ids if (1 << i) & b.playable)
        return good / total if total else 0.0

    def best_guess(self, view: PlayerView, b: Board, masks: dict[int, int]) -> Decision | None:
        """Deck empty, a spare error token: play the card most likely to score, if it is likely enough."""
        odds = self.odds(view, masks, b)
        best = max(view.my_hand, key=lambda o: odds[o], default=None)
        if best is None:
            return None
        p = odds[best]
        # last round: a misplay costs only an error token we can spare; Final flourish plays on, so care more
        limit = 0.9 if view.variant.final_flourish else 0.01
        if p >= limit:
            return Decision(Play(best), say("end-game guess", slot=view.my_hand.index(best) + 1, percent=round(p * 100)),
                            guess=True)
        return None

    # ------------------------------------------------------------------------------------------------
    # Bonus tiles (5 Flamboyants)
    # ------------------------------------------------------------------------------------------------
    def choose_tile(self, view: PlayerView) -> Decision:
        """Pick a bonus tile's choice from `view.legal`."""
        b = self.notes.board(view)
        tile = view.pending
        if tile in (Tile.FREE_COLOUR_CLUE, Tile.FREE_RANK_CLUE):
            value, clue = best_clue(view, self.notes, b, forced=True)
            clue = clue or view.legal[0]
            return Decision(clue, say("free clue", why=explain_clue(view, self.notes, clue, b)))
        replays = [a for a in view.legal if isinstance(a, Replay)]
        playable = [a for a in replays if view.is_playable(view.visible[a.card])]
        if playable:
            a = playable[0]
            return Decision(a, say("tile replay", card=name_of(view, a.card)))
        recovers = [a for a in view.legal if isinstance(a, Recover)]
        if recovers:
            a = max(recovers, key=lambda r: self.recover_value(view, view.visible[r.card], b))
            return Decision(a, say("tile recover", card=name_of(view, a.card)))
        a = view.legal[0]
        return Decision(a, say("tile unused"))

    def recover_value(self, view: PlayerView, card: Card, b: Board) -> float:
        """How much the display gains from this discarded card coming back."""
        if (1 << card.identity) & b.trash:
            return -1.0
        left = view.public_remaining()[card.identity]
        lost = 20.0 if left == 0 else 0.0
        return lost - card.rank if not view.variant.suits[card.suit].descending else lost - (6 - card.rank)
