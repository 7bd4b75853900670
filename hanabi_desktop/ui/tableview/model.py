"""What the table shows, as plain values: a snapshot built from what the viewing seat may know. No pygame.

`build_model` takes a `PlayerView` (a player's, or `PlayerView.spectator` for replays and all-bot games) and
turns it into a `TableModel`: per card its face or what the viewer can tell it is, its clue marks, whether it
is a last copy, its game slot and its tooltip lines; per hand the display order; the log in the same slot
terms. The renderer draws only this, so a hidden card cannot leak: the model never had its identity.

The table builds a model once per change (a log entry, a hand rearranged, the viewer changing); `key` says
what it was built from, so a renderer (or a cache) can tell whether anything changed.

>>> from hanabi_desktop.engine import Game, PlayerView, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=1, names=["Ann", "Bob"])
>>> m = build_model(PlayerView.of(game, 0))
>>> [m.cards[o].face for o in game.hands[0]] == [None] * 5, all(m.cards[o].face for o in game.hands[1])
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hanabi_desktop.engine import board
from hanabi_desktop.engine.actions import ColourClue, RankClue
from hanabi_desktop.engine.cards import Card, ColourClues, identities_in
from hanabi_desktop.engine.events import Tile
from hanabi_desktop.engine.knowledge import narrowed
from hanabi_desktop.engine.notes import read_note
from hanabi_desktop.engine.view import PlayerView
from hanabi_desktop.i18n import _, ngettext


@dataclass(frozen=True)
class SuitModel:
    """One suit as the table shows it."""

    letter: str
    name: str
    descending: bool
    named_colour: bool  # a colour clue names it (a colour spot can clue it)


@dataclass(frozen=True)
class CardModel:
    """One card the table shows (in a hand, on the fireworks or in the discard pile)."""

    order: int
    face: tuple[int, int] | None  # (suit index, rank) when the viewer may see it, else None
    possible: int = 0  # identities the card can be: what the viewer can tell (own card) or its holder (others)
    colours: tuple[str, ...] = ()  # suit letters clues have named, in the order given
    ranks: tuple[int, ...] = ()
    critical: bool = False  # the last copy of a card the fireworks still need
    slot: int | None = None  # game slot in its hand (1 = newest); None outside hands
    label_slot: bool = False  # show the slot number (the hand is shown in an order of its holder's own)
    tooltip: tuple[str, ...] = ()  # hover lines: the clues it got and what its holder can tell
    touched_last: bool = False  # touched by the clue of the last action
    note: str = ""  # the viewer's note on it (in a replay: the players' notes)
    marks: frozenset[str] = frozenset()  # the note's keywords: f, cm, kt, fix, ?, ! (see engine.notes)
    belief: str = ""  # a bot's reading of its own card (when shown), or the team's reading of the viewer's own

    @property
    def clued(self) -> bool:
        return bool(self.colours or self.ranks)


@dataclass(frozen=True)
class HandModel:
    """One seat's hand as the viewer sees it."""

    seat: int
    name: str
    bot: bool
    you: bool
    acting: bool  # this seat is to act
    cards: tuple[int, ...]  # display order (the holder's own arrangement only for the holder)


@dataclass(frozen=True)
class LogLine:
    """One log entry: the action in words (game slots) and a bot's reason."""

    text: str
    why: str = ""


@dataclass(frozen=True)
class TableModel:
    """Everything the table draws at one moment. See the module docstring."""

    key: tuple  # what it was built from; equal keys mean an equal model
    viewer: int | None
    players: int
    current: int
    over: bool
    suits: tuple[SuitModel, ...]
    hand_size: int
    flamboyants: bool
    hands: tuple[HandModel, ...]
    cards: dict[int, CardModel]
    fireworks: tuple[int, ...]  # cards played per suit
    firework_tops: dict[int, int]  # suit -> order of the top card
    discard: tuple[int, ...]
    deck_count: int
    clue_tokens: int
    strikes: int
    score: int
    max_score: int
    max_possible: int  # the best score the cards not yet lost allow
    status: str  # the line under the score
    tiles_left: int
    revealed_tiles: tuple[Tile, ...]
    pending: Tile | None
    log: tuple[LogLine, ...] = ()
    last_clue: frozenset[int] = field(default_factory=frozenset)

    def hand_of(self, order: int) -> int | None:
        """The seat holding card `order`, or None."""
        for h in self.hands:
            if order in h.cards:
                return h.seat
        return None

    def game_slots(self, seat: int) -> tuple[int, ...]:
        """`seat`'s cards in game slot order (slot 1 first)."""
        cards = self.hands[seat].cards
        return tuple(sorted(cards, key=lambda o: self.cards[o].slot or 0))


def clue_marks(view: PlayerView, order: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The colours (suit letters) and ranks that clues have told about card `order`, in the order given."""
    colours: list[str] = []
    ranks: list[int] = []
    v = view.variant
    for _turn, clue, touched in view.clue_history.get(order, ()):
        if not touched:
            continue
        if isinstance(clue, ColourClue):
            letter = v.suits[v.clue_colours[clue.colour]].letter
            if letter not in colours:
                colours.append(letter)
        elif isinstance(clue, RankClue) and clue.rank not in ranks:
            ranks.append(clue.rank)
    return tuple(colours), tuple(ranks)


def clue_lines(view: PlayerView, order: int) -> list[str]:
    """One line per clue that card `order` received (touched or not), for the hover tooltip."""
    v = view.variant
    out = []
    for turn, clue, touched in view.clue_history.get(order, ()):
        what = _(v.colour_names[clue.colour]) if isinstance(clue, ColourClue) else str(clue.rank)
        out.append((_("turn {turn}: is {clue}") if touched else _("turn {turn}: not {clue}")).format(turn=turn + 1, clue=what))
    return out


def own_possibilities(view: PlayerView) -> dict[int, int]:
    """What each of the viewer's own cards can still be: `view.empathy` (clues, and the copies the viewer sees
    elsewhere), and then without the copies held by the viewer's own cards known exactly. A card known to be the
    red 5 means no other card of mine is the red 5, though the view still counts that copy as unseen."""
    if view.seat is None:
        return {}
    hand = view.hands[view.seat]
    masks = {o: view.empathy(o) for o in hand}
    left = view.remaining()
    counted: set[int] = set()
    while True:
        known = [o for o in hand if o not in counted and masks[o] and masks[o] & (masks[o] - 1) == 0]
        if not known:
            return masks
        for o in known:
            counted.add(o)
            left[masks[o].bit_length() - 1] -= 1
        for o in hand:
            if o not in counted:
                masks[o] = narrowed(masks[o], left)  # keeps the card's own identity: its copy is not counted


def knowledge_line(view: PlayerView, mask: int, who: str, own: bool) -> str:
    """What a card's holder can tell it is (`mask`), in words."""
    names = [view.variant.card_name(Card.from_identity(i)) for i in identities_in(mask)]
    if len(names) == 1:
        return (_("You know it is {card}") if own else _("{player} knows it is {card}")).format(player=who, card=names[0])
    if len(names) <= 4:
        return (_("You know it is one of: {cards}") if own else _("{player} knows it is one of: {cards}")).format(player=who, cards=", ".join(names))
    return (_("You see {n} possibilities") if own else _("{player} sees {n} possibilities")).format(player=who, n=len(names))


def status_line(view: PlayerView, title: str = "") -> str:
    """The line under the score: the turn, the pace and who acts (or the replay's position, or the end)."""
    if title:
        return title
    if view.over:
        return _("Game over - {reason}").format(reason=view.end_reason.short if view.end_reason else '')
    if view.final_turns_left is not None:  # the deck is out: the turns left matter, the pace no more (and a name
        # cut short by the panel's width is the part that goes, not the turns left)
        left = ngettext("{n} turn left", "{n} turns left", view.final_turns_left).format(n=view.final_turns_left)
        return _("Turn {turn}  ·  {left}  ·  {player} to act").format(turn=view.turn + 1, left=left,
                                                                      player=view.names[view.current])
    return _("Turn {turn}  ·  pace {pace}  ·  {player} to act").format(turn=view.turn + 1, pace=view.full_pace,
                                                                       player=view.names[view.current])


def shared_notes(notes: Sequence[Sequence[str]] | None) -> dict[int, str]:
    """Every player's notes from a record (hanab.live's `notes`: per player, per card order), one text per card:
    what a replay shows on each card ('r1 | f' when two players wrote on it)."""
    out: dict[int, list[str]] = {}
    for mine in notes or ():
        for order, text in enumerate(mine):
            if text.strip():
                out.setdefault(order, []).append(" ".join(text.split()))
    return {o: " | ".join(texts) for o, texts in out.items()}


def build_model(view: PlayerView, *, orders: Sequence[Sequence[int]] | None = None,
                bots: Sequence[bool] = (), log: Sequence[LogLine] = (), title: str = "",
                last_clue: frozenset[int] = frozenset(), key: tuple = (),
                notes: Mapping[int, str] | None = None,
                beliefs: Mapping[int, Mapping[int, str]] | None = None) -> TableModel:
    """The table as `view.seat` (None: a spectator) sees it.

    `orders`: each hand's display order as this viewer sees it (default: the game's). A hand shown in an
    order other than the game's has every card labelled with its game slot. `notes`: card -> the viewer's
    note (its keywords narrow the pips the viewer is shown and mark the card). `beliefs`: bot seat -> card ->
    that bot's reading of its own card, kept for the cards in the hands of seats `bots` marks, and for the
    viewer's own seat the team's reading of the viewer's cards (worked out from the viewer's view only).
    """
    notes = notes or {}
    beliefs = beliefs or {}
    v = view.variant
    seat = view.seat
    discarded = view.discarded()
    fireworks = view.fireworks
    cards: dict[int, CardModel] = {}
    hands: list[HandModel] = []
    mine_possible = own_possibilities(view)
    for p, hand in enumerate(view.hands):
        shown = tuple(orders[p]) if orders is not None else tuple(hand)
        if sorted(shown) != sorted(hand):
            shown = tuple(hand)
        rearranged = shown != tuple(hand)
        for i, o in enumerate(hand):
            colours, ranks = clue_marks(view, o)
            card = view.card(o)
            tips = clue_lines(view, o)[-8:]
            if card is None:  # our own card: only what we can tell
                possible = mine_possible[o]
                face = None
                critical = False
                if tips:
                    tips.append(knowledge_line(view, possible, view.names[p], own=True))
            else:
                possible = view.holder_empathy(o)
                face = (card.suit, card.rank)
                critical = board.is_critical(v, fireworks, discarded, card)
                if tips:
                    tips.append(knowledge_line(view, possible, view.names[p], own=False))
            note = notes.get(o, "")
            reading = read_note(note, v) if note else None
            if reading is not None and face is None:
                possible = reading.narrow(possible)
            mine = p == seat  # the viewer's own cards: the team's reading of them (the clue preview's)
            belief = beliefs.get(p, {}).get(o, "") if mine or (p < len(bots) and bots[p]) else ""
            cards[o] = CardModel(o, face, possible, colours, ranks, critical, i + 1, rearranged, tuple(tips),
                                 o in last_clue, note, reading.marks if reading else frozenset(), belief)
        hands.append(HandModel(p, view.names[p], bool(bots[p]) if p < len(bots) else False, p == seat,
                               p == view.current and not view.over, shown))
    tops: dict[int, int] = {}
    for o in view.played + view.discard_pile:
        c = view.visible[o]
        cards[o] = CardModel(o, (c.suit, c.rank), note=notes.get(o, ""))
    for o in view.played:
        tops[view.visible[o].suit] = o
    suits = tuple(SuitModel(s.letter, s.name, s.descending, s.colour_clues is ColourClues.NAMED) for s in v.suits)
    return TableModel(
        key=key, viewer=seat, players=view.players, current=view.current, over=view.over, suits=suits,
        hand_size=view.hand_size, flamboyants=v.flamboyants, hands=tuple(hands), cards=cards,
        fireworks=tuple(fireworks), firework_tops=tops, discard=tuple(view.discard_pile),
        deck_count=view.deck_count, clue_tokens=view.clue_tokens, strikes=view.strikes, score=view.score,
        max_score=v.max_score, max_possible=board.max_reachable(v, fireworks, discarded),
        status=status_line(view, title), tiles_left=view.tiles_left, revealed_tiles=view.revealed_tiles,
        pending=view.pending, log=tuple(log), last_clue=last_clue,
    )
