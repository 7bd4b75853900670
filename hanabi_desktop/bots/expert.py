"""The `expert` bot: a hat-guessing information strategy no person could follow.

Each clue's value (target, colour or rank, whether it touches the target's newest card; see `expert_hat`)
answers a question about every other player's hand at once. The bots then play cards their answers prove
playable, clue when someone holds a playable card they do not know of, and otherwise discard the card least
likely to matter. With 2 players a clue informs only one hand, yet the scheme still beats the convention
bot there (measured on 1000 games: 23.13 against 21.0).
"""

from __future__ import annotations

from dataclasses import replace

from hanabi_desktop.bots import expert_hat as hat
from hanabi_desktop.bots.base import Bot, Decision
from hanabi_desktop.engine import (
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
from hanabi_desktop.engine.masks import clue_mask, touches
from hanabi_desktop.i18n import N_, _, ngettext

RISKY_PLAY_MIN = 0.75
RISKY_STRIKES = 1  # risky plays only with fewer error tokens used than this  # a card that is playable or dead, playable this often, is worth a spare error token
HINT_TOKENS = 4  # with more tokens than this, a clue always beats a discard
HARMFUL = 10.0  # a clue that makes someone believe a card is playable when it is not
# choosing a discard: weights of 'surely a duplicate of a card I see, or dead', 'not a last copy', mean rank
# (a likely duplicate used to weigh 20: 22.62 -> 23.08 with 2 players, 24.84 -> 24.92 with 3)
W_SEEN, W_CRIT, W_RANK = 5.0, 10.0, 1.0
END_STALL = 9  # cards left in the deck from which a clue beats a discard that is not known trash


class ExpertBot(Bot):
    """Hat guessing: every clue tells every other player something about their own hand."""

    name = "expert"
    description = N_("Strongest all-bot team: hat-guessing conventions no person follows (each clue informs every "
                     "other player); for watching and benchmarking.")
    human_style = False

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0) -> None:
        super().__init__(seat, players, variant, seed)
        self.tables = hat.PublicTables()
        self.prev: PlayerView | None = None  # the last view seen: the state before the next action
        self.seen = 0  # history actions already read

    # ------------------------------------------------------------------------------------------------
    # Reading the table
    # ------------------------------------------------------------------------------------------------
    def observe(self, view: PlayerView) -> None:
        """Read the actions since the last view (hat clues update the public tables)."""
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
            elif prev is not None and isinstance(action, Discard):
                self._read_discard(prev, action)
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
            for _turn, c, hit in view.clue_history[o][:-1]:
                cm = clue_mask(self.variant, c)
                mask &= cm if hit else ~cm
            knowledge[o] = mask
        prev = replace(view, knowledge=knowledge, current=giver)
        card = hat.hint_card(prev, self.tables, clue.target)
        if card is None:
            return
        touched = view.clue_history[card][-1][2]
        value, total = hat.clue_value(prev, self.tables, giver, clue, touched)
        if total > 1:
            hat.read_hat_sum(prev, self.tables, giver, total, value)

    def _read_discard(self, prev: PlayerView, discard: Discard) -> None:
        """A discard with clue tokens left says no one needed a clue; among known trash, which one is a hat value."""
        giver = prev.current
        useless = self.public_useless(prev, giver, self.tables)
        if prev.clue_tokens > 0:
            self.nobody_needs_clue(prev, giver, self.tables)
        if len(useless) > 1 and discard.card in useless:
            hat.read_hat_sum(prev, self.tables, giver, len(useless), useless.index(discard.card))

    def nobody_needs_clue(self, view: PlayerView, giver: int, tables: hat.PublicTables) -> None:
        """Whoever does not know of a play holds none (else `giver` would have clued rather than discarded)."""
        play = view.playable_mask()
        for p in range(view.players):
            if p != giver and not self.knows_play(view, p, tables):
                for o in view.hands[p]:
                    tables.restrict(o, ~play, view)

    def knows_play(self, view: PlayerView, seat: int, tables: hat.PublicTables) -> bool:
        """Does `seat` know, from public information, that one of its cards is playable?"""
        play = view.playable_mask()
        return any((m := tables.mask(view, o)) and not m & ~play for o in view.hands[seat])

    def public_useless(self, view: PlayerView, seat: int, tables: hat.PublicTables) -> list[int]:
        """`seat`'s cards everyone knows are trash or duplicates in the same hand, oldest first."""
        trash = view.trash_mask()
        out = set()
        seen: dict[int, int] = {}
        for o in hat.hand_oldest_first(view, seat):
            m = tables.mask(view, o)
            if m and not m & ~trash:
                out.add(o)
            elif hat.single(m):
                if m in seen:
                    out.update((o, seen[m]))
                else:
                    seen[m] = o
        return [o for o in hat.hand_oldest_first(view, seat) if o in out]

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """Choose a legal action and say why."""
        self._sync(view)
        if view.pending is not None:
            return self.choose_tile(view)
        counts = view.remaining()
        play = view.playable_mask()
        trash = view.trash_mask()
        hand = view.my_hand
        mine = {o: self.tables.mask(view, o, counts) for o in hand}
        legal = set(view.legal)
        plays = [o for o in hand if mine[o] and not mine[o] & ~play and Play(o) in legal]
        if plays:
            o = max(plays, key=lambda o: (self.play_score(view, mine[o], counts), -hand.index(o)))
            return Decision(Play(o), _("playing slot {slot}: the hat says {what}").format(slot=hand.index(o) + 1, what=self.describe(mine[o])))
        risky = self.risky_play(view, mine, play, trash)
        if risky is not None:
            return risky
        can_discard = any(isinstance(a, Discard) for a in legal)
        useless = self.public_useless(view, view.seat, _Private(mine))
        others_play = [p for p in range(view.players) if p != view.seat
                       and any(view.is_playable(view.visible[o]) for o in view.hands[p])]
        need = view.clue_tokens > 0 and any(not self.knows_play(view, p, self.tables) for p in others_play)
        # 2 players: rather than discard, clue when the partner would throw a last copy next (its answer may say
        # so, and the clue gives it something else to do: 2p 23.10 -> 23.20 on 600 dev games, 23.00 -> 23.14 on 300)
        warn = view.players == 2 and view.clue_tokens > 0 and not need and self.partner_discards_critical(view)
        need = need or warn
        # with few cards left in the deck, a clue rather than a guessed discard, which would hurry the end
        # (2p +0.03 on 2100 dev games: devA 23.20 -> 23.21, devD 23.02 -> 23.05, devE 23.00 -> 23.03, devB
        # 23.14 -> 23.25; 3p 24.915 -> 24.92)
        need = need or (view.clue_tokens > 0 and 0 < view.deck_count <= END_STALL and not useless)
        will_clue = need or (view.clue_tokens > 0 and not (
            useless and len(view.discard_pile) <= self.discard_threshold(view)) and (
            bool(others_play) or view.clue_tokens > HINT_TOKENS))
        if will_clue or not can_discard:
            clue = self.hat_clue(view, exact_only=not (need or not can_discard))
            if clue is not None:
                if warn:
                    return Decision(clue.action, _("{why} (warning: their next discard is a last copy)").format(why=clue.explanation))
                return clue
        if can_discard:
            return self.discard(view, mine, trash, counts)
        return self.forced(view, mine, play, counts)

    def partner_discards_critical(self, view: PlayerView) -> bool:
        """2 players: would the partner, knowing no play and no trash, throw a last copy it does not know of?"""
        o = self.partner_next_discard(view)
        return o is not None and view.is_critical(view.visible[o]) and bool(
            self.tables.mask(view, o) & ~view.critical_mask())

    def partner_next_discard(self, view: PlayerView) -> int | None:
        """2 players: the card the partner would throw next, predicted from public facts (as `expert_hat.ask`
        does when it asks whether that card is a last copy); None if it knows a play or trash."""
        p = 1 - view.seat
        if self.knows_play(view, p, self.tables) or self.public_useless(view, p, self.tables):
            return None
        ctx = hat.Context(view)
        hand = hat.hand_oldest_first(view, p)
        return max(hand, key=lambda o: (hat.discard_appeal(ctx, self.tables.mask(view, o), hat.W_TRASH_2P),
                                        -hand.index(o)))

    def discard_threshold(self, view: PlayerView) -> int:
        """Discards the team can afford: cards beyond one of each identity and the hands."""
        v = view.variant
        return v.deck_size - len(v.copies) - view.players * view.hand_size

    def play_score(self, view: PlayerView, mask: int, counts: list[int]) -> float:
        """Low ranks first, and cards no one else holds a copy of (hanabi.rs's (10 - rank) / holders)."""
        held: dict[int, int] = {}
        if view.deck_count > 0:
            for p, h in enumerate(view.hands):
                if p != view.seat:
                    for o in h:
                        i = view.visible[o].identity
                        held[i] = held.get(i, 0) + 1
        total = score = 0.0
        for i in identities_in(mask):
            c = Card.from_identity(i)
            rank = 6 - c.rank if view.variant.suits[c.suit].descending else c.rank
            w = max(counts[i], 1)
            total += w
            score += w * (10 - rank) / (1 + held.get(i, 0))
        return score / total if total else 0.0

    def risky_play(self, view: PlayerView, mine: dict[int, int], play: int, trash: int) -> Decision | None:
        """A card that is surely playable or dead, usually playable, with error tokens to spare."""
        if view.strikes >= RISKY_STRIKES:
            return None
        counts = view.remaining()
        legal = set(view.legal)
        crit = view.critical_mask()
        ff = view.variant.final_flourish
        last_round = view.final_turns_left is not None
        best: tuple[float, int] | None = None
        for o in view.my_hand:
            m = mine[o]
            if not m or Play(o) not in legal or (ff and m & crit & ~play):
                continue
            p = hat.share(m, play, counts)
            safe = not m & ~(play | trash)
            if (safe and p > RISKY_PLAY_MIN and len(view.discard_pile) <= self.discard_threshold(view)) \
                    or (last_round and p > 0 and view.strikes < 2):
                if best is None or p > best[0]:
                    best = (p, o)
        if best is None:
            return None
        p, o = best
        if last_round and not (p > RISKY_PLAY_MIN) and self.someone_needs_clue(view):
            return None
        return Decision(Play(o), _("playing slot {slot}: playable {percent}% of the time, "
                                   "worth an error token").format(slot=view.my_hand.index(o) + 1, percent=round(p * 100)))

    def someone_needs_clue(self, view: PlayerView) -> bool:
        """Does another player hold a playable card without knowing any play (and can we clue)?"""
        return view.clue_tokens > 0 and any(
            p != view.seat and any(view.is_playable(view.visible[o]) for o in view.hands[p])
            and not self.knows_play(view, p, self.tables)
            for p in range(view.players)
        )

    # ------------------------------------------------------------------------------------------------
    # Clues
    # ------------------------------------------------------------------------------------------------
    def hat_clue(self, view: PlayerView, exact_only: bool) -> Decision | None:
        """The clue carrying the sum of everyone's answers; if none is legal, the one misread least harmfully."""
        plan = hat.layout(view, self.tables, view.seat)
        total = sum(c for _, c in plan)
        if total < 2:
            clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
            if exact_only or not clues:
                return None
            clue = max(clues, key=lambda a: (self.side_value(view, a), -view.legal.index(a)))
            return Decision(clue, _("clue to {player}: no hat value left to give, plain information").format(player=view.names[clue.target]))
        value, news = hat.hat_sum(view, self.tables, view.seat, total)
        exact = hat.encodings(view, self.tables, value)
        if exact:
            clue = max(exact, key=lambda a: (self.side_value(view, a), -view.legal.index(a)))
            return Decision(clue, self.explain(view, clue, news))
        clues = [a for a in view.legal if isinstance(a, ColourClue | RankClue)]
        if exact_only or not clues:
            return None
        clue = min(clues, key=lambda a: (self.harm(view, a, value, total), -view.legal.index(a)))
        return Decision(clue, _("clue to {player}: no clue carries the hat value, "
                                "so the one whose misreading does least harm").format(player=view.names[clue.target]))

    def harm(self, view: PlayerView, clue: ColourClue | RankClue, value: int, total: int) -> float:
        """How badly the receivers would misread `clue` when the true hat value is `value`."""
        card = hat.hint_card(view, self.tables, clue.target)
        touched = card is not None and touches(view.variant, clue, view.visible[card])
        got, _rest = hat.clue_value(view, self.tables, view.seat, clue, touched)
        delta = (got - value) % total
        if delta == 0:
            return 0.0
        ctx = hat.Context(view)
        out = 0.0
        for p in range(view.players):
            if p == view.seat:
                continue
            a, _ = hat.encode_hand(ctx, self.tables, p, total)
            masks = hat.decode_hand(ctx, self.tables, p, total, (a + delta) % total)
            out += 1.0
            for o, m in masks.items():
                if m and not m & ~ctx.playable and not view.is_playable(view.visible[o]):
                    out += HARMFUL
        return out

    def side_value(self, view: PlayerView, clue: ColourClue | RankClue) -> float:
        """What a clue's ordinary meaning adds: identities it rules out of the target's cards."""
        cm = clue_mask(view.variant, clue)
        out = 0.0
        for o in view.hands[clue.target]:
            k = self.tables.mask(view, o)
            hit = (1 << view.visible[o].identity) & cm
            after = k & cm if hit else k & ~cm
            out += bin(k).count("1") - bin(after).count("1")
        return out

    def explain(self, view: PlayerView, clue: ColourClue | RankClue, news: dict[int, dict[int, int]]) -> str:
        """'hat clue (red to Bob): tells Cat slot 2 is playable; Bob slot 4 is trash'."""
        play = view.playable_mask()
        trash = view.trash_mask()
        parts = []
        for p in sorted(news, key=lambda p: (p - view.seat) % view.players):
            hand = view.hands[p]
            told = []
            narrowed = 0
            for o, m in news[p].items():
                old = self.tables.mask(view, o)
                if m == old:
                    continue
                slot = hand.index(o) + 1
                if not m & ~play and old & ~play:
                    told.append(_("slot {slot} is playable").format(slot=slot))
                elif not m & ~trash and old & ~trash:
                    told.append(_("slot {slot} is trash").format(slot=slot))
                else:
                    narrowed += 1
            if narrowed:
                told.append(ngettext("{n} card narrowed", "{n} cards narrowed", narrowed).format(n=narrowed))
            parts.append(_("{player} {news}").format(player=view.names[p], news=', '.join(told) if told else _('nothing new')))
        what = _(view.variant.colour_names[clue.colour]) if isinstance(clue, ColourClue) else _("{rank}s").format(rank=clue.rank)
        return _("hat clue ({clue} to {player}): tells {news}").format(clue=what, player=view.names[clue.target], news="; ".join(parts))

    # ------------------------------------------------------------------------------------------------
    # Discards and forced moves
    # ------------------------------------------------------------------------------------------------
    def discard(self, view: PlayerView, mine: dict[int, int], trash: int, counts: list[int]) -> Decision:
        """Known trash (a hat value picks which, if several), else the card least likely to matter."""
        hand = view.my_hand
        tables = self.tables.copy()
        public = self.public_useless(view, view.seat, tables)
        if view.clue_tokens > 0:
            self.nobody_needs_clue(view, view.seat, tables)
        if len(public) > 1:
            value, _rest = hat.hat_sum(view, tables, view.seat, len(public))
            o = public[value]
            return Decision(Discard(o), _("discarding slot {slot}: known trash (which one is a hat value)").format(slot=hand.index(o) + 1))
        useless = self.public_useless(view, view.seat, _Private(mine))
        if useless:
            o = useless[0]
            return Decision(Discard(o), _("discarding slot {slot}: the hat says it is trash").format(slot=hand.index(o) + 1))
        crit = view.critical_mask()
        seen = 0
        for p, h in enumerate(view.hands):
            if p != view.seat:
                for x in h:
                    seen |= 1 << view.visible[x].identity

        def discard_value(o: int) -> float:
            m = mine[o]
            ids = [i for i in identities_in(m) if counts[i] > 0] or [0]
            rank = sum(i % 5 + 1 for i in ids) / len(ids)
            return (W_SEEN * hat.share(m, seen | trash, counts) + W_CRIT * (1 - hat.share(m, crit, counts))
                    + W_RANK * rank)

        o = max(reversed(hand), key=discard_value)
        if view.variant.final_flourish and mine[o] & crit and view.clue_tokens > 0:
            clue = self.hat_clue(view, exact_only=False)
            if clue is not None:
                return Decision(clue.action, _("{why} (rather than risk a last copy)").format(why=clue.explanation))
        return Decision(Discard(o), _("discarding slot {slot}: the card least likely to be needed").format(slot=hand.index(o) + 1))

    def forced(self, view: PlayerView, mine: dict[int, int], play: int, counts: list[int]) -> Decision:
        """No discard and no clue: play the likeliest card (or take the only action left)."""
        plays = [a for a in view.legal if isinstance(a, Play)]
        if plays:
            a = max(plays, key=lambda a: hat.share(mine[a.card], play, counts))
            return Decision(a, _("no clue or discard possible: playing slot {slot}, "
                                 "my likeliest card").format(slot=view.my_hand.index(a.card) + 1))
        return Decision(view.legal[0], _("the only kind of action left"))

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
            return Decision(clue, _("free clue from the bonus tile (no hat value) to {player}").format(player=view.names[clue.target]))
        replays = [a for a in legal if isinstance(a, Replay) and view.is_playable(view.visible[a.card])]
        if replays:
            a = replays[0]
            return Decision(a, _("bonus tile: the discarded {card} goes into play").format(card=self.card_name(view, a.card)))
        recovers = [a for a in legal if isinstance(a, Recover)]
        if recovers:
            a = max(recovers, key=lambda r: (self.recover_value(view, view.visible[r.card]), -legal.index(r)))
            return Decision(a, _("bonus tile: the discarded {card} goes back into the deck").format(card=self.card_name(view, a.card)))
        return Decision(legal[0], _("bonus tile: no discarded card fits, so the choice costs nothing"))

    def free_clue_value(self, view: PlayerView, clue: ColourClue | RankClue) -> float:
        """Touched playable cards their holder does not know of count most, then plain information."""
        cm = clue_mask(view.variant, clue)
        play = view.playable_mask()
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
            return _("it is {card}").format(card=self.variant.card_name(Card.from_identity(ids[0])))
        return _("it is one of {n} playable cards").format(n=len(ids))


class _Private(hat.PublicTables):
    """Masks of our own cards as we see them (public facts plus our own counting), read as tables."""

    def __init__(self, masks: dict[int, int]) -> None:
        super().__init__()
        self.masks = masks

    def mask(self, view: PlayerView, order: int, counts: list[int] | None = None) -> int:
        """Our own mask of card `order`."""
        return self.masks[order]
