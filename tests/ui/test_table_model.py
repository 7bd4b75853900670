"""The table model is plain data built from what the viewing seat may know: tested without pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from hanabi_desktop.engine import ColourClue, Discard, Game, PlayerView, RankClue, get_variant
from hanabi_desktop.ui.tableview.model import build_model

SCENES = Path(__file__).resolve().parents[2] / "hanabi_desktop" / "ui" / "scenes"


def _game(seed: int = 4) -> Game:
    g = Game.new(get_variant("classic"), 3, seed, names=["Ann", "Bob", "Cat"])
    g.apply(RankClue(1, g.deck[g.hands[1][0]].rank))
    g.apply(Discard(g.hands[1][-1]))
    g.apply(ColourClue(0, g.variant.clue_colours.index(g.deck[g.hands[0][2]].suit)))
    return g


def test_the_model_module_needs_no_pygame() -> None:
    code = ("import sys; import hanabi_desktop.ui.tableview.model as m; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_own_cards_are_hidden_by_construction() -> None:
    """Two games that differ only in the viewer's own cards give the viewer the very same model."""
    g = _game()
    other = g.clone()
    a, b = other.hands[0][0], other.hands[0][3]
    if other.deck[a] == other.deck[b]:
        b = other.hands[0][4]
    assert other.deck[a] != other.deck[b]
    deck = list(other.deck)
    deck[a], deck[b] = deck[b], deck[a]
    other.deck = tuple(deck)
    assert PlayerView.of(other, 0).knowledge == PlayerView.of(g, 0).knowledge
    mine, theirs = build_model(PlayerView.of(g, 0)), build_model(PlayerView.of(other, 0))
    assert mine == theirs
    assert all(mine.cards[o].face is None for o in g.hands[0])
    # Bob sees Ann's cards, so his models differ
    assert build_model(PlayerView.of(g, 1)) != build_model(PlayerView.of(other, 1))


def test_marks_slots_labels_and_the_spectator_view() -> None:
    g = _game()
    m = build_model(PlayerView.of(g, 0))
    clued = g.hands[0][2]
    assert m.cards[clued].colours == (g.variant.suits[g.deck[clued].suit].letter,)
    assert [m.cards[o].slot for o in g.hands[2]] == [1, 2, 3, 4, 5]
    assert m.last_clue == frozenset()  # the model is told which cards the last clue touched
    shown = list(g.hands[0])
    shown.insert(4, shown.pop(0))
    r = build_model(PlayerView.of(g, 0), orders=[shown, list(g.hands[1]), list(g.hands[2])])
    assert r.hands[0].cards == tuple(shown) and all(r.cards[o].label_slot for o in shown)
    assert r.game_slots(0) == tuple(g.hands[0])
    assert not any(r.cards[o].label_slot for o in g.hands[1])
    spectator = build_model(PlayerView.spectator(g))
    assert all(spectator.cards[o].face == (g.deck[o].suit, g.deck[o].rank) for h in g.hands for o in h)
    assert spectator.viewer is None and not any(h.you for h in spectator.hands)


def test_the_best_score_still_possible_drops_when_a_last_copy_is_discarded() -> None:
    g = Game.new(get_variant("classic"), 2, 0, names=["Ann", "Bob"])  # Ann holds a 5
    assert build_model(PlayerView.of(g, 1)).max_possible == 25
    g.apply(RankClue(1, g.deck[g.hands[1][0]].rank))  # Ann spends a token, so that she may discard later
    g.apply(RankClue(0, g.deck[g.hands[0][0]].rank))
    g.apply(Discard(next(o for o in g.hands[0] if g.deck[o].rank == 5)))
    assert build_model(PlayerView.of(g, 1)).max_possible == 24  # that firework now stops at 4


def test_no_scene_imports_another() -> None:
    """Scenes open each other by name (ui.scenes.open_scene); only base classes are imported: the shared
    MenuScene and DialogScene, and the TableScene that the hypothetical scene (a table playing a branched replay), the lesson
    scene (the very table with a guide on top) and the network table (the table over a host's messages) are."""
    bases = {"hanabi_desktop.ui.scenes.menu": None, "hanabi_desktop.ui.scenes.dialog": None,
             "hanabi_desktop.ui.scenes.table": {"hypothetical.py", "lesson.py", "net_table.py"}}
    for path in SCENES.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("hanabi_desktop.ui.scenes."):
                assert node.module in bases and (bases[node.module] is None or path.name in bases[node.module]), \
                    f"{path.name} imports {node.module}"
