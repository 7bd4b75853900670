"""The table model is plain data built from what the viewing seat may know: tested without pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from hanabi_desktop.engine import ColourClue, Discard, Game, PlayerView, RankClue, get_variant
from hanabi_desktop.engine.cards import Card, bit
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


def test_my_card_known_exactly_is_not_offered_for_my_other_cards() -> None:
    """Ann knows her slot-5 card is the red 5 (red, then 5). A card she drew after the red clue, touched by the 5
    clue, may be any 5 by its clues, and the red 5's only copy is not in sight, but it is in her own hand: the
    tooltip and the pips say 'one of: yellow 5, green 5, blue 5, white 5', not the red 5."""
    v = get_variant("classic")
    cards = list(Game.new(v, 3, 1).deck)
    red = 0
    want = {0: Card(red, 5), 16: Card(3, 5)}
    for order, card in want.items():  # move each wanted card to its order, then keep Ann's others red-free, not 5s
        cards.insert(order, cards.pop(next(i for i, c in enumerate(cards) if c == card and i >= order)))
    for order in (1, 2, 3, 4):
        if cards[order].suit == red or cards[order].rank == 5:
            swap = next(i for i in range(18, len(cards)) if cards[i].suit != red and cards[i].rank != 5)
            cards[order], cards[swap] = cards[swap], cards[order]
    g = Game(v, 3, cards, names=["Ann", "Bob", "Cat"])
    g.apply(RankClue(1, g.deck[5].rank))
    g.apply(ColourClue(0, v.clue_colours.index(red)))  # Bob: red to Ann, touches the red 5 only
    g.apply(Discard(g.hands[2][-1]))
    g.apply(Discard(4))  # Ann draws order 16, the blue 5
    g.apply(RankClue(0, 5))  # Bob: 5 to Ann, touches the red 5 and the new blue 5
    view = PlayerView.of(g, 0)
    assert view.empathy(0) == bit(Card(red, 5).identity)
    assert view.empathy(16) & bit(Card(red, 5).identity)  # the view alone still counts the red 5 as possible
    m = build_model(view)
    assert m.cards[16].possible == sum(bit(Card(s, 5).identity) for s in range(1, 5))
    assert m.cards[16].tooltip[-1] == "You know it is one of: yellow 5, green 5, blue 5, white 5"
