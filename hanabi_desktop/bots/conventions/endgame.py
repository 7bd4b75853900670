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


def their_guess_scores(view: PlayerView, notes: Notes, seat: int, b: Board) -> bool:
    """Would `seat`, guessing on its last turn, pick a playable card? Deck empty, the cards it cannot see are
    exactly its own hand, which we see: it weighs each card's readings by those copies, as `chance` does."""
    hand = view.hands[seat]
    left = [0] * len(view.remaining())
    for o in hand:
        left[view.visible[o].identity] += 1

    def chance(o: int) -> float:
        ids = identities_in(notes.holder_reads(view, o, b.trash))
        total = sum(left[i] for i in ids)
        return sum(left[i] for i in ids if (1 << i) & b.playable) / total if total else 0.0

    best = max(hand, key=chance, default=None)
    return best is not None and chance(best) > 0 and view.is_playable(view.visible[best])


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
