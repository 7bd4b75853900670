"""Our engine against DeepMind's Hanabi Learning Environment (HLE), if installed.

Install: ``CMAKE_POLICY_VERSION_MINIMUM=3.5 pip install hanabi-learning-environment``.

HLE cannot be given a deck order, so a cross-checked game is played in HLE first, with its own seeded deals
and uniformly random legal moves, recording after every move the legal moves, the move, and the state.
The cards HLE dealt, in order, become our deck; our `Game` then replays the same moves and must agree after
every move: legal moves, score, strikes (lost life tokens), clue tokens, fireworks, cards in the deck, turns
and whether the game is over. Only the classic five-suit game exists in both.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hanabi_desktop.engine import Action, Card, ColourClue, Discard, Game, Play, RankClue, get_variant

HLE_TO_SUIT = (0, 1, 2, 4, 3)  # HLE colours R Y G W B; ours follow hanab.live: red yellow green blue white
PLAY, DISCARD, REVEAL_COLOR, REVEAL_RANK, DEAL = 1, 2, 3, 4, 5  # HLE's HanabiMoveType values


def hle_available() -> bool:
    """Is HLE's Python binding importable here?"""
    try:
        from hanabi_learning_environment import pyhanabi
    except (ImportError, OSError):
        return False
    return bool(pyhanabi.cdef_loaded() and pyhanabi.lib_loaded())


def _pyhanabi() -> Any:
    from hanabi_learning_environment import pyhanabi

    return pyhanabi


def _new_hle_game(players: int, seed: int) -> Any:
    return _pyhanabi().HanabiGame({"players": players, "seed": seed, "random_start_player": False})


def hle_random_games_per_second(players: int, games: int, seed: int) -> float:
    """Play `games` games of uniformly random legal moves in HLE through its Python binding; games per second."""
    pyhanabi = _pyhanabi()
    chance = pyhanabi.CHANCE_PLAYER_ID
    hle_game = _new_hle_game(players, seed)
    start = time.perf_counter()
    for i in range(games):
        rng = random.Random(i)
        state = hle_game.new_initial_state()
        while not state.is_terminal():
            if state.cur_player() == chance:
                state.deal_random_card()
            else:
                state.apply_move(rng.choice(state.legal_moves()))
    return games / (time.perf_counter() - start)


# A move in HLE's own terms: (type, card index from the oldest card, target offset, HLE colour, rank from 0).
HleMove = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Snapshot:
    """What both engines must agree on after a move."""

    score: int
    strikes: int
    clue_tokens: int
    fireworks: tuple[int, ...]
    deck_count: int
    turns: int
    over: bool


@dataclass
class HleGame:
    """One game played in HLE: the cards dealt in order and, per move, the mover, legal moves, move, state."""

    players: int
    seed: int
    dealt: list[Card] = field(default_factory=list)
    steps: list[tuple[int, list[HleMove], HleMove, Snapshot]] = field(default_factory=list)


def _move_of(move: Any) -> HleMove:
    return (int(move.type()), move.card_index(), move.target_offset(), move.color(), move.rank())


COPIES = (3, 2, 2, 2, 1)  # copies of ranks 1..5 in each colour
STYLES = ("uniform", "careful", "oracle")


def _choose(state: Any, legal: list[Any], rng: random.Random, style: str) -> Any:
    """A move for HLE's current player.

    'uniform': any legal move (games end in strikeouts); 'careful': never the third misplay (games reach the
    end of the deck); 'oracle': looks at its own cards to play well (some games are perfect).
    """
    if style == "uniform":
        return rng.choice(legal)
    hand = state.player_hands()[state.cur_player()]

    def playable(m: Any) -> bool:
        card = hand[m.card_index()]
        return bool(state.card_playable_on_fireworks(card.color(), card.rank()))

    safe = [m for m in legal if int(m.type()) != PLAY or playable(m)]
    if style == "careful":
        return rng.choice(safe if state.life_tokens() == 1 else legal)
    plays = [m for m in legal if int(m.type()) == PLAY and playable(m)]
    if plays:
        return rng.choice(plays)
    fireworks = state.fireworks()
    lost = Counter((c.color(), c.rank()) for c in state.discard_pile())

    def worthless(m: Any) -> bool:
        card = hand[m.card_index()]
        return card.rank() < fireworks[card.color()]

    def critical(m: Any) -> bool:
        card = hand[m.card_index()]
        return not worthless(m) and lost[(card.color(), card.rank())] == COPIES[card.rank()] - 1

    discards = [m for m in legal if int(m.type()) == DISCARD]
    clues = [m for m in legal if int(m.type()) in (REVEAL_COLOR, REVEAL_RANK)]
    trash = [m for m in discards if worthless(m)]
    if trash:
        return rng.choice(trash)
    if clues and (rng.random() < 0.8 or not discards):
        return rng.choice(clues)
    return rng.choice([m for m in discards if not critical(m)] or discards or safe)


def play_hle_game(players: int, seed: int, style: str = "uniform") -> HleGame:
    """Play one HLE game (HLE deals with its seed `seed`; moves by `style`, see `_choose`, drawn from `seed`)."""
    chance = _pyhanabi().CHANCE_PLAYER_ID
    hle_game = _new_hle_game(players, seed)  # keep it alive: the state points into it
    state = hle_game.new_initial_state()
    rng = random.Random(f"hle-moves/{style}/{seed}")
    out = HleGame(players, seed)
    turns = 0
    while state.cur_player() == chance:
        state.deal_random_card()
    while not state.is_terminal():
        mover = state.cur_player()
        legal = state.legal_moves()
        move = _choose(state, legal, rng, style)
        state.apply_move(move)
        turns += 1
        while state.cur_player() == chance and not state.is_terminal():
            state.deal_random_card()
        fireworks = state.fireworks()
        snapshot = Snapshot(
            score=state.score(),
            strikes=3 - state.life_tokens(),
            clue_tokens=state.information_tokens(),
            fireworks=tuple(fireworks[HLE_TO_SUIT.index(s)] for s in range(5)),
            deck_count=state.deck_size(),
            turns=turns,
            over=state.is_terminal(),
        )
        out.steps.append((mover, sorted(_move_of(m) for m in legal), _move_of(move), snapshot))
    for item in state.move_history():
        move = item.move()
        if int(move.type()) == DEAL:
            out.dealt.append(Card(HLE_TO_SUIT[move.color()], move.rank() + 1))
    return out


def _our_deck(dealt: list[Card]) -> list[Card]:
    """The dealt cards in order, then the cards HLE never dealt (in sorted order: nobody draws them)."""
    rest = Counter(get_variant("classic").sorted_deck())
    rest.subtract(dealt)
    return list(dealt) + sorted(rest.elements(), key=lambda c: c.identity)


def to_action(game: Game, move: HleMove) -> Action:
    """HLE's move as our action in `game` (HLE counts card indices from the oldest card, targets from the mover)."""
    kind, index, offset, colour, rank = move
    hand = game.hands[game.current]
    if kind == PLAY:
        return Play(hand[len(hand) - 1 - index])
    if kind == DISCARD:
        return Discard(hand[len(hand) - 1 - index])
    target = (game.current + offset) % game.players
    if kind == REVEAL_COLOR:
        return ColourClue(target, game.variant.clue_colours.index(HLE_TO_SUIT[colour]))
    if kind == REVEAL_RANK:
        return RankClue(target, rank + 1)
    raise ValueError(f"not a player's move: {move}")


def snapshot_of(game: Game) -> Snapshot:
    """Our side of a `Snapshot`."""
    return Snapshot(game.score, game.strikes, game.clue_tokens, tuple(game.fireworks), game.deck_count,
                    game.turn, game.over)


@dataclass(frozen=True)
class CrossCheck:
    """The outcome of one cross-checked game: None for `mismatch` when both engines agreed on every move."""

    players: int
    seed: int
    moves: int
    score: int
    end: str  # how our game ended (an EndReason value), or '' if it did not
    mismatch: str | None


def crosscheck_game(players: int, seed: int, style: str = "uniform") -> CrossCheck:
    """Play a game in HLE (moves by `style`), replay it in our engine on the same deck, compare after every move."""
    hle = play_hle_game(players, seed, style)
    game = Game(get_variant("classic"), players, _our_deck(hle.dealt), seed=seed)

    def result(moves: int, mismatch: str | None) -> CrossCheck:
        end = game.end_reason.value if game.end_reason else ""
        return CrossCheck(players, seed, moves, game.score, end, mismatch)

    for i, (mover, legal, move, expected) in enumerate(hle.steps):
        where = f"{players} players, HLE seed {seed}, {style} moves, move {i}"
        if game.over or game.current != mover:
            return result(i, f"{where}: HLE's mover is {mover}, ours {game.current} (our game over: {game.over})")
        ours = sorted(map(str, game.legal_actions()))
        theirs = sorted(str(to_action(game, m)) for m in legal)
        if ours != theirs:
            return result(i, f"{where}: legal moves differ: {sorted(set(ours) ^ set(theirs))}")
        game.apply(to_action(game, move))
        got = snapshot_of(game)
        if got != expected:
            return result(i, f"{where}: after {move}: HLE {expected}, ours {got}")
    return result(len(hle.steps), None if game.over else "HLE's game ended, ours goes on")


def crosscheck(games: int, seed: int = 0) -> list[CrossCheck]:
    """Cross-check `games` games, cycling through 2 to 5 players and the move styles; HLE seeds from `seed`."""
    return [crosscheck_game(2 + i % 4, seed + i, STYLES[i // 4 % len(STYLES)]) for i in range(games)]
