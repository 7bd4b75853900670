"""The solver is exact where it says so: it agrees with exhaustive search over every engine action, its lines are
real (replayed by the engine), and its counting bound never falls below a score actually reached."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanabi_desktop.engine import Game, get_variant
from hanabi_desktop.engine.actions import parse_action
from hanabi_desktop.measure.solverbench import endgame
from hanabi_desktop.review.bounds import upper_bound
from hanabi_desktop.review.reference import exhaustive_best
from hanabi_desktop.review.solver import Bound, solve
from hanabi_desktop.review.state import State

VARIANTS = ["classic", "black-powder", "rainbow", "six-suits-short", "final-flourish", "flamboyants", "deluxe"]


@pytest.mark.parametrize("key", VARIANTS)
def test_the_solver_agrees_with_exhaustive_search_on_endgames(key):
    checked = 0
    for i in range(16):  # up to 8 positions (a bots' game that ends or waits on a tile before it gives none)
        if checked == 8:
            break
        game = endgame(key, 2, f"test/{key}/{i}", 0 if key == "final-flourish" else i % 2)  # no turn limit: long
        if game is None:
            continue
        best = exhaustive_best(game)
        sol = solve(game, 60.0)
        assert sol.bound.exact and sol.bound.low == best, (key, i)
        checked += 1
    assert checked >= 5


def _replayed(game: Game, line) -> Game:
    g = game.clone()
    for a in line:
        g.apply(a)
    return g


@pytest.mark.parametrize(("key", "players"), [("classic", 2), ("classic", 4), ("black-powder", 3), ("deluxe", 2)])
def test_the_line_found_reaches_the_lower_bound_and_no_state_on_it_beats_its_upper_bound(key, players):
    for i in range(4):
        game = Game.new(get_variant(key), players, seed=f"line/{i}")
        sol = solve(game, 2.0)
        end = _replayed(game, sol.line)
        assert end.over and end.score == sol.bound.low <= sol.bound.high <= game.variant.max_score
        g = game.clone()
        for a in sol.line:  # every position on the way: the bound holds the score this line still reaches
            assert upper_bound(State.of(g)) >= end.score
            g.apply(a)


def test_a_lost_card_and_a_short_deck_lower_the_bound():
    game = Game.new(get_variant("classic"), 2, seed=3)
    s = State.of(game)
    assert upper_bound(s) == 25
    # the final round of a deal where no firework has started: at most one play per player with a 1
    end = s
    while end.pile:
        end = State(end.deal, end.fw, end.hands, end.pile[1:], end.discard + (end.pile[0],), end.tokens,
                    end.strikes, end.cur, end.final_left)
    end = State(end.deal, end.fw, end.hands, (), end.discard, end.tokens, end.strikes, end.cur, 2)
    ones = sum(any(game.card(o).rank == 1 for o in h) for h in end.hands)
    assert upper_bound(end) == min(ones, 2) <= 2


def tile_endgames() -> dict[str, Game]:
    """The Deluxe endgames of tests/data/tile_endgames.txt, by seed, replayed from their recorded actions."""
    lines = [ln for ln in (Path(__file__).parent.parent / "data" / "tile_endgames.txt").read_text().splitlines()
             if ln and not ln.startswith("#")]
    out = {}
    for head, moves in zip(lines[::2], lines[1::2], strict=True):
        seed, players, tokens, strikes, _count = head.split()
        game = Game.new(get_variant("deluxe"), int(players), seed=seed)
        for text in moves.split():
            game.apply(parse_action(text.replace("_", " ")))
        game.clue_tokens, game.strikes = int(tokens), int(strikes)
        out[seed] = game
    return out


@pytest.mark.parametrize(("seed", "best"), [("reference/deluxe/10", 29), ("reference/deluxe/13", 27)])
def test_a_discarded_card_a_tile_brings_back_counts_in_the_last_round(seed, best):
    # found by `solverbench reference`: tile 5 with an empty deck replays a discarded black 3, after which a
    # player's black 2 becomes playable in the last round; the bound once ignored that and called 28 exact
    game = tile_endgames()[seed]
    assert exhaustive_best(game) == best
    assert solve(game, 60.0).bound == Bound(best, best)
