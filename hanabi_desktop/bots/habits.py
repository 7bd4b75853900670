"""Stand-ins with human habits: the careful proxies (`proxies.py`) with the mistakes people make at H-group
beginner to level 3, each switchable and, where it is chance, with a rate.

A habit is a deviation from the careful play, never a different bot: where the habit does not fire the stand-in
plays exactly as `beginner-proxy`, `level2-proxy` or `level3-proxy` would. It is seated as the proxy's name followed by habits,
``beginner-proxy+trash-2-save+late-save=0.5`` (``+all`` adds every habit at its usual rate). Whether a habit fires
is drawn from the bot's seed (the game's deck seed and seat) and a public key (the card's order, the turn), so a
game replays the same and the draw depends on nothing the seat cannot see.

The rates are guesses at how often a person at these levels slips, not measurements of people.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from hanabi_desktop.bots.base import Decision
from hanabi_desktop.bots.level2_proxy import Level2Proxy
from hanabi_desktop.bots.level3_proxy import Level3Proxy
from hanabi_desktop.bots.proxies import BeginnerProxy, chop, latest_touched, playable_through, touched_before
from hanabi_desktop.engine import Action, ColourClue, HanabiError, Play, PlayerView, RankClue, Variant
from hanabi_desktop.engine.cards import bit, identities_in

# habit -> (its rate when none is given, what the stand-in does); the order is the order of the table's rows
HABITS: dict[str, tuple[float, str]] = {
    "bad-stall": (0.5, "forced to clue (8 tokens, nothing to play or save), gives a clue that touches trash or a "
                       "duplicate besides its focus, breaking good touch"),
    "trash-2-save": (0.5, "gives a 2 Save on a 2 on a partner's chop that is already played (a trash 2)"),
    "late-save": (0.3, "gives a save a turn late: the first time it sees a chop that needs saving, it does "
                       "something else"),
    "missed-save": (0.1, "never saves a chop card that needs saving"),
    "late-prompt": (0.3, "takes a prompt or a finesse a turn late"),
    "missed-prompt": (0.15, "does not see a prompt or a finesse aimed at it"),
    "misplay": (0.02, "on a turn it would not play, plays a clued card that may be playable but is not proven"),
    "misread": (0.1, "reads a clue that touches two new cards of its hand with the wrong card as its focus"),
}
ALL = "all"
BASES = ("beginner-proxy", "level2-proxy", "level3-proxy")


@dataclass(frozen=True)
class Habits:
    """Which habits a stand-in has and how often each fires (0..1); text form 'late-save=0.3+misplay=0.02'."""

    rates: tuple[tuple[str, float], ...]

    def __str__(self) -> str:
        return "+".join(f"{name}={rate:g}" for name, rate in self.rates)

    def rate(self, habit: str) -> float:
        """How often `habit` fires (0 when the stand-in does not have it)."""
        return dict(self.rates).get(habit, 0.0)

    @classmethod
    def parse(cls, spec: str) -> Habits:
        """'trash-2-save+late-save=0.5' or 'all'; HanabiError naming the habits for a bad spec."""
        rates: dict[str, float] = {}
        for part in spec.split("+"):
            name, sep, value = part.strip().partition("=")
            names = list(HABITS) if name == ALL else [name]
            if name not in HABITS and name != ALL:
                raise HanabiError(f"unknown habit {name!r}; choose from: {', '.join(HABITS)} (or {ALL})")
            rate = None
            if sep:
                try:
                    rate = float(value)
                except ValueError:
                    rate = -1.0
                if not 0.0 <= rate <= 1.0:
                    raise HanabiError(f"habit {part!r}: the rate must be a number from 0 to 1, not {value!r}")
            for n in names:
                rates[n] = HABITS[n][0] if rate is None else rate
        return cls(tuple((n, rates[n]) for n in HABITS if n in rates))


def habitual_class(base: str, spec: str) -> type[BeginnerWithHabits]:
    """The stand-in class for `base` (one of `BASES`) with habits; checks `spec`."""
    if base not in BASES:
        raise HanabiError(f"habits ({spec!r}) are for the stand-ins {', '.join(BASES)}, not {base!r}")
    Habits.parse(spec)
    return dict(zip(BASES, (BeginnerWithHabits, Level2WithHabits, Level3WithHabits), strict=True))[base]


class BeginnerWithHabits(BeginnerProxy):
    """The careful beginner with human habits (see `HABITS`)."""

    name = "beginner-proxy+habits"
    description = "The careful beginner stand-in with the habits people have at that level; for measuring."

    def __init__(self, seat: int, players: int, variant: Variant, seed: int | str = 0,
                 habits: Habits | str = ALL) -> None:
        super().__init__(seat, players, variant, seed)
        self.habits = habits if isinstance(habits, Habits) else Habits.parse(habits)
        self.save_seen: dict[int, int] = {}  # a chop card that needs saving -> the turn I first saw it could be
        self.late: dict[int, int] = {}  # a prompted card I take late -> the turn from which I play it

    def fires(self, habit: str, key: object) -> bool:
        """Does `habit` happen this time (`key`: a public thing it is about, a card's order or a turn)?"""
        rate = self.habits.rate(habit)
        return rate >= 1.0 or (rate > 0.0 and random.Random(f"{self.seed}/{habit}/{key}").random() < rate)

    # ------------------------------------------------------------------------------------------------
    # Deciding
    # ------------------------------------------------------------------------------------------------
    def decide(self, view: PlayerView) -> Decision:
        """The careful move, unless an occasional misplay replaces a turn that would not play."""
        decision = super().decide(view)
        if (view.pending is not None or isinstance(decision.action, Play) or view.strikes >= 2
                or not self.fires("misplay", view.turn)):
            return decision
        guess = self.impatient_play(view)
        return decision if guess is None else guess

    def impatient_play(self, view: PlayerView) -> Decision | None:
        """The clued card most likely to play among those that may play but are not proven to."""
        playable, rem = view.playable_mask(), view.remaining()

        def odds(o: int) -> float:
            ids = identities_in(self.mask(view, o))
            total = sum(max(rem[i], 0) for i in ids)
            return sum(max(rem[i], 0) for i in ids if playable & bit(i)) / total if total else 0.0

        clued = [o for o in view.my_hand if touched_before(view, o, last=False) and Play(o) in view.legal
                 and self.mask(view, o) & playable]
        best = max(clued, key=odds, default=None)
        if best is None:
            return None
        return Decision(Play(best), f"playing slot {view.my_hand.index(best) + 1}: I think it plays "
                                    f"({round(odds(best) * 100)}% by its clues; habit: misplay)")

    def play(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """The careful play, but a prompted card I take late waits for my next turn."""
        for o in [o for o in self.late if o not in view.my_hand or view.turn >= self.late[o]]:
            del self.late[o]
        return super().play(view, legal - {Play(o) for o in self.late})

    def save(self, view: PlayerView, legal: set[Action], seats: tuple[int, ...] = ()) -> Decision | None:
        """The careful save, seat by seat, but a save missed or made a turn late, and a 2 Save on a trash 2."""
        if view.clue_tokens == 0:
            return None
        for p in seats or [(view.seat + step) % view.players for step in range(1, view.players)]:
            o = chop(view, p)
            if o is None:
                continue
            careful = super().save(view, legal, seats=(p,))
            if careful is not None:
                first = self.save_seen.setdefault(o, view.turn)
                if self.fires("missed-save", o) or (self.fires("late-save", o) and view.turn < first + view.players):
                    continue
                return careful
            card = view.visible[o]
            clue = RankClue(p, 2)
            if card.rank == 2 and view.is_trash(card) and clue in legal and self.fires("trash-2-save", o):
                return Decision(clue, f"2 Save on {view.names[p]}'s chop (slot {view.hands[p].index(o) + 1}, "
                                      f"{view.variant.card_name(card)}) with number 2 (habit: it is trash)")
        return None

    def stall(self, view: PlayerView, legal: set[Action]) -> Decision | None:
        """Forced to clue: sometimes a clue that touches trash or a duplicate (good touch broken)."""
        if view.clue_tokens == 0 or not self.fires("bad-stall", view.turn):
            return super().stall(view, legal)
        # a stall, not a misleading play clue: its focus is read as what it is, only good touch is broken; nor a
        # clue a third player reads as a Prompt or a Finesse onto a wrong card (the giver's check, `misleads`: the
        # Finesse page puts it on the giver, and breaking good touch does not make a person give one)
        bad = [c for c in view.legal if isinstance(c, ColourClue | RankClue) and not self.touches_no_trash(view, c)
               and not self.misread(view, c) and not self.misleads(view, c) and not self.stops(view, c)]
        if not bad:
            return super().stall(view, legal)
        c = random.Random(f"{self.seed}/bad-stall-clue/{view.turn}").choice(bad)
        return Decision(c, f"stalling: {self.clue_text(view, c)} to {view.names[c.target]} (habit: it touches "
                           "trash or a duplicate)")

    # ------------------------------------------------------------------------------------------------
    # Reading
    # ------------------------------------------------------------------------------------------------
    def _read_prompt(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """The careful reading of a prompt or finesse aimed at me, but sometimes not seen, or taken late."""
        notes, marked = dict(self.notes), dict(self.marked)
        super()._read_prompt(view, clue, giver)
        for o in set(self.marked) - set(marked):
            if self.fires("missed-prompt", o):
                del self.marked[o]
                self.prompted.pop(o, None)
                if o in notes:
                    self.notes[o] = notes[o]
                else:
                    self.notes.pop(o, None)
            elif self.fires("late-prompt", o):
                self.late[o] = view.turn + view.players

    def _read(self, view: PlayerView, clue: ColourClue | RankClue, giver: int) -> None:
        """The careful reading, but a clue to me that touches two new cards is sometimes read with the wrong
        one as its focus (a play clue on it)."""
        # the cards this clue touched: their latest clue is this one, and it touched them (I cannot see my hand)
        new = [o for o in latest_touched(view, view.my_hand)
               if not touched_before(view, o)] if clue.target == view.seat else []
        super()._read(view, clue, giver)
        if clue.target == view.seat and self.fix_read == len(view.history):
            return  # a Fix Clue (level 3) has no focus to mistake
        if len(new) < 2 or not self.fires("misread", len(view.history)):
            return
        old_chop = next((o for o in reversed(view.my_hand) if not touched_before(view, o)), None)
        focus = old_chop if old_chop in new else new[0]
        wrong = next(o for o in new if o != focus)
        note = view.empathy(wrong) & playable_through(view, self.queued(view, -1, frozenset({focus}), giver))
        if not note:
            return  # its clues rule out every card that could play: no misreading it as a play clue
        self.notes[wrong] = note
        self.notes[focus] = view.empathy(focus) & ~view.trash_mask() or view.empathy(focus)
        if focus in self.awaiting:
            self.awaiting[wrong] = self.awaiting.pop(focus)


class Level2WithHabits(BeginnerWithHabits, Level2Proxy):
    """The level-2 stand-in with human habits (see `HABITS`)."""

    name = "level2-proxy+habits"
    description = "The level-2 stand-in with the habits people have at levels 1-2; for measuring."


class Level3WithHabits(BeginnerWithHabits, Level3Proxy):
    """The level-3 stand-in with human habits (see `HABITS`)."""

    name = "level3-proxy+habits"
    description = "The level-3 stand-in with the habits people have at levels 1-3; for measuring."
