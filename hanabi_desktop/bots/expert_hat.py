"""Hat guessing for the `expert` bot: public card tables, the questions a hat value answers, and clue codes.

Every seat computes the same things from public information only (clue knowledge, played and discarded
cards, and the answers of earlier hat values), so a hat value can be read the same way by everyone. The
scheme follows the 'information strategy' of Cox et al. as refined in Jeff Wu's hanabi.rs:

* Questions about one hand are asked one after another from public information, each knowing the answers
  before it: "which of these cards is the first playable (or dead) one?", "is this card playable?", or "which
  block of this partition of the card's identities holds it?". Answers are packed in mixed radix, and the
  room left for later questions depends on earlier answers, so that all of the modulus is used.
* A clue's value is the sum mod M of every other player's answer. Each target offers 3 or 4 codes: a rank clue
  touching its 'hint card', a colour clue touching it, and clues missing it (split into rank and colour when it
  is public that the hand holds two colours and two ranks). M is the sum over the targets.
* Each receiver subtracts the answers it can see and reads its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.engine import Card, ColourClue, PlayerView, RankClue
from hanabi_desktop.engine.cards import ColourClues, identities_in
from hanabi_desktop.engine.masks import clue_mask

Clue = ColourClue | RankClue
ASK_CRITICAL = True  # also ask whether the card a hand would discard next is a last copy
W_TRASH_2P = 5.0  # 2 players: how much 'likely dead' draws the next discard (as the expert's own discards weigh it)


@dataclass(frozen=True)
class Question:
    """'First of `orders` whose card is in its `yes` mask' (answer k+1, or 0: none), or a partition of one card."""

    orders: tuple[int, ...]
    yes: tuple[int, ...] = ()  # combo questions: the identities meaning 'yes' for each card
    blocks: tuple[int, ...] = ()  # partition questions (one card): the blocks of identities

    @property
    def size(self) -> int:
        """Number of possible answers."""
        return len(self.blocks) if self.blocks else len(self.yes) + 1

    def answer(self, cards: dict[int, Card]) -> int:
        """The answer for the actual cards."""
        if self.blocks:
            bit = 1 << cards[self.orders[0]].identity
            return next((k for k, b in enumerate(self.blocks) if b & bit), 0)
        for k, (o, yes) in enumerate(zip(self.orders, self.yes, strict=True)):
            if yes & (1 << cards[o].identity):
                return k + 1
        return 0

    def acknowledge(self, answer: int, masks: dict[int, int]) -> None:
        """Narrow `masks` (card order -> identities) by the answer."""
        if self.blocks:
            o = self.orders[0]
            masks[o] = masks[o] & self.blocks[answer] or masks[o]
            return
        for k, (o, yes) in enumerate(zip(self.orders, self.yes, strict=True)):
            if answer == k + 1:
                masks[o] = masks[o] & yes or masks[o]
                return
            masks[o] = masks[o] & ~yes or masks[o]


def share(mask: int, within: int, counts: list[int]) -> float:
    """Share of `mask`'s identities (weighted by copies left) that are in `within`."""
    total = good = 0
    for i in identities_in(mask):
        w = counts[i]
        if w > 0:
            total += w
            if (1 << i) & within:
                good += w
    return good / total if total else 0.0


def single(mask: int) -> bool:
    """Does the mask hold exactly one identity?"""
    return mask != 0 and mask & (mask - 1) == 0


class PublicTables:
    """What everyone knows about every card in a hand: clue knowledge, public counting and hat answers."""

    def __init__(self) -> None:
        self.hat: dict[int, int] = {}  # card order -> identities the hat answers so far allow

    def copy(self) -> PublicTables:
        """An independent copy."""
        out = PublicTables()
        out.hat = dict(self.hat)
        return out

    def mask(self, view: PlayerView, order: int, counts: list[int] | None = None) -> int:
        """Identities card `order` can be: public facts, narrowed by `counts` (default: public counting)."""
        counts = view.public_remaining() if counts is None else counts
        base = view.knowledge[order]
        m = base & self.hat.get(order, base)
        live = sum(1 << i for i in identities_in(m) if counts[i] > 0)
        if live:
            return live
        return sum(1 << i for i in identities_in(base) if counts[i] > 0) or base

    def restrict(self, order: int, allowed: int, view: PlayerView) -> None:
        """Record that card `order` is one of `allowed` (ignored if that would leave nothing)."""
        new = self.hat.get(order, view.knowledge[order]) & allowed & view.knowledge[order]
        if new:
            self.hat[order] = new


class Context:
    """Board facts of one moment shared by every question: masks of playable and dead identities, counts."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.playable = view.playable_mask()
        self.trash = view.trash_mask()
        self.critical = view.critical_mask()
        self.counts = view.public_remaining()


def ask(ctx: Context, hand: list[int], masks: dict[int, int], room: int) -> Question | None:
    """The next question about a hand (oldest card first), given what earlier answers told; None: no more."""
    if room <= 1:
        return None
    info = []
    for o in hand:
        m = masks[o]
        info.append((o, share(m, ctx.playable, ctx.counts), share(m, ctx.trash, ctx.counts), m))
    know_play = any(p == 1.0 for _, p, _, _ in info)
    know_dead = any(d == 1.0 for _, _, d, _ in info)
    open_cards = [(o, p, d, m) for o, p, d, m in info if d < 1.0 and not single(m)]
    if not know_play:
        to_ask = [(0, o, p) for o, p, _, _ in open_cards if p > 0.0]
        if not know_dead:
            to_ask += [(1, o, d) for o, _, d, _ in open_cards if d > 0.0]
        crit = []
        two = ctx.view.players == 2
        if ASK_CRITICAL and not know_dead and open_cards:
            # the card this hand would throw next: ask whether it is a last copy (with 2 players only if the
            # play and dead questions leave room: 2p 23.06 -> 23.10; with the expert's warning clues 23.20)
            w = W_TRASH_2P if two else 20.0
            o, _, _, m = max(open_cards, key=lambda t: (discard_appeal(ctx, t[3], w), -hand.index(t[0])))
            pc = share(m, ctx.critical, ctx.counts)
            if 0.0 < pc < 1.0 and (not two or len(to_ask) <= room - 2):
                crit = [(2, o, pc)]
        cap = room - 1 - len(crit)
        if len(to_ask) > cap:
            to_ask.sort(key=lambda t: (t[0], -t[2]))
            to_ask = to_ask[: max(cap, 0)]
        # less likely first: if a 'yes' comes, the 'no's before it told us the most
        to_ask.sort(key=lambda t: (t[0], t[2]))
        to_ask += crit
        if to_ask:
            yes = {0: ctx.playable, 1: ctx.trash, 2: ctx.critical}
            return Question(tuple(o for _, o, _ in to_ask), yes=tuple(yes[kind] for kind, _, _ in to_ask))
    near = [(abs(p - 0.7), k, o) for k, (o, p, _, _) in enumerate(open_cards) if abs(p - 0.7) < 0.2]
    if near:
        o = min(near)[2]
        return Question((o,), yes=(ctx.playable,))
    if not open_cards:
        return None
    k = min(range(len(open_cards)), key=lambda k: (open_cards[k][2], k))
    o, _, _, m = open_cards[k]
    return partition(ctx, o, m, room)


def discard_appeal(ctx: Context, mask: int, w_trash: float = 20.0) -> float:
    """How willingly a hand throws a card, from public facts: likely trash, unlikely a last copy, high."""
    ids = [i for i in identities_in(mask) if ctx.counts[i] > 0] or [0]
    rank = sum(i % 5 + 1 for i in ids) / len(ids)
    return w_trash * share(mask, ctx.trash, ctx.counts) + 10 * (1 - share(mask, ctx.critical, ctx.counts)) + rank


def partition(ctx: Context, order: int, mask: int, size: int) -> Question | None:
    """Split a card's identities into at most `size` blocks: the dead ones together, the others dealt round."""
    live = [i for i in identities_in(mask & ~ctx.trash) if ctx.counts[i] > 0]
    dead = mask & ctx.trash
    room = size - (1 if dead else 0)
    if room < 1 or not live:
        return None
    n = min(room, len(live))
    blocks = [0] * n
    for k, i in enumerate(live):
        blocks[k % n] |= 1 << i
    if dead:
        blocks.append(dead)
    return Question((order,), blocks=tuple(blocks)) if len(blocks) > 1 else None


def hand_oldest_first(view: PlayerView, seat: int) -> list[int]:
    """A hand, oldest card first (the order questions use)."""
    return list(reversed(view.hands[seat]))


def encode_hand(ctx: Context, tables: PublicTables, seat: int, total: int) -> tuple[int, dict[int, int]]:
    """The hat answer for `seat`'s actual cards, and the masks it leaves public."""
    view = ctx.view
    hand = hand_oldest_first(view, seat)
    masks = {o: tables.mask(view, o, ctx.counts) for o in hand}
    value, modulus = 0, 1
    while (q := ask(ctx, hand, masks, (total - value - 1) // modulus + 1)) is not None:
        a = q.answer(view.visible)
        q.acknowledge(a, masks)
        value += modulus * a
        modulus = min(total, modulus * q.size)
    return value, masks


def decode_hand(ctx: Context, tables: PublicTables, seat: int, total: int, value: int) -> dict[int, int]:
    """The masks `seat`'s hand gets from its hat answer `value` (0 <= value < total)."""
    view = ctx.view
    hand = hand_oldest_first(view, seat)
    masks = {o: tables.mask(view, o, ctx.counts) for o in hand}
    modulus = total
    while (q := ask(ctx, hand, masks, modulus)) is not None:
        a = value % q.size
        value //= q.size
        modulus = (modulus - a - 1) // q.size + 1
        q.acknowledge(min(a, q.size - 1), masks)
    return masks


def hat_sum(view: PlayerView, tables: PublicTables, giver: int, total: int) -> tuple[int, dict[int, dict[int, int]]]:
    """The giver's hat value (every other hand's answer summed mod `total`) and the masks each hand gets."""
    ctx = Context(view)
    value = 0
    news = {}
    for p in range(view.players):
        if p != giver:
            a, masks = encode_hand(ctx, tables, p, total)
            value += a
            news[p] = masks
    return value % total, news


def read_hat_sum(view: PlayerView, tables: PublicTables, giver: int, total: int, value: int) -> None:
    """Record in `tables` what the hat value `value` of `giver` tells every other hand (`view`: just before)."""
    ctx = Context(view)
    news = {}
    rest = value
    for p in range(view.players):
        if p not in (giver, view.seat):
            a, news[p] = encode_hand(ctx, tables, p, total)
            rest -= a
    if view.seat != giver:
        news[view.seat] = decode_hand(ctx, tables, view.seat, total, rest % total)
    for masks in news.values():
        for o, m in masks.items():
            tables.restrict(o, m, view)


# ----------------------------------------------------------------------------------------------------
# Clue codes
# ----------------------------------------------------------------------------------------------------
def hint_card(view: PlayerView, tables: PublicTables, seat: int) -> int | None:
    """The card a clue's code is about: the one whose colour and rank are least known (oldest on ties)."""
    trash = view.trash_mask()
    best: tuple[int, int] | None = None
    for o in hand_oldest_first(view, seat):
        m = tables.mask(view, o)
        score = 0
        if not single(m) and m & ~trash:
            ids = identities_in(m)
            score = 1 + (len({i // 5 for i in ids}) > 1) + (len({i % 5 for i in ids}) > 1)
        if best is None or score > best[0]:
            best = (score, o)
    return None if best is None else best[1]


def codes_for(view: PlayerView, tables: PublicTables, seat: int) -> int:
    """Codes a clue to `seat` can carry: 0 with an empty hand, 4 if public that it holds 2 colours and 2 ranks."""
    hand = view.hands[seat]
    if not hand:
        return 0
    v = view.variant
    if any(s.colour_clues is not ColourClues.NAMED for s in v.suits):
        return 3
    masks = [tables.mask(view, o) for o in hand]
    one_colour = any(all(m & (0b11111 << (5 * s)) for m in masks) for s in range(len(v.suits)))
    one_rank = any(all(m & v.rank_masks[r] for m in masks) for r in range(1, 6))
    return 3 if one_colour or one_rank else 4


def layout(view: PlayerView, tables: PublicTables, giver: int) -> list[tuple[int, int]]:
    """(target, codes) for each target after the giver, in order; the modulus is the sum of the codes."""
    return [(t, codes_for(view, tables, t)) for t in ((giver + k) % view.players for k in range(1, view.players))]


def code_of(view: PlayerView, tables: PublicTables, clue: Clue, touched_card: bool, codes: int) -> int:
    """The code of a clue to a target with `codes` codes, given whether it touched the hint card.

    With a black suit no colour clue can touch a black hint card, so there the codes are: a rank clue touching
    it, a rank clue missing it, any colour clue. (A rainbow hint card is fine: every colour clue touches it.)
    """
    if any(s.colour_clues is ColourClues.NONE for s in view.variant.suits):
        if isinstance(clue, ColourClue):
            return 2
        return 0 if touched_card else 1
    if touched_card:
        return 0 if isinstance(clue, RankClue) else 1
    return 2 if codes == 3 or isinstance(clue, RankClue) else 3


def clue_value(view: PlayerView, tables: PublicTables, giver: int, clue: Clue, touched_card: bool) -> tuple[int, int]:
    """(value, modulus) of a clue given by `giver` (`view`: the state just before it)."""
    base = 0
    plan = layout(view, tables, giver)
    total = sum(c for _, c in plan)
    for t, c in plan:
        if t == clue.target:
            return base + code_of(view, tables, clue, touched_card, c), total
        base += c
    raise ValueError("a clue to the giver")


def encodings(view: PlayerView, tables: PublicTables, value: int) -> list[Clue]:
    """Legal clues for the current player whose hat value is `value`."""
    for t, c in layout(view, tables, view.seat):
        if value < c:
            card = hint_card(view, tables, t)
            if card is None:
                return []
            bit = 1 << view.visible[card].identity
            out = []
            for a in view.legal:
                if isinstance(a, ColourClue | RankClue) and a.target == t:
                    touched = bool(clue_mask(view.variant, a) & bit)
                    if code_of(view, tables, a, touched, c) == value:
                        out.append(a)
            return out
        value -= c
    return []
