"""The review's list of moves that broke the conventions of the table's level, and what the partner would have
done instead. No pygame, no UI.

Each seat's moves are judged from that seat's own views: a conventions bot at the seat reads the game as it
goes (`clue_preview.reader_for`'s way), so a clue is judged by how the partner would read it as the giver could
tell (`clue_preview.preview_clue`), and a play or discard by the save it left undone. Broken:
- a clue the partner reads so that someone misplays, a card that must be saved is lost, a card no longer needed
  or a second copy is touched, or that means nothing at the level;
- a play or discard (or a clue elsewhere) while the next player's chop holds a card that must be saved and they
  know of no play (the chop save comes first);
- a clue, a discard or a play of a card not known to play while a card of the mover's own that a finesse called
  can be blind-played now (the others read it as the finesse not being on the mover).
The partner's move is the conventions bot's decision at that seat on that view; a move the bot would have made
itself is never listed.

>>> from hanabi_desktop.engine import Game, GameRecord, get_variant
>>> game = Game.new(get_variant("classic"), 2, seed=3, names=["Ann", "Bob"])
>>> broken_conventions(GameRecord.of(game))
()
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection
from dataclasses import dataclass

from hanabi_desktop.bots.clue_preview import (
    RULES,
    Warning,
    call_words,
    known_play,
    preview_clue,
    waiting_call,
)
from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.bots.conventions.evaluation import needs_save
from hanabi_desktop.bots.registry import create
from hanabi_desktop.engine import Action, ColourClue, Discard, Game, GameRecord, Play, PlayerView, RankClue
from hanabi_desktop.i18n import _


@dataclass(frozen=True)
class Broken:
    """One move that broke a convention: where, which rule (the guide's name, in English: `rule_text` says it
    in the player's language), what went wrong, and the partner's move there with its reason."""

    turn: int  # actions before this move
    seat: int
    action: Action
    rule: str  # a key of `clue_preview.RULES`' values (English; translate with `_`)
    what: str
    instead: Action
    why: str  # the partner's explanation of `instead`

    @property
    def rule_text(self) -> str:
        """The rule's name in the player's language."""
        return _(self.rule)

    def __str__(self) -> str:
        return f"move {self.turn + 1} ({self.action}): {self.rule}: {self.what} -> {self.instead}"


def missed_save(view: PlayerView, bot: ConventionsBot, action: Action) -> Warning | None:
    """A play or discard while the next player's chop must be saved and they know of no play: the save comes
    first (the guide's order: save the next player's chop before anything else)."""
    if not isinstance(action, Play | Discard) or view.clue_tokens == 0 or view.seat is None:
        return None
    notes = bot.notes
    b = notes.board(view)
    nxt = (view.seat + 1) % view.players
    chop = notes.chop(view, nxt)
    if chop is None or needs_save(view, notes, chop, b) <= 0 or known_play(view, notes, nxt, None, b):
        return None
    card = view.card(chop)
    assert card is not None  # a teammate's card
    text = (_("played while {player}'s chop, slot {slot}, held {card}, which needed a save clue")
            if isinstance(action, Play) else
            _("discarded while {player}'s chop, slot {slot}, held {card}, which needed a save clue"))
    return Warning("lost", text.format(player=view.names[nxt], slot=view.hands[nxt].index(chop) + 1,
                                       card=view.variant.card_name(card)))


def finesse_left(view: PlayerView, bot: ConventionsBot, action: Action) -> Warning | None:
    """A discard, or a play of a card not known to play, while a card of the mover's own that a finesse called
    can be blind-played now (`clue_preview.waiting_call`): the players waiting for that blind play read the turn
    as "the finesse was not on them" (as a clue instead, which the clue preview warns of)."""
    if not isinstance(action, Play | Discard):
        return None
    notes = bot.notes
    b = notes.board(view)
    called = waiting_call(view, notes, b)
    if called is None or action.card == called:
        return None
    if isinstance(action, Play):
        m = notes.my_mask(view, action.card, b.trash)
        if (m and not m & ~b.playable) or action.card in notes.finessed:
            return None  # a card known to play, or another called one: the blind play may come next
        text = _("played another card while your slot {slot} was called for a blind play ({cards}, so that "
                 "{player}'s {card} plays) and could play: the others may read the finesse as not on you")
    else:
        text = _("discarded while your slot {slot} was called for a blind play ({cards}, so that {player}'s "
                 "{card} plays) and could play: the others may read the finesse as not on you")
    return Warning("finesse", text.format(**call_words(view, notes, called)))


def judge(view: PlayerView, bot: ConventionsBot, action: Action) -> list[Warning]:
    """What `action`, made at `view.seat` with `bot`'s readings, broke (empty: nothing)."""
    if isinstance(action, ColourClue | RankClue):
        return list(preview_clue(view, bot.notes, action).warnings)
    said = [missed_save(view, bot, action), finesse_left(view, bot, action)]
    return [w for w in said if w is not None]


def people(record: GameRecord) -> set[int]:
    """The seats people played, as the record says (`GameRecord.table`); every seat if it does not say."""
    if record.table is None:
        return set(range(len(record.players)))
    return {seat for seat, kind in enumerate(record.table.seats) if not kind}


def broken_conventions(record: GameRecord, *, bot: str = "conventions", seats: Collection[int] | None = None,
                       progress: Callable[[int, int], None] | None = None) -> tuple[Broken, ...]:
    """The moves of `seats` (default: the people's, `people`) in `record` that broke the conventions of `bot`'s
    level ('conventions@2'), in game order, each with the partner's move from that seat's view."""
    players = len(record.players)
    wanted = people(record) if seats is None else set(seats)
    game: Game = record.new_game()
    readers = {s: create(bot, s, players, record.variant, f"review/{s}") for s in wanted}
    assert all(isinstance(r, ConventionsBot) for r in readers.values()), "the conventions bot judges conventions"
    out: list[Broken] = []
    for t, action in enumerate(record.actions):
        seat = game.current
        if seat in readers and game.pending is None:
            view = PlayerView.of(game, seat)
            reader = readers[seat]
            warnings = judge(view, reader, action)  # type: ignore[arg-type]
            if warnings:
                decision = copy.deepcopy(reader).decide(view)  # deciding may touch its notes
                if decision.action != action:
                    for w in warnings:
                        out.append(Broken(t, seat, action, RULES[w.kind], w.text, decision.action,
                                          str(decision.explanation or "").splitlines()[0] if decision.explanation
                                          else ""))
        game.apply(action)
        for s, r in readers.items():
            r.observe(PlayerView.of(game, s))
        if progress is not None:
            progress(t + 1, len(record.actions))
    return tuple(out)
