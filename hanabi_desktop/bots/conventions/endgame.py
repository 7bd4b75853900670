"""The last round (deck empty): which clue gets a partner's card played for sure where a guess would not."""

from __future__ import annotations

from hanabi_desktop.bots.conventions.evaluation import misled_elsewhere, receiver_masks
from hanabi_desktop.bots.conventions.model import Board, Notes, card_bit
from hanabi_desktop.engine import ColourClue, PlayerView, RankClue
from hanabi_desktop.engine.cards import identities_in


def reads_playable(view: PlayerView, notes: Notes, seat: int, b: Board) -> list[int]:
    """The cards of `seat`'s hand its holder reads as surely playable (from public information and the notes)."""
    out = []
    for o in view.hands[seat]:
        m = notes.holder_reads(view, o, b.trash)
        if m and not m & ~b.playable:
            out.append(o)
    return out


def hand_odds(readings: list[dict[int, int]], unseen: list[int], playable: int) -> dict[int, float] | None:
    """Deck empty: the cards a seat cannot see are exactly its own hand, so its cards share out `unseen` (copies
    per identity), one identity each. For each card, the share of the ways to deal `unseen` to the hand that fit
    every card's reading in which that card is playable: a card cannot be what another card of the hand must
    be (deal final7/342 t61: my slot 5, a blue 4 or the white 1, played at 67% alone, was the white 1; dealt
    as a whole, slot 1 scores 13 times in 18 and slot 5 12). `readings` are tried in order (conventions first,
    then the clues alone), since a reading broken by a partner's clue may fit no deal (deal s44/416: three blue
    cards good touch calls the one blue 4 left); None if none fits any deal."""
    if not readings or sum(max(n, 0) for n in unseen) != len(readings[0]):
        return None
    for masks in readings:
        odds = _deal_odds(masks, [max(n, 0) for n in unseen], playable)
        if odds is not None:
            return odds
    return None


def _deal_odds(masks: dict[int, int], left: list[int], playable: int) -> dict[int, float] | None:
    """`hand_odds` for one reading: every way to deal the copies `left` to the cards of `masks`, counted."""
    cards = list(masks)
    ways = dict.fromkeys(cards, 0)
    dealt: list[int] = []

    def deal(k: int) -> int:
        if k == len(cards):
            for o, i in zip(cards, dealt, strict=True):
                if (1 << i) & playable:
                    ways[o] += 1
            return 1
        total = 0
        for i in identities_in(masks[cards[k]]):
            if left[i]:
                left[i] -= 1
                dealt.append(i)
                total += deal(k + 1)
                dealt.pop()
                left[i] += 1
        return total

    total = deal(0)
    return {o: n / total for o, n in ways.items()} if total else None


def their_guess_scores(view: PlayerView, notes: Notes, seat: int, b: Board) -> bool:
    """Would `seat`, guessing on its last turn, pick a playable card? Deck empty, the cards it cannot see are
    exactly its own hand, which we see: it weighs its readings by those copies, the hand as a whole
    (`hand_odds`, as I do for mine)."""
    hand = view.hands[seat]
    left = [0] * len(view.remaining())
    for o in hand:
        left[view.visible[o].identity] += 1
    readings = [{o: notes.holder_reads(view, o, b.trash) for o in hand}, {o: view.public_empathy(o) for o in hand}]
    odds = hand_odds(readings, left, b.playable)
    if odds is None:
        return False
    best = max(hand, key=lambda o: odds[o], default=None)
    return best is not None and odds[best] > 0 and view.is_playable(view.visible[best])


def sure_play(view: PlayerView, notes: Notes, clue: ColourClue | RankClue, b: Board) -> bool:
    """After `clue`, does its receiver read a card as surely playable, and is every card it so reads playable
    (nobody else called to a blind play, nobody else's reading made wrong)? In the last round touching trash
    costs nothing: nobody draws again, so only the receiver's one turn counts."""
    _hit, reading, after, reads = receiver_masks(view, notes, clue, b)
    if reading.misleading or reading.finessed or reading.prompted or not reading.understood:
        return False
    if misled_elsewhere(view, notes, after, clue, b):
        return False
    plays = [o for o, m in reads.items() if m and not m & ~b.playable]
    return bool(plays) and all(card_bit(view.visible[o]) & b.playable for o in plays)


def last_round_clue(view: PlayerView, notes: Notes, b: Board, turn_left: set[int]) -> ColourClue | RankClue | None:
    """Deck empty: a clue that makes a partner with a turn left play a card for sure, where on that turn it has
    no play it knows of and its own guess would miss (the nearest such partner first)."""
    for off in range(1, view.players):
        seat = (view.seat + off) % view.players
        if seat not in turn_left or reads_playable(view, notes, seat, b) or their_guess_scores(view, notes, seat, b):
            continue
        for a in view.legal:
            if isinstance(a, ColourClue | RankClue) and a.target == seat and sure_play(view, notes, a, b):
                return a
    return None
