"""Hat guessing for the `expert` bot: public card tables, the questions each clue answers, and clue codes.

Every seat computes the same things from public information only (clue knowledge, played and discarded
cards, and the answers of earlier hat clues), so a clue's value can be read the same way by everyone.

* A *question* about one hand is asked from public information: "is card X playable?" (2 answers) or "which
  block of this partition of card X's identities holds it?". Several are packed in mixed radix so that
  their answers together fit the modulus M.
* A clue from giver g has a value in 0..M-1 with M = 3 * (players - 1): the target's offset after g, times 3,
  plus a code: 0 = a rank clue touching the target's newest card, 1 = a colour clue touching it, 2 = any clue
  that misses it. The value is the sum of every other player's answer mod M; each receiver subtracts the
  answers it can see to find its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from hanabi_desktop.engine import Action, Card, ColourClue, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import identities_in

CODES = 3  # per target: rank clue on the newest card, colour clue on it, a clue missing it
PLAYABLE_QUESTION_MIN = 0.2  # ask "is it playable?" only of cards at least this likely to be


@dataclass(frozen=True)
class Question:
    """One question about card `order`: `blocks` masks of identities, the answer is the block holding it."""

    order: int
    blocks: tuple[int, ...]
    kind: str  # 'play' (blocks: not playable, playable) or 'partition'


def modulus(players: int) -> int:
    """How many values a hat clue can carry."""
    return CODES * (players - 1)


def playable_mask(view: PlayerView) -> int:
    """Identities playable on the fireworks now."""
    return sum(1 << i for i in range(len(view.variant.copies)) if view.is_playable(Card.from_identity(i)))


def trash_mask(view: PlayerView) -> int:
    """Identities that can never score now."""
    return sum(1 << i for i in range(len(view.variant.copies)) if view.is_trash(Card.from_identity(i)))


def critical_mask(view: PlayerView) -> int:
    """Identities of which the last copy still needed is in a hand or the deck."""
    return sum(1 << i for i in range(len(view.variant.copies)) if view.is_critical(Card.from_identity(i)))


def weighted(mask: int, counts: list[int]) -> list[tuple[int, int]]:
    """(identity, copies left) for each identity of `mask` with copies left."""
    return [(i, counts[i]) for i in identities_in(mask) if counts[i] > 0]


def share(mask: int, within: int, counts: list[int]) -> float:
    """Share of `mask`'s weighted identities that are in `within`."""
    items = weighted(mask, counts)
    total = sum(w for _, w in items)
    return sum(w for i, w in items if (1 << i) & within) / total if total else 0.0


class PublicTables:
    """What everyone knows about every card in a hand: clue knowledge, public counting and hat answers."""

    def __init__(self) -> None:
        self.hat: dict[int, int] = {}  # card order -> identities the hat answers so far allow

    def mask(self, view: PlayerView, order: int, counts: list[int] | None = None) -> int:
        """Public identities of card `order` (narrowed by `counts` if given, e.g. our own counting)."""
        counts = view.public_remaining() if counts is None else counts
        base = view.knowledge[order]
        m = base & self.hat.get(order, base)
        live = sum(1 << i for i in identities_in(m) if counts[i] > 0)
        if live:
            return live
        return sum(1 << i for i in identities_in(base) if counts[i] > 0) or base

    def restrict(self, order: int, allowed: int, view: PlayerView) -> None:
        """Record a hat answer: card `order` is one of `allowed` (ignored if it would leave nothing)."""
        new = self.hat.get(order, view.knowledge[order]) & allowed & view.knowledge[order]
        if new:
            self.hat[order] = new


def questions(view: PlayerView, tables: PublicTables, seat: int, info: int) -> list[Question]:
    """The questions a hat clue answers about `seat`'s hand, from public information only."""
    counts = view.public_remaining()
    play = playable_mask(view)
    trash = trash_mask(view)
    hand = view.hands[seat]
    masks = {o: tables.mask(view, o, counts) for o in hand}
    out: list[Question] = []
    left = info
    p_play = {o: share(masks[o], play, counts) for o in hand}
    p_dead = {o: share(masks[o], trash, counts) for o in hand}
    open_cards = [o for o in hand if masks[o] & (masks[o] - 1) and p_dead[o] < 1.0]
    if not any(p_play[o] == 1.0 for o in hand):
        ask = [o for o in open_cards if PLAYABLE_QUESTION_MIN <= p_play[o] < 1.0]
        ask.sort(key=lambda o: -p_play[o])
        for o in ask:
            out.append(Question(o, (~play & masks[o], play & masks[o]), "play"))
            left //= 2
            if left <= 1:
                return out
    for o in open_cards:
        q = partition(o, masks[o], trash, counts, left)
        if q is None:
            continue
        out.append(q)
        left //= len(q.blocks)
        if left <= 1:
            return out
    return out


def partition(order: int, mask: int, trash: int, counts: list[int], size: int) -> Question | None:
    """Split card `order`'s identities into at most `size` blocks: dead ones together, the rest dealt round."""
    live = [i for i in identities_in(mask & ~trash) if counts[i] > 0]
    dead = mask & trash
    room = size - (1 if dead else 0)
    if room < 1 or (len(live) <= 1 and not dead):
        return None
    # deal the most likely identities first so that each of them tends to get a block of its own
    live.sort(key=lambda i: (-counts[i], i))
    n = min(room, len(live))
    blocks = [0] * n
    for k, i in enumerate(live):
        blocks[k % n] |= 1 << i
    if dead:
        blocks.append(dead)
    if len(blocks) < 2:
        return None
    return Question(order, tuple(blocks), "partition")


def answer(qs: list[Question], cards: dict[int, Card]) -> int:
    """The mixed-radix answer to `qs` for the actual cards."""
    value = 0
    radix = 1
    for q in qs:
        bit = 1 << cards[q.order].identity
        block = next((k for k, b in enumerate(q.blocks) if b & bit), 0)
        value += block * radix
        radix *= len(q.blocks)
    return value


def capacity(qs: list[Question]) -> int:
    """How many distinct answers `qs` have."""
    out = 1
    for q in qs:
        out *= len(q.blocks)
    return out


def apply_answer(qs: list[Question], value: int, tables: PublicTables, view: PlayerView) -> list[tuple[Question, int]]:
    """Record the answer `value` to `qs` in the tables; return (question, block) pairs."""
    out = []
    for q in qs:
        k = value % len(q.blocks)
        value //= len(q.blocks)
        tables.restrict(q.order, q.blocks[k], view)
        out.append((q, k))
    return out


def clue_mask(variant: Variant, clue: ColourClue | RankClue) -> int:
    """Identities a clue touches."""
    if isinstance(clue, ColourClue):
        return variant.colour_masks[clue.colour]
    return variant.rank_masks[clue.rank]


def decode(giver: int, clue: ColourClue | RankClue, touched_newest: bool, players: int) -> int:
    """The hat value of a clue."""
    offset = (clue.target - giver - 1) % players
    code = 2 if not touched_newest else (0 if isinstance(clue, RankClue) else 1)
    return offset * CODES + code


def encodings(view: PlayerView, value: int) -> list[ColourClue | RankClue]:
    """Legal clues (for the current player `view.seat`) whose hat value is `value`."""
    target = (view.seat + 1 + value // CODES) % view.players
    code = value % CODES
    hand = view.hands[target]
    if not hand:
        return []
    newest = 1 << view.visible[hand[0]].identity
    v = view.variant
    out: list[ColourClue | RankClue] = []
    for a in view.legal:
        if not isinstance(a, ColourClue | RankClue) or a.target != target:
            continue
        hits = bool(clue_mask(v, a) & newest)
        if (code == 0 and hits and isinstance(a, RankClue)) or (code == 1 and hits and isinstance(a, ColourClue)) \
                or (code == 2 and not hits):
            out.append(a)
    return out


def is_clue(action: Action) -> bool:
    """Is `action` a clue?"""
    return isinstance(action, ColourClue | RankClue)
