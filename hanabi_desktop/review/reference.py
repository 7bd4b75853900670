"""The simplest exact answer, to check the solver against: every legal engine action, no pruning, no bound.

`exhaustive_best` tries every action `Game.legal_actions` offers (every clue separately) on clones of the
engine's own game, with one memo: positions that agree on everything the rules read (fireworks, hands, pile,
discards, tokens, strikes, seat to act, turns left, tiles) share one value. Clue knowledge is left out of the
key because no rule reads it. Only small endgames finish: that is what it is for.
"""

from __future__ import annotations

from hanabi_desktop.engine import Game


def _key(g: Game) -> tuple:
    return (tuple(g.fireworks), tuple(map(tuple, g.hands)), tuple(g.draw_pile), tuple(sorted(g.discard_pile)),
            g.clue_tokens, g.strikes, g.current, g.final_turns_left, tuple(g.tiles), g.pending, g.over,
            g._recover_rng is not None)  # noqa: SLF001 - whether tile 5 already drew its position


def exhaustive_best(game: Game) -> int:
    """The best final score reachable from `game`, by trying every legal action."""
    root = game.clone()
    root.events, root.actions, root.public_actions = [], [], []  # histories only grow; no rule reads them
    return _best(root, {})


def _best(game: Game, memo: dict) -> int:
    if game.over:
        return game.score
    key = _key(game)
    if key in memo:
        return memo[key]
    best = -1_000
    for action in game.legal_actions():
        g = game.clone()
        g.apply(action)
        best = max(best, _best(g, memo))
    memo[key] = best
    return best
