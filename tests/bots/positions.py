"""Positions from the H-group pages: hands by slot, fireworks, discards, whose turn, and clues in words.

The pages (and the peer bot's public tests) describe a position as it stands mid-game ("red 4 is played,
Bob clues purple to Alice, slots 4 and 5"). `position` deals such a table: the hands as given (slot 1 first,
the newest card), the played and discarded cards moved out of the deck, nothing in the history. The seats are
Alice, Bob, Cathy, Donald and Emily, as on the pages.
"""

from __future__ import annotations

from collections import Counter

from hanabi_desktop.bots.conventions import ConventionsBot
from hanabi_desktop.engine import Card, ColourClue, Game, PlayerView, RankClue, get_variant, parse_action
from tests.engine.helpers import stacked_deck

NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
ALICE, BOB, CATHY, DONALD, EMILY = range(5)


def position(hands: list[str], stacks: str = "", discarded: str = "", *, current: int = ALICE,
             clue_tokens: int = 8, strikes: int = 0, avoid: str = "") -> Game:
    """A game whose hands are `hands` (one string a seat, slot 1 first, 'x' for a card the page leaves
    unnamed, dealt as `filled` says, none of the suits or ranks in `avoid`), with `stacks` played (the top
    card of each firework, 'r2 b1') and `discarded` in the discard pile."""
    variant = get_variant("classic")
    players = len(hands)
    played: list[Card] = []
    for top in stacks.split():
        card = variant.parse_card(top)
        played += [Card(card.suit, r) for r in range(1, card.rank + 1)]
    thrown = [variant.parse_card(t) for t in discarded.split()]
    hands = filled(hands, played, thrown, avoid)
    dealt = [" ".join(reversed(h.split())) for h in hands]  # a hand is dealt chop first
    out = [variant.card_text(c) for c in played + thrown]
    game = Game(variant, players, stacked_deck(variant, " ".join(dealt + out)), names=NAMES[:players])
    for i, c in enumerate(played + thrown):
        order = game.draw_pile.pop()
        assert game.deck[order] == c
        if i < len(played):
            game.played.append(order)
            game.fireworks[c.suit] += 1
        else:
            game.discard_pile.append(order)
    game.current = current
    game.turn = current  # as if the turns so far had gone round from Alice: turn t is seat t's
    game.clue_tokens = clue_tokens
    game.strikes = strikes
    return game


def filled(hands: list[str], played: list[Card], thrown: list[Card], avoid: str = "") -> list[str]:
    """`hands` with each 'x' (a card the page does not name) replaced by a card that plays no part: a useless
    card (already played; the lowest first) if the deck has one left, else a 4, a 3 or a 2 that is not
    playable and has no copy discarded; none of the suits or ranks in `avoid` ('b4': no blue card, no 4), which the test's clues
    name."""
    variant = get_variant("classic")
    left = Counter(variant.sorted_deck())
    left.subtract(played + thrown + [variant.parse_card(t) for h in hands for t in h.split() if t != "x"])
    height = {s: max([c.rank for c in played if c.suit == s], default=0) for s in range(len(variant.suits))}
    useless = sorted((c for c in variant.sorted_deck() if c.rank <= height[c.suit]), key=lambda c: c.rank)
    later = [c for r in (4, 3, 2) for c in variant.sorted_deck()
             if c.rank == r and c.rank > height[c.suit] + 1 and c not in thrown]
    useless = [c for c in useless if not avoided(variant, c, avoid)]
    later = [c for c in later if not avoided(variant, c, avoid)]
    result = []
    for hand in hands:
        cards = []
        for t in hand.split():
            if t == "x":
                pick = next((c for c in useless + later if left[c] > 0), None)
                assert pick is not None, "no filler card left for an unnamed card"
                left[pick] -= 1
                t = variant.card_text(pick)
            cards.append(t)
        result.append(" ".join(cards))
    return result


def avoided(variant, card: Card, avoid: str) -> bool:
    """Is `card` of a suit or a rank named in `avoid` ('b4')?"""
    return str(card.rank) in avoid or variant.card_text(card)[0] in avoid


def bots_for(game: Game, level: int | str = 1) -> list[ConventionsBot]:
    """A conventions bot in every seat at `level`, each having looked at the table."""
    bots = [ConventionsBot(s, game.players, game.variant, level=level) for s in range(game.players)]
    for s, bot in enumerate(bots):
        bot.observe(PlayerView.of(game, s))
    return bots


def clue(game: Game, words: str) -> ColourClue | RankClue:
    """'Bob red' or 'Alice 2': a clue from the current player to that seat."""
    name, value = words.split()
    target = NAMES.index(name)
    if value.isdigit():
        return RankClue(target, int(value))
    return ColourClue(target, game.variant.colour_names.index(value))


def act(game: Game, bots: list[ConventionsBot], action) -> None:
    """Apply `action` for the current player; every bot reads it."""
    game.apply(action)
    for s, bot in enumerate(bots):
        bot.observe(PlayerView.of(game, s))


def replayed(seed: str, moves: str, level: int | str = 2, players: int = 3) -> tuple[Game, list[ConventionsBot]]:
    """Deal `seed` for `players` players, conventions bots at `level` in every seat (each has seen the deal), and
    play `moves`: the deal's turns as a run played them (action texts, comma-separated); every bot reads each."""
    game = Game.new(get_variant("classic"), players, seed=seed)
    bots = [ConventionsBot(s, players, game.variant, level=level) for s in range(players)]
    for s, bot in enumerate(bots):
        bot.observe(PlayerView.of(game, s))
    for text in moves.split(","):
        act(game, bots, parse_action(text.strip()))
    return game, bots


def slot(game: Game, seat: int, n: int) -> int:
    """The card order in slot `n` (1 = newest) of `seat`'s hand."""
    return game.hands[seat][n - 1]


def reading(game: Game, bot: ConventionsBot, order: int) -> set[str]:
    """The identities `bot` reads its own card `order` as ('r5'...); empty if it reads nothing."""
    view = PlayerView.of(game, bot.seat)
    b = bot.notes.board(view)
    mask = bot.notes.my_mask(view, order, b.trash)
    return {game.variant.card_text(Card.from_identity(i)) for i in range(len(game.variant.suits) * 5) if mask >> i & 1}


def decide(game: Game, bots: list[ConventionsBot]):
    """The current bot's decision (checked legal)."""
    view = PlayerView.of(game, game.current)
    d = bots[game.current].decide(view)
    assert d.action in view.legal
    return d


def after_feed(game: Game, bots: list[ConventionsBot]):
    """The current bot's decision once any feed clues are out of the way: with 2 players a bot with a known play
    first gives a play clue to a partner who has nothing to play (policy.feed_clue); each is given, the
    partner answers, and the bot decides again (at most 5 times)."""
    d = decide(game, bots)
    for _ in range(5):
        if " has nothing to play and would discard, so a clue before my own play" not in d.explanation:
            break
        act(game, bots, d.action)
        act(game, bots, decide(game, bots).action)
        d = decide(game, bots)
    return d
