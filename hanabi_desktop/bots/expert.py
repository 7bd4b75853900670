"""The `expert` bot: a hat-guessing information strategy (3-5 players) no person could follow.

Each clue's value (target, colour or rank, whether it touches the target's newest card; see `expert_hat`)
answers a question about every other player's hand at once. The bots then play cards their answers prove
playable, clue when someone holds a playable card they do not know of, and otherwise discard the card least
likely to matter. With 2 players one clue can only inform one hand, so the bot plays the convention bot's
policy with a safer end game.
"""

from __future__ import annotations

from dataclasses import replace

from hanabi_desktop.bots import expert_hat as hat
from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.engine import (
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
)
from hanabi_desktop.engine.cards import identities_in

RISKY_PLAY_MIN = 0.75  # a card that is playable or dead, playable this often, is worth a spare error token
HINT_TOKENS = 4  # with more tokens than this, a clue always beats a discard
HARMFUL = 10.0  # a clue that makes someone believe a card is playable when it is not


class ExpertBot(Bot):
    """Hat guessing: every clue tells every other player something about their own hand."""

    name = "expert"
    description = ("Strongest all-bot team: hat-guessing conventions no person follows (each clue informs every "
                   "other player); for watching and benchmarking.")
    human_style = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.partner = ConventionsBot(seat, players, variant, seed) if players == 2 else None
        self.tables = hat.PublicTables()
        self.prev: PlayerView | None = None  # the last view seen: the state before the next action
        self.seen = 0  # history actions already read

    # ------------------------------------------------------------------------------------------------
    # Reading the table
    # ------------------------------------------------------------------------------------------------
    def observe(self, view: PlayerView) -> None:
        """Read the actions since the last view (hat clues update the public tables)."""
        if self.partner is not None:
            self.partner.observe(view)
        self._sync(view)

    def _sync(self, view: PlayerView) -> None:
        while self.seen < len(view.history):
            action = view.history[self.seen]
            last = self.seen == len(view.history) - 1
            prev = self.prev if self.prev is not None and len(self.prev.history) == self.seen else None
            # a free clue (bonus tile) carries no hat value; the very first action of a game is never one
            free = prev is not None and prev.pending is not None
            if last and not free and isinstance(action, ColourClue | RankClue):
                giver = prev.current if prev is not None else (view.current - 1) % self.players
                self._read_clue(giver, view, action)
            self.seen += 1
        self.prev = view

    def _read_clue(self, giver: int, view: PlayerView, clue: ColourClue | RankClue) -> None:
        """Decode a hat clue against the state just before it (rebuilt from `view`, the state just after)."""
        hand = view.hands[clue.target]
        if not hand:
            return
        knowledge = dict(view.knowledge)
        for o in hand:
            mask = self.variant.all_mask
            for _, c, hit in view.clue_history[o][:-1]:
                cm = hat.clue_mask(self.variant, c)
                mask &= cm if hit else ~cm
            knowledge[o] = mask
        prev = replace(view, knowledge=knowledge)
        newest = hand[0]
        touched = view.clue_history[newest][-1][2]
        value = hat.decode(giver, clue, touched, self.players)
        m = hat.modulus(self.players)
        qs = {p: hat.questions(prev, self.tables, p, m) for p in range(self.players) if p != giver}
        answers = {p: hat.answer(q, prev.visible) for p, q in qs.items() if p != self.seat}
        if self.seat != giver:
            mine = (value - sum(answers.values())) % m
            if mine < hat.capacity(qs[self.seat]):
                answers[self.seat] = mine
        for p, a in answers.items():
            hat.apply_answer(qs[p], a, self.tables, prev)

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """Choose a legal action and say why."""
        self._sync(view)
        if self.partner is not None:
            return self.partner.decide(view)
        if view.pending is not None:
            return self.choose_tile(view)
        counts = view.remaining()
        play = hat.playable_mask(view)
        trash = hat.trash_mask(view)
        hand = view.my_hand
        mine = {o: self.tables.mask(view, o, counts) for o in hand}
        legal = set(view.legal)
        plays = [o for o in hand if mine[o] and not mine[o] & ~play and Play(o) in legal]
        if plays:
            o = max(plays, key=lambda o: (self.play_value(view, mine[o]), -hand.index(o)))
            return Decision(Play(o), f"playing slot {hand.index(o) + 1}: the hat says {self.describe(mine[o])}")
        risky = self.risky_play(view, mine, play, trash)
        if risky is not None:
            return risky
        can_discard = any(isinstance(a, Discard) for a in legal)
        useless = [o for o in hand if mine[o] and not mine[o] & ~trash]
        if view.clue_tokens > 0 and self.wants_clue(view, bool(useless)) or not can_discard:
            clue = self.hat_clue(view)
            if clue is not None and clue.explanation:
                return clue
            if clue is not None and not can_discard:
                return Decision(clue.action, "no discard allowed and no clue carries the hat value: "
                                             "the clue whose misreading does least harm")
        if can_discard:
            return self.discard(view, mine, trash, useless)
        return self.forced(view, mine, play)

    def wants_clue(self, view: PlayerView, has_useless: bool) -> bool:
        """hanabi.rs's rule: clue if someone must learn of a play; else discard known trash; else clue if useful."""
        others = [p for p in range(view.players) if p != view.seat]
        can_play = [p for p in others if any(view.is_playable(view.visible[o]) for o in view.hands[p])]
        if any(not self.knows_play(view, p) for p in can_play):
            return True
        if has_useless and len(view.discard_pile) <= self.discard_threshold(view):
            return False
        return bool(can_play) or view.clue_tokens > HINT_TOKENS

    def discard_threshold(self, view: PlayerView) -> int:
        """Discards the team can afford: cards beyond one of each identity and the hands."""
        v = view.variant
        return v.deck_size - len(v.copies) - view.players * view.hand_size

    def knows_play(self, view: PlayerView, seat: int) -> bool:
        """Does `seat` know, from public information, that one of its cards is playable?"""
        play = hat.playable_mask(view)
        return any((m := self.tables.mask(view, o)) and not m & ~play for o in view.hands[seat])

    def play_value(self, view: PlayerView, mask: int) -> float:
        """Prefer plays that let a card someone holds follow, then low ranks, and 5s for the clue back."""
        held = {view.visible[o].identity for p, h in enumerate(view.hands) if p != view.seat for o in h}
        best = 0.0
        for i in identities_in(mask):
            c = Card.from_identity(i)
            suit = view.variant.suits[c.suit]
            nxt = c.rank - 1 if suit.descending else c.rank + 1
            v = 2.0 if 1 <= nxt <= 5 and Card(c.suit, nxt).identity in held else 0.0
            v += (5 - c.rank) / 10 if not suit.descending else (c.rank - 1) / 10
            if c.rank == (1 if suit.descending else 5) and view.clue_tokens < 8:
                v += 1.0
            best = max(best, v)
        return best

    def risky_play(self, view: PlayerView, mine: dict[int, int], play: int, trash: int) -> Decision | None:
        """A card that is surely playable or dead, usually playable, with error tokens to spare."""
        if view.strikes >= 1 and view.deck_count > 0:
            return None
        if view.strikes >= 2:
            return None
        counts = view.remaining()
        legal = set(view.legal)
        ff = view.variant.final_flourish
        crit = hat.critical_mask(view)
        best: tuple[float, int] | None = None
        for o in view.my_hand:
            m = mine[o]
            if not m or Play(o) not in legal:
                continue
            p = hat.share(m, play, counts)
            safe = not m & ~(play | trash)
            if ff and m & crit & ~play:
                continue
            endgame = view.final_turns_left is not None
            if (safe and p >= RISKY_PLAY_MIN and len(view.discard_pile) <= self.discard_threshold(view)) \
                    or (endgame and p > 0 and not self.someone_needs_clue(view)):
                if best is None or p > best[0]:
                    best = (p, o)
        if best is None:
            return None
        p, o = best
        return Decision(Play(o), f"playing slot {view.my_hand.index(o) + 1}: playable {round(p * 100)}% of the time, "
                                 "worth an error token")

    def someone_needs_clue(self, view: PlayerView) -> bool:
        """Does another player hold a playable card without knowing any play?"""
        return view.clue_tokens > 0 and any(
            p != view.seat and any(view.is_playable(view.visible[o]) for o in view.hands[p])
            and not self.knows_play(view, p)
            for p in range(view.players)
        )

    # ------------------------------------------------------------------------------------------------
    # Clues
    # ------------------------------------------------------------------------------------------------
    def hat_clue(self, view: PlayerView) -> Decision | None:
        """The clue carrying the sum of everyone's answers; with its explanation empty if none is exact.

        When no legal clue carries the exact value, the clue whose misreading does least harm is returned
        with an empty explanation (the caller gives it only if nothing else is legal).
        """
        m = hat.modulus(view.players)
        qs = {p: hat.questions(view, self.tables, p, m) for p in range(view.players) if p != view.seat}
        answers = {p: hat.answer(q, view.visible) for p, q in qs.items()}
        value = sum(answers.values()) % m
        exact = hat.encodings(view, value)
        if exact:
            clue = max(exact, key=lambda a: self.side_value(view, a))
            return Decision(clue, self.explain(view, clue, qs, answers))
        clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
        if not clues:
            return None
        play = hat.playable_mask(view)

        def harm(a: ColourClue | RankClue) -> float:
            hand = view.hands[a.target]
            touched = bool(hand) and bool(hat.clue_mask(view.variant, a) & (1 << view.visible[hand[0]].identity))
            delta = (hat.decode(view.seat, a, touched, view.players) - value) % m
            out = 0.0
            for p, q in qs.items():
                wrong = (answers[p] + delta) % m
                if wrong >= hat.capacity(q):
                    continue
                out += 1.0
                scratch = hat.PublicTables()
                scratch.hat = dict(self.tables.hat)
                hat.apply_answer(q, wrong, scratch, view)
                for o in view.hands[p]:
                    mk = scratch.mask(view, o)
                    if mk and not mk & ~play and not view.is_playable(view.visible[o]):
                        out += HARMFUL
            return out

        clue = min(clues, key=harm)
        return Decision(clue, "")

    def side_value(self, view: PlayerView, clue: ColourClue | RankClue) -> float:
        """What a clue's ordinary meaning adds: identities it rules out of the target's cards."""
        cm = hat.clue_mask(view.variant, clue)
        out = 0.0
        for o in view.hands[clue.target]:
            k = view.knowledge[o]
            hit = (1 << view.visible[o].identity) & cm
            after = k & cm if hit else k & ~cm
            out += bin(k).count("1") - bin(after).count("1")
        return out

    def explain(self, view: PlayerView, clue: Action, qs: dict[int, list[hat.Question]],
                answers: dict[int, int]) -> str:
        """'hat clue: tells Cat slot 2 is playable, Bob slot 4 is trash'."""
        parts = []
        for p in sorted(qs, key=lambda p: (p - view.seat) % view.players):
            news = []
            value = answers[p]
            hand = view.hands[p]
            for q in qs[p]:
                k = value % len(q.blocks)
                value //= len(q.blocks)
                slot = hand.index(q.order) + 1
                block = q.blocks[k]
                if q.kind == "play":
                    news.append(f"slot {slot} is {'playable' if k else 'not playable'}")
                elif block & hat.trash_mask(view) == block:
                    news.append(f"slot {slot} is trash")
                elif block & (block - 1) == 0:
                    news.append(f"slot {slot} is identified")
                else:
                    news.append(f"slot {slot} is one of {bin(block).count('1')}")
            if news:
                parts.append(f"{view.names[p]} {', '.join(news[:2])}")
        what = f"{view.variant.colour_names[clue.colour]}" if isinstance(clue, ColourClue) else \
            f"{clue.rank}s" if isinstance(clue, RankClue) else str(clue)
        return f"hat clue ({what} to {view.names[clue.target]}): tells " + ("; ".join(parts) or "nothing new")

    # ------------------------------------------------------------------------------------------------
    # Discards and forced moves
    # ------------------------------------------------------------------------------------------------
    def discard(self, view: PlayerView, mine: dict[int, int], trash: int, useless: list[int]) -> Decision:
        """Known trash first, else the card least likely to matter."""
        hand = view.my_hand
        if useless:
            o = useless[-1]
            return Decision(Discard(o), f"discarding slot {hand.index(o) + 1}: the hat says it is trash")
        counts = view.remaining()
        crit = hat.critical_mask(view)
        seen = 0
        for p, h in enumerate(view.hands):
            if p != view.seat:
                for x in h:
                    seen |= 1 << view.visible[x].identity

        def keep_score(o: int) -> float:
            m = mine[o]
            p_trash = hat.share(m, trash, counts)
            p_seen = hat.share(m, seen, counts)
            p_crit = hat.share(m, crit, counts)
            ranks = [i % 5 + 1 for i in identities_in(m)] or [3]
            return -(30 * p_trash + 20 * p_seen + 10 * (1 - p_crit) + sum(ranks) / len(ranks) / 5)

        o = min(hand, key=lambda o: (keep_score(o), -hand.index(o)))
        if view.variant.final_flourish and mine[o] & crit and view.clue_tokens > 0:
            clue = self.hat_clue(view)
            if clue is not None and clue.explanation:
                return Decision(clue.action, clue.explanation + " (rather than risk a last copy)")
        return Decision(Discard(o), f"discarding slot {hand.index(o) + 1}: the card least likely to be needed")

    def forced(self, view: PlayerView, mine: dict[int, int], play: int) -> Decision:
        """No discard and no clue: play the likeliest card (or take the only action left)."""
        counts = view.remaining()
        plays = [a for a in view.legal if isinstance(a, Play)]
        if plays:
            a = max(plays, key=lambda a: hat.share(mine[a.card], play, counts))
            return Decision(a, f"no clue or discard possible: playing slot {view.my_hand.index(a.card) + 1}, "
                               "my likeliest card")
        return Decision(view.legal[0], "the only kind of action left")

    # ------------------------------------------------------------------------------------------------
    # Bonus tiles (5 Flamboyants)
    # ------------------------------------------------------------------------------------------------
    def choose_tile(self, view: PlayerView) -> Decision:
        """A free clue (no hat value: the clue that teaches most), or the discarded card to bring back."""
        tile = view.pending
        legal = list(view.legal)
        if tile in (Tile.FREE_COLOUR_CLUE, Tile.FREE_RANK_CLUE):
            clues = [a for a in legal if isinstance(a, ColourClue | RankClue)]
            clue = max(clues, key=lambda a: (self.free_clue_value(view, a), -legal.index(a)))
            return Decision(clue, f"free clue from the bonus tile (no hat value) to {view.names[clue.target]}")
        replays = [a for a in legal if isinstance(a, Replay) and view.is_playable(view.visible[a.card])]
        if replays:
            a = replays[0]
            return Decision(a, f"bonus tile: the discarded {self.card_name(view, a.card)} goes into play")
        recovers = [a for a in legal if isinstance(a, Recover)]
        if recovers:
            a = max(recovers, key=lambda r: (self.recover_value(view, view.visible[r.card]), -legal.index(r)))
            return Decision(a, f"bonus tile: the discarded {self.card_name(view, a.card)} goes back into the deck")
        return Decision(legal[0], "bonus tile: no discarded card fits, so the choice costs nothing")

    def free_clue_value(self, view: PlayerView, clue: ColourClue | RankClue) -> float:
        """Touched playable cards their holder does not know of count most, then plain information."""
        cm = hat.clue_mask(view.variant, clue)
        play = hat.playable_mask(view)
        value = self.side_value(view, clue) / 10
        for o in view.hands[clue.target]:
            if (1 << view.visible[o].identity) & cm & play:
                k = self.tables.mask(view, o) & cm
                value += 2.0 if k and not k & ~play else 1.0
        return value

    def recover_value(self, view: PlayerView, card: Card) -> float:
        """How much the display gains from this discarded card coming back."""
        if view.is_trash(card):
            return -1.0
        lost = 20.0 if view.public_remaining()[card.identity] == 0 else 0.0
        return lost - (6 - card.rank if view.variant.suits[card.suit].descending else card.rank)

    def card_name(self, view: PlayerView, order: int) -> str:
        """'red 3' for a visible card."""
        return view.variant.card_name(view.visible[order])

    def describe(self, mask: int) -> str:
        """'red 3' for one identity, else 'one of N playable cards'."""
        ids = identities_in(mask)
        if len(ids) == 1:
            return f"it is {self.variant.card_name(Card.from_identity(ids[0]))}"
        return f"it is one of {len(ids)} playable cards"
